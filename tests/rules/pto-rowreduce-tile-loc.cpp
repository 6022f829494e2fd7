// Fixture for pto-rowreduce-tile-loc: the source and the destination are Vec tiles.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using MatSrc = Tile<TileType::Mat, float, 16, 64>;
using Dst = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using MatDst = Tile<TileType::Mat, float, 16, 1, BLayout::ColMajor>;
using MatTmp = Tile<TileType::Mat, float, 16, 64>;

void legal() {
  Src src, tmp;
  Dst dst;
  TROWMIN(dst, src, tmp);
  MatTmp mtmp; // tmp's TileType is not checked
  TROWMAX(dst, src, mtmp);
}

void matSource() {
  MatSrc src;
  Src tmp;
  Dst dst;
  // expect-note@+1[a2a3,a5]: help: declare the tiles with TileType::Vec
  TROWMIN(dst, src, tmp); // expect[a2a3,a5]: error pto-rowreduce-tile-loc: TROWMIN on
}

void matDestination() {
  Src src, tmp;
  MatDst dst;
  TROWMAX(dst, src, tmp); // expect[a2a3,a5]: error pto-rowreduce-tile-loc: TROWMAX on
}
