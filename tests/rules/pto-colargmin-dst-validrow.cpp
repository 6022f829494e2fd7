// Fixture for pto-colargmin-dst-validrow: dstIdx (and dstVal) must have exactly one valid row.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 512 B: a2a3 needs 4 * (64 + 64) B for 64 float columns
using Idx2 = Tile<TileType::Vec, int32_t, 2, 64>;
using Val4 = Tile<TileType::Vec, float, 4, 64>;
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynIdx4 = Tile<TileType::Vec, int32_t, 4, 64, BLayout::RowMajor, -1, -1>;
using DynVal4 = Tile<TileType::Vec, float, 4, 64, BLayout::RowMajor, -1, -1>;

void legalStatic() {
  Src src;
  Idx dst;
  Val val;
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(val, dst, src, tmp);
  // A taller destination tile is fine as long as only one row is valid.
  Tile<TileType::Vec, int32_t, 4, 64, BLayout::RowMajor, 1, 64> tallDst;
  TCOLARGMAX(tallDst, src, tmp);
}

void staticTwoRows() {
  Src src;
  Idx2 dst;
  Idx dst1;
  Val4 val;
  Tmp tmp;
  // expect@+3[a2a3]: error pto-colargmin-dst-validrow: dstIdx has 2 valid rows but TCOLARGMIN writes exactly one row on a2a3
  // expect@+2[a5]: error pto-colargmin-dst-validrow: dstIdx has 2 valid rows but TCOLARGMIN writes exactly one row on a5
  // expect@+1[cpu]: error pto-colargmin-dst-validrow: dstIdx has 2 valid rows but TCOLARGMIN writes exactly one row on cpu
  TCOLARGMIN(dst, src, tmp);
  // expect@+1[a2a3,a5,cpu]: error pto-colargmin-dst-validrow: dstIdx has 1 and dstVal 4 valid rows but TCOLARGMAX writes exactly one row on
  TCOLARGMAX(val, dst1, src, tmp);
}

void dynamicConstants() {
  DynSrc src(16, 64);
  DynIdx4 dst(1, 64);
  DynIdx4 dst3(3, 64);
  DynVal4 val(1, 64);
  DynVal4 val0(0, 64);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(val, dst, src, tmp);
  TCOLARGMAX(dst3, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-dst-validrow: dstIdx has 3 valid rows but TCOLARGMAX writes exactly one row on
  // expect@+1[a2a3,a5,cpu]: error pto-colargmin-dst-validrow: dstIdx has 1 and dstVal 0 valid rows but TCOLARGMIN writes exactly one row on
  TCOLARGMIN(val0, dst, src, tmp);
}

void unguardedParams(int r) {
  if (r < 0 || r > 4)
    return;
  Src src;
  DynIdx4 dst(r, 64);
  Tmp tmp;
  // expect@+2[a2a3,a5,cpu]: warning pto-colargmin-dst-validrow: dstIdx has 0 valid rows but TCOLARGMIN writes exactly one row on
  // expect-note@+1[a2a3,a5,cpu]: fails for example when r = 0
  TCOLARGMIN(dst, src, tmp);
}

void guardedParams(int r) {
  if (r < 0 || r > 4)
    return;
  if (r != 1)
    return;
  Src src;
  DynIdx4 dst(r, 64);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
}

void valueFormParams(int r) {
  if (r < 1 || r > 4)
    return;
  Src src;
  Idx dst;
  DynVal4 val(r, 64);
  Tmp tmp;
  // expect@+1[a2a3,a5,cpu]: warning pto-colargmin-dst-validrow: dstIdx has 1 and dstVal 2 valid rows but TCOLARGMAX writes exactly one row on
  TCOLARGMAX(val, dst, src, tmp);
  if (r == 1)
    TCOLARGMAX(val, dst, src, tmp);
}
