// Fixture: predicates followed to their producers (pto-vmin-mask-width, a5): into helpers through `MaskReg &` and
// by-value parameters (each calling context on its own), through helpers that return one, through a local assigned
// in a loop with POST_UPDATE under nonlinear guards, through pand/por. What pto-lint cannot follow is an unknown.
#include <pto/pto-inst.hpp>

using namespace pto;

// A reduction step in the style of upstream's `Op::ReduceInstr(dst, src0, src1, MaskReg &pReg)`.
template <typename T> struct MaxStep {
  static void apply(RegTensor<T> &dst, RegTensor<T> &src, MaskReg &p) {
    // expect@+2[a5]: error pto-vmin-mask-width: the predicate from 'plt_b16(left, POST_UPDATE)' has 16-bit lanes but RegTensor<float> has 32-bit lanes, so vmax acts on the wrong lanes on a5
    // expect-note@+1[a5]: in the call from 'wrongWidthInLoop' here
    vmax(dst, dst, src, p, MODE_ZEROING);
  }
};

// A predicate maker in the style of upstream's CreatePredicate<T>: its granularity follows T.
template <typename T> MaskReg tailPredicate(uint32_t &left) {
  MaskReg p;
  if constexpr (sizeof(T) == 2)
    p = plt_b16(left, POST_UPDATE);
  else
    p = plt_b32(left, POST_UPDATE);
  return p;
}

// Each iteration masks the next 64 floats; `left` counts down (POST_UPDATE), the guard is nonlinear in i.
void legalLoop(uint32_t n) {
  __VEC_SCOPE__ {
    RegTensor<float> acc, x;
    MaskReg p;
    uint32_t left = n;
    for (uint16_t i = 0; i < (n + 63) / 64; ++i) {
      p = tailPredicate<float>(left);
      if (i * 64 < n && left > 0)
        MaxStep<float>::apply(acc, x, p);
    }
  }
}

void wrongWidthInLoop(uint32_t n) {
  __VEC_SCOPE__ {
    RegTensor<float> acc, x;
    MaskReg p;
    uint32_t left = n;
    for (uint16_t i = 0; i < (n + 63) / 64; ++i) {
      p = plt_b16(left, POST_UPDATE);
      if (i * 64 < n && left > 0)
        MaxStep<float>::apply(acc, x, p);
    }
  }
}

// The same shape with the builtin in the loop itself: decided without the solver's time cap.
void halfTail(uint32_t n) {
  __VEC_SCOPE__ {
    RegTensor<half> a, b, r;
    MaskReg p;
    uint32_t left = n;
    for (uint16_t i = 0; i < (n + 127) / 128; ++i) {
      p = plt_b16(left, POST_UPDATE);
      if (i * 128 < n && left > 0)
        vmin(r, a, b, p, MODE_ZEROING);
      p = tailPredicate<float>(left);
      if (i * 128 + 64 < n)
        vmin(r, a, b, p, MODE_ZEROING); // expect[a5]: error pto-vmin-mask-width: the predicate from 'tailPredicate<float>(left)' has 32-bit lanes but RegTensor<half> has 16-bit lanes
    }
  }
}

// A predicate passed by value: what each caller passes.
static void minByValue(RegTensor<half> &d, RegTensor<half> &a, MaskReg p) {
  // expect@+2[a5]: error pto-vmin-mask-width: the predicate from 'pge_b8(PAT_VL32)' has 8-bit lanes but RegTensor<half> has 16-bit lanes
  // expect-note@+1[a5]: in the call from 'byValue' here
  vmin(d, d, a, p, MODE_ZEROING);
}

void byValue() {
  __VEC_SCOPE__ {
    RegTensor<half> d, a;
    minByValue(d, a, pset_b16(PAT_VL16));
    minByValue(d, a, pset_b8(PAT_ALL)); // all lanes on: right at any granularity
    minByValue(d, a, pge_b8(PAT_VL32));
  }
}

// A variable assigned twice: the value that reaches each call.
void reassigned(uint32_t n) {
  __VEC_SCOPE__ {
    RegTensor<float> f0, f1;
    RegTensor<half> h0, h1;
    MaskReg p = plt_b16(n, POST_UPDATE);
    vmin(h0, h0, h1, p, MODE_ZEROING);
    p = plt_b32(n, POST_UPDATE);
    vmin(f0, f0, f1, p, MODE_ZEROING);
    vmin(h0, h0, h1, p, MODE_ZEROING); // expect[a5]: error pto-vmin-mask-width: the predicate from 'plt_b32(n, POST_UPDATE)' has 32-bit lanes but RegTensor<half> has 16-bit lanes
  }
}

// pand/por combine predicates of one granularity into one of that granularity; of two, pto-lint cannot say.
void combined(uint32_t n) {
  __VEC_SCOPE__ {
    RegTensor<float> f0, f1;
    MaskReg head = plt_b32(n, POST_UPDATE);
    MaskReg all = pset_b32(PAT_ALL);
    MaskReg both;
    pand(both, head, all, all);
    vmax(f0, f0, f1, both, MODE_ZEROING);
    MaskReg h16 = pset_b16(PAT_VL8);
    MaskReg mixed;
    por(mixed, head, h16, all);
    vmax(f0, f0, f1, mixed, MODE_ZEROING); // expect[a5]: warning pto-vmin-mask-width: cannot prove that a partial predicate has the granularity of the registers it gates on a5; it fails for values pto-lint could not follow
    // expect-note@-1[a5]: not understood: granularity of the predicate 'mixed' ('por(mixed, head, h16, all)' combines predicates of different granularities)
  }
}

// A predicate a helper may write through a reference is not followed.
static void fill(MaskReg &m) { m = pset_b8(PAT_VL8); }

void writtenByHelper() {
  __VEC_SCOPE__ {
    RegTensor<float> f0, f1;
    MaskReg m = pset_b32(PAT_ALL);
    fill(m);
    vmax(f0, f0, f1, m, MODE_ZEROING); // expect[a5]: warning pto-vmin-mask-width: cannot prove
    // expect-note@-1[a5]: not understood: granularity of the predicate 'm' ('m' may change in a way pto-lint does not follow: 'fill' may write it)
  }
}

// A helper nothing calls: its predicate parameter could be anything.
void uncalled(RegTensor<float> &d, RegTensor<float> &a, MaskReg &p) {
  __VEC_SCOPE__ {
    vmax(d, d, a, p, MODE_ZEROING); // expect[a5]: warning pto-vmin-mask-width: cannot prove
    // expect-note@-1[a5]: ('p' is a parameter of 'uncalled', which nothing in the translation unit calls)
  }
}
