// z3model: a small exact evaluator for ground SMT-LIB2 terms (the solver's fast path).
#include "Ground.h"

#include <cctype>

namespace pto::z3model {

namespace {
struct Parser {
  const std::string &T;
  size_t P = 0;
  bool Bad = false;

  void skip() {
    while (P < T.size()) {
      if (std::isspace(static_cast<unsigned char>(T[P]))) {
        ++P;
      } else if (T[P] == ';') {
        while (P < T.size() && T[P] != '\n')
          ++P;
      } else {
        break;
      }
    }
  }
  Sexp one() {
    skip();
    Sexp S;
    if (P >= T.size()) {
      Bad = true;
      return S;
    }
    if (T[P] == '(') {
      ++P;
      S.kind = Sexp::List;
      for (;;) {
        skip();
        if (P >= T.size()) {
          Bad = true;
          return S;
        }
        if (T[P] == ')') {
          ++P;
          return S;
        }
        S.items.push_back(one());
        if (Bad)
          return S;
      }
    }
    if (T[P] == ')') {
      Bad = true;
      return S;
    }
    if (T[P] == '|') {
      size_t E = T.find('|', P + 1);
      if (E == std::string::npos) {
        Bad = true;
        return S;
      }
      S.atom = T.substr(P + 1, E - P - 1);
      P = E + 1;
      return S;
    }
    size_t B = P;
    while (P < T.size() && !std::isspace(static_cast<unsigned char>(T[P])) && T[P] != '(' && T[P] != ')' && T[P] != ';')
      ++P;
    S.atom = T.substr(B, P - B);
    return S;
  }
};

bool isNumber(const std::string &A) {
  return !A.empty() && A.find_first_not_of("0123456789") == std::string::npos && A.size() < 19;
}

using I128 = __int128;
std::optional<int64_t> fit(I128 V) {
  if (V > INT64_MAX || V < INT64_MIN)
    return std::nullopt;
  return static_cast<int64_t>(V);
}
} // namespace

std::optional<std::vector<Sexp>> parseSexps(const std::string &Text) {
  Parser Pr{Text};
  std::vector<Sexp> Out;
  for (;;) {
    Pr.skip();
    if (Pr.P >= Text.size())
      return Out;
    Out.push_back(Pr.one());
    if (Pr.Bad)
      return std::nullopt;
  }
}

bool GroundEvaluator::loadPrelude(const std::string &Prelude) {
  auto Forms = parseSexps(Prelude);
  if (!Forms)
    return false;
  for (const Sexp &F : *Forms) {
    // (define-fun name ((p Sort) ...) Sort body)
    if (F.kind != Sexp::List || F.items.size() != 5 || F.items[0].atom != "define-fun" ||
        F.items[2].kind != Sexp::List)
      return false;
    Macro M;
    for (const Sexp &P : F.items[2].items) {
      if (P.kind != Sexp::List || P.items.empty())
        return false;
      M.params.push_back(P.items[0].atom);
    }
    M.body = F.items[4];
    Macros[F.items[1].atom] = M;
  }
  return true;
}

std::optional<int64_t> GroundEvaluator::eval(const std::string &Term) const {
  auto Forms = parseSexps(Term);
  if (!Forms || Forms->size() != 1)
    return std::nullopt;
  Program P(*this);
  for (const auto &[Name, T] : Defs) {
    auto D = parseSexps(T);
    P.define(Name, D && D->size() == 1 ? (*D)[0] : Sexp{Sexp::Atom, "\x01unparsable", {}});
  }
  for (const auto &[Name, V] : Values)
    P.set(P.slot(Name), V);
  return P.eval(P.compile((*Forms)[0]));
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

void Program::define(const std::string &Name, const Sexp &Term) {
  int S = slot(Name);
  int D = compile(Term);
  Cells[S].def = D;
}

int Program::compile(const Sexp &Term) { return compileIn(Term, nullptr, 0); }

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

// Macro parameters are bound to their compiled arguments (inlining); a set or defined constant shadows a
// nullary macro of the same name.
int Program::compileIn(const Sexp &S, const std::map<std::string, int> *Params, int Depth) {
  if (Depth > 200)
    return node(Op::Fail);
  if (S.kind == Sexp::Atom) {
    const std::string &A = S.atom;
    if (isNumber(A))
      return node(Op::Const, std::stoll(A));
    if (A == "true")
      return node(Op::Const, 1);
    if (A == "false")
      return node(Op::Const, 0);
    if (Params) {
      auto It = Params->find(A);
      if (It != Params->end())
        return It->second;
    }
    if (auto It = Macros->find(A); It != Macros->end() && It->second.params.empty() && !Slots.count(A))
      return compileIn(It->second.body, nullptr, Depth + 1);
    return node(Op::Slot, slot(A));
  }
  if (S.items.empty() || S.items[0].kind != Sexp::Atom)
    return node(Op::Fail);
  const std::string &F = S.items[0].atom;
  std::vector<int> Kids;
  for (size_t I = 1; I < S.items.size(); ++I)
    Kids.push_back(compileIn(S.items[I], Params, Depth + 1));
  size_t N = Kids.size();
  if (auto It = Macros->find(F); It != Macros->end() && F != "and" && F != "or" && F != "=>" && F != "ite") {
    const GroundEvaluator::Macro &M = It->second;
    if (M.params.size() != N)
      return node(Op::Fail);
    std::map<std::string, int> Bound;
    for (size_t I = 0; I < N; ++I)
      Bound[M.params[I]] = Kids[I];
    return compileIn(M.body, &Bound, Depth + 1);
  }
  static const std::map<std::string, Op> Ops = {
      {"and", Op::And}, {"or", Op::Or},   {"=>", Op::Implies}, {"ite", Op::Ite}, {"not", Op::Not},
      {"xor", Op::Xor}, {"+", Op::Add},   {"*", Op::Mul},      {"-", Op::Sub},   {"div", Op::Div},
      {"mod", Op::Mod}, {"abs", Op::Abs}, {"<", Op::Lt},       {"<=", Op::Le},   {">", Op::Gt},
      {">=", Op::Ge},   {"=", Op::Eq},    {"distinct", Op::Distinct}};
  auto It = Ops.find(F);
  Op O = It == Ops.end() ? Op::Other : It->second;
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
  // A form the evaluator does not know still evaluates its arguments first (so a non-ground argument and an
  // unknown form both give nullopt), as GroundEvaluator does.
  return node(Arity ? O : Op::Other, 0, std::move(Kids));
}

std::optional<int64_t> Program::ev(int N, int Depth) {
  if (Depth > 400)
    return std::nullopt;
  const Node &Nd = Nodes[N];
  auto Kid = [&](size_t I) { return ev(Nd.kids[I], Depth + 1); };
  size_t K = Nd.kids.size();
  switch (Nd.op) {
  case Op::Const:
    return Nd.k;
  case Op::Slot:
    return value(static_cast<int>(Nd.k));
  case Op::Fail:
    return std::nullopt;
  case Op::And:
  case Op::Or: {
    bool IsAnd = Nd.op == Op::And, Unknown = false;
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
  int64_t Small[4];
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
  switch (Nd.op) {
  case Op::Not:
    return V[0] ? 0 : 1;
  case Op::Xor:
    return (V[0] != 0) != (V[1] != 0);
  case Op::Add:
  case Op::Mul: {
    I128 Acc = Nd.op == Op::Add ? 0 : 1;
    for (size_t I = 0; I < K; ++I) {
      Acc = Nd.op == Op::Add ? Acc + V[I] : Acc * V[I];
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
    return fit(Nd.op == Op::Div ? Q : A - B * Q);
  }
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

} // namespace pto::z3model
