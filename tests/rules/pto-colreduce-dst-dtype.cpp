// Fixture for pto-colreduce-dst-dtype: the destination's element type matches what each target writes.
#include <pto/pto-inst.hpp>

using namespace pto;

template <typename T> using Src = Tile<TileType::Vec, T, 16, 64>;
template <typename T> using Dst = Tile<TileType::Vec, T, 1, 64>;
template <typename T> using DynSrc = Tile<TileType::Vec, T, 16, 64, BLayout::RowMajor, -1, -1>;
template <typename T> using DynDst = Tile<TileType::Vec, T, 1, 64, BLayout::RowMajor, 1, -1>;

void legalEverywhere() {
  Src<float> src;
  Dst<float> dst;
  TCOLMAX(dst, src);
  TCOLMIN(dst, src);
}

// half -> float: the cpu simulator's TCOLMAX (and its untyped TCOLMIN) accept it, a2a3 and a5 do not.
void halfToFloat() {
  Src<half> src;
  Dst<float> dst;
  // expect@+3[a2a3]: error pto-colreduce-dst-dtype: dst has element type float but src has half; TCOLMAX needs them equal on a2a3
  // expect@+2[a5]: error pto-colreduce-dst-dtype: dst has element type float but src has half; TCOLMAX needs them equal on a5
  // expect-note@+1[a2a3,a5]: help: declare dst with element type half
  TCOLMAX(dst, src);
  TCOLMIN(dst, src); // expect[a2a3,a5]: error pto-colreduce-dst-dtype: dst has element type float but src has half; TCOLMIN needs them equal on
}

// bfloat16_t -> float: a2a3 rejects the source too.
void bfloat16ToFloat() {
  Src<bfloat16_t> src;
  Dst<float> dst;
  // expect@+2[a2a3]: error pto-colreduce-src-dtype: TCOLMAX does not support bfloat16_t sources on a2a3
  // expect@+1[a2a3,a5]: error pto-colreduce-dst-dtype: dst has element type float but src has bfloat16_t; TCOLMAX needs them equal on
  TCOLMAX(dst, src);
}

// float -> half: only the cpu simulator's TCOLMIN, which checks no type, accepts a narrowing destination.
void floatToHalf() {
  Src<float> src;
  Dst<half> dst;
  // expect@+2[a2a3,a5]: error pto-colreduce-dst-dtype: dst has element type half but src has float; TCOLMAX needs them equal on
  // expect@+1[cpu]: error pto-colreduce-dst-dtype: dst has element type half but src has float; TCOLMAX on cpu needs them equal (or a float dst for a half or bfloat16_t src)
  TCOLMAX(dst, src);
  TCOLMIN(dst, src); // expect[a2a3,a5]: error pto-colreduce-dst-dtype: dst has element type half but src has float; TCOLMIN needs them equal on
}

// int8_t -> int32_t: the cpu simulator's TCOLMAX only widens half and bfloat16_t, and only to float.
void widenedInteger() {
  Src<int8_t> src;
  Dst<int32_t> dst;
  // expect@+3[a2a3]: error pto-colreduce-src-dtype: TCOLMAX does not support int8_t sources on a2a3
  // expect@+2[a2a3,a5]: error pto-colreduce-dst-dtype: dst has element type int32_t but src has int8_t; TCOLMAX needs them equal on
  // expect@+1[cpu]: error pto-colreduce-dst-dtype: dst has element type int32_t but src has int8_t; TCOLMAX on cpu needs them equal
  TCOLMAX(dst, src);
}

void dynamicShapes(unsigned rows, unsigned cols) {
  if (rows == 0 || rows > 16 || cols == 0 || cols > 64)
    return;
  DynSrc<int32_t> src(rows, cols);
  DynDst<int32_t> same(cols);
  DynDst<int16_t> narrow(cols);
  TCOLMIN(same, src);
  TCOLMIN(narrow, src); // expect[a2a3,a5]: error pto-colreduce-dst-dtype: dst has element type int16_t but src has int32_t; TCOLMIN needs them equal on
}

// Legal only because `if constexpr` keeps mismatched element types away from the call.
template <typename D, typename S> void guardedTypes() {
  Src<S> src;
  Dst<D> dst;
  if constexpr (std::is_same<D, S>::value)
    TCOLMIN(dst, src);
}
template void guardedTypes<float, half>();
