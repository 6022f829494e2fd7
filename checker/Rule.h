// checker: rules as data (rules/**/*.json): loading, validation and lookup.
#ifndef PTOLINT_CHECKER_RULE_H
#define PTOLINT_CHECKER_RULE_H

#include "Facts.h"
#include "Finding.h"
#include "Vocabulary.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pto::checker {

/// The condition of a rule for some targets and overloads. Terms are SMT-LIB2 over the fact vocabulary
/// (docs/facts.md) and the rule's own `let` names.
/// Every field of RuleVariant, Rule, Overload and OpSignature is data from rules/: checker/RuleGen.cpp must write
/// each one into the compiled rule set.
/// Message, note and help as textual PTO spells things (`!pto.tile_buf<vec, ...>`, `pto.vecscope`), for calls read
/// from `.pto` files; empty fields fall back to the generic (C++-spelled) templates.
struct TextForms {
  std::string message, note, help;
  bool empty() const { return message.empty() && note.empty() && help.empty(); }
};

/// Part of a repair the engine offers when the rule fails: template arguments of one operand's declared tile type set to
/// values computed from the call (an Int term each, over the facts and the variant's lets). Arguments: `dtype` (a
/// type code), `rows` and `cols` (the upper bound over every feasible value of the call's inputs), `blayout`,
/// `slayout` (layout codes). Front ends apply it where the type is written as a literal `Tile<...>` of this tile
/// alone (clang-tidy --fix/--export-fixes, clangd code actions, JSON and SARIF `fixes`).
struct FixSpec {
  std::string role;
  std::vector<std::pair<std::string, std::string>> set; // argument -> Int term
  bool empty() const { return role.empty(); }
};
/// The position of a fixable tile argument in `Tile<Loc, DType, Rows, Cols, BLayout, RowValid, ColValid, SLayout,
/// ...>` (dtype 1, rows 2, cols 3, blayout 4, slayout 7), or -1 for a name a fix cannot set.
int fixArgument(const std::string &Arg);

/// What a rule checks (rules/<family>/<id>.json "kind"). Tile rules are about one tile's own declaration, so their
/// queries assume the path only, not that valid dims lie within their tiles.
enum class RuleKind { Type, Layout, ValidShape, TmpSize, Mode, Pattern, Portability, Tile };
const char *ruleKindName(RuleKind K); // as rule files write it: "type", "valid-shape", ...
std::optional<RuleKind> parseRuleKind(const std::string &Name);

/// The kind of an operand role in the op schema (rules/ops.json "roles").
enum class RoleKind { None, Dst, Src, Tmp, Mask };
const char *roleKindName(RoleKind K); // "dst", "src", "tmp", "mask"; "" for None

struct RuleVariant {
  std::vector<Target> targets;
  std::vector<std::string> overloads; // empty = all overloads of the rule's ops
  std::optional<Severity> severity;   // overrides the rule's
  std::vector<std::pair<std::string, std::string>> let; // name -> Int term, in order
  std::string require;                // Bool term that must hold
  std::string message, note, help;    // empty = the rule's
  std::vector<std::string> sources;   // upstream citations for this variant
  TextForms pto;                      // textual PTO forms of message, note, help (override the rule's)
  std::vector<FixSpec> fix;           // empty = the rule's
};

struct Rule {
  std::string id;
  std::vector<std::string> ops;       // "*" = every op
  std::vector<std::string> overloads; // empty = all
  RuleKind kind = RuleKind::Type;
  Severity severity = Severity::Error;
  std::string summary;                // one line, lowercase
  std::string description;            // rule details (markdown)
  bool perOperand = false;            // terms use `T.` for each tile operand in turn
  bool perPair = false;               // terms use `A.` and `B.` for each unordered pair of tile operands
  std::string message, note, help;
  TextForms pto;                      // textual PTO forms of message, note, help
  std::vector<FixSpec> fix;           // the fix-it offered when the rule fails, one part per operand (empty: none)
  /// Kind tmp-size: the `let` that gives the bytes of the tmp operand the implementation touches (reports draw them
  /// against the declared tmp; TileView::usedBytes); "" for none.
  std::string tmpBytes;
  /// A UB region the implementation writes that no operand names (A2A3 TROWEXPAND*'s mode-1 scratch): its start
  /// and size as `let` names or numbers, drawn with the operands' placements (a TileView of role "hidden"); empty
  /// for none.
  std::string hiddenAt, hiddenBytes;
  std::vector<std::string> sources;
  std::vector<RuleVariant> variants;
  std::string file;                   // where it was loaded from
  std::string examples;               // Examples section from its fixture (pto-rulegen; for --explain)

  bool appliesTo(const std::string &Op) const;
  /// The variant for this target and overload, or null if the rule does not apply.
  const RuleVariant *variantFor(Target T, const std::string &Overload) const;
};

struct Overload {
  std::string name;                // "index", "value-index"
  std::vector<std::string> roles;  // operand roles in C++ argument order (the C++ front end's binding)
  std::vector<std::pair<std::string, int64_t>> constants; // op facts of this overload, e.g. op.withval = 1
  /// The PTOAS binding (textual PTO): roles of the `ins(...)` and `outs(...)` operands in order (DPS form), or of
  /// the operands and results (SSA form, ptoSsa), and the ones PTOAS may leave out. Empty: no PTOAS form.
  std::vector<std::string> ptoIns, ptoOuts, ptoOptional;
  bool ptoSsa = false;
  bool cpp = true; // has a C++ form (`roles` is then the C++ argument order); false: only textual PTO has it
};

struct OpSignature {
  std::string name;                // "TCOLARGMIN"
  std::string family;              // "colargmin"
  std::vector<std::pair<std::string, int64_t>> constants; // op facts, e.g. op.ismax = 0
  std::vector<Overload> overloads;
  std::string citation;
  bool builtin = false;            // a compiler builtin (matched in any namespace), not pto::<name>
  std::string model;               // the reference model header that executes it (source-relative path)
  std::string pto;                 // the PTOAS op ("pto.tcolargmin"); "" if it has none
  /// The overload of that name, or null.
  const Overload *overload(const std::string &Name) const {
    for (const Overload &O : overloads)
      if (O.name == Name)
        return &O;
    return nullptr;
  }
  /// The overload whose tile-operand count is N, if exactly one has it.
  const Overload *byArity(size_t N) const;
};

/// The ids the engine reports itself, with no rule declaration in rules/: a call the front end could not resolve, an
/// operand that is not a recognised tile, and upstream's own checks. Globs, NOLINT and the clang-tidy module know
/// them beside the rules' ids.
inline constexpr const char *CallUnresolvedId = "pto-call-unresolved";
inline constexpr const char *OperandUnrecognisedId = "pto-operand-unrecognised";
/// A precondition upstream's implementation asserts (PTO_ASSERT) that the call violates (docs/upstream-checks.md).
inline constexpr const char *UpstreamAssertId = "pto-upstream-assert";
inline constexpr const char *EngineRuleIds[] = {CallUnresolvedId, OperandUnrecognisedId, UpstreamAssertId};

class RuleSet;
/// Sets each rule's `examples` from its fixture text (FixtureOf(id); "" when it has none).
void attachExamples(RuleSet &S, const std::function<std::string(const std::string &)> &FixtureOf);

class RuleSet {
public:
  /// The rules compiled into this binary: rules/ validated and written as C++ at build time (pto-rulegen).
  static const RuleSet &builtin();
  /// Parses rule files; on failure returns false and describes every problem in Errors.
  bool load(const std::vector<std::pair<std::string, std::string>> &Files, std::vector<std::string> &Errors);

  const std::vector<Rule> &rules() const { return Rules; }
  const std::vector<OpSignature> &ops() const { return Ops; }
  const std::string &prelude() const { return Prelude; }
  const Rule *find(const std::string &Id) const;
  const OpSignature *op(const std::string &Name) const;
  /// The kind of an operand role (rules/ops.json "roles"); None if undeclared.
  RoleKind roleKind(const std::string &Role) const {
    for (const auto &[R, K] : RoleKinds)
      if (R == Role)
        return K;
    return RoleKind::None;
  }
  const std::vector<std::pair<std::string, RoleKind>> &roleKinds() const { return RoleKinds; }
  /// Renamed ids (old -> new), so configurations and NOLINT comments keep working.
  const std::vector<std::pair<std::string, std::string>> &renames() const { return Renames; }
  /// The fact vocabulary (rules/facts.json); only loaded sets have it (the compiled set needs none at run time).
  const Vocabulary &vocabulary() const { return Vocab; }

private:
  /// Reads one file of load(); may throw nlohmann's exceptions on a value of the wrong JSON type (load reports them).
  void loadFile(const std::string &Name, const std::string &Text, std::vector<std::string> &Errors);
  friend void loadCompiledRules(RuleSet &S); // generated by pto-rulegen (checker/RuleGen.cpp)
  friend void attachExamples(RuleSet &S, const std::function<std::string(const std::string &)> &FixtureOf);
  std::vector<Rule> Rules;
  std::vector<OpSignature> Ops;
  std::vector<std::pair<std::string, std::string>> Renames;
  std::vector<std::pair<std::string, RoleKind>> RoleKinds; // role -> kind
  std::string Prelude;
  Vocabulary Vocab;
};

} // namespace pto::checker

#endif
