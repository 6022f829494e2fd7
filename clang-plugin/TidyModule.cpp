// clang-plugin: the pto-* clang-tidy module (`clang-tidy-19 --load=build/lib/pto-tidy-module.so -checks='pto-*'`),
// a thin shell over the driver: one clang-tidy check per rule, named by the rule id, all fed by one analysis per
// translation unit (extract, Session::lint), so the findings, notes and counterexamples are the plugin's and the
// CLI's. CheckOptions: `pto-lint.Targets` (a2a3,a5,cpu|all) and `pto-lint.Budget` (Z3 resource limit), read by
// whichever pto check runs first.
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

namespace {

/// One analysis per translation unit, shared by every enabled pto check: the findings by rule id.
struct UnitAnalysis {
  const ASTContext *Ctx = nullptr;
  std::shared_ptr<pto::clangfe::ScopeMacros> Scopes = std::make_shared<pto::clangfe::ScopeMacros>();
  Preprocessor *PP = nullptr;
  std::map<std::string, std::vector<pto::checker::Finding>> ByRule;
  pto::driver::Options Opts;
  bool OptionsRead = false;
};
UnitAnalysis &analysis() {
  static UnitAnalysis A;
  return A;
}

class PtoRuleCheck : public ClangTidyCheck {
public:
  PtoRuleCheck(StringRef Name, ClangTidyContext *Context) : ClangTidyCheck(Name, Context), Rule(Name.str()) {
    UnitAnalysis &A = analysis();
    if (!A.OptionsRead) {
      A.OptionsRead = true;
      std::string Targets = Options.getLocalOrGlobal("pto-lint.Targets", "all").str();
      std::string Err = pto::driver::applyOption(A.Opts, "target", Targets);
      if (!Err.empty())
        configurationDiag("pto-lint: %0") << Err;
      if (auto B = Options.getLocalOrGlobal<unsigned>("pto-lint.Budget"))
        A.Opts.engine.budget.rlimit = *B;
      A.Opts.targetsExplicit = Targets != "all";
    }
  }

  void registerPPCallbacks(const SourceManager &, Preprocessor *PP, Preprocessor *) override {
    UnitAnalysis &A = analysis();
    if (!A.PP) { // the first pto check of a new translation unit (onEndOfTranslationUnit cleared it)
      A.PP = PP;
      A.Ctx = nullptr;
      A.Scopes = std::make_shared<pto::clangfe::ScopeMacros>();
      pto::clangfe::recordScopeMacros(*PP, A.Scopes);
      pto::clangfe::installCceSyntaxFixups(*PP); // NPU commands (from pto-lint --export-compile-commands)
    }
  }

  void registerMatchers(ast_matchers::MatchFinder *F) override {
    F->addMatcher(ast_matchers::translationUnitDecl().bind("tu"), this);
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
