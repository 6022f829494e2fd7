// tests/kernels/real: cube-core ops on the real pto-isa headers (pto-isa@3186c381), for upstream's own checks
// (pto-upstream-assert, --upstream-checks). Each defect takes a value from a kernel argument; the guarded form beside
// it satisfies every check the op reaches. Linted per target with upstream's cube flags (--cce-aicore-arch=
// dav-c220-cube, dav-c310-cube) by tests/conformance/UpstreamConformanceTest.cpp (Upstream.RealHeaders*).
#include <pto/pto-inst.hpp>

using namespace pto;

using A = TileLeft<half, 16, 32, 16, -1>;
using B = TileRight<half, 32, 16, -1, 16>;
using C = TileAcc<float, 16, 16>;

// TMATMUL with a reduction length k from the caller: k = 0 breaks the range [1, 4095] both targets check
// (npu/a2a3/TMatmul.hpp:103, npu/a5/TMatmul.hpp:133).
__global__ AICORE void matmulK(int k) {
  if (k < 0 || k > 32) // a valid region within the tiles (pto-tile-valid-bounds)
    return;
  A a(k);
  B b(k);
  C c;
  TASSIGN(a, 0x0);
  TASSIGN(b, 0x0);
  TASSIGN(c, 0x0);
  // expect@+3[a2a3]: warning pto-upstream-assert: TMATMUL: upstream's check 'aMatrixCol >= 1 && aMatrixCol <= MMAD_MAX_SUPPORT_LENGTH' fails on a2a3: "ERROR: The range of valid aMatrixCol is [1, 4095]."
  // expect@+2[a5]: warning pto-upstream-assert: TMATMUL: upstream's check 'aMatrixCol >= 1 && aMatrixCol <= MMAD_MAX_SUPPORT_LENGTH' fails on a5: "ERROR: The range of valid aMatrixCol is [1, 4095]."
  // expect-note@+1[a2a3,a5]: fails for example when k = 0
  TMATMUL(c, a, b);
}

__global__ AICORE void matmulKGuarded(int k) {
  if (k < 1 || k > 32)
    return;
  A a(k);
  B b(k);
  C c;
  TASSIGN(a, 0x0);
  TASSIGN(b, 0x0);
  TASSIGN(c, 0x0);
  TMATMUL(c, a, b);
}

// The K loop model kernels write: K in chunks of 32, the last one shorter, accumulated after the first. k is at least
// 1 in every iteration (kb < K): proved on both targets.
__global__ AICORE void matmulChunks(int K) {
  C c;
  TASSIGN(c, 0x0);
  for (int kb = 0; kb < K; kb += 32) {
    int k = K - kb < 32 ? K - kb : 32;
    A a(k);
    B b(k);
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x0);
    if (kb == 0)
      TMATMUL(c, a, b);
    else
      TMATMUL_ACC(c, c, a, b);
  }
}

// TEXTRACT to a Left tile: a 16-row window of a 64-row Mat panel at a row from the caller. a2a3 checks that the
// window lies within the panel (npu/a2a3/TExtract.hpp:55) and that the row is 16-aligned
// (common/arch/memory/textract_common.hpp:85); a5's extraction to Left checks neither (npu/a5/TExtract.hpp:502-531).
using Panel = Tile<TileType::Mat, half, 64, 32, BLayout::ColMajor, 64, 32, SLayout::RowMajor, 512>;
using Slice = TileLeft<half, 16, 32>;

__global__ AICORE void extractLeftAt(uint16_t row) {
  Panel src;
  Slice dst;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x0);
  // expect@+4[a2a3]: warning pto-upstream-assert: TEXTRACT: upstream's check 'indexRow + DstTileData::Rows <= SrcTileData::Rows' fails on a2a3: "The sum of indexRow and dstRow should be less than srcRow!"
  // expect-note@+3[a2a3]: fails for example when row = 49
  // expect@+2[a2a3]: warning pto-upstream-assert: TEXTRACT: upstream's check '(indexRow % 16) == 0' fails on a2a3: "indexRow must be aligned to 16"
  // expect-note@+1[a2a3]: fails for example when row = 1
  TEXTRACT(dst, src, row, 0);
}

__global__ AICORE void extractLeftAtGuarded(uint16_t row) {
  Panel src;
  Slice dst;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x0);
  if (row > 48 || row % 16 != 0)
    return;
  TEXTRACT(dst, src, row, 0);
}

// The K loop's extraction: the i-th 32 columns of a 128-column panel, for as many chunks as the caller says (at most
// 4). In range and 16-aligned in every iteration (the column, converted to TEXTRACT's uint16_t, is i * 32 modulo
// 2^16): proved on both targets.
using KPanel = Tile<TileType::Mat, half, 16, 128, BLayout::ColMajor, 16, 128, SLayout::RowMajor, 512>;

__global__ AICORE void extractLeftChunks(int kTiles) {
  if (kTiles > 4)
    return;
  KPanel src;
  Slice dst;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x0);
  for (int i = 0; i < kTiles; ++i)
    TEXTRACT(dst, src, 0, i * 32);
}
