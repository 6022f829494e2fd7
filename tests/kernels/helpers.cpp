// Fixture: calling contexts. A function the translation unit calls is checked once per call, with its parameters
// bound to the caller's arguments and the caller's guards; a finding names the caller. A function nothing calls is
// checked with unconstrained parameters.
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using Dst = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 512 B: what a2a3 needs for any float source up to 64 columns

// A helper whose tiles come from its callers: legal in one context, not in the other.
static void reduce(Src &src, Dst &dst) {
  Tmp tmp;
  // expect@+2[a2a3,a5,cpu]: error pto-colargmin-dst-validcol: dstIdx has 32 valid columns but src has 64; TCOLARGMIN needs them equal on
  // expect-note@+1[a2a3,a5,cpu]: in the call from 'illegalKernel' here, with its operands
  TCOLARGMIN(dst, src, tmp);
}

void legalKernel() {
  Src src(16, 64);
  Dst dst(1, 64);
  reduce(src, dst);
}

void illegalKernel() {
  Src src(16, 64);
  Dst dst(1, 32);
  reduce(src, dst);
}

// A scalar parameter that shapes tiles built inside the helper: a constant from the caller violates the rule for
// every feasible value (an error, not a "for some values" warning).
static void build(int cols) {
  Src src(16, cols);
  Dst dst(1, cols);
  Tmp tmp;
  // expect@+3[a2a3,a5,cpu]: error pto-tile-valid-bounds: 'dst' has a 1x80 valid region but its tile is only 1x64
  // expect@+2[a2a3,a5,cpu]: error pto-tile-valid-bounds: 'src' has a 16x80 valid region but its tile is only 16x64
  // expect-note@+1[a2a3,a5,cpu]: in the call from 'callsBuildWide' here, with its operands
  TCOLARGMIN(dst, src, tmp);
}

void callsBuildNarrow() { build(48); }
void callsBuildWide() { build(80); }

// The caller's guard is part of the context: the call is proved.
static void guarded(int cols) {
  Src src(16, cols);
  Dst dst(1, cols);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp);
}

void callsGuarded(int cols) {
  if (cols <= 0 || cols > 64)
    return;
  guarded(cols);
}

// Nothing calls this one: its tiles' valid regions are any values within the tiles.
static void uncalled(Src &src, Dst &dst) {
  Tmp tmp;
  // expect@+3[a2a3,a5,cpu]: warning pto-colargmin-dst-validcol: dstIdx has 0 valid columns but src has 1; TCOLARGMIN needs them equal on
  // expect@+2[a2a3,a5,cpu]: warning pto-colargmin-dst-validrow: dstIdx has 0 valid rows but TCOLARGMIN writes exactly one row on
  // expect@+1[a2a3,a5,cpu]: warning pto-colargmin-valid-nonzero: src valid region is 0x0 but TCOLARGMIN needs at least one valid row and column on
  TCOLARGMIN(dst, src, tmp);
}

// Callers of callers: the width reaches the helper through two calls, and only the outermost one knows it.
static void inner(int cols) {
  Src src(16, cols);
  Dst dst(1, cols);
  Tmp tmp;
  // expect@+4[a2a3,a5,cpu]: error pto-tile-valid-bounds: 'dst' has a 1x96 valid region but its tile is only 1x64
  // expect@+3[a2a3,a5,cpu]: error pto-tile-valid-bounds: 'src' has a 16x96 valid region but its tile is only 16x64
  // expect-note@+2[a2a3,a5,cpu]: in the call from 'middle' here, with its operands
  // expect-note@+1[a2a3,a5,cpu]: in the call from 'outerWide' here, with its operands
  TCOLARGMIN(dst, src, tmp);
}

static void middle(int cols) { inner(cols); }

void outerNarrow() { middle(32); }
void outerWide() { middle(96); }
