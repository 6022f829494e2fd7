// checker: the declared fact vocabulary (rules/facts.json) and the build-time check of every rule against it.
#ifndef PTOLINT_CHECKER_VOCABULARY_H
#define PTOLINT_CHECKER_VOCABULARY_H

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pto::checker {

class RuleSet;

/// Where a fact belongs: to one operand (`src.vcol`), to the op or its overload (rules/ops.json constants), or to
/// the call (the front end's call constants).
enum class FactScope { Operand, Op, Call };
/// Int facts are usable in terms and messages; Text facts in messages only.
enum class FactSort { Int, Text };
/// What an operand is, for the facts it has: a tile, an A5 vector register, a predicate, or something bound where a
/// tile belongs that is none of these (an event), whose tile facts are then unknown.
enum class OperandKind { Tile, Reg, Mask, NonTile };
inline constexpr OperandKind OperandKinds[] = {OperandKind::Tile, OperandKind::Reg, OperandKind::Mask,
                                               OperandKind::NonTile};

/// How the engine computes an operand fact from what a front end extracted (checker/Facts.h: the operand's TileFacts,
/// its role's kind in the op schema): a closed set. rules/facts.json names one per operand fact ("from", spelled as
/// the enumerator with a lowercase first letter: "validRow"); a fact needing a computation not in this list needs one
/// added here and in the engine (checker/Engine.cpp, declareFact).
enum class FactSource {
  RoleIsDst, RoleIsTmp,            // 1 when the role's kind (rules/ops.json "roles") is dst, tmp
  IsTile, IsEvent, IsReg, HasAddr, // TileFacts flags, as 0 or 1
  Loc, Blayout, Slayout,           // enumerators by name, as the prelude constants the fact's "enumerators" name
  Dtype, DtypeSize,                // the element type's prelude code, its size in bytes
  Rows, Cols, SfractalSize,        // TileFacts integers
  Bytes,                           // rows * cols * element size (exact beyond 64 bits)
  ValidRow, ValidCol,              // the value at the call: a number, or a term within [0, rows], [0, cols]
  Addr,                            // the TASSIGN address when placed, else 0
  MaskWidth, MaskPartial,          // the predicate's producer (unknown: opaque)
  Expr, TypeSpelling, MaskOrigin,  // text
};

const char *scopeName(FactScope S);  // operand, op, call
const char *sortName(FactSort S);    // Int, Text
const char *kindName(OperandKind K); // tile, reg, mask, nontile
/// The name rules/facts.json gives a source ("validRow", "roleIsDst"), and back.
const char *sourceName(FactSource S);
std::optional<FactSource> sourceNamed(const std::string &Name);
/// The sources whose value is text (Expr, TypeSpelling, MaskOrigin), and the Int sources that also have a text form
/// for messages (an enumerator or element type as written).
bool textSource(FactSource S);
bool sourceHasText(FactSource S);

/// One fact a rule may read. Operand facts are named without their role ("vcol": `src.vcol`, `T.vcol`); op and
/// call facts with theirs ("op.ismax").
struct FactDecl {
  std::string name;
  FactScope scope = FactScope::Operand;
  FactSort sort = FactSort::Int;
  std::string domain;  // the values it takes
  std::string meaning;
  std::string text;    // for an Int fact that messages show as text (dtype: "float"): what the text is
  std::vector<OperandKind> kinds;                 // operand kinds that have it (tile, reg, mask); empty: all
  std::vector<std::pair<std::string, std::string>> sources; // front end -> where the value comes from
  // Operand facts: how the engine computes it, how notes name it ("TileType of '{expr}'"; {expr} and the operand's
  // text facts are filled in), and for enumerated facts each enumerator name -> its prelude constant.
  std::optional<FactSource> from;
  std::string shown;
  std::vector<std::pair<std::string, std::string>> enumerators;

  /// Whether an operand of kind K has the fact (facts of every kind: every operand, an event too).
  bool of(OperandKind K) const;
};

struct Vocabulary {
  std::vector<FactDecl> facts;
  std::vector<std::pair<std::string, std::string>> fields; // message fields that are not facts (op, target, role)
  /// Per operand kind, the order in which the engine declares an operand's Int facts to the solver: canonical query
  /// names, and so counterexample values, depend on it (rules/facts.json "declarationOrder").
  std::map<OperandKind, std::vector<std::string>> declarationOrder;
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

/// The engine's operand fact table as C++ (build/CompiledFacts.h, written by pto-rulegen): an enum of the operand
/// facts of S's vocabulary with their names, sorts, kinds, sources and enumerators, and each kind's declaration
/// order. S must have loaded a vocabulary and passed checkRuleTerms.
std::string factTableSource(const RuleSet &S);

} // namespace pto::checker

#endif
