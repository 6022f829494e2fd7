// Fixture for pto-colargmin-dst-layout: dstIdx (and, on a2a3/a5, dstVal) must be RowMajor/NoneBox (ND) tiles.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 512 B: a2a3 needs 4 * (64 + 64) B for 64 float columns
// DN destinations: a ColMajor NoneBox tile needs Rows * sizeof(T) % 32 == 0, hence 8 rows of which 1 is valid.
using IdxDN = Tile<TileType::Vec, int32_t, 8, 64, BLayout::ColMajor, 1, 64>;
using ValDN = Tile<TileType::Vec, float, 8, 64, BLayout::ColMajor, 1, 64>;
// A boxed (fractal) destination: row-major blocks, but not ND.
using IdxBoxed = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, 1, 64, SLayout::RowMajor>;
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynIdx = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;
using DynIdxDN = Tile<TileType::Vec, int32_t, 8, 64, BLayout::ColMajor, -1, -1>;

void legalStatic() {
  Src src;
  Idx dst;
  Val val;
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(dst, src, tmp);
  TCOLARGMIN(val, dst, src, tmp);
  TCOLARGMAX(val, dst, src, tmp);
}

void legalDynamic(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 0 || cols > 64)
    return;
  DynSrc src(rows, cols);
  DynIdx dst(1, cols);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
  DynSrc src2(16, 48);
  DynIdx dst2(1, 48);
  TCOLARGMAX(dst2, src2, tmp);
}

void dnIndexDestination() {
  Src src;
  IdxDN dst;
  Tmp tmp;
  // expect@+3[a2a3]: error pto-colargmin-dst-layout: dstIdx is a ColMajor/NoneBox tile but TCOLARGMIN needs a RowMajor/NoneBox (ND) destination on a2a3
  // expect@+2[a5]: error pto-colargmin-dst-layout: dstIdx is a ColMajor/NoneBox tile but TCOLARGMIN needs a RowMajor/NoneBox (ND) destination on a5
  // expect@+1[cpu]: error pto-colargmin-dst-layout: dstIdx is a ColMajor/NoneBox tile but TCOLARGMIN needs a RowMajor/NoneBox (ND) destination on cpu
  TCOLARGMIN(dst, src, tmp);
}

void boxedIndexDestination() {
  Src src;
  IdxBoxed dst;
  Tmp tmp;
  // expect@+1[a2a3,a5,cpu]: error pto-colargmin-dst-layout: dstIdx is a RowMajor/RowMajor tile but TCOLARGMAX needs a RowMajor/NoneBox (ND) destination on
  TCOLARGMAX(dst, src, tmp);
}

void dnIndexDestinationDynamic(int cols) {
  if (cols <= 0 || cols > 64)
    return;
  DynSrc src(16, cols);
  DynIdxDN dst(1, cols);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-dst-layout: dstIdx is a ColMajor/NoneBox tile but
}

// Value+index form: the NPUs want both destinations ND; the CPU simulator only checks dstIdx's SLayout.
void dnValueDestination() {
  Src src;
  Idx dst;
  ValDN val;
  Tmp tmp;
  // expect@+2[a2a3]: error pto-colargmin-dst-layout: dstIdx is RowMajor/NoneBox and dstVal ColMajor/NoneBox but TCOLARGMIN needs RowMajor/NoneBox (ND) destinations on a2a3
  // expect@+1[a5]: error pto-colargmin-dst-layout: dstIdx is RowMajor/NoneBox and dstVal ColMajor/NoneBox but TCOLARGMIN needs RowMajor/NoneBox (ND) destinations on a5
  TCOLARGMIN(val, dst, src, tmp);
}

void dnIndexInValueForm() {
  Src src;
  IdxDN dst;
  Val val;
  Tmp tmp;
  // expect@+1[a2a3,a5]: error pto-colargmin-dst-layout: dstIdx is ColMajor/NoneBox and dstVal RowMajor/NoneBox but TCOLARGMAX needs RowMajor/NoneBox (ND) destinations on
  TCOLARGMAX(val, dst, src, tmp);
}

void boxedIndexInValueForm() {
  Src src;
  IdxBoxed dst;
  Val val;
  Tmp tmp;
  // expect@+2[a2a3,a5]: error pto-colargmin-dst-layout: dstIdx is RowMajor/RowMajor and dstVal RowMajor/NoneBox but TCOLARGMIN needs RowMajor/NoneBox (ND) destinations on
  // expect@+1[cpu]: error pto-colargmin-dst-layout: dstIdx has SLayout::RowMajor but the cpu value+index TCOLARGMIN needs SLayout::NoneBox
  TCOLARGMIN(val, dst, src, tmp);
}

// Legal only because `if constexpr` discards the call for the DN instantiation; the same call unguarded is an error.
template <BLayout L> void guardedLayout() {
  Src src;
  Tile<TileType::Vec, int32_t, 8, 64, L, 1, 64> dst;
  Tmp tmp;
  if constexpr (L == BLayout::RowMajor)
    TCOLARGMIN(dst, src, tmp);
}
template void guardedLayout<BLayout::ColMajor>();

template <BLayout L> void unguardedLayout() {
  Src src;
  Tile<TileType::Vec, int32_t, 8, 64, L, 1, 64> dst;
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-dst-layout: dstIdx is a ColMajor/NoneBox tile but
}
template void unguardedLayout<BLayout::ColMajor>();

// Legal only because the guard makes the call unreachable (n >= 8 and n < 4 never both hold).
void unreachableDn(unsigned n) {
  Src src;
  IdxDN dst;
  Tmp tmp;
  if (n < 8)
    return;
  if (n < 4)
    TCOLARGMIN(dst, src, tmp);
}
