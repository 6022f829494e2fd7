// Fixture for pto-colargmin-idx-dtype: the index tile's element type per overload, source width and target.
// Index-only form: int32_t/uint32_t. Value+index form: 16-bit indices for 16-bit sources on a2a3/a5, else 32-bit;
// always 32-bit on cpu.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 512 B: a2a3 needs 4 * (64 + 64) B for 64 float columns
using SrcH = Tile<TileType::Vec, half, 16, 64>;
using ValH = Tile<TileType::Vec, half, 1, 64>;
// 512 B of half: a2a3 needs 2 * (2 * 64 + 64) = 384 B (index-only) or 2 * (64 + 64) = 256 B (value+index).
using TmpH = Tile<TileType::Vec, half, 1, 256>;
using IdxI32 = Tile<TileType::Vec, int32_t, 1, 64>;
using IdxU32 = Tile<TileType::Vec, uint32_t, 1, 64>;
using IdxI16 = Tile<TileType::Vec, int16_t, 1, 64>;
using IdxU16 = Tile<TileType::Vec, uint16_t, 1, 64>;
using IdxF32 = Tile<TileType::Vec, float, 1, 64>;
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynIdxI16 = Tile<TileType::Vec, int16_t, 1, 64, BLayout::RowMajor, -1, -1>;
using DynIdxI32 = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;

void legalIndexForm() {
  Src src;
  SrcH srcH;
  IdxI32 i32;
  IdxU32 u32;
  Tmp tmp;
  TmpH tmpH;
  TCOLARGMIN(i32, src, tmp);
  TCOLARGMAX(u32, src, tmp);
  TCOLARGMIN(i32, srcH, tmpH);
  TCOLARGMAX(u32, srcH, tmpH);
}

void legalValueForm32() {
  Src src;
  Val val;
  IdxI32 i32;
  IdxU32 u32;
  Tmp tmp;
  TCOLARGMIN(val, i32, src, tmp);
  TCOLARGMAX(val, u32, src, tmp);
}

void indexFormNarrow() {
  Src src;
  SrcH srcH;
  IdxI16 i16;
  IdxU16 u16;
  IdxF32 f32;
  Tmp tmp;
  TmpH tmpH;
  // expect@+3[a2a3]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but TCOLARGMIN writes int32_t/uint32_t indices on a2a3
  // expect@+2[a5]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but TCOLARGMIN writes int32_t/uint32_t indices on a5
  // expect@+1[cpu]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but TCOLARGMIN writes int32_t/uint32_t indices on cpu
  TCOLARGMIN(i16, src, tmp);
  // A 16-bit source does not make 16-bit indices legal in the index-only form.
  TCOLARGMAX(u16, srcH, tmpH); // expect[a2a3,a5,cpu]: error pto-colargmin-idx-dtype: dstIdx has element type uint16_t but TCOLARGMAX writes int32_t/uint32_t indices on
  TCOLARGMIN(f32, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-idx-dtype: dstIdx has element type float but TCOLARGMIN writes int32_t/uint32_t indices on
}

void valueFormFloatSource() {
  Src src;
  Val val;
  IdxI16 i16;
  Tmp tmp;
  // expect@+3[a2a3]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but the value+index TCOLARGMIN on a float source needs 32-bit indices on a2a3
  // expect@+2[a5]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but the value+index TCOLARGMIN on a float source needs 32-bit indices on a5
  // expect@+1[cpu]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but TCOLARGMIN writes int32_t/uint32_t indices on cpu
  TCOLARGMIN(val, i16, src, tmp);
}

// No 16-bit value+index configuration is legal on both the NPUs and the CPU simulator (facts §12 #6).
void valueFormHalfSource() {
  SrcH src;
  ValH val;
  IdxI16 i16;
  IdxU16 u16;
  IdxU32 u32;
  TmpH tmp;
  TCOLARGMIN(val, i16, src, tmp); // expect[cpu]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but TCOLARGMIN writes int32_t/uint32_t indices on cpu
  TCOLARGMAX(val, u16, src, tmp); // expect[cpu]: error pto-colargmin-idx-dtype: dstIdx has element type uint16_t but TCOLARGMAX writes int32_t/uint32_t indices on cpu
  // expect@+2[a2a3]: error pto-colargmin-idx-dtype: dstIdx has element type uint32_t but the value+index TCOLARGMAX on a half source needs 16-bit indices on a2a3
  // expect@+1[a5]: error pto-colargmin-idx-dtype: dstIdx has element type uint32_t but the value+index TCOLARGMAX on a half source needs 16-bit indices on a5
  TCOLARGMAX(val, u32, src, tmp);
}

// A trailing event does not change the overload: (dst, src, tmp, event) is the index-only form.
void withEvents() {
  SrcH src;
  ValH val;
  IdxI16 i16;
  IdxI32 i32;
  TmpH tmp;
  Event<Op::TLOAD, Op::TCOLARGMIN> loaded;
  TCOLARGMIN(i32, src, tmp, loaded);
  TCOLARGMIN(i16, src, tmp, loaded); // expect[a2a3,a5,cpu]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but TCOLARGMIN writes int32_t/uint32_t indices on
  TCOLARGMIN(val, i16, src, tmp, loaded); // expect[cpu]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but TCOLARGMIN writes int32_t/uint32_t indices on cpu
}

void dynamicShapes(int cols) {
  if (cols <= 0 || cols > 64)
    return;
  DynSrc src(16, cols);
  DynIdxI32 i32(1, cols);
  DynIdxI16 i16(1, cols);
  Tmp tmp;
  TCOLARGMIN(i32, src, tmp);
  TCOLARGMAX(i16, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but TCOLARGMAX writes int32_t/uint32_t indices on
  DynSrc src48(16, 48); // a2a3 tmp need: 4 * (48 + 48) = 384 B
  DynIdxI32 i32c(1, 48);
  DynIdxI16 i16c(1, 48);
  TCOLARGMIN(i32c, src48, tmp);
  TCOLARGMIN(i16c, src48, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but TCOLARGMIN writes int32_t/uint32_t indices on
}

// Legal only because `if constexpr` discards the call for 16-bit index types; unguarded it is an error.
template <typename IdxT> void guardedIndexType() {
  Src src;
  Tile<TileType::Vec, IdxT, 1, 64> dst;
  Tmp tmp;
  if constexpr (sizeof(IdxT) == 4)
    TCOLARGMIN(dst, src, tmp);
}
template void guardedIndexType<int16_t>();
template void guardedIndexType<uint32_t>();

template <typename IdxT> void unguardedIndexType() {
  Src src;
  Tile<TileType::Vec, IdxT, 1, 64> dst;
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but TCOLARGMIN writes int32_t/uint32_t indices on
}
template void unguardedIndexType<int16_t>();
