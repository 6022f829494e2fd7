// Fixture for pto-tile-valid-bounds: every operand's valid region lies within its declared Rows x Cols.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 512 B: a2a3 needs at most 4 * (64 + 64) B for float sources
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynIdx = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;
using DynVal = Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, -1, -1>;
using DynTmp = Tile<TileType::Vec, float, 1, 128, BLayout::RowMajor, -1, -1>;
using WideSrc = Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, -1, -1>;
using WideIdx = Tile<TileType::Vec, int32_t, 1, 128, BLayout::RowMajor, -1, -1>;

void legalStaticAndConstants() {
  Src src;
  Idx dst;
  Val val;
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(val, dst, src, tmp);
  // The valid region may fill the whole tile.
  DynSrc full(16, 64);
  DynIdx fullDst(1, 64);
  DynVal fullVal(1, 64);
  DynTmp fullTmp(1, 128);
  TCOLARGMIN(fullDst, full, fullTmp);
  TCOLARGMAX(fullVal, fullDst, full, fullTmp);
}

// The header's static_assert only compares with Rows/Cols, so a static valid dim below -1 gets through.
void staticNegative() {
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -2, 64> src;
  Idx dst;
  Tmp tmp;
  // expect@+1[a2a3,a5,cpu]: error pto-tile-valid-bounds: 'src' has a -2x64 valid region but its tile is only 16x64
  TCOLARGMIN(dst, src, tmp);
}

// The dynamic constructors do not check their arguments against the tile shape.
void dynamicConstants() {
  DynSrc tall(20, 64);
  WideSrc src80(16, 80); // a2a3 tmp need for 80 float columns: 4 * (64 + 64) = 512 B
  DynIdx dst80(1, 80);
  WideIdx wideDst80(1, 80);
  DynVal val80(1, 80);
  Src src;
  Idx dst;
  DynTmp tmp2(2, 128);
  Tmp tmp;
  // expect@+2[a2a3,a5,cpu]: error pto-tile-valid-bounds: 'tall' has a 20x64 valid region but its tile is only 16x64
  // expect-note@+1[a2a3,a5,cpu]: help: keep the valid region within 16x64, or declare a larger tile
  TCOLARGMIN(dst, tall, tmp);
  TCOLARGMAX(dst80, src80, tmp); // expect[a2a3,a5,cpu]: error pto-tile-valid-bounds: 'dst80' has a 1x80 valid region but its tile is only 1x64
  TCOLARGMIN(dst, src, tmp2); // a scratch tile's valid region is never used, only its address and capacity
  // expect@+1[a2a3,a5,cpu]: error pto-tile-valid-bounds: 'val80' has a 1x80 valid region but its tile is only 1x64
  TCOLARGMAX(val80, wideDst80, src80, tmp);
}

// An empty region (0 rows or 0 columns) reads and writes nothing, whatever its other count: upstream's own a5
// TPARTMIN test passes an 8x0 source on a 1x8 tile, and the op copies the other source.
void emptyRegion() {
  Tile<TileType::Vec, float, 8, 8, BLayout::RowMajor, -1, -1> dst(8, 8), src1(8, 8);
  Tile<TileType::Vec, float, 1, 8, BLayout::RowMajor, -1, -1> src0(8, 0);
  TPARTMIN(dst, src0, src1);
}

void setValidShape() {
  DynSrc ok(16, 64);
  DynSrc grown(16, 64);
  Idx dst;
  Tmp tmp;
  ok.SetValidShape(8, 64);
  grown.SetValidShape(24, 64);
  TCOLARGMIN(dst, ok, tmp);
  TCOLARGMIN(dst, grown, tmp); // expect[a2a3,a5,cpu]: error pto-tile-valid-bounds: 'grown' has a 24x64 valid region but its tile is only 16x64
}

void unguardedRows(int rows) {
  if (rows <= 0)
    return;
  DynSrc src(rows, 64);
  Idx dst;
  Tmp tmp;
  // expect@+2[a2a3,a5,cpu]: warning pto-tile-valid-bounds: 'src' has a 17x64 valid region but its tile is only 16x64
  // expect-note@+1[a2a3,a5,cpu]: fails for example when rows = 17
  TCOLARGMAX(dst, src, tmp);
}

void guardedRows(int rows) {
  if (rows <= 0)
    return;
  if (rows > 16)
    return;
  DynSrc src(rows, 64);
  Idx dst;
  Tmp tmp;
  TCOLARGMAX(dst, src, tmp);
}

// Only the upper bound is checked: a negative width reaches both src and dst, converted to the constructor's
// unsigned parameter (cols = -1 gives 4294967295).
void missingLowerBound(int cols) {
  if (cols == 0 || cols > 64)
    return;
  DynSrc src(16, cols);
  DynIdx dst(1, cols);
  DynVal val(1, cols);
  Tmp tmp;
  // expect@+2[a2a3,a5,cpu]: warning pto-tile-valid-bounds: 'dst' has a 1x4294967295 valid region but its tile is only 1x64
  // expect@+1[a2a3,a5,cpu]: warning pto-tile-valid-bounds: 'src' has a 16x4294967295 valid region but its tile is only 16x64
  TCOLARGMIN(dst, src, tmp);
  // expect@+3[a2a3,a5,cpu]: warning pto-tile-valid-bounds: 'val' has a 1x4294967295 valid region but its tile is only 1x64
  // expect@+2[a2a3,a5,cpu]: warning pto-tile-valid-bounds: 'dst' has a 1x4294967295 valid region but its tile is only 1x64
  // expect@+1[a2a3,a5,cpu]: warning pto-tile-valid-bounds: 'src' has a 16x4294967295 valid region but its tile is only 16x64
  TCOLARGMAX(val, dst, src, tmp);
  if (cols > 0)
    TCOLARGMAX(val, dst, src, tmp);
}

// C++ semantics the checks must follow. Unsigned arithmetic wraps: c = 4294967295 passes both guards (c + 1 == 0),
// so the tiles get a valid width far beyond 64.
void unsignedWrapGuard(unsigned c) {
  if (c + 1 > 65u)
    return;
  if (c == 0)
    return;
  DynSrc src(16, c);
  DynIdx dst(1, c);
  Tmp tmp;
  // expect@+3[a2a3,a5,cpu]: warning pto-tile-valid-bounds: 'dst' has a 1x
  // expect@+2[a2a3,a5,cpu]: warning pto-tile-valid-bounds: 'src' has a 16x
  // expect-note@+1[a2a3,a5,cpu]: fails for example when c = 4294967295
  TCOLARGMIN(dst, src, tmp);
}

// A conversion to uint8_t is modulo 256: 300 becomes 44, which fits.
void narrowingCast() {
  int c = 300;
  DynSrc src(16, static_cast<uint8_t>(c));
  DynIdx dst(1, static_cast<uint8_t>(c));
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
}
