// clang-plugin: `clang++ -fplugin=ptolint.so [-fplugin-arg-ptolint-KEY=VALUE ...]`, a thin shell over Lint.
#include "Lint.h"

#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Config/llvm-config.h"

using namespace clang;

namespace {

class PtoLintAction : public PluginASTAction {
  pto::clangfe::LintConfig Cfg;

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override {
    return pto::clangfe::makeLintConsumer(CI, Cfg, std::make_shared<pto::clangfe::LintResults>());
  }

  bool ParseArgs(const CompilerInstance &CI, const std::vector<std::string> &Args) override {
    DiagnosticsEngine &D = CI.getDiagnostics();
    for (const std::string &A : Args) {
      size_t Eq = A.find('=');
      std::string Key = A.substr(0, Eq), Value = Eq == std::string::npos ? "" : A.substr(Eq + 1);
      if (Key == "help") {
        llvm::errs() << "ptolint plugin options (-fplugin-arg-ptolint-KEY=VALUE):\n" << pto::clangfe::optionHelp();
        continue;
      }
      std::string Err = pto::clangfe::applyOption(Cfg, Key, Value);
      if (!Err.empty()) {
        unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Error, "ptolint plugin: %0 (use "
                                                                  "-fplugin-arg-ptolint-help for the list)");
        D.Report(ID) << Err;
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<PtoLintAction> X("ptolint", "prove or refute PTO op preconditions with Z3");
