// examples: a valid shape that comes from a kernel parameter; only the guarded call is proved for every value.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, half, 32, 256, BLayout::RowMajor, -1, -1>;
using Idx = Tile<TileType::Vec, int32_t, 1, 256, BLayout::RowMajor, -1, -1>;
using Tmp = Tile<TileType::Vec, half, 1, 256>; // 512 B

// On a2a3 a half source in the index-only form needs 2*roundup(C,16) + C halves of tmp: 512 B covers C <= 80.
void guardedKernel(int rows, int cols) {
  if (rows < 1 || rows > 32 || cols < 1 || cols > 80)
    return;
  Src src(rows, cols);
  Idx idx(1, cols);
  Tmp tmp;
  TCOLARGMIN(idx, src, tmp);
}

void unguardedKernel(int rows, int cols) {
  if (rows < 1 || rows > 32 || cols < 1 || cols > 256)
    return;
  Src src(rows, cols);
  Idx idx(1, cols);
  Tmp tmp;
  TCOLARGMIN(idx, src, tmp); // expect[a2a3]: warning pto-colargmin-tmp-size: tmp tile holds 512 B but TCOLARGMIN on a 1x81 half source needs 546 B on a2a3
  // expect-note@-1[a2a3]: fails for example when cols = 81
}
