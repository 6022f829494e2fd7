// clang-plugin: Clang AST -> CallSite facts for every PTO op call the rule set knows.
#ifndef PTOLINT_CLANGPLUGIN_EXTRACT_H
#define PTOLINT_CLANGPLUGIN_EXTRACT_H

#include "checker/Facts.h"
#include "checker/Rule.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace pto::clangfe {

/// Finds calls of the rule set's ops (matched by qualified name pto::<OP>, so the real pto-isa headers and
/// the project's clean-room header both work) in non-dependent code, including template instantiations.
std::vector<checker::CallSite> extractCalls(clang::ASTContext &Ctx, const checker::RuleSet &Rules);

/// The clang location of a SourceLoc produced by extractCalls in the same AST (invalid if none).
clang::SourceLocation toClangLoc(clang::ASTContext &Ctx, const checker::SourceLoc &L);

} // namespace pto::clangfe

#endif
