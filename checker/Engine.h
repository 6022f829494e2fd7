// checker: the engine: picks the rules for a call and target, asks z3model, and builds findings.
#ifndef PTOLINT_CHECKER_ENGINE_H
#define PTOLINT_CHECKER_ENGINE_H

#include "Facts.h"
#include "Finding.h"
#include "Rule.h"
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
  std::string dumpDir;              // if set, every query is written there as <rule>-<n>.smt2
};

/// clang-tidy style glob: '*' matches any run of characters.
bool globMatch(const std::string &Glob, const std::string &Text);

class Engine {
public:
  Engine(const RuleSet &Rules, EngineOptions Opts);
  ~Engine();

  /// Checks one call on every configured target; appends findings (merged across targets that agree).
  void check(const CallSite &Call, std::vector<Finding> &Out, Tally &T);

  bool enabled(const std::string &RuleId) const;
  const z3model::Solver &solver() const { return Solver; }
  const EngineOptions &options() const { return Opts; }

  /// A rule variant's terms with the operand(s) of a role substituted: the same for every call.
  struct Reading {
    std::string property;
    std::set<std::string> used;                   // every symbol the property and the lets mention
    std::map<std::string, std::string> letTerms;  // let name -> term
  };

private:
  const RuleSet &Rules;
  EngineOptions Opts;
  z3model::Solver Solver;
  unsigned Dumped = 0;
  std::map<std::pair<const RuleVariant *, std::string>, Reading> Readings; // (variant, role) -> reading
  const Reading &reading(const RuleVariant &V, const std::string &Role);
};

/// Orders findings by file, line, column, rule, for deterministic output.
void sortFindings(std::vector<Finding> &Fs);

} // namespace pto::checker

#endif
