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

void GroundEvaluator::define(const std::string &Name, const std::string &Term) {
  auto Forms = parseSexps(Term);
  if (Forms && Forms->size() == 1)
    Defs[Name] = (*Forms)[0];
  else
    Defs[Name] = Sexp{Sexp::Atom, "\x01unparsable", {}};
}

std::optional<int64_t> GroundEvaluator::eval(const std::string &Term) {
  auto Forms = parseSexps(Term);
  if (!Forms || Forms->size() != 1)
    return std::nullopt;
  return evalSexp((*Forms)[0], nullptr, 0);
}

std::optional<int64_t> GroundEvaluator::evalSexp(const Sexp &S, const std::map<std::string, int64_t> *Locals,
                                                 int Depth) {
  if (Depth > 200)
    return std::nullopt;
  if (S.kind == Sexp::Atom) {
    const std::string &A = S.atom;
    if (isNumber(A))
      return std::stoll(A);
    if (A == "true")
      return 1;
    if (A == "false")
      return 0;
    if (Locals) {
      auto It = Locals->find(A);
      if (It != Locals->end())
        return It->second;
    }
    if (auto It = Env.find(A); It != Env.end())
      return It->second;
    if (auto It = Macros.find(A); It != Macros.end() && It->second.params.empty())
      return evalSexp(It->second.body, nullptr, Depth + 1);
    if (auto It = Defs.find(A); It != Defs.end() && !Evaluating[A]) {
      Evaluating[A] = true;
      auto V = evalSexp(It->second, nullptr, Depth + 1);
      Evaluating[A] = false;
      if (V)
        Env[A] = *V;
      return V;
    }
    return std::nullopt;
  }
  if (S.items.empty() || S.items[0].kind != Sexp::Atom)
    return std::nullopt;
  const std::string &F = S.items[0].atom;
  size_t N = S.items.size() - 1;
  auto Arg = [&](size_t I) { return evalSexp(S.items[I + 1], Locals, Depth + 1); };

  // Short-circuit forms first: a false conjunct decides even if another is not ground.
  if (F == "and" || F == "or") {
    bool IsAnd = F == "and", Unknown = false;
    for (size_t I = 0; I < N; ++I) {
      auto V = Arg(I);
      if (!V)
        Unknown = true;
      else if ((*V != 0) != IsAnd)
        return IsAnd ? 0 : 1;
    }
    if (Unknown)
      return std::nullopt;
    return IsAnd ? 1 : 0;
  }
  if (F == "=>" && N == 2) {
    auto A = Arg(0);
    if (A && *A == 0)
      return 1;
    auto B = Arg(1);
    if (B && *B != 0)
      return 1;
    if (!A || !B)
      return std::nullopt;
    return 0;
  }
  if (F == "ite" && N == 3) {
    auto C = Arg(0);
    if (!C)
      return std::nullopt;
    return Arg(*C ? 1 : 2);
  }
  if (auto It = Macros.find(F); It != Macros.end()) {
    const Macro &M = It->second;
    if (M.params.size() != N)
      return std::nullopt;
    std::map<std::string, int64_t> L;
    for (size_t I = 0; I < N; ++I) {
      auto V = Arg(I);
      if (!V)
        return std::nullopt;
      L[M.params[I]] = *V;
    }
    return evalSexp(M.body, &L, Depth + 1);
  }
  std::vector<int64_t> V;
  for (size_t I = 0; I < N; ++I) {
    auto X = Arg(I);
    if (!X)
      return std::nullopt;
    V.push_back(*X);
  }
  if (F == "not" && N == 1)
    return V[0] ? 0 : 1;
  if (F == "xor" && N == 2)
    return (V[0] != 0) != (V[1] != 0);
  if (F == "+" || F == "*") {
    I128 Acc = F == "+" ? 0 : 1;
    for (int64_t X : V) {
      Acc = F == "+" ? Acc + X : Acc * X;
      if (!fit(Acc))
        return std::nullopt;
    }
    return fit(Acc);
  }
  if (F == "-") {
    if (N == 1)
      return fit(-I128(V[0]));
    I128 Acc = V[0];
    for (size_t I = 1; I < N; ++I)
      Acc -= V[I];
    return fit(Acc);
  }
  if ((F == "div" || F == "mod") && N == 2) {
    if (V[1] == 0)
      return std::nullopt; // uninterpreted in SMT-LIB: let Z3 decide
    I128 A = V[0], B = V[1], Abs = B < 0 ? -B : B;
    I128 Q = A >= 0 ? A / Abs : -((-A + Abs - 1) / Abs); // floor(A / |B|)
    if (B < 0)
      Q = -Q;                                            // Euclidean: remainder in [0, |B|)
    return fit(F == "div" ? Q : A - B * Q);
  }
  if (F == "abs" && N == 1)
    return fit(V[0] < 0 ? -I128(V[0]) : I128(V[0]));
  if (N == 2) {
    if (F == "<") return V[0] < V[1];
    if (F == "<=") return V[0] <= V[1];
    if (F == ">") return V[0] > V[1];
    if (F == ">=") return V[0] >= V[1];
  }
  if (F == "=" && N >= 2) {
    for (size_t I = 1; I < N; ++I)
      if (V[I] != V[0])
        return 0;
    return 1;
  }
  if (F == "distinct" && N >= 2) {
    for (size_t I = 0; I < N; ++I)
      for (size_t J = I + 1; J < N; ++J)
        if (V[I] == V[J])
          return 0;
    return 1;
  }
  return std::nullopt;
}

} // namespace pto::z3model
