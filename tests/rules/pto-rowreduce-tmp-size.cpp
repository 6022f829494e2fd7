// Fixture for pto-rowreduce-tmp-size: the scratch tile holds what the A2A3 row reduction writes into it.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 128>;
using Narrow = Tile<TileType::Vec, float, 16, 64>;
using DynSrc = Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, 16, -1>;
using Dst = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using Block = Tile<TileType::Vec, float, 1, 8>;
using Tmp8x64 = Tile<TileType::Vec, float, 8, 64>;
using IntSrc = Tile<TileType::Vec, int32_t, 16, 128>;
using IntDst = Tile<TileType::Vec, int32_t, 16, 1, BLayout::ColMajor>;
using IntBlock = Tile<TileType::Vec, int32_t, 1, 8>;
// A static FP32 shape with a dedicated A2A3 path (4096 B of tmp) that also runs generically when the shape is
// dynamic (2048 B with 64-column tmp rows): the smaller is required.
using Special = Tile<TileType::Vec, float, 8, 1024>;
using SpecialDst = Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor>;
using Tmp4x64 = Tile<TileType::Vec, float, 4, 64>;

void legal() {
  Src src, tmp; // tmp with src's shape: (16 - 1) * 512 + 256 = 7936 B of 8192
  Dst dst;
  TROWMIN(dst, src, tmp);
  Narrow nsrc;
  Block one; // at most 64 valid float columns: tmp is not used
  TROWMAX(dst, nsrc, one);
  IntSrc isrc;
  IntDst idst;
  IntBlock iblock; // integers accumulate in one 32-B block
  TROWMIN(idst, isrc, iblock);
  Special ssrc;
  SpecialDst sdst;
  Tmp8x64 stmp; // 2048 B
  TROWMAX(sdst, ssrc, stmp);
}

void oneRowOfTmp() {
  Src src;
  Dst dst;
  Tile<TileType::Vec, float, 1, 128> tmp;
  // expect-note@+2[a2a3]: tmp row i starts at i * tmp::Cols elements and receives 256 B of partial results
  // expect-note@+1[a2a3]: help: declare tmp with at least 7936 bytes, e.g. with the shape of src
  TROWMIN(dst, src, tmp); // expect[a2a3]: error pto-rowreduce-tmp-size: tmp tile holds 512 B but TROWMIN on a2a3 writes 7936 B into it for a 16x128 float src
}

void specialShape() {
  Special src;
  SpecialDst dst;
  Tmp4x64 tmp;
  TROWMAX(dst, src, tmp); // expect[a2a3]: error pto-rowreduce-tmp-size: tmp tile holds 1024 B but TROWMAX on a2a3 writes 2048 B into it for a 8x1024 float src
}

void dynamicColumns(unsigned cols) {
  if (cols == 0 || cols > 128)
    return;
  DynSrc src(cols);
  Dst dst;
  Tmp8x64 tmp; // 2048 B: enough while tmp is unused (cols <= 64)
  // expect@+2[a2a3]: warning pto-rowreduce-tmp-size: tmp tile holds 2048 B but TROWMIN on a2a3 writes 4096 B into it for a 16x65 float src
  // expect-note@+1[a2a3]: fails for example when cols = 65
  TROWMIN(dst, src, tmp);
}

void guardedColumns(unsigned cols) {
  if (cols == 0 || cols > 64)
    return;
  DynSrc src(cols);
  Dst dst;
  Tmp8x64 tmp;
  TROWMIN(dst, src, tmp);
}
