// tests/kernels/real: vector-core ops on the real pto-isa headers (pto-isa@3186c381), for upstream's own checks
// (pto-upstream-assert, --upstream-checks). Each defect takes a value from a kernel argument; the guarded form beside
// it satisfies every check the op reaches. Linted per target with upstream's vector flags (--cce-aicore-arch=
// dav-c220-vec, dav-c310-vec) by tests/conformance/UpstreamConformanceTest.cpp (Upstream.RealHeaders*).
#include <pto/pto-inst.hpp>

using namespace pto;

using Rows32 = Tile<TileType::Vec, float, 32, 64, BLayout::RowMajor, -1, -1>;
using Fixed32 = Tile<TileType::Vec, float, 32, 64, BLayout::RowMajor, 32, 64>;
using Full = Shape<1, 1, 1, 32, 64>;
using FullGlobal = GlobalTensor<float, Full, Stride<1, 1, 1, 64, 1>>;
using DynCols = Shape<1, 1, 1, 32, -1>;
using DynStride = Stride<1, 1, 1, -1, 1>;
using DynGlobal = GlobalTensor<float, DynCols, DynStride>;

// TLOAD of an ND tensor: a2a3 needs the tile's valid columns to equal the tensor's last dim
// (common/arch/memory/tload_common.hpp:48); a5's ND load checks nothing of the kind (npu/a5/TLoad.hpp:37-78).
// An empty tile or tensor is a2a3's other check (tload_common.hpp:324), ruled out here so that the counterexample
// is the mismatch alone.
__global__ AICORE void loadCols(__gm__ float *src, int cols) {
  if (cols <= 0 || cols > 64) // and within the tile (pto-tile-valid-bounds)
    return;
  Rows32 t(32, cols);
  FullGlobal g(src);
  TASSIGN(t, 0x0);
  // expect@+2[a2a3]: warning pto-upstream-assert: TLOAD: upstream's check 'validCol == gShape4' fails on a2a3: "The validCol of TileData must be equal to the 5th dim(Shape4) of ND shape!"
  // expect-note@+1[a2a3]: fails for example when cols = 1
  TLOAD(t, g);
}

__global__ AICORE void loadColsGuarded(__gm__ float *src, int cols) {
  if (cols != 64)
    return;
  Rows32 t(32, cols);
  FullGlobal g(src);
  TASSIGN(t, 0x0);
  TLOAD(t, g);
}

// The same with the dynamic dim on the tensor's side: 64 valid columns, a last dim from the caller.
__global__ AICORE void loadGlobalCols(__gm__ float *src, int cols) {
  if (cols <= 0)
    return;
  Fixed32 t;
  DynGlobal g(src, DynCols(cols), DynStride(cols));
  TASSIGN(t, 0x0);
  // expect@+2[a2a3]: warning pto-upstream-assert: TLOAD: upstream's check 'validCol == gShape4' fails on a2a3
  // expect-note@+1[a2a3]: fails for example when cols = 1
  TLOAD(t, g);
}

__global__ AICORE void loadGlobalColsGuarded(__gm__ float *src, int cols) {
  if (cols != 64)
    return;
  Fixed32 t;
  DynGlobal g(src, DynCols(cols), DynStride(cols));
  TASSIGN(t, 0x0);
  TLOAD(t, g);
}

// TEXTRACT of an 8-row window of a 32-row tile at a row from the caller: past the source from row 25 on both targets
// (npu/a2a3/TExtract.hpp:221, npu/a5/TExtract.hpp:859).
using Window = Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, 8, 64>;

__global__ AICORE void extractAt(uint16_t row) {
  Fixed32 src;
  Window dst;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x2000);
  // expect@+3[a2a3]: warning pto-upstream-assert: TEXTRACT: upstream's check 'idxRow + DstTileData::ValidRow <= SrcTileData::Rows' fails on a2a3: "TEXTRACT ND Vec->Vec : indexRow + dstValidRow exceeds source rows!"
  // expect@+2[a5]: warning pto-upstream-assert: TEXTRACT: upstream's check 'indexRow + validRow <= SrcTileData::Rows' fails on a5: "TEXTRACT ND_VEC : indexRow + dstValidRows exceeds srcRows!"
  // expect-note@+1[a2a3,a5]: fails for example when row = 25
  TEXTRACT(dst, src, row, 0);
}

__global__ AICORE void extractAtGuarded(uint16_t row) {
  Fixed32 src;
  Window dst;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x2000);
  if (row <= 24)
    TEXTRACT(dst, src, row, 0);
}

// TADD whose second source has valid rows from the caller: both targets need every operand's valid shape to be the
// destination's (npu/a2a3/TAdd.hpp:75, npu/a5/TAdd.hpp:77).
__global__ AICORE void addRows(int rows) {
  if (rows < 0 || rows > 32) // a valid region within the tile (pto-tile-valid-bounds)
    return;
  Rows32 a(32, 64), b(rows, 64), c(32, 64);
  TASSIGN(a, 0x0);
  TASSIGN(b, 0x2000);
  TASSIGN(c, 0x4000);
  // expect@+3[a2a3]: warning pto-upstream-assert: TADD: upstream's check 'src1.GetValidRow() == validRows && src1.GetValidCol() == validCols' fails on a2a3: "Fix: TADD input tile src1 valid shape mismatch with output tile dst shape."
  // expect@+2[a5]: warning pto-upstream-assert: TADD: upstream's check 'src1.GetValidRow() == validRows && src1.GetValidCol() == validCols' fails on a5: "Fix: TADD input tile src1 valid shape mismatch with output tile dst shape."
  // expect-note@+1[a2a3,a5]: fails for example when rows = 0
  TADD(c, a, b);
}

__global__ AICORE void addRowsGuarded(int rows) {
  if (rows != 32)
    return;
  Rows32 a(32, 64), b(rows, 64), c(32, 64);
  TASSIGN(a, 0x0);
  TASSIGN(b, 0x2000);
  TASSIGN(c, 0x4000);
  TADD(c, a, b);
}

// Row blocks of a tall tensor, the last one shorter, as model kernels tile it: every operand of TADD has the block's
// valid rows, made in the iteration of the call: proved on both targets.
__global__ AICORE void addBlocks(int n) {
  for (int r = 0; r < n; r += 32) {
    int rows = n - r < 32 ? n - r : 32;
    Rows32 a(rows, 64), b(rows, 64), c(rows, 64);
    TASSIGN(a, 0x0);
    TASSIGN(b, 0x2000);
    TASSIGN(c, 0x4000);
    TADD(c, a, b);
  }
}
