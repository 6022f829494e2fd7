// Fixture for pto-rowreduce-src-layout: the source is an ND tile (row-major, no fractal boxes).
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using DnSrc = Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor>;
using BoxSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, SLayout::RowMajor>;
using Dst = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;

void legal() {
  Src src, tmp;
  Dst dst;
  TROWMIN(dst, src, tmp);
}

void columnMajor() {
  DnSrc src;
  Src tmp;
  Dst dst;
  // expect-note@+1[a2a3,a5]: help: declare src with BLayout::RowMajor and SLayout::NoneBox
  TROWMAX(dst, src, tmp); // expect[a2a3,a5]: error pto-rowreduce-src-layout: src has BLayout ColMajor and SLayout NoneBox but TROWMAX on
}

void boxed() {
  BoxSrc src;
  Src tmp;
  Dst dst;
  TROWMIN(dst, src, tmp); // expect[a2a3,a5]: error pto-rowreduce-src-layout: src has BLayout RowMajor and SLayout RowMajor but TROWMIN on
}
