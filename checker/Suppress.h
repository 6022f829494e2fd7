// checker: NOLINT comments with clang-tidy's syntax, shared by every front end.
#ifndef PTOLINT_CHECKER_SUPPRESS_H
#define PTOLINT_CHECKER_SUPPRESS_H

#include <string>
#include <string_view>
#include <vector>

namespace pto::checker {

/// The NOLINT directives of one file. Recognised, as clang-tidy does:
///   // NOLINT                      on the finding's line, all rules
///   // NOLINT(pto-a, pto-b-*)      on the finding's line, matching rules (globs with '*')
///   // NOLINTNEXTLINE[(...)]       on the line before
///   // NOLINTBEGIN[(...)] ... // NOLINTEND[(...)]   a region
/// A directive whose check list matches no pto-* rule (e.g. NOLINT(bugprone-*)) does not suppress.
class NolintIndex {
public:
  explicit NolintIndex(std::string_view FileText);
  /// True if a finding of RuleId on 1-based Line is suppressed.
  bool suppressed(unsigned Line, const std::string &RuleId) const;
  /// Malformed use: a NOLINTBEGIN without NOLINTEND or the reverse, as (line, message) pairs.
  const std::vector<std::pair<unsigned, std::string>> &problems() const { return Problems; }

private:
  struct Directive {
    enum Kind { Same, Next, Begin, End } kind;
    unsigned line;
    std::vector<std::string> globs; // empty = all checks
  };
  struct Region {
    unsigned first, last;
    std::vector<std::string> globs;
  };
  std::vector<Directive> Lines; // Same and Next
  std::vector<Region> Regions;
  std::vector<std::pair<unsigned, std::string>> Problems;
};

} // namespace pto::checker

#endif
