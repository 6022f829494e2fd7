// Fixture for pto-colreduce-src-layout: the source of TCOLMAX/TCOLMIN is row-major ND on a2a3 and a5 (cpu: any).
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Dst = Tile<TileType::Vec, float, 1, 64>;
// DN: 64 rows x 16 columns; a column is 64 * 4 = 256 B, a multiple of 32 B. Its destination has 16 columns.
using DnSrc = Tile<TileType::Vec, float, 64, 16, BLayout::ColMajor>;
using Dst16 = Tile<TileType::Vec, float, 1, 16>;
// Row-major with a row-major fractal (boxed): not NoneBox.
using BoxedSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, SLayout::RowMajor>;
using DynDnSrc = Tile<TileType::Vec, float, 64, 16, BLayout::ColMajor, -1, -1>;
using DynDst16 = Tile<TileType::Vec, float, 1, 16, BLayout::RowMajor, 1, -1>;

void legal() {
  Src src;
  Dst dst;
  TCOLMAX(dst, src);
  TCOLMIN(dst, src);
}

void columnMajorSource() {
  DnSrc src;
  Dst16 dst;
  // expect@+2[a2a3]: error pto-colreduce-src-layout: src is a ColMajor/NoneBox tile but TCOLMAX needs a RowMajor/NoneBox (ND) source on a2a3
  // expect@+1[a5]: error pto-colreduce-src-layout: src is a ColMajor/NoneBox tile but TCOLMAX needs a RowMajor/NoneBox (ND) source on a5
  TCOLMAX(dst, src);
  TCOLMIN(dst, src); // expect[a2a3,a5]: error pto-colreduce-src-layout: src is a ColMajor/NoneBox tile but TCOLMIN needs a RowMajor/NoneBox (ND) source on
}

void boxedSource() {
  BoxedSrc src;
  Dst dst;
  // expect-note@+1[a2a3,a5]: help: declare src as Tile<TileType::Vec, T, Rows, Cols> (row-major, no fractal)
  TCOLMIN(dst, src); // expect[a2a3,a5]: error pto-colreduce-src-layout: src is a RowMajor/RowMajor tile but TCOLMIN needs a RowMajor/NoneBox (ND) source on
}

void dynamicShapes(unsigned rows, unsigned cols) {
  if (rows == 0 || rows > 64 || cols == 0 || cols > 16)
    return;
  DynDnSrc src(rows, cols);
  DynDst16 dst(cols);
  TCOLMAX(dst, src); // expect[a2a3,a5]: error pto-colreduce-src-layout: src is a ColMajor/NoneBox tile but TCOLMAX needs a RowMajor/NoneBox (ND) source on
}

// Legal only because `if constexpr` keeps column-major sources away from the call.
template <typename S> void guardedLayout() {
  S src;
  Dst16 dst;
  if constexpr (S::isRowMajor)
    TCOLMAX(dst, src);
}
template void guardedLayout<DnSrc>();
