// clang-plugin: the one ASTConsumer behind the plugin and the CLI: extract calls, hand them to the driver's
// session (driver/Driver.h), render what it returns as clang diagnostics.
#ifndef PTOLINT_CLANGPLUGIN_LINT_H
#define PTOLINT_CLANGPLUGIN_LINT_H

#include "driver/Driver.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"

#include <memory>

namespace pto::clangfe {

/// How findings reach the user of this front end.
struct Rendering {
  bool diagnostics = true; // render findings through clang's DiagnosticsEngine
  /// CLI: findings must not make the compiler count the TU as failed (the CLI has its own exit codes).
  bool findingsAreNotCompileErrors = false;
};

/// The consumer shares ownership of the session: Clang destroys a plugin's action before the consumer runs.
std::unique_ptr<clang::ASTConsumer> makeLintConsumer(clang::CompilerInstance &CI, std::shared_ptr<driver::Session> S,
                                                     Rendering How);

} // namespace pto::clangfe

#endif
