// Fixture for pto-rowreduce-dst-validrow: the destination has as many valid rows as the source.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, 64>;
using Dst = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using Dst8 = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, 8, 1>;
using DynDst = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, -1, 1>;

void legal(unsigned rows) {
  Src src, tmp;
  Dst dst;
  TROWMIN(dst, src, tmp);
  if (rows == 0 || rows > 16)
    return;
  DynSrc dsrc(rows);
  DynDst ddst(rows);
  TROWMAX(ddst, dsrc, tmp);
}

void fewerRows() {
  Src src, tmp;
  Dst8 dst;
  // expect-note@+1[a2a3,a5]: help: give dst a valid region of 16 x 1
  TROWMIN(dst, src, tmp); // expect[a2a3,a5]: error pto-rowreduce-dst-validrow: dst has 8 valid rows but src has 16; TROWMIN on
}

void independent(unsigned a, unsigned b) {
  if (a == 0 || a > 16 || b > 16)
    return;
  DynSrc src(a);
  DynDst dst(b);
  Src tmp;
  // expect@+2[a2a3,a5]: warning pto-rowreduce-dst-validrow: dst has 0 valid rows but src has 1; TROWMAX on
  // expect-note@+1[a2a3,a5]: fails for example when
  TROWMAX(dst, src, tmp);
}
