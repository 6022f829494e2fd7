// Vector-core ops on the real pto-isa headers: each defect with a dynamic value from a kernel argument, beside the
// guarded form that upstream's checks accept (tests/conformance/UpstreamConformanceTest.cpp, Upstream.RealHeaders*).
#include <pto/pto-inst.hpp>

using namespace pto;

using Rows32 = Tile<TileType::Vec, float, 32, 64, BLayout::RowMajor, -1, -1>;
using Full = Shape<1, 1, 1, 32, 64>;
using FullGlobal = GlobalTensor<float, Full, Stride<1, 1, 1, 64, 1>>;

// TLOAD: the tile's valid columns come from the caller, the ND global's last dim is 64.
__global__ AICORE void loadCols(__gm__ float *src, int cols) {
  Rows32 t(32, cols);
  FullGlobal g(src);
  TASSIGN(t, 0x0);
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

// TEXTRACT: an 8-row window of a 32-row tile at a row the caller picks.
using Window = Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, 8, 64>;
using Source = Tile<TileType::Vec, float, 32, 64, BLayout::RowMajor, 32, 64>;

__global__ AICORE void extractAt(uint16_t row) {
  Source src;
  Window dst;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x2000);
  TEXTRACT(dst, src, row, 0);
}

__global__ AICORE void extractAtGuarded(uint16_t row) {
  Source src;
  Window dst;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x2000);
  if (row <= 24)
    TEXTRACT(dst, src, row, 0);
}

// TADD: the second operand's valid rows come from the caller.
__global__ AICORE void addRows(int rows) {
  Rows32 a(32, 64), b(rows, 64), c(32, 64);
  TASSIGN(a, 0x0);
  TASSIGN(b, 0x2000);
  TASSIGN(c, 0x4000);
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
