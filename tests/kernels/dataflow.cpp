// tests/kernels: valid shapes from loop counters, locals, constants, template arguments and guards.
#include <pto/pto-inst.hpp>

#include <algorithm>
#include <cassert>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, -1, -1>;
using Idx = Tile<TileType::Vec, int32_t, 1, 256, BLayout::RowMajor, -1, -1>;
using Tmp = Tile<TileType::Vec, float, 1, 32>; // 128 B: a float source fits up to validCol 16 on a2a3

void loopWithinBudget() {
  for (int c = 1; c <= 16; ++c) {
    Src src(16, c);
    Idx dst(1, c);
    Tmp tmp;
    TCOLARGMIN(dst, src, tmp);
  }
}

void loopPastBudget() {
  for (int c = 8; c < 64; c += 8) {
    Src src(16, c);
    Idx dst(1, c);
    Tmp tmp;
    TCOLARGMIN(dst, src, tmp); // expect[a2a3]: warning pto-colargmin-tmp-size: needs 192 B on a2a3
    // expect-note@-1[a2a3]: fails for example when c = 24
  }
}

void countingDown() {
  for (unsigned c = 16; c > 0; --c) {
    Src src(16, c);
    Idx dst(1, c);
    Tmp tmp;
    TCOLARGMIN(dst, src, tmp);
  }
}

constexpr int Width = 12;

void locals(int n) {
  const int cols = Width + 4;           // 16: constant
  int rows = n > 16 ? 16 : (n < 1 ? 1 : n); // clamped parameter
  Src src(rows, cols);
  Idx dst(1, std::min(cols, 16));
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
}

template <int C> void fromTemplate() {
  Src src(16, C);
  Idx dst(1, C);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3]: error pto-colargmin-tmp-size: needs 512 B on a2a3
  // expect-note@-1[a2a3]: in instantiation of 'fromTemplate<255>' requested here
}
template void fromTemplate<16>();
template void fromTemplate<255>();

void earlyReturnAndAssert(int cols) {
  if (cols <= 0)
    return;
  assert(cols <= 16);
  Src src(16, cols);
  Idx dst(1, cols);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
}

void reassignedBeforeTheCall() {
  int cols = 300;
  cols = 16; // reaches the call: proved with 16
  Src src(16, cols);
  Idx dst(1, cols);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
}

void readBeforeItChanges() {
  int a = 8;
  int b = a; // 8: 'a' is read where 'b' is initialised, before it changes
  a = 200;
  Src src(16, b);
  Idx dst(1, b);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
}

void changedAfterTheTilesAreMade() {
  int cols = 0;
  Src src(16, cols); // a tile keeps the valid columns it is made with: 0, not the 16 'cols' holds at the call
  Idx dst(1, cols);
  cols = 16;
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-colargmin-valid-nonzero: src valid region is 16x0
}

void counterReadInALocal(int n) {
  for (int k = 0; k < n; k += 16) {
    int tail = n - k < 16 ? n - k : 16; // read in the iteration of the call: 'k' has not changed since
    Src src(16, tail);
    Idx dst(1, tail);
    Tmp tmp;
    TCOLARGMIN(dst, src, tmp);
  }
}

void conditionallyAssigned(int n) {
  int cols = 16;
  if (n > 3) // cols is 64 where n > 3, else 16
    cols = 64;
  Src src(16, cols);
  Idx dst(1, 16);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: warning pto-colargmin-dst-validcol: dstIdx has 16 valid columns but src has 64
  // expect-note@-1[a2a3,a5,cpu]: fails for example when n = 4
  // expect@-2[a2a3]: warning pto-colargmin-tmp-size: needs 512 B
}

void conditionallyAssignedInPlace(int n) {
  int cols = 16;
  if (n > 3)
    cols += 48; // a compound assignment: not followed
  Src src(16, cols);
  Idx dst(1, 16);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: warning pto-colargmin-dst-validcol: cannot prove
  // expect@-1[a2a3,a5,cpu]: warning pto-colargmin-valid-nonzero: cannot prove
  // expect@-2[a2a3,a5,cpu]: warning pto-tile-valid-bounds: for 'src'
  // expect@-3[a2a3]: warning pto-colargmin-tmp-size: cannot prove
  // expect-note@-4[cpu]: a conditional or compound assignment, or a loop
}

// A helper whose body only returns is read with its parameters bound to the arguments (constexpr or not).
static int blocksOf(int n, int block) {
  if (block == 0)
    return 0;
  return (n + block - 1) / block;
}

void returnOnlyHelper(int n) {
  if (n < 1 || n > 64)
    return;
  Src src(16, blocksOf(n, 16) * 16); // 16, 32, 48 or 64 valid columns
  Idx dst(1, 16);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: warning pto-colargmin-dst-validcol: dstIdx has 16 valid columns but src has 32
  // expect-note@-1[a2a3,a5,cpu]: fails for example when n = 17
  // expect@-2[a2a3]: warning pto-colargmin-tmp-size: needs 256 B
}
