// Fixture for pto-colargmin-tile-loc: src, dstIdx and dstVal must be TileType::Vec tiles (tmp is not checked).
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using SrcMat = Tile<TileType::Mat, float, 16, 64>;
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;
using IdxMat = Tile<TileType::Mat, int32_t, 1, 64>;
using Val = Tile<TileType::Vec, float, 1, 64>;
using ValAcc = Tile<TileType::Acc, float, 1, 64>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 512 B: a2a3 needs 4 * (64 + 64) B for 64 float columns
using TmpMat = Tile<TileType::Mat, float, 1, 128>;
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynSrcMat = Tile<TileType::Mat, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynIdx = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;

void legalVec() {
  Src src;
  Idx dst;
  Val val;
  Tmp tmp;
  TmpMat tmpMat;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(val, dst, src, tmp);
  TCOLARGMAX(dst, src, tmpMat);
  TCOLARGMIN(val, dst, src, tmpMat);
}

void nonVecOperands() {
  Src src;
  SrcMat srcMat;
  Idx dst;
  IdxMat dstMat;
  Val val;
  ValAcc valAcc;
  Tmp tmp;
  // expect@+3[a2a3]: error pto-colargmin-tile-loc: TCOLARGMIN needs Vec tiles but src is a Mat tile and dstIdx a Vec tile on a2a3
  // expect@+2[a5]: error pto-colargmin-tile-loc: TCOLARGMIN needs Vec tiles but src is a Mat tile and dstIdx a Vec tile on a5
  // expect@+1[cpu]: error pto-colargmin-tile-loc: TCOLARGMIN needs Vec tiles but src is a Mat tile and dstIdx a Vec tile on cpu
  TCOLARGMIN(dst, srcMat, tmp);
  TCOLARGMAX(dstMat, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-tile-loc: TCOLARGMAX needs Vec tiles but src is a Vec tile and dstIdx a Mat tile on
  // expect@+1[a2a3,a5,cpu]: error pto-colargmin-tile-loc: TCOLARGMIN needs Vec tiles but src is a Vec tile, dstIdx a Vec tile and dstVal a Acc tile on
  TCOLARGMIN(valAcc, dst, src, tmp);
  // expect@+1[a2a3,a5,cpu]: error pto-colargmin-tile-loc: TCOLARGMAX needs Vec tiles but src is a Mat tile, dstIdx a Vec tile and dstVal a Vec tile on
  TCOLARGMAX(val, dst, srcMat, tmp);
}

void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 0 || cols > 64)
    return;
  DynSrc src(rows, cols);
  DynSrcMat srcMat(rows, cols);
  DynIdx dst(1, cols);
  Tmp tmp;
  TCOLARGMAX(dst, src, tmp);
  TCOLARGMAX(dst, srcMat, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-tile-loc: TCOLARGMAX needs Vec tiles but src is a Mat tile and dstIdx a Vec tile on
  DynSrc src48(16, 48); // a2a3 tmp need: 4 * (48 + 48) = 384 B
  DynSrcMat srcMat48(16, 48);
  DynIdx dst48(1, 48);
  TCOLARGMIN(dst48, src48, tmp);
  TCOLARGMIN(dst48, srcMat48, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-tile-loc: TCOLARGMIN needs Vec tiles but src is a Mat tile and dstIdx a Vec tile on
}

// Legal only because `if constexpr` discards the call for a Mat source; unguarded it is an error.
template <TileType L> void guardedLoc() {
  Tile<L, float, 16, 64> src;
  Idx dst;
  Tmp tmp;
  if constexpr (L == TileType::Vec)
    TCOLARGMIN(dst, src, tmp);
}
template void guardedLoc<TileType::Mat>();

template <TileType L> void unguardedLoc() {
  Tile<L, float, 16, 64> src;
  Idx dst;
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-tile-loc: TCOLARGMIN needs Vec tiles but src is a Mat tile and dstIdx a Vec tile on
}
template void unguardedLoc<TileType::Mat>();
