// Fixture for pto-colargmin-src-nonebox: the source of a column arg-reduction must not be a boxed (fractal) tile.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
// Boxed sources (row-major blocks, so only the SLayout differs from the legal source).
using SrcBoxR = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, SLayout::RowMajor>;
using SrcBoxC = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, SLayout::ColMajor>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 512 B: a2a3 needs 4 * (64 + 64) B for 64 float columns
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynSrcBox = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1, SLayout::RowMajor>;
using DynIdx = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;

void legalNoneBox() {
  Src src;
  Idx dst;
  Val val;
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(val, dst, src, tmp);
  // tmp's layout is not checked: a boxed tmp is fine.
  Tile<TileType::Vec, float, 1, 128, BLayout::RowMajor, 1, 128, SLayout::RowMajor> boxedTmp;
  TCOLARGMAX(dst, src, boxedTmp);
}

void boxedSource() {
  SrcBoxR srcR;
  SrcBoxC srcC;
  Idx dst;
  Val val;
  Tmp tmp;
  // expect@+3[a2a3]: error pto-colargmin-src-nonebox: src has SLayout::RowMajor but TCOLARGMIN needs SLayout::NoneBox on a2a3
  // expect@+2[a5]: error pto-colargmin-src-nonebox: src has SLayout::RowMajor but TCOLARGMIN needs SLayout::NoneBox on a5
  // expect@+1[cpu]: error pto-colargmin-src-nonebox: src has SLayout::RowMajor but TCOLARGMIN needs SLayout::NoneBox on cpu
  TCOLARGMIN(dst, srcR, tmp);
  TCOLARGMAX(dst, srcC, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-src-nonebox: src has SLayout::ColMajor but TCOLARGMAX needs SLayout::NoneBox on
  TCOLARGMIN(val, dst, srcR, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-src-nonebox: src has SLayout::RowMajor but TCOLARGMIN needs SLayout::NoneBox on
}

void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 0 || cols > 64)
    return;
  DynSrc src(rows, cols);
  DynSrcBox boxed(rows, cols);
  DynIdx dst(1, cols);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMIN(dst, boxed, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-src-nonebox: src has SLayout::RowMajor but TCOLARGMIN needs SLayout::NoneBox on
  DynSrc src48(16, 48); // a2a3 tmp need: 4 * (48 + 48) = 384 B
  DynSrcBox boxed48(16, 48);
  DynIdx dst48(1, 48);
  TCOLARGMAX(dst48, src48, tmp);
  TCOLARGMAX(dst48, boxed48, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-src-nonebox: src has SLayout::RowMajor but TCOLARGMAX needs SLayout::NoneBox on
}

// Legal only because `if constexpr` discards the call for a boxed source; unguarded it is an error.
template <SLayout S> void guardedBox() {
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, S> src;
  Idx dst;
  Tmp tmp;
  if constexpr (S == SLayout::NoneBox)
    TCOLARGMAX(dst, src, tmp);
}
template void guardedBox<SLayout::RowMajor>();

template <SLayout S> void unguardedBox() {
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 64, S> src;
  Idx dst;
  Tmp tmp;
  TCOLARGMAX(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-src-nonebox: src has SLayout::RowMajor but TCOLARGMAX needs SLayout::NoneBox on
}
template void unguardedBox<SLayout::RowMajor>();
