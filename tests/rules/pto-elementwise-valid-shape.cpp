// Fixture for pto-elementwise-valid-shape: both sources of TMIN/TMAX have the destination's valid shape.
#include <pto/pto-inst.hpp>

using namespace pto;

using Full = Tile<TileType::Vec, float, 16, 64>;
using Half = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 8, 64>;
using DynCols = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, -1>;
using Dyn = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;

void legal() {
  Full dst, a, b;
  Half hd, ha, hb;
  Event<Op::TLOAD, Op::TMIN> loaded;
  TMIN(dst, a, b);
  TMAX(hd, ha, hb);
  TMIN(dst, a, b, loaded);
}

void staticMismatch() {
  Full dst, b;
  Half a;
  Event<Op::TLOAD, Op::TMAX> loaded;
  // expect@+3[a2a3]: error pto-elementwise-valid-shape: src0 valid region is 8x64 and src1 16x64 but TMIN needs both equal to dst's 16x64 on a2a3
  // expect@+2[a5]: error pto-elementwise-valid-shape: src0 valid region is 8x64 and src1 16x64 but TMIN needs both equal to dst's 16x64 on a5
  // expect@+1[cpu]: error pto-elementwise-valid-shape: src0 valid region is 8x64 and src1 16x64 but TMIN needs both equal to dst's 16x64 on cpu
  TMIN(dst, a, b);
  // expect-note@+1[a2a3,a5,cpu]: help: give src0 and src1 the valid region 16x64
  TMAX(dst, b, a, loaded); // expect[a2a3,a5,cpu]: error pto-elementwise-valid-shape: src0 valid region is 16x64 and src1 8x64 but TMAX needs both equal to dst's 16x64 on
}

// A smaller destination: its valid region is the iteration domain, so the sources must shrink with it.
void smallerDestination() {
  Half dst;
  Full a, b;
  TMAX(dst, a, b); // expect[a2a3,a5,cpu]: error pto-elementwise-valid-shape: src0 valid region is 16x64 and src1 16x64 but TMAX needs both equal to dst's 8x64 on
}

void dynamicConstants() {
  Dyn dst(4, 40), a(4, 40), b(4, 40), c(4, 32);
  TMIN(dst, a, b);
  TMIN(dst, a, c); // expect[a2a3,a5,cpu]: error pto-elementwise-valid-shape: src0 valid region is 4x40 and src1 4x32 but TMIN needs both equal to dst's 4x40 on
}

// src1 keeps all 64 valid columns while dst and src0 follow cols (1..64): they differ unless cols = 64.
void unguardedParams(unsigned cols) {
  if (cols == 0 || cols > 64)
    return;
  DynCols dst(cols), a(cols);
  Full b;
  // expect@+2[a2a3,a5,cpu]: warning pto-elementwise-valid-shape: src0 valid region is 16x1 and src1 16x64 but TMAX needs both equal to dst's 16x1 on
  // expect-note@+1[a2a3,a5,cpu]: fails for example when cols = 1
  TMAX(dst, a, b);
}

void guardedParams(unsigned cols) {
  if (cols == 0 || cols > 64)
    return;
  DynCols dst(cols), a(cols), b(cols);
  TMAX(dst, a, b);
}

// Tiles passed in: the guard ties the sources' valid shapes to dst's.
void guardedFromCaller(Dyn &dst, Dyn &a, Dyn &b) {
  if (a.GetValidRow() != dst.GetValidRow() || a.GetValidCol() != dst.GetValidCol())
    return;
  if (b.GetValidRow() != dst.GetValidRow() || b.GetValidCol() != dst.GetValidCol())
    return;
  TMIN(dst, a, b);
}

void unguardedFromCaller(Dyn &dst, Dyn &a, Dyn &b) {
  if (a.GetValidRow() != dst.GetValidRow() || a.GetValidCol() != dst.GetValidCol())
    return;
  TMIN(dst, a, b); // expect[a2a3,a5,cpu]: warning pto-elementwise-valid-shape: but TMIN needs both equal to dst's
}
