// term: typed terms: construction, reading from s-expressions, printing, the prelude's macros, and walks.
#include "Term.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <utility>

namespace pto::term {

namespace {
struct OpInfo {
  const char *name;
  Op op;
  size_t minArgs, maxArgs; // maxArgs 0: any number
  bool boolResult;
};
// The fragment: SMT-LIB2 core and integer functions, with the arities the evaluators and Z3 agree on.
const OpInfo Ops[] = {
    {"+", Op::Add, 1, 0, false},     {"-", Op::Sub, 1, 0, false},       {"*", Op::Mul, 1, 0, false},
    {"div", Op::Div, 2, 2, false},   {"mod", Op::Mod, 2, 2, false},     {"abs", Op::Abs, 1, 1, false},
    {"<", Op::Lt, 2, 2, true},       {"<=", Op::Le, 2, 2, true},        {">", Op::Gt, 2, 2, true},
    {">=", Op::Ge, 2, 2, true},      {"=", Op::Eq, 2, 0, true},         {"distinct", Op::Distinct, 2, 0, true},
    {"and", Op::And, 1, 0, true},    {"or", Op::Or, 1, 0, true},        {"not", Op::Not, 1, 1, true},
    {"=>", Op::Implies, 2, 2, true}, {"xor", Op::Xor, 2, 2, true},      {"ite", Op::Ite, 3, 3, false},
};
const OpInfo *info(Op O) {
  for (const OpInfo &I : Ops)
    if (I.op == O)
      return &I;
  return nullptr;
}
const OpInfo *info(const std::string &Name) {
  for (const OpInfo &I : Ops)
    if (Name == I.name)
      return &I;
  return nullptr;
}

bool simpleSymbol(const std::string &S) {
  if (S.empty() || (S[0] >= '0' && S[0] <= '9'))
    return false;
  static constexpr std::string_view Punctuation = "~!@$%^&*_-+=<>.?/";
  for (char C : S)
    if (!(std::isalnum(static_cast<unsigned char>(C)) || Punctuation.find(C) != std::string_view::npos))
      return false;
  return true;
}
} // namespace

const char *opName(Op O) {
  const OpInfo *I = info(O);
  return I ? I->name : "";
}

/// Literals 0 .. SharedLiterals - 1 are nodes made once (Term::literal).
constexpr int64_t SharedLiterals = 1024;

Term Term::integer(int64_t V) {
  if (V >= 0 && V < SharedLiterals)
    return literal(V); // the same node: a shared one
  if (V >= 0)
    return Term(std::make_shared<Node>(Node{Op::Int, Sort::Int, true, V, std::to_string(V), {}}));
  // As SMT-LIB2 writes it, (- n): the magnitude of INT64_MIN does not fit in 64 bits.
  return apply(Op::Sub, {numeral(std::to_string(0 - static_cast<uint64_t>(V)))});
}

Term Term::literal(int64_t V) {
  // The small values, which front ends write most, are shared nodes made once (terms are immutable).
  static const std::vector<Term> Small = [] {
    std::vector<Term> Out;
    for (int64_t I = 0; I < SharedLiterals; ++I)
      Out.push_back(numeral(std::to_string(I)));
    return Out;
  }();
  if (V >= 0 && V < SharedLiterals)
    return Small[static_cast<size_t>(V)];
  if (V < 0)
    return integer(V); // (- numeral)
  return numeral(std::to_string(V), V); // (the value as it is, not read back from the digits)
}

Term Term::numeral(const std::string &Digits) {
  return numeral(Digits, Digits.size() < 19 ? std::stoll(Digits) : 0);
}

Term Term::numeral(std::string Digits, int64_t Value) {
  bool Fits = Digits.size() < 19;
  return Term(std::make_shared<Node>(Node{Op::Int, Sort::Int, Fits, Fits ? Value : 0, std::move(Digits), {}}));
}

Term Term::boolean(bool B) {
  return Term(std::make_shared<Node>(Node{Op::Bool, Sort::Bool, true, B ? 1 : 0, B ? "true" : "false", {}}));
}

Term Term::var(std::string Name, Sort S) {
  return Term(std::make_shared<Node>(Node{Op::Var, S, true, 0, std::move(Name), {}}));
}

Term Term::apply(Op O, std::vector<Term> Args) {
  const OpInfo *I = info(O);
  Sort S = I && I->boolResult ? Sort::Bool : Sort::Int;
  if (O == Op::Ite && Args.size() == 3 && Args[1])
    S = Args[1].sort();
  return Term(std::make_shared<Node>(Node{O, S, true, 0, {}, std::move(Args)}));
}

Term Term::call(std::string Fun, std::vector<Term> Args, Sort Result) {
  return Term(std::make_shared<Node>(Node{Op::Call, Result, true, 0, std::move(Fun), std::move(Args)}));
}

bool equal(const Term &A, const Term &B) {
  if (A.same(B))
    return true;
  if (!A || !B || A.op() != B.op() || A.sort() != B.sort() || A.name() != B.name() || A.value() != B.value() ||
      A.args().size() != B.args().size())
    return false;
  for (size_t I = 0; I < A.args().size(); ++I)
    if (!equal(A.args()[I], B.args()[I]))
      return false;
  return true;
}

namespace {
void printTo(const Term &T, std::string &Out, const std::function<std::string(const std::string &)> *Rename = nullptr) {
  if (!T) {
    Out += "<no term>";
    return;
  }
  switch (T.op()) {
  case Op::Int:
  case Op::Bool:
    Out += T.name();
    return;
  case Op::Var: {
    std::string Renamed = Rename ? (*Rename)(T.name()) : std::string();
    const std::string &N = Renamed.empty() ? T.name() : Renamed;
    if (simpleSymbol(N))
      Out += N;
    else
      Out += "|" + N + "|";
    return;
  }
  case Op::Call:
    if (T.args().empty()) {
      Out += T.name();
      return;
    }
    Out += "(" + T.name();
    break;
  default:
    Out += "(";
    Out += opName(T.op());
    break;
  }
  for (const Term &A : T.args()) {
    Out += ' ';
    printTo(A, Out, Rename);
  }
  Out += ')';
}
} // namespace

std::string print(const Term &T) {
  std::string S;
  printTo(T, S);
  return S;
}

void printRenamed(const Term &T, const std::function<std::string(const std::string &)> &Rename, std::string &Out) {
  printTo(T, Out, &Rename);
}

Term fromSexp(const Sexp &S, const Prelude *P, std::string *Error, const std::map<std::string, Sort> *Bools) {
  auto Fail = [&](const std::string &Why) {
    if (Error && Error->empty())
      *Error = Why;
    return Term();
  };
  if (S.kind == Sexp::Atom) {
    const std::string &A = S.atom;
    if (isNumeral(A))
      return Term::numeral(A);
    if (A == "true" || A == "false")
      return Term::boolean(A == "true");
    if (Bools)
      if (auto It = Bools->find(A); It != Bools->end())
        return Term::var(A, It->second);
    if (const Macro *M = P ? P->find(A) : nullptr; M && M->params.empty())
      return Term::call(A, {}, M->result);
    if (A.empty())
      return Fail("an empty symbol");
    return Term::var(A);
  }
  if (S.items.empty() || S.items[0].kind != Sexp::Atom)
    return Fail("'" + print(S) + "' does not apply a function");
  const std::string &Head = S.items[0].atom;
  std::vector<Term> Args;
  for (size_t I = 1; I < S.items.size(); ++I) {
    Term A = fromSexp(S.items[I], P, Error, Bools);
    if (!A)
      return Term();
    Args.push_back(std::move(A));
  }
  if (const OpInfo *I = info(Head)) {
    if (Args.size() < I->minArgs || (I->maxArgs && Args.size() > I->maxArgs))
      return Fail("'" + Head + "' applied to " + std::to_string(Args.size()) + " arguments in '" + print(S) + "'");
    return Term::apply(I->op, std::move(Args));
  }
  if (const Macro *M = P ? P->find(Head) : nullptr) {
    if (M->params.size() != Args.size())
      return Fail("'" + Head + "' takes " + std::to_string(M->params.size()) + " arguments, '" + print(S) + "' has " +
                  std::to_string(Args.size()));
    return Term::call(Head, std::move(Args), M->result);
  }
  return Fail("unknown function '" + Head + "'");
}

Term parse(const std::string &Text, const Prelude *P, std::string *Error) {
  std::string Err;
  auto Forms = parseSexps(Text, &Err);
  if (!Forms || Forms->size() != 1) {
    if (Error)
      *Error = Forms ? "not one term: '" + Text + "'" : "syntax error: " + Err;
    return Term();
  }
  return fromSexp((*Forms)[0], P, Error);
}

bool wellFormed(const Term &T, const Prelude *P, std::string *Error) {
  auto Fail = [&](const std::string &Why) {
    if (Error)
      *Error = Why;
    return false;
  };
  if (!T)
    return Fail("an empty term");
  for (const Term &A : T.args())
    if (!wellFormed(A, P, Error))
      return false;
  const std::vector<Term> &As = T.args();
  auto AllOf = [&](Sort S) {
    return std::all_of(As.begin(), As.end(), [&](const Term &A) { return A.sort() == S; });
  };
  switch (T.op()) {
  case Op::Int:
  case Op::Bool:
  case Op::Var:
    return true;
  case Op::Call: {
    const Macro *M = P ? P->find(T.name()) : nullptr;
    if (!M)
      return Fail("unknown function '" + T.name() + "'");
    if (M->params.size() != As.size())
      return Fail("'" + T.name() + "' takes " + std::to_string(M->params.size()) + " arguments, '" + print(T) +
                  "' has " + std::to_string(As.size()));
    for (size_t I = 0; I < As.size(); ++I)
      if (As[I].sort() != M->params[I].second)
        return Fail("argument " + std::to_string(I + 1) + " of '" + print(T) + "' is not " +
                    sortName(M->params[I].second));
    return T.sort() == M->result || Fail("'" + print(T) + "' is not of its macro's sort");
  }
  default:
    break;
  }
  const OpInfo *I = info(T.op());
  if (!I || As.size() < I->minArgs || (I->maxArgs && As.size() > I->maxArgs))
    return Fail("'" + std::string(opName(T.op())) + "' applied to " + std::to_string(As.size()) + " arguments in '" +
                print(T) + "'");
  bool Sorted = true;
  switch (T.op()) {
  case Op::Eq:
  case Op::Distinct:
    Sorted = AllOf(As[0].sort());
    break;
  case Op::Ite:
    Sorted = As[0].sort() == Sort::Bool && As[1].sort() == As[2].sort();
    break;
  case Op::And:
  case Op::Or:
  case Op::Not:
  case Op::Implies:
  case Op::Xor:
    Sorted = AllOf(Sort::Bool);
    break;
  default: // arithmetic and comparisons
    Sorted = AllOf(Sort::Int);
    break;
  }
  return Sorted || Fail("'" + print(T) + "' applies '" + opName(T.op()) + "' to arguments of the wrong sort");
}

bool Prelude::load(const std::string &Text, std::string *Error) {
  auto Fail = [&](const std::string &Why) {
    if (Error)
      *Error = Why;
    return false;
  };
  std::string Err;
  auto Forms = parseSexps(Text, &Err);
  if (!Forms)
    return Fail("syntax error: " + Err);
  auto SortOf = [](const Sexp &S) -> std::optional<Sort> {
    if (S.kind == Sexp::Atom && S.atom == "Int")
      return Sort::Int;
    if (S.kind == Sexp::Atom && S.atom == "Bool")
      return Sort::Bool;
    return std::nullopt;
  };
  for (const Sexp &F : *Forms) {
    // (define-fun name ((p Sort) ...) Sort body)
    if (F.kind != Sexp::List || F.items.size() != 5 || F.items[0].atom != "define-fun" ||
        F.items[1].kind != Sexp::Atom || F.items[2].kind != Sexp::List || !SortOf(F.items[3]))
      return Fail("not a (define-fun NAME ((PARAM SORT) ...) SORT BODY) form: " + print(F).substr(0, 80));
    Macro M;
    M.name = F.items[1].atom;
    M.result = *SortOf(F.items[3]);
    std::map<std::string, Sort> Params;
    for (const Sexp &Pm : F.items[2].items) {
      std::optional<Sort> S;
      if (Pm.kind == Sexp::List && Pm.items.size() == 2 && Pm.items[0].kind == Sexp::Atom)
        S = SortOf(Pm.items[1]);
      if (!S)
        return Fail("'" + M.name + "': a parameter is not (NAME Int) or (NAME Bool)");
      M.params.emplace_back(Pm.items[0].atom, *S);
      Params[Pm.items[0].atom] = *S;
    }
    // Parameters shadow the prelude's names inside the body: read them as constants of the body.
    std::map<std::string, Sort> Bools;
    for (const auto &[N, S] : M.params)
      Bools[N] = S;
    std::string Why;
    M.body = fromSexp(F.items[4], this, &Why, &Bools);
    if (!M.body)
      return Fail("in the definition of '" + M.name + "': " + Why);
    Macros[M.name] = std::move(M);
  }
  return true;
}

void forEachVar(const Term &T, const std::function<void(const Term &)> &F) {
  if (!T)
    return;
  if (T.op() == Op::Var)
    F(T);
  for (const Term &A : T.args())
    forEachVar(A, F);
}

void vars(const Term &T, std::vector<std::string> &Out) {
  forEachVar(T, [&](const Term &V) { Out.push_back(V.name()); });
}

Term substitute(const Term &T, const std::function<Term(const Term &Var)> &Subst) {
  if (!T)
    return T;
  if (T.op() == Op::Var) {
    Term R = Subst(T);
    return R ? R : T;
  }
  if (T.args().empty())
    return T;
  std::vector<Term> Args;
  bool Changed = false;
  for (const Term &A : T.args()) {
    Args.push_back(substitute(A, Subst));
    Changed |= !Args.back().same(A);
  }
  if (!Changed)
    return T;
  return T.op() == Op::Call ? Term::call(T.name(), std::move(Args), T.sort()) : Term::apply(T.op(), std::move(Args));
}

Term rename(const Term &T, const std::function<std::string(const std::string &)> &Rename) {
  return substitute(T, [&](const Term &V) {
    std::string N = Rename(V.name());
    return N.empty() ? Term() : Term::var(std::move(N), V.sort());
  });
}

} // namespace pto::term
