// Fixture for pto-colreduce-dst-validrow: the destination of a column reduction has exactly one valid row.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Dst = Tile<TileType::Vec, float, 1, 64>;
// Four rows, all valid; and four rows none of which is valid.
using Dst4 = Tile<TileType::Vec, float, 4, 64>;
using Dst4NoRow = Tile<TileType::Vec, float, 4, 64, BLayout::RowMajor, 0, 64>;
using DynDst4 = Tile<TileType::Vec, float, 4, 64, BLayout::RowMajor, -1, 64>;

void legal() {
  Src src;
  Dst dst;
  Tile<TileType::Vec, float, 4, 64, BLayout::RowMajor, 1, 64> oneOfFour;
  TCOLMAX(dst, src);
  TCOLMIN(oneOfFour, src);
}

void fourValidRows() {
  Src src;
  Dst4 dst;
  // expect@+3[a2a3]: warning pto-colreduce-dst-validrow: dst has 4 valid rows but TCOLMAX writes exactly one row on a2a3
  // expect@+2[a5]: warning pto-colreduce-dst-validrow: dst has 4 valid rows but TCOLMAX writes exactly one row on a5
  // expect@+1[cpu]: warning pto-colreduce-dst-validrow: dst has 4 valid rows but TCOLMAX writes exactly one row on cpu
  TCOLMAX(dst, src);
}

void noValidRow() {
  Src src;
  Dst4NoRow dst;
  // expect-note@+1[a2a3,a5,cpu]: help: give dst a valid region of 1 x 64
  TCOLMIN(dst, src); // expect[a2a3,a5,cpu]: warning pto-colreduce-dst-validrow: dst has 0 valid rows but TCOLMIN writes exactly one row on
}

void dynamicConstants() {
  Src src;
  DynDst4 one(1);
  DynDst4 two(2);
  TCOLMIN(one, src);
  TCOLMIN(two, src); // expect[a2a3,a5,cpu]: warning pto-colreduce-dst-validrow: dst has 2 valid rows but TCOLMIN writes exactly one row on
}

// rows may be 0..4: everything but 1 is wrong, and 0 is the smallest.
void unguardedParams(unsigned rows) {
  if (rows > 4)
    return;
  Src src;
  DynDst4 dst(rows);
  // expect@+2[a2a3,a5,cpu]: warning pto-colreduce-dst-validrow: dst has 0 valid rows but TCOLMAX writes exactly one row on
  // expect-note@+1[a2a3,a5,cpu]: fails for example when rows = 0
  TCOLMAX(dst, src);
}

void guardedParams(unsigned rows) {
  if (rows != 1)
    return;
  Src src;
  DynDst4 dst(rows);
  TCOLMAX(dst, src);
}

// A tile passed in: its valid rows are the caller's, anything from 0 to 4.
void unguardedFromCaller(DynDst4 &dst) {
  Src src;
  // expect@+2[a2a3,a5,cpu]: warning pto-colreduce-dst-validrow: dst has 0 valid rows but TCOLMIN writes exactly one row on
  // expect-note@+1[a2a3,a5,cpu]: fails for example when dst.GetValidRow() = 0
  TCOLMIN(dst, src);
}

void guardedFromCaller(DynDst4 &dst) {
  Src src;
  if (dst.GetValidRow() != 1)
    return;
  TCOLMIN(dst, src);
}
