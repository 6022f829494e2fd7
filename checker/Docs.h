// checker: rule reference text generated from rule data (pto-lint --explain, docs/rules/<id>.md).
#ifndef PTOLINT_CHECKER_DOCS_H
#define PTOLINT_CHECKER_DOCS_H

#include "Rule.h"

#include <string>
#include <vector>

namespace pto::checker {

/// The rule's reference page in Markdown: summary, rule details, targets, message, examples, how to fix,
/// options. FixtureText is the rule's fixture (tests/rules/<id>.cpp): an illegal call with the diagnostic its
/// annotation expects, and a legal call, are taken from it (default: the fixture compiled in with the rule; no
/// Examples section when there is none).
std::string ruleMarkdown(const Rule &R, const std::string &FixtureText = "");
/// The Examples section ruleMarkdown takes from a fixture ("" if it has no example).
std::string ruleExamples(const Rule &R, const std::string &FixtureText);
/// The index page docs/rules/README.md: a table of every rule.
std::string ruleIndexMarkdown(const RuleSet &Rules);
/// One line per rule: id, severity, targets, summary.
std::string ruleList(const RuleSet &Rules);

/// A Markdown block generated from the op schemas (rules/ops.json) and the rule files, by name: "checked-ops" (the
/// ops per family and front end: README.md, docs/user-guide.md) or "op-families" (family, ops, rule folder, reference
/// model: docs/design.md). "" for an unknown name.
std::string generatedBlock(const RuleSet &Rules, const std::string &Name);
/// Doc with the body of every generated block, from a line starting `<!-- begin generated NAME` to the line
/// `<!-- end generated NAME -->`, replaced by generatedBlock(Rules, NAME) (the begin line, which says how the block
/// is made, is kept). Errors gets one message per unknown or unclosed block.
std::string withGeneratedBlocks(const std::string &Doc, const RuleSet &Rules, std::vector<std::string> &Errors);

} // namespace pto::checker

#endif
