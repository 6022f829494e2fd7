// Fixture for pto-rowexpand-broadcast-shape: the broadcast source has dst's valid rows and 1 valid column
// (ColMajor, mode 1) or 32/sizeof(T) valid columns (RowMajor, mode 2).
#include <pto/pto-inst.hpp>

using namespace pto;

using Full = Tile<TileType::Vec, float, 16, 64>;
using Col = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using Blk = Tile<TileType::Vec, float, 16, 8>; // 8 floats = one 32-byte block per row
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 256 * ceil(16 / 8) = 512 B for a2a3

void legalModes() {
  Full d, s;
  Col c;
  Blk b;
  Tmp tmp;
  Tile<TileType::Vec, half, 16, 64> dH, sH;
  Tile<TileType::Vec, half, 16, 16> bH; // 16 halves = one 32-byte block
  TROWEXPANDMIN(d, s, c);
  TROWEXPANDMAX(d, s, b);
  TROWEXPANDMIN(d, c, s, tmp);
  TROWEXPANDMAX(dH, bH, sH);
}

void wrongBroadcastShape() {
  Full d, s;
  Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, 16, 5> b5;   // 5 valid columns
  Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, 8, 1> c8;    // 8 valid rows
  Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, 16, 1> row1; // one column, but RowMajor
  Tmp tmp;
  // expect@+3[a2a3,a5,cpu]: error pto-rowexpand-broadcast-shape: broadcast operand src1 has a 16x5 valid region but TROWEXPANDMIN needs 16x1 in a ColMajor tile or 16x8 in a RowMajor tile on
  // expect-note@+2[a2a3,a5,cpu]: src0 is a RowMajor tile with a 16x64 valid region and src1 a RowMajor tile with 16x5
  // expect-note@+1[a2a3,a5,cpu]: help: give src1 16 valid rows and 1 valid column in a ColMajor tile, or 8 valid columns in a RowMajor tile
  TROWEXPANDMIN(d, s, b5);
  TROWEXPANDMAX(d, s, c8); // expect[a2a3,a5,cpu]: error pto-rowexpand-broadcast-shape: broadcast operand src1 has a 8x1 valid region but TROWEXPANDMAX needs 16x1 in a ColMajor tile or 16x8 in a RowMajor tile on
  TROWEXPANDMIN(d, row1, s); // expect[a2a3,a5,cpu]: error pto-rowexpand-broadcast-shape: broadcast operand src0 has a 16x1 valid region but TROWEXPANDMIN needs 16x1 in a ColMajor tile or 16x8 in a RowMajor tile on
  TROWEXPANDMAX(d, s, c8, tmp); // expect[a2a3,a5,cpu]: error pto-rowexpand-broadcast-shape: broadcast operand src1 has a 8x1 valid region but TROWEXPANDMAX needs 16x1 in a ColMajor tile or 16x8 in a RowMajor tile on
}

// A ColMajor source with 8 valid columns: the shape is wrong, and a5 also reads it with the wrong pitch.
void columnMajorBlock() {
  Full d, s;
  Tile<TileType::Vec, float, 16, 8, BLayout::ColMajor> dn8;
  // expect@+2[a2a3,a5,cpu]: error pto-rowexpand-broadcast-shape: broadcast operand src1 has a 16x8 valid region but TROWEXPANDMIN needs 16x1 in a ColMajor tile or 16x8 in a RowMajor tile on
  // expect@+1[a5]: warning pto-rowexpand-broadcast-pitch: broadcast operand src1 is declared with Cols = 8 but TROWEXPANDMIN addresses it as a tile with Cols = 1 on a5
  TROWEXPANDMIN(d, s, dn8);
}

// Without a full source there is no broadcast source to check; pto-rowexpand-full-operand reports the call.
void noFullSource() {
  Full d;
  Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, 16, 5> b5;
  Col c;
  TROWEXPANDMIN(d, b5, c); // expect[a2a3,a5,cpu]: error pto-rowexpand-full-operand: neither src0 (16x5, RowMajor) nor src1 (16x1, ColMajor)
}

// dst 16 x 1: the ColMajor src0 has dst's valid region as well as the RowMajor src1. The a2a3 3-operand form then
// takes the source with the larger row stride (src1, 8 > 1) as the full one and broadcasts src0 (mode 1); the
// 4-operand form, a5 and cpu take src0 as the full one and broadcast src1, a RowMajor tile with 1 valid column.
void oneColumnDestination() {
  Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, 16, 1> d, s;
  Col c;
  Tmp tmp;
  TROWEXPANDMIN(d, s, c);
  TROWEXPANDMIN(d, c, s); // expect[a5,cpu]: error pto-rowexpand-broadcast-shape: broadcast operand src1 has a 16x1 valid region but TROWEXPANDMIN needs 16x1 in a ColMajor tile or 16x8 in a RowMajor tile on
  // expect@+2[a2a3]: error pto-rowexpand-mode: broadcast operand src1 is a RowMajor tile
  // expect@+1[a2a3,a5,cpu]: error pto-rowexpand-broadcast-shape: broadcast operand src1 has a 16x1 valid region
  TROWEXPANDMAX(d, c, s, tmp);
}

using DynFull = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynCol = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, -1, 1>;

void dynamicRows(int rows) {
  if (rows <= 0 || rows > 16)
    return;
  DynFull d(rows, 64), s(rows, 64);
  DynCol c(rows);
  Col c16;
  TROWEXPANDMIN(d, s, c);
  // expect@+2[a2a3,a5,cpu]: warning pto-rowexpand-broadcast-shape: broadcast operand src1 has a 16x1 valid region but TROWEXPANDMIN needs 1x1 in a ColMajor tile or 1x8 in a RowMajor tile on
  // expect-note@+1[a2a3,a5,cpu]: fails for example when rows = 1
  TROWEXPANDMIN(d, s, c16);
}

void guardedRows(int rows) {
  if (rows != 16)
    return;
  DynFull d(rows, 64), s(rows, 64);
  Col c16;
  TROWEXPANDMAX(d, s, c16);
}
