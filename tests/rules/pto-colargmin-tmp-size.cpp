// Fixture for pto-colargmin-tmp-size: on a2a3 tmp must hold s * ((K-1) * min(E, roundup(vC, B)) + min(vC, E)) bytes.
#include <pto/pto-inst.hpp>

using namespace pto;

// s = sizeof(T), E = 256 / s, B = 32 / s, K = 3 for a 16-bit index-only call, else 2.
//   float, vC = 64:  4 * (64 + 64)        = 512 B      float, vC = 255: 4 * (64 + 64)   = 512 B
//   float, vC = 31:  4 * (32 + 31)        = 252 B      float, vC = 8:   4 * (8 + 8)     = 64 B
//   half,  vC = 255: 2 * (2 * 128 + 128)  = 768 B (index-only), 2 * (128 + 128) = 512 B (value+index)
//   half,  vC = 127: 2 * (2 * 128 + 127)  = 766 B (index-only)
// a5 and cpu ignore tmp, so nothing is reported for them.
using Src = Tile<TileType::Vec, float, 16, 64>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynIdx = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;

void float64Columns() {
  Src src;
  Idx dst;
  Val val;
  Tile<TileType::Vec, float, 1, 128> tmp512;
  Tile<TileType::Vec, float, 4, 32> tmp4x32; // 512 B: tmp is used flat, its Rows/Cols split does not matter
  Tile<TileType::Mat, float, 1, 128> tmpMat; // tmp's location is not checked
  Tile<TileType::Vec, float, 1, 64> tmp256;
  Tile<TileType::Vec, float, 2, 32> tmp2x32;
  TCOLARGMIN(dst, src, tmp512);
  TCOLARGMAX(dst, src, tmp4x32);
  TCOLARGMIN(val, dst, src, tmp512);
  TCOLARGMAX(dst, src, tmpMat);
  // expect@+2[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 256 B but TCOLARGMIN on a 16x64 float source needs 512 B on a2a3
  // expect-note@+1[a2a3]: help: declare tmp with at least 512 bytes, e.g. Tile<TileType::Vec, float, 1, 128>
  TCOLARGMIN(dst, src, tmp256);
  TCOLARGMAX(dst, src, tmp2x32); // expect[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 256 B but TCOLARGMAX on a 16x64 float source needs 512 B on a2a3
  TCOLARGMAX(val, dst, src, tmp256); // expect[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 256 B but TCOLARGMAX on a 16x64 float source needs 512 B on a2a3
}

// The TCOLARGMIN documentation's example: float 16x256 with 16x255 valid and tmp Tile<float, 1, 32>.
void documentationExample() {
  Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, 16, 255> src;
  Tile<TileType::Vec, uint32_t, 1, 256, BLayout::RowMajor, 1, 255> dst;
  Tile<TileType::Vec, float, 1, 32> docTmp;
  Tile<TileType::Vec, float, 1, 128> tmp;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMIN(dst, src, docTmp); // expect[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 128 B but TCOLARGMIN on a 16x255 float source needs 512 B on a2a3
}

void narrowFloat() {
  Tile<TileType::Vec, float, 16, 32, BLayout::RowMajor, 16, 31> src31;
  Tile<TileType::Vec, int32_t, 1, 32, BLayout::RowMajor, 1, 31> dst31;
  Tile<TileType::Vec, float, 1, 64> tmp256;
  Tile<TileType::Vec, float, 1, 56> tmp224;
  TCOLARGMIN(dst31, src31, tmp256);
  // expect@+2[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 224 B but TCOLARGMIN on a 16x31 float source needs 252 B on a2a3
  // expect-note@+1[a2a3]: help: declare tmp with at least 252 bytes, e.g. Tile<TileType::Vec, float, 1, 64>
  TCOLARGMIN(dst31, src31, tmp224);

  Tile<TileType::Vec, float, 16, 8> src8;
  Tile<TileType::Vec, int32_t, 1, 8> dst8;
  Tile<TileType::Vec, float, 1, 16> tmp64; // exactly the 64 B needed
  Tile<TileType::Vec, float, 1, 8> tmp32;
  TCOLARGMAX(dst8, src8, tmp64);
  TCOLARGMAX(dst8, src8, tmp32); // expect[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 32 B but TCOLARGMAX on a 16x8 float source needs 64 B on a2a3
}

// 16-bit sources: the index-only form keeps a third region (the selected index) in tmp.
void halfSource() {
  Tile<TileType::Vec, half, 16, 256, BLayout::RowMajor, 16, 255> src;
  Tile<TileType::Vec, int32_t, 1, 256, BLayout::RowMajor, 1, 255> dst;
  Tile<TileType::Vec, int16_t, 1, 256, BLayout::RowMajor, 1, 255> dst16;
  Tile<TileType::Vec, half, 1, 256, BLayout::RowMajor, 1, 255> val;
  Tile<TileType::Vec, half, 1, 384> tmp768;
  Tile<TileType::Vec, half, 1, 256> tmp512;
  Tile<TileType::Vec, half, 1, 128> tmp256;
  TCOLARGMIN(dst, src, tmp768);
  // expect@+3[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 512 B but TCOLARGMAX on a 16x255 half source needs 768 B on a2a3
  // expect-note@+2[a2a3]: 128 elements apart
  // expect-note@+1[a2a3]: help: declare tmp with at least 768 bytes, e.g. Tile<TileType::Vec, half, 1, 384>
  TCOLARGMAX(dst, src, tmp512);
  // The value+index form needs only two regions. (cpu wants 32-bit indices in that form: idx-dtype.)
  TCOLARGMIN(val, dst16, src, tmp512); // expect[cpu]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t
  // expect@+2[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 256 B but TCOLARGMIN on a 16x255 half source needs 512 B on a2a3
  // expect@+1[cpu]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t
  TCOLARGMIN(val, dst16, src, tmp256);

  Tile<TileType::Vec, half, 16, 128, BLayout::RowMajor, 16, 127> src127;
  Tile<TileType::Vec, int32_t, 1, 128, BLayout::RowMajor, 1, 127> dst127;
  Tile<TileType::Vec, half, 1, 368> tmp736;
  TCOLARGMAX(dst127, src127, tmp768);
  // expect@+2[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 736 B but TCOLARGMAX on a 16x127 half source needs 766 B on a2a3
  // expect-note@+1[a2a3]: help: declare tmp with at least 766 bytes, e.g. Tile<TileType::Vec, half, 1, 384>
  TCOLARGMAX(dst127, src127, tmp736);
}

void dynamicConstants() {
  Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, -1, -1> wide(16, 200);
  Tile<TileType::Vec, int32_t, 1, 256, BLayout::RowMajor, -1, -1> wideDst(1, 200);
  DynSrc narrow(16, 16);
  DynIdx narrowDst(1, 16);
  Tile<TileType::Vec, float, 1, 64> tmp256;
  TCOLARGMIN(narrowDst, narrow, tmp256); // 4 * (16 + 16) = 128 B
  TCOLARGMIN(wideDst, wide, tmp256); // expect[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 256 B but TCOLARGMIN on a 16x200 float source needs 512 B on a2a3
}

// The need grows with the valid columns, not with the valid rows.
void rowsDoNotMatter(int rows) {
  if (rows <= 0 || rows > 16)
    return;
  DynSrc src(rows, 64);
  Idx dst;
  Tile<TileType::Vec, float, 1, 128> tmp;
  TCOLARGMAX(dst, src, tmp);
}

// 128 B of tmp covers 4 * (roundup(cols, 8) + cols) only up to cols = 16; cols = 17 needs 4 * (24 + 17) = 164 B.
void unguardedCols(int cols) {
  if (cols <= 0 || cols > 64)
    return;
  DynSrc src(16, cols);
  DynIdx dst(1, cols);
  Tile<TileType::Vec, float, 1, 32> tmp;
  // expect@+3[a2a3]: warning pto-colargmin-tmp-size: tmp tile holds 128 B but TCOLARGMIN on a 16x17 float source needs 164 B on a2a3
  // expect-note@+2[a2a3]: fails for example when cols = 17
  // expect-note@+1[a2a3]: assuming '!(cols <= 0 || cols > 64)' here
  TCOLARGMIN(dst, src, tmp);
}

void guardedCols(int cols) {
  if (cols <= 0 || cols > 16)
    return;
  DynSrc src(16, cols);
  DynIdx dst(1, cols);
  Tile<TileType::Vec, float, 1, 32> tmp;
  TCOLARGMIN(dst, src, tmp);
}

// Half, index-only (K = 3): 256 B covers 2 * (2 * roundup(cols, 16) + cols) up to cols = 32;
// cols = 33 needs 2 * (2 * 48 + 33) = 258 B.
void unguardedHalfCols(int cols) {
  if (cols <= 0 || cols > 128)
    return;
  Tile<TileType::Vec, half, 16, 128, BLayout::RowMajor, -1, -1> src(16, cols);
  Tile<TileType::Vec, int32_t, 1, 128, BLayout::RowMajor, -1, -1> dst(1, cols);
  Tile<TileType::Vec, half, 1, 128> tmp;
  // expect@+2[a2a3]: warning pto-colargmin-tmp-size: tmp tile holds 256 B but TCOLARGMAX on a 16x33 half source needs 258 B on a2a3
  // expect-note@+1[a2a3]: fails for example when cols = 33
  TCOLARGMAX(dst, src, tmp);
}

void guardedHalfCols(int cols) {
  if (cols <= 0 || cols > 32)
    return;
  Tile<TileType::Vec, half, 16, 128, BLayout::RowMajor, -1, -1> src(16, cols);
  Tile<TileType::Vec, int32_t, 1, 128, BLayout::RowMajor, -1, -1> dst(1, cols);
  Tile<TileType::Vec, half, 1, 128> tmp;
  TCOLARGMAX(dst, src, tmp);
}
