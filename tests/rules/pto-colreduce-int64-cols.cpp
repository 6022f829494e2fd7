// Fixture for pto-colreduce-int64-cols: on a5 a column reduction of 64-bit integers covers at most 64 columns.
#include <pto/pto-inst.hpp>

using namespace pto;

// TCOLMIN: the cpu simulator takes 64-bit sources for it (its TCOLMAX does not); a2a3 takes none, which every
// call below also reports.
using Src64 = Tile<TileType::Vec, int64_t, 16, 64>;
using Dst64 = Tile<TileType::Vec, int64_t, 1, 64>;
using Src128 = Tile<TileType::Vec, int64_t, 16, 128>;
using Dst128 = Tile<TileType::Vec, int64_t, 1, 128>;
using SrcU128 = Tile<TileType::Vec, uint64_t, 16, 128, BLayout::RowMajor, 16, 65>;
using DstU128 = Tile<TileType::Vec, uint64_t, 1, 128, BLayout::RowMajor, 1, 65>;
using DynSrc = Tile<TileType::Vec, int64_t, 16, 128, BLayout::RowMajor, 16, -1>;
using DynDst = Tile<TileType::Vec, int64_t, 1, 128, BLayout::RowMajor, 1, -1>;

void legal() {
  Src64 src;
  Dst64 dst;
  TCOLMIN(dst, src); // expect[a2a3]: error pto-colreduce-src-dtype: TCOLMIN does not support int64_t sources on a2a3
  // 128 valid int32_t columns are fine: the limit is for 64-bit elements only.
  Tile<TileType::Vec, int32_t, 16, 128> i32;
  Tile<TileType::Vec, int32_t, 1, 128> dst32;
  TCOLMIN(dst32, i32);
}

void wideStatic() {
  Src128 src;
  Dst128 dst;
  // expect@+4[a2a3]: error pto-colreduce-src-dtype: TCOLMIN does not support int64_t sources on a2a3
  // expect@+3[a5]: warning pto-colreduce-int64-cols: src has 128 valid columns but TCOLMIN on a5 reduces only the first 64 columns of int64_t data
  // expect-note@+2[a5]: the 64-bit path handles one 64-lane chunk per row and has no column loop
  // expect-note@+1[a5]: help: split the reduction into calls of at most 64 columns each
  TCOLMIN(dst, src);
  SrcU128 u;
  DstU128 du;
  // expect@+1[a2a3]: error pto-colreduce-src-dtype: TCOLMIN does not support uint64_t sources on a2a3
  TCOLMIN(du, u); // expect[a5]: warning pto-colreduce-int64-cols: src has 65 valid columns but TCOLMIN on a5 reduces only the first 64 columns of uint64_t data
}

void dynamicConstants() {
  DynSrc src64(64);
  DynDst dst64(64);
  DynSrc src100(100);
  DynDst dst100(100);
  TCOLMIN(dst64, src64); // expect[a2a3]: error pto-colreduce-src-dtype: TCOLMIN does not support int64_t sources on a2a3
  // expect@+1[a2a3]: error pto-colreduce-src-dtype: TCOLMIN does not support int64_t sources on a2a3
  TCOLMIN(dst100, src100); // expect[a5]: warning pto-colreduce-int64-cols: src has 100 valid columns but TCOLMIN on a5 reduces only the first 64 columns of int64_t data
}

// cols may be 1..128: 65 is the smallest that is too wide.
void unguardedParams(unsigned cols) {
  if (cols == 0 || cols > 128)
    return;
  DynSrc src(cols);
  DynDst dst(cols);
  // expect@+3[a2a3]: error pto-colreduce-src-dtype: TCOLMIN does not support int64_t sources on a2a3
  // expect@+2[a5]: warning pto-colreduce-int64-cols: src has 65 valid columns but TCOLMIN on a5 reduces only the first 64 columns of int64_t data
  // expect-note@+1[a5]: fails for example when cols = 65
  TCOLMIN(dst, src);
}

void guardedParams(unsigned cols) {
  if (cols == 0 || cols > 64)
    return;
  DynSrc src(cols);
  DynDst dst(cols);
  TCOLMIN(dst, src); // expect[a2a3]: error pto-colreduce-src-dtype: TCOLMIN does not support int64_t sources on a2a3
}
