// tests/kernels/real/agree: TROWEXPANDMAX and TROWEXPANDMIN, both overloads, on the real pto-isa headers
// (pto-isa@3186c381) with every valid dim a kernel argument: a row-major operand the destination's shape and a
// broadcast operand of one 32-byte block per row (row-major) or one column (DN), as src0 or as src1, for each element
// type the target's implementation takes (npu/a2a3/TRowExpandMin.hpp:33-44,77-89, npu/a5/TRowExpandMin.hpp:48-60,
// cpu/TRowExpandOp.hpp:22-40), for Upstream.HandRulesImplyUpstreamChecks (--assume-rules).
#include <pto/pto-inst.hpp>

using namespace pto;

template <typename T, int Rows, int Cols>
using Full = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, -1, -1>;
template <typename T, int Rows>
using Block = Tile<TileType::Vec, T, Rows, 32 / sizeof(T), BLayout::RowMajor, -1, -1>;
// A DN tile of one column; Rows elements of every type are a multiple of 32 bytes (pto-tile-row-pitch).
template <typename T, int Rows>
using Column = Tile<TileType::Vec, T, Rows, 1, BLayout::ColMajor, -1, -1>;
// a2a3's scratch for a DN broadcast: 256 bytes per 8 destination rows (pto-rowexpand-tmp-size).
template <typename T, int Rows>
using Scratch = Tile<TileType::Vec, T, 1, 256 * ((Rows + 7) / 8) / sizeof(T), BLayout::RowMajor>;

template <typename Dst, typename Src0, typename Src1>
AICORE void rowExpand(int dstRows, int dstCols, int rows0, int cols0, int rows1, int cols1) {
  Dst dst(dstRows, dstCols);
  Src0 src0(rows0, cols0);
  Src1 src1(rows1, cols1);
  TASSIGN(dst, 0x0);
  TASSIGN(src0, 0x8000);
  TASSIGN(src1, 0x10000);
  TROWEXPANDMAX(dst, src0, src1);
  TROWEXPANDMIN(dst, src0, src1);
}

template <typename Dst, typename Src0, typename Src1, typename Tmp>
AICORE void rowExpandTmp(int dstRows, int dstCols, int rows0, int cols0, int rows1, int cols1) {
  Dst dst(dstRows, dstCols);
  Src0 src0(rows0, cols0);
  Src1 src1(rows1, cols1);
  Tmp tmp;
  TASSIGN(dst, 0x0);
  TASSIGN(src0, 0x8000);
  TASSIGN(src1, 0x10000);
  TASSIGN(tmp, 0x18000);
  TROWEXPANDMAX(dst, src0, src1, tmp);
  TROWEXPANDMIN(dst, src0, src1, tmp);
}

#define ROWEXPAND(T, Name)                                                                                          \
  __global__ AICORE void rowExpandBlock1_##Name(int dr, int dc, int r0, int c0, int r1, int c1) {                  \
    rowExpand<Full<T, 16, 128>, Full<T, 16, 128>, Block<T, 16>>(dr, dc, r0, c0, r1, c1);                           \
  }                                                                                                                \
  __global__ AICORE void rowExpandBlock0_##Name(int dr, int dc, int r0, int c0, int r1, int c1) {                  \
    rowExpand<Full<T, 16, 128>, Block<T, 16>, Full<T, 16, 128>>(dr, dc, r0, c0, r1, c1);                           \
  }                                                                                                                \
  __global__ AICORE void rowExpandColumn1_##Name(int dr, int dc, int r0, int c0, int r1, int c1) {                 \
    rowExpand<Full<T, 32, 128>, Full<T, 32, 128>, Column<T, 32>>(dr, dc, r0, c0, r1, c1);                          \
  }                                                                                                                \
  __global__ AICORE void rowExpandColumn0_##Name(int dr, int dc, int r0, int c0, int r1, int c1) {                 \
    rowExpand<Full<T, 32, 128>, Column<T, 32>, Full<T, 32, 128>>(dr, dc, r0, c0, r1, c1);                          \
  }                                                                                                                \
  __global__ AICORE void rowExpandTmp1_##Name(int dr, int dc, int r0, int c0, int r1, int c1) {                    \
    rowExpandTmp<Full<T, 32, 128>, Full<T, 32, 128>, Column<T, 32>, Scratch<T, 32>>(dr, dc, r0, c0, r1, c1);       \
  }                                                                                                                \
  __global__ AICORE void rowExpandTmp0_##Name(int dr, int dc, int r0, int c0, int r1, int c1) {                    \
    rowExpandTmp<Full<T, 32, 128>, Column<T, 32>, Full<T, 32, 128>, Scratch<T, 32>>(dr, dc, r0, c0, r1, c1);       \
  }

ROWEXPAND(half, f16)
ROWEXPAND(float, f32)
ROWEXPAND(int16_t, s16)
ROWEXPAND(int32_t, s32)
#if defined(REGISTER_BASE) || defined(__CPU_SIM) // a5 and the CPU simulator take these too
ROWEXPAND(uint16_t, u16)
ROWEXPAND(uint32_t, u32)
#endif
#if defined(REGISTER_BASE) // and a5 these
ROWEXPAND(int8_t, s8)
ROWEXPAND(uint8_t, u8)
ROWEXPAND(bfloat16_t, bf16)
#endif
