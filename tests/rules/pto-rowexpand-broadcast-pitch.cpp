// Fixture for pto-rowexpand-broadcast-pitch: the NPUs read a RowMajor broadcast source with a 32-byte row pitch
// and (a5) a ColMajor one at element row * Cols, so it must be declared with 32/sizeof(T) columns (or 1).
#include <pto/pto-inst.hpp>

using namespace pto;

using Full = Tile<TileType::Vec, float, 16, 64>;
using Col = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using Blk = Tile<TileType::Vec, float, 16, 8>;                                  // 32 B per row
using WideBlk = Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 8>;   // 64 B per row, 8 valid
using Col2 = Tile<TileType::Vec, float, 16, 2, BLayout::ColMajor, 16, 1>;       // two columns, 1 valid
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 256 * ceil(16 / 8) = 512 B for a2a3

void exactPitch() {
  Full d, s;
  Col c;
  Blk b;
  Tmp tmp;
  TROWEXPANDMIN(d, s, b);
  TROWEXPANDMAX(d, b, s);
  TROWEXPANDMIN(d, s, c);
  TROWEXPANDMAX(d, s, c, tmp);
}

void wideRowMajorBlock() {
  Full d, s;
  WideBlk w;
  Tile<TileType::Vec, half, 16, 64> dH, sH;
  Tile<TileType::Vec, half, 16, 32, BLayout::RowMajor, 16, 16> wH; // 16 valid halves in 64-byte rows
  // expect@+3[a2a3,a5]: warning pto-rowexpand-broadcast-pitch: broadcast operand src1 is declared with Cols = 16 but TROWEXPANDMIN addresses it as a tile with Cols = 8 on
  // expect-note@+2[a2a3]: on a2a3 a RowMajor broadcast operand is read one 32-byte block per row (8 elements apart)
  // expect-note@+1[a2a3,a5]: help: declare src1 with Cols = 8
  TROWEXPANDMIN(d, s, w);
  TROWEXPANDMAX(d, w, s); // expect[a2a3,a5]: warning pto-rowexpand-broadcast-pitch: broadcast operand src0 is declared with Cols = 16 but TROWEXPANDMAX addresses it as a tile with Cols = 8 on
  TROWEXPANDMIN(dH, sH, wH); // expect[a2a3,a5]: warning pto-rowexpand-broadcast-pitch: broadcast operand src1 is declared with Cols = 32 but TROWEXPANDMIN addresses it as a tile with Cols = 16 on
}

// a2a3 reads a ColMajor broadcast source as consecutive scalars (its column 0), so extra columns are harmless
// there; a5 reads row r at element r * Cols.
void wideColumnMajor() {
  Full d, s;
  Col2 c2;
  Tmp tmp;
  // expect@+2[a5]: warning pto-rowexpand-broadcast-pitch: broadcast operand src1 is declared with Cols = 2 but TROWEXPANDMIN addresses it as a tile with Cols = 1 on a5
  // expect-note@+1[a5]: row r of a ColMajor one at element r * Cols, which holds row r's value only when Cols is 1
  TROWEXPANDMIN(d, s, c2);
  TROWEXPANDMAX(d, c2, s, tmp); // expect[a5]: warning pto-rowexpand-broadcast-pitch: broadcast operand src0 is declared with Cols = 2 but TROWEXPANDMAX addresses it as a tile with Cols = 1 on a5
}

using DynFull = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynWideBlk = Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, -1, 8>;
using DynBlk = Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, -1, 8>;

// The pitch is declared, so dynamic valid shapes do not change the verdict.
void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 0 || cols > 64)
    return;
  DynFull d(rows, cols), s(rows, cols);
  DynBlk b(rows);
  DynWideBlk w(rows);
  TROWEXPANDMAX(d, s, b);
  TROWEXPANDMAX(d, s, w); // expect[a2a3,a5]: warning pto-rowexpand-broadcast-pitch: broadcast operand src1 is declared with Cols = 16 but TROWEXPANDMAX addresses it as a tile with Cols = 8 on
}
