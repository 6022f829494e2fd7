// Fixture for pto-colreduce-dst-cols: on cpu the destination tile of TCOLMAX has as many columns as the source.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Dst = Tile<TileType::Vec, float, 1, 64>;
// A wider destination (128 columns) whose valid region still has the source's 64 columns.
using WideDst = Tile<TileType::Vec, float, 1, 128, BLayout::RowMajor, 1, 64>;
// A 128-column source with 64 valid columns, for a 64-column destination.
using WideSrc = Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, 16, 64>;
using DynWideSrc = Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, -1, -1>;
using DynDst = Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, -1>;

void legal() {
  Src src;
  Dst dst;
  TCOLMAX(dst, src);
  TCOLMIN(dst, src);
}

void widerDestination() {
  Src src;
  WideDst dst;
  // expect@+2[cpu]: error pto-colreduce-dst-cols: dst tile has 128 columns but src has 64; TCOLMAX on cpu needs tiles with equal Cols
  // expect-note@+1[cpu]: help: declare dst with 64 columns
  TCOLMAX(dst, src);
  TCOLMIN(dst, src); // TCOLMIN has no such check
}

void narrowerDestination() {
  WideSrc src;
  Dst dst;
  TCOLMAX(dst, src); // expect[cpu]: error pto-colreduce-dst-cols: dst tile has 64 columns but src has 128; TCOLMAX on cpu needs tiles with equal Cols
  TCOLMIN(dst, src);
}

void dynamicShapes(unsigned rows, unsigned cols) {
  if (rows == 0 || rows > 16 || cols == 0 || cols > 64)
    return;
  DynWideSrc src(rows, cols);
  DynDst dst(cols);
  TCOLMAX(dst, src); // expect[cpu]: error pto-colreduce-dst-cols: dst tile has 64 columns but src has 128; TCOLMAX on cpu needs tiles with equal Cols
}

// Legal only because `if constexpr` pairs equal Cols.
template <typename S, typename D> void guardedCols() {
  S src;
  D dst;
  if constexpr (S::Cols == D::Cols)
    TCOLMAX(dst, src);
}
template void guardedCols<WideSrc, Dst>();
