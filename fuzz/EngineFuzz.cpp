// fuzz: libFuzzer target for the engine (checker/Engine.cpp) fed random call sites (checker/Facts.h) of every op and
// overload of the built-in rules, on every target: tiles, registers, events, odd and extreme shapes, symbolic valid
// dims and addresses over parameters, path conditions, opaque values. Besides crashes, escaping exceptions and
// sanitizer reports, two soundness oracles:
//  - the precheck (interval evaluation, proves only) against the engine without it: a check one of them finds
//    violated must not pass in the other (each "violated" on one side is a finding, of any status, on the other);
//  - a concrete instance: the symbols set to a point of their ranges where every path condition holds (and each
//    symbolic valid dim lies within its tile, which the engine assumes), the facts evaluated there by the ground
//    evaluator: whatever the concrete call violates, the symbolic call must report (a proof covers every point).
#include "checker/Engine.h"
#include "z3model/Ground.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace pto::checker;
using pto::term::Op;
using pto::term::Term;

namespace {

[[noreturn]] void fail(const std::string &What, const CallSite &C) {
  std::fprintf(stderr, "engine-fuzz: %s\n  call: %s\n", What.c_str(), callKey(C).c_str());
  __builtin_trap();
}

const char *const SymNames[] = {"n", "m", "k"};

template <class T> T pick(FuzzedDataProvider &P, std::initializer_list<T> L) {
  return *(L.begin() + P.ConsumeIntegralInRange<size_t>(0, L.size() - 1));
}

int64_t dim(FuzzedDataProvider &P) {
  switch (P.ConsumeIntegralInRange<int>(0, 7)) {
  case 0: return pick<int64_t>(P, {0, 1, 2, 3});
  case 1: return pick<int64_t>(P, {8, 16, 32, 64, 128, 256, 512});
  case 2: return P.ConsumeIntegralInRange<int64_t>(-4, 4);
  case 3: return P.ConsumeIntegral<int64_t>();
  case 4: return pick<int64_t>(P, {INT32_MAX, int64_t(1) << 32, INT64_MAX, INT64_MIN});
  default: return P.ConsumeIntegralInRange<int64_t>(1, 4096);
  }
}

Term lit(FuzzedDataProvider &P, int Lo, int Hi) { return Term::literal(P.ConsumeIntegralInRange<int>(Lo, Hi)); }

/// A term as a front end builds it, over the symbols; now and then one the engine must refuse (fail closed).
Term term(FuzzedDataProvider &P) {
  const Term A = Term::var(SymNames[P.ConsumeIntegralInRange<int>(0, 2)]),
             B = Term::var(SymNames[P.ConsumeIntegralInRange<int>(0, 2)]);
  switch (P.ConsumeIntegralInRange<int>(0, 10)) {
  case 0: return Term::apply(Op::Add, {A, lit(P, -3, 17)});
  case 1: return Term::apply(Op::Div, {A, lit(P, 1, 16)});
  case 2: return Term::apply(Op::Mul, {A, B});
  case 3: return Term::apply(Op::Ite, {Term::apply(Op::Lt, {A, B}), A, B});
  case 4: return Term::call("min2", {A, lit(P, 0, 256)}, pto::term::Sort::Int);
  case 5: return Term::call("cdiv", {A, B}, pto::term::Sort::Int);
  case 6: return lit(P, 0, 300);
  case 7: // not a term, one of the wrong arity or sort, or one not over declared symbols
    switch (P.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: return Term();
    case 1: return Term::apply(pick(P, {Op::Div, Op::Ite, Op::Not, Op::Lt}), {A});
    case 2: return Term::apply(Op::Add, {Term::apply(Op::Le, {A, B}), B});
    default: return Term::var(P.ConsumeRandomLengthString(16));
    }
  default: return A;
  }
}

IntFact intFact(FuzzedDataProvider &P, int64_t Typical) {
  if (P.ConsumeBool())
    return IntFact::known(P.ConsumeBool() ? Typical : dim(P));
  return IntFact::symbolic(term(P));
}

TileFacts tile(FuzzedDataProvider &P, const std::string &Role, RoleKind Kind, bool Builtin) {
  TileFacts T;
  // What a front end can say about an argument: one of tile, event, register, predicate (or none of them); mostly
  // what the op expects, sometimes another kind (a user's mistake the engine must report, not trip over).
  enum { Tile, Event, Reg, Mask, Other } Expected = Builtin ? (Kind == RoleKind::Mask ? Mask : Reg) : Tile;
  unsigned What = P.ConsumeIntegralInRange<unsigned>(0, 15);
  auto Is = What < 11 ? Expected : What == 11 ? Tile : What == 12 ? Event : What == 13 ? Reg : What == 14 ? Mask : Other;
  T.isTile = Is == Tile;
  T.isEvent = Is == Event;
  T.isReg = Is == Reg;
  T.isMask = Is == Mask;
  T.maskWidth = pick<int64_t>(P, {0, 8, 16, 32, 7});
  T.maskPartial = P.ConsumeIntegralInRange<int64_t>(-1, 1);
  T.maskOrigin = P.ConsumeBool() ? "plt_b16(n)" : "";
  T.expr = P.ConsumeBool() ? Role : P.ConsumeRandomLengthString(12);
  T.typeSpelling = "Tile<...>";
  T.loc = pick<const char *>(P, {"Vec", "Vec", "Mat", "Left", "Acc", "", "Bogus"});
  T.dtype = static_cast<DType>(P.ConsumeIntegralInRange<int>(0, 12));
  T.dtypeName = pick<const char *>(P, {"float", "half", "int8_t", "my_type", ""});
  T.rows = dim(P);
  T.cols = dim(P);
  T.blayout = pick<const char *>(P, {"RowMajor", "RowMajor", "ColMajor", ""});
  T.slayout = pick<const char *>(P, {"NoneBox", "NoneBox", "RowMajor", "ColMajor", "Box"});
  T.sfractalSize = pick<int64_t>(P, {512, 512, 1024, 0, -1});
  T.declValidRow = P.ConsumeBool() ? -1 : T.rows;
  T.declValidCol = P.ConsumeBool() ? -1 : T.cols;
  T.validRow = intFact(P, T.rows);
  T.validCol = intFact(P, T.cols);
  T.hasAddr = P.ConsumeIntegralInRange<int>(0, 3) == 0;
  if (T.hasAddr)
    T.addr = P.ConsumeBool() ? IntFact::known(32 * P.ConsumeIntegralInRange<int64_t>(-1, 10000)) : intFact(P, 0);
  return T;
}

CallSite call(FuzzedDataProvider &P, const RuleSet &Rules) {
  CallSite C;
  const OpSignature &Op = Rules.ops()[P.ConsumeIntegralInRange<size_t>(0, Rules.ops().size() - 1)];
  C.op = P.ConsumeIntegralInRange<int>(0, 30) ? Op.name : P.ConsumeRandomLengthString(10);
  const Overload &Ov = Op.overloads[P.ConsumeIntegralInRange<size_t>(0, Op.overloads.size() - 1)];
  C.overload = P.ConsumeIntegralInRange<int>(0, 30) ? Ov.name : P.ConsumeRandomLengthString(10);
  C.loc = {"k.cpp", 10, 3};
  C.function = "kernel";
  std::vector<std::string> Roles = Ov.roles;
  if (!Roles.empty() && P.ConsumeIntegralInRange<int>(0, 15) == 0)
    Roles.erase(Roles.begin() + P.ConsumeIntegralInRange<size_t>(0, Roles.size() - 1)); // an absent operand
  for (const std::string &Role : Roles)
    C.operands.push_back({Role, tile(P, Role, Rules.roleKind(Role), Op.builtin)});
  for (int I = P.ConsumeIntegralInRange<int>(0, 3); I > 0; --I) {
    Symbol S;
    S.name = SymNames[I - 1];
    S.display = S.name;
    switch (P.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: break; // int
    case 1: S.lo = 0, S.hi = UINT32_MAX; break;
    case 2: S.lo = P.ConsumeIntegralInRange<int64_t>(-8, 64), S.hi = P.ConsumeIntegralInRange<int64_t>(-8, 300); break;
    default: S.lo = P.ConsumeIntegral<int64_t>(), S.hi = P.ConsumeIntegral<int64_t>(); break;
    }
    S.understood = P.ConsumeIntegralInRange<int>(0, 7) != 0;
    if (!S.understood)
      S.why = "a call of 'f'";
    C.symbols.push_back(S);
  }
  for (int I = P.ConsumeIntegralInRange<int>(0, 3); I > 0; --I) {
    Term A = Term::var(SymNames[P.ConsumeIntegralInRange<int>(0, 2)]), K = lit(P, -2, 300);
    Term T;
    switch (P.ConsumeIntegralInRange<int>(0, 5)) {
    case 0: T = Term::apply(Op::Lt, {A, K}); break;
    case 1: T = Term::apply(Op::Gt, {A, K}); break;
    case 2: T = Term::apply(Op::Eq, {A, K}); break;
    case 3: T = Term::apply(Op::Not, {Term::apply(Op::Eq, {A, K})}); break;
    case 4: T = Term::apply(Op::Le, {A, term(P)}); break;
    default: T = Term::apply(Op::Or, {Term::apply(Op::Eq, {A, Term::literal(0)}), Term::apply(Op::Gt, {A, K})}); break;
    }
    C.path.push_back({T, pto::term::print(T), {"k.cpp", 8, 5}});
  }
  if (P.ConsumeIntegralInRange<int>(0, 15) == 0)
    C.notUnderstood.push_back("f(x)");
  if (P.ConsumeIntegralInRange<int>(0, 31) == 0)
    C.unresolved = "the translation unit has errors";
  if (Op.builtin || P.ConsumeBool())
    C.constants.emplace_back("op.invecscope", P.ConsumeIntegralInRange<int64_t>(0, 1));
  C.textual = P.ConsumeIntegralInRange<int>(0, 7) == 0;
  return C;
}

Failing violated(const std::vector<Finding> &Fs) {
  Failing Out;
  for (const Finding &F : Fs)
    if (F.status == Status::ViolatedAlways || F.status == Status::ViolatedSometimes)
      for (Target T : F.targets.empty() ? std::vector<Target>{F.target} : F.targets)
        Out.insert({F.ruleId, T});
  return Out;
}

void within(const Failing &Sub, const Failing &Super, const char *What, const CallSite &C) {
  for (const auto &[Rule, T] : Sub)
    if (!Super.count({Rule, T}))
      fail(std::string(What) + ": " + Rule + " on " + targetName(T), C);
}

/// The call at one point of its symbols where the path holds and symbolic valid dims fit their tiles; false if the
/// point does not qualify or a fact cannot be evaluated there.
bool concrete(const CallSite &C, const pto::z3model::GroundEvaluator &Prelude, FuzzedDataProvider &P, CallSite &Out) {
  pto::z3model::Program G(Prelude);
  for (const Symbol &S : C.symbols) {
    if (S.lo > S.hi || !S.understood)
      return false;
    G.set(G.slot(S.name), P.ConsumeIntegralInRange<int64_t>(S.lo, S.hi));
  }
  // A term the engine refuses is not evaluated here: the engine reads it as no term.
  auto Eval = [&](const Term &T) {
    return pto::term::wellFormed(T, Prelude.prelude()) ? G.eval(G.compile(T)) : std::nullopt;
  };
  for (const PathCondition &Pc : C.path) {
    auto V = Eval(Pc.term);
    if (!V || *V == 0)
      return false;
  }
  Out = C;
  Out.symbols.clear();
  Out.path.clear();
  for (Operand &O : Out.operands) {
    TileFacts &T = O.tile;
    for (auto [F, Bound] : {std::pair{&T.validRow, T.rows}, std::pair{&T.validCol, T.cols}, std::pair{&T.addr, INT64_MAX}}) {
      if (F->value)
        continue;
      auto V = Eval(F->term);
      if (!V || (Bound != INT64_MAX && T.isTile && (*V < 0 || *V > Bound)))
        return false;
      *F = IntFact::known(*V);
    }
  }
  return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const RuleSet &Rules = RuleSet::builtin();
  // Long-lived engines (their solver caches are keyed by query, so answers do not leak between calls); no session
  // time cap, a short cap per Z3 call: a budget hit is "unknown", which both oracles accept.
  auto Options = [](bool Precheck) {
    EngineOptions O;
    O.budget.timeoutMs = 200;
    O.budget.tuMillis = 0;
    O.precheck = Precheck;
    return O;
  };
  static Engine With(Rules, Options(true)), Without(Rules, Options(false));
  static const pto::z3model::GroundEvaluator Prelude = [] {
    pto::z3model::GroundEvaluator G;
    G.loadPrelude(Rules.prelude());
    return G;
  }();
  FuzzedDataProvider P(Data, Size);
  CallSite C = call(P, Rules);
  if (std::getenv("ENGINE_FUZZ_SHOW"))
    std::fprintf(stderr, "call: %s\n", callKey(C).c_str());
  std::vector<Finding> A, B;
  Tally TA, TB;
  With.check(C, A, TA);
  Without.check(C, B, TB);
  within(violated(A), failingOf(B), "violated with the precheck, proved without it", C);
  within(violated(B), failingOf(A), "violated without the precheck, proved with it", C);
  CallSite K;
  if (!concrete(C, Prelude, P, K))
    return 0;
  std::vector<Finding> Fk;
  Tally Tk;
  With.check(K, Fk, Tk);
  within(violated(Fk), failingOf(A), "violated at a feasible point, proved for the symbolic call", C);
  return 0;
}
