// checker: the shape of the engine's operand fact table, which pto-rulegen generates from rules/facts.json
// (build/CompiledFacts.h, checker/RuleGen.cpp factTableSource); the engine and the fix-its read it.
#ifndef PTOLINT_CHECKER_FACTTABLE_H
#define PTOLINT_CHECKER_FACTTABLE_H

#include "Vocabulary.h"

#include <cstddef>
#include <cstdint>

namespace pto::checker::facts {

/// An enumerator of an enumerated fact: its name as upstream spells it, the prelude constant it is coded as, and
/// that constant's value.
struct Enumerator {
  const char *name;
  const char *code;
  int64_t value;
};

/// One operand fact of rules/facts.json.
struct OperandFactInfo {
  const char *name;                // "vcol"
  FactSort sort;
  FactSource from;                 // how the engine computes it
  unsigned kinds;                  // bit (1 << OperandKind) per kind of operand that has it
  bool text;                       // an Int fact messages show as text ("text" in rules/facts.json)
  const char *shown;               // how notes name the value ("" if facts.json gives no name)
  const Enumerator *enumerators;   // the enumerated facts' (loc, blayout, slayout); null for the others
  size_t enumeratorCount;
};

constexpr unsigned kindBit(OperandKind K) { return 1u << static_cast<unsigned>(K); }
/// The facts every operand has (an event too): those rules/facts.json gives no "kinds".
constexpr unsigned AllKinds = kindBit(OperandKind::Tile) | kindBit(OperandKind::Reg) | kindBit(OperandKind::Mask) |
                              kindBit(OperandKind::NonTile);

} // namespace pto::checker::facts

#endif
