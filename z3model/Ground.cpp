// z3model: a small exact evaluator for ground SMT-LIB2 terms (the solver's fast path).
#include "Ground.h"

#include <algorithm>
#include <cctype>

namespace pto::z3model {

namespace {
using I128 = __int128;
std::optional<int64_t> fit(I128 V) {
  if (V > INT64_MAX || V < INT64_MIN)
    return std::nullopt;
  return static_cast<int64_t>(V);
}
} // namespace

bool GroundEvaluator::loadPrelude(const std::string &Text) {
  term::Prelude P;
  if (!P.load(Text))
    return false;
  Macros = std::make_shared<const term::Prelude>(std::move(P));
  return true;
}

std::optional<int64_t> GroundEvaluator::eval(const std::string &Text) const {
  term::Term T = term::parse(Text, Macros.get());
  if (!T)
    return std::nullopt;
  Program P(*this);
  for (const auto &[Name, D] : Defs) {
    term::Term Def = term::parse(D, Macros.get());
    if (Def)
      P.define(Name, Def);
    else
      P.define(Name, term::Term::call("\x01unparsable", {}, term::Sort::Int)); // evaluates to nothing
  }
  for (const auto &[Name, V] : Values)
    P.set(P.slot(Name), V);
  return P.eval(P.compile(T));
}

int Program::node(Op O, int64_t K, std::vector<int> Kids) {
  Nodes.push_back({O, K, std::move(Kids)});
  return static_cast<int>(Nodes.size() - 1);
}

int Program::slot(const std::string &Name) {
  auto [It, New] = Slots.emplace(Name, static_cast<int>(Cells.size()));
  if (New)
    Cells.emplace_back();
  return It->second;
}

void Program::define(const std::string &Name, const term::Term &T) {
  int S = slot(Name);
  int D = compile(T);
  Cells[S].def = D;
}

int Program::compile(const term::Term &T) { return compileIn(T, nullptr, 0); }

void Program::set(int Slot, int64_t V) {
  Cells[Slot].v = V;
  Cells[Slot].epoch = Epoch;
}

std::optional<int64_t> Program::eval(int Term) { return ev(Term, 0); }

std::optional<int64_t> Program::value(int S) {
  Cell &C = Cells[S];
  if (C.epoch == Epoch)
    return C.v;
  if (C.def < 0 || C.busy)
    return std::nullopt;
  C.busy = true;
  std::optional<int64_t> V = ev(C.def, 1);
  C.busy = false;
  if (V) {
    C.v = *V;
    C.epoch = Epoch;
  }
  return V;
}

void Program::setRange(int Slot, int64_t Lo, int64_t Hi, int Sym, int64_t Off) {
  Cells[Slot].r = {Lo, Hi, Sym, Off};
  Cells[Slot].rEpoch = Epoch;
}

std::optional<Interval> Program::range(int Term) { return rv(Term, 0); }

std::optional<Interval> Program::rangeOf(int S) {
  Cell &C = Cells[S];
  if (C.epoch == Epoch)
    return Interval{C.v, C.v};
  if (C.rEpoch == Epoch)
    return C.r;
  if (C.def < 0 || C.rBusy)
    return std::nullopt;
  C.rBusy = true;
  std::optional<Interval> R = rv(C.def, 1);
  C.rBusy = false;
  if (R) {
    C.r = *R;
    C.rEpoch = Epoch;
  }
  return R;
}

namespace {
std::optional<Interval> hull(I128 Lo, I128 Hi) {
  auto L = fit(Lo), H = fit(Hi);
  if (!L || !H)
    return std::nullopt;
  return Interval{*L, *H};
}
const Interval Unknown{0, 1};
Interval truth(bool B) { return B ? Interval{1, 1} : Interval{0, 0}; }
/// SMT-LIB (Euclidean) div of A by B != 0, as the concrete evaluator computes it.
I128 euclidDiv(I128 A, I128 B) {
  I128 Abs = B < 0 ? -B : B;
  I128 Q = A >= 0 ? A / Abs : -((-A + Abs - 1) / Abs);
  return B < 0 ? -Q : Q;
}
} // namespace

// Interval evaluation. Every case must over-approximate: for points the result is the point `ev` gives.
std::optional<Interval> Program::rv(int N, int Depth) {
  if (Depth > 400)
    return std::nullopt;
  const Node &Nd = Nodes[N];
  auto Kid = [&](size_t I) { return rv(Nd.kids[I], Depth + 1); };
  size_t K = Nd.kids.size();
  switch (Nd.op) {
  case Op::Const:
    return Interval{Nd.k, Nd.k};
  case Op::Slot:
    return rangeOf(static_cast<int>(Nd.k));
  case Op::Fail:
  case Op::Other:
    return std::nullopt;
  case Op::And:
  case Op::Or: {
    bool IsAnd = Nd.op == Op::And, Undecided = false;
    for (size_t I = 0; I < K; ++I) {
      auto V = Kid(I);
      if (V && (IsAnd ? V->definitelyFalse() : V->definitelyTrue()))
        return truth(!IsAnd);
      if (!V || !(IsAnd ? V->definitelyTrue() : V->definitelyFalse()))
        Undecided = true;
    }
    return Undecided ? Unknown : truth(IsAnd);
  }
  case Op::Implies: {
    auto A = Kid(0);
    if (A && A->definitelyFalse())
      return truth(true);
    auto B = Kid(1);
    if (B && B->definitelyTrue())
      return truth(true);
    if (A && B && A->definitelyTrue() && B->definitelyFalse())
      return truth(false);
    return Unknown;
  }
  case Op::Ite: {
    auto C = Kid(0);
    if (C && C->definitelyTrue())
      return Kid(1);
    if (C && C->definitelyFalse())
      return Kid(2);
    auto A = Kid(1), B = Kid(2);
    if (!A || !B)
      return std::nullopt;
    Interval R{std::min(A->lo, B->lo), std::max(A->hi, B->hi)};
    if (A->sym >= 0 && A->sym == B->sym && A->off == B->off)
      R.sym = A->sym, R.off = A->off;
    return R;
  }
  case Op::Not: {
    auto A = Kid(0);
    if (A && A->definitelyTrue())
      return truth(false);
    if (A && A->definitelyFalse())
      return truth(true);
    return Unknown;
  }
  case Op::Xor: {
    auto A = Kid(0), B = Kid(1);
    auto Decided = [](const std::optional<Interval> &X) { return X && (X->definitelyTrue() || X->definitelyFalse()); };
    if (Decided(A) && Decided(B))
      return truth(A->definitelyTrue() != B->definitelyTrue());
    return Unknown;
  }
  default:
    break;
  }
  // Arithmetic and comparisons need every argument bounded.
  std::vector<Interval> V(K);
  for (size_t I = 0; I < K; ++I) {
    auto X = Kid(I);
    if (!X)
      return std::nullopt;
    V[I] = *X;
  }
  // Values of one symbol: `a - b` is exact, and so is any comparison of the two.
  auto SameSym = [&] {
    for (size_t I = 1; I < K; ++I)
      if (V[I].sym < 0 || V[I].sym != V[0].sym)
        return false;
    return K >= 2 && V[0].sym >= 0;
  };
  // A sum with exactly one symbolic term and points otherwise is that symbol plus a new offset.
  auto Shift = [&](std::optional<Interval> R, bool Negate) {
    int Which = -1;
    I128 Off = 0;
    for (size_t I = 0; I < K; ++I) {
      bool Neg = Negate && I > 0;
      if (V[I].sym >= 0 && Which < 0 && !Neg) {
        Which = static_cast<int>(I);
        Off += V[I].off;
      } else if (V[I].point()) {
        Off += Neg ? -I128(V[I].lo) : I128(V[I].lo);
      } else {
        return R;
      }
    }
    if (R && Which >= 0 && fit(Off))
      R->sym = V[Which].sym, R->off = *fit(Off);
    return R;
  };
  switch (Nd.op) {
  case Op::Add: {
    I128 Lo = 0, Hi = 0;
    for (const Interval &X : V)
      Lo += X.lo, Hi += X.hi;
    return Shift(hull(Lo, Hi), false);
  }
  case Op::Sub: {
    if (K == 0)
      return std::nullopt;
    if (K == 1)
      return hull(-I128(V[0].hi), -I128(V[0].lo));
    if (K == 2 && SameSym())
      return hull(I128(V[0].off) - V[1].off, I128(V[0].off) - V[1].off);
    I128 Lo = V[0].lo, Hi = V[0].hi;
    for (size_t I = 1; I < K; ++I)
      Lo -= V[I].hi, Hi -= V[I].lo;
    return Shift(hull(Lo, Hi), true);
  }
  case Op::Mul: {
    I128 Lo = 1, Hi = 1;
    for (const Interval &X : V) {
      I128 C[4] = {Lo * X.lo, Lo * X.hi, Hi * X.lo, Hi * X.hi};
      Lo = *std::min_element(C, C + 4);
      Hi = *std::max_element(C, C + 4);
      if (!fit(Lo) || !fit(Hi))
        return std::nullopt; // also keeps the next products within 128 bits
    }
    return hull(Lo, Hi);
  }
  case Op::Div:
  case Op::Mod: {
    // Only a fixed, non-zero divisor: with it, div is monotone in the dividend and mod repeats.
    if (!V[1].point() || V[1].lo == 0)
      return std::nullopt;
    I128 B = V[1].lo, Abs = B < 0 ? -B : B;
    I128 QLo = euclidDiv(V[0].lo, B), QHi = euclidDiv(V[0].hi, B);
    if (Nd.op == Op::Div)
      return hull(std::min(QLo, QHi), std::max(QLo, QHi));
    if (QLo == QHi) // one period: a - b*q with q fixed is increasing in a
      return hull(V[0].lo - B * QLo, V[0].hi - B * QLo);
    return hull(0, Abs - 1);
  }
  case Op::ModBig: {
    const Interval &A = V[0];
    if (A.lo >= 0)
      return A; // exactly x
    if (A.hi < 0)
      return hull(I128(A.lo) + I128(Bigs[Nd.k]), I128(A.hi) + I128(Bigs[Nd.k]));
    return std::nullopt; // both sides of 0: two pieces
  }
  case Op::Abs: {
    const Interval &A = V[0];
    if (A.lo >= 0)
      return A;
    if (A.hi <= 0)
      return hull(-I128(A.hi), -I128(A.lo));
    return hull(0, std::max(-I128(A.lo), I128(A.hi)));
  }
  case Op::Lt:
  case Op::Le:
  case Op::Gt:
  case Op::Ge: {
    // Normalise to "a < b" or "a <= b".
    Interval A = V[0], B = V[1];
    if (Nd.op == Op::Gt || Nd.op == Op::Ge)
      std::swap(A, B);
    bool Strict = Nd.op == Op::Lt || Nd.op == Op::Gt;
    if (SameSym())
      return truth(Strict ? A.off < B.off : A.off <= B.off);
    if (Strict ? A.hi < B.lo : A.hi <= B.lo)
      return truth(true);
    if (Strict ? A.lo >= B.hi : A.lo > B.hi)
      return truth(false);
    return Unknown;
  }
  case Op::Eq: {
    if (SameSym()) {
      for (size_t I = 1; I < K; ++I)
        if (V[I].off != V[0].off)
          return truth(false);
      return truth(true);
    }
    bool AllSame = true;
    for (size_t I = 1; I < K; ++I) {
      if (V[I].hi < V[0].lo || V[I].lo > V[0].hi)
        return truth(false);
      AllSame &= V[I].point() && V[0].point() && V[I].lo == V[0].lo;
    }
    return AllSame ? truth(true) : Unknown;
  }
  case Op::Distinct: {
    if (SameSym()) {
      for (size_t I = 0; I < K; ++I)
        for (size_t J = I + 1; J < K; ++J)
          if (V[I].off == V[J].off)
            return truth(false);
      return truth(true);
    }
    bool AllApart = true;
    for (size_t I = 0; I < K; ++I)
      for (size_t J = I + 1; J < K; ++J) {
        if (V[I].point() && V[J].point() && V[I].lo == V[J].lo)
          return truth(false);
        AllApart &= V[I].hi < V[J].lo || V[J].hi < V[I].lo;
      }
    return AllApart ? truth(true) : Unknown;
  }
  default:
    return std::nullopt;
  }
}

// Macro parameters are bound to their compiled arguments (inlining); a set or defined constant shadows a
// nullary macro of the same name.
int Program::compileIn(const term::Term &T, const std::map<std::string, int> *Params, int Depth) {
  if (Depth > 200 || !T)
    return node(Op::Fail);
  switch (T.op()) {
  case term::Op::Int:
    return T.fits() ? node(Op::Const, T.value()) : node(Op::Fail); // beyond 64 bits: Z3's
  case term::Op::Bool:
    return node(Op::Const, T.value());
  case term::Op::Var:
    if (Params)
      if (auto It = Params->find(T.name()); It != Params->end())
        return It->second;
    return node(Op::Slot, slot(T.name()));
  default:
    break;
  }
  // `(mod x M)` with M past 64 bits: unsigned 64-bit arithmetic wraps at 2^64, which C++ values of the facts
  // (non-negative, below 2^63) never reach.
  if (std::optional<unsigned __int128> M = bigModulus(T)) {
    if (*M == 0)
      return node(Op::Fail);
    Bigs.push_back(*M);
    return node(Op::ModBig, int64_t(Bigs.size() - 1), {compileIn(T.args()[0], Params, Depth + 1)});
  }
  std::vector<int> Kids;
  for (const term::Term &A : T.args())
    Kids.push_back(compileIn(A, Params, Depth + 1));
  size_t N = Kids.size();
  if (T.op() == term::Op::Call) {
    const term::Macro *M = Macros ? Macros->find(T.name()) : nullptr;
    if (!M || M->params.size() != N)
      return node(Op::Fail);
    std::map<std::string, int> Bound;
    for (size_t I = 0; I < N; ++I)
      Bound[M->params[I].first] = Kids[I];
    return compileIn(M->body, &Bound, Depth + 1);
  }
  // A form the evaluator does not know still evaluates its arguments first (so a non-ground argument and an
  // unknown form both give nullopt), as GroundEvaluator does.
  return node(opOf(T.op(), N), 0, std::move(Kids));
}

Program::Op Program::opOf(term::Op Form, size_t N) {
  Op O;
  switch (Form) {
  case term::Op::And: O = Op::And; break;
  case term::Op::Or: O = Op::Or; break;
  case term::Op::Implies: O = Op::Implies; break;
  case term::Op::Ite: O = Op::Ite; break;
  case term::Op::Not: O = Op::Not; break;
  case term::Op::Xor: O = Op::Xor; break;
  case term::Op::Add: O = Op::Add; break;
  case term::Op::Mul: O = Op::Mul; break;
  case term::Op::Sub: O = Op::Sub; break;
  case term::Op::Div: O = Op::Div; break;
  case term::Op::Mod: O = Op::Mod; break;
  case term::Op::Abs: O = Op::Abs; break;
  case term::Op::Lt: O = Op::Lt; break;
  case term::Op::Le: O = Op::Le; break;
  case term::Op::Gt: O = Op::Gt; break;
  case term::Op::Ge: O = Op::Ge; break;
  case term::Op::Eq: O = Op::Eq; break;
  case term::Op::Distinct: O = Op::Distinct; break;
  default: return Op::Other;
  }
  bool Arity = true;
  switch (O) {
  case Op::Implies: case Op::Xor: case Op::Div: case Op::Mod: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge:
    Arity = N == 2;
    break;
  case Op::Ite:
    Arity = N == 3;
    break;
  case Op::Not: case Op::Abs:
    Arity = N == 1;
    break;
  case Op::Eq: case Op::Distinct:
    Arity = N >= 2;
    break;
  default:
    break;
  }
  return Arity ? O : Op::Other;
}

std::optional<unsigned __int128> Program::bigModulus(const term::Term &T) {
  if (T.op() != term::Op::Mod || T.args().size() != 2 || T.args()[1].op() != term::Op::Int || T.args()[1].fits())
    return std::nullopt;
  const std::string &Digits = T.args()[1].name();
  unsigned __int128 M = 0;
  bool Ok = !Digits.empty() && Digits.size() <= 38;
  for (char C : Digits)
    Ok = Ok && C >= '0' && C <= '9' && ((M = M * 10 + unsigned(C - '0')), true);
  if (!Ok || M <= static_cast<unsigned __int128>(INT64_MAX))
    return 0; // not a modulus the evaluator reads: the form fails
  return M;
}

/// Evaluates a term without constants directly, as compile() then eval() of a fresh Program would (the same
/// nodes, limits and order; Program.ClosedEvaluationIsCompiledEvaluation checks the two agree): prelude macros are expanded
/// where they are applied, each parameter read evaluating its argument where the application is.
class Program::Closed {
public:
  explicit Closed(const term::Prelude *Macros) : Macros(Macros) {}
  /// A macro application being evaluated: its arguments, in the application's own scope.
  struct Scope {
    const term::Macro *M;
    const std::vector<term::Term> *Args;
    const Scope *Outer;
    int Depth; // the compile depth of the arguments
  };
  // Depth: compile()'s depth of T; EvDepth: ev()'s depth of the node T compiles to.
  std::optional<int64_t> eval(const term::Term &T, const Scope *In, int Depth, int EvDepth) {
    if (Depth > 200 || !T || EvDepth > 400)
      return std::nullopt;
    switch (T.op()) {
    case term::Op::Int:
      return T.fits() ? std::optional<int64_t>(T.value()) : std::nullopt;
    case term::Op::Bool:
      return T.value();
    case term::Op::Var:
      // A parameter is its argument's node itself; anything else is a constant, which has no value here.
      if (In)
        for (size_t I = In->M->params.size(); I-- > 0;) // the last of a repeated name, as compile() binds it
          if (In->M->params[I].first == T.name())
            return eval((*In->Args)[I], In->Outer, In->Depth, EvDepth);
      return std::nullopt;
    default:
      break;
    }
    if (std::optional<unsigned __int128> M = bigModulus(T)) {
      if (*M == 0)
        return std::nullopt;
      return apply(Op::ModBig, 1, [&](size_t) { return eval(T.args()[0], In, Depth + 1, EvDepth + 1); }, *M);
    }
    const std::vector<term::Term> &Args = T.args();
    size_t N = Args.size();
    if (T.op() == term::Op::Call) {
      const term::Macro *M = Macros ? Macros->find(T.name()) : nullptr;
      if (!M || M->params.size() != N)
        return std::nullopt;
      Scope Inner{M, &Args, In, Depth + 1};
      return eval(M->body, &Inner, Depth + 1, EvDepth);
    }
    Op O = opOf(T.op(), N);
    if (O == Op::Other)
      return std::nullopt; // its arguments' values, whatever they are, give none
    return apply(O, N, [&](size_t I) { return eval(Args[I], In, Depth + 1, EvDepth + 1); }, 0);
  }

private:
  const term::Prelude *Macros;
};

std::optional<int64_t> Program::evalClosed(const term::Prelude *Macros, const term::Term &T) {
  return Closed(Macros).eval(T, nullptr, 0, 0);
}

std::optional<int64_t> Program::ev(int N, int Depth) {
  if (Depth > 400)
    return std::nullopt;
  const Node &Nd = Nodes[N];
  switch (Nd.op) {
  case Op::Const:
    return Nd.k;
  case Op::Slot:
    return value(static_cast<int>(Nd.k));
  case Op::Fail:
    return std::nullopt;
  default:
    return apply(Nd.op, Nd.kids.size(), [&](size_t I) { return ev(Nd.kids[I], Depth + 1); },
                 Nd.op == Op::ModBig ? Bigs[Nd.k] : 0);
  }
}

template <class KidValue>
std::optional<int64_t> Program::apply(Op O, size_t K, const KidValue &Kid, unsigned __int128 Modulus) {
  switch (O) {
  case Op::And:
  case Op::Or: {
    bool IsAnd = O == Op::And, Unknown = false;
    for (size_t I = 0; I < K; ++I) {
      auto V = Kid(I);
      if (!V)
        Unknown = true;
      else if ((*V != 0) != IsAnd)
        return IsAnd ? 0 : 1;
    }
    if (Unknown)
      return std::nullopt;
    return IsAnd ? 1 : 0;
  }
  case Op::Implies: {
    auto A = Kid(0);
    if (A && *A == 0)
      return 1;
    auto B = Kid(1);
    if (B && *B != 0)
      return 1;
    if (!A || !B)
      return std::nullopt;
    return 0;
  }
  case Op::Ite: {
    auto C = Kid(0);
    if (!C)
      return std::nullopt;
    return Kid(*C ? 1 : 2);
  }
  default:
    break;
  }
  int64_t Small[4] = {0, 0, 0, 0};
  std::vector<int64_t> Big;
  int64_t *V = Small;
  if (K > 4) {
    Big.resize(K);
    V = Big.data();
  }
  for (size_t I = 0; I < K; ++I) {
    auto X = Kid(I);
    if (!X)
      return std::nullopt;
    V[I] = *X;
  }
  switch (O) {
  case Op::Not:
    return V[0] ? 0 : 1;
  case Op::Xor:
    return (V[0] != 0) != (V[1] != 0);
  case Op::Add:
  case Op::Mul: {
    I128 Acc = O == Op::Add ? 0 : 1;
    for (size_t I = 0; I < K; ++I) {
      Acc = O == Op::Add ? Acc + V[I] : Acc * V[I];
      if (!fit(Acc))
        return std::nullopt;
    }
    return fit(Acc);
  }
  case Op::Sub: {
    if (K == 0)
      return std::nullopt;
    if (K == 1)
      return fit(-I128(V[0]));
    I128 Acc = V[0];
    for (size_t I = 1; I < K; ++I)
      Acc -= V[I];
    return fit(Acc);
  }
  case Op::Div:
  case Op::Mod: {
    if (V[1] == 0)
      return std::nullopt;
    I128 A = V[0], B = V[1], Abs = B < 0 ? -B : B;
    I128 Q = A >= 0 ? A / Abs : -((-A + Abs - 1) / Abs);
    if (B < 0)
      Q = -Q;
    return fit(O == Op::Div ? Q : A - B * Q);
  }
  case Op::ModBig: // the modulus exceeds every int64 value: a non-negative x is its own residue
    return V[0] >= 0 ? std::optional<int64_t>(V[0]) : fit(I128(V[0]) + I128(Modulus));
  case Op::Abs:
    return fit(V[0] < 0 ? -I128(V[0]) : I128(V[0]));
  case Op::Lt: return V[0] < V[1];
  case Op::Le: return V[0] <= V[1];
  case Op::Gt: return V[0] > V[1];
  case Op::Ge: return V[0] >= V[1];
  case Op::Eq:
    for (size_t I = 1; I < K; ++I)
      if (V[I] != V[0])
        return 0;
    return 1;
  case Op::Distinct:
    for (size_t I = 0; I < K; ++I)
      for (size_t J = I + 1; J < K; ++J)
        if (V[I] == V[J])
          return 0;
    return 1;
  default:
    return std::nullopt;
  }
}

std::string Bounds::resolve(std::string A) const {
  for (int Depth = 0; Depth < 16; ++Depth) {
    auto It = Alias.find(A);
    if (It == Alias.end())
      break;
    A = It->second;
  }
  return A;
}

void Bounds::narrow(const term::Term &S, bool Pos) {
  using term::Op;
  if (!S || S.args().empty() || S.op() == Op::Call)
    return;
  Op F = S.op();
  size_t N = S.args().size();
  if ((F == Op::And && Pos) || (F == Op::Or && !Pos)) {
    for (const term::Term &A : S.args())
      narrow(A, Pos);
    return;
  }
  if (F == Op::Not && N == 1)
    return narrow(S.args()[0], !Pos);
  if (F == Op::Implies && N == 2 && !Pos) {
    narrow(S.args()[0], true);
    narrow(S.args()[1], false);
    return;
  }
  if (N != 2 || (F != Op::Lt && F != Op::Le && F != Op::Gt && F != Op::Ge && F != Op::Eq))
    return;
  auto Var = [&](const term::Term &X) -> std::pair<int64_t, int64_t> * {
    if (X.op() != Op::Var)
      return nullptr;
    auto It = Range.find(resolve(X.name()));
    return It == Range.end() ? nullptr : &It->second;
  };
  std::string Op = term::opName(F);
  auto *V = Var(S.args()[0]);
  std::optional<int64_t> C = V ? Consts->eval(Consts->compile(S.args()[1])) : std::nullopt;
  if (!V) { // c OP x  ==  x OP' c
    V = Var(S.args()[1]);
    if (!V)
      return;
    C = Consts->eval(Consts->compile(S.args()[0]));
    Op = Op == "<" ? ">" : Op == "<=" ? ">=" : Op == ">" ? "<" : Op == ">=" ? "<=" : Op;
  }
  if (!C)
    return;
  if (!Pos)
    Op = Op == "<" ? ">=" : Op == "<=" ? ">" : Op == ">" ? "<=" : Op == ">=" ? "<" : "!=";
  int64_t &Lo = V->first, &Hi = V->second, X = *C;
  if (Op == "<" && X > INT64_MIN)
    Hi = std::min(Hi, X - 1);
  else if (Op == "<=")
    Hi = std::min(Hi, X);
  else if (Op == ">" && X < INT64_MAX)
    Lo = std::max(Lo, X + 1);
  else if (Op == ">=")
    Lo = std::max(Lo, X);
  else if (Op == "=")
    Lo = std::max(Lo, X), Hi = std::min(Hi, X);
  else if (Op == "!=" && X == Lo && Lo < INT64_MAX)
    ++Lo;
  else if (Op == "!=" && X == Hi && Hi > INT64_MIN)
    --Hi;
}

} // namespace pto::z3model
