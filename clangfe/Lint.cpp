// clangfe: LintConsumer: reads a parsed TU's calls, lets the driver check them, reports clang diagnostics.
#include "Lint.h"

#include "CceSyntax.h"
#include "Extract.h"

#include "checker/Render.h"
#include "support/Targets.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/BuryPointer.h"

#include <chrono>
#include <exception>
#include <memory>

using namespace clang;

namespace pto::clangfe {

// The CCE fixups' pragma is registered by CceSyntax.cpp's object: link it (see CceSyntaxAnchor).
[[maybe_unused]] static const int LinkCceSyntax = CceSyntaxAnchor;

std::optional<checker::Target> inferredTarget(Preprocessor &PP) {
  if (const MacroInfo *MI = PP.getMacroInfo(PP.getIdentifierInfo("__NPU_ARCH__"))) {
    if (MI->getNumTokens() == 1 && MI->getReplacementToken(0).is(tok::numeric_constant)) {
      if (const support::NpuArch *A = support::npuArchOfMacro(PP.getSpelling(MI->getReplacementToken(0))))
        return A->target;
    }
    return std::nullopt;
  }
  if (PP.getMacroInfo(PP.getIdentifierInfo("__CPU_SIM")))
    return checker::Target::CPU;
  return std::nullopt;
}

driver::Unit readUnit(ASTContext &Ctx, Preprocessor &PP, const ScopeMacros &Scopes, bool ProcessEnds) {
  SourceManager &SM = Ctx.getSourceManager();
  driver::Unit U;
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getMainFileID()))
    U.mainFile = FE->getName().str();
  U.inferredTarget = inferredTarget(PP);
  auto T0 = std::chrono::steady_clock::now();
  U.calls = extractCalls(Ctx, checker::RuleSet::builtin(), Scopes, ProcessEnds);
  U.extractMicros = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - T0).count();
  return U;
}

driver::SourceText sourceText(ASTContext &Ctx) {
  return [&Ctx](const std::string &File) -> std::string_view {
    SourceManager &SM = Ctx.getSourceManager();
    SourceLocation L = toClangLoc(Ctx, {File, 1, 1});
    if (L.isInvalid())
      return {};
    llvm::StringRef B = SM.getBufferData(SM.getFileID(L));
    return std::string_view(B.data(), B.size());
  };
}

namespace {

class LintConsumer : public SemaConsumer {
public:
  LintConsumer(CompilerInstance &CI, std::shared_ptr<driver::Session> S, Rendering How)
      : CI(CI), Session(std::move(S)), How(How), Scopes(std::make_shared<ScopeMacros>()) {
    // (NPU commands: the prelude's pragma installs the CCE fixups)
    recordScopeMacros(CI.getPreprocessor(), Scopes, Session->options().upstreamChecks);
  }

  void InitializeSema(Sema &S) override { Scopes->sema = &S; }
  void ForgetSema() override { Scopes->sema = nullptr; }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    bool CompileFailed = CI.getDiagnostics().getNumErrors() > 0;
    // A crash here would be a compiler crash: nothing may escape.
    try {
      run(Ctx, CompileFailed);
    } catch (const std::exception &E) {
      internalError(E.what());
    } catch (...) {
      internalError("unknown exception");
    }
    if (How.findingsAreNotCompileErrors && !CompileFailed && CI.getDiagnostics().getClient())
      CI.getDiagnostics().getClient()->clear(); // the compile itself succeeded; our errors are findings
  }

private:
  CompilerInstance &CI;
  std::shared_ptr<driver::Session> Session;
  Rendering How;
  std::shared_ptr<ScopeMacros> Scopes; // shared with the preprocessor callback

  void internalError(const std::string &What) {
    Session->internalError();
    DiagnosticsEngine &D = CI.getDiagnostics();
    unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Warning, "pto-lint internal error: %0; findings of this "
                                                                "translation unit may be incomplete");
    D.Report(ID) << What;
  }

  void run(ASTContext &Ctx, bool CompileFailed) {
    bool ProcessEnds = CI.getFrontendOpts().DisableFree;
    auto U = std::make_unique<driver::Unit>(readUnit(Ctx, CI.getPreprocessor(), *Scopes, ProcessEnds));
    U->compileFailed = CompileFailed;
    for (const checker::Finding &F : Session->lint(*U, sourceText(Ctx)))
      if (How.diagnostics)
        report(Ctx, F);
    // As the compiler leaves its AST when the process ends anyway (-disable-free, the driver's default): freeing each
    // call site's facts costs time that nothing gains.
    if (ProcessEnds)
      llvm::BuryPointer(std::move(U));
  }

  /// The compiler's diagnostics: a note without a place of its own has none; no fix-its (the compiler would print
  /// them under its snippets).
  class Sink : public checker::FindingSink {
  public:
    Sink(ASTContext &Ctx, DiagnosticsEngine &D) : Ctx(Ctx), D(D) {}
    bool headline(const checker::Finding &F, const std::string &Message, const checker::Fix *) override {
      DiagnosticsEngine::Level L = DiagnosticsEngine::Error;
      if (F.severity == checker::Severity::Warning) {
        // Custom diagnostic IDs ignore -Werror and -w, so mirror them here.
        if (D.getIgnoreAllWarnings())
          return false;
        L = D.getWarningsAsErrors() ? DiagnosticsEngine::Error : DiagnosticsEngine::Warning;
      } else if (F.severity == checker::Severity::Note) {
        L = DiagnosticsEngine::Remark;
      }
      D.Report(toClangLoc(Ctx, F.loc), D.getCustomDiagID(L, "%0")) << Message;
      return true;
    }
    void note(const checker::Finding &, const checker::SourceLoc &At, const std::string &Text) override {
      D.Report(toClangLoc(Ctx, At), D.getCustomDiagID(DiagnosticsEngine::Note, "%0")) << Text;
    }

  private:
    ASTContext &Ctx;
    DiagnosticsEngine &D;
  };

  void report(ASTContext &Ctx, const checker::Finding &F) {
    Sink S(Ctx, CI.getDiagnostics());
    checker::renderFinding(F, S);
  }
};

} // namespace

std::unique_ptr<ASTConsumer> makeLintConsumer(CompilerInstance &CI, std::shared_ptr<driver::Session> S, Rendering How) {
  return std::make_unique<LintConsumer>(CI, std::move(S), How);
}

} // namespace pto::clangfe
