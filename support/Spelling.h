// support: "did you mean" suggestions (edit distance, the closest of a set of names), and kebab-case names in
// UpperCamelCase.
#ifndef PTOLINT_SUPPORT_SPELLING_H
#define PTOLINT_SUPPORT_SPELLING_H

#include <string>
#include <vector>

namespace pto::support {

/// Levenshtein distance: insertions, deletions and substitutions of one character each count 1.
size_t editDistance(const std::string &A, const std::string &B);
/// The closest of Candidates to Name by edit distance (at most MaxEdits edits), or "". Ties go to the candidate
/// that shares the longer prefix with Name ("vrows": "vrow", not "rows"), then to the first.
std::string closest(const std::string &Name, const std::vector<std::string> &Candidates, size_t MaxEdits = 2);
/// The candidate nearest to Name whatever the distance (the first of the nearest); "" when there is none.
std::string nearest(const std::string &Name, const std::vector<std::string> &Candidates);
/// A kebab-case name in UpperCamelCase: "valid-shape" -> "ValidShape", "colargmin-tmp-size" -> "ColargminTmpSize"
/// (rule ids as SARIF rule names, kinds as C++ enumerators).
std::string upperCamel(const std::string &Name);

} // namespace pto::support

#endif
