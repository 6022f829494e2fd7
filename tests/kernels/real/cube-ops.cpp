// Cube-core ops on the real pto-isa headers: each defect with a dynamic value from a kernel argument, beside the
// guarded form that upstream's checks accept (tests/conformance/UpstreamConformanceTest.cpp, Upstream.RealHeaders*).
#include <pto/pto-inst.hpp>

using namespace pto;

using A = TileLeft<half, 16, 32, 16, -1>;
using B = TileRight<half, 32, 16, -1, 16>;
using C = TileAcc<float, 16, 16>;

// TMATMUL: the reduction length k comes from the caller and may be 0.
__global__ AICORE void matmulK(int k) {
  A a(k);
  B b(k);
  C c;
  TASSIGN(a, 0x0);
  TASSIGN(b, 0x0);
  TASSIGN(c, 0x0);
  TMATMUL(c, a, b);
}

__global__ AICORE void matmulKGuarded(int k) {
  if (k < 1)
    return;
  A a(k);
  B b(k);
  C c;
  TASSIGN(a, 0x0);
  TASSIGN(b, 0x0);
  TASSIGN(c, 0x0);
  TMATMUL(c, a, b);
}

// TEXTRACT to a Left tile: a 16-row window of a 64-row Mat tile at a row the caller picks.
using Panel = Tile<TileType::Mat, half, 64, 32, BLayout::ColMajor, 64, 32, SLayout::RowMajor, 512>;
using Slice = TileLeft<half, 16, 32>;

__global__ AICORE void extractLeftAt(uint16_t row) {
  Panel src;
  Slice dst;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x0);
  TEXTRACT(dst, src, row, 0);
}

__global__ AICORE void extractLeftAtGuarded(uint16_t row) {
  Panel src;
  Slice dst;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x0);
  if (row > 48)
    return;
  TEXTRACT(dst, src, row, 0);
}
