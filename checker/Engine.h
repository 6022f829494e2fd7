// checker: the engine: picks the rules for a call and target, asks z3model, and builds findings.
#ifndef PTOLINT_CHECKER_ENGINE_H
#define PTOLINT_CHECKER_ENGINE_H

#include "Facts.h"
#include "Finding.h"
#include "Rule.h"
#include "support/Glob.h"
#include "z3model/Ground.h"
#include "z3model/Solver.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace pto::checker {

struct EngineOptions {
  std::vector<Target> targets = allTargets();
  z3model::Budget budget;
  std::vector<std::string> enable;  // rule-id globs; empty = all
  std::vector<std::string> disable; // rule-id globs
  /// clang-tidy style rule selection (configuration `Checks`): globs in order, `-` negates, the last one matching
  /// a rule decides; empty = all. Applied on top of enable/disable.
  std::vector<std::string> checks;
  std::string dumpDir;              // if set, every query is written there as <rule>-<n>.smt2
  /// Before building a solver query, evaluate the rule on the call's facts that have values whatever the
  /// free inputs are; true there is proved (see Engine::check). Off only in tests that compare the paths.
  bool precheck = true;
  /// Compute fix-its for failing checks (rules with a `fix`). Off for the engine that verifies them.
  bool fixes = true;
  /// A developer's option (`assume-rules`), for the test that pto-lint's hand rules imply upstream's checks
  /// (docs/upstream-checks.md, "Hand rules against upstream's checks"): each lifted check of a call is decided per
  /// target with the obligation of every rule planned for the call on that target (the `require` the decide stage
  /// proves, with its lets) as hypotheses. A lifted check still violated is a configuration the rules accept and
  /// upstream's implementation rejects: a finding like any other. Not for users: it hides what the rules report.
  bool assumeRules = false;
};

// clang-tidy style globs and glob lists (support/Glob.h), by their checker names.
using support::globListMatch;
using support::globMatch;

class Engine {
public:
  Engine(const RuleSet &Rules, EngineOptions Opts);
  ~Engine();

  /// Checks one call on every configured target; appends findings (merged across targets that agree).
  void check(const CallSite &Call, std::vector<Finding> &Out, Tally &T);

  bool enabled(const std::string &RuleId) const;
  /// Whether the call has anything to decide: rules of its op, or upstream's checks its implementation reaches (not
  /// TASSIGN's). A call without is only counted.
  bool decides(const CallSite &Call) const { return !Call.upstream.empty() || Rules.op(Call.op); }
  const z3model::Solver &solver() const { return Solver; }
  const EngineOptions &options() const { return Opts; }
  /// Checks proved by evaluating the rule over the call's bounds (the precheck), without a solver query.
  unsigned prechecked() const { return Prechecked; }
  /// Wall time of every decision (precheck, and solver query if needed) in microseconds, for benchmarks.
  /// Targets sharing a rule variant share one decision.
  const std::vector<double> &decisionMicros() const { return Decisions; }

  /// A rule variant's terms with the operand(s) of a role substituted: the same for every call.
  struct Reading {
    term::Term property;                          // empty if the rule's text is not a term (checks fail closed)
    std::set<std::string> used;                   // every constant the property and the lets mention
    std::map<std::string, term::Term> letTerms;   // let name -> term
    /// The property and lets compiled for evaluation (null if they do not parse); the facts it reads, by slot.
    std::unique_ptr<z3model::Program> program;
    int propertyTerm = -1;
    std::vector<std::pair<int, std::string>> inputs;
  };

private:
  const RuleSet &Rules;
  EngineOptions Opts;
  z3model::Solver Solver;
  unsigned Dumped = 0, Prechecked = 0;
  std::vector<double> Decisions;
  z3model::GroundEvaluator Prelude; // the rules' prelude macros, for the precheck
  bool PreludeOk = false;     // the precheck may use it
  bool PreludeLoaded = false; // it loaded (fix-its need it too)
  std::map<std::pair<const RuleVariant *, std::string>, Reading> Readings; // (variant, role) -> reading
  const Reading &reading(const RuleVariant &V, const std::string &Role);
  class CallRun; // one call's checks: plan, decide, explain, fix, upstream (its lifted asserts), merge (Engine.cpp)
  void checkCall(const CallSite &C, std::vector<Finding> &Out, Tally &T);
  std::map<std::string, std::vector<const Rule *>> Applicable; // op -> enabled rules for it, in rule order
};

/// The (rule, target) pairs a call's findings report.
using Failing = std::set<std::pair<std::string, Target>>;
Failing failingOf(const std::vector<Finding> &Fs, size_t From = 0);

/// What the fix stage proves fixes against: the calls the findings came from, what each failed before (calls[i]
/// failed before[i], failingOf), and the rules and options they were checked with.
struct FixProof {
  const RuleSet &rules;
  const EngineOptions &options;
  const std::vector<CallSite> &calls;
  const std::vector<Failing> &before;
};

/// The fix stage, run once for each scope whose findings are reported together, before anything merges them (a
/// merged finding keeps one fix): the engine's per call (its targets), the driver's per unit (instantiations) and per
/// session (units). Fixes that several findings propose for one written argument are made to agree: rows and columns
/// take the largest value (a tile that holds the largest need holds every one), any other difference drops the fixes
/// that disagree. Given Proof, only the fixes the engine proves stay: every call that uses a tile a fix changes (found
/// by where its type is written) is checked again with the changed facts, and the fix stays if that removes its
/// finding from its call and adds no finding to any of them.
void fixStage(const std::vector<Finding *> &Fs, const FixProof *Proof = nullptr);
void fixStage(std::vector<Finding> &Fs, const FixProof *Proof = nullptr);

/// Orders findings by file, line, column, rule, for deterministic output.
void sortFindings(std::vector<Finding> &Fs);

/// The facts the engine gives the rules for a call (query constants and message text), by name: what
/// rules/facts.json must declare (tested).
std::vector<std::string> factNames(const CallSite &C, const RuleSet &Rules);

} // namespace pto::checker

#endif
