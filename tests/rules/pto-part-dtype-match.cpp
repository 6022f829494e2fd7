// Fixture for pto-part-dtype-match: dst, src0 and src1 have the same element type.
#include <pto/pto-inst.hpp>

using namespace pto;

using F = Tile<TileType::Vec, float, 16, 64>;
using H = Tile<TileType::Vec, half, 16, 64>;
using I = Tile<TileType::Vec, int32_t, 16, 64>;
using DynF = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynH = Tile<TileType::Vec, half, 16, 64, BLayout::RowMajor, -1, -1>;

void legal() {
  F d, a, b;
  TPARTMIN(d, a, b);
  H hd, ha, hb;
  TPARTMAX(hd, ha, hb);
}

void staticMismatch() {
  F d, a;
  H b;
  // expect@+3[a2a3]: error pto-part-dtype-match: dst has element type float, src0 float and src1 half but TPARTMIN needs all three equal on a2a3
  // expect@+2[a5]: error pto-part-dtype-match: dst has element type float, src0 float and src1 half but TPARTMIN needs all three equal on a5
  // expect@+1[cpu]: error pto-part-dtype-match: dst has element type float, src0 float and src1 half but TPARTMIN needs all three equal on cpu
  TPARTMIN(d, a, b);
  I id;
  // Sources agree, the destination does not (each type on its own is supported everywhere).
  TPARTMAX(id, a, a); // expect[a2a3,a5,cpu]: error pto-part-dtype-match: dst has element type int32_t, src0 float and src1 float but TPARTMAX needs all three equal on
}

void dynamicShapes(unsigned r, unsigned c) {
  if (r == 0 || r > 16 || c == 0 || c > 64)
    return;
  DynF d(r, c), a(r, c), b(r, c);
  DynH h(r, c);
  TPARTMAX(d, a, b);
  TPARTMAX(d, h, b); // expect[a2a3,a5,cpu]: error pto-part-dtype-match: dst has element type float, src0 half and src1 float but TPARTMAX needs all three equal on
}
