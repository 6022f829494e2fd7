// checker: the one walk over a finding that every front end renders (the CLI's text, the plugin's and clang-tidy's
// diagnostics): its parts and their order, handed to a small sink per front end, so the renderings cannot drift.
#ifndef PTOLINT_CHECKER_RENDER_H
#define PTOLINT_CHECKER_RENDER_H

#include "Finding.h"

#include <string>

namespace pto::checker {

/// What a front end does with the parts of a finding; renderFinding calls it in the order every format shows them.
class FindingSink {
public:
  virtual ~FindingSink();
  /// The headline at the finding's place, at its severity: Message is the finding's message (with ` [rule-id]`
  /// unless the host appends the id itself), Fix its fix-it (null: none). False: the host does not show this
  /// finding (a warning under -w), and then nothing of it.
  virtual bool headline(const Finding &F, const std::string &Message, const Fix *Fix) = 0;
  /// A note: why the finding holds (the constraint, the counterexample, the guards it assumes), where the operands
  /// come from, and last the help (`help: ...`). At is the note's own place; not valid when it has none (hosts show
  /// it at the finding's place, or with no place).
  virtual void note(const Finding &F, const SourceLoc &At, const std::string &Text) = 0;
};

/// Where a finding's rule id is written: in the headline's message, or by the host (clang-tidy appends its check's
/// name, which is the rule id).
enum class RuleIdIn { Message, Host };

/// Hands F to Sink: the headline with its fix-it, every note in order, then the help.
void renderFinding(const Finding &F, FindingSink &Sink, RuleIdIn Id = RuleIdIn::Message);

} // namespace pto::checker

#endif
