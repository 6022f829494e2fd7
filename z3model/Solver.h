// z3model: the only door to Z3. Proves a property over named integer facts, or returns a counterexample.
#ifndef PTOLINT_Z3MODEL_SOLVER_H
#define PTOLINT_Z3MODEL_SOLVER_H

#include <cstdint>
#include <map>
#include <mutex>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "term/Term.h"

namespace pto::z3model {

class GroundEvaluator;

using term::Term;

/// An integer constant of a query. A definition (`definition` set) is a fact whose value is a term over
/// other constants; otherwise it is a free variable ranging over [lo, hi].
struct Decl {
  std::string name;
  std::optional<int64_t> lo, hi;
  std::optional<Term> definition; // an Int term (an empty Term: one that could not be read; the query fails closed)
};

/// What many queries share (one call's facts and path conditions, asked about by every rule), indexed once:
/// declarations, hypotheses, and which declarations each definition and hypothesis mentions.
class DeclTable {
public:
  explicit DeclTable(std::vector<Decl> Decls, std::vector<Term> Hypotheses = {});
  DeclTable(const DeclTable &) = delete;
  DeclTable &operator=(const DeclTable &) = delete;
  const std::vector<Decl> &decls() const { return Decls; }
  const std::vector<Term> &hypotheses() const { return Hyps; }
  /// Position of the declaration named Name, or -1.
  long find(std::string_view Name) const {
    auto It = Index.find(Name);
    return It == Index.end() ? -1 : static_cast<long>(It->second);
  }
  /// Positions of the declarations that declaration I's definition, or hypothesis J, mentions.
  const std::vector<size_t> &definitionSymbols(size_t I) const { return DefSyms[I]; }
  const std::vector<size_t> &hypothesisSymbols(size_t J) const { return HypSyms[J]; }

private:
  std::vector<Decl> Decls;
  std::vector<Term> Hyps;
  std::unordered_map<std::string_view, size_t> Index; // views of the names in Decls
  std::vector<std::vector<size_t>> DefSyms, HypSyms;
};

/// One verification condition: hypotheses => property, for every value of the free constants.
struct Query {
  std::string name;                    // the rule id and the call site, for dumps and errors
  std::string prelude;                 // SMT-LIB2 define-fun's shared by all queries (the macros terms apply)
  std::shared_ptr<const DeclTable> shared; // declared before `decls` (may be null)
  std::vector<size_t> sharedHypotheses;    // which of shared->hypotheses() hold, before `hypotheses`
  std::vector<Decl> decls;             // in dependency order
  std::vector<Term> hypotheses;        // Bool terms (path conditions, domains, well-formedness)
  Term property;                       // Bool term that must hold
  std::vector<std::string> minimize;   // free constants to keep small in a counterexample, most important first
  /// Non-empty: only a proof answers the question (a violation would not be reported): after the exact evaluators,
  /// Z3 gets one short call (a tenth of the time cap and rlimit) to refute the negation, and any other outcome is
  /// "unknown" with this reason. Keeps questions about values pto-lint does not follow from spending solver time.
  std::string proofOnly;
  /// Which of the session's Z3 time budgets (Budget::tuMillis each) the query spends: 0 the rules', 1 upstream's
  /// checks', so that lifted checks never leave the rules without solver time.
  unsigned pool = 0;
};

/// The closed set of answers (STYLE.md §3). Unknown is never a pass.
enum class Verdict {
  Proved,            // hypotheses /\ !property is unsatisfiable
  ViolatedAlways,    // hypotheses /\ property is unsatisfiable (and hypotheses are satisfiable)
  ViolatedSometimes, // both are satisfiable: the model is a counterexample
  Unknown,           // budget exhausted or the solver gave up
  Error              // the query was malformed or Z3 failed; fail closed
};

const char *verdictName(Verdict V);

/// An integer literal in SMT-LIB2 syntax (negative numbers are `(- n)`).
std::string smtInt(int64_t V);

struct Result {
  Verdict verdict = Verdict::Error;
  bool vacuous = false;                  // Proved only because the hypotheses are contradictory (dead code)
  std::map<std::string, int64_t> model;  // value of every decl in the counterexample (violations only)
  std::string reason;                    // for Unknown / Error
};

/// Answers shared by solvers across sessions: a long-lived process (pto-clangd, one translation unit per edit)
/// re-solves only the queries an edit changed. Thread-safe. Only decided answers (proved, violated) are kept: an
/// unknown depends on the budget and the clock. Bounded: when full, it starts again empty.
class SharedCache {
public:
  explicit SharedCache(size_t Capacity = 1u << 16) : Capacity(Capacity) {}
  std::optional<Result> find(const std::string &Key) const;
  void put(const std::string &Key, const Result &R);
  size_t size() const;

private:
  mutable std::mutex M;
  std::unordered_map<std::string, Result> Map;
  size_t Capacity;
};

/// Budget. Verdicts depend on the deterministic parts only (Z3's resource limit, the enumeration size); the
/// wall-clock caps are safety nets that turn a check into "unknown" (never "proved") when Z3 spends time it does
/// not charge to the rlimit (nonlinear integer arithmetic), so that no compile ever waits long on pto-lint.
struct Budget {
  unsigned rlimit = 2000000;
  /// Wall-clock cap of one Z3 call, in milliseconds (0: none).
  unsigned timeoutMs = 1000;
  /// Wall-clock cap of all Z3 calls of one session (a translation unit), in milliseconds (0: none), per budget pool
  /// (Query::pool: the rules', upstream's checks'): when it is spent, every further query of the pool that needs Z3
  /// is "unknown", saying so.
  unsigned tuMillis = 10000;
  /// Why Z3 may not be called in this session ("": it may). A query that neither the ground evaluator nor the
  /// enumeration decides is "unknown" with this reason, at once. For a translation unit that does not compile, whose
  /// values (a constant with a syntax error, an expression clang recovered) are not the program's: solver time spent
  /// on them is spent on nothing.
  std::string noSolver;
  /// Decide queries whose property has no free constant with the exact ground evaluator (Ground.h)
  /// instead of Z3. Off only in the differential test that checks the two agree.
  bool groundFastPath = true;
  /// Ask the property's cone of influence first (the constants it depends on and the hypotheses connected to
  /// them). Proved there means proved for the whole query; any other answer is recomputed on the whole query.
  bool slice = true;
  /// Reuse the answer of an identical query (up to the names of its constants) asked before in this session.
  bool cache = true;
  /// Decide a query whose free constants range over at most this many points (after narrowing their bounds
  /// by the hypotheses' comparisons with constants) by evaluating it at every point, exactly, without Z3.
  /// 0 turns it off; groundFastPath=false turns it off too.
  unsigned enumeratePoints = 1u << 16;
  /// Compute Result::vacuous (one more solver call per proved query; nothing in pto-lint reads it yet).
  bool reportVacuity = false;
  /// Hand Z3 the terms built directly from the typed terms instead of their SMT-LIB2 text. The terms are the same
  /// (Solver.BuildsTheTermsZ3ReadsFromTheirText), but made in another order, which moves Z3's search: verdicts at the
  /// edge of the rlimit and the values of constants a counterexample does not minimise can differ. Off until the
  /// findings that move are triaged.
  bool directTerms = false;
  /// Answers kept across sessions (null: this session's own cache only).
  std::shared_ptr<SharedCache> shared;
};

/// A solver session. Reuses one Z3 context across queries. Not thread-safe.
/// WARNING: results hold no Z3 objects; the Solver may be destroyed while Results live on.
class Solver {
public:
  explicit Solver(Budget B = {});
  ~Solver();
  Solver(const Solver &) = delete;
  Solver &operator=(const Solver &) = delete;

  Result check(const Query &Q);
  /// Whether Property, a term that names no constant, evaluates to true: the verdict check() gives every query with
  /// that property (proved), known without making the query. False when it names a constant, is false, or is not
  /// evaluated (the ground evaluator off, or a form outside its fragment). Counted (and timed) as a query the ground
  /// evaluator decided.
  bool provedGround(const term::Term &Property, const std::string &Prelude);
  /// The macros of prelude Text, already loaded by the caller (Loaded.loadPrelude(Text) succeeded, nothing else set):
  /// the queries with that prelude use them instead of reading Text again.
  void usePrelude(const std::string &Text, const GroundEvaluator &Loaded);

  /// The "can the property fail?" question as an SMT-LIB2 script (--dump-smt): what `check` asks Z3, in text.
  static std::string toSmtLib(const Query &Q);
  /// For tests: whether the Z3 terms check() builds for each of Terms (over Int constants, with the prelude's
  /// macros) are the very terms Z3's own SMT-LIB2 reader makes of their text.
  static bool buildsAsZ3Reads(const std::string &Prelude, const std::vector<std::string> &Terms, std::string &Why);

  unsigned queriesRun() const { return Queries; }
  unsigned groundDecided() const { return Ground; }
  /// Queries decided by evaluating every point of a small domain (see Budget::enumeratePoints), or whether a path
  /// can run by a point found where it does.
  unsigned enumerated() const { return Enumerated; }
  /// Queries answered from the cache, and Z3 satisfiability calls made (minimisation included).
  unsigned cacheHits() const { return Hits; }
  unsigned z3Calls() const { return Z3Calls; }
  /// Wall time spent in Z3 calls in this session, in milliseconds (what tuMillis caps).
  double z3Millis() const;
  /// Wall time of every check() in microseconds, for benchmarks (never for verdicts).
  const std::vector<double> &queryMicros() const { return Micros; }

  struct Impl; // opaque: the Z3 context lives in Solver.cpp

private:
  std::unique_ptr<Impl> P;
  Budget B;
  unsigned Queries = 0, Ground = 0, Enumerated = 0, Hits = 0, Z3Calls = 0;
  std::vector<double> Micros;
  Result checkImpl(const Query &Q);
  Result decide(const Query &Q);
  struct Compiled; // a query compiled for the ground evaluator (Solver.cpp)
  bool tryGround(const Query &Q, Compiled &C, Result &Out);
  bool tryEnumerate(const Query &Q, Compiled &C, Result &Out);
  bool tryWitness(const Query &Q, Compiled &C, Result &Out, bool PropertyFails = false);
  bool completeModel(const Query &Q, std::map<std::string, int64_t> &Model);
};

} // namespace pto::z3model

#endif
