// tests/rules: pto-tile-ub-align: a TASSIGN-placed tile starts at a multiple of 32 B on the NPU targets.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using Tmp = Tile<TileType::Vec, float, 1, 128>;

void aligned() {
  Src src;
  Idx dst;
  Tmp tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x1000);
  TASSIGN<0x1100>(tmp);
  TCOLARGMIN(dst, src, tmp);
}

void misaligned() {
  Src src;
  Idx dst;
  Tmp tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x1010); // 4112 = 128 * 32 + 16
  TASSIGN(tmp, 0x1200);
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5]: error pto-tile-ub-align: 'dst' is placed at UB address 4112, which is not a multiple of 32 B
  // expect-note@-1[a5]: help: place 'dst' at a multiple of 32, e.g. 4128
}

void fromParameter(unsigned off) {
  Src src;
  Idx dst;
  Tmp tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x1000 + off * 32);
  TASSIGN(tmp, 0x4000);
  if (off < 8)
    TCOLARGMIN(dst, src, tmp); // always aligned, and below src's end only when off... 0x1000 + 7*32 < 0x4000
}
