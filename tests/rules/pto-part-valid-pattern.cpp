// Fixture for pto-part-valid-pattern: one source's valid region equals dst's and the other lies within it
// (a2a3 and a5; the cpu simulator accepts every pattern, so no call fails there).
#include <pto/pto-inst.hpp>

using namespace pto;

template <int VR, int VC> using F = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, VR, VC>;
using Full = F<16, 64>;
using Dyn = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;

void legalStatic() {
  Full d, a, b;
  TPARTMIN(d, a, b); // all equal
  F<8, 64> fewerRows;
  TPARTMAX(d, a, fewerRows);
  F<16, 32> fewerCols;
  TPARTMIN(d, fewerCols, b);
  F<3, 5> smaller;
  TPARTMAX(d, smaller, a); // smaller in both dimensions
  F<0, 64> noRows;
  TPARTMIN(d, a, noRows); // an empty source is within dst
}

void neitherEqualsDst() {
  Full d;
  F<8, 64> a;
  F<16, 32> b;
  // expect@+3[a2a3]: error pto-part-valid-pattern: valid regions are dst 16x64, src0 8x64 and src1 16x32 but TPARTMIN needs one source equal to dst and the other within it on a2a3
  // expect-note@+2[a2a3]: on a2a3 any other pattern is a silent no-op in release builds: dst is left untouched
  // expect@+1[a5]: error pto-part-valid-pattern: valid regions are dst 16x64, src0 8x64 and src1 16x32 but TPARTMIN needs one source equal to dst and the other within it on a5
  TPARTMIN(d, a, b);
}

void otherSourceLarger() {
  F<8, 64> d, a;
  Full b; // 16 rows where dst has 8
  TPARTMAX(d, a, b); // expect[a2a3,a5]: error pto-part-valid-pattern: valid regions are dst 8x64, src0 8x64 and src1 16x64 but TPARTMAX needs one source equal to dst and the other within it on
}

// An empty dst: a2a3 returns before its check, a5 asserts before its early return.
void emptyDst() {
  F<0, 64> d;
  Full a, b;
  TPARTMIN(d, a, b); // expect[a5]: error pto-part-valid-pattern: valid regions are dst 0x64, src0 16x64 and src1 16x64 but TPARTMIN needs one source equal to dst and the other within it on a5
}

void dynamicConstants() {
  Dyn d(8, 32), a(8, 32), b(4, 16), c(9, 16);
  TPARTMIN(d, a, b);
  TPARTMAX(d, b, a);
  TPARTMIN(d, a, c); // expect[a2a3,a5]: error pto-part-valid-pattern: valid regions are dst 8x32, src0 8x32 and src1 9x16 but TPARTMIN needs one source equal to dst and the other within it on
}

// dst's valid region comes from parameters: src0 equals it only if the caller passes 16x64.
void unguardedParams(unsigned r, unsigned c) {
  if (r > 16 || c > 64)
    return;
  Dyn d(r, c);
  Full a;
  F<8, 64> b;
  // expect@+2[a2a3,a5]: warning pto-part-valid-pattern: src0 16x64 and src1 8x64 but TPARTMIN needs one source equal to dst and the other within it on
  // expect-note@+1[a2a3,a5]: fails for example when
  TPARTMIN(d, a, b);
}

void guardedParams(unsigned r, unsigned c) {
  if (r > 16 || c > 64)
    return;
  if (r != 16 || c != 64)
    return;
  Dyn d(r, c);
  Full a;
  F<8, 64> b;
  TPARTMIN(d, a, b);
}

// Tiles passed in: the pattern holds only if the caller arranged it.
void fromCaller(Dyn &d, Dyn &a, Dyn &b) {
  if (a.GetValidRow() != d.GetValidRow() || a.GetValidCol() != d.GetValidCol())
    return;
  // expect@+2[a2a3,a5]: warning pto-part-valid-pattern: valid regions are dst
  // expect-note@+1[a2a3,a5]: fails for example when
  TPARTMAX(d, a, b);
  if (b.GetValidRow() <= d.GetValidRow() && b.GetValidCol() <= d.GetValidCol())
    TPARTMAX(d, a, b);
}
