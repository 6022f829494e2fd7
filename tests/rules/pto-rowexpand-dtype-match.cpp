// Fixture for pto-rowexpand-dtype-match: src0 and src1 have dst's element type.
#include <pto/pto-inst.hpp>

using namespace pto;

// Float calls: a 16 x 64 full source and a 16 x 1 ColMajor broadcast source (one value per row; a 16 x 1 half
// column is 32 B, so it is a valid tile too). tmp holds the 512 B a2a3 needs for 16 rows.
template <typename T> using Full = Tile<TileType::Vec, T, 16, 64>;
template <typename T> using Col = Tile<TileType::Vec, T, 16, 1, BLayout::ColMajor>;
using Tmp = Tile<TileType::Vec, float, 1, 128>;
using Tmp512Half = Tile<TileType::Vec, half, 1, 256>; // tmp's own type is not checked

void sameTypes() {
  Full<float> d, s;
  Col<float> c;
  Full<half> dH, sH;
  Col<half> cH;
  Tmp tmp;
  Tmp512Half tmpH;
  TROWEXPANDMIN(d, s, c);
  TROWEXPANDMAX(d, c, s, tmp);
  TROWEXPANDMIN(dH, sH, cH, tmp);
  TROWEXPANDMAX(d, s, c, tmpH);
}

void mixedTypes() {
  Full<float> d, s;
  Col<float> c;
  Full<int32_t> sI;
  Col<half> cH;
  Tmp tmp;
  // expect@+2[a2a3,a5,cpu]: error pto-rowexpand-dtype-match: src0 has element type float and src1 half but TROWEXPANDMIN needs both to be dst's float on
  // expect-note@+1[a2a3,a5,cpu]: help: declare src0 and src1 with element type float
  TROWEXPANDMIN(d, s, cH);
  TROWEXPANDMAX(d, sI, c); // expect[a2a3,a5,cpu]: error pto-rowexpand-dtype-match: src0 has element type int32_t and src1 float but TROWEXPANDMAX needs both to be dst's float on
  TROWEXPANDMIN(d, cH, s, tmp); // expect[a2a3,a5,cpu]: error pto-rowexpand-dtype-match: src0 has element type half and src1 float but TROWEXPANDMIN needs both to be dst's float on
}

// The destination decides T: int32 sources into a float destination.
void destinationDiffers() {
  Full<float> d;
  Full<int32_t> s;
  Col<int32_t> c;
  TROWEXPANDMAX(d, s, c); // expect[a2a3,a5,cpu]: error pto-rowexpand-dtype-match: src0 has element type int32_t and src1 int32_t but TROWEXPANDMAX needs both to be dst's float on
}

using DynFull = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynFullI = Tile<TileType::Vec, int32_t, 16, 64, BLayout::RowMajor, -1, -1>;
using DynCol = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, -1, 1>;

void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 0 || cols > 64)
    return;
  DynFull d(rows, cols), s(rows, cols);
  DynFullI sI(rows, cols);
  DynCol c(rows);
  TROWEXPANDMIN(d, s, c);
  TROWEXPANDMIN(d, sI, c); // expect[a2a3,a5,cpu]: error pto-rowexpand-dtype-match: src0 has element type int32_t and src1 float but TROWEXPANDMIN needs both to be dst's float on
}
