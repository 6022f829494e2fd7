// fuzz: libFuzzer target for the two evaluators of z3model/Ground.cpp against each other, and against Z3. A term of
// the rules' fragment (the prelude's macros included) over three Int constants, built from the input, is evaluated
// by interval (Program::range, what the engine's precheck proves with) over a box of the constants, and exactly
// (Program::eval) at points of the box: every exact value must lie in the interval, a tagged interval must be its
// symbol plus its offset, and a point interval must be the value. For one input in eight (the first byte's bit 0
// set, bits 3 and 4 clear) a Bool term over a small box is also decided by the solver twice, by its own paths
// (ground evaluation, enumeration) and by Z3 alone: decided verdicts must agree, and a counterexample must falsify
// the property. Raw text (the first byte's bit 1) goes through the s-expression reader and the compiler as it is.
#include "checker/Rule.h"
#include "z3model/Ground.h"
#include "z3model/Solver.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using namespace pto::z3model;

namespace {

[[noreturn]] void fail(const std::string &What, const std::string &Term) {
  std::fprintf(stderr, "ground-fuzz: %s\n  term: %s\n", What.c_str(), Term.c_str());
  __builtin_trap();
}

const char *const Vars[] = {"x0", "x1", "x2"};

/// Builds terms of the rules' fragment from the input: Int and Bool sorts kept apart, so most terms are in range
/// of both evaluators (an ill-sorted term is the raw mode's business).
struct Gen {
  FuzzedDataProvider &P;
  int Budget = 40; // nodes

  std::string num() {
    switch (P.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: return std::to_string(P.ConsumeIntegralInRange<int>(0, 9));
    case 1: return std::to_string(P.ConsumeIntegralInRange<int>(0, 4096));
    case 2: return "(- " + std::to_string(P.ConsumeIntegralInRange<int>(1, 64)) + ")";
    default: return std::to_string(P.ConsumeIntegral<uint32_t>()) + std::to_string(P.ConsumeIntegral<uint32_t>());
    }
  }
  std::string intTerm(int Depth) {
    if (--Budget <= 0 || Depth > 6 || P.remaining_bytes() == 0)
      return P.ConsumeBool() ? Vars[P.ConsumeIntegralInRange<int>(0, 2)] : num();
    static const char *Bin[] = {"+", "-", "*", "div", "mod", "min2", "max2", "ceildiv", "roundup", "cdiv", "crem"};
    switch (P.ConsumeIntegralInRange<int>(0, 6)) {
    case 0: return Vars[P.ConsumeIntegralInRange<int>(0, 2)];
    case 1: return num();
    case 2: return "(abs " + intTerm(Depth + 1) + ")";
    case 3: return "(- " + intTerm(Depth + 1) + ")";
    case 4: return "(ite " + boolTerm(Depth + 1) + " " + intTerm(Depth + 1) + " " + intTerm(Depth + 1) + ")";
    case 5: return "(+ " + intTerm(Depth + 1) + " " + intTerm(Depth + 1) + " " + intTerm(Depth + 1) + ")";
    default: {
      std::string Op = Bin[P.ConsumeIntegralInRange<int>(0, 10)];
      return "(" + Op + " " + intTerm(Depth + 1) + " " + intTerm(Depth + 1) + ")";
    }
    }
  }
  std::string boolTerm(int Depth) {
    static const char *Cmp[] = {"<", "<=", ">", ">=", "=", "distinct"};
    if (--Budget <= 0 || Depth > 6 || P.remaining_bytes() == 0)
      return "(" + std::string(Cmp[P.ConsumeIntegralInRange<int>(0, 5)]) + " " + Vars[P.ConsumeIntegralInRange<int>(0, 2)] +
             " " + num() + ")";
    switch (P.ConsumeIntegralInRange<int>(0, 7)) {
    case 0: return P.ConsumeBool() ? "true" : "false";
    case 1: return "(not " + boolTerm(Depth + 1) + ")";
    case 2: return "(and " + boolTerm(Depth + 1) + " " + boolTerm(Depth + 1) + ")";
    case 3: return "(or " + boolTerm(Depth + 1) + " " + boolTerm(Depth + 1) + ")";
    case 4: return "(=> " + boolTerm(Depth + 1) + " " + boolTerm(Depth + 1) + ")";
    case 5: return "(xor " + boolTerm(Depth + 1) + " " + boolTerm(Depth + 1) + ")";
    case 6: return "(in2 " + intTerm(Depth + 1) + " " + intTerm(Depth + 1) + " " + intTerm(Depth + 1) + ")";
    default: {
      std::string Op = Cmp[P.ConsumeIntegralInRange<int>(0, 5)];
      return "(" + Op + " " + intTerm(Depth + 1) + " " + intTerm(Depth + 1) + ")";
    }
    }
  }
};

struct Box {
  int64_t lo[3], hi[3];
};

Box box(FuzzedDataProvider &P, bool Small) {
  Box B;
  for (int I = 0; I < 3; ++I) {
    int64_t A = Small ? P.ConsumeIntegralInRange<int64_t>(-8, 8) : P.ConsumeIntegralInRange<int64_t>(-100000, 100000);
    if (!Small && P.ConsumeIntegralInRange<int>(0, 7) == 0)
      A = P.ConsumeIntegral<int64_t>();
    int64_t W = Small ? P.ConsumeIntegralInRange<int64_t>(0, 6) : P.ConsumeIntegralInRange<int64_t>(0, 1000);
    B.lo[I] = A;
    B.hi[I] = A > INT64_MAX - W ? INT64_MAX : A + W;
  }
  return B;
}

/// Interval vs exact evaluation at the corners and a few inner points of the box.
void compareEvaluators(const GroundEvaluator &Prelude, const pto::term::Term &T, const std::string &Text, const Box &B,
                       bool Tag, FuzzedDataProvider &P) {
  Program Pr(Prelude);
  int S[3];
  for (int I = 0; I < 3; ++I)
    S[I] = Pr.slot(Vars[I]);
  int Root = Pr.compile(T);
  for (int I = 0; I < 3; ++I)
    Pr.setRange(S[I], B.lo[I], B.hi[I], Tag && I == 0 ? 0 : -1, 0);
  std::optional<Interval> R = Pr.range(Root);
  for (int K = 0; K < 12; ++K) {
    int64_t V[3];
    for (int I = 0; I < 3; ++I)
      V[I] = K < 8 ? ((K >> I) & 1 ? B.hi[I] : B.lo[I]) : P.ConsumeIntegralInRange<int64_t>(B.lo[I], B.hi[I]);
    Pr.reset();
    for (int I = 0; I < 3; ++I)
      Pr.set(S[I], V[I]);
    std::optional<int64_t> E = Pr.eval(Root);
    if (!E || !R)
      continue;
    std::string At = " at x0=" + std::to_string(V[0]) + " x1=" + std::to_string(V[1]) + " x2=" + std::to_string(V[2]);
    if (*E < R->lo || *E > R->hi)
      fail("value " + std::to_string(*E) + " outside [" + std::to_string(R->lo) + ", " + std::to_string(R->hi) + "]" + At,
           Text);
    if (R->sym == 0 && static_cast<__int128>(*E) != static_cast<__int128>(V[0]) + R->off)
      fail("value " + std::to_string(*E) + " is not x0 + " + std::to_string(R->off) + At, Text);
    // A range evaluation at a point is the exact one.
    Pr.reset();
    for (int I = 0; I < 3; ++I)
      Pr.setRange(S[I], V[I], V[I]);
    std::optional<Interval> Pt = Pr.range(Root);
    if (Pt && Pt->point() && Pt->lo != *E)
      fail("point interval " + std::to_string(Pt->lo) + " but value " + std::to_string(*E) + At, Text);
    Pr.reset();
    for (int I = 0; I < 3; ++I)
      Pr.setRange(S[I], B.lo[I], B.hi[I], Tag && I == 0 ? 0 : -1, 0);
  }
}

bool decided(Verdict V) { return V == Verdict::Proved || V == Verdict::ViolatedAlways || V == Verdict::ViolatedSometimes; }

/// The solver's exact paths (ground, enumeration) against Z3 alone on the query "for all x in the box: T".
void compareWithZ3(const GroundEvaluator &Prelude, const std::string &PreludeText, const pto::term::Term &T,
                   const std::string &Text, const Box &B) {
  static Solver Fast([] {
    Budget Bu;
    Bu.cache = false;
    Bu.tuMillis = 0;
    return Bu;
  }());
  static Solver Z3([] {
    Budget Bu;
    Bu.cache = false;
    Bu.tuMillis = 0;
    Bu.timeoutMs = 500;
    Bu.groundFastPath = false;
    return Bu;
  }());
  Query Q;
  Q.name = "ground-fuzz";
  Q.prelude = PreludeText;
  for (int I = 0; I < 3; ++I)
    Q.decls.push_back({Vars[I], B.lo[I], B.hi[I], std::nullopt});
  Q.property = T;
  Q.minimize = {"x0", "x1", "x2"};
  Result A = Fast.check(Q), Z = Z3.check(Q);
  if (!decided(A.verdict) || !decided(Z.verdict))
    return;
  if (A.verdict != Z.verdict)
    fail(std::string("solver paths say ") + verdictName(A.verdict) + ", Z3 says " + verdictName(Z.verdict), Text);
  for (const Result *R : {&A, &Z}) {
    if (R->verdict != Verdict::ViolatedSometimes && R->verdict != Verdict::ViolatedAlways)
      continue;
    Program Pr(Prelude);
    int Root = Pr.compile(T);
    for (int I = 0; I < 3; ++I) {
      auto It = R->model.find(Vars[I]);
      if (It == R->model.end())
        continue;
      if (It->second < B.lo[I] || It->second > B.hi[I])
        fail(std::string("counterexample ") + Vars[I] + " = " + std::to_string(It->second) + " outside its box", Text);
      Pr.set(Pr.slot(Vars[I]), It->second);
    }
    std::optional<int64_t> E = Pr.eval(Root);
    if (E && *E != 0)
      fail(std::string("the counterexample of ") + (R == &A ? "the solver's paths" : "Z3") + " satisfies the property",
           Text);
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const std::string PreludeText = pto::checker::RuleSet::builtin().prelude();
  static const GroundEvaluator Prelude = [] {
    GroundEvaluator G;
    if (!G.loadPrelude(PreludeText))
      __builtin_trap();
    return G;
  }();
  FuzzedDataProvider P(Data, Size);
  uint8_t Mode = P.ConsumeIntegral<uint8_t>();
  if (Mode & 2) { // raw text
    std::string Text = P.ConsumeRandomLengthString(400);
    auto Forms = pto::term::parseSexps(Text);
    if (!Forms || Forms->empty())
      return 0;
    Box B = box(P, false);
    for (const auto &F : *Forms)
      compareEvaluators(Prelude, pto::term::fromSexp(F, Prelude.prelude()), Text, B, Mode & 4, P);
    return 0;
  }
  bool WithZ3 = (Mode & 0x19) == 1; // one input in eight: a Z3 call costs a hundred evaluations
  Box B = box(P, WithZ3);
  Gen G{P};
  std::string Text = WithZ3 || P.ConsumeBool() ? G.boolTerm(0) : G.intTerm(0);
  pto::term::Term T = pto::term::parse(Text, Prelude.prelude());
  if (!T)
    fail("the generator wrote a term the reader rejects", Text);
  compareEvaluators(Prelude, T, Text, B, Mode & 4, P);
  if (WithZ3)
    compareWithZ3(Prelude, PreludeText, T, Text, B);
  return 0;
}
