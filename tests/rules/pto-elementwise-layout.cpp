// Fixture for pto-elementwise-layout: TMIN/TMAX tiles are row-major on a2a3 and a5 (cpu: any layout).
#include <pto/pto-inst.hpp>

using namespace pto;

using Nd = Tile<TileType::Vec, float, 16, 64>;
// DN 16 x 64: a column is 16 * 4 = 64 B, a multiple of 32 B.
using Dn = Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor>;
using DynNd = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynDn = Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor, -1, -1>;

void legal() {
  Nd dst, a, b;
  TMIN(dst, a, b);
  TMAX(dst, a, b);
}

void columnMajorSource() {
  Nd dst, a;
  Dn b;
  // expect@+2[a2a3]: error pto-elementwise-layout: dst is RowMajor, src0 RowMajor and src1 ColMajor but TMIN needs row-major tiles on a2a3
  // expect@+1[a5]: error pto-elementwise-layout: dst is RowMajor, src0 RowMajor and src1 ColMajor but TMIN needs row-major tiles on a5
  TMIN(dst, a, b);
}

void columnMajorDestination() {
  Dn dst;
  Nd a, b;
  // expect-note@+1[a2a3,a5]: help: declare dst, src0 and src1 with BLayout::RowMajor
  TMAX(dst, a, b); // expect[a2a3,a5]: error pto-elementwise-layout: dst is ColMajor, src0 RowMajor and src1 RowMajor but TMAX needs row-major tiles on
}

// The cpu simulator indexes each tile through its own layout: all-DN is fine there.
void allColumnMajor() {
  Dn dst, a, b;
  TMIN(dst, a, b); // expect[a2a3,a5]: error pto-elementwise-layout: dst is ColMajor, src0 ColMajor and src1 ColMajor but TMIN needs row-major tiles on
}

void dynamicShapes(unsigned rows, unsigned cols) {
  if (rows > 16 || cols > 64)
    return;
  DynNd dst(rows, cols), a(rows, cols);
  DynDn b(rows, cols);
  TMAX(dst, a, a);
  TMAX(dst, b, a); // expect[a2a3,a5]: error pto-elementwise-layout: dst is RowMajor, src0 ColMajor and src1 RowMajor but TMAX needs row-major tiles on
}

// Legal only because `if constexpr` keeps column-major tiles away from the call.
template <typename S> void guardedLayout() {
  Nd dst;
  S src;
  if constexpr (S::isRowMajor)
    TMIN(dst, src, src);
}
template void guardedLayout<Dn>();
