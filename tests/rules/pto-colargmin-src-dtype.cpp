// Fixture for pto-colargmin-src-dtype: the source element types each target's column arg-reduction supports.
#include <pto/pto-inst.hpp>

using namespace pto;

// Every source is 16 x 64 with a row-major int32_t index destination; tmp has the source's element type (a2a3
// wants that) and 512 B, enough for 64 columns of any 2- or 4-byte type (at most 2 * (2 * 64 + 64) = 384 B for
// 16-bit, 4 * (64 + 64) = 512 B for 32-bit). a2a3 does not size-check 1- and 8-byte sources.
template <typename T> using Src = Tile<TileType::Vec, T, 16, 64>;
template <typename T> using Val = Tile<TileType::Vec, T, 1, 64>;
template <typename T> using Tmp = Tile<TileType::Vec, T, 1, 512 / sizeof(T)>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using IdxU = Tile<TileType::Vec, uint32_t, 1, 64>;
using DynSrcI32 = Tile<TileType::Vec, int32_t, 16, 64, BLayout::RowMajor, -1, -1>;
using DynIdx = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;

void legalEverywhere() {
  Src<float> f32;
  Src<half> f16;
  Src<uint16_t> u16;
  Src<uint32_t> u32;
  Val<float> valF;
  Val<uint32_t> valU;
  Idx dst;
  IdxU dstU;
  Tmp<float> tmpF;
  Tmp<half> tmpH;
  Tmp<uint16_t> tmpU16;
  Tmp<uint32_t> tmpU32;
  TCOLARGMIN(dst, f32, tmpF);
  TCOLARGMAX(dst, f16, tmpH);
  TCOLARGMIN(dst, u16, tmpU16);
  TCOLARGMAX(dst, u32, tmpU32);
  TCOLARGMIN(valF, dst, f32, tmpF);
  TCOLARGMAX(valU, dstU, u32, tmpU32);
}

void signedIntegers() {
  Src<int32_t> i32;
  Src<int8_t> i8;
  Src<uint8_t> u8;
  Idx dst;
  Tmp<int32_t> tmp32;
  Tmp<int8_t> tmp8;
  Tmp<uint8_t> tmpU8;
  // expect@+2[a2a3]: error pto-colargmin-src-dtype: TCOLARGMIN does not support int32_t sources on a2a3
  // expect-note@+1[a2a3]: help: use a half, float, uint16_t or uint32_t source on a2a3
  TCOLARGMIN(dst, i32, tmp32);
  TCOLARGMAX(dst, i8, tmp8); // expect[a2a3]: error pto-colargmin-src-dtype: TCOLARGMAX does not support int8_t sources on a2a3
  TCOLARGMIN(dst, u8, tmpU8); // expect[a2a3]: error pto-colargmin-src-dtype: TCOLARGMIN does not support uint8_t sources on a2a3
}

// a5 has no 8-bit value+index form; cpu has.
void eightBitValueForm() {
  Src<int8_t> src;
  Val<int8_t> val;
  Idx dst;
  Tmp<int8_t> tmp;
  // expect@+3[a2a3]: error pto-colargmin-src-dtype: TCOLARGMAX does not support int8_t sources on a2a3
  // expect@+2[a5]: error pto-colargmin-src-dtype: TCOLARGMAX does not support int8_t sources on a5
  // expect-note@+1[a5]: help: the value+index form on a5 takes 2- or 4-byte sources; use the index-only form for 8-bit data
  TCOLARGMAX(val, dst, src, tmp);
}

void bfloat16Source() {
  Src<bfloat16_t> src;
  Idx dst;
  Tmp<bfloat16_t> tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3]: error pto-colargmin-src-dtype: TCOLARGMIN does not support bfloat16_t sources on a2a3
}

void eightByteSources() {
  Src<double> f64;
  Src<int64_t> i64;
  Val<int64_t> val;
  Idx dst;
  Tmp<double> tmpD;
  Tmp<int64_t> tmpI;
  // expect@+3[a2a3]: error pto-colargmin-src-dtype: TCOLARGMIN does not support double sources on a2a3
  // expect@+2[a5]: error pto-colargmin-src-dtype: TCOLARGMIN does not support double sources on a5
  // expect@+1[cpu]: error pto-colargmin-src-dtype: TCOLARGMIN does not support double sources on cpu
  TCOLARGMIN(dst, f64, tmpD);
  // The CPU simulator accepts every integral type, 64-bit ones included.
  // expect@+2[a2a3]: error pto-colargmin-src-dtype: TCOLARGMAX does not support int64_t sources on a2a3
  // expect@+1[a5]: error pto-colargmin-src-dtype: TCOLARGMAX does not support int64_t sources on a5
  TCOLARGMAX(val, dst, i64, tmpI);
  TCOLARGMIN(dst, i64, tmpI); // expect[a2a3,a5]: error pto-colargmin-src-dtype: TCOLARGMIN does not support int64_t sources on
  // expect-note@+1[cpu]: help: use an integer, half, bfloat16_t or float source (double is not accepted)
  TCOLARGMAX(dst, f64, tmpD); // expect[a2a3,a5,cpu]: error pto-colargmin-src-dtype: TCOLARGMAX does not support double sources on
}

void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 0 || cols > 64)
    return;
  DynSrcI32 src(rows, cols);
  DynIdx dst(1, cols);
  Tmp<int32_t> tmp;
  TCOLARGMAX(dst, src, tmp); // expect[a2a3]: error pto-colargmin-src-dtype: TCOLARGMAX does not support int32_t sources on a2a3
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1> srcF(16, 48); // a2a3 tmp need: 4 * (48 + 48) = 384 B
  DynSrcI32 srcI(16, 48);
  DynIdx dst48(1, 48);
  Tmp<float> tmpF;
  TCOLARGMIN(dst48, srcF, tmpF);
  TCOLARGMIN(dst48, srcI, tmp); // expect[a2a3]: error pto-colargmin-src-dtype: TCOLARGMIN does not support int32_t sources on a2a3
}

// Legal only because `if constexpr` discards the call for 8-byte element types; unguarded it is an error.
template <typename T> void guardedElementType() {
  Src<T> src;
  Idx dst;
  Tmp<T> tmp;
  if constexpr (sizeof(T) != 8)
    TCOLARGMIN(dst, src, tmp);
}
template void guardedElementType<double>();

template <typename T> void unguardedElementType() {
  Src<T> src;
  Idx dst;
  Tmp<T> tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-src-dtype: TCOLARGMIN does not support double sources on
}
template void unguardedElementType<double>();
