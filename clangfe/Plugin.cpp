// clangfe: `clang++ -fplugin=ptolint.so [-fplugin-arg-ptolint-KEY=VALUE ...]`, a thin shell over the driver.
#include "Lint.h"
#include "driver/Config.h"

#include "clang/Frontend/FrontendPluginRegistry.h"

using namespace clang;

namespace {

class PtoLintAction : public PluginASTAction {
  pto::driver::Options Opts;

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override {
    return pto::clangfe::makeLintConsumer(CI, std::make_shared<pto::driver::Session>(Opts), {});
  }

  bool ParseArgs(const CompilerInstance &CI, const std::vector<std::string> &Args) override {
    DiagnosticsEngine &D = CI.getDiagnostics();
    pto::driver::OptionPairs Explicit;
    for (const std::string &A : Args) {
      size_t Eq = A.find('=');
      std::string Key = A.substr(0, Eq), Value = Eq == std::string::npos ? "" : A.substr(Eq + 1);
      if (Key == "help") {
        llvm::errs() << "ptolint plugin options (-fplugin-arg-ptolint-KEY=VALUE):\n" << pto::driver::optionHelp(false);
        continue;
      }
      std::string Err;
      for (const pto::driver::OptionSpec &S : pto::driver::optionTable())
        if (Key == S.key && S.cliOnly)
          Err = "option '" + Key + "' is for the pto-lint command line; the plugin reports as compiler diagnostics";
      if (Err.empty())
        Err = pto::driver::applyOption(Opts, Key, Value);
      if (!Err.empty()) {
        unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Error, "ptolint plugin: %0 (use "
                                                                  "-fplugin-arg-ptolint-help for the list)");
        D.Report(ID) << Err;
        return false;
      }
      Explicit.emplace_back(Key, Value);
    }
    // The main file's .pto-lint.yaml (or config-file), under the plugin's own arguments.
    const auto &Inputs = CI.getFrontendOpts().Inputs;
    std::string Main = !Inputs.empty() && Inputs.front().isFile() ? Inputs.front().getFile().str() : ".";
    std::string Err;
    pto::driver::ConfigCache Cache;
    std::optional<pto::driver::Resolved> R = Cache.resolve(Main, Explicit, pto::driver::Options(), Err);
    if (!R) {
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error, "ptolint plugin: %0")) << Err;
      return false;
    }
    Opts = std::move(R->options);
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<PtoLintAction> X("ptolint", "prove or refute PTO op preconditions with Z3");
