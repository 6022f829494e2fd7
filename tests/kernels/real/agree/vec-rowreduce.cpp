// tests/kernels/real/agree: TROWMAX and TROWMIN on the real pto-isa headers (pto-isa@3186c381) with every valid dim a
// kernel argument, into a row-major destination and a one-column DN one, for each element type the target's
// implementation takes (npu/a2a3/TRowReduceOps.hpp:179-204, npu/a5/TRowReduce.hpp:170-197,441-486), for
// Upstream.HandRulesImplyUpstreamChecks (--assume-rules).
#include <pto/pto-inst.hpp>

using namespace pto;

// The scratch tile has a 256-byte row per source row (pto-rowreduce-tmp-size, pto-rowreduce-tmp-pitch).
template <typename T, int Rows, int Cols, typename Dst>
AICORE void rowReduce(int srcRows, int srcCols, int dstRows, int dstCols) {
  using Src = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, -1, -1>;
  using Tmp = Tile<TileType::Vec, T, Rows, 256 / sizeof(T), BLayout::RowMajor>;
  Src src(srcRows, srcCols);
  Dst dst(dstRows, dstCols);
  Tmp tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x10000);
  TASSIGN(tmp, 0x18000);
  TROWMAX(dst, src, tmp);
  TROWMIN(dst, src, tmp);
}

#define ROWREDUCE(T, Name)                                                                                          \
  __global__ AICORE void rowReduceNd_##Name(int srcRows, int srcCols, int dstRows, int dstCols) {                   \
    rowReduce<T, 32, 128, Tile<TileType::Vec, T, 32, 32 / sizeof(T), BLayout::RowMajor, -1, -1>>(                  \
        srcRows, srcCols, dstRows, dstCols);                                                                       \
  }                                                                                                                \
  __global__ AICORE void rowReduceDn_##Name(int srcRows, int srcCols, int dstRows, int dstCols) {                   \
    rowReduce<T, 32, 128, Tile<TileType::Vec, T, 32, 1, BLayout::ColMajor, -1, -1>>(srcRows, srcCols, dstRows,     \
                                                                                    dstCols);                      \
  }

ROWREDUCE(half, f16)
ROWREDUCE(float, f32)
ROWREDUCE(int16_t, s16)
ROWREDUCE(int32_t, s32)
#if defined(REGISTER_BASE) // a5 takes these too (the CPU simulator's TROWMAX and TROWMIN take any: cpu/TRowMax.hpp)
ROWREDUCE(int8_t, s8)
ROWREDUCE(uint8_t, u8)
ROWREDUCE(int64_t, s64)
ROWREDUCE(uint64_t, u64)
#endif
