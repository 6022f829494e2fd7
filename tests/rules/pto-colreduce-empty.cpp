// Fixture for pto-colreduce-empty: a column reduction over an empty source region does nothing (an advisory note).
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Dst = Tile<TileType::Vec, float, 1, 64>;
using NoRows = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 0, 64>;
using NoCols = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, 0>;
using DstNoCols = Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, 0>;
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynDst = Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, -1>;

void legal() {
  Src src;
  Dst dst;
  TCOLMAX(dst, src);
  TCOLMIN(dst, src);
  // A single valid element is enough.
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 1, 1> one;
  Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, 1> oneDst;
  TCOLMAX(oneDst, one);
}

void staticEmpty() {
  NoRows noRows;
  NoCols noCols;
  Dst dst;
  DstNoCols dst0;
  // expect@+3[a2a3]: remark pto-colreduce-empty: src valid region is 0x64, so TCOLMAX does nothing on a2a3
  // expect@+2[a5]: remark pto-colreduce-empty: src valid region is 0x64, so TCOLMAX does nothing on a5
  // expect@+1[cpu]: remark pto-colreduce-empty: src valid region is 0x64, so TCOLMAX reduces nothing on cpu
  TCOLMAX(dst, noRows);
  // expect-note@+1[cpu]: on cpu TCOLMIN returns at once, while TCOLMAX has no guard
  TCOLMIN(dst0, noCols); // expect[a2a3,a5]: remark pto-colreduce-empty: src valid region is 16x0, so TCOLMIN does nothing on
  // expect@-1[cpu]: remark pto-colreduce-empty: src valid region is 16x0, so TCOLMIN reduces nothing on cpu
}

void dynamicConstants() {
  DynSrc five(5, 64);
  DynSrc empty(0, 64);
  DynDst dst(64);
  TCOLMIN(dst, five);
  // expect-note@+1[a2a3,a5,cpu]: help: skip the call when the valid region is empty
  TCOLMIN(dst, empty); // expect[a2a3,a5]: remark pto-colreduce-empty: src valid region is 0x64, so TCOLMIN does nothing on
  // expect@-1[cpu]: remark pto-colreduce-empty: src valid region is 0x64, so TCOLMIN reduces nothing on cpu
}

void unguardedParams(unsigned rows, unsigned cols) {
  if (rows > 16 || cols > 64)
    return;
  DynSrc src(rows, cols);
  DynDst dst(cols);
  // expect@+2[a2a3,a5]: remark pto-colreduce-empty: src valid region is 0x0, so TCOLMAX does nothing on
  // expect-note@+1[a2a3,a5,cpu]: fails for example when cols = 0, rows = 0
  TCOLMAX(dst, src); // expect[cpu]: remark pto-colreduce-empty: src valid region is 0x0, so TCOLMAX reduces nothing on cpu
}

void guardedParams(unsigned rows, unsigned cols) {
  if (rows > 16 || cols > 64)
    return;
  if (rows == 0 || cols == 0)
    return;
  DynSrc src(rows, cols);
  DynDst dst(cols);
  TCOLMAX(dst, src);
}

// The usual one-comparison range check of an unsigned value: rows - 1 wraps for rows = 0.
void unsignedRangeCheck(unsigned rows, unsigned cols) {
  if (rows - 1 >= 16u || cols - 1 >= 64u)
    return;
  DynSrc src(rows, cols);
  DynDst dst(cols);
  TCOLMIN(dst, src);
}
