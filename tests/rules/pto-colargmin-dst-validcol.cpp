// Fixture for pto-colargmin-dst-validcol: dstIdx (and dstVal) must have as many valid columns as src.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 512 B: a2a3 needs 4 * (64 + 64) B for 64 float columns
using Idx32 = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, 1, 32>;
using Val32 = Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, 32>;
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
  // 40 of 64 columns valid in src and in both destinations (a2a3 tmp need: 4 * (40 + 40) = 320 B).
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 40> src40;
  Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, 1, 40> dst40;
  Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, 40> val40;
  TCOLARGMAX(dst40, src40, tmp);
  TCOLARGMIN(val40, dst40, src40, tmp);
}

void staticMismatch() {
  Src src;
  Idx32 dst;
  Idx dstFull;
  Val32 val;
  Tmp tmp;
  // expect@+3[a2a3]: error pto-colargmin-dst-validcol: dstIdx has 32 valid columns but src has 64; TCOLARGMIN needs them equal on a2a3
  // expect@+2[a5]: error pto-colargmin-dst-validcol: dstIdx has 32 valid columns but src has 64; TCOLARGMIN needs them equal on a5
  // expect@+1[cpu]: error pto-colargmin-dst-validcol: dstIdx has 32 valid columns but src has 64; TCOLARGMIN needs them equal on cpu
  TCOLARGMIN(dst, src, tmp);
  // expect@+1[a2a3,a5,cpu]: error pto-colargmin-dst-validcol: dstIdx has 64 and dstVal 32 valid columns but src has 64; TCOLARGMAX needs them equal on
  TCOLARGMAX(val, dstFull, src, tmp);
}

void dynamicConstants() {
  DynSrc src(16, 48); // a2a3 tmp need for 48 float columns: 4 * (48 + 48) = 384 B
  DynIdx dst(1, 48);
  DynIdx wide(1, 64);
  DynVal val(1, 48);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(val, dst, src, tmp);
  TCOLARGMIN(wide, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-dst-validcol: dstIdx has 64 valid columns but src has 48; TCOLARGMIN needs them equal on
  // expect@+1[a2a3,a5,cpu]: error pto-colargmin-dst-validcol: dstIdx has 64 and dstVal 48 valid columns but src has 48; TCOLARGMAX needs them equal on
  TCOLARGMAX(val, wide, src, tmp);
}

// Source and destination widths come from different parameters: equal only if the caller says so.
void unguardedParams(int c, int d) {
  if (c <= 0 || c > 64 || d <= 0 || d > 64)
    return;
  DynSrc src(16, c);
  DynIdx dst(1, d);
  Tmp tmp;
  // expect@+2[a2a3]: warning pto-colargmin-dst-validcol: dstIdx has 1 valid columns but src has 2; TCOLARGMIN needs them equal on a2a3
  // expect-note@+1[a2a3,a5,cpu]: fails for example when d = 1, c = 2
  TCOLARGMIN(dst, src, tmp); // expect[a5,cpu]: warning pto-colargmin-dst-validcol: dstIdx has 1 valid columns but src has 2
}

void guardedParams(int c, int d) {
  if (c <= 0 || c > 64 || d <= 0 || d > 64)
    return;
  if (c != d)
    return;
  DynSrc src(16, c);
  DynIdx dst(1, d);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
}

void valueFormParams(int c) {
  if (c <= 0 || c > 64)
    return;
  DynSrc src(16, c);
  DynIdx dst(1, c);
  DynVal val(1, 48);
  Tmp tmp;
  // expect@+1[a2a3,a5,cpu]: warning pto-colargmin-dst-validcol: dstIdx has 1 and dstVal 48 valid columns but src has 1; TCOLARGMIN needs them equal on
  TCOLARGMIN(val, dst, src, tmp);
  if (c == 48)
    TCOLARGMAX(val, dst, src, tmp);
}
