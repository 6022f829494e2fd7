// ptotext: the textual PTO front end (PTOAS's MLIR dialect, `.pto` files). A hand-written reader, no MLIR: it
// tokenizes, splits the file into op statements and regions, reads the `!pto.tile_buf` types, follows SSA values
// (`arith.constant`, `pto.alloc_tile` valid operands, function arguments) and valid regions (`pto.set_validshape`,
// `pto.get_validshape`, `pto.declare_tile`, `pto.tpop_from_aic`/`_aiv`, `pto.subview`), knows which functions run
// in a vector scope (their own, their callers', or the one the vpto backend infers) and which backend compiles the
// file, and turns every tile op of the rule database (bound through rules/ops.json `pto` bindings) into the same
// CallSite the C++ front end fills. Other ops are kept as opaque statements. Syntax errors are reported with
// file:line:col; reading resumes at the next statement, so every error of a file is reported.
#ifndef PTOLINT_PTOTEXT_READER_H
#define PTOLINT_PTOTEXT_READER_H

#include "checker/Facts.h"
#include "checker/Rule.h"
#include "ptotext/Lowering.h"

#include <optional>
#include <string>
#include <vector>

namespace pto::ptotext {

struct Problem {
  checker::SourceLoc loc;
  std::string message;
};

/// How ptoas compiles the file, where an op's meaning depends on it: with `--pto-backend=vpto
/// --enable-tile-op-expand` a tile op is PTOAS's own template (lib/TileOps/), else (the emitc backend, ptoas's default)
/// a call of pto-isa's implementation. Checked ops with an overload for the template (rules/ops.json, constant
/// op.tileexpand) are read as that overload.
struct Backend {
  std::string name = "emitc";   // emitc or vpto
  bool tileOpExpand = false;    // --enable-tile-op-expand
  std::string from = "default"; // where the reader took it from: option, module attribute, RUN lines, default
  bool expands() const { return name == "vpto" && tileOpExpand; }
};

/// How to read a file: pto-lint's options for textual PTO.
struct ReadOptions {
  bool lenient = false;              // read the ISA manual's spellings too (read())
  std::string backend;               // --pto-backend: emitc or vpto ("" = from the file)
  std::optional<bool> tileOpExpand;  // --enable-tile-op-expand (unset = from the file)
  bool implCalls = false;            // also read the tile ops without rules of their own as C++ calls (implCalls)
};

struct Reading {
  std::vector<checker::CallSite> calls;
  std::vector<Problem> errors;                // syntax errors and types that cannot be read
  std::vector<Problem> warnings;              // the ISA manual's spellings read in lenient mode (ptoas rejects them)
  std::optional<checker::Target> target;      // module `pto.target_arch`, else a `RUN:` line's `--pto-arch`
  Backend backend;                            // options, else module `pto.backend` and the RUN lines' ptoas flags
  unsigned statements = 0;                    // op statements read
  unsigned opaque = 0;                        // of which not a checked op
  /// With ReadOptions::implCalls: the tile op statements (`pto.t*`) without rules of their own, as ptoas's emitc
  /// backend calls pto-isa for them (Lowering.h), for upstream's checks; those it cannot lower say why.
  std::vector<ImplCall> implCalls;
};

/// The largest `.pto` file read: PTOAS's lit tests are at most 34 kB; a file past this is reported, not read.
constexpr size_t MaxFileBytes = size_t(16) << 20;
/// Errors reported per file; the rest are counted in a last error.
constexpr size_t MaxErrors = 100;

/// Reads one `.pto` file. Rules gives the op schemas (which PTOAS ops are checked, and their ins/outs binding).
/// Lenient: also read the ISA manual's spellings that ptoas rejects (reference/pto-text-forms.md §1.1, §1.3):
/// SSA tile ops with results (`%d = pto.tmin %a, %b : (T, T) -> T`), parenthesised type lists, and positional
/// tile types (`!pto.tile_buf<loc=vec, f32, 16, 16, RowMajor, NoneBox, None, Zero>`, `!pto.tile<...>`), each with
/// a warning; without it they are errors, as in ptoas.
Reading read(const std::string &File, const std::string &Text, const checker::RuleSet &Rules, const ReadOptions &Options);
Reading read(const std::string &File, const std::string &Text, const checker::RuleSet &Rules, bool Lenient = false);

/// The target a PTOAS arch name denotes (a5; a2, a3, a2a3 -> a2a3).
std::optional<checker::Target> archTarget(const std::string &Arch);

} // namespace pto::ptotext

#endif
