// tests/kernels/real/agree: TMAX, TMIN, TPARTMAX and TPARTMIN on the real pto-isa headers (pto-isa@3186c381) with
// every valid dim a kernel argument, for each element type the target's implementations of both take
// (npu/a2a3/TMin.hpp:59-66, npu/a2a3/TPartMin.hpp:70-83; npu/a5/TMin.hpp:59-64, npu/a5/TPartMin.hpp:31-39;
// cpu/TPartOp.hpp:79-86, while cpu/TMax.hpp:33-36 and cpu/ElementTileOp.h:21-24 take any; bfloat16_t needs C++23 on
// the CPU simulator), for Upstream.HandRulesImplyUpstreamChecks (--assume-rules).
#include <pto/pto-inst.hpp>

using namespace pto;

template <typename T, int Rows, int Cols>
AICORE void binary(int dstRows, int dstCols, int rows0, int cols0, int rows1, int cols1) {
  using TileT = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, -1, -1>;
  TileT dst(dstRows, dstCols), src0(rows0, cols0), src1(rows1, cols1);
  TASSIGN(dst, 0x0);
  TASSIGN(src0, 0x8000);
  TASSIGN(src1, 0x10000);
  TMAX(dst, src0, src1);
  TMIN(dst, src0, src1);
  TPARTMAX(dst, src0, src1);
  TPARTMIN(dst, src0, src1);
}

#define BINARY(T, Name)                                                                                             \
  __global__ AICORE void binary_##Name(int dstRows, int dstCols, int rows0, int cols0, int rows1, int cols1) {      \
    binary<T, 16, 128>(dstRows, dstCols, rows0, cols0, rows1, cols1);                                              \
  }

BINARY(half, f16)
BINARY(float, f32)
BINARY(int16_t, s16)
BINARY(int32_t, s32)
#if defined(REGISTER_BASE) || defined(__CPU_SIM) // a5 and the CPU simulator take these too
BINARY(int8_t, s8)
BINARY(uint8_t, u8)
#endif
#if defined(REGISTER_BASE) // and a5 these
BINARY(uint16_t, u16)
BINARY(uint32_t, u32)
BINARY(int64_t, s64)
BINARY(uint64_t, u64)
BINARY(bfloat16_t, bf16)
#endif
