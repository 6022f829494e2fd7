// Fixture for pto-colreduce-src-dtype: the source element types each target's TCOLMAX/TCOLMIN supports.
#include <pto/pto-inst.hpp>

using namespace pto;

// Every source is 16 x 64 and its destination 1 x 64 of the same element type (64 columns of any type are
// a multiple of 32 B; 64 columns is also the a5 limit for 64-bit sources).
template <typename T> using Src = Tile<TileType::Vec, T, 16, 64>;
template <typename T> using Dst = Tile<TileType::Vec, T, 1, 64>;
template <typename T> using DynSrc = Tile<TileType::Vec, T, 16, 64, BLayout::RowMajor, -1, -1>;
template <typename T> using DynDst = Tile<TileType::Vec, T, 1, 64, BLayout::RowMajor, 1, -1>;

void legalEverywhere() {
  Src<float> f32;
  Src<half> f16;
  Dst<float> dstF;
  Dst<half> dstH;
  TCOLMAX(dstF, f32);
  TCOLMIN(dstF, f32);
  TCOLMAX(dstH, f16);
  TCOLMIN(dstH, f16);
}

// int16_t and int32_t: a2a3 and a5 reduce them, the cpu simulator's TCOLMAX rejects them, its TCOLMIN takes them.
void sixteenAndThirtyTwoBitIntegers() {
  Src<int16_t> i16;
  Src<int32_t> i32;
  Dst<int16_t> dst16;
  Dst<int32_t> dst32;
  TCOLMIN(dst16, i16);
  TCOLMIN(dst32, i32);
  // expect@+2[cpu]: error pto-colreduce-src-dtype: TCOLMAX does not support int16_t sources on cpu
  // expect-note@+1[cpu]: help: TCOLMAX on cpu takes half, bfloat16_t, float, int8_t or uint8_t sources
  TCOLMAX(dst16, i16);
  TCOLMAX(dst32, i32); // expect[cpu]: error pto-colreduce-src-dtype: TCOLMAX does not support int32_t sources on cpu
}

// 8-bit integers and bfloat16_t: a5 and cpu take them, a2a3 does not.
void eightBitAndBfloat16() {
  Src<int8_t> i8;
  Src<uint8_t> u8;
  Src<bfloat16_t> bf16;
  Dst<int8_t> dst8;
  Dst<uint8_t> dstU8;
  Dst<bfloat16_t> dstBf;
  // expect@+2[a2a3]: error pto-colreduce-src-dtype: TCOLMAX does not support int8_t sources on a2a3
  // expect-note@+1[a2a3]: help: use a half, float, int16_t or int32_t source on a2a3
  TCOLMAX(dst8, i8);
  TCOLMIN(dstU8, u8); // expect[a2a3]: error pto-colreduce-src-dtype: TCOLMIN does not support uint8_t sources on a2a3
  TCOLMAX(dstBf, bf16); // expect[a2a3]: error pto-colreduce-src-dtype: TCOLMAX does not support bfloat16_t sources on a2a3
}

// Unsigned 16/32-bit and 64-bit integers: a5 only, plus the cpu simulator's TCOLMIN.
void unsignedAndWideIntegers() {
  Src<uint16_t> u16;
  Src<uint32_t> u32;
  Src<int64_t> i64;
  Dst<uint16_t> dstU16;
  Dst<uint32_t> dstU32;
  Dst<int64_t> dst64;
  TCOLMIN(dstU16, u16); // expect[a2a3]: error pto-colreduce-src-dtype: TCOLMIN does not support uint16_t sources on a2a3
  // expect@+2[a2a3]: error pto-colreduce-src-dtype: TCOLMAX does not support uint32_t sources on a2a3
  // expect@+1[cpu]: error pto-colreduce-src-dtype: TCOLMAX does not support uint32_t sources on cpu
  TCOLMAX(dstU32, u32);
  TCOLMAX(dst64, i64); // expect[a2a3,cpu]: error pto-colreduce-src-dtype: TCOLMAX does not support int64_t sources on
  TCOLMIN(dst64, i64); // expect[a2a3]: error pto-colreduce-src-dtype: TCOLMIN does not support int64_t sources on a2a3
}

// double: no NPU target reduces it; the cpu simulator's TCOLMIN checks no type.
void doubleSource() {
  Src<double> f64;
  Dst<double> dst;
  // expect@+3[a2a3]: error pto-colreduce-src-dtype: TCOLMAX does not support double sources on a2a3
  // expect@+2[a5]: error pto-colreduce-src-dtype: TCOLMAX does not support double sources on a5
  // expect@+1[cpu]: error pto-colreduce-src-dtype: TCOLMAX does not support double sources on cpu
  TCOLMAX(dst, f64);
  // expect-note@+1[a5]: help: use an integer, half, bfloat16_t or float source on a5
  TCOLMIN(dst, f64); // expect[a2a3,a5]: error pto-colreduce-src-dtype: TCOLMIN does not support double sources on
}

void dynamicShapes(unsigned rows, unsigned cols) {
  if (rows == 0 || rows > 16 || cols == 0 || cols > 64)
    return;
  DynSrc<int32_t> src(rows, cols);
  DynDst<int32_t> dst(cols);
  TCOLMIN(dst, src);
  TCOLMAX(dst, src); // expect[cpu]: error pto-colreduce-src-dtype: TCOLMAX does not support int32_t sources on cpu
}

// Legal only because `if constexpr` discards the call for 8-byte element types; unguarded it is an error.
template <typename T> void guardedElementType() {
  Src<T> src;
  Dst<T> dst;
  if constexpr (sizeof(T) != 8)
    TCOLMAX(dst, src);
}
template void guardedElementType<double>();

template <typename T> void unguardedElementType() {
  Src<T> src;
  Dst<T> dst;
  TCOLMAX(dst, src); // expect[a2a3,a5,cpu]: error pto-colreduce-src-dtype: TCOLMAX does not support double sources on
}
template void unguardedElementType<double>();
