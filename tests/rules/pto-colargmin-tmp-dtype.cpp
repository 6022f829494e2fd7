// Fixture for pto-colargmin-tmp-dtype: on a2a3 tmp must have the source's element type; a5 and cpu ignore tmp.
#include <pto/pto-inst.hpp>

#include <type_traits>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using SrcH = Tile<TileType::Vec, half, 16, 64>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
// All tmp tiles hold 512 B: a2a3 needs 4 * (64 + 64) = 512 B for 64 float columns and 2 * (2 * 64 + 64) = 384 B
// for 64 half columns (index-only form), so only the element type differs.
using Tmp = Tile<TileType::Vec, float, 1, 128>;
using TmpH = Tile<TileType::Vec, half, 1, 256>;
using TmpI32 = Tile<TileType::Vec, int32_t, 1, 128>;
using TmpU32 = Tile<TileType::Vec, uint32_t, 1, 128>;
using TmpBf16 = Tile<TileType::Vec, bfloat16_t, 1, 256>;
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynIdx = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;

void legalSameType() {
  Src src;
  SrcH srcH;
  Idx dst;
  Val val;
  Tmp tmp;
  TmpH tmpH;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(val, dst, src, tmp);
  TCOLARGMAX(dst, srcH, tmpH);
}

void otherTmpType() {
  Src src;
  SrcH srcH;
  Idx dst;
  Val val;
  Tmp tmp;
  TmpI32 tmpI32;
  TmpU32 tmpU32;
  TmpBf16 tmpBf16;
  // expect@+2[a2a3]: error pto-colargmin-tmp-dtype: tmp has element type int32_t but src has float; TCOLARGMIN needs them equal on a2a3
  // expect-note@+1[a2a3]: help: declare tmp with element type float
  TCOLARGMIN(dst, src, tmpI32);
  TCOLARGMAX(val, dst, src, tmpU32); // expect[a2a3]: error pto-colargmin-tmp-dtype: tmp has element type uint32_t but src has float; TCOLARGMAX needs them equal on a2a3
  TCOLARGMIN(dst, srcH, tmp); // expect[a2a3]: error pto-colargmin-tmp-dtype: tmp has element type float but src has half; TCOLARGMIN needs them equal on a2a3
  // Same size, different type.
  TCOLARGMAX(dst, srcH, tmpBf16); // expect[a2a3]: error pto-colargmin-tmp-dtype: tmp has element type bfloat16_t but src has half; TCOLARGMAX needs them equal on a2a3
}

void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 0 || cols > 64)
    return;
  DynSrc src(rows, cols);
  DynIdx dst(1, cols);
  Tmp tmp;
  TmpI32 tmpI32;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMIN(dst, src, tmpI32); // expect[a2a3]: error pto-colargmin-tmp-dtype: tmp has element type int32_t but src has float; TCOLARGMIN needs them equal on a2a3
  DynSrc src48(16, 48); // a2a3 tmp need: 4 * (48 + 48) = 384 B
  DynIdx dst48(1, 48);
  TCOLARGMAX(dst48, src48, tmp);
  TCOLARGMAX(dst48, src48, tmpI32); // expect[a2a3]: error pto-colargmin-tmp-dtype: tmp has element type int32_t but src has float; TCOLARGMAX needs them equal on a2a3
}

// Legal only because `if constexpr` discards the call when tmp's type differs; unguarded it is an error on a2a3.
template <typename TmpT> void guardedTmpType() {
  Src src;
  Idx dst;
  Tile<TileType::Vec, TmpT, 1, 512 / sizeof(TmpT)> tmp;
  if constexpr (std::is_same_v<TmpT, float>)
    TCOLARGMAX(dst, src, tmp);
}
template void guardedTmpType<int32_t>();

template <typename TmpT> void unguardedTmpType() {
  Src src;
  Idx dst;
  Tile<TileType::Vec, TmpT, 1, 512 / sizeof(TmpT)> tmp;
  TCOLARGMAX(dst, src, tmp); // expect[a2a3]: error pto-colargmin-tmp-dtype: tmp has element type int32_t but src has float; TCOLARGMAX needs them equal on a2a3
}
template void unguardedTmpType<int32_t>();
