// tests/kernels: extraction corner cases: members, lambdas, macros, events, SetValidShape, values pto-lint
// cannot follow (reported as unknown, never proved), and templates that are never instantiated (silent).
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, -1, -1>;
using Idx = Tile<TileType::Vec, int32_t, 1, 256, BLayout::RowMajor, -1, -1>;
using Tmp = Tile<TileType::Vec, float, 1, 128>;

struct Buffers {
  Src src;
  Idx dst;
  Tmp tmp;
};

int runtimeCols();

void members(Buffers &B) {
  TCOLARGMIN(B.dst, B.src, B.tmp); // expect[a2a3,a5,cpu]: warning pto-colargmin-valid-nonzero: cannot prove
  // expect@-1[a2a3,a5,cpu]: warning pto-colargmin-dst-validrow: cannot prove
  // expect@-2[a2a3,a5,cpu]: warning pto-colargmin-dst-validcol: cannot prove
  // expect@-3[a2a3,a5,cpu]: warning pto-tile-valid-bounds: for 'B.src'
  // expect@-4[a2a3,a5,cpu]: warning pto-tile-valid-bounds: for 'B.dst'
  // The tmp rule is proved: a float source never needs more than 512 B, which tmp has.
}

#define ARGMIN_ROW(d, s, t) TCOLARGMIN(d, s, t)

void throughMacroAndLambda() {
  Src src(16, 64);
  Idx dst(1, 64);
  Tmp tmp;
  ARGMIN_ROW(dst, src, tmp);
  auto F = [&] { TCOLARGMAX(dst, src, tmp); };
  F();
}

void withEvent() {
  Src src(16, 64);
  Idx dst(1, 63);
  Tmp tmp;
  Event<Op::TCOLARGMIN, Op::TCOLARGMAX> ev;
  TCOLARGMIN(dst, src, tmp, ev); // expect[a2a3,a5,cpu]: error pto-colargmin-dst-validcol: dstIdx has 63 valid columns but src has 64
}

void reassigned() {
  int cols = 8;
  cols += 300;
  Src src(16, cols);
  Idx dst(1, 8);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: warning pto-colargmin-dst-validcol: cannot prove
  // expect@-1[a2a3,a5,cpu]: warning pto-colargmin-valid-nonzero: cannot prove
  // expect@-2[a2a3,a5,cpu]: warning pto-tile-valid-bounds: for 'src'
  // expect-note@-3[a2a3]: not understood: cols
}

void opaqueCall() {
  Src src(16, runtimeCols());
  Idx dst(1, 8);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: warning pto-colargmin-dst-validcol: cannot prove
  // expect@-1[a2a3,a5,cpu]: warning pto-colargmin-valid-nonzero: cannot prove
  // expect@-2[a2a3,a5,cpu]: warning pto-tile-valid-bounds: for 'src'
  // expect-note@-3[a5]: not understood: runtimeCols()
}

void setValidShape() {
  Src src;
  src.SetValidShape(16, 300);
  Idx dst(1, 300);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: error pto-tile-valid-bounds: 'src' has a 16x300 valid region but its tile is only 16x256
  // expect@-1[a2a3,a5,cpu]: error pto-tile-valid-bounds: 'dst' has a 1x300 valid region but its tile is only 1x256
}

void neverSet() {
  Src src;
  Idx dst(1, 8);
  Tmp tmp;
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: warning pto-colargmin-dst-validcol: cannot prove
  // expect@-1[a2a3,a5,cpu]: warning pto-colargmin-valid-nonzero: cannot prove
  // expect@-2[a2a3,a5,cpu]: warning pto-tile-valid-bounds: for 'src'
  // expect-note@-3[cpu]: is default-constructed, so its dynamic validRow is never set
}

template <typename T> void neverInstantiated(T &dst, T &src, T &tmp) { TCOLARGMIN(dst, src, tmp); }
