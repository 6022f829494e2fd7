// Fixture for pto-rowexpand-full-operand: one source is a RowMajor tile with dst's valid region.
#include <pto/pto-inst.hpp>

using namespace pto;

using Full = Tile<TileType::Vec, float, 16, 64>;
using Col = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using Blk = Tile<TileType::Vec, float, 16, 8>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 256 * ceil(16 / 8) = 512 B for a2a3

void eitherSourceIsFull() {
  Full d, s;
  Col c;
  Blk b;
  Tmp tmp;
  TROWEXPANDMIN(d, s, c);
  TROWEXPANDMAX(d, c, s);
  TROWEXPANDMIN(d, b, s);
  TROWEXPANDMAX(d, c, s, tmp);
}

// dst 16 x 8: both sources have its valid region. The documentation asks for exactly one; the implementations
// accept both (the other one is the mode-2 broadcast source here).
void bothSourcesMatch() {
  Blk d, s, b;
  TROWEXPANDMIN(d, s, b);
}

void noFullSource() {
  Full d;
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 32> half32; // valid 16 x 32 of a 16 x 64 tile
  Tile<TileType::Vec, float, 16, 16> s16;
  Tile<TileType::Vec, float, 16, 16, BLayout::ColMajor> dn16;
  Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor> dn64;
  Col c;
  Tmp tmp;
  // expect@+2[a2a3,a5,cpu]: error pto-rowexpand-full-operand: neither src0 (16x32, RowMajor) nor src1 (16x1, ColMajor) is a RowMajor tile with dst's 16x64 valid region, but TROWEXPANDMIN needs one on
  // expect-note@+1[a2a3,a5,cpu]: help: give the full source a RowMajor tile with a 16x64 valid region
  TROWEXPANDMIN(d, half32, c);
  // The source with dst's valid region is ColMajor.
  TROWEXPANDMAX(d, dn64, c); // expect[a2a3,a5,cpu]: error pto-rowexpand-full-operand: neither src0 (16x64, ColMajor) nor src1 (16x1, ColMajor) is a RowMajor tile with dst's 16x64 valid region, but TROWEXPANDMAX needs one on
  TROWEXPANDMIN(d, c, half32, tmp); // expect[a2a3,a5,cpu]: error pto-rowexpand-full-operand: neither src0 (16x1, ColMajor) nor src1 (16x32, RowMajor) is a RowMajor tile with dst's 16x64 valid region, but TROWEXPANDMIN needs one on
  // A ColMajor dst-shaped source next to a RowMajor one of another shape.
  Tile<TileType::Vec, float, 16, 16> d16;
  TROWEXPANDMAX(d16, dn16, c); // expect[a2a3,a5,cpu]: error pto-rowexpand-full-operand: neither src0 (16x16, ColMajor) nor src1 (16x1, ColMajor) is a RowMajor tile with dst's 16x16 valid region, but TROWEXPANDMAX needs one on
  TROWEXPANDMAX(d16, s16, c);
}

using DynFull = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynCol = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, -1, 1>;

// dst has 16 valid rows, src0 a caller's number of them.
void unguardedRows(int rows) {
  if (rows <= 0 || rows > 16)
    return;
  DynFull d(16, 64), s(rows, 64);
  Col c;
  // expect@+2[a2a3,a5,cpu]: warning pto-rowexpand-full-operand: neither src0 (1x64, RowMajor) nor src1 (16x1, ColMajor) is a RowMajor tile with dst's 16x64 valid region
  // expect-note@+1[a2a3,a5,cpu]: fails for example when rows = 1
  TROWEXPANDMIN(d, s, c);
}

void guardedRows(int rows) {
  if (rows != 16)
    return;
  DynFull d(16, 64), s(rows, 64);
  Col c;
  TROWEXPANDMIN(d, s, c);
}

// The same variables for every valid shape: always consistent. (With cols = 1 the ColMajor src0 would have dst's
// valid region too, and a5 and cpu would take it as the full operand: see pto-rowexpand-broadcast-shape.)
void sharedShape(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 1 || cols > 64)
    return;
  DynFull d(rows, cols), s(rows, cols);
  DynCol c(rows);
  TROWEXPANDMAX(d, c, s);
}

// A width rounded up to whole 16-element blocks under a guard: nonlinear arithmetic (`/`, `*`) over a small domain
// (32 x 112 values), decided exactly by evaluating every feasible point, in milliseconds (Z3 alone did not finish
// in minutes), and refuted where the rounding changes the width.
void roundedWidth(uint32_t rows, uint32_t cols) {
  if (rows == 0 || rows > 32 || cols == 0 || cols > 112)
    return;
  Tile<TileType::Vec, float, 32, 128, BLayout::RowMajor, -1, -1> dst(rows, (cols + 15) / 16 * 16);
  Tile<TileType::Vec, float, 32, 128, BLayout::RowMajor, -1, -1> src0(rows, cols);
  Tile<TileType::Vec, float, 32, 1, BLayout::ColMajor, -1, -1> src1(rows, 1);
  // expect@+2[a2a3,a5,cpu]: warning pto-rowexpand-full-operand: neither src0 (1x1, RowMajor) nor src1 (1x1, ColMajor) is a RowMajor tile with dst's 1x16 valid region, but TROWEXPANDMIN needs one on
  // expect-note@+1[a2a3,a5,cpu]: fails for example when rows = 1, cols = 1, validCol of 'dst' = 16
  TROWEXPANDMIN(dst, src0, src1);
}
