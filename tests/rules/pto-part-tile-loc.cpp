// Fixture for pto-part-tile-loc: dst, src0 and src1 are Vec tiles on a2a3 and a5 (any location works on cpu).
#include <pto/pto-inst.hpp>

using namespace pto;

using V = Tile<TileType::Vec, float, 16, 64>;
using M = Tile<TileType::Mat, float, 16, 64>;
using DynV = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynM = Tile<TileType::Mat, float, 16, 64, BLayout::RowMajor, -1, -1>;

void legal() {
  V d, a, b;
  TPARTMIN(d, a, b);
}

// The cpu simulator keeps every tile in one memory, so its variant holds for every call: no cpu expectations.
void matSource() {
  V d, b;
  M a;
  // expect@+2[a2a3]: error pto-part-tile-loc: dst is a Vec tile, src0 a Mat tile and src1 a Vec tile but TPARTMIN needs Vec tiles on a2a3
  // expect@+1[a5]: error pto-part-tile-loc: dst is a Vec tile, src0 a Mat tile and src1 a Vec tile but TPARTMIN needs Vec tiles on a5
  TPARTMIN(d, a, b);
}

void dynamicShapes(unsigned r, unsigned c) {
  if (r == 0 || r > 16 || c == 0 || c > 64)
    return;
  DynV d(r, c), a(r, c);
  DynM m(r, c);
  TPARTMAX(d, a, a);
  TPARTMAX(m, a, a); // expect[a2a3,a5]: error pto-part-tile-loc: dst is a Mat tile, src0 a Vec tile and src1 a Vec tile but TPARTMAX needs Vec tiles on
}
