// Fixture for pto-elementwise-dtype-match: the sources of TMIN/TMAX have the destination's element type.
#include <pto/pto-inst.hpp>

using namespace pto;

template <typename T> using T16x64 = Tile<TileType::Vec, T, 16, 64>;
template <typename T> using Dyn = Tile<TileType::Vec, T, 16, 64, BLayout::RowMajor, -1, -1>;

void legal() {
  T16x64<float> dst, a, b;
  TMIN(dst, a, b);
  TMAX(dst, a, b);
}

void halfSource() {
  T16x64<float> dst, a;
  T16x64<half> h;
  // expect@+3[a2a3]: error pto-elementwise-dtype-match: src0 has element type float and src1 half but dst has float; TMAX needs all three equal on a2a3
  // expect@+2[a5]: error pto-elementwise-dtype-match: src0 has element type float and src1 half but dst has float; TMAX needs all three equal on a5
  // expect@+1[cpu]: error pto-elementwise-dtype-match: src0 has element type float and src1 half but dst has float; TMAX needs all three equal on cpu
  TMAX(dst, a, h);
}

void integerSources() {
  T16x64<int32_t> dst;
  T16x64<int16_t> a;
  T16x64<uint32_t> b;
  // expect-note@+1[a2a3,a5,cpu]: help: convert the sources to int32_t first (TCVT) or declare the three tiles with one element type
  TMIN(dst, a, b); // expect[a2a3,a5,cpu]: error pto-elementwise-dtype-match: src0 has element type int16_t and src1 uint32_t but dst has int32_t; TMIN needs all three equal on
}

// Both sources agree with each other but not with dst.
void halfDestination() {
  T16x64<half> dst;
  T16x64<float> a, b;
  TMIN(dst, a, b); // expect[a2a3,a5,cpu]: error pto-elementwise-dtype-match: src0 has element type float and src1 float but dst has half; TMIN needs all three equal on
}

void dynamicShapes(unsigned rows, unsigned cols) {
  if (rows > 16 || cols > 64)
    return;
  Dyn<float> dst(rows, cols), a(rows, cols);
  Dyn<int32_t> b(rows, cols);
  TMAX(dst, a, a);
  TMAX(dst, a, b); // expect[a2a3,a5,cpu]: error pto-elementwise-dtype-match: src0 has element type float and src1 int32_t but dst has float; TMAX needs all three equal on
}

// Legal only because `if constexpr` keeps mismatched element types away from the call.
template <typename D, typename S> void guardedTypes() {
  T16x64<D> dst;
  T16x64<S> src;
  if constexpr (std::is_same<D, S>::value)
    TMIN(dst, src, src);
}
template void guardedTypes<float, half>();
