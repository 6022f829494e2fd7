// Fixture for pto-rowreduce-valid-nonzero: the source has at least one valid row and one valid column.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, -1>;
using NoColSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 0>;
using Dst = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;

void legal() {
  Src src, tmp;
  Dst dst;
  TROWMIN(dst, src, tmp);
}

void noColumn() {
  NoColSrc src;
  Src tmp;
  Dst dst;
  // expect-note@+1[a2a3,a5]: help: guard the call with a check that the valid region is not empty
  TROWMAX(dst, src, tmp); // expect[a2a3,a5]: error pto-rowreduce-valid-nonzero: src valid region is 16x0 but TROWMAX needs at least one valid row and column on
}

void unguarded(unsigned cols) {
  if (cols > 64)
    return;
  DynSrc src(cols);
  Src tmp;
  Dst dst;
  // expect@+2[a2a3,a5]: warning pto-rowreduce-valid-nonzero: src valid region is 16x0 but TROWMIN needs at least one valid row and column on
  // expect-note@+1[a2a3,a5]: fails for example when cols = 0
  TROWMIN(dst, src, tmp);
}

void guarded(unsigned cols) {
  if (cols == 0 || cols > 64)
    return;
  DynSrc src(cols);
  Src tmp;
  Dst dst;
  TROWMIN(dst, src, tmp);
}
