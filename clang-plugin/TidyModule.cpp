// clang-plugin: the pto-* clang-tidy module (`clang-tidy-19 --load=build/lib/pto-tidy-module.so -checks='pto-*'`,
// linked into pto-tidy and pto-clangd), a thin shell over the driver: one clang-tidy check per rule, named by the rule
// id, all fed by one analysis per translation unit (extract, Session::lint), so the findings, notes, counterexamples
// and fixes are the plugin's and the CLI's. CheckOptions (docs/editor.md): `pto-lint.Targets` (a2a3,a5,cpu|all),
// `pto-lint.Budget` (Z3 resource limit), `pto-lint.TimeoutMs` and `pto-lint.TuTimeoutMs` (wall-clock caps of one
// solver call and of a translation unit). Solver answers are kept for the life of the process, so in clangd an edit
// re-solves only what it changed.
#include "TidyModule.h"

#include "CceSyntax.h"
#include "Extract.h"
#include "Lint.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Preprocessor.h"

#include <map>
#include <memory>

using namespace clang;
using namespace clang::tidy;

namespace pto::clangfe {
bool TidyInEditor = false;
} // namespace pto::clangfe

namespace {

/// One analysis per translation unit, shared by every enabled pto check: the findings by rule id. A parse runs on
/// one thread from making its checks to the end of the unit (clang-tidy; clangd's worker per file), and clangd
/// parses several files at once: the state is per thread.
struct UnitAnalysis {
  const ASTContext *Ctx = nullptr;
  std::shared_ptr<pto::clangfe::ScopeMacros> Scopes = std::make_shared<pto::clangfe::ScopeMacros>();
  Preprocessor *PP = nullptr;
  std::map<std::string, std::vector<pto::checker::Finding>> ByRule;
  pto::driver::Options Opts;
};
UnitAnalysis &analysis() {
  thread_local UnitAnalysis A;
  return A;
}

/// Solver answers for the life of the process (every thread's sessions).
const std::shared_ptr<pto::z3model::SharedCache> &answers() {
  static const auto C = std::make_shared<pto::z3model::SharedCache>();
  return C;
}

class PtoRuleCheck : public ClangTidyCheck {
public:
  PtoRuleCheck(StringRef Name, ClangTidyContext *Context) : ClangTidyCheck(Name, Context), Rule(Name.str()) {
    // Every check of a parse reads the same global options (the checks of one parse are made together).
    pto::driver::Options &O = analysis().Opts;
    O = {};
    std::string Targets = Options.getLocalOrGlobal("pto-lint.Targets", "all").str();
    std::string Err = pto::driver::applyOption(O, "target", Targets);
    if (!Err.empty())
      configurationDiag("pto-lint: %0") << Err;
    O.targetsExplicit = Targets != "all";
    pto::z3model::Budget &B = O.engine.budget;
    if (pto::clangfe::TidyInEditor) { // typing: a slow proof turns into "unknown" sooner
      B.timeoutMs = 250;
      B.tuMillis = 2000;
    }
    if (auto V = Options.getLocalOrGlobal<unsigned>("pto-lint.Budget"))
      B.rlimit = *V;
    if (auto V = Options.getLocalOrGlobal<unsigned>("pto-lint.TimeoutMs"))
      B.timeoutMs = *V;
    if (auto V = Options.getLocalOrGlobal<unsigned>("pto-lint.TuTimeoutMs"))
      B.tuMillis = *V;
    B.shared = answers();
  }

  void registerPPCallbacks(const SourceManager &, Preprocessor *PP, Preprocessor *) override {
    UnitAnalysis &A = analysis();
    if (!A.PP) { // the first pto check of a new translation unit (onEndOfTranslationUnit cleared it)
      A.PP = PP;
      A.Ctx = nullptr;
      A.Scopes = std::make_shared<pto::clangfe::ScopeMacros>();
      pto::clangfe::recordScopeMacros(*PP, A.Scopes);
      // NPU commands (pto-lint --export-compile-commands, pto-clangd): the prelude's pragma installs the CCE fixups.
    }
  }

  void registerMatchers(ast_matchers::MatchFinder *F) override {
    using namespace ast_matchers;
    // clang-tidy walks the whole unit; clangd only the main file's top-level declarations (its traversal scope),
    // where the unit's declaration is not matched: the first function of the main file starts the analysis there.
    F->addMatcher(translationUnitDecl().bind("tu"), this);
    F->addMatcher(functionDecl(isExpansionInMainFile()).bind("fn"), this);
  }

  void check(const ast_matchers::MatchFinder::MatchResult &R) override {
    UnitAnalysis &A = analysis();
    ASTContext &Ctx = *R.Context;
    if (!A.Ctx && A.PP) { // the first pto check of this unit runs the analysis
      A.Ctx = &Ctx;
      A.ByRule.clear();
      try {
        pto::driver::Session S(A.Opts);
        pto::driver::Unit U = pto::clangfe::readUnit(Ctx, *A.PP, *A.Scopes);
        for (pto::checker::Finding &F : S.lint(U, pto::clangfe::sourceText(Ctx)))
          A.ByRule[F.ruleId].push_back(std::move(F));
      } catch (const std::exception &E) {
        diag(Ctx.getSourceManager().getLocForStartOfFile(Ctx.getSourceManager().getMainFileID()),
             "pto-lint internal error: %0; findings of this translation unit may be incomplete")
            << E.what();
      }
    }
    if (Emitted || !A.Ctx)
      return;
    Emitted = true;
    auto It = A.ByRule.find(Rule);
    if (It == A.ByRule.end())
      return;
    for (const pto::checker::Finding &F : It->second) {
      DiagnosticIDs::Level L = F.severity == pto::checker::Severity::Error     ? DiagnosticIDs::Error
                               : F.severity == pto::checker::Severity::Warning ? DiagnosticIDs::Warning
                                                                               : DiagnosticIDs::Remark;
      {
        DiagnosticBuilder B = diag(pto::clangfe::toClangLoc(Ctx, F.loc), "%0", L);
        B << F.message;
        if (F.fix) // clang-tidy --fix / --export-fixes; a quick fix in clangd
          for (const FixItHint &H : pto::clangfe::fixItHints(Ctx, *F.fix))
            B << H;
      }
      for (const pto::checker::Note &N : F.notes) {
        SourceLocation At = pto::clangfe::toClangLoc(Ctx, N.loc.valid() ? N.loc : F.loc);
        diag(At, "%0", DiagnosticIDs::Note) << N.text;
      }
      if (!F.help.empty())
        diag(pto::clangfe::toClangLoc(Ctx, F.loc), "%0", DiagnosticIDs::Note) << ("help: " + F.help);
    }
  }

  /// Addresses of a freed unit's objects are reused by the next one: state is cleared by event, not by address.
  void onEndOfTranslationUnit() override {
    analysis().PP = nullptr;
    analysis().Ctx = nullptr;
  }

private:
  std::string Rule;
  bool Emitted = false; // this check reported its findings for the unit (checks are made per unit)
};

class PtoModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    for (const pto::checker::Rule &R : pto::checker::RuleSet::builtin().rules())
      Factories.registerCheck<PtoRuleCheck>(R.id);
    // Whole-call findings that are not rules of the data (unresolved calls, unrecognised operands).
    Factories.registerCheck<PtoRuleCheck>("pto-call-unresolved");
    Factories.registerCheck<PtoRuleCheck>("pto-operand-unrecognised");
  }
};

} // namespace

static ClangTidyModuleRegistry::Add<PtoModule> X("pto-module", "pto-lint: PTO op preconditions proved with Z3");
