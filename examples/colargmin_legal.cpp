// examples: TCOLARGMIN and TCOLARGMAX calls that are legal on a2a3, a5 and cpu (pto-lint proves every rule).
#include <pto/pto-inst.hpp>

using namespace pto;

void legalKernel() {
  Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, -1, -1> src(16, 255);
  Tile<TileType::Vec, uint32_t, 1, 256, BLayout::RowMajor, -1, -1> idx(1, 255);
  Tile<TileType::Vec, float, 1, 256, BLayout::RowMajor, -1, -1> val(1, 255);
  Tile<TileType::Vec, float, 1, 128> tmp; // 512 B: what a2a3 uses for a float source
  TASSIGN(src, 0x0);
  TASSIGN(idx, 0x4000);
  TASSIGN(val, 0x4400);
  TASSIGN(tmp, 0x4800);
  TCOLARGMIN(idx, src, tmp);
  TCOLARGMAX(val, idx, src, tmp);
}
