// checker: fix-it titles and the fix stage: the fixes several findings propose for one source range reconciled, and
// kept only where the engine proves them.
#include "CompiledFacts.h" // build/: the operand facts of rules/facts.json (pto-rulegen)
#include "Engine.h"
#include "Finding.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace std::string_literals;

namespace pto::checker {

std::string layoutName(bool BLayout, int64_t Code) {
  // The enumerators of rules/facts.json's blayout and slayout facts, with their prelude codes.
  FactSource Layout = BLayout ? FactSource::Blayout : FactSource::Slayout;
  for (const facts::OperandFactInfo &I : facts::OperandFacts)
    if (I.from == Layout)
      for (size_t E = 0; E < I.enumeratorCount; ++E)
        if (I.enumerators[E].value == Code)
          return I.enumerators[E].name;
  return "";
}

std::string fixTitle(const Fix &F) {
  // "declare 'tmp' with Cols = 128", "declare 'dst' with BLayout::RowMajor and SLayout::NoneBox, and 'src0' ..."
  std::vector<std::pair<std::string, std::vector<std::string>>> ByOperand;
  for (const Edit &E : F.edits) {
    std::string Value = E.text.compare(0, 2, ", ") == 0 ? E.text.substr(2) : E.text;
    std::string What = E.what == "rows" ? "Rows = " : E.what == "cols" ? "Cols = " : E.what == "dtype" ? "element type " : "";
    if (ByOperand.empty() || ByOperand.back().first != E.operand)
      ByOperand.push_back({E.operand, {}});
    ByOperand.back().second.push_back(What + Value);
  }
  auto Join = [](const std::vector<std::string> &Parts, const char *Last) {
    std::string S;
    for (size_t I = 0; I < Parts.size(); ++I)
      S += (I ? (I + 1 == Parts.size() ? Last : ", ") : "") + Parts[I];
    return S;
  };
  std::vector<std::string> Clauses;
  for (const auto &[Operand, Parts] : ByOperand)
    Clauses.push_back("'" + Operand + "' with " + Join(Parts, " and "));
  return "declare " + Join(Clauses, ", and ");
}

namespace {
using RangeKey = std::tuple<std::string, unsigned, unsigned, unsigned>;
RangeKey rangeOf(const Edit &E) { return {E.loc.file, E.loc.line, E.loc.col, E.length}; }
bool sized(const Edit &E) { return E.what == "rows" || E.what == "cols"; }

/// Makes the fixes of one source range agree (fixStage).
void reconcileFixes(const std::vector<Finding *> &Fs) {
  // The edit each range should get; an empty text when the findings disagree in a way no value settles.
  std::map<RangeKey, Edit> Chosen;
  for (const Finding *F : Fs)
    if (F->fix)
      for (const Edit &E : F->fix->edits) {
        auto [It, New] = Chosen.emplace(rangeOf(E), E);
        if (New || It->second.text == E.text)
          continue;
        if (sized(E) && sized(It->second)) {
          if (E.value > It->second.value)
            It->second = E;
        } else {
          It->second.text.clear();
        }
      }
  for (Finding *F : Fs) {
    if (!F->fix)
      continue;
    bool Ok = true;
    for (Edit &E : F->fix->edits) {
      const Edit &C = Chosen[rangeOf(E)];
      Ok &= !C.text.empty();
      E.text = C.text;
      E.value = C.value;
    }
    if (!Ok)
      F->fix.reset();
    else
      F->fix->title = fixTitle(*F->fix);
  }
}

/// Whether an edit of the template argument at Pos (fixArgument of its kind) changes the written type of this tile.
bool editOwns(const Edit &E, size_t Pos, const TileFacts &T) {
  return Pos < T.writtenArgs.size() ? T.writtenArgs[Pos].loc == E.loc
                                    : E.length == 0 && T.writtenArgsEnd == E.loc;
}
bool editOwns(const Edit &E, const TileFacts &T) { return editOwns(E, size_t(fixArgument(E.what)), T); }

/// Whether applyEdit changes a tile the edit owns: an argument it knows how to set.
bool editKnown(const Edit &E) {
  return sized(E) || E.what == "dtype" ||
         ((E.what == "blayout" || E.what == "slayout") && !layoutName(E.what == "blayout", E.value).empty());
}

/// Applies an edit to a tile whose written type it changes; false if it is not that tile's.
bool applyEdit(const Edit &E, TileFacts &T) {
  if (!editOwns(E, T) || !editKnown(E))
    return false;
  if (sized(E)) {
    (E.what == "rows" ? T.rows : T.cols) = E.value;
  } else if (E.what == "dtype") {
    T.dtype = DType(E.value);
    T.dtypeName = E.text;
  } else if ((E.what == "blayout" || E.what == "slayout") && !layoutName(E.what == "blayout", E.value).empty()) {
    (E.what == "blayout" ? T.blayout : T.slayout) = layoutName(E.what == "blayout", E.value);
  } else {
    return false;
  }
  return true;
}

/// The rules that fail on a call, per target.
Failing failing(Engine &E, const CallSite &C) {
  std::vector<Finding> Fs;
  Tally T;
  E.check(C, Fs, T);
  return failingOf(Fs);
}
} // namespace

Failing failingOf(const std::vector<Finding> &Fs, size_t From) {
  Failing Out;
  for (size_t I = From; I < Fs.size(); ++I)
    for (Target Tg : Fs[I].targets.empty() ? std::vector<Target>{Fs[I].target} : Fs[I].targets)
      Out.insert({Fs[I].ruleId, Tg});
  return Out;
}

namespace {
/// Keeps only the fixes the engine proves (fixStage); Check computes no fixes.
void verifyFixes(const std::vector<Finding *> &Fs, const std::vector<CallSite> &Calls,
                 const std::vector<Failing> &Before, Engine &Check) {
  // A call with a fix applied -> what it fails. Findings often share a fix, and calls their facts (one call in several
  // calling contexts, its instantiations' notes): keyed by the call's facts before the fix (interned) and the fix's
  // edits, which decide its facts after it. Where the call is and how it was reached decide no rule.
  std::map<std::pair<size_t, std::string>, Failing> After;
  std::map<std::string, size_t> Interned;  // facts -> a number
  std::vector<size_t> Facts(Calls.size(), SIZE_MAX); // each call's, when first needed
  auto FactsOf = [&](size_t I) {
    if (Facts[I] == SIZE_MAX)
      Facts[I] = Interned.emplace(factsKey(Calls[I]), Interned.size()).first->second;
    return Facts[I];
  };
  for (Finding *FP : Fs) {
    Finding &F = *FP;
    if (!F.fix)
      continue;
    std::string EditsKey;
    for (const Edit &E : F.fix->edits)
      EditsKey += "\0edit\0"s + E.loc.file + ":" + std::to_string(E.loc.line) + ":" + std::to_string(E.loc.col) + ":" +
                  std::to_string(E.length) + "\0"s + E.what + "\0"s + std::to_string(E.value) + "\0"s + E.text;
    // The edits applyEdit knows, with the template argument each changes (asked once, not per call and operand).
    std::vector<std::pair<const Edit *, size_t>> Known;
    for (const Edit &E : F.fix->edits)
      if (editKnown(E))
        Known.emplace_back(&E, size_t(fixArgument(E.what)));
    bool Proved = true, Touched = false;
    for (size_t I = 0; I < Calls.size() && Proved; ++I) {
      // Whether the fix changes one of the call's operands (applyEdit would), without copying them.
      bool Changed = false;
      for (const Operand &O : Calls[I].operands)
        for (const auto &[E, Pos] : Known)
          Changed = Changed || editOwns(*E, Pos, O.tile);
      bool Own = Calls[I].loc == F.loc;
      if (!Changed) {
        Proved &= !Own; // the finding's own call must use the tile the fix changes
        continue;
      }
      Touched = true;
      std::pair<size_t, std::string> Key{FactsOf(I), EditsKey};
      auto It = After.find(Key);
      if (It == After.end()) { // the call with the fix applied
        CallSite C = Calls[I];
        for (Operand &O : C.operands)
          for (const Edit &E : F.fix->edits)
            applyEdit(E, O.tile);
        It = After.emplace(Key, failing(Check, C)).first;
      }
      for (const auto &Fail : It->second)
        Proved &= I < Before.size() && Before[I].count(Fail) && !(Own && Fail.first == F.ruleId);
    }
    if (!Proved || !Touched)
      F.fix.reset();
  }
}

} // namespace

void fixStage(const std::vector<Finding *> &Fs, const FixProof *Proof) {
  reconcileFixes(Fs);
  if (!Proof || std::none_of(Fs.begin(), Fs.end(), [](const Finding *F) { return F->fix.has_value(); }))
    return;
  EngineOptions O = Proof->options; // the re-checks offer no fixes of their own
  O.fixes = false;
  Engine Check(Proof->rules, O);
  verifyFixes(Fs, Proof->calls, Proof->before, Check);
}

void fixStage(std::vector<Finding> &Fs, const FixProof *Proof) {
  std::vector<Finding *> Ps;
  for (Finding &F : Fs)
    Ps.push_back(&F);
  fixStage(Ps, Proof);
}

} // namespace pto::checker
