// checker: the declared fact vocabulary (rules/facts.json) and the build-time check of every rule against it.
#ifndef PTOLINT_CHECKER_VOCABULARY_H
#define PTOLINT_CHECKER_VOCABULARY_H

#include <map>
#include <string>
#include <vector>

namespace pto::checker {

class RuleSet;

/// One fact a rule may read. Operand facts are named without their role ("vcol": `src.vcol`, `T.vcol`); op and
/// call facts with theirs ("op.ismax").
struct FactDecl {
  std::string name;
  std::string scope;   // operand, op, call
  std::string sort;    // Int (usable in terms and messages) or Text (messages only)
  std::string domain;  // the values it takes
  std::string meaning;
  std::string text;    // for an Int fact that messages show as text (dtype: "float"): what the text is
  std::vector<std::string> kinds;                 // operand kinds that have it (tile, reg, mask); empty: all
  std::vector<std::pair<std::string, std::string>> sources; // front end -> where the value comes from
};

struct Vocabulary {
  std::vector<FactDecl> facts;
  std::vector<std::pair<std::string, std::string>> fields; // message fields that are not facts (op, target, role)
  bool loaded = false;

  const FactDecl *operandFact(const std::string &Name) const;
  const FactDecl *callFact(const std::string &Name) const; // op.* names
  /// Parses rules/facts.json; false with Errors on a malformed file.
  bool load(const std::string &File, const std::string &Text, std::vector<std::string> &Errors);
};

/// Parses and sort-checks every rule condition, let, placeholder and message field of S against its vocabulary
/// and prelude (unknown facts and roles, typos, sort errors, syntax errors); appends one message per problem.
void checkRuleTerms(const RuleSet &S, std::vector<std::string> &Errors);

/// docs/facts.md, generated from the vocabulary and the prelude.
std::string factsMarkdown(const RuleSet &S);

} // namespace pto::checker

#endif
