// tests/kernels/real/portability: a kernel written for one target's tile layouts, checked for another
// (Upstream.StaticAssertOfAnotherTargetIsAFindingOnTheCall). Its left tile has a2a3's layout (row-major blocks of
// row-major fractals, npu/a2a3 TileLeft); a5's TMATMUL static_asserts a column-major one (npu/a5/TMatmul.hpp:163), so
// the kernel builds for a2a3 and not for a5, and pto-lint says so on the call.
#include <pto/pto-inst.hpp>

using namespace pto;

using L = Tile<TileType::Left, half, 16, 32, BLayout::RowMajor, 16, 32, SLayout::RowMajor, 512>;
using R = TileRight<half, 32, 16>;
using C = TileAcc<float, 16, 16>;

__global__ AICORE void matmulA2A3Layout() {
  L a;
  R b;
  C c;
  TASSIGN(a, 0x0);
  TASSIGN(b, 0x0);
  TASSIGN(c, 0x0);
  TMATMUL(c, a, b);
}
