// Fixture for pto-rowreduce-dst-dtype: the destination has the source's element type.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Dst = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using HalfDst = Tile<TileType::Vec, half, 16, 1, BLayout::ColMajor>;
using IntDst = Tile<TileType::Vec, int32_t, 16, 1, BLayout::ColMajor>;

void legal() {
  Src src, tmp;
  Dst dst;
  TROWMIN(dst, src, tmp);
}

void narrower() {
  Src src, tmp;
  HalfDst dst;
  // expect-note@+1[a2a3,a5]: help: declare dst with the element type of src
  TROWMIN(dst, src, tmp); // expect[a2a3,a5]: error pto-rowreduce-dst-dtype: dst element type is half but TROWMIN on
}

void sameSize() {
  Src src, tmp;
  IntDst dst;
  TROWMAX(dst, src, tmp); // expect[a2a3,a5]: error pto-rowreduce-dst-dtype: dst element type is int32_t but TROWMAX on
}
