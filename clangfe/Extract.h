// clangfe: Clang AST -> CallSite facts for every PTO op call the rule set knows.
#ifndef PTOLINT_CLANGPLUGIN_EXTRACT_H
#define PTOLINT_CLANGPLUGIN_EXTRACT_H

#include "checker/Facts.h"
#include "checker/Rule.h"

#include "checker/Finding.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/Preprocessor.h"

#include <map>
#include <memory>
#include <string>

#include <vector>

namespace clang {
class Sema;
} // namespace clang

namespace pto::clangfe {

/// Expansion ranges of the macros that open vector code (`__VEC_SCOPE__`, `__simd_vf__`), recorded by
/// recordScopeMacros during preprocessing.
struct ScopeMacros {
  std::vector<clang::SourceRange> vecScope, simdFunction;
  /// Upstream's asserts, `PTO_ASSERT(condition, message)`: where each expansion starts (raw encoding) -> its message.
  std::map<clang::SourceLocation::UIntTy, std::string> asserts;
  /// Where the compiled-out macro drops the condition (AssertRecorder): its tokens, macro-expanded, by where the
  /// expansion starts. The walk parses the condition of an assert it reaches from these (Finder::parsedCondition).
  std::map<clang::SourceLocation::UIntTy, std::vector<clang::Token>> conditions;
  bool upstream = false; // upstream's checks are lifted (Options::upstreamChecks): every op of pto_instr.hpp is a call
  /// The parse's semantic analysis, while it lives (LintConsumer): parses the asserts' conditions where they are
  /// and instantiates them.
  clang::Sema *sema = nullptr;
};

/// Registers the preprocessor callbacks that fill Out (which must outlive the preprocessor): the vector scope macros,
/// and with UpstreamChecks upstream's asserts (recordUpstreamAsserts).
void recordScopeMacros(clang::Preprocessor &PP, std::shared_ptr<ScopeMacros> Out, bool UpstreamChecks = false);
/// Records each `PTO_ASSERT` expansion in Out, with the condition's tokens where the compiled-out form drops them,
/// for the lifting of upstream's checks (ExtractAsserts.cpp). The program is the same.
void recordUpstreamAsserts(clang::Preprocessor &PP, std::shared_ptr<ScopeMacros> Out);

/// Finds calls of the rule set's ops (matched by qualified name pto::<OP>, so the real pto-isa headers and
/// the project's clean-room header both work; builtins such as vmin in any namespace) in non-dependent
/// code, including template instantiations. ProcessEnds: the process ends after this unit (the compiler's
/// -disable-free), so the search's tables are left to it instead of being freed one by one.
std::vector<checker::CallSite> extractCalls(clang::ASTContext &Ctx, const checker::RuleSet &Rules,
                                           const ScopeMacros &Scopes, bool ProcessEnds = false);

/// The clang location of a SourceLoc produced by extractCalls in the same AST (invalid if none).
clang::SourceLocation toClangLoc(clang::ASTContext &Ctx, const checker::SourceLoc &L);
/// A finding's fix as clang fix-it hints (empty when an edit's place is not in this AST).
std::vector<clang::FixItHint> fixItHints(clang::ASTContext &Ctx, const checker::Fix &F);

} // namespace pto::clangfe

#endif
