// checker: rule reference text generated from rule data (pto-lint --explain, docs/rules/<id>.md).
#ifndef PTOLINT_CHECKER_DOCS_H
#define PTOLINT_CHECKER_DOCS_H

#include "Rule.h"

#include <string>

namespace pto::checker {

/// The rule's reference page in Markdown: summary, rule details, targets, message, how to fix, sources.
std::string ruleMarkdown(const Rule &R);
/// The index page docs/rules/README.md: a table of every rule.
std::string ruleIndexMarkdown(const RuleSet &Rules);
/// One line per rule: id, severity, targets, summary.
std::string ruleList(const RuleSet &Rules);

} // namespace pto::checker

#endif
