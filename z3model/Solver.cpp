// z3model: Z3 C-API implementation of Solver. Every Z3 error is caught here and becomes Verdict::Error.
#include "Solver.h"

#include "Ground.h"

#include <z3.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <cstdlib>
#include <new>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <set>
#include <unordered_map>

namespace pto::z3model {

const char *verdictName(Verdict V) {
  switch (V) {
  case Verdict::Proved: return "proved";
  case Verdict::ViolatedAlways: return "violated-always";
  case Verdict::ViolatedSometimes: return "violated-sometimes";
  case Verdict::Unknown: return "unknown";
  case Verdict::Error: return "error";
  }
  return "error";
}

namespace {
// Z3 calls this instead of exiting; the error code stays readable through Z3_get_error_code.
void ignoreError(Z3_context, Z3_error_code) {}


/// Fault injection (docs/robustness.md): PTO_LINT_FAULT=KIND[:N] makes the Nth Z3 call of every session, and each
/// one after it, fail the way KIND says, so tests can show that a failing solver never yields "proved". Queries the
/// ground evaluator or enumeration decides never reach Z3 and are not affected.
struct Fault {
  enum Kind { None, Exception, Error, Unknown, RLimit, OutOfMemory } kind = None;
  unsigned from = 1; // the first Z3 call (1-based, per session) that fails

  static const Fault &get() {
    static const Fault F = parse(std::getenv("PTO_LINT_FAULT"));
    return F;
  }
  static Fault parse(const char *Env) {
    Fault F;
    if (!Env || !*Env)
      return F;
    std::string S(Env), Name = S.substr(0, S.find(':'));
    if (S.find(':') != std::string::npos)
      F.from = std::max(1ul, std::strtoul(S.c_str() + S.find(':') + 1, nullptr, 10));
    static const std::pair<const char *, Kind> Names[] = {{"z3-exception", Exception}, {"z3-error", Error},
                                                         {"z3-unknown", Unknown},     {"z3-rlimit", RLimit},
                                                         {"z3-oom", OutOfMemory}};
    for (const auto &[N, K] : Names)
      if (Name == N)
        F.kind = K;
    if (F.kind == None) // a mistyped fault must not pass silently as a clean run
      throw std::invalid_argument("PTO_LINT_FAULT='" + S + "': expected z3-exception, z3-error, z3-unknown, "
                                  "z3-rlimit or z3-oom, optionally with :N");
    return F;
  }
  bool hits(unsigned Call) const { return kind != None && Call >= from; }
};
} // namespace

std::string smtInt(int64_t V) {
  if (V >= 0)
    return std::to_string(V);
  // -V overflows for INT64_MIN; spell the magnitude through unsigned arithmetic.
  return "(- " + std::to_string(0 - static_cast<uint64_t>(V)) + ")";
}

struct Solver::Impl {
  Z3_context Ctx = nullptr;
  Z3_sort IntSort = nullptr;
  std::string PreludeText;       // the prelude GroundProto was loaded from
  bool PreludeOk = false;
  GroundEvaluator GroundProto;    // prelude macros loaded once; every Program is built from them
  unsigned Calls = 0;             // Z3 satisfiability calls
  unsigned TimeoutMs = 0;         // wall-clock cap of one Z3 call (0: none); a safety net behind the rlimit
  double SpentMs = 0;             // wall time spent in Z3 calls in this session (one translation unit), all pools
  double PoolMs[2] = {0, 0};      // the same per budget pool (Query::pool)
  unsigned Pool = 0;              // the pool of the query being decided
  std::string CachePrelude;       // the prelude every cached answer was computed with
  std::unordered_map<std::string, Result> Cache; // canonical query text -> answer (canonical constant names)
  Z3_func_decl Abs = nullptr;     // Int `abs`, which the C API of Z3 4.8 has no constructor for (made on first use)
  bool DirectTerms = false;       // Budget::directTerms of the query being decided

  /// The Z3 context is made on the first query the ground evaluator cannot decide: most translation units
  /// never need one, and making it is a noticeable part of a compile.
  void ensureContext() {
    if (Ctx)
      return;
    Z3_config Cfg = Z3_mk_config();
    Z3_set_param_value(Cfg, "model", "true");
    Ctx = Z3_mk_context_rc(Cfg);
    Z3_del_config(Cfg);
    Z3_set_error_handler(Ctx, ignoreError);
    IntSort = Z3_mk_int_sort(Ctx);
    Z3_inc_ref(Ctx, Z3_sort_to_ast(Ctx, IntSort));
  }
  ~Impl() {
    if (!Ctx)
      return;
    if (Abs)
      Z3_dec_ref(Ctx, Z3_func_decl_to_ast(Ctx, Abs));
    Z3_dec_ref(Ctx, Z3_sort_to_ast(Ctx, IntSort));
    Z3_del_context(Ctx);
  }

  bool failed(std::string &Why) {
    Z3_error_code E = Z3_get_error_code(Ctx);
    if (E == Z3_OK)
      return false;
    Why = Z3_get_error_msg(Ctx, E);
    Z3_set_error(Ctx, Z3_OK);
    return true;
  }
};

Solver::Solver(Budget B) : P(std::make_unique<Impl>()), B(B) {}
Solver::~Solver() = default;

DeclTable::DeclTable(std::vector<Decl> Ds, std::vector<Term> Hs) : Decls(std::move(Ds)), Hyps(std::move(Hs)) {
  for (size_t I = 0; I < Decls.size(); ++I)
    Index.emplace(Decls[I].name, I);
  auto Syms = [&](const Term &T, std::vector<size_t> &Out) {
    term::forEachVar(T, [&](const Term &V) {
      if (long I = find(V.name()); I >= 0)
        Out.push_back(static_cast<size_t>(I));
    });
  };
  DefSyms.resize(Decls.size());
  for (size_t I = 0; I < Decls.size(); ++I)
    if (Decls[I].definition)
      Syms(*Decls[I].definition, DefSyms[I]);
  HypSyms.resize(Hyps.size());
  for (size_t J = 0; J < Hyps.size(); ++J)
    Syms(Hyps[J], HypSyms[J]);
}

namespace {
/// Every declaration of a query: its shared table's, then its own.
template <class Fn> void forEachDecl(const Query &Q, Fn F) {
  if (Q.shared)
    for (const Decl &D : Q.shared->decls())
      F(D);
  for (const Decl &D : Q.decls)
    F(D);
}

/// What a query asserts, in order: each declaration's definition and bounds, the hypotheses, then Goal (if any).
/// Each declaration's constant is passed to Declare (if given) before its assertions, as a script declares it.
std::vector<Term> assertions(const Query &Q, const Term &Goal,
                             const std::function<void(const Decl &, size_t Asserted)> &Declare = nullptr) {
  std::vector<Term> As;
  forEachDecl(Q, [&](const Decl &D) {
    if (Declare)
      Declare(D, As.size());
    Term C = Term::var(D.name);
    if (D.definition)
      As.push_back(Term::apply(term::Op::Eq, {C, *D.definition}));
    if (D.lo)
      As.push_back(Term::apply(term::Op::Le, {Term::integer(*D.lo), C}));
    if (D.hi)
      As.push_back(Term::apply(term::Op::Le, {C, Term::integer(*D.hi)}));
  });
  for (size_t J : Q.sharedHypotheses)
    As.push_back(Q.shared->hypotheses().at(J));
  As.insert(As.end(), Q.hypotheses.begin(), Q.hypotheses.end());
  if (Goal)
    As.push_back(Goal);
  return As;
}

/// The SMT-LIB2 script of a query with Goal: the prelude, each constant declared before its own assertions.
std::string script(const Query &Q, const Term &Goal) {
  std::ostringstream OS;
  OS << "; query: " << Q.name << "\n" << Q.prelude << "\n";
  std::vector<std::pair<size_t, std::string>> Declared; // (assertions before it, declaration)
  std::vector<Term> As = assertions(Q, Goal, [&](const Decl &D, size_t Before) {
    Declared.emplace_back(Before, "(declare-const " + term::print(Term::var(D.name)) + " Int)\n");
  });
  size_t Next = 0;
  for (size_t K = 0; K <= As.size(); ++K) {
    for (; Next < Declared.size() && Declared[Next].first == K; ++Next)
      OS << Declared[Next].second;
    if (K < As.size())
      OS << "(assert " << term::print(As[K]) << ")\n";
  }
  return OS.str();
}

Term negation(const Term &T) { return Term::apply(term::Op::Not, {T}); }

/// A query's first term that could not be read (an empty Term) or that names a constant the query does not
/// declare, described; "" if there is none. (Z3's reader refused both; the query fails closed.)
std::string malformed(const Query &Q) {
  std::string Why;
  std::set<std::string_view> Declared;
  forEachDecl(Q, [&](const Decl &D) { Declared.insert(D.name); });
  auto Check = [&](const Term &T, const char *What) {
    if (!Why.empty())
      return;
    if (!T) {
      Why = std::string(What) + " could not be read";
      return;
    }
    term::forEachVar(T, [&](const Term &V) {
      if (Why.empty() && !Declared.count(V.name()))
        Why = std::string(What) + " names '" + V.name() + "', which is not declared";
    });
  };
  forEachDecl(Q, [&](const Decl &D) {
    if (D.definition)
      Check(*D.definition, "a definition");
  });
  for (size_t J : Q.sharedHypotheses)
    Check(Q.shared->hypotheses().at(J), "a hypothesis");
  for (const Term &H : Q.hypotheses)
    Check(H, "a hypothesis");
  Check(Q.property, "the property");
  return Why;
}
} // namespace

std::string Solver::toSmtLib(const Query &Q) {
  return script(Q, Q.property ? negation(Q.property) : Term()) + "(check-sat)\n(get-model)\n";
}

namespace {
enum class Sat { Yes, No, Unknown, Error };

// One solver run over a parsed script. Keeps the model (when Yes) in Model.
struct Run {
  Z3_context Ctx;
  Z3_solver S = nullptr;
  Z3_model M = nullptr;
  std::string Why;
  double Millis = 0; // wall time of the call

  explicit Run(Z3_context C) : Ctx(C) {}
  ~Run() {
    if (M)
      Z3_model_dec_ref(Ctx, M);
    if (S)
      Z3_solver_dec_ref(Ctx, S);
  }
};
} // namespace

static Sat solveTimed(Solver::Impl &I, const Query &Q, const Term &Goal, unsigned RLimit, Run &R);

/// One Z3 satisfiability call within the resource limit (deterministic) and, as a safety net for the
/// arithmetic Z3 does not charge to the rlimit (nonlinear integer division, modulo and products), a wall-clock
/// cap; the time is added to the session's total, which the translation-unit cap is checked against.
static Sat solve(Solver::Impl &I, const Query &Q, const Term &Goal, unsigned RLimit, Run &R) {
  auto Start = std::chrono::steady_clock::now();
  Sat S = Sat::Error;
  try {
    S = solveTimed(I, Q, Goal, RLimit, R);
  } catch (const std::bad_alloc &) { // Z3's C API lets allocation failures of its C++ core through
    R.Why = "out of memory";
  } catch (const std::exception &E) {
    R.Why = std::string("exception: ") + E.what();
  } catch (...) {
    R.Why = "unknown exception";
  }
  R.Millis = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start).count();
  I.SpentMs += R.Millis;
  I.PoolMs[I.Pool] += R.Millis;
  return S;
}

namespace {
/// Builds the Z3 terms of a query's assertions from their typed terms, as Z3's SMT-LIB2 reader would make them of
/// their text (macros inlined, `(- n)` a negation, n-ary operators n-ary). Every term made is referenced here and
/// released with the builder.
class Z3Builder {
public:
  Z3Builder(Solver::Impl &I, const term::Prelude *P) : I(I), C(I.Ctx), P(P) {}
  ~Z3Builder() {
    for (Z3_ast A : Owned)
      Z3_dec_ref(C, A);
  }
  /// The Z3 term of T, or null with Why set.
  Z3_ast build(const Term &T, const std::map<std::string, Z3_ast> *Params = nullptr) {
    if (!T)
      return fail("a term could not be read");
    std::vector<Z3_ast> As;
    if (T.op() != term::Op::Call || !T.args().empty())
      for (const Term &A : T.args()) {
        Z3_ast X = build(A, Params);
        if (!X)
          return nullptr;
        As.push_back(X);
      }
    unsigned N = static_cast<unsigned>(As.size());
    switch (T.op()) {
    case term::Op::Int:
      return own(Z3_mk_numeral(C, T.name().c_str(), I.IntSort));
    case term::Op::Bool:
      return own(T.value() ? Z3_mk_true(C) : Z3_mk_false(C));
    case term::Op::Var: {
      if (Params)
        if (auto It = Params->find(T.name()); It != Params->end())
          return It->second;
      Z3_sort S = T.sort() == term::Sort::Bool ? Z3_mk_bool_sort(C) : I.IntSort;
      return own(Z3_mk_const(C, Z3_mk_string_symbol(C, T.name().c_str()), S));
    }
    case term::Op::Call: {
      const term::Macro *M = P ? P->find(T.name()) : nullptr;
      if (!M || M->params.size() != T.args().size())
        return fail("unknown function '" + T.name() + "'");
      std::map<std::string, Z3_ast> Bound;
      for (size_t K = 0; K < M->params.size(); ++K) {
        Z3_ast X = build(T.args()[K], Params);
        if (!X)
          return nullptr;
        Bound[M->params[K].first] = X;
      }
      return build(M->body, &Bound);
    }
    case term::Op::Add: return own(Z3_mk_add(C, N, As.data()));
    case term::Op::Sub: return own(N == 1 ? Z3_mk_unary_minus(C, As[0]) : Z3_mk_sub(C, N, As.data()));
    case term::Op::Mul: return own(Z3_mk_mul(C, N, As.data()));
    case term::Op::Div: return own(Z3_mk_div(C, As[0], As[1]));
    case term::Op::Mod: return own(Z3_mk_mod(C, As[0], As[1]));
    case term::Op::Abs: {
      Z3_func_decl D = absDecl();
      return D ? own(Z3_mk_app(C, D, 1, As.data())) : nullptr;
    }
    case term::Op::Lt: return own(Z3_mk_lt(C, As[0], As[1]));
    case term::Op::Le: return own(Z3_mk_le(C, As[0], As[1]));
    case term::Op::Gt: return own(Z3_mk_gt(C, As[0], As[1]));
    case term::Op::Ge: return own(Z3_mk_ge(C, As[0], As[1]));
    case term::Op::Eq:
      if (N == 2)
        return own(Z3_mk_eq(C, As[0], As[1]));
      { // chained: (= a b c) is (and (= a b) (= b c))
        std::vector<Z3_ast> Ps;
        for (unsigned K = 0; K + 1 < N; ++K)
          Ps.push_back(own(Z3_mk_eq(C, As[K], As[K + 1])));
        return own(Z3_mk_and(C, N - 1, Ps.data()));
      }
    case term::Op::Distinct: return own(Z3_mk_distinct(C, N, As.data()));
    case term::Op::And: return own(Z3_mk_and(C, N, As.data()));
    case term::Op::Or: return own(Z3_mk_or(C, N, As.data()));
    case term::Op::Not: return own(Z3_mk_not(C, As[0]));
    case term::Op::Implies: return own(Z3_mk_implies(C, As[0], As[1]));
    case term::Op::Xor: return own(Z3_mk_xor(C, As[0], As[1]));
    case term::Op::Ite: return own(Z3_mk_ite(C, As[0], As[1], As[2]));
    }
    return fail("unknown operator");
  }
  std::string Why;

private:
  Solver::Impl &I;
  Z3_context C;
  const term::Prelude *P;
  std::vector<Z3_ast> Owned;
  Z3_ast own(Z3_ast A) {
    if (!A || I.failed(Why))
      return nullptr;
    Z3_inc_ref(C, A);
    Owned.push_back(A);
    return A;
  }
  Z3_ast fail(const std::string &W) {
    if (Why.empty())
      Why = W;
    return nullptr;
  }
  /// The declaration Z3's reader gives `abs` on Int, read once per context.
  Z3_func_decl absDecl() {
    if (!I.Abs) {
      Z3_ast_vector Fs = Z3_parse_smtlib2_string(C, "(declare-const x Int)(assert (= (abs x) 0))", 0, nullptr, nullptr,
                                                 0, nullptr, nullptr);
      if (I.failed(Why))
        return nullptr;
      Z3_ast_vector_inc_ref(C, Fs);
      Z3_ast Eq = Z3_ast_vector_get(C, Fs, 0);
      Z3_ast AbsX = Z3_get_app_arg(C, Z3_to_app(C, Eq), 0);
      I.Abs = Z3_get_app_decl(C, Z3_to_app(C, AbsX));
      Z3_inc_ref(C, Z3_func_decl_to_ast(C, I.Abs));
      Z3_ast_vector_dec_ref(C, Fs);
    }
    return I.Abs;
  }
};
} // namespace

static Sat solveTimed(Solver::Impl &I, const Query &Q, const Term &Goal, unsigned RLimit, Run &R) {
  Z3_context C = I.Ctx;
  ++I.Calls;
  const Fault &F = Fault::get();
  bool Inject = F.hits(I.Calls);
  if (Inject && F.kind == Fault::Exception)
    throw std::runtime_error("injected fault (PTO_LINT_FAULT=z3-exception)");
  if (Inject && F.kind == Fault::OutOfMemory)
    throw std::bad_alloc();
  if (Inject && F.kind == Fault::RLimit)
    RLimit = 1; // Z3's own resource limit, exhausted at its first step
  // Z3's terms: built from the typed terms directly (Budget::directTerms), or read from their text. Both give the
  // same terms (Solver.BuildsTheTermsZ3ReadsFromTheirText), but Z3 numbers its terms in the order they are made, and
  // its search, its rlimit accounting and the models it picks follow that numbering: reading the text keeps every
  // verdict and counterexample as pto-lint has always reported them.
  Z3Builder Build(I, I.GroundProto.prelude());
  std::vector<Z3_ast> Fs;
  Z3_ast_vector Read = nullptr;
  if (I.DirectTerms) {
    for (const Term &A : assertions(Q, Goal)) {
      Z3_ast X = Build.build(A);
      if (!X) {
        R.Why = Build.Why;
        return Sat::Error;
      }
      Fs.push_back(X);
    }
  } else {
    Read = Z3_parse_smtlib2_string(C, script(Q, Goal).c_str(), 0, nullptr, nullptr, 0, nullptr, nullptr);
    if (I.failed(R.Why))
      return Sat::Error;
    Z3_ast_vector_inc_ref(C, Read);
    for (unsigned K = 0, N = Z3_ast_vector_size(C, Read); K < N; ++K)
      Fs.push_back(Z3_ast_vector_get(C, Read, K));
  }
  R.S = Z3_mk_simple_solver(C);
  Z3_solver_inc_ref(C, R.S);
  Z3_params Ps = Z3_mk_params(C);
  Z3_params_inc_ref(C, Ps);
  Z3_params_set_uint(C, Ps, Z3_mk_string_symbol(C, "rlimit"), RLimit);
  if (I.TimeoutMs)
    Z3_params_set_uint(C, Ps, Z3_mk_string_symbol(C, "timeout"), I.TimeoutMs);
  Z3_solver_set_params(C, R.S, Ps);
  Z3_params_dec_ref(C, Ps);
  for (Z3_ast A : Fs)
    Z3_solver_assert(C, R.S, A);
  if (Read)
    Z3_ast_vector_dec_ref(C, Read);
  if (I.failed(R.Why))
    return Sat::Error;
  if (Inject && F.kind == Fault::Unknown) {
    R.Why = "injected fault (PTO_LINT_FAULT=z3-unknown)";
    return Sat::Unknown;
  }
  Z3_lbool L = Z3_solver_check(C, R.S);
  if (Inject && F.kind == Fault::Error)
    Z3_set_error(C, Z3_EXCEPTION); // as Z3 reports a failure inside check
  if (I.failed(R.Why))
    return Sat::Error;
  if (L == Z3_L_TRUE) {
    R.M = Z3_solver_get_model(C, R.S);
    Z3_model_inc_ref(C, R.M);
    return Sat::Yes;
  }
  if (L == Z3_L_FALSE)
    return Sat::No;
  R.Why = Z3_solver_get_reason_unknown(C, R.S);
  return Sat::Unknown;
}

/// Reads the value of every declared constant from the model of R.
static bool readModel(Solver::Impl &I, const Query &Q, Run &R, std::map<std::string, int64_t> &Out) {
  Z3_context C = I.Ctx;
  for (const Decl &D : Q.decls) {
    Z3_symbol Sym = Z3_mk_string_symbol(C, D.name.c_str());
    Z3_ast Const = Z3_mk_const(C, Sym, I.IntSort);
    Z3_inc_ref(C, Const);
    Z3_ast V = nullptr;
    bool Ok = Z3_model_eval(C, R.M, Const, true, &V);
    int64_t X = 0;
    if (Ok && V && Z3_get_numeral_int64(C, V, &X))
      Out[D.name] = X;
    Z3_dec_ref(C, Const);
    if (I.failed(R.Why))
      return false;
  }
  return true;
}

/// Tightens the counterexample: for each constant to minimize, in order, the smallest |x| that still
/// violates the property, found by bisection under the same budget. Returns false if nothing better.
static void minimize(Solver::Impl &I, const Query &Q, unsigned RLimit, double CapMs,
                     std::map<std::string, int64_t> &Model) {
  std::vector<Term> Fixed;
  // A counterexample is already valid; making it small is worth a bounded effort only.
  int Steps = 48;
  RLimit = std::max(RLimit / 8, 1u);
  for (const std::string &Name : Q.minimize) {
    auto It = Model.find(Name);
    if (It == Model.end())
      continue;
    Term X = Term::var(Name);
    int64_t Hi = It->second < 0 ? -It->second : It->second, Lo = 0;
    while (Lo < Hi && Steps-- > 0 && (CapMs == 0 || I.PoolMs[I.Pool] < CapMs)) { // 0: no cap (--tu-timeout=0)
      int64_t Mid = Lo + (Hi - Lo) / 2;
      std::vector<Term> Extra = {negation(Q.property),
                                 Term::apply(term::Op::Le, {Term::apply(term::Op::Abs, {X}), Term::integer(Mid)})};
      Extra.insert(Extra.end(), Fixed.begin(), Fixed.end());
      Run R(I.Ctx);
      Sat S = solve(I, Q, Term::apply(term::Op::And, std::move(Extra)), RLimit, R);
      if (S == Sat::Yes) {
        std::map<std::string, int64_t> M2;
        if (!readModel(I, Q, R, M2))
          return;
        Model = M2;
        int64_t V = Model[Name];
        Hi = V < 0 ? -V : V;
      } else if (S == Sat::No) {
        Lo = Mid + 1;
      } else {
        return; // keep what we have: a valid counterexample, maybe not minimal
      }
    }
    Fixed.push_back(Term::apply(term::Op::Eq, {X, Term::integer(Model[Name])}));
  }
}

namespace {
/// The declarations of a query: its shared table (if any), then its own.
struct NameIndex {
  const DeclTable *Shared = nullptr;
  size_t NS = 0;
  const std::vector<Decl> *Local = nullptr;
  std::unordered_map<std::string_view, size_t> LocalIndex;

  explicit NameIndex(const Query &Q) : Shared(Q.shared.get()), NS(Shared ? Shared->decls().size() : 0), Local(&Q.decls) {
    for (size_t I = 0; I < Q.decls.size(); ++I)
      LocalIndex.emplace(Q.decls[I].name, NS + I);
  }
  size_t size() const { return NS + Local->size(); }
  const Decl &at(size_t I) const { return I < NS ? Shared->decls()[I] : (*Local)[I - NS]; }
  long find(std::string_view N) const {
    if (Shared)
      if (long I = Shared->find(N); I >= 0)
        return I;
    auto It = LocalIndex.find(N);
    return It == LocalIndex.end() ? -1 : static_cast<long>(It->second);
  }
};

/// Hypothesis J of a query: its shared table's selected ones first, then its own.
const Term &hypothesis(const Query &Q, size_t J) {
  size_t NSH = Q.shared ? Q.sharedHypotheses.size() : 0;
  return J < NSH ? Q.shared->hypotheses().at(Q.sharedHypotheses[J]) : Q.hypotheses[J - NSH];
}

/// The renaming of a canonical form: a declared constant to its canonical name To[index], anything else kept ("").
std::function<std::string(const std::string &)> canonicalNames(const NameIndex &Index,
                                                                const std::vector<std::string> &To) {
  return [&Index, &To](const std::string &N) -> std::string {
    long I = Index.find(N);
    return I < 0 ? std::string() : To[I];
  };
}

/// Indices of the declared constants a term mentions.
void symbolsOf(const Term &T, const NameIndex &Index, std::vector<size_t> &Out) {
  term::forEachVar(T, [&](const Term &V) {
    if (long I = Index.find(V.name()); I >= 0)
      Out.push_back(static_cast<size_t>(I));
  });
}

/// A query with its constants renamed `$0`, `$1`, ... in declaration order, optionally cut down to the
/// property's cone of influence. Equal queries about different operands, calls or targets get equal keys.
struct Canonical {
  std::vector<std::string> Names; // canonical index -> original name
  std::string Key;
  bool Sliced = false;            // something of the original query was left out
  /// The renamed query, built on first use (a cache hit needs only the key).
  const Query &query() const {
    if (!Built)
      Built = Make();
    return *Built;
  }
  std::function<Query()> Make;
  mutable std::optional<Query> Built;
};

/// Where the hypotheses of a query are, and which constants each mentions.
struct QueryIndex {
  const Query &Q;
  NameIndex Index;
  size_t NSH, ND, NH;
  std::vector<std::vector<size_t>> HypSyms, DeclSyms;
  std::vector<char> Scanned;

  explicit QueryIndex(const Query &Q)
      : Q(Q), Index(Q), NSH(Q.shared ? Q.sharedHypotheses.size() : 0), ND(Index.size()),
        NH(NSH + Q.hypotheses.size()), HypSyms(NH), DeclSyms(ND), Scanned(ND, 0) {
    for (size_t J = 0; J < NH; ++J)
      if (J < NSH)
        HypSyms[J] = Q.shared->hypothesisSymbols(Q.sharedHypotheses[J]);
      else
        symbolsOf(hyp(J), Index, HypSyms[J]);
  }
  const Term &hyp(size_t J) const { return hypothesis(Q, J); }
  /// The constants declaration I's definition mentions. Definitions are scanned only when their constant is reached
  /// (a call has many facts, a rule reads few).
  const std::vector<size_t> &definitionSymbols(size_t I) {
    if (I < Index.NS)
      return Index.Shared->definitionSymbols(I); // computed once per table
    if (!Scanned[I]) {
      Scanned[I] = 1;
      if (Index.at(I).definition)
        symbolsOf(*Index.at(I).definition, Index, DeclSyms[I]);
    }
    return DeclSyms[I];
  }
  bool boundedDefinition(size_t I) const { return Index.at(I).definition && (Index.at(I).lo || Index.at(I).hi); }
};

/// The query of the constants marked in Need and the hypotheses marked in Take, with Property, its constants
/// renamed `$0, $1, ...` in declaration order: equal queries about different operands, calls or targets get equal
/// keys. The key is printed with the names replaced; the renamed query itself is made only when it is asked for
/// (Canonical::query: a query whose key is in the cache is not decided again).
Canonical build(const QueryIndex &X, const std::vector<char> &Need, const std::vector<char> &Take,
                const Term &Property, bool Minimize = true) {
  const Query &Q = X.Q;
  const NameIndex &Index = X.Index;
  Canonical C;
  std::vector<std::string> To(X.ND);
  for (size_t I = 0; I < X.ND; ++I)
    if (Need[I]) {
      To[I] = "$" + std::to_string(C.Names.size());
      C.Names.push_back(Index.at(I).name);
    } else {
      C.Sliced = true;
    }
  std::function<std::string(const std::string &)> Rename = canonicalNames(Index, To);
  std::string &K = C.Key;
  if (!Q.proofOnly.empty()) // its unknowns are not those of a query Z3 may answer in full
    K.append("(proof-only)\n");
  for (size_t I = 0; I < X.ND; ++I) {
    if (!Need[I])
      continue;
    const Decl &D = Index.at(I);
    K.append("(d ").append(To[I]);
    K.append(D.lo ? " " + std::to_string(*D.lo) : " _").append(D.hi ? " " + std::to_string(*D.hi) : " _");
    if (D.definition) {
      K.append(" ");
      term::printRenamed(*D.definition, Rename, K);
    }
    K.append(")\n");
  }
  for (size_t J = 0; J < X.NH; ++J)
    if (Take[J]) {
      K.append("(h ");
      term::printRenamed(X.hyp(J), Rename, K);
      K.append(")\n");
    } else {
      C.Sliced = true;
    }
  K.append("(p ");
  term::printRenamed(Property, Rename, K);
  K.append(")\n(m");
  std::vector<std::string> Minimized;
  for (const std::string &M : Minimize ? Q.minimize : std::vector<std::string>{}) {
    long I = Index.find(M);
    if (I >= 0 && Need[I]) {
      Minimized.push_back(To[I]);
      K += " " + Minimized.back();
    }
  }
  K += ")";
  // Q outlives its canonical forms (Solver::checkImpl, completeModel).
  C.Make = [&Q, Need, Take, Property, To = std::move(To), Minimized = std::move(Minimized)] {
    NameIndex Index(Q);
    std::function<std::string(const std::string &)> Rename = canonicalNames(Index, To);
    auto Renamed = [&](const Term &T) { return term::rename(T, Rename); };
    Query R;
    R.name = Q.name;
    R.prelude = Q.prelude;
    R.proofOnly = Q.proofOnly;
    R.pool = Q.pool;
    for (size_t I = 0; I < Index.size(); ++I)
      if (Need[I]) {
        const Decl &D = Index.at(I);
        R.decls.push_back(Decl{To[I], D.lo, D.hi, std::nullopt});
        if (D.definition)
          R.decls.back().definition = Renamed(*D.definition);
      }
    for (size_t J = 0; J < Take.size(); ++J)
      if (Take[J])
        R.hypotheses.push_back(Renamed(hypothesis(Q, J)));
    R.property = Renamed(Property);
    R.minimize = Minimized;
    return R;
  };
  return C;
}

Canonical canonicalize(const Query &Q, bool Slice) {
  QueryIndex X(Q);
  std::vector<char> Need(X.ND, !Slice), Take(X.NH, !Slice);
  if (Slice) {
    std::vector<size_t> BoundedDefs; // definitions that also carry bounds: constraints, like hypotheses
    for (size_t I = 0; I < X.ND; ++I)
      if (X.boundedDefinition(I))
        BoundedDefs.push_back(I);
    std::vector<size_t> Seed, Work;
    symbolsOf(Q.property, X.Index, Seed);
    auto Mark = [&](size_t I) {
      if (!Need[I]) {
        Need[I] = 1;
        Work.push_back(I);
      }
    };
    for (size_t I : Seed)
      Mark(I);
    for (bool More = true; More;) {
      while (!Work.empty()) {
        size_t I = Work.back();
        Work.pop_back();
        for (size_t D : X.definitionSymbols(I))
          Mark(D);
      }
      // Constraints connect their constants: hypotheses, and definitions that also carry bounds.
      More = false;
      auto Touches = [&](const std::vector<size_t> &Syms) {
        for (size_t S : Syms)
          if (Need[S])
            return true;
        return false;
      };
      for (size_t J = 0; J < X.NH; ++J)
        if (!Take[J] && Touches(X.HypSyms[J])) {
          Take[J] = 1;
          for (size_t S : X.HypSyms[J])
            Mark(S);
          More = true;
        }
      for (size_t I : BoundedDefs)
        if (!Need[I] && Touches(X.definitionSymbols(I))) {
          Mark(I);
          More = true;
        }
    }
  }
  return build(X, Need, Take, Q.property);
}

/// The query split into parts that share no constant, through hypotheses and definitions: the part the property
/// depends on (first), then each other group of hypotheses, whose only question is whether it can hold (its
/// property is `false`: "violated always" means satisfiable). The query's answer is the first part's, unless another
/// part cannot hold (the path is dead) or is not decided.
std::vector<Canonical> components(const Query &Q) {
  QueryIndex X(Q);
  // Each constraint (a hypothesis, a definition with bounds, the property) reaches the constants it mentions and,
  // through their definitions, the constants those are computed from; constraints reaching a common constant are
  // one part.
  std::vector<size_t> Owner(X.ND, SIZE_MAX); // constant -> the first constraint that reaches it
  std::vector<size_t> Parent;                // union-find over constraints
  auto Find = [&](size_t A) {
    while (Parent[A] != A)
      A = Parent[A] = Parent[Parent[A]];
    return A;
  };
  std::vector<std::vector<size_t>> Reach; // per constraint, the constants it reaches
  auto Constraint = [&](std::vector<size_t> Seed) {
    size_t Id = Parent.size();
    Parent.push_back(Id);
    std::vector<size_t> Out;
    std::vector<char> Seen(X.ND, 0);
    while (!Seed.empty()) {
      size_t I = Seed.back();
      Seed.pop_back();
      if (Seen[I])
        continue;
      Seen[I] = 1;
      Out.push_back(I);
      for (size_t D : X.definitionSymbols(I))
        Seed.push_back(D);
    }
    for (size_t I : Out) {
      if (Owner[I] == SIZE_MAX)
        Owner[I] = Id;
      else
        Parent[Find(Id)] = Find(Owner[I]);
    }
    Reach.push_back(std::move(Out));
  };
  std::vector<size_t> PropSyms;
  symbolsOf(Q.property, X.Index, PropSyms);
  Constraint(PropSyms); // constraint 0
  for (size_t J = 0; J < X.NH; ++J)
    Constraint(X.HypSyms[J]); // constraint 1 + J
  std::vector<size_t> Bounded;
  for (size_t I = 0; I < X.ND; ++I)
    if (X.boundedDefinition(I)) {
      Bounded.push_back(I);
      Constraint({I});
    }
  // Free constants in no constraint need no part: their bounds (lo <= hi) always hold.
  std::map<size_t, size_t> PartOf; // root -> part index
  std::vector<std::pair<std::vector<char>, std::vector<char>>> Parts;
  auto Part = [&](size_t Id) -> std::pair<std::vector<char>, std::vector<char>> & {
    auto [It, New] = PartOf.emplace(Find(Id), Parts.size());
    if (New)
      Parts.emplace_back(std::vector<char>(X.ND, 0), std::vector<char>(X.NH, 0));
    return Parts[It->second];
  };
  for (size_t Id = 0; Id < Parent.size(); ++Id) {
    auto &[Need, Take] = Part(Id);
    for (size_t I : Reach[Id])
      Need[I] = 1;
    if (Id >= 1 && Id <= X.NH)
      Take[Id - 1] = 1;
  }
  std::vector<Canonical> Out;
  for (size_t K = 0; K < Parts.size(); ++K)
    Out.push_back(build(X, Parts[K].first, Parts[K].second, K == 0 ? Q.property : Term::boolean(false),
                        /*Minimize=*/K == 0)); // a path's values are not shown: no counterexample to make small
  return Out;
}
} // namespace

/// A query compiled for the evaluator: every definition, hypothesis and the property.
struct Solver::Compiled {
  Program Prog;
  std::vector<int> DeclSlot;  // per decl of the query
  std::vector<int> Hyps;
  int Prop = -1;
  bool Ok = true;             // every hypothesis and the property could be read

  Compiled(const GroundEvaluator &Prelude, const Query &Q) : Prog(Prelude) {
    for (const Decl &D : Q.decls)
      DeclSlot.push_back(Prog.slot(D.name));
    for (const Decl &D : Q.decls)
      if (D.definition)
        Prog.define(D.name, *D.definition); // an empty term compiles to one that never evaluates
    auto One = [&](const Term &T) {
      if (!T) {
        Ok = false;
        return -1;
      }
      return Prog.compile(T);
    };
    for (const Term &H : Q.hypotheses)
      Hyps.push_back(One(H));
    Prop = One(Q.property);
  }
};

/// Loads the prelude's macros for the evaluator (once per prelude text).
static bool preludeReady(Solver::Impl &I, const std::string &Prelude) {
  if (!I.PreludeOk || I.PreludeText != Prelude) {
    I.GroundProto = GroundEvaluator();
    I.PreludeOk = I.GroundProto.loadPrelude(Prelude);
    I.PreludeText = Prelude;
  }
  return I.PreludeOk;
}

void Solver::usePrelude(const std::string &Text, const GroundEvaluator &Loaded) {
  P->GroundProto = Loaded;
  P->PreludeOk = Loaded.prelude() != nullptr;
  P->PreludeText = Text;
}

/// Decides Q without Z3 when its property (and hypotheses) only mention constants with known values.
/// Returns false when Z3 is needed.
bool Solver::tryGround(const Query &Q, Compiled &C, Result &Out) {
  std::optional<int64_t> Prop = C.Prog.eval(C.Prop);
  if (!Prop)
    return false;
  if (*Prop) { // true for every value, whatever the path: proved (vacuity is not asked)
    Out.verdict = Verdict::Proved;
    return true;
  }
  for (int H : C.Hyps) {
    std::optional<int64_t> V = C.Prog.eval(H);
    if (!V)
      return false; // whether the path is feasible needs the solver
    if (*V == 0) {
      Out.verdict = Verdict::Proved;
      Out.vacuous = true;
      return true;
    }
  }
  for (size_t I = 0; I < Q.decls.size(); ++I) {
    if (!Q.decls[I].definition)
      return false; // a free constant exists: its bounds could be empty; let Z3 decide feasibility
    if (auto V = C.Prog.value(C.DeclSlot[I]))
      Out.model[Q.decls[I].name] = *V;
  }
  Out.verdict = Verdict::ViolatedAlways;
  return true;
}


namespace {
/// The free constants of a compiled query and, per constant, the values to try, smallest |x| first (the minimised
/// constants first, in their order, so that the first violation met is the smallest counterexample). A box holds
/// every feasible value of every constant: their C++ ranges narrowed by the hypotheses' comparisons with
/// constants.
struct Box {
  std::vector<size_t> Order;                  // decl indices, in enumeration order
  std::vector<std::pair<int64_t, int64_t>> Range; // per entry of Order
  bool Empty = false;                         // some constant has no feasible value
};

/// The box of Q, or nullopt when a free constant is unbounded or a definition carries bounds of its own.
std::optional<Box> boxOf(const Query &Q, Program &Prog) {
  Bounds Bx;
  std::vector<size_t> Free; // decl indices
  for (size_t I = 0; I < Q.decls.size(); ++I) {
    const Decl &D = Q.decls[I];
    if (D.definition) {
      if (D.lo || D.hi)
        return std::nullopt; // a bounded definition is a constraint the box does not model
      if (*D.definition && D.definition->op() == term::Op::Var)
        Bx.Alias[D.name] = D.definition->name();
      continue;
    }
    if (!D.lo || !D.hi)
      return std::nullopt;
    Bx.Range[D.name] = {*D.lo, *D.hi};
    Free.push_back(I);
  }
  // The query's own program evaluates the other side of each comparison: it has every definition, and with no
  // free constant set yet, a side that needs one does not evaluate.
  Prog.reset();
  Bx.Consts = &Prog;
  for (const Term &H : Q.hypotheses)
    Bx.narrow(H, true);
  Box B;
  for (const std::string &M : Q.minimize)
    for (size_t I : Free)
      if (Q.decls[I].name == M && std::find(B.Order.begin(), B.Order.end(), I) == B.Order.end())
        B.Order.push_back(I);
  for (size_t I : Free)
    if (std::find(B.Order.begin(), B.Order.end(), I) == B.Order.end())
      B.Order.push_back(I);
  for (size_t I : B.Order) {
    B.Range.push_back(Bx.Range[Q.decls[I].name]);
    B.Empty |= B.Range.back().first > B.Range.back().second;
  }
  return B;
}

/// Up to N values of [Lo, Hi] (N >= 1), smallest |x| first (of two with one |x|, the negative one), then the two ends
/// if they are not among them. Each value is computed when it is read: a budget of 2^16 points makes lists of
/// thousands of values of which a search often reads the first few.
class Smallest {
public:
  Smallest(int64_t Lo, int64_t Hi, uint64_t N) {
    Start = Lo > 0 ? Lo : Hi < 0 ? Hi : 0; // the value of [Lo, Hi] nearest 0
    __int128 Below = Start - Lo, Above = Hi - Start;
    Steps = std::min<__int128>(N, Below + Above + 1);
    // From Start, the K-th step takes Start - K, then Start + K, while both are in range; then the side that is left.
    Both = std::min(Below, Above);
    BelowLonger = Below > Above;
    __int128 Rest = Steps - 1, Down, Up;
    if (Rest <= 2 * Both) {
      Down = (Rest + 1) / 2;
      Up = Rest / 2;
    } else {
      Down = Both + (BelowLonger ? Rest - 2 * Both : 0);
      Up = Both + (BelowLonger ? 0 : Rest - 2 * Both);
    }
    if (Start - Down != Lo)
      Ends.push_back(Lo);
    if (Start + Up != Hi)
      Ends.push_back(Hi);
  }
  size_t size() const { return static_cast<size_t>(Steps) + Ends.size(); }
  int64_t operator[](size_t I) const {
    if (static_cast<__int128>(I) >= Steps)
      return Ends[I - static_cast<size_t>(Steps)];
    __int128 X = I;
    if (X <= 2 * Both) {
      __int128 K = (X + 1) / 2;
      return static_cast<int64_t>(X % 2 ? Start - K : Start + K);
    }
    __int128 K = X - Both;
    return static_cast<int64_t>(BelowLonger ? Start - K : Start + K);
  }

private:
  __int128 Start = 0, Steps = 0, Both = 0;
  bool BelowLonger = false;
  std::vector<int64_t> Ends;
};

Smallest smallest(int64_t Lo, int64_t Hi, uint64_t N) { return Smallest(Lo, Hi, N); }
} // namespace

/// Decides Q exactly by evaluating it at every point of a small box that contains all feasible values of its
/// free constants. Returns false (Z3 is needed) when the box is unbounded or too large, or when any term is
/// outside the ground evaluator's fragment at some point.
bool Solver::tryEnumerate(const Query &Q, Compiled &C, Result &Out) {
  std::optional<Box> Bx = boxOf(Q, C.Prog);
  if (!Bx)
    return false;
  if (Bx->Empty) {
    Out.verdict = Verdict::Proved; // no feasible value at all
    Out.vacuous = true;
    return true;
  }
  std::vector<Smallest> Values;
  uint64_t Points = 1;
  for (auto [Lo, Hi] : Bx->Range) {
    uint64_t Width = static_cast<uint64_t>(Hi) - static_cast<uint64_t>(Lo) + 1;
    if (Width == 0 || Width > B.enumeratePoints || Points * Width > B.enumeratePoints)
      return false;
    Points *= Width;
    Values.push_back(smallest(Lo, Hi, Width));
  }
  const std::vector<size_t> &Order = Bx->Order;
  std::vector<size_t> Index(Order.size(), 0);
  bool Feasible = false, Holds = false;
  std::optional<std::map<std::string, int64_t>> Violation;
  for (uint64_t K = 0; K < Points; ++K) {
    C.Prog.reset();
    for (size_t I = 0; I < Order.size(); ++I)
      C.Prog.set(C.DeclSlot[Order[I]], Values[I][Index[I]]);
    bool Inside = true;
    for (int H : C.Hyps) {
      std::optional<int64_t> V = C.Prog.eval(H);
      if (!V)
        return false;
      if (!*V) {
        Inside = false;
        break;
      }
    }
    if (Inside) {
      Feasible = true;
      std::optional<int64_t> V = C.Prog.eval(C.Prop);
      if (!V)
        return false;
      if (*V) {
        Holds = true;
      } else if (!Violation) {
        std::map<std::string, int64_t> Model;
        for (size_t I = 0; I < Q.decls.size(); ++I) {
          std::optional<int64_t> X = C.Prog.value(C.DeclSlot[I]);
          if (!X)
            return false; // a value Z3 would choose: let it
          Model[Q.decls[I].name] = *X;
        }
        Violation = std::move(Model);
      }
      if (Holds && Violation)
        break;
    }
    for (size_t I = Order.size(); I-- > 0;) { // next point, last constant fastest
      if (++Index[I] < Values[I].size())
        break;
      Index[I] = 0;
    }
  }
  if (!Violation) {
    Out.verdict = Verdict::Proved;
    Out.vacuous = !Feasible;
    return true;
  }
  Out.verdict = Holds ? Verdict::ViolatedSometimes : Verdict::ViolatedAlways;
  Out.model = std::move(*Violation);
  return true;
}

/// Decides whether the hypotheses of Q can hold (Q's property is `false`: a part of a query that only says whether
/// the path can run) by looking for a point where they do among the smallest values of each free constant and the
/// ends of its range: a point found is a proof ("violated always", with the point as its model). Returns false
/// (Z3 is needed) when none is found among the points tried, or a term is outside the evaluator's fragment there.
/// This is what decides the loop guards of register code (`i * 64 < n` with `i < (n + 63) / 64` over 32-bit n),
/// which Z3's nonlinear arithmetic can spend its whole time cap on. PropertyFails: the point must also make Q's
/// property false (a counterexample: the query is not proved).
bool Solver::tryWitness(const Query &Q, Compiled &C, Result &Out, bool PropertyFails) {
  std::optional<Box> Bx = boxOf(Q, C.Prog);
  if (!Bx || Bx->Empty || B.enumeratePoints == 0)
    return false;
  // As many values per constant as the point budget allows, at least the smallest two and the ends.
  uint64_t PerConstant = Bx->Order.empty() ? 1 : static_cast<uint64_t>(std::pow(
                                                      static_cast<double>(B.enumeratePoints), 1.0 / Bx->Order.size()));
  PerConstant = std::max<uint64_t>(PerConstant, 2);
  std::vector<Smallest> Values;
  uint64_t Points = 1;
  for (auto [Lo, Hi] : Bx->Range) {
    Values.push_back(smallest(Lo, Hi, PerConstant));
    Points = std::min<uint64_t>(Points * Values.back().size(), UINT64_MAX / 1024);
  }
  Points = std::min<uint64_t>(Points, 4ull * B.enumeratePoints);
  const std::vector<size_t> &Order = Bx->Order;
  // The point set in C.Prog: 1 when it is a witness (Out filled), 0 when not, -1 when a term does not evaluate there.
  auto Try = [&]() -> int {
    for (int H : C.Hyps) {
      std::optional<int64_t> V = C.Prog.eval(H);
      if (!V)
        return -1;
      if (!*V)
        return 0;
    }
    if (PropertyFails) {
      std::optional<int64_t> V = C.Prog.eval(C.Prop);
      if (!V)
        return -1;
      if (*V)
        return 0;
    }
    for (size_t I = 0; I < Q.decls.size(); ++I) {
      std::optional<int64_t> X = C.Prog.value(C.DeclSlot[I]);
      if (!X)
        return -1;
      Out.model[Q.decls[I].name] = *X;
    }
    Out.verdict = Verdict::ViolatedAlways;
    return 1;
  };
  // A counterexample whose values nobody sees (PropertyFails: the answer is "unknown" either way) is looked for first
  // with each constant on its own at the values the query compares with and their neighbours (`x > 65535` holds from
  // 65536 on, which no small value reaches), the others at their smallest: a few points where the search below may
  // evaluate thousands. (A witness's values do show in counterexamples: there the search and Z3 give them as before.)
  if (PropertyFails) {
    std::set<int64_t> Literals;
    std::vector<const Term *> Todo;
    for (const Term &H : Q.hypotheses)
      Todo.push_back(&H);
    Todo.push_back(&Q.property);
    while (!Todo.empty() && Literals.size() < 96) {
      const Term *T = Todo.back();
      Todo.pop_back();
      if (!*T)
        continue;
      if (T->op() == term::Op::Int) {
        int64_t L = T->value();
        Literals.insert(L);
        if (L > INT64_MIN)
          Literals.insert(L - 1);
        if (L < INT64_MAX)
          Literals.insert(L + 1);
      }
      for (const Term &A : T->args())
        Todo.push_back(&A);
    }
    for (size_t J = 0; J < Order.size(); ++J)
      for (int64_t L : Literals) {
        if (L < Bx->Range[J].first || L > Bx->Range[J].second)
          continue;
        C.Prog.reset();
        for (size_t I = 0; I < Order.size(); ++I)
          C.Prog.set(C.DeclSlot[Order[I]], I == J ? L : Values[I][0]);
        if (Try() > 0) // a point where a term does not evaluate is passed over
          return true;
      }
  }
  // A point where a term does not evaluate ends the search; except, for a counterexample nobody sees, up to
  // MaxPassedOver such points are passed over: where a divisor is 0 (`n / (4 * b)` at b = 0, the first row of points),
  // the points past it may evaluate.
  constexpr unsigned MaxPassedOver = 4096;
  unsigned PassedOver = 0;
  std::vector<size_t> Index(Order.size(), 0);
  for (uint64_t K = 0; K < Points; ++K) {
    C.Prog.reset();
    for (size_t I = 0; I < Order.size(); ++I)
      C.Prog.set(C.DeclSlot[Order[I]], Values[I][Index[I]]);
    int R = Try();
    if (R > 0 || (R < 0 && (!PropertyFails || ++PassedOver > MaxPassedOver)))
      return R > 0;
    for (size_t I = Order.size(); I-- > 0;) {
      if (++Index[I] < Values[I].size())
        break;
      Index[I] = 0;
    }
  }
  return false;
}

/// Gives every constant of Q a value in Model, which has those of the parts of Q a verdict came from: a free
/// constant no hypothesis constrains takes the value of its range nearest 0, a definition its value there (the
/// messages and notes render the rule's lets from it). False when one does not evaluate (Z3 is asked then).
bool Solver::completeModel(const Query &Q, std::map<std::string, int64_t> &Model) {
  if (!preludeReady(*P, Q.prelude))
    return false;
  Canonical W = canonicalize(Q, false);
  const Query &WQ = W.query();
  Compiled C(P->GroundProto, WQ);
  if (!C.Ok)
    return false;
  C.Prog.reset();
  for (size_t I = 0; I < WQ.decls.size(); ++I) {
    const Decl &D = WQ.decls[I];
    if (D.definition)
      continue;
    auto It = Model.find(W.Names[I]);
    C.Prog.set(C.DeclSlot[I], It != Model.end() ? It->second
                                                : smallest(D.lo.value_or(INT64_MIN), D.hi.value_or(INT64_MAX), 1)[0]);
  }
  for (size_t I = 0; I < WQ.decls.size(); ++I) {
    std::optional<int64_t> V = C.Prog.value(C.DeclSlot[I]);
    if (!V)
      return false;
    Model[W.Names[I]] = *V;
  }
  return true;
}

double Solver::z3Millis() const { return P->SpentMs; }

std::optional<Result> SharedCache::find(const std::string &Key) const {
  std::lock_guard<std::mutex> L(M);
  auto It = Map.find(Key);
  if (It == Map.end())
    return std::nullopt;
  return It->second;
}

void SharedCache::put(const std::string &Key, const Result &R) {
  std::lock_guard<std::mutex> L(M);
  if (Map.size() >= Capacity)
    Map.clear();
  Map.emplace(Key, R);
}

size_t SharedCache::size() const {
  std::lock_guard<std::mutex> L(M);
  return Map.size();
}

namespace {
bool namesConstant(const Term &T) {
  if (T.op() == term::Op::Var)
    return true;
  for (const Term &A : T.args())
    if (namesConstant(A))
      return true;
  return false;
}
} // namespace

bool Solver::provedGround(const Term &Property, const std::string &Prelude) {
  if (!B.groundFastPath || !Property || namesConstant(Property) || !preludeReady(*P, Prelude))
    return false;
  auto Start = std::chrono::steady_clock::now();
  std::optional<int64_t> V = Program::evalClosed(P->GroundProto.prelude(), Property);
  if (!V || !*V)
    return false;
  ++Queries;
  ++Ground;
  Micros.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - Start).count());
  return true;
}

Result Solver::check(const Query &Q) {
  auto Start = std::chrono::steady_clock::now();
  Result R = checkImpl(Q);
  Micros.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - Start).count());
  return R;
}

Result Solver::checkImpl(const Query &Q) {
  ++Queries;
  if (P->CachePrelude != Q.prelude) {
    P->Cache.clear();
    P->CachePrelude = Q.prelude;
  }
  unsigned Before = P->Calls;
  auto Ask = [&](const Canonical &C) {
    Result R;
    auto It = B.cache ? P->Cache.find(C.Key) : P->Cache.end();
    std::optional<Result> Kept;
    // Across sessions the prelude may differ (rules of another build in the same process): it is part of the key.
    std::string SharedKey = B.shared ? std::to_string(std::hash<std::string>()(Q.prelude)) + ":" + C.Key : "";
    if (It != P->Cache.end()) {
      ++Hits;
      R = It->second;
    } else if (B.cache && B.shared && (Kept = B.shared->find(SharedKey))) {
      ++Hits;
      R = *Kept;
      P->Cache.emplace(C.Key, R);
    } else {
      R = decide(C.query());
      if (B.cache)
        P->Cache.emplace(C.Key, R);
      if (B.cache && B.shared && (R.verdict == Verdict::Proved || R.verdict == Verdict::ViolatedAlways ||
                                  R.verdict == Verdict::ViolatedSometimes))
        B.shared->put(SharedKey, R);
    }
    std::map<std::string, int64_t> Model;
    for (const auto &[K, V] : R.model)
      Model[C.Names.at(std::stoul(K.substr(1)))] = V;
    R.model = std::move(Model);
    return R;
  };
  bool Slice = B.slice && !B.reportVacuity; // vacuity is a question about every hypothesis
  Canonical C = canonicalize(Q, Slice);
  Result R = Ask(C);
  if (C.Sliced && R.verdict != Verdict::Proved) {
    // Not proved on the cone: the answer is that of the part of the query the property depends on (the cone, and
    // hypotheses reaching it through definitions), provided every other part, which shares no constant with it, can
    // hold; one that cannot makes the path dead (proved, vacuously). Each part is decided on its own: loop guards
    // beside the property (`i * 64 < n`) no longer make Z3 search their nonlinear product with it.
    std::vector<Canonical> Parts = components(Q);
    R = Parts[0].Key == C.Key ? R : Ask(Parts[0]);
    std::map<std::string, int64_t> Model = R.model;
    for (size_t K = 1; K < Parts.size() && (R.verdict == Verdict::ViolatedAlways ||
                                             R.verdict == Verdict::ViolatedSometimes); ++K) {
      Result F = Ask(Parts[K]); // "violated always": the part can hold
      if (F.verdict == Verdict::ViolatedAlways) {
        Model.insert(F.model.begin(), F.model.end());
      } else if (F.verdict == Verdict::Proved) {
        R = Result();
        R.verdict = Verdict::Proved;
        R.vacuous = true;
      } else {
        R = F.verdict == Verdict::ViolatedSometimes ? Result{Verdict::Error, false, {}, "a path condition's part "
                                                             "of the query has a property"} : F;
      }
    }
    if (R.verdict == Verdict::ViolatedAlways || R.verdict == Verdict::ViolatedSometimes) {
      R.model = std::move(Model);
      if (!completeModel(Q, R.model))
        R = Ask(canonicalize(Q, false)); // the whole query: its counterexample names every constant
    }
  }
  Z3Calls += P->Calls - Before;
  return R;
}

/// Why Z3 answered "unknown", in the budget's terms (the engine's notes say which option raises it).
static std::string unknownReason(const std::string &Why, double Millis, const Budget &B) {
  // Z3 4.8 says "canceled" both when the rlimit is exhausted and when the timer fires: the clock tells them apart.
  bool Canceled = Why.find("canceled") != std::string::npos;
  if (Why.find("timeout") != std::string::npos || (Canceled && B.timeoutMs && Millis >= 0.9 * B.timeoutMs))
    return "Z3 ran past the time cap of one call (" + std::to_string(B.timeoutMs) + " ms, timeout)";
  if (Why.find("resource") != std::string::npos || Why.find("rlimit") != std::string::npos || Canceled)
    return "the solver's resource limit (rlimit " + std::to_string(B.rlimit) + ") is exhausted";
  return Why.empty() ? "solver gave up" : "solver gave up (" + Why + ")";
}

/// Answers one (canonical) query: the ground evaluator when it can, Z3 otherwise.
Result Solver::decide(const Query &Q) {
  Result Res;
  if (B.groundFastPath && preludeReady(*P, Q.prelude)) {
    Compiled C(P->GroundProto, Q);
    if (C.Ok && tryGround(Q, C, Res)) {
      ++Ground;
      return Res;
    }
    Res = Result();
    if (C.Ok && B.enumeratePoints && tryEnumerate(Q, C, Res)) {
      ++Enumerated;
      return Res;
    }
    Res = Result();
    bool Feasibility = Q.property && Q.property.op() == term::Op::Bool && !Q.property.value();
    if (C.Ok && Feasibility && tryWitness(Q, C, Res)) {
      ++Enumerated;
      return Res;
    }
    // A check only a proof settles (it depends on values pto-lint does not follow): a point where the hypotheses
    // hold and the property fails shows there is none, without Z3 (what Z3's short try below answers then).
    Res = Result();
    if (C.Ok && !Q.proofOnly.empty() && tryWitness(Q, C, Res, /*PropertyFails=*/true)) {
      ++Enumerated;
      Res = Result();
      Res.verdict = Verdict::Unknown;
      Res.reason = Q.proofOnly;
      return Res;
    }
  }
  Res = Result();
  bool HasFree = false;
  for (const Decl &D : Q.decls)
    HasFree |= !D.definition.has_value();

  if (!B.noSolver.empty()) {
    Res.verdict = Verdict::Unknown;
    Res.reason = B.noSolver;
    return Res;
  }
  P->Pool = Q.pool < 2 ? Q.pool : 1;
  if (B.tuMillis && P->PoolMs[P->Pool] >= B.tuMillis) {
    Res.verdict = Verdict::Unknown;
    Res.reason = "the translation unit's solver time (" + std::to_string(B.tuMillis) +
                 " ms, tu-timeout) is spent; the remaining checks are not decided";
    return Res;
  }
  if (std::string Why = malformed(Q); !Why.empty()) {
    Res.verdict = Verdict::Error;
    Res.reason = "malformed query: " + Why;
    return Res;
  }
  if (!preludeReady(*P, Q.prelude)) {
    Res.verdict = Verdict::Error;
    Res.reason = "the prelude could not be read";
    return Res;
  }
  P->ensureContext();
  P->TimeoutMs = B.timeoutMs;
  Run Fail(P->Ctx);
  P->DirectTerms = B.directTerms;
  if (!Q.proofOnly.empty()) {
    P->TimeoutMs = B.timeoutMs ? std::max(1u, B.timeoutMs / 10) : 0;
    Sat S = solve(*P, Q, negation(Q.property), std::max(1u, B.rlimit / 10), Fail);
    P->TimeoutMs = B.timeoutMs;
    Res.verdict = S == Sat::No ? Verdict::Proved : S == Sat::Error ? Verdict::Error : Verdict::Unknown;
    Res.reason = S == Sat::Error ? "z3: " + Fail.Why : Q.proofOnly;
    return Res;
  }
  Sat S = solve(*P, Q, negation(Q.property), B.rlimit, Fail);
  if (S == Sat::Error) {
    Res.verdict = Verdict::Error;
    Res.reason = "z3: " + Fail.Why;
    return Res;
  }
  if (S == Sat::Unknown) {
    Res.verdict = Verdict::Unknown;
    Res.reason = unknownReason(Fail.Why, Fail.Millis, B);
    return Res;
  }
  if (S == Sat::No) {
    Res.verdict = Verdict::Proved;
    if (B.reportVacuity && !Q.hypotheses.empty() && HasFree) {
      Run Hyp(P->Ctx);
      Res.vacuous = solve(*P, Q, Term(), B.rlimit, Hyp) == Sat::No;
    }
    return Res;
  }
  if (!readModel(*P, Q, Fail, Res.model)) {
    Res.verdict = Verdict::Error;
    Res.reason = "z3: " + Fail.Why;
    return Res;
  }
  if (!HasFree) {
    Res.verdict = Verdict::ViolatedAlways;
    return Res;
  }
  Run Hold(P->Ctx);
  Sat H = solve(*P, Q, Q.property, B.rlimit, Hold);
  if (H == Sat::Error) {
    Res.verdict = Verdict::Error;
    Res.reason = "z3: " + Hold.Why;
    return Res;
  }
  if (H == Sat::No) {
    Res.verdict = Verdict::ViolatedAlways;
    minimize(*P, Q, B.rlimit, B.tuMillis, Res.model); // the smallest example, not whatever Z3 found first
    return Res;
  }
  // Unknown for the second question still leaves a real counterexample: report it, as "sometimes".
  Res.verdict = Verdict::ViolatedSometimes;
  minimize(*P, Q, B.rlimit, B.tuMillis, Res.model);
  return Res;
}

} // namespace pto::z3model

namespace pto::z3model {

bool Solver::buildsAsZ3Reads(const std::string &Prelude, const std::vector<std::string> &Terms, std::string &Why) {
  Solver S;
  Impl &I = *S.P;
  if (!preludeReady(I, Prelude)) {
    Why = "the prelude could not be read";
    return false;
  }
  I.ensureContext();
  for (const std::string &Text : Terms) {
    Term T = term::parse(Text, I.GroundProto.prelude(), &Why);
    if (!T)
      return false;
    std::vector<std::string> Vars;
    term::vars(T, Vars);
    std::string Script = Prelude + "\n";
    for (const std::string &V : std::set<std::string>(Vars.begin(), Vars.end()))
      Script += "(declare-const " + term::print(Term::var(V)) + " Int)\n";
    Script += "(assert " + Text + ")\n";
    Z3_ast_vector Fs = Z3_parse_smtlib2_string(I.Ctx, Script.c_str(), 0, nullptr, nullptr, 0, nullptr, nullptr);
    if (I.failed(Why))
      return false;
    Z3_ast_vector_inc_ref(I.Ctx, Fs);
    Z3Builder Build(I, I.GroundProto.prelude());
    Z3_ast Mine = Build.build(T);
    bool Same = Mine && Z3_ast_vector_size(I.Ctx, Fs) == 1 && Z3_is_eq_ast(I.Ctx, Mine, Z3_ast_vector_get(I.Ctx, Fs, 0));
    if (!Same)
      Why = "'" + Text + "' builds as " + (Mine ? Z3_ast_to_string(I.Ctx, Mine) : Build.Why) + ", Z3 reads " +
            Z3_ast_to_string(I.Ctx, Z3_ast_vector_get(I.Ctx, Fs, 0));
    Z3_ast_vector_dec_ref(I.Ctx, Fs);
    if (!Same)
      return false;
  }
  return true;
}

} // namespace pto::z3model
