// Fixture for pto-tile-row-pitch: every NoneBox operand's lines (rows if RowMajor, columns if ColMajor) span a multiple of 32 B.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 512 B: a2a3 needs 4 * (64 + 64) B for 64 float columns

// The clean-room header, like upstream's Tile, rejects an unaligned NoneBox tile with a static_assert, so such a
// tile reaches an op only through a Tile that skips the check. These explicit specializations stand in for such a
// header: each reuses an aligned tile's members and overrides the shape. pto-lint reads the template arguments.
namespace pto {
// Row-major, 130 floats per row = 520 B.
template <> struct Tile<TileType::Vec, float, 1, 130> : Tile<TileType::Vec, float, 1, 136> {
  static constexpr int Cols = 130, ValidCol = 130, Numel = 130;
};
// Column-major, 12 floats per column = 48 B.
template <> struct Tile<TileType::Vec, float, 12, 64, BLayout::ColMajor> : Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor> {
  static constexpr int Rows = 12, ValidRow = 12, Numel = 12 * 64;
};
// Row-major, 60 int32_t per row = 240 B.
template <> struct Tile<TileType::Vec, int32_t, 1, 60> : Tile<TileType::Vec, int32_t, 1, 64> {
  static constexpr int Cols = 60, ValidCol = 60, Numel = 60;
};
} // namespace pto

void legalAligned() {
  Src src;
  Idx dst;
  Val val;
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(val, dst, src, tmp);
  // 16 halves = 32 B per row.
  Tile<TileType::Vec, half, 16, 16> srcH;
  Tile<TileType::Vec, int32_t, 1, 16> dstH;
  Tile<TileType::Vec, half, 1, 64> tmpH; // a2a3 need: 2 * (2 * 16 + 16) = 96 B
  TCOLARGMAX(dstH, srcH, tmpH);
}

void legalExemptLayouts() {
  Src src;
  Idx dst;
  Val val;
  // Boxed (fractal) tiles are exempt: 520-B rows are fine here.
  Tile<TileType::Vec, float, 1, 130, BLayout::RowMajor, 1, 130, SLayout::RowMajor> boxedTmp;
  TCOLARGMIN(dst, src, boxedTmp);
  // A ColMajor tile's lines are its columns: 8 floats = 32 B; its 20-float (80 B) rows do not matter.
  Tile<TileType::Vec, float, 8, 20, BLayout::ColMajor> dnTmp;
  TCOLARGMAX(val, dst, src, dnTmp);
}

void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 0 || cols > 64)
    return;
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1> src(rows, cols);
  Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1> dst(1, cols);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1> src48(16, 48);
  Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1> dst48(1, 48);
  Tile<TileType::Vec, float, 1, 130> tmp520; // unaligned (see above); a2a3 tmp need: 4 * (48 + 48) = 384 B
  TCOLARGMAX(dst48, src48, tmp);
  TCOLARGMAX(dst48, src48, tmp520); // expect[a2a3,a5,cpu]: error pto-tile-row-pitch: 'tmp520' is a RowMajor tile whose lines are 520 B long but they must be a multiple of 32 B
}

void unalignedTmp() {
  Src src;
  Idx dst;
  Val val;
  Tile<TileType::Vec, float, 1, 130> tmp; // 520 B, enough for a2a3
  Tile<TileType::Vec, float, 12, 64, BLayout::ColMajor> tmpDN;
  // expect@+2[a2a3,a5,cpu]: error pto-tile-row-pitch: 'tmp' is a RowMajor tile whose lines are 520 B long but they must be a multiple of 32 B
  // expect-note@+1[a2a3,a5,cpu]: help: pad the tile's lines to a multiple of 8 elements
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(val, dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-tile-row-pitch: 'tmp' is a RowMajor tile whose lines are 520 B long but they must be a multiple of 32 B
  TCOLARGMIN(dst, src, tmpDN); // expect[a2a3,a5,cpu]: error pto-tile-row-pitch: 'tmpDN' is a ColMajor tile whose lines are 48 B long but they must be a multiple of 32 B
}

void unalignedDestination() {
  // 60 valid columns everywhere; a2a3 tmp need: 4 * (64 + 60) = 496 B.
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 60> src;
  Tile<TileType::Vec, int32_t, 1, 60> dst;
  Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, 60> val;
  Tmp tmp;
  TCOLARGMAX(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-tile-row-pitch: 'dst' is a RowMajor tile whose lines are 240 B long but they must be a multiple of 32 B
  TCOLARGMIN(val, dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-tile-row-pitch: 'dst' is a RowMajor tile whose lines are 240 B long but they must be a multiple of 32 B
}

// Legal only because `if constexpr` keeps the unaligned tmp (and the call) out of the C = 130 instantiation.
template <int C> void guardedPitch() {
  Src src;
  Idx dst;
  if constexpr (C * sizeof(float) % 32 == 0) {
    Tile<TileType::Vec, float, 1, C> tmp;
    TCOLARGMIN(dst, src, tmp);
  }
}
template void guardedPitch<130>();
template void guardedPitch<128>();

template <int C> void unguardedPitch() {
  Src src;
  Idx dst;
  Tile<TileType::Vec, float, 1, C> tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-tile-row-pitch: 'tmp' is a RowMajor tile whose lines are 520 B long but they must be a multiple of 32 B
}
template void unguardedPitch<130>();
