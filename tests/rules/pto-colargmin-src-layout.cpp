// Fixture for pto-colargmin-src-layout: a ColMajor (DN) source is misread on a2a3/a5 and rejected by the cpu value+index form.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
// DN: a ColMajor NoneBox tile needs Rows * sizeof(T) % 32 == 0 (16 * 4 = 64 B).
using SrcDN = Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 512 B: a2a3 needs 4 * (64 + 64) B for 64 float columns
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynSrcDN = Tile<TileType::Vec, float, 16, 64, BLayout::ColMajor, -1, -1>;
using DynIdx = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;

void legalRowMajor() {
  Src src;
  Idx dst;
  Val val;
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(dst, src, tmp);
  TCOLARGMIN(val, dst, src, tmp);
  TCOLARGMAX(val, dst, src, tmp);
}

// The CPU simulator addresses a DN source correctly in the index-only form: no cpu finding.
void dnIndexForm() {
  SrcDN src;
  Idx dst;
  Tmp tmp;
  // expect@+3[a2a3]: warning pto-colargmin-src-layout: src is a ColMajor tile but TCOLARGMIN on a2a3 reads it as row-major, so the result is wrong
  // expect@+2[a5]: warning pto-colargmin-src-layout: src is a ColMajor tile but TCOLARGMIN on a5 reads it as row-major, so the result is wrong
  // expect-note@+1[a2a3,a5]: the implementation steps through src with a row stride of Cols elements regardless of BLayout
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(dst, src, tmp); // expect[a2a3,a5]: warning pto-colargmin-src-layout: src is a ColMajor tile but TCOLARGMAX on
}

void dnValueForm() {
  SrcDN src;
  Idx dst;
  Val val;
  Tmp tmp;
  // expect@+3[a2a3,a5]: warning pto-colargmin-src-layout: src is a ColMajor tile but TCOLARGMIN on
  // expect@+2[cpu]: error pto-colargmin-src-layout: src is a ColMajor tile but the cpu value+index TCOLARGMIN only accepts row-major sources
  // expect-note@+1[cpu]: the CPU simulator's value+index form uses the row-reduction checker, which requires a row-major source
  TCOLARGMIN(val, dst, src, tmp);
}

void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 0 || cols > 64)
    return;
  DynSrc src(rows, cols);
  DynSrcDN srcDN(rows, cols);
  DynIdx dst(1, cols);
  Tmp tmp;
  TCOLARGMAX(dst, src, tmp);
  TCOLARGMAX(dst, srcDN, tmp); // expect[a2a3,a5]: warning pto-colargmin-src-layout: src is a ColMajor tile but TCOLARGMAX on
  DynSrcDN fixed(16, 64);
  Idx dstFull;
  Val val;
  // expect@+2[a2a3,a5]: warning pto-colargmin-src-layout: src is a ColMajor tile but TCOLARGMAX on
  // expect@+1[cpu]: error pto-colargmin-src-layout: src is a ColMajor tile but the cpu value+index TCOLARGMAX only accepts row-major sources
  TCOLARGMAX(val, dstFull, fixed, tmp);
}

// Legal only because `if constexpr` discards the call for a DN source; unguarded it is reported.
template <BLayout L> void guardedLayout() {
  Tile<TileType::Vec, float, 16, 64, L> src;
  Idx dst;
  Val val;
  Tmp tmp;
  if constexpr (L == BLayout::RowMajor)
    TCOLARGMIN(val, dst, src, tmp);
}
template void guardedLayout<BLayout::ColMajor>();

template <BLayout L> void unguardedLayout() {
  Tile<TileType::Vec, float, 16, 64, L> src;
  Idx dst;
  Val val;
  Tmp tmp;
  // expect@+2[a2a3,a5]: warning pto-colargmin-src-layout: src is a ColMajor tile but TCOLARGMIN on
  // expect@+1[cpu]: error pto-colargmin-src-layout: src is a ColMajor tile but the cpu value+index TCOLARGMIN only accepts row-major sources
  TCOLARGMIN(val, dst, src, tmp);
}
template void unguardedLayout<BLayout::ColMajor>();
