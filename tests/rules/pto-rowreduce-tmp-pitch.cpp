// Fixture for pto-rowreduce-tmp-pitch: on A2A3 the scratch tile's rows are at least 256 bytes apart when tmp is
// used.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 128>;
using Dst = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using Tall = Tile<TileType::Vec, float, 64, 32>; // 8192 B in 128-B rows
using HalfSrc = Tile<TileType::Vec, half, 16, 256>;
using HalfDst = Tile<TileType::Vec, half, 16, 1, BLayout::ColMajor>;
using HalfTall = Tile<TileType::Vec, half, 64, 64>;
using Between = Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, 16, 96>;

void legal() {
  Src src, tmp;
  Dst dst;
  TROWMIN(dst, src, tmp);
  Tile<TileType::Vec, float, 16, 64> narrow;
  Tall tall; // at most 64 valid columns: tmp is not used
  TROWMAX(dst, narrow, tall);
}

void narrowRows() {
  Src src;
  Dst dst;
  Tall tmp;
  // expect-note@+1[a2a3]: help: give tmp at least 64 columns of float, e.g. the shape of src
  TROWMAX(dst, src, tmp); // expect[a2a3]: error pto-rowreduce-tmp-pitch: tmp rows are 128 B apart but TROWMAX on a2a3 writes 256 B per tmp row for a src with 128 valid columns
}

// Between one and two repeats of valid columns, upstream returns without writing dst.
void silentNoOp() {
  Between src;
  Dst dst;
  Tall tmp;
  TROWMIN(dst, src, tmp); // expect[a2a3]: error pto-rowreduce-tmp-pitch: tmp rows are 128 B apart but TROWMIN on a2a3 writes 256 B per tmp row for a src with 96 valid columns
}

void halves() {
  HalfSrc src;
  HalfDst dst;
  HalfTall tmp;
  TROWMIN(dst, src, tmp); // expect[a2a3]: error pto-rowreduce-tmp-pitch: tmp rows are 128 B apart but TROWMIN on a2a3 writes 256 B per tmp row for a src with 256 valid columns
}
