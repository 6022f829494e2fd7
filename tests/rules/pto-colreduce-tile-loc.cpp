// Fixture for pto-colreduce-tile-loc: TCOLMAX and TCOLMIN read and write Vec tiles on a2a3 and a5 (cpu: any).
#include <pto/pto-inst.hpp>

using namespace pto;

// float 16 x 64 sources and 1 x 64 destinations: a legal type and shape on every target.
using Src = Tile<TileType::Vec, float, 16, 64>;
using Dst = Tile<TileType::Vec, float, 1, 64>;
using MatSrc = Tile<TileType::Mat, float, 16, 64>;
using MatDst = Tile<TileType::Mat, float, 1, 64>;
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, 64>;
using DynAccSrc = Tile<TileType::Acc, float, 16, 64, BLayout::RowMajor, -1, 64>;

void legal() {
  Src src;
  Dst dst;
  TCOLMAX(dst, src);
  TCOLMIN(dst, src);
}

void matSource() {
  MatSrc src;
  Dst dst;
  // expect@+2[a2a3]: error pto-colreduce-tile-loc: TCOLMAX needs Vec tiles but src is a TileType::Mat tile and dst a TileType::Vec tile on a2a3
  // expect@+1[a5]: error pto-colreduce-tile-loc: TCOLMAX needs Vec tiles but src is a TileType::Mat tile and dst a TileType::Vec tile on a5
  TCOLMAX(dst, src);
}

void matDestination() {
  Src src;
  MatDst dst;
  TCOLMIN(dst, src); // expect[a2a3,a5]: error pto-colreduce-tile-loc: TCOLMIN needs Vec tiles but src is a TileType::Vec tile and dst a TileType::Mat tile on
  // expect-note@+1[a2a3,a5]: help: declare src and dst with TileType::Vec
  TCOLMAX(dst, src); // expect[a2a3,a5]: error pto-colreduce-tile-loc: TCOLMAX needs Vec tiles but src is a TileType::Vec tile and dst a TileType::Mat tile on
}

void dynamicRows(unsigned rows) {
  if (rows == 0 || rows > 16)
    return;
  DynSrc vec(rows);
  DynAccSrc acc(rows);
  Dst dst;
  TCOLMAX(dst, vec);
  TCOLMIN(dst, acc); // expect[a2a3,a5]: error pto-colreduce-tile-loc: TCOLMIN needs Vec tiles but src is a TileType::Acc tile and dst a TileType::Vec tile on
}

// Legal only because `if constexpr` discards the call for non-Vec sources; unguarded it is an error on the NPUs.
template <typename S> void guardedLocation() {
  S src;
  Dst dst;
  if constexpr (S::Loc == TileType::Vec)
    TCOLMAX(dst, src);
}
template void guardedLocation<MatSrc>();

template <typename S> void unguardedLocation() {
  S src;
  Dst dst;
  TCOLMAX(dst, src); // expect[a2a3,a5]: error pto-colreduce-tile-loc: TCOLMAX needs Vec tiles but src is a TileType::Mat tile and dst a TileType::Vec tile on
}
template void unguardedLocation<MatSrc>();
