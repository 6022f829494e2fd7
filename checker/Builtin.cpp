// checker: the rule set compiled into the binary from rules/ (see cmake/EmbedRules.cmake).
#include "Rule.h"

#include <cstdio>
#include <cstdlib>

namespace pto::checker {

const std::vector<std::pair<std::string, std::string>> &embeddedRuleFiles();

const RuleSet &RuleSet::builtin() {
  static const RuleSet Set = [] {
    RuleSet S;
    std::vector<std::string> Errors;
    // The build's rule test rejects broken rule data, so a failure here means a build that skipped it.
    if (!S.load(embeddedRuleFiles(), Errors))
      for (const std::string &E : Errors)
        std::fprintf(stderr, "pto-lint: broken built-in rule data: %s\n", E.c_str());
    return S;
  }();
  return Set;
}

} // namespace pto::checker
