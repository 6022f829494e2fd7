// clang-plugin: the one ASTConsumer behind the plugin and the CLI: extract, check, suppress, report.
#ifndef PTOLINT_CLANGPLUGIN_LINT_H
#define PTOLINT_CLANGPLUGIN_LINT_H

#include "checker/Engine.h"
#include "checker/Finding.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace pto::clangfe {

struct LintConfig {
  checker::EngineOptions engine;
  /// Targets were given by the user; otherwise a translation unit that predefines __NPU_ARCH__ (2201 -> a2a3,
  /// 3101/3510 -> a5) or __CPU_SIM is checked for that target only.
  bool targetsExplicit = false;
  bool werror = false;           // report every finding as an error
  bool emitDiagnostics = true;   // render findings through clang's DiagnosticsEngine
  /// CLI only: findings must not make the compiler count the TU as failed (the CLI has its own exit codes).
  bool findingsAreNotCompileErrors = false;
};

/// What a run produced, accumulated over translation units.
struct LintResults {
  std::vector<checker::Finding> findings;
  checker::Tally tally;
  unsigned suppressed = 0;
  unsigned internalErrors = 0;
  unsigned translationUnits = 0;
  std::vector<double> queryMicros;     // solver time per query (benchmarks)
  std::vector<double> decisionMicros;  // time per decision: precheck, and solver query when needed (benchmarks)
  std::vector<double> callMicros;      // engine time per call site, all its rules and targets (benchmarks)
  unsigned groundQueries = 0;          // decided without Z3
  unsigned enumerated = 0;             // decided by evaluating every point of a small domain
  unsigned cacheHits = 0;              // answered from the solver's cache
  unsigned prechecked = 0;             // proved by the engine's precheck, never a solver query
  unsigned z3Calls = 0;                // Z3 satisfiability calls
  double extractMicros = 0;            // time spent reading calls and facts from the AST (benchmarks)
  double checkMicros = 0;              // time spent in the engine, solver included (benchmarks)
  std::set<std::string> mainFiles;     // distinct source files (a mixed kernel is one file, two translation units)
  unsigned failedTranslationUnits = 0; // the compiler reported errors
};

/// Parses `key=value` options shared by the plugin (-fplugin-arg-ptolint-KEY=VALUE) and the CLI.
/// Returns an error message, or "" on success.
std::string applyOption(LintConfig &C, const std::string &Key, const std::string &Value);
/// One line per option, for help texts.
const char *optionHelp();

/// The consumer shares ownership of Out: Clang destroys a plugin's action before the consumer runs.
std::unique_ptr<clang::ASTConsumer> makeLintConsumer(clang::CompilerInstance &CI, const LintConfig &C,
                                                     std::shared_ptr<LintResults> Out);

} // namespace pto::clangfe

#endif
