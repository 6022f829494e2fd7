// term: s-expression reader, printer and sort checker (see Sexp.h).
#include "Sexp.h"

#include "support/Spelling.h"

#include <algorithm>
#include <cctype>

namespace pto::term {

namespace {
struct Parser {
  const std::string &T;
  size_t P = 0;
  std::string Err;

  bool bad() const { return !Err.empty(); }
  void fail(const std::string &What) {
    if (Err.empty())
      Err = What + " at offset " + std::to_string(P);
  }
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
      fail("unexpected end of text");
      return S;
    }
    if (T[P] == '(') {
      ++P;
      S.kind = Sexp::List;
      for (;;) {
        skip();
        if (P >= T.size()) {
          fail("unbalanced '('");
          return S;
        }
        if (T[P] == ')') {
          ++P;
          return S;
        }
        S.items.push_back(one());
        if (bad())
          return S;
      }
    }
    if (T[P] == ')') {
      fail("unexpected ')'");
      return S;
    }
    if (T[P] == '|') {
      size_t E = T.find('|', P + 1);
      if (E == std::string::npos) {
        fail("unterminated '|'");
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
} // namespace

std::optional<std::vector<Sexp>> parseSexps(const std::string &Text, std::string *Error) {
  Parser Pr{Text, 0, {}};
  std::vector<Sexp> Out;
  for (;;) {
    Pr.skip();
    if (Pr.P >= Text.size())
      return Out;
    Out.push_back(Pr.one());
    if (Pr.bad()) {
      if (Error)
        *Error = Pr.Err;
      return std::nullopt;
    }
  }
}

std::optional<Sexp> parseOne(const std::string &Text, std::string *Error) {
  auto Forms = parseSexps(Text, Error);
  if (!Forms)
    return std::nullopt;
  if (Forms->size() != 1) {
    if (Error)
      *Error = Forms->empty() ? "empty term" : "more than one term";
    return std::nullopt;
  }
  return std::move((*Forms)[0]);
}

std::string print(const Sexp &S) {
  if (S.kind == Sexp::Atom) {
    bool Plain = !S.atom.empty() && S.atom.find_first_of(" ()|;\"\t\n") == std::string::npos;
    return Plain ? S.atom : "|" + S.atom + "|";
  }
  std::string Out = "(";
  for (size_t I = 0; I < S.items.size(); ++I)
    Out += (I ? " " : "") + print(S.items[I]);
  return Out + ")";
}

bool isNumeral(const std::string &A) {
  return !A.empty() && A.find_first_not_of("0123456789") == std::string::npos;
}


const char *sortName(Sort S) { return S == Sort::Int ? "Int" : "Bool"; }

Signature::Signature() {
  auto Var = [](Sort A, size_t Min, Sort R) {
    FunSig F;
    F.args = {A};
    F.variadic = true;
    F.minArgs = Min;
    F.result = R;
    return F;
  };
  for (const char *Op : {"+", "*"})
    Funs[Op] = Var(Sort::Int, 2, Sort::Int);
  Funs["-"] = Var(Sort::Int, 1, Sort::Int);
  Funs["div"] = Funs["mod"] = FunSig{{Sort::Int, Sort::Int}, false, 0, false, Sort::Int};
  Funs["abs"] = FunSig{{Sort::Int}, false, 0, false, Sort::Int};
  for (const char *Op : {"<", "<=", ">", ">="})
    Funs[Op] = Var(Sort::Int, 2, Sort::Bool);
  for (const char *Op : {"and", "or", "xor"})
    Funs[Op] = Var(Sort::Bool, 1, Sort::Bool);
  Funs["=>"] = Var(Sort::Bool, 2, Sort::Bool);
  Funs["not"] = FunSig{{Sort::Bool}, false, 0, false, Sort::Bool};
  FunSig Eq;
  Eq.variadic = Eq.sameSort = true;
  Eq.minArgs = 2;
  Eq.result = Sort::Bool;
  Funs["="] = Funs["distinct"] = Eq;
  FunSig Ite;
  Ite.args = {Sort::Bool};
  Ite.sameSort = true; // then and else
  Funs["ite"] = Ite;
}

std::optional<Sort> Signature::constant(const std::string &Name) const {
  auto It = Funs.find(Name);
  if (It == Funs.end() || !It->second.args.empty() || It->second.variadic || It->second.sameSort)
    return std::nullopt;
  return It->second.result;
}

static std::optional<Sort> parseSortName(const Sexp &S) {
  if (S.kind == Sexp::Atom && S.atom == "Int")
    return Sort::Int;
  if (S.kind == Sexp::Atom && S.atom == "Bool")
    return Sort::Bool;
  return std::nullopt;
}

bool Signature::addDefinitions(const std::string &Prelude, std::vector<std::string> &Errors) {
  size_t Before = Errors.size();
  std::string Err;
  auto Forms = parseSexps(Prelude, &Err);
  if (!Forms) {
    Errors.push_back("syntax error: " + Err);
    return false;
  }
  for (const Sexp &F : *Forms) {
    if (F.kind != Sexp::List || F.items.size() != 5 || F.items[0].atom != "define-fun" ||
        F.items[1].kind != Sexp::Atom || F.items[2].kind != Sexp::List || !parseSortName(F.items[3])) {
      Errors.push_back("not a (define-fun NAME ((PARAM SORT) ...) SORT BODY) form: " + print(F).substr(0, 80));
      continue;
    }
    const std::string &Name = F.items[1].atom;
    if (Funs.count(Name)) {
      Errors.push_back("'" + Name + "' is defined twice (or redefines a built-in)");
      continue;
    }
    FunSig Sig;
    Sig.result = parseSortName(F.items[3]);
    std::map<std::string, Sort> Params;
    bool Ok = true;
    for (const Sexp &P : F.items[2].items) {
      std::optional<Sort> S;
      if (P.kind == Sexp::List && P.items.size() == 2 && P.items[0].kind == Sexp::Atom)
        S = parseSortName(P.items[1]);
      if (!S) {
        Errors.push_back("'" + Name + "': a parameter is not (NAME Int) or (NAME Bool)");
        Ok = false;
        break;
      }
      Params[P.items[0].atom] = *S;
      Sig.args.push_back(*S);
    }
    if (!Ok)
      continue;
    std::vector<std::string> BodyErrors;
    checkSort(F.items[4], Sig.result, *this,
              [&](const std::string &N, std::string &) -> std::optional<Sort> {
                auto It = Params.find(N);
                return It == Params.end() ? std::nullopt : std::optional<Sort>(It->second);
              },
              BodyErrors);
    for (const std::string &E : BodyErrors)
      Errors.push_back("in the definition of '" + Name + "': " + E);
    Funs[Name] = Sig;
  }
  return Errors.size() == Before;
}

std::optional<Sort> checkSort(const Sexp &T, std::optional<Sort> Want, const Signature &Sig, const SymbolSorts &Syms,
                              std::vector<std::string> &Errors) {
  auto Mismatch = [&](Sort Got) -> std::optional<Sort> {
    if (Want && *Want != Got) {
      Errors.push_back("'" + print(T) + "' is " + sortName(Got) + " where " + sortName(*Want) + " is expected");
      return std::nullopt;
    }
    return Got;
  };
  if (T.kind == Sexp::Atom) {
    if (isNumeral(T.atom)) {
      if (T.atom.size() > 18) {
        Errors.push_back("numeral '" + T.atom + "' does not fit in 63 bits");
        return std::nullopt;
      }
      return Mismatch(Sort::Int);
    }
    if (T.atom == "true" || T.atom == "false")
      return Mismatch(Sort::Bool);
    if (auto S = Sig.constant(T.atom))
      return Mismatch(*S);
    if (Sig.functions().count(T.atom)) {
      Errors.push_back("'" + T.atom + "' is a function and needs arguments");
      return std::nullopt;
    }
    std::string Hint;
    if (auto S = Syms(T.atom, Hint))
      return Mismatch(*S);
    Errors.push_back("unknown name '" + T.atom + "'" + (Hint.empty() ? "" : " (" + Hint + ")"));
    return std::nullopt;
  }
  if (T.items.empty() || T.items[0].kind != Sexp::Atom) {
    Errors.push_back("'" + print(T) + "' does not apply a function");
    return std::nullopt;
  }
  const std::string &Head = T.items[0].atom;
  auto It = Sig.functions().find(Head);
  if (It == Sig.functions().end()) {
    std::vector<std::string> Names;
    for (const auto &[N, F] : Sig.functions())
      Names.push_back(N);
    std::string Near = support::closest(Head, Names);
    Errors.push_back("unknown function '" + Head + "'" + (Near.empty() ? "" : " (did you mean '" + Near + "'?)"));
    return std::nullopt;
  }
  const FunSig &F = It->second;
  size_t N = T.items.size() - 1;
  bool Ok = true;
  auto Arg = [&](size_t I, std::optional<Sort> S) {
    auto Got = checkSort(T.items[I + 1], S, Sig, Syms, Errors);
    Ok &= Got.has_value();
    return Got;
  };
  if (Head == "ite") {
    if (N != 3) {
      Errors.push_back("'ite' takes 3 arguments, '" + print(T) + "' has " + std::to_string(N));
      return std::nullopt;
    }
    Arg(0, Sort::Bool);
    auto A = Arg(1, Want);
    auto B = Arg(2, A ? A : Want);
    if (!Ok)
      return std::nullopt;
    return B;
  }
  if (F.variadic ? N < F.minArgs : N != F.args.size() && !F.sameSort) {
    Errors.push_back("'" + Head + "' takes " + (F.variadic ? "at least " + std::to_string(F.minArgs) : std::to_string(F.args.size())) +
                     " argument" + ((F.variadic ? F.minArgs : F.args.size()) == 1 ? "" : "s") + ", '" + print(T) +
                     "' has " + std::to_string(N));
    return std::nullopt;
  }
  if (F.sameSort) { // = distinct: all one sort
    if (N < F.minArgs) {
      Errors.push_back("'" + Head + "' takes at least " + std::to_string(F.minArgs) + " arguments");
      return std::nullopt;
    }
    std::optional<Sort> First;
    for (size_t I = 0; I < N && Ok; ++I) {
      auto S = Arg(I, First);
      if (!First)
        First = S;
    }
  } else {
    for (size_t I = 0; I < N; ++I)
      Arg(I, F.variadic ? F.args[0] : F.args[I]);
  }
  if (!Ok)
    return std::nullopt;
  return Mismatch(*F.result);
}

} // namespace pto::term
