// tests/rules: pto-tile-overlap: operands of one call are disjoint, except exact in-place aliasing of a
// position-wise op's destination with a same-shaped source.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;  // 4096 B
using Idx = Tile<TileType::Vec, int32_t, 1, 64>; // 256 B
using Tmp = Tile<TileType::Vec, float, 1, 128>;  // 512 B

void disjoint() {
  Src src;
  Idx dst;
  Tmp tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x1000);
  TASSIGN(tmp, 0x1100);
  TCOLARGMIN(dst, src, tmp);
}

void overlapping() {
  Src src;
  Idx dst;
  Tmp tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x800); // inside src
  TASSIGN(tmp, 0x1000);
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-tile-overlap: 'dst' [2048, 2304) and 'src' [0, 4096) overlap in the UB, which TCOLARGMIN does not allow
  TASSIGN(dst, 0x1000);    // re-placed: now on top of tmp
  TASSIGN(tmp, 0x1080);
  TCOLARGMAX(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-tile-overlap: 'dst' [4096, 4352) and 'tmp' [4224, 4736) overlap in the UB, which TCOLARGMAX does not allow
}

void reductionInPlaceIsStillAnOverlap() {
  Tile<TileType::Vec, int32_t, 1, 64> dst;
  Tile<TileType::Vec, float, 1, 64> src; // same size as dst
  Tmp tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x0);
  TASSIGN(tmp, 0x400);
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-tile-overlap: 'dst' [0, 256) and 'src' [0, 256) overlap in the UB, which TCOLARGMIN does not allow
}
