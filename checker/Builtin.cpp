// checker: the rule set compiled into the binary: pto-rulegen (cmd/pto-rulegen.cpp) validates rules/ at build time
// and writes it as C++ (CompiledRules.cpp), so nothing is parsed when a compile starts.
#include "Rule.h"

namespace pto::checker {

void loadCompiledRules(RuleSet &S);

const RuleSet &RuleSet::builtin() {
  static const RuleSet Set = [] {
    RuleSet S;
    loadCompiledRules(S);
    return S;
  }();
  return Set;
}

} // namespace pto::checker
