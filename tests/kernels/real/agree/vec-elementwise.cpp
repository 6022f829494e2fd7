// tests/kernels/real/agree: TMAX and TMIN on the real pto-isa headers (pto-isa@3186c381) with every valid dim a kernel
// argument, for each element type the target's implementation takes (npu/a2a3/TMin.hpp:59-66, npu/a5/TMin.hpp:59-64;
// cpu/TMax.hpp:33-36 and cpu/ElementTileOp.h:21-24 take any), for Upstream.HandRulesImplyUpstreamChecks
// (--assume-rules).
#include <pto/pto-inst.hpp>

using namespace pto;

template <typename T, int Rows, int Cols>
AICORE void minMax(int dstRows, int dstCols, int rows0, int cols0, int rows1, int cols1) {
  using TileT = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, -1, -1>;
  TileT dst(dstRows, dstCols), src0(rows0, cols0), src1(rows1, cols1);
  TASSIGN(dst, 0x0);
  TASSIGN(src0, 0x8000);
  TASSIGN(src1, 0x10000);
  TMAX(dst, src0, src1);
  TMIN(dst, src0, src1);
}

#define MINMAX(T, Name)                                                                                             \
  __global__ AICORE void minMax_##Name(int dstRows, int dstCols, int rows0, int cols0, int rows1, int cols1) {      \
    minMax<T, 16, 128>(dstRows, dstCols, rows0, cols0, rows1, cols1);                                              \
  }

MINMAX(half, f16)
MINMAX(float, f32)
MINMAX(int16_t, s16)
MINMAX(int32_t, s32)
#if defined(REGISTER_BASE) || defined(__CPU_SIM) // a5 and the CPU simulator take these too
MINMAX(int8_t, s8)
MINMAX(uint8_t, u8)
MINMAX(uint16_t, u16)
MINMAX(uint32_t, u32)
MINMAX(int64_t, s64)
MINMAX(uint64_t, u64)
#endif
#if defined(REGISTER_BASE) // bfloat16_t needs C++23 on the CPU simulator
MINMAX(bfloat16_t, bf16)
#endif
