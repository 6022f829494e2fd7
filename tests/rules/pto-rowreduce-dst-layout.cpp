// Fixture for pto-rowreduce-dst-layout: the destination is ND, or DN with exactly one column.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Dst = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using NdDst = Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, 16, 1>;
using WideDnDst = Tile<TileType::Vec, float, 16, 2, BLayout::ColMajor, 16, 1>;
using BoxDst = Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, 16, 1, SLayout::RowMajor>;

void legal() {
  Src src, tmp;
  Dst dn;
  NdDst nd;
  TROWMIN(dn, src, tmp);
  TROWMAX(nd, src, tmp);
}

void twoColumnDn() {
  Src src, tmp;
  WideDnDst dst;
  // expect-note@+1[a2a3,a5]: help: declare dst as Tile<TileType::Vec, T, Rows, 1, BLayout::ColMajor> (or row-major)
  TROWMIN(dst, src, tmp); // expect[a2a3,a5]: error pto-rowreduce-dst-layout: dst has BLayout ColMajor, SLayout NoneBox and 2 columns but TROWMIN on
}

void boxed() {
  Src src, tmp;
  BoxDst dst;
  TROWMAX(dst, src, tmp); // expect[a2a3,a5]: error pto-rowreduce-dst-layout: dst has BLayout RowMajor, SLayout RowMajor and 8 columns but TROWMAX on
}
