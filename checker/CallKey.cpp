// checker: a call site as one string with every fact in it, so that equal strings mean equal checks (caches).
#include "Facts.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace pto::checker {

namespace {
template <class Sink> void writeUpstream(Sink &O, const std::vector<UpstreamCheck> &Us);

struct Out {
  std::string S;
  // Length-prefixed fields: no separator can be confused with a value.
  Out &operator<<(const std::string &V) {
    S += std::to_string(V.size()) + ':' + V;
    return *this;
  }
  Out &operator<<(int64_t V) { return *this << std::to_string(V); }
  Out &operator<<(const SourceLoc &L) { return *this << L.file << int64_t(L.line) << int64_t(L.col); }
  Out &operator<<(const IntFact &F) {
    return *this << (F.value ? "=" + std::to_string(*F.value) : "?" + term::print(F.term));
  }
  Out &operator<<(const term::Term &T) { return *this << term::print(T); }
  Out &operator<<(const UpstreamChecks &Us) {
    writeUpstream(*this, Us.list());
    return *this;
  }
};

/// The same fields as references into the call (FactsView): nothing printed or copied.
struct Refs {
  std::vector<FactsView::Atom> &A;
  Refs &operator<<(const std::string &V) {
    A.push_back({FactsView::Atom::Str, 0, &V});
    return *this;
  }
  Refs &operator<<(std::string &&) = delete; // a temporary would not outlive the view
  Refs &operator<<(const char *) = delete;
  Refs &operator<<(int64_t V) {
    A.push_back({FactsView::Atom::Int, V, nullptr});
    return *this;
  }
  Refs &operator<<(const SourceLoc &L) { return *this << L.file << int64_t(L.line) << int64_t(L.col); }
  Refs &operator<<(const IntFact &F) {
    if (F.value)
      return *this << int64_t(1) << *F.value;
    return *this << int64_t(0) << F.term;
  }
  Refs &operator<<(const term::Term &T) {
    A.push_back({FactsView::Atom::TermRef, 0, &T});
    return *this;
  }
  /// The list, compared by its fields only when two calls do not share it (UpstreamChecks: the calls of one lift do).
  Refs &operator<<(const UpstreamChecks &Us) {
    A.push_back({FactsView::Atom::Checks, int64_t(Us.size()), &Us.list()});
    return *this;
  }
};

template <class Sink> void writeTile(Sink &O, const TileFacts &T);
template <class Sink> void writeFacts(Sink &O, const CallSite &C);
} // namespace

FactsView::FactsView(const CallSite &C) {
  Refs R{Atoms};
  R << C.op << C.overload;
  writeFacts(R, C);
}

bool FactsView::operator==(const FactsView &O) const { return same(Atoms, O.Atoms); }

bool FactsView::same(const std::vector<Atom> &A, const std::vector<Atom> &B) {
  return std::equal(A.begin(), A.end(), B.begin(), B.end(), [](const Atom &X, const Atom &Y) {
    if (X.kind != Y.kind || X.i != Y.i)
      return false;
    switch (X.kind) {
    case Atom::Int:
      return true;
    case Atom::Str:
      return *static_cast<const std::string *>(X.p) == *static_cast<const std::string *>(Y.p);
    case Atom::TermRef:
      return term::equal(*static_cast<const term::Term *>(X.p), *static_cast<const term::Term *>(Y.p));
    case Atom::Checks: {
      if (X.p == Y.p)
        return true;
      std::vector<Atom> XA, YA;
      Refs XR{XA}, YR{YA};
      writeUpstream(XR, *static_cast<const std::vector<UpstreamCheck> *>(X.p));
      writeUpstream(YR, *static_cast<const std::vector<UpstreamCheck> *>(Y.p));
      return same(XA, YA);
    }
    }
    return false;
  });
}

namespace {
template <class Sink> void writeTile(Sink &O, const TileFacts &T) {
  O << int64_t(T.isTile) << int64_t(T.isEvent) << int64_t(T.isReg) << int64_t(T.isMask) << T.maskWidth
    << T.maskPartial << T.maskOrigin << T.maskWhy << T.expr << T.typeSpelling << T.declLoc << T.loc << int64_t(T.dtype)
    << T.dtypeName << T.rows << T.cols << T.blayout << T.slayout << T.sfractalSize << T.declValidRow << T.declValidCol
    << T.validRow << T.validCol << int64_t(T.hasAddr) << T.addr << T.validOrigin << int64_t(T.writtenArgs.size());
  for (const WrittenArg &W : T.writtenArgs)
    O << W.loc << int64_t(W.length) << W.text << int64_t(W.literal);
  O << T.writtenArgsEnd;
}

/// Every fact of C but its op and where it is (callKey's middle).
template <class Sink> void writeFacts(Sink &O, const CallSite &C) {
  O << int64_t(C.operands.size());
  for (const Operand &Op : C.operands)
    writeTile(O << Op.role, Op.tile);
  O << int64_t(C.symbols.size());
  for (const Symbol &S : C.symbols)
    O << S.name << S.display << S.lo << S.hi << int64_t(S.understood) << S.why << S.loc;
  O << int64_t(C.path.size());
  for (const PathCondition &P : C.path)
    O << P.term << P.text << P.loc;
  O << int64_t(C.notUnderstood.size());
  for (const std::string &N : C.notUnderstood)
    O << N;
  O << int64_t(C.constants.size());
  for (const auto &[N, V] : C.constants)
    O << N << V;
  O << C.upstream << C.unresolved << int64_t(C.textual);
}

template <class Sink> void writeUpstream(Sink &O, const std::vector<UpstreamCheck> &Us) {
  O << int64_t(Us.size());
  for (const UpstreamCheck &U : Us) {
    O << U.term << int64_t(U.path.size());
    for (const PathCondition &P : U.path)
      O << P.term << P.text << P.loc;
    O << int64_t(U.symbols.size());
    for (const Symbol &S : U.symbols)
      O << S.name << S.display << S.lo << S.hi << int64_t(S.understood) << S.why << S.loc;
    O << int64_t(U.exact) << int64_t(U.compileTime) << U.text << U.message << U.loc << int64_t(U.chain.size());
    for (const auto &[L, N] : U.chain)
      O << L << N;
    O << U.notFollowed << (U.target ? int64_t(*U.target) : int64_t(-1));
  }
}
} // namespace

// Every field of CallSite, Operand, TileFacts, Symbol, PathCondition and UpstreamCheck must be written here (Facts.h).
std::string callKey(const CallSite &C) {
  Out O;
  O << C.op << C.overload << C.loc << C.function << int64_t(C.instantiatedFrom.size());
  for (size_t I = 0; I < C.instantiatedFrom.size(); ++I)
    O << C.instantiatedFrom[I] << (I < C.instantiationNames.size() ? C.instantiationNames[I] : "");
  O << int64_t(C.callers.size());
  for (const auto &[L, N] : C.callers)
    O << L << N;
  writeFacts(O, C);
  O << C.text;
  return O.S;
}

std::string tileKey(const TileFacts &T) {
  Out O;
  writeTile(O, T);
  return O.S;
}

std::string factsKey(const CallSite &C) {
  Out O;
  O << C.op << C.overload;
  writeFacts(O, C);
  return O.S;
}

namespace {
bool wordChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '%' || C == '$'; }
} // namespace

std::string normalizeCallText(std::string_view T) {
  std::string Out;
  bool Gap = false; // whitespace or a comment since the last character kept
  for (size_t I = 0; I < T.size(); ++I) {
    char C = T[I];
    if (C == '/' && I + 1 < T.size() && (T[I + 1] == '/' || T[I + 1] == '*')) {
      size_t End = T[I + 1] == '/' ? T.find('\n', I) : T.find("*/", I + 2);
      I = End == std::string_view::npos ? T.size() : End + (T[I + 1] == '/' ? 0 : 1);
      Gap = true;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(C))) {
      Gap = true;
      continue;
    }
    if (C == '"' || C == '\'') { // a literal is kept as written
      size_t J = I + 1;
      while (J < T.size() && T[J] != C)
        J += T[J] == '\\' ? 2 : 1;
      if (Gap && !Out.empty() && wordChar(Out.back()))
        Out += ' ';
      Out.append(T.substr(I, std::min(J, T.size() - 1) - I + 1));
      I = J;
      Gap = false;
      continue;
    }
    if (Gap && !Out.empty() && wordChar(Out.back()) && wordChar(C))
      Out += ' '; // `unsigned int` stays two words
    Out += C;
    Gap = false;
  }
  return Out;
}

} // namespace pto::checker
