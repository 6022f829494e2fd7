// Fixture for pto-elementwise-dtype: the element types each target's TMIN/TMAX supports.
#include <pto/pto-inst.hpp>

using namespace pto;

// dst, src0 and src1 share one 16 x 64 tile type (64 columns of any type are a multiple of 32 B).
template <typename T> using T16x64 = Tile<TileType::Vec, T, 16, 64>;
template <typename T> using Dyn = Tile<TileType::Vec, T, 16, 64, BLayout::RowMajor, -1, -1>;

void legalEverywhere() {
  T16x64<float> f32;
  T16x64<half> f16;
  T16x64<int32_t> i32;
  T16x64<int16_t> i16;
  TMIN(f32, f32, f32);
  TMAX(f16, f16, f16);
  TMIN(i32, i32, i32);
  TMAX(i16, i16, i16);
}

// a5 and cpu take these, a2a3 does not.
void a5Types() {
  T16x64<uint8_t> u8;
  T16x64<int8_t> i8;
  T16x64<uint16_t> u16;
  T16x64<uint32_t> u32;
  T16x64<bfloat16_t> bf16;
  T16x64<int64_t> i64;
  T16x64<uint64_t> u64;
  // expect@+2[a2a3]: error pto-elementwise-dtype: TMIN does not support uint8_t tiles on a2a3
  // expect-note@+1[a2a3]: help: use int32_t, int16_t, half or float tiles on a2a3
  TMIN(u8, u8, u8);
  TMAX(i8, i8, i8); // expect[a2a3]: error pto-elementwise-dtype: TMAX does not support int8_t tiles on a2a3
  TMIN(u16, u16, u16); // expect[a2a3]: error pto-elementwise-dtype: TMIN does not support uint16_t tiles on a2a3
  TMAX(u32, u32, u32); // expect[a2a3]: error pto-elementwise-dtype: TMAX does not support uint32_t tiles on a2a3
  TMIN(bf16, bf16, bf16); // expect[a2a3]: error pto-elementwise-dtype: TMIN does not support bfloat16_t tiles on a2a3
  TMAX(i64, i64, i64); // expect[a2a3]: error pto-elementwise-dtype: TMAX does not support int64_t tiles on a2a3
  TMIN(u64, u64, u64); // expect[a2a3]: error pto-elementwise-dtype: TMIN does not support uint64_t tiles on a2a3
}

// double: only the cpu simulator, which applies std::min/std::max to any type.
void doubleTiles() {
  T16x64<double> f64;
  // expect@+3[a2a3]: error pto-elementwise-dtype: TMAX does not support double tiles on a2a3
  // expect@+2[a5]: error pto-elementwise-dtype: TMAX does not support double tiles on a5
  // expect-note@+1[a5]: help: use integer, half, bfloat16_t or float tiles on a5
  TMAX(f64, f64, f64);
}

void dynamicShapes(unsigned rows, unsigned cols) {
  if (rows > 16 || cols > 64)
    return;
  Dyn<int16_t> a(rows, cols), b(rows, cols), c(rows, cols);
  Dyn<int8_t> d(rows, cols), e(rows, cols), f(rows, cols);
  TMIN(a, b, c);
  TMAX(d, e, f); // expect[a2a3]: error pto-elementwise-dtype: TMAX does not support int8_t tiles on a2a3
}

// Legal only because `if constexpr` discards the call for 8-byte element types; unguarded it is an error.
template <typename T> void guardedElementType() {
  T16x64<T> x;
  if constexpr (sizeof(T) != 8)
    TMIN(x, x, x);
}
template void guardedElementType<double>();

template <typename T> void unguardedElementType() {
  T16x64<T> x;
  TMIN(x, x, x); // expect[a2a3,a5]: error pto-elementwise-dtype: TMIN does not support double tiles on
}
template void unguardedElementType<double>();
