// Fixture for pto-rowexpand-mode: on a2a3 the 4-operand form broadcasts only a ColMajor (mode 1) source.
#include <pto/pto-inst.hpp>

using namespace pto;

using Full = Tile<TileType::Vec, float, 16, 64>;
using Col = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using Blk = Tile<TileType::Vec, float, 16, 8>; // mode 2: one 32-byte block per row
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 256 * ceil(16 / 8) = 512 B for a2a3

void modeOneWithTmp() {
  Full d, s;
  Col c;
  Tmp tmp;
  TROWEXPANDMIN(d, s, c, tmp);
  TROWEXPANDMAX(d, c, s, tmp);
}

// Mode 2 is fine without tmp on every target, and with tmp on a5 (which forwards to the 3-operand form) and cpu
// (which ignores tmp).
void modeTwo() {
  Full d, s;
  Blk b;
  Tmp tmp;
  TROWEXPANDMIN(d, s, b);
  // expect@+2[a2a3]: error pto-rowexpand-mode: broadcast operand src1 is a RowMajor tile but TROWEXPANDMIN with a tmp tile only broadcasts a ColMajor (mode 1) source on a2a3
  // expect-note@+1[a2a3]: help: use the 3-operand form for a RowMajor (mode 2) broadcast source, or make src1 a ColMajor Tile<TileType::Vec, T, R, 1, BLayout::ColMajor>
  TROWEXPANDMIN(d, s, b, tmp);
  TROWEXPANDMAX(d, b, s, tmp); // expect[a2a3]: error pto-rowexpand-mode: broadcast operand src0 is a RowMajor tile but TROWEXPANDMAX with a tmp tile only broadcasts a ColMajor (mode 1) source on a2a3
}

void halfModeTwo() {
  Tile<TileType::Vec, half, 16, 64> d, s;
  Tile<TileType::Vec, half, 16, 16> b;
  Tile<TileType::Vec, half, 1, 256> tmp; // 512 B
  TROWEXPANDMAX(d, s, b, tmp); // expect[a2a3]: error pto-rowexpand-mode: broadcast operand src1 is a RowMajor tile but TROWEXPANDMAX with a tmp tile only broadcasts a ColMajor (mode 1) source on a2a3
}

using DynFull = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynCol = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, -1, 1>;
using DynBlk = Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, -1, 8>;

// cols >= 2 keeps the broadcast source from also having dst's valid region (see pto-rowexpand-broadcast-shape).
void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 1 || cols > 64)
    return;
  DynFull d(rows, cols), s(rows, cols);
  DynCol c(rows);
  DynBlk b(rows);
  Tmp tmp;
  TROWEXPANDMIN(d, s, c, tmp);
  TROWEXPANDMIN(d, s, b, tmp); // expect[a2a3]: error pto-rowexpand-mode: broadcast operand src1 is a RowMajor tile but TROWEXPANDMIN with a tmp tile only broadcasts a ColMajor (mode 1) source on a2a3
}
