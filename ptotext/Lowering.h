// ptotext: a `.pto` tile op as pto-isa's C++ implementation sees it. ptoas's emitc backend (its default) compiles a
// tile op statement `pto.tOP ins(%a, %b : Ta, Tb) outs(%d : Td)` into a call of pto-isa's `TOP(d, a, b)` on tiles of
// the types the statement declares (PTOAS lib/PTO/Transforms/PTOToEmitC.cpp: e.g. TADD :6890, TMATMUL :5141, TCVT
// :9500-9525; tile types :4540-4600). Upstream's own checks (PTO_ASSERTs) of such a call are found by instantiating
// that call in a C++ translation unit of its own and reading it with the C++ front end; they come back as terms over
// the C++ function's parameters, which stand for the statement's dynamic valid dims and scalar operands, and are
// put back in the statement's own values (docs/upstream-checks.md, "`.pto` files").
#ifndef PTOLINT_PTOTEXT_LOWERING_H
#define PTOLINT_PTOTEXT_LOWERING_H

#include "checker/Facts.h"

#include <optional>
#include <string>
#include <vector>

namespace pto::ptotext {

/// One operand of the C++ call.
struct ImplArg {
  std::string ssa;                        // as written ("%src")
  checker::TileFacts tile;                // tile.isTile: a tile operand
  std::string scalarType;                 // else its MLIR type: index, i32, f32, ...
  std::optional<checker::IntFact> value;  // an integer scalar's value (known, or a term over the call's symbols)
};

/// A tile op statement pto-lint has no rules of its own for, as the C++ call ptoas's emitc backend makes of it.
struct ImplCall {
  checker::CallSite call;      // the statement: place, text, function, symbols, guards (no operands yet)
  std::string ptoOp;           // "pto.tadd"
  std::string cxxOp;           // "TADD"
  std::vector<ImplArg> args;   // in the C++ call's order: outs, then ins
  std::vector<std::string> extra; // trailing C++ arguments emitc adds (TCVT's round and saturation modes, TCMP's mode)
  std::string templateArgs;       // the call's explicit template arguments ("pto::AccPhase::Partial"), "" for none
  std::string why;             // non-empty: the statement has no C++ form here (why)
  /// The AI core a kernel with these tiles runs on: cube when a tile lives in L1/L0 (Mat, Left, Right, Acc, ...).
  bool cube() const;
};

/// The C++ function that makes Call's call: `AICORE void Name(parameters) { tiles; OP(args); }`, one statement per
/// line, its parameters `ptolint_r<i>`/`ptolint_c<i>` (tile i's dynamic valid rows/cols) and `ptolint_s<i>`
/// (scalar operand i). "" and Why when an operand has no C++ spelling (an element type pto-isa has no name for).
std::string cxxFunction(const ImplCall &Call, const std::string &Name, std::string &Why);

/// The call the C++ front end read from cxxFunction(Call) (Cxx), as a call of the statement: its op, overload,
/// operand roles and upstream checks, with the statement's place, tiles, values and guards; the checks' terms over
/// the function's parameters rewritten into the statement's values.
checker::CallSite instantiated(const ImplCall &Call, const checker::CallSite &Cxx);

} // namespace pto::ptotext

#endif
