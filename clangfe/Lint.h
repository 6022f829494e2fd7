// clangfe: the one ASTConsumer behind the plugin and the CLI: extract calls, hand them to the driver's
// session (driver/Driver.h), render what it returns as clang diagnostics.
#ifndef PTOLINT_CLANGPLUGIN_LINT_H
#define PTOLINT_CLANGPLUGIN_LINT_H

#include "driver/Driver.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"

#include <memory>
#include <optional>

namespace pto::clangfe {

/// How findings reach the user of this front end.
struct Rendering {
  bool diagnostics = true; // render findings through clang's DiagnosticsEngine
  /// CLI: findings must not make the compiler count the TU as failed (the CLI has its own exit codes).
  bool findingsAreNotCompileErrors = false;
};

struct ScopeMacros;

/// The target a translation unit is built for, from the macros its compiler predefines (__NPU_ARCH__: 2201 ->
/// a2a3, 3101/3510 -> a5; __CPU_SIM -> cpu).
std::optional<checker::Target> inferredTarget(clang::Preprocessor &PP);
/// A parsed translation unit as the driver takes it: its calls, main file and target. Every Clang shell (plugin,
/// CLI, clang-tidy module) reads units with it. ProcessEnds: as extractCalls'.
driver::Unit readUnit(clang::ASTContext &Ctx, clang::Preprocessor &PP, const ScopeMacros &Scopes,
                      bool ProcessEnds = false);
/// Source text of the unit's files, for NOLINT comments.
driver::SourceText sourceText(clang::ASTContext &Ctx);

/// The consumer shares ownership of the session: Clang destroys a plugin's action before the consumer runs.
std::unique_ptr<clang::ASTConsumer> makeLintConsumer(clang::CompilerInstance &CI, std::shared_ptr<driver::Session> S,
                                                     Rendering How);

} // namespace pto::clangfe

#endif
