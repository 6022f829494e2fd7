// Fixture for pto-colreduce-dst-layout: the destination of TCOLMAX/TCOLMIN is row-major ND on a2a3 and a5 (cpu: any).
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Dst = Tile<TileType::Vec, float, 1, 64>;
// DN destination of 8 x 64 (a column is 8 * 4 = 32 B) with a valid region of 1 x 64.
using DnDst = Tile<TileType::Vec, float, 8, 64, BLayout::ColMajor, 1, 64>;
// Row-major with a column-major fractal (boxed).
using BoxedDst = Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, 64, SLayout::ColMajor>;
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynDnDst = Tile<TileType::Vec, float, 8, 64, BLayout::ColMajor, 1, -1>;

void legal() {
  Src src;
  Dst dst;
  TCOLMAX(dst, src);
  TCOLMIN(dst, src);
}

void columnMajorDestination() {
  Src src;
  DnDst dst;
  // expect@+2[a2a3]: error pto-colreduce-dst-layout: dst is a ColMajor/NoneBox tile but TCOLMIN needs a RowMajor/NoneBox (ND) destination on a2a3
  // expect@+1[a5]: error pto-colreduce-dst-layout: dst is a ColMajor/NoneBox tile but TCOLMIN needs a RowMajor/NoneBox (ND) destination on a5
  TCOLMIN(dst, src);
}

void boxedDestination() {
  Src src;
  BoxedDst dst;
  // expect-note@+1[a2a3,a5]: help: declare dst as Tile<TileType::Vec, T, 1, Cols> (row-major, no fractal)
  TCOLMAX(dst, src); // expect[a2a3,a5]: error pto-colreduce-dst-layout: dst is a RowMajor/ColMajor tile but TCOLMAX needs a RowMajor/NoneBox (ND) destination on
}

void dynamicShapes(unsigned rows, unsigned cols) {
  if (rows == 0 || rows > 16 || cols == 0 || cols > 64)
    return;
  DynSrc src(rows, cols);
  DynDnDst dst(cols);
  Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, -1> nd(cols);
  TCOLMAX(nd, src);
  TCOLMAX(dst, src); // expect[a2a3,a5]: error pto-colreduce-dst-layout: dst is a ColMajor/NoneBox tile but TCOLMAX needs a RowMajor/NoneBox (ND) destination on
}
