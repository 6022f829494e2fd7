// clang-plugin: the pto-* clang-tidy module (`clang-tidy-19 --load=build/lib/pto-tidy-module.so -checks='pto-*'`,
// linked into pto-tidy and pto-clangd), a thin shell over the driver: one clang-tidy check per rule, named by the rule
// id, all fed by one analysis per translation unit (extract, Session::lint), so the findings, notes, counterexamples
// and fixes are the plugin's and the CLI's. CheckOptions (docs/editor.md): `pto-lint.Targets` (a2a3,a5,cpu|all),
// `pto-lint.Budget` (Z3 resource limit), `pto-lint.TimeoutMs` and `pto-lint.TuTimeoutMs` (wall-clock caps of one
// solver call and of a translation unit). Solver answers are kept for the life of the process, so in clangd an edit
// re-solves only what it changed.
#include "TidyModule.h"

#include "Extract.h"
#include "Lint.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Preprocessor.h"

#include <algorithm>
#include <map>
#include <memory>

using namespace clang;
using namespace clang::tidy;

namespace pto::clangfe {
bool TidyInEditor = false;
} // namespace pto::clangfe

namespace {

/// Solver answers and checked units for the life of the process (every thread's sessions).
const std::shared_ptr<pto::z3model::SharedCache> &answers() {
  static const auto C = std::make_shared<pto::z3model::SharedCache>();
  return C;
}
const std::shared_ptr<pto::driver::UnitCache> &units() {
  static const auto C = std::make_shared<pto::driver::UnitCache>();
  return C;
}

class PtoRuleCheck;

/// One analysis per translation unit, shared by every enabled pto check: the findings by rule id. A parse runs on
/// one thread from making its checks to their end (clang-tidy; clangd's worker per file), and clangd parses several
/// files at once: the state is per thread. The first check of a parse leads: it alone registers matchers and
/// callbacks, runs the analysis once and has every check report its rule's findings.
struct UnitAnalysis {
  std::vector<PtoRuleCheck *> Checks; // the live checks of this thread's parse, the leader first
  std::shared_ptr<pto::clangfe::ScopeMacros> Scopes;
  Preprocessor *PP = nullptr;
  bool Done = false;
  pto::driver::Options Opts;
};
UnitAnalysis &analysis() {
  thread_local UnitAnalysis A;
  return A;
}

class PtoRuleCheck : public ClangTidyCheck {
public:
  PtoRuleCheck(StringRef Name, ClangTidyContext *Context) : ClangTidyCheck(Name, Context), Rule(Name.str()) {
    UnitAnalysis &A = analysis();
    A.Checks.push_back(this);
    if (!leader())
      return;
    // The options are global (`pto-lint.*`): the leader reads them for the parse.
    pto::driver::Options &O = A.Opts;
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
    O.unitCache = units();
  }
  ~PtoRuleCheck() override {
    UnitAnalysis &A = analysis();
    A.Checks.erase(std::remove(A.Checks.begin(), A.Checks.end(), this), A.Checks.end());
    if (A.Checks.empty())
      A.PP = nullptr;
  }

  void registerPPCallbacks(const SourceManager &, Preprocessor *PP, Preprocessor *) override {
    if (!leader())
      return;
    UnitAnalysis &A = analysis();
    A.PP = PP;
    A.Done = false;
    A.Scopes = std::make_shared<pto::clangfe::ScopeMacros>();
    pto::clangfe::recordScopeMacros(*PP, A.Scopes);
    // NPU commands (pto-lint --export-compile-commands, pto-clangd): the prelude's pragma installs the CCE fixups.
  }

  void registerMatchers(ast_matchers::MatchFinder *F) override {
    if (!leader())
      return;
    using namespace ast_matchers;
    // clang-tidy walks the whole unit; clangd only the main file's top-level declarations (its traversal scope),
    // where the unit's declaration is not matched: the first function of the main file starts the analysis there.
    F->addMatcher(translationUnitDecl().bind("tu"), this);
    F->addMatcher(functionDecl(isExpansionInMainFile()).bind("fn"), this);
  }

  void check(const ast_matchers::MatchFinder::MatchResult &R) override {
    UnitAnalysis &A = analysis();
    if (A.Done || !A.PP)
      return;
    A.Done = true;
    ASTContext &Ctx = *R.Context;
    std::map<std::string, std::vector<pto::checker::Finding>> ByRule;
    try {
      pto::driver::Session S(A.Opts);
      pto::driver::Unit U = pto::clangfe::readUnit(Ctx, *A.PP, *A.Scopes);
      for (pto::checker::Finding &F : S.lint(U, pto::clangfe::sourceText(Ctx)))
        ByRule[F.ruleId].push_back(std::move(F));
    } catch (const std::exception &E) {
      diag(Ctx.getSourceManager().getLocForStartOfFile(Ctx.getSourceManager().getMainFileID()),
           "pto-lint internal error: %0; findings of this translation unit may be incomplete")
          << E.what();
    }
    for (PtoRuleCheck *C : A.Checks)
      if (auto It = ByRule.find(C->Rule); It != ByRule.end())
        C->report(Ctx, It->second);
  }

  void onEndOfTranslationUnit() override {
    if (leader())
      analysis().PP = nullptr;
  }

private:
  std::string Rule;

  bool leader() const {
    const UnitAnalysis &A = analysis();
    return !A.Checks.empty() && A.Checks.front() == this;
  }

  void report(ASTContext &Ctx, const std::vector<pto::checker::Finding> &Fs) {
    for (const pto::checker::Finding &F : Fs) {
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
