// Fixture for pto-colargmin-valid-nonzero: the source needs at least one valid row and one valid column.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 512 B: a2a3 needs at most 4 * (64 + 64) B for 64 float columns
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynIdx = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;
using DynVal = Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, -1, -1>;

void legalStatic() {
  Src src;
  Idx dst;
  Val val;
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(val, dst, src, tmp);
  // A single valid element is enough (a2a3 tmp need: 4 * (8 + 1) = 36 B).
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 1, 1> one;
  Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, 1, 1> oneDst;
  TCOLARGMAX(oneDst, one, tmp);
}

void staticEmpty() {
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 0, 64> noRows;
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 0> noCols;
  Idx dst;
  Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, 1, 0> dst0;
  Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, 0> val0;
  Tmp tmp;
  // expect@+3[a2a3]: error pto-colargmin-valid-nonzero: src valid region is 0x64 but TCOLARGMIN needs at least one valid row and column on a2a3
  // expect@+2[a5]: error pto-colargmin-valid-nonzero: src valid region is 0x64 but TCOLARGMIN needs at least one valid row and column on a5
  // expect@+1[cpu]: error pto-colargmin-valid-nonzero: src valid region is 0x64 but TCOLARGMIN needs at least one valid row and column on cpu
  TCOLARGMIN(dst, noRows, tmp);
  // With no valid column the destinations must have none either (pto-colargmin-dst-validcol).
  TCOLARGMAX(dst0, noCols, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-valid-nonzero: src valid region is 16x0 but TCOLARGMAX needs at least one valid row and column on
  TCOLARGMIN(val0, dst0, noCols, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-valid-nonzero: src valid region is 16x0 but TCOLARGMIN needs at least one valid row and column on
}

void dynamicConstants() {
  DynSrc five(5, 64);
  DynSrc empty(0, 64);
  Idx dst;
  Tmp tmp;
  TCOLARGMIN(dst, five, tmp);
  TCOLARGMIN(dst, empty, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-valid-nonzero: src valid region is 0x64 but TCOLARGMIN needs at least one valid row and column on
}

void unguardedParams(unsigned rows, unsigned cols) {
  if (rows > 16 || cols > 64)
    return;
  DynSrc src(rows, cols);
  DynIdx dst(1, cols);
  DynVal val(1, cols);
  Tmp tmp;
  // expect@+2[a2a3,a5,cpu]: warning pto-colargmin-valid-nonzero: src valid region is 0x0 but TCOLARGMAX needs at least one valid row and column on
  // expect-note@+1[a2a3,a5,cpu]: fails for example when cols = 0, rows = 0
  TCOLARGMAX(dst, src, tmp);
  TCOLARGMIN(val, dst, src, tmp); // expect[a2a3,a5,cpu]: warning pto-colargmin-valid-nonzero: src valid region is 0x0 but TCOLARGMIN needs at least one valid row and column on
}

void guardedParams(unsigned rows, unsigned cols) {
  if (rows > 16 || cols > 64)
    return;
  if (rows == 0 || cols == 0)
    return;
  DynSrc src(rows, cols);
  DynIdx dst(1, cols);
  DynVal val(1, cols);
  Tmp tmp;
  TCOLARGMAX(dst, src, tmp);
  TCOLARGMIN(val, dst, src, tmp);
}

// Tiles passed in: their valid region is the caller's, anything from 0 to the tile's shape.
void unguardedFromCaller(DynSrc &src, DynIdx &dst, Tmp &tmp) {
  if (dst.GetValidRow() != 1 || dst.GetValidCol() != src.GetValidCol())
    return;
  // expect@+2[a2a3,a5,cpu]: warning pto-colargmin-valid-nonzero: src valid region is 0x0 but TCOLARGMIN needs at least one valid row and column on
  // expect-note@+1[a2a3,a5,cpu]: fails for example when src.GetValidRow() = 0, src.GetValidCol() = 0
  TCOLARGMIN(dst, src, tmp);
}

void guardedFromCaller(DynSrc &src, DynIdx &dst, Tmp &tmp) {
  if (dst.GetValidRow() != 1 || dst.GetValidCol() != src.GetValidCol())
    return;
  if (src.GetValidRow() == 0 || src.GetValidCol() == 0)
    return;
  TCOLARGMIN(dst, src, tmp);
}

// The usual one-comparison range check of an unsigned value: cols - 1 wraps for cols = 0, so the guard keeps
// cols within 1..64 and the call is legal.
void unsignedRangeCheck(unsigned rows, unsigned cols) {
  if (rows - 1 >= 16u || cols - 1 >= 64u)
    return;
  DynSrc src(rows, cols);
  DynIdx dst(1, cols);
  Tmp tmp;
  TCOLARGMAX(dst, src, tmp);
}
