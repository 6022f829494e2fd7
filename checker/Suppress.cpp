// checker: finds NOLINT directives in a file's text the way clang-tidy's NoLintDirectiveHandler does.
#include "Suppress.h"

#include "Engine.h"

#include <algorithm>
#include <cctype>
#include <optional>

namespace pto::checker {

namespace {

struct Token {
  std::string type; // "NOLINT", "NOLINTNEXTLINE", "NOLINTBEGIN", "NOLINTEND"
  unsigned line;
  std::optional<std::string> checks; // the list without whitespace; none = no parenthesis
};

/// Like clang-tidy, scans the raw text: a NOLINT outside a comment is honoured too.
std::vector<Token> scan(std::string_view Text) {
  static constexpr std::string_view Word = "NOLINT";
  std::vector<Token> Out;
  unsigned Line = 1;
  size_t Counted = 0; // Line is the line of offset Counted
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t At = Text.find(Word, Pos);
    if (At == std::string_view::npos)
      break;
    Line += std::count(Text.begin() + Counted, Text.begin() + At, '\n');
    Counted = At;
    Pos = At + Word.size();
    while (Pos < Text.size() && std::isalpha(static_cast<unsigned char>(Text[Pos])))
      ++Pos;
    std::string Type(Text.substr(At, Pos - At));
    if (Type != "NOLINT" && Type != "NOLINTNEXTLINE" && Type != "NOLINTBEGIN" && Type != "NOLINTEND")
      continue;
    Token T{Type, Line, std::nullopt};
    // An unclosed '(' leaves the directive without a list, i.e. for all checks (as in clang-tidy).
    if (Pos < Text.size() && Text[Pos] == '(') {
      size_t Close = Text.find_first_of("\n)", Pos + 1);
      if (Close != std::string_view::npos && Text[Close] == ')') {
        std::string Checks;
        for (char C : Text.substr(Pos + 1, Close - Pos - 1))
          if (!std::isspace(static_cast<unsigned char>(C)))
            Checks += C;
        T.checks = Checks;
        Pos = Close + 1;
      }
    }
    Out.push_back(std::move(T));
  }
  return Out;
}

/// The positive globs of a check list; negative ones ("-pto-x") are ignored, as clang-tidy does for NOLINT.
/// A list with no positive glob matches nothing: it gets the glob "" (rule ids are never empty), because an
/// empty vector means all checks.
std::vector<std::string> globsOf(const std::optional<std::string> &Checks) {
  if (!Checks)
    return {};
  std::vector<std::string> Globs;
  size_t Start = 0;
  while (Start <= Checks->size()) {
    size_t Comma = Checks->find(',', Start);
    std::string G = Checks->substr(Start, Comma == std::string::npos ? std::string::npos : Comma - Start);
    if (!G.empty() && G[0] != '-')
      Globs.push_back(G);
    if (Comma == std::string::npos)
      break;
    Start = Comma + 1;
  }
  if (Globs.empty())
    Globs.push_back("");
  return Globs;
}

bool matches(const std::vector<std::string> &Globs, const std::string &RuleId) {
  return Globs.empty() || std::any_of(Globs.begin(), Globs.end(),
                                      [&](const std::string &G) { return globMatch(G, RuleId); });
}

} // namespace

NolintIndex::NolintIndex(std::string_view FileText) {
  // Blocks nest: each NOLINTEND closes the innermost open NOLINTBEGIN, and must repeat its list exactly.
  std::vector<Token> Open;
  for (Token &T : scan(FileText)) {
    if (T.type == "NOLINT") {
      Lines.push_back({Directive::Same, T.line, globsOf(T.checks)});
    } else if (T.type == "NOLINTNEXTLINE") {
      Lines.push_back({Directive::Next, T.line, globsOf(T.checks)});
    } else if (T.type == "NOLINTBEGIN") {
      Open.push_back(std::move(T));
    } else if (!Open.empty() && Open.back().checks == T.checks) {
      Regions.push_back({Open.back().line, T.line, globsOf(T.checks)});
      Open.pop_back();
    } else {
      Problems.emplace_back(T.line, "unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' comment");
    }
  }
  for (const Token &T : Open)
    Problems.emplace_back(T.line, "unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment");
  std::stable_sort(Problems.begin(), Problems.end(),
                   [](const auto &A, const auto &B) { return A.first < B.first; });
}

bool NolintIndex::suppressed(unsigned Line, const std::string &RuleId) const {
  for (const Directive &D : Lines)
    if (D.line + (D.kind == Directive::Next ? 1 : 0) == Line && matches(D.globs, RuleId))
      return true;
  for (const Region &R : Regions)
    if (R.first <= Line && Line <= R.last && matches(R.globs, RuleId))
      return true;
  return false;
}

} // namespace pto::checker
