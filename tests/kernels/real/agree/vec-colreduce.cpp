// tests/kernels/real/agree: TCOLMAX and TCOLMIN on the real pto-isa headers (pto-isa@3186c381) with every valid dim a
// kernel argument, for each element type the target's implementation takes (npu/a2a3/TColReduceOps.hpp:87-89,
// npu/a5/TColReduceOps.hpp:31-36, cpu/TColMax.hpp:34-50), for Upstream.HandRulesImplyUpstreamChecks (--assume-rules).
#include <pto/pto-inst.hpp>

using namespace pto;

template <typename T, int Rows, int Cols>
AICORE void colReduce(int srcRows, int srcCols, int dstRows, int dstCols) {
  using Src = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, -1, -1>;
  using Dst = Tile<TileType::Vec, T, 1, Cols, BLayout::RowMajor, -1, -1>;
  Src src(srcRows, srcCols);
  Dst dst(dstRows, dstCols);
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x10000);
  TCOLMAX(dst, src);
  TCOLMIN(dst, src);
}

#define COLREDUCE(T, Name)                                                                                          \
  __global__ AICORE void colReduce_##Name(int srcRows, int srcCols, int dstRows, int dstCols) {                     \
    colReduce<T, 16, 128>(srcRows, srcCols, dstRows, dstCols);                                                     \
  }

#if defined(__CPU_SIM) // the CPU simulator's TCOLMAX (cpu/TColMax.hpp:34-50; bfloat16_t needs C++23 there)
COLREDUCE(half, f16)
COLREDUCE(float, f32)
COLREDUCE(int8_t, s8)
COLREDUCE(uint8_t, u8)
#else
COLREDUCE(half, f16)
COLREDUCE(float, f32)
COLREDUCE(int16_t, s16)
COLREDUCE(int32_t, s32)
#if defined(REGISTER_BASE) // a5 takes these too
COLREDUCE(int8_t, s8)
COLREDUCE(uint8_t, u8)
COLREDUCE(uint16_t, u16)
COLREDUCE(uint32_t, u32)
COLREDUCE(int64_t, s64)
COLREDUCE(uint64_t, u64)
COLREDUCE(bfloat16_t, bf16)
#endif
#endif
