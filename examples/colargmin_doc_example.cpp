// examples: the TCOLARGMIN documentation's own example: float src 16x256 with 16x255 valid, tmp Tile<float, 1, 32>.
// On a2a3 the implementation needs 512 B of tmp; the documented tmp holds 128 B. A5 and the CPU ignore tmp.
#include <pto/pto-inst.hpp>

using namespace pto;

using SrcTile = Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, -1, -1>;
using IdxTile = Tile<TileType::Vec, uint32_t, 1, 256, BLayout::RowMajor, -1, -1>;
using TmpTile = Tile<TileType::Vec, float, 1, 32>;

void docExample() {
  SrcTile src(16, 255);
  IdxTile dst(1, 255);
  TmpTile tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x4000);
  TASSIGN(tmp, 0x4400);
  TCOLARGMIN(dst, src, tmp); // expect[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 128 B but TCOLARGMIN on a 16x255 float source needs 512 B on a2a3
}
