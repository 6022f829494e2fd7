// Fixture for pto-colargmin-val-dtype: in the value+index form dstVal must have the source's element type.
#include <pto/pto-inst.hpp>

#include <type_traits>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using SrcU32 = Tile<TileType::Vec, uint32_t, 16, 64>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using IdxU = Tile<TileType::Vec, uint32_t, 1, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
using ValU32 = Tile<TileType::Vec, uint32_t, 1, 64>;
using ValI32 = Tile<TileType::Vec, int32_t, 1, 64>;
using ValH = Tile<TileType::Vec, half, 1, 64>;
using Tmp = Tile<TileType::Vec, float, 1, 128>;       // 512 B: a2a3 needs 4 * (64 + 64) B for 64 float columns
using TmpU32 = Tile<TileType::Vec, uint32_t, 1, 128>; // same for uint32_t
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynIdx = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;
using DynValI32 = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;
using DynVal = Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, -1, -1>;

void legalSameType() {
  Src src;
  SrcU32 srcU;
  Idx dst;
  IdxU dstU;
  Val val;
  ValU32 valU;
  Tmp tmp;
  TmpU32 tmpU;
  TCOLARGMIN(val, dst, src, tmp);
  TCOLARGMAX(valU, dstU, srcU, tmpU);
  // The index-only form has no dstVal: the rule does not apply.
  TCOLARGMIN(dst, src, tmp);
}

void otherValueType() {
  Src src;
  SrcU32 srcU;
  Idx dst;
  IdxU dstU;
  ValI32 valI;
  ValH valH;
  Val valF;
  Tmp tmp;
  TmpU32 tmpU;
  // expect@+4[a2a3]: error pto-colargmin-val-dtype: dstVal has element type int32_t but src has float; TCOLARGMIN needs them equal on a2a3
  // expect@+3[a5]: error pto-colargmin-val-dtype: dstVal has element type int32_t but src has float; TCOLARGMIN needs them equal on a5
  // expect@+2[cpu]: error pto-colargmin-val-dtype: dstVal has element type int32_t but src has float; TCOLARGMIN needs them equal on cpu
  // expect-note@+1[a2a3,a5,cpu]: help: declare dstVal with element type float
  TCOLARGMIN(valI, dst, src, tmp);
  TCOLARGMAX(valH, dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-val-dtype: dstVal has element type half but src has float; TCOLARGMAX needs them equal on
  // Same width and bits, different type.
  TCOLARGMIN(valI, dstU, srcU, tmpU); // expect[a2a3,a5,cpu]: error pto-colargmin-val-dtype: dstVal has element type int32_t but src has uint32_t; TCOLARGMIN needs them equal on
  TCOLARGMAX(valF, dstU, srcU, tmpU); // expect[a2a3,a5,cpu]: error pto-colargmin-val-dtype: dstVal has element type float but src has uint32_t; TCOLARGMAX needs them equal on
}

void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 0 || cols > 64)
    return;
  DynSrc src(rows, cols);
  DynIdx dst(1, cols);
  DynVal val(1, cols);
  DynValI32 valI(1, cols);
  Tmp tmp;
  TCOLARGMAX(val, dst, src, tmp);
  TCOLARGMAX(valI, dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-val-dtype: dstVal has element type int32_t but src has float; TCOLARGMAX needs them equal on
  DynSrc src48(16, 48); // a2a3 tmp need: 4 * (48 + 48) = 384 B
  DynIdx dst48(1, 48);
  DynVal val48(1, 48);
  DynValI32 valI48(1, 48);
  TCOLARGMIN(val48, dst48, src48, tmp);
  TCOLARGMIN(valI48, dst48, src48, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-val-dtype: dstVal has element type int32_t but src has float; TCOLARGMIN needs them equal on
}

// Legal only because `if constexpr` discards the call when dstVal's type differs; unguarded it is an error.
template <typename ValT> void guardedValueType() {
  Src src;
  Idx dst;
  Tile<TileType::Vec, ValT, 1, 64> val;
  Tmp tmp;
  if constexpr (std::is_same_v<ValT, float>)
    TCOLARGMIN(val, dst, src, tmp);
}
template void guardedValueType<int32_t>();

template <typename ValT> void unguardedValueType() {
  Src src;
  Idx dst;
  Tile<TileType::Vec, ValT, 1, 64> val;
  Tmp tmp;
  TCOLARGMIN(val, dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-val-dtype: dstVal has element type int32_t but src has float; TCOLARGMIN needs them equal on
}
template void unguardedValueType<int32_t>();
