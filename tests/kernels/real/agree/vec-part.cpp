// tests/kernels/real/agree: TPARTMAX and TPARTMIN on the real pto-isa headers (pto-isa@3186c381) with every valid dim a
// kernel argument, for each element type the target's implementation takes (npu/a2a3/TPartMin.hpp:70-83,
// npu/a5/TPartMin.hpp:31-39, cpu/TPartOp.hpp:79-86; bfloat16_t needs C++23 on the CPU simulator), for
// Upstream.HandRulesImplyUpstreamChecks (--assume-rules).
#include <pto/pto-inst.hpp>

using namespace pto;

template <typename T, int Rows, int Cols>
AICORE void part(int dstRows, int dstCols, int rows0, int cols0, int rows1, int cols1) {
  using TileT = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, -1, -1>;
  TileT dst(dstRows, dstCols), src0(rows0, cols0), src1(rows1, cols1);
  TASSIGN(dst, 0x0);
  TASSIGN(src0, 0x8000);
  TASSIGN(src1, 0x10000);
  TPARTMAX(dst, src0, src1);
  TPARTMIN(dst, src0, src1);
}

#define PART(T, Name)                                                                                               \
  __global__ AICORE void part_##Name(int dstRows, int dstCols, int rows0, int cols0, int rows1, int cols1) {        \
    part<T, 16, 128>(dstRows, dstCols, rows0, cols0, rows1, cols1);                                                \
  }

PART(half, f16)
PART(float, f32)
PART(int16_t, s16)
PART(int32_t, s32)
#if defined(REGISTER_BASE) || defined(__CPU_SIM) // a5 and the CPU simulator take these too
PART(int8_t, s8)
PART(uint8_t, u8)
#endif
#if defined(REGISTER_BASE) // and a5 these
PART(uint16_t, u16)
PART(uint32_t, u32)
PART(int64_t, s64)
PART(uint64_t, u64)
PART(bfloat16_t, bf16)
#endif
