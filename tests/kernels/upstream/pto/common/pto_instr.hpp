// tests: a miniature of pto-isa's layout for the lifting of upstream's checks (docs/upstream-checks.md): public ops
// in a file named pto_instr.hpp that call `<OP>_IMPL` in a target's folder (npu/a2a3), global tensors with static
// and dynamic dims (the semantics of pto-isa@3186c381 include/pto/common/pto_tile.hpp:27-363), and asserts in
// helpers. Written for pto-lint's tests; the op names are made up so that they cannot be mistaken for real ones.
#ifndef PTOLINT_TEST_UPSTREAM_PTO_INSTR_HPP
#define PTOLINT_TEST_UPSTREAM_PTO_INSTR_HPP

#include "debug.h"
#include <cstdint>
#include <pto/pto-inst.hpp>

namespace pto {

template <int64_t N1 = -1, int64_t N2 = -1, int64_t N3 = -1, int64_t N4 = -1, int64_t N5 = -1> struct Shape {
  static constexpr int64_t staticShape[5] = {N1, N2, N3, N4, N5};
  int64_t shape[5] = {N1, N2, N3, N4, N5};
  Shape() {
    for (int64_t &S : shape)
      S = S == -1 ? 1 : S;
  }
  explicit Shape(int64_t N) {
    for (int64_t &S : shape)
      if (S == -1) {
        S = N;
        break;
      }
  }
  Shape(int64_t A, int64_t B, int64_t C, int64_t D, int64_t E) : shape{A, B, C, D, E} {}
};

template <int64_t S1 = -1, int64_t S2 = -1, int64_t S3 = -1, int64_t S4 = -1, int64_t S5 = -1> struct Stride {
  int64_t stride[5] = {S1, S2, S3, S4, S5};
};

template <typename T, typename ShapeT, typename StrideT> struct GlobalTensor {
  GlobalTensor(T *Data, const ShapeT &S = ShapeT(), const StrideT &St = StrideT()) : data_(Data), shape_(S), stride_(St) {}
  int64_t GetShape(int Dim) const { return shape_.shape[Dim]; }
  int64_t GetStride(int Dim) const { return stride_.stride[Dim]; }
  T *data_;
  ShapeT shape_;
  StrideT stride_;
};

template <typename TileData, typename GlobalData> void TDEMOLOAD_IMPL(TileData &dst, GlobalData &src);
template <typename TileData> void TDEMOEXTRACT_IMPL(TileData &dst, TileData &src, unsigned indexRow);
template <typename TileData> void TDEMOSLICE_IMPL(TileData &dst, TileData &src, uint16_t indexCol);

template <typename TileData, typename GlobalData> void TDEMOLOAD(TileData &dst, GlobalData &src) {
  TDEMOLOAD_IMPL(dst, src);
}

template <typename TileData> void TDEMOEXTRACT(TileData &dst, TileData &src, unsigned indexRow) {
  TDEMOEXTRACT_IMPL(dst, src, indexRow);
}
template <typename TileData, typename GlobalData> void TDEMOSQUARE_IMPL(TileData &dst, GlobalData &src);
template <typename TileData, typename GlobalData> void TDEMOSQUARE(TileData &dst, GlobalData &src) {
  TDEMOSQUARE_IMPL(dst, src);
}

template <typename TileData> void TDEMOSLICE(TileData &dst, TileData &src, uint16_t indexCol) {
  TDEMOSLICE_IMPL(dst, src, indexCol);
}

template <typename TileData> void TDEMOSCOPE_IMPL(TileData &dst, TileData &src, unsigned n);
template <typename TileData> void TDEMOSCOPE(TileData &dst, TileData &src, unsigned n) { TDEMOSCOPE_IMPL(dst, src, n); }

} // namespace pto

#include "../npu/a2a3/Demo.hpp"

#endif
