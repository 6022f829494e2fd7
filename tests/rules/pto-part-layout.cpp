// Fixture for pto-part-layout: dst, src0 and src1 are row-major (an a2a3 error, an a5 warning, fine on cpu).
#include <pto/pto-inst.hpp>

using namespace pto;

using Row = Tile<TileType::Vec, float, 16, 64>;
using Col = Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor>; // 16 floats = 64 B columns
using DynRow = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynCol = Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor, -1, -1>;

void legal() {
  Row d, a, b;
  TPARTMIN(d, a, b);
  TPARTMAX(d, a, b);
}

// The cpu simulator addresses every layout correctly, so its variant holds for every call: no cpu expectations.
void columnMajorSource() {
  Row d, a;
  Col b;
  // expect@+2[a2a3]: error pto-part-layout: dst is RowMajor, src0 RowMajor and src1 ColMajor but TPARTMIN needs row-major tiles on a2a3
  // expect@+1[a5]: warning pto-part-layout: dst is RowMajor, src0 RowMajor and src1 ColMajor but TPARTMIN on a5 addresses every tile as row-major, so the result is wrong
  TPARTMIN(d, a, b);
}

void columnMajorDst() {
  Col d, a, b;
  // expect@+2[a2a3]: error pto-part-layout: dst is ColMajor, src0 ColMajor and src1 ColMajor but TPARTMAX needs row-major tiles on a2a3
  // expect-note@+1[a5]: the a5 implementation has no layout check and steps through each tile with its RowStride
  TPARTMAX(d, a, b); // expect[a5]: warning pto-part-layout: dst is ColMajor, src0 ColMajor and src1 ColMajor but TPARTMAX on a5 addresses
}

void dynamicShapes(unsigned r, unsigned c) {
  if (r == 0 || r > 16 || c == 0 || c > 64)
    return;
  DynRow d(r, c), a(r, c), b(r, c);
  DynCol k(r, c);
  TPARTMAX(d, a, b);
  // expect@+2[a2a3]: error pto-part-layout: dst is RowMajor, src0 ColMajor and src1 RowMajor but TPARTMAX needs row-major tiles on a2a3
  // expect@+1[a5]: warning pto-part-layout: dst is RowMajor, src0 ColMajor and src1 RowMajor but TPARTMAX on a5 addresses every tile as row-major
  TPARTMAX(d, k, b);
}
