// clangfe: the pto-* clang-tidy module (`clang-tidy-19 --load=build/lib/pto-tidy-module.so -checks='pto-*'`,
// linked into pto-tidy and pto-clangd), a thin shell over the driver: one clang-tidy check per rule, named by the rule
// id, all fed by one analysis per translation unit (extract, Session::lint), so the findings, notes, counterexamples
// and fixes are the plugin's and the CLI's. Options: the main file's .pto-lint.yaml, under CheckOptions named
// `pto-lint.<configuration key>` (docs/configuration.md; e.g. `pto-lint.Targets`, `pto-lint.Budget`,
// `pto-lint.TimeoutMs`, `pto-lint.TuTimeoutMs`, `pto-lint.ConfigFile`). Solver answers are kept for the life of the process, so in clangd an edit
// re-solves only what it changed.
#include "TidyModule.h"

#include "Extract.h"
#include "Lint.h"
#include "checker/Render.h"
#include "driver/Config.h"

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
    // The options are global (`pto-lint.*`); the leader reads them when the main file is known (registerPPCallbacks).
  }
  ~PtoRuleCheck() override {
    UnitAnalysis &A = analysis();
    A.Checks.erase(std::remove(A.Checks.begin(), A.Checks.end(), this), A.Checks.end());
    if (A.Checks.empty())
      A.PP = nullptr;
  }

  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) override {
    if (!leader())
      return;
    UnitAnalysis &A = analysis();
    A.PP = PP;
    A.Done = false;
    readOptions(SM);
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

  /// The parse's options: the main file's .pto-lint.yaml (or pto-lint.ConfigFile), under the CheckOptions set
  /// (`pto-lint.<configuration key>`: Targets, Checks, Budget, TimeoutMs, ...), over the editor's shorter caps.
  void readOptions(const SourceManager &SM) {
    pto::driver::Options Base;
    if (pto::clangfe::TidyInEditor) { // typing: a slow proof turns into "unknown" sooner
      Base.engine.budget.timeoutMs = 250;
      Base.engine.budget.tuMillis = 2000;
    }
    pto::driver::OptionPairs Explicit;
    for (const pto::driver::OptionSpec &S : pto::driver::optionTable())
      if (S.configKey)
        if (std::optional<StringRef> V = Options.getLocalOrGlobal("pto-lint." + std::string(S.configKey)))
          // `pto-lint.Targets: all` has always meant the default here (docs/editor.md): a unit built for one
          // target is still checked for it.
          if (!(std::string(S.key) == "target" && *V == "all"))
            Explicit.emplace_back(S.key, V->str());
    if (std::optional<StringRef> V = Options.getLocalOrGlobal("pto-lint.ConfigFile"))
      Explicit.emplace_back("config-file", V->str());
    std::string Main = ".";
    if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getMainFileID()))
      Main = FE->getName().str();
    pto::driver::ConfigCache Cache; // per parse: an edited .pto-lint.yaml counts at the next one
    std::string Err;
    std::optional<pto::driver::Resolved> R = Cache.resolve(Main, Explicit, Base, Err);
    if (!R) {
      configurationDiag("pto-lint: %0") << Err;
      R = Cache.resolve(Main, {{"config-file", "/dev/null"}}, Base, Err); // the defaults: still check
    }
    pto::driver::Options &O = analysis().Opts;
    O = R ? std::move(R->options) : Base;
    O.engine.budget.shared = answers();
    O.unitCache = units();
  }

  bool leader() const {
    const UnitAnalysis &A = analysis();
    return !A.Checks.empty() && A.Checks.front() == this;
  }

  /// clang-tidy's diagnostics, under this check's name (clang-tidy appends it: the rule id): with the fix-it
  /// (clang-tidy --fix / --export-fixes; a quick fix in clangd); a note without a place of its own at the finding's.
  class Sink : public pto::checker::FindingSink {
  public:
    Sink(ASTContext &Ctx, PtoRuleCheck &Check) : Ctx(Ctx), Check(Check) {}
    bool headline(const pto::checker::Finding &F, const std::string &Message, const pto::checker::Fix *Fix) override {
      DiagnosticIDs::Level L = F.severity == pto::checker::Severity::Error     ? DiagnosticIDs::Error
                               : F.severity == pto::checker::Severity::Warning ? DiagnosticIDs::Warning
                                                                               : DiagnosticIDs::Remark;
      DiagnosticBuilder B = Check.diag(pto::clangfe::toClangLoc(Ctx, F.loc), "%0", L);
      B << Message;
      if (Fix)
        for (const FixItHint &H : pto::clangfe::fixItHints(Ctx, *Fix))
          B << H;
      return true;
    }
    void note(const pto::checker::Finding &F, const pto::checker::SourceLoc &At, const std::string &Text) override {
      Check.diag(pto::clangfe::toClangLoc(Ctx, At.valid() ? At : F.loc), "%0", DiagnosticIDs::Note) << Text;
    }

  private:
    ASTContext &Ctx;
    PtoRuleCheck &Check;
  };

  void report(ASTContext &Ctx, const std::vector<pto::checker::Finding> &Fs) {
    Sink S(Ctx, *this);
    for (const pto::checker::Finding &F : Fs)
      pto::checker::renderFinding(F, S, pto::checker::RuleIdIn::Host);
  }
};

class PtoModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    for (const pto::checker::Rule &R : pto::checker::RuleSet::builtin().rules())
      Factories.registerCheck<PtoRuleCheck>(R.id);
    // Whole-call findings that are not rules of the data (unresolved calls, unrecognised operands).
    for (const char *Id : pto::checker::EngineRuleIds)
      Factories.registerCheck<PtoRuleCheck>(Id);
  }
};

} // namespace

static ClangTidyModuleRegistry::Add<PtoModule> X("pto-module", "pto-lint: PTO op preconditions proved with Z3");
