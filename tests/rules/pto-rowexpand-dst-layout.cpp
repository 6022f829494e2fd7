// Fixture for pto-rowexpand-dst-layout: the destination of TROWEXPANDMIN/TROWEXPANDMAX is RowMajor.
#include <pto/pto-inst.hpp>

using namespace pto;

using Full = Tile<TileType::Vec, float, 16, 64>;
using FullDN = Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor>; // 16 rows of float: a 64 B column
using Col = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using Blk = Tile<TileType::Vec, float, 16, 8>;
using Tmp = Tile<TileType::Vec, float, 1, 128>;

void rowMajorDestination() {
  Full d, s;
  Col c;
  Blk b;
  Tmp tmp;
  TROWEXPANDMIN(d, s, c);
  TROWEXPANDMAX(d, b, s);
  TROWEXPANDMIN(d, s, c, tmp);
}

// The in-place idiom (dst is src0) needs a row-major dst as well.
void inPlace() {
  Full d;
  Col c;
  TROWEXPANDMAX(d, d, c);
}

void columnMajorDestination() {
  FullDN d;
  Full s;
  Col c;
  Blk b;
  Tmp tmp;
  // expect@+2[a2a3,a5,cpu]: error pto-rowexpand-dst-layout: dst is a ColMajor tile but TROWEXPANDMIN needs a RowMajor destination on
  // expect-note@+1[a2a3,a5,cpu]: help: declare dst with BLayout::RowMajor
  TROWEXPANDMIN(d, s, c);
  TROWEXPANDMAX(d, s, b); // expect[a2a3,a5,cpu]: error pto-rowexpand-dst-layout: dst is a ColMajor tile but TROWEXPANDMAX needs a RowMajor destination on
  TROWEXPANDMAX(d, c, s, tmp); // expect[a2a3,a5,cpu]: error pto-rowexpand-dst-layout: dst is a ColMajor tile but TROWEXPANDMAX needs a RowMajor destination on
}

using DynFull = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynFullDN = Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor, -1, -1>;
using DynCol = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, -1, 1>;

void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 0 || cols > 64)
    return;
  DynFull d(rows, cols), s(rows, cols);
  DynFullDN dn(rows, cols);
  DynCol c(rows);
  TROWEXPANDMIN(d, s, c);
  TROWEXPANDMIN(dn, s, c); // expect[a2a3,a5,cpu]: error pto-rowexpand-dst-layout: dst is a ColMajor tile but TROWEXPANDMIN needs a RowMajor destination on
}
