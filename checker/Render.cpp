// checker: the one walk over a finding that every front end renders.
#include "Render.h"

namespace pto::checker {

FindingSink::~FindingSink() = default;

void renderFinding(const Finding &F, FindingSink &Sink, RuleIdIn Id) {
  if (!Sink.headline(F, Id == RuleIdIn::Message ? F.message + " [" + F.ruleId + "]" : F.message,
                     F.fix ? &*F.fix : nullptr))
    return;
  for (const Note &N : F.notes)
    Sink.note(F, N.loc, N.text);
  if (!F.help.empty())
    Sink.note(F, SourceLoc(), "help: " + F.help);
}

} // namespace pto::checker
