// Fixture for pto-colreduce-dst-validcol: the destination has as many valid columns as the source.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;
using Dst = Tile<TileType::Vec, float, 1, 64>;
using Dst32 = Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, 32>;
using DynSrc = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynDst = Tile<TileType::Vec, float, 1, 64, BLayout::RowMajor, 1, -1>;

void legal() {
  Src src;
  Dst dst;
  Event<Op::TLOAD, Op::TCOLMAX> loaded;
  TCOLMAX(dst, src);
  TCOLMIN(dst, src);
  TCOLMAX(dst, src, loaded);
}

void staticMismatch() {
  Src src;
  Dst32 dst;
  Event<Op::TLOAD, Op::TCOLMIN> loaded;
  // expect@+3[a2a3]: error pto-colreduce-dst-validcol: dst has 32 valid columns but src has 64; TCOLMAX needs them equal on a2a3
  // expect@+2[a5]: error pto-colreduce-dst-validcol: dst has 32 valid columns but src has 64; TCOLMAX needs them equal on a5
  // expect@+1[cpu]: error pto-colreduce-dst-validcol: dst has 32 valid columns but src has 64; TCOLMAX needs them equal on cpu
  TCOLMAX(dst, src);
  // expect-note@+1[a2a3,a5,cpu]: help: give dst a valid region of 1 x 64
  TCOLMIN(dst, src, loaded); // expect[a2a3,a5,cpu]: error pto-colreduce-dst-validcol: dst has 32 valid columns but src has 64; TCOLMIN needs them equal on
}

void dynamicConstants() {
  DynSrc src(16, 48);
  DynDst same(48);
  DynDst other(40);
  TCOLMIN(same, src);
  TCOLMIN(other, src); // expect[a2a3,a5,cpu]: error pto-colreduce-dst-validcol: dst has 40 valid columns but src has 48; TCOLMIN needs them equal on
}

// dst keeps its static 64 valid columns while src's follow cols (1..64): they differ unless cols = 64.
void unguardedParams(unsigned rows, unsigned cols) {
  if (rows == 0 || rows > 16 || cols == 0 || cols > 64)
    return;
  DynSrc src(rows, cols);
  Dst dst;
  // expect@+2[a2a3,a5,cpu]: warning pto-colreduce-dst-validcol: dst has 64 valid columns but src has 1; TCOLMAX needs them equal on
  // expect-note@+1[a2a3,a5,cpu]: fails for example when cols = 1
  TCOLMAX(dst, src);
}

void guardedParams(unsigned rows, unsigned cols) {
  if (rows == 0 || rows > 16 || cols == 0 || cols > 64)
    return;
  DynSrc src(rows, cols);
  DynDst dst(cols);
  TCOLMAX(dst, src);
}

// Tiles passed in: the guard ties dst's valid columns to src's.
void guardedFromCaller(DynSrc &src, DynDst &dst) {
  if (src.GetValidRow() == 0 || src.GetValidCol() == 0 || dst.GetValidCol() != src.GetValidCol())
    return;
  TCOLMIN(dst, src);
}
