// checker: front-end independent facts about one PTO op call, as a front end extracts them.
#ifndef PTOLINT_CHECKER_FACTS_H
#define PTOLINT_CHECKER_FACTS_H

#include "support/Targets.h"
#include "term/Term.h"

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pto::checker {

// The targets and their names (support/Targets.h), by their checker names.
using Target = support::Target;
using support::allTargets;
using support::parseTarget;
using support::parseTargetList;
using support::targetName;

struct SourceLoc {
  std::string file;
  unsigned line = 0, col = 0;
  bool valid() const { return line != 0; }
  bool operator==(const SourceLoc &O) const { return line == O.line && col == O.col && file == O.file; }
  bool operator!=(const SourceLoc &O) const { return !(*this == O); }
};

/// Element types, with the codes the rule vocabulary uses (rules/prelude.smt2). After F64 come PTOAS's low-precision
/// types (PTOTypeUtils.cpp isPTOLowPrecisionType): FP8 (F8E4M3: f8E4M3FN and the other E4M3 encodings, F8E5M2),
/// HiFloat8, the E8M0 scale payload, packed pairs (two HiFloat8, two FP4 of E1M2 or E2M1, two bf16).
enum class DType {
  Unknown = 0, I8, U8, I16, U16, I32, U32, I64, U64, F16, BF16, F32, F64,
  F8E4M3, F8E5M2, HIF8, F8E8M0, HIF8X2, F4E1M2X2, F4E2M1X2, BF16X2
};
unsigned dtypeSize(DType D); // 0 for Unknown
const char *dtypeCode(DType D); // the prelude constant, e.g. "F16"

/// An integer fact: a known constant, or an Int term over the call's symbols (its Vars name CallSite::symbols).
struct IntFact {
  std::optional<int64_t> value;
  pto::term::Term term; // used when !value
  static IntFact known(int64_t V) { return {V, {}}; }
  static IntFact symbolic(pto::term::Term T) { return {std::nullopt, std::move(T)}; }
  /// The value as a term: the constant, or the term.
  pto::term::Term asTerm() const { return value ? pto::term::Term::literal(*value) : term; }
};

/// A template argument of a tile type as written in the source, for fix-its.
struct WrittenArg {
  SourceLoc loc;         // where it starts
  unsigned length = 0;   // bytes, on that line
  std::string text;      // as written
  bool literal = false;  // a literal (number, type name, enumerator) the same in every instantiation
};

/// The written arguments of a tile type, in order: read only, and shared by every copy of the facts that have them
/// (an operand's facts are copied into each call site and calling context that reads it).
class WrittenArgs {
public:
  WrittenArgs() = default;
  explicit WrittenArgs(std::vector<WrittenArg> V)
      : P(V.empty() ? nullptr : std::make_shared<const std::vector<WrittenArg>>(std::move(V))) {}
  size_t size() const { return P ? P->size() : 0; }
  bool empty() const { return !P; }
  const WrittenArg &operator[](size_t I) const { return (*P)[I]; }
  std::vector<WrittenArg>::const_iterator begin() const { return P ? P->begin() : none().begin(); }
  std::vector<WrittenArg>::const_iterator end() const { return P ? P->end() : none().end(); }

private:
  std::shared_ptr<const std::vector<WrittenArg>> P;
  static const std::vector<WrittenArg> &none() {
    static const std::vector<WrittenArg> None;
    return None;
  }
};

/// What a front end knows about one tile operand. Enum-valued template arguments are kept by their
/// enumerator name (as upstream spells them), so the facts do not depend on enumerator values.
struct TileFacts {
  bool isTile = false;         // false: the argument's type is not a recognised pto::Tile
  bool isEvent = false;        // the argument is a pto::Event (bound where an overload expects a tile)
  bool isReg = false;          // an A5 vector register RegTensor<T> (dtype/dtypeName set)
  bool isMask = false;         // a predicate register (MaskReg)
  int64_t maskWidth = 0;       // granularity in bits of the predicate's producer (8/16/32; 0 unknown)
  int64_t maskPartial = -1;    // 1: plt_bN or pset_bN(PAT_VLn); 0: an all-true pattern; -1 unknown
  std::string maskOrigin;      // the producer as written, for notes
  std::string maskWhy;         // what the front end could not follow, when width or partial is unknown
  std::string expr;            // the argument as written, e.g. "src"
  std::string typeSpelling;    // the tile type as written or printed
  SourceLoc declLoc;           // where the tile variable is declared, if known
  std::string loc;             // "Vec", "Mat", ... ("" = unknown)
  DType dtype = DType::Unknown;
  std::string dtypeName;       // as written ("float", "half", "my_type")
  int64_t rows = 0, cols = 0;
  std::string blayout, slayout; // "RowMajor"/"ColMajor"; "NoneBox"/"RowMajor"/"ColMajor" ("" = unknown)
  int64_t sfractalSize = 512;
  int64_t declValidRow = 0, declValidCol = 0; // template arguments (-1 = DYNAMIC)
  IntFact validRow, validCol;  // the value at the call
  bool hasAddr = false;        // placed by TASSIGN before the call
  IntFact addr;                // its UB byte address (when hasAddr)
  std::string validOrigin;     // how the dynamic values were found, for notes ("constructor at k.cpp:12")
  /// The `Tile<...>` the tile's type is written as, when this tile alone uses that spelling (its own declaration,
  /// or an alias nothing else uses) in the main file: the written arguments in order and the point after the
  /// last one. Empty: the front end cannot rewrite the type (no fix-it).
  WrittenArgs writtenArgs;
  SourceLoc writtenArgsEnd;
};

/// A free integer of the call: a function parameter, a runtime value, or something not understood.
struct Symbol {
  std::string name;        // SMT name, unique per call
  std::string display;     // what a user recognises: "cols", "src.GetValidCol()"
  int64_t lo = INT32_MIN, hi = INT32_MAX; // the range of its C++ type (or the tile invariant)
  bool understood = true;  // false: the extractor could not follow this value
  std::string why;         // for !understood: what was not understood
  SourceLoc loc;
};

struct Operand {
  std::string role; // "dst", "src", "tmp", "dstVal", "dstIdx", ...
  TileFacts tile;
};

struct PathCondition {
  pto::term::Term term; // a Bool term over the call's symbols
  std::string text;     // as written, for notes
  SourceLoc loc;
};

/// A precondition upstream's implementation asserts (`PTO_ASSERT`, compiled out of release builds) on the way of one
/// call: found in the implementation instantiated for the call's types, its condition translated into a term over
/// the call's symbols (docs/upstream-checks.md).
struct UpstreamCheck {
  pto::term::Term term;          // Bool, over the call's symbols and `symbols` (empty when not followed)
  std::vector<PathCondition> path; // the guards inside the implementation that lead to it
  std::vector<Symbol> symbols;   // values of the implementation itself the term or path reads (names "u.*")
  bool exact = true;             // false: a guard on the way was left out, so only "proved" is a verdict
  std::string text;              // the condition as written
  std::string message;           // upstream's message, as written (a string literal's contents)
  SourceLoc loc;                 // the assert, in the headers the call was compiled with
  /// The calls from the op down to the assert, outermost first: where each helper is called and its name.
  std::vector<std::pair<SourceLoc, std::string>> chain;
  std::string notFollowed;       // non-empty: why the condition or its path could not be translated
  std::optional<Target> target;  // the target whose implementation it is (from the headers' paths), if one
  /// A `static_assert` of the target's implementation that fails for the call's types (term `false`): the call does
  /// not compile for that target (a kernel parsed for several targets, driver::Session::otherTargetStaticAsserts).
  bool compileTime = false;
};

/// A call's upstream checks: a vector whose copies share one list until one of them is changed (the calls of one
/// instantiation in several calling contexts, or of a kept walk, reach the same checks: copying each check's
/// strings, terms and chains per call was about 4 % of the analysis's instructions on a2a3 tadds). Read as a const
/// vector; own() and push_back copy the list first when it is shared.
class UpstreamChecks {
public:
  using value_type = UpstreamCheck;
  using const_iterator = std::vector<UpstreamCheck>::const_iterator;

  UpstreamChecks() = default;
  UpstreamChecks(std::vector<UpstreamCheck> V) { *this = std::move(V); }
  UpstreamChecks(std::initializer_list<UpstreamCheck> L) : UpstreamChecks(std::vector<UpstreamCheck>(L)) {}
  UpstreamChecks &operator=(std::vector<UpstreamCheck> V) {
    List = V.empty() ? nullptr : std::make_shared<std::vector<UpstreamCheck>>(std::move(V));
    return *this;
  }
  UpstreamChecks &operator=(std::initializer_list<UpstreamCheck> L) { return *this = std::vector<UpstreamCheck>(L); }

  const std::vector<UpstreamCheck> &list() const { return List ? *List : none(); }
  size_t size() const { return list().size(); }
  bool empty() const { return list().empty(); }
  const_iterator begin() const { return list().begin(); }
  const_iterator end() const { return list().end(); }
  const UpstreamCheck &operator[](size_t I) const { return list()[I]; }

  /// The list to change: this call's own (copied first when shared).
  std::vector<UpstreamCheck> &own() {
    if (!List)
      List = std::make_shared<std::vector<UpstreamCheck>>();
    else if (List.use_count() > 1)
      List = std::make_shared<std::vector<UpstreamCheck>>(*List);
    return *List;
  }
  void push_back(UpstreamCheck U) { own().push_back(std::move(U)); }
  void clear() { List.reset(); }

private:
  static const std::vector<UpstreamCheck> &none() {
    static const std::vector<UpstreamCheck> None;
    return None;
  }
  std::shared_ptr<std::vector<UpstreamCheck>> List;
};

/// One call of a PTO op with everything the rules may ask about.
struct CallSite {
  std::string op;        // "TCOLARGMIN"
  std::string overload;  // "index" or "value-index" (see rules/ops.json)
  SourceLoc loc;         // the call
  std::string function;  // enclosing function, printed ("kernel<float, 255>")
  std::vector<SourceLoc> instantiatedFrom; // points of instantiation, innermost first
  std::vector<std::string> instantiationNames;
  /// The calling context the call was checked in (its function's parameters bound to a caller's arguments):
  /// the call in the caller and the caller's name, innermost first. Empty: checked on its own.
  std::vector<std::pair<SourceLoc, std::string>> callers;
  /// The call is in upstream pto-isa's own code (a function of namespace pto in a header): findings are reported
  /// at userLoc, where the user's code reaches it (the innermost calling context or point of instantiation outside
  /// upstream's code), with the call in the headers as a note; with no such place the verdict depends on upstream's
  /// code alone (docs/user-guide.md, "Findings in upstream's headers").
  bool inUpstreamCode = false;
  SourceLoc userLoc;
  std::vector<Operand> operands;
  std::vector<Symbol> symbols;
  std::vector<PathCondition> path;
  std::vector<std::string> notUnderstood; // argument/guard expressions the extractor gave up on
  std::vector<std::pair<std::string, int64_t>> constants; // call facts, e.g. op.invecscope = 1
  /// Non-empty: the front end found a call of this op by name but could not resolve it (the translation unit has
  /// errors); why. Every rule of the call is then undecidable and the call is reported unknown, never proved.
  std::string unresolved;
  /// Upstream's own checks this call reaches (C++ calls compiled with headers that have them).
  UpstreamChecks upstream;
  /// Read from textual PTO: findings use the rules' textual forms (`pto` message, note, help) where they have one.
  bool textual = false;
  /// The call as written, through normalizeCallText (comments dropped, whitespace collapsed): with the op, the
  /// operands' tile types and the file, what a baseline fingerprint is made of (driver/Baseline.h). "" = unknown.
  std::string text;

  const Operand *operand(const std::string &Role) const {
    for (const Operand &O : operands)
      if (O.role == Role)
        return &O;
    return nullptr;
  }
};

/// Every fact of a call as one string: equal strings, equal checks (caches). checker/CallKey.cpp writes every field
/// of CallSite, Operand, TileFacts, Symbol, PathCondition and UpstreamCheck: a field added here must be added there.
std::string callKey(const CallSite &C);
/// callKey without where the call is (its place, function, instantiations, callers and text): equal strings, calls
/// that every rule decides alike.
std::string factsKey(const CallSite &C);

/// Every fact of a tile operand as one string (the part of callKey an operand writes): equal strings, equal facts.
std::string tileKey(const TileFacts &T);

/// factsKey's fields as references into the call, compared field by field (terms structurally, term::equal) without
/// printing or copying any: equal views, calls that every rule decides alike. The call must outlive its view.
class FactsView {
public:
  explicit FactsView(const CallSite &C);
  bool operator==(const FactsView &O) const;

  struct Atom {
    enum Kind : uint8_t { Int, Str, TermRef, Checks } kind;
    int64_t i;     // Int: the number; Checks: how many
    const void *p; // Str: a std::string, TermRef: a term::Term, Checks: the std::vector<UpstreamCheck>, of the call
  };

private:
  static bool same(const std::vector<Atom> &A, const std::vector<Atom> &B);
  std::vector<Atom> Atoms;
};

/// Source text of a call in a canonical spelling: comments dropped, whitespace removed except one space between
/// two word characters, so that reformatting or commenting a call does not change it (baseline fingerprints).
std::string normalizeCallText(std::string_view Text);

} // namespace pto::checker

#endif
