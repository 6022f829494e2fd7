// clang-plugin: LintConsumer: runs the engine over a parsed TU and reports findings as clang diagnostics.
#include "Lint.h"

#include "CceSyntax.h"
#include "Extract.h"
#include "checker/Suppress.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <map>
#include <optional>

using namespace clang;

namespace pto::clangfe {

const char *optionHelp() {
  return "  target=a2a3,a5,cpu   targets to check (default: all)\n"
         "  werror               report every finding as an error\n"
         "  enable=GLOB,...      check only rules matching a glob (default: all)\n"
         "  disable=GLOB,...     do not check rules matching a glob\n"
         "  budget=N             Z3 resource limit per query (default 2000000)\n"
         "  timeout=MS           wall-clock cap of one Z3 call (default 1000; 0: none)\n"
         "  tu-timeout=MS        wall-clock cap of all Z3 calls of the translation unit (default 10000; 0: none)\n"
         "  dump-smt=DIR         write every query as an SMT-LIB2 file into DIR\n";
}

static std::vector<std::string> splitList(const std::string &S) {
  std::vector<std::string> Out;
  size_t Pos = 0;
  while (Pos <= S.size()) {
    size_t C = S.find(',', Pos);
    std::string Item = S.substr(Pos, C == std::string::npos ? std::string::npos : C - Pos);
    if (!Item.empty())
      Out.push_back(Item);
    if (C == std::string::npos)
      break;
    Pos = C + 1;
  }
  return Out;
}

std::string applyOption(LintConfig &C, const std::string &Key, const std::string &Value) {
  if (Key == "target") {
    std::string Bad;
    if (!checker::parseTargetList(Value, C.engine.targets, Bad))
      return "unknown target '" + Bad + "' (known: a2a3, a5, cpu, all)";
    C.targetsExplicit = true;
    return "";
  }
  if (Key == "werror") {
    C.werror = Value.empty() || Value == "true" || Value == "1";
    return "";
  }
  if (Key == "enable") {
    C.engine.enable = splitList(Value);
    return "";
  }
  if (Key == "disable") {
    C.engine.disable = splitList(Value);
    return "";
  }
  if (Key == "budget") {
    char *End = nullptr;
    unsigned long N = std::strtoul(Value.c_str(), &End, 10);
    if (Value.empty() || *End || N == 0 || N > 4000000000UL)
      return "budget must be a positive integer, got '" + Value + "'";
    C.engine.budget.rlimit = static_cast<unsigned>(N);
    return "";
  }
  if (Key == "timeout" || Key == "tu-timeout") {
    char *End = nullptr;
    unsigned long N = std::strtoul(Value.c_str(), &End, 10);
    if (Value.empty() || *End || N > 4000000000UL)
      return Key + " must be a number of milliseconds (0: no cap), got '" + Value + "'";
    (Key == "timeout" ? C.engine.budget.timeoutMs : C.engine.budget.tuMillis) = static_cast<unsigned>(N);
    return "";
  }
  if (Key == "dump-smt") {
    if (Value.empty())
      return "dump-smt needs a directory";
    C.engine.dumpDir = Value;
    return "";
  }
  return "unknown option '" + Key + "'";
}

namespace {

class LintConsumer : public ASTConsumer {
public:
  LintConsumer(CompilerInstance &CI, const LintConfig &C, std::shared_ptr<LintResults> R)
      : CI(CI), Cfg(C), Keep(std::move(R)), Out(*Keep), Scopes(std::make_shared<ScopeMacros>()) {
    recordScopeMacros(CI.getPreprocessor(), Scopes);
    installCceSyntaxFixups(CI);
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    ++Out.translationUnits;
    if (OptionalFileEntryRef FE = Ctx.getSourceManager().getFileEntryRefForID(Ctx.getSourceManager().getMainFileID()))
      Out.mainFiles.insert(FE->getName().str());
    bool CompileFailed = CI.getDiagnostics().hasErrorOccurred();
    if (CompileFailed)
      ++Out.failedTranslationUnits;
    // A crash here would be a compiler crash: nothing may escape.
    try {
      run(Ctx);
    } catch (const std::exception &E) {
      internalError(Ctx, E.what());
    } catch (...) {
      internalError(Ctx, "unknown exception");
    }
    if (Cfg.findingsAreNotCompileErrors && !CompileFailed && CI.getDiagnostics().getClient())
      CI.getDiagnostics().getClient()->clear(); // the compile itself succeeded; our errors are findings
  }

private:
  CompilerInstance &CI;
  LintConfig Cfg;
  std::shared_ptr<LintResults> Keep;
  LintResults &Out;
  std::shared_ptr<ScopeMacros> Scopes; // shared with the preprocessor callback

  void internalError(ASTContext &Ctx, const std::string &What) {
    ++Out.internalErrors;
    DiagnosticsEngine &D = CI.getDiagnostics();
    unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Warning, "pto-lint internal error: %0; findings of this "
                                                                "translation unit may be incomplete");
    D.Report(ID) << What;
  }

  /// The target a translation unit is built for, from the macros its compiler predefines.
  std::optional<checker::Target> inferredTarget() {
    Preprocessor &PP = CI.getPreprocessor();
    if (const MacroInfo *MI = PP.getMacroInfo(PP.getIdentifierInfo("__NPU_ARCH__"))) {
      if (MI->getNumTokens() == 1 && MI->getReplacementToken(0).is(tok::numeric_constant)) {
        std::string V = PP.getSpelling(MI->getReplacementToken(0));
        if (V == "2201")
          return checker::Target::A2A3;
        if (V == "3101" || V == "3510")
          return checker::Target::A5;
      }
      return std::nullopt;
    }
    if (PP.getMacroInfo(PP.getIdentifierInfo("__CPU_SIM")))
      return checker::Target::CPU;
    return std::nullopt;
  }

  void run(ASTContext &Ctx) {
    const checker::RuleSet &Rules = checker::RuleSet::builtin();
    if (Rules.rules().empty())
      throw std::runtime_error("no rules are built in");
    checker::EngineOptions Opts = Cfg.engine;
    if (!Cfg.targetsExplicit)
      if (auto T = inferredTarget())
        Opts.targets = {*T};
    checker::Engine E(Rules, Opts);
    using Clock = std::chrono::steady_clock;
    auto Micros = [](Clock::time_point A, Clock::time_point B) {
      return std::chrono::duration<double, std::micro>(B - A).count();
    };
    Clock::time_point T0 = Clock::now();
    std::vector<checker::CallSite> Calls = extractCalls(Ctx, Rules, *Scopes);
    Clock::time_point T1 = Clock::now();
    std::vector<checker::Finding> Fs;
    checker::Tally T;
    for (const checker::CallSite &C : Calls) {
      Clock::time_point C0 = Clock::now();
      E.check(C, Fs, T);
      Out.callMicros.push_back(Micros(C0, Clock::now()));
    }
    Out.extractMicros += Micros(T0, T1);
    Out.checkMicros += Micros(T1, Clock::now());

    // One report per (location, rule, message): instantiations with equal facts say the same thing.
    std::vector<checker::Finding> Unique;
    for (checker::Finding &F : Fs) {
      bool Dup = false;
      for (const checker::Finding &G : Unique)
        Dup |= G.loc.file == F.loc.file && G.loc.line == F.loc.line && G.loc.col == F.loc.col &&
               G.ruleId == F.ruleId && G.message == F.message;
      if (!Dup)
        Unique.push_back(std::move(F));
    }
    Unique = groupInstantiations(std::move(Unique), Calls);
    checker::sortFindings(Unique);

    SourceManager &SM = Ctx.getSourceManager();
    std::map<std::string, std::unique_ptr<checker::NolintIndex>> Nolint;
    for (checker::Finding &F : Unique) {
      auto &Idx = Nolint[F.loc.file];
      if (!Idx) {
        SourceLocation L = toClangLoc(Ctx, F.loc);
        std::string_view Text;
        if (L.isValid())
          Text = SM.getBufferData(SM.getFileID(L));
        Idx = std::make_unique<checker::NolintIndex>(Text);
      }
      if (Idx->suppressed(F.loc.line, F.ruleId)) {
        ++Out.suppressed;
        continue;
      }
      if (Cfg.werror && F.severity == checker::Severity::Warning)
        F.severity = checker::Severity::Error;
      if (Cfg.emitDiagnostics)
        report(Ctx, F);
      Out.findings.push_back(std::move(F));
    }
    Out.tally.add(T);
    const auto &M = E.solver().queryMicros();
    Out.queryMicros.insert(Out.queryMicros.end(), M.begin(), M.end());
    Out.decisionMicros.insert(Out.decisionMicros.end(), E.decisionMicros().begin(), E.decisionMicros().end());
    Out.groundQueries += E.solver().groundDecided();
    Out.enumerated += E.solver().enumerated();
    Out.cacheHits += E.solver().cacheHits();
    Out.prechecked += E.prechecked();
    Out.z3Calls += E.solver().z3Calls();
  }

  /// One finding per (pattern location, rule) for calls in templates: the first failing instantiation
  /// gives the headline; each other failing instantiation adds a note with its own message, and the
  /// instantiations in which the rule holds are named too.
  static std::vector<checker::Finding> groupInstantiations(std::vector<checker::Finding> Fs,
                                                          const std::vector<checker::CallSite> &Calls) {
    auto LocKey = [](const checker::SourceLoc &L) {
      return L.file + ":" + std::to_string(L.line) + ":" + std::to_string(L.col);
    };
    std::map<std::string, std::vector<std::string>> InstAt; // pattern location -> instantiations, in order
    for (const checker::CallSite &C : Calls)
      if (!C.instantiationNames.empty()) {
        auto &V = InstAt[LocKey(C.loc)];
        if (std::find(V.begin(), V.end(), C.instantiationNames.front()) == V.end())
          V.push_back(C.instantiationNames.front());
      }
    std::vector<checker::Finding> Out;
    std::map<std::string, size_t> Group; // location + rule -> index in Out
    std::map<size_t, std::vector<std::string>> Failing;
    for (checker::Finding &F : Fs) {
      if (F.instantiation.empty()) {
        Out.push_back(std::move(F));
        continue;
      }
      std::string K = LocKey(F.loc) + " " + F.ruleId;
      auto It = Group.find(K);
      if (It == Group.end()) {
        Group[K] = Out.size();
        Failing[Out.size()].push_back(F.instantiation);
        Out.push_back(std::move(F));
        continue;
      }
      checker::Finding &G = Out[It->second];
      auto &Names = Failing[It->second];
      if (std::find(Names.begin(), Names.end(), F.instantiation) != Names.end())
        continue; // the same instantiation, another message (e.g. another target): keep the first
      Names.push_back(F.instantiation);
      G.severity = std::max(G.severity, F.severity);
      if (F.status == checker::Status::ViolatedAlways)
        G.status = F.status;
      checker::SourceLoc Where = F.loc;
      for (const checker::Note &N : F.notes)
        if (N.text.rfind("in instantiation of", 0) == 0) {
          Where = N.loc;
          break;
        }
      G.notes.push_back({Where, "also in instantiation '" + F.instantiation + "': " + F.message});
    }
    for (auto &[Index, Names] : Failing) {
      checker::Finding &G = Out[Index];
      std::vector<std::string> Holds;
      for (const std::string &I : InstAt[LocKey(G.loc)])
        if (std::find(Names.begin(), Names.end(), I) == Names.end())
          Holds.push_back(I);
      if (!Holds.empty()) {
        std::string L;
        for (size_t K = 0; K < Holds.size(); ++K)
          L += (K ? ", '" : "'") + Holds[K] + "'";
        G.notes.push_back({{}, "the rule holds in instantiation" + std::string(Holds.size() > 1 ? "s " : " ") + L});
      }
    }
    return Out;
  }

  void report(ASTContext &Ctx, const checker::Finding &F) {
    DiagnosticsEngine &D = CI.getDiagnostics();
    DiagnosticsEngine::Level L = DiagnosticsEngine::Error;
    if (F.severity == checker::Severity::Warning) {
      // Custom diagnostic IDs ignore -Werror and -w, so mirror them here.
      if (D.getIgnoreAllWarnings())
        return;
      L = D.getWarningsAsErrors() ? DiagnosticsEngine::Error : DiagnosticsEngine::Warning;
    } else if (F.severity == checker::Severity::Note) {
      L = DiagnosticsEngine::Remark;
    }
    unsigned ID = D.getCustomDiagID(L, "%0");
    unsigned NoteID = D.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    SourceLocation Loc = toClangLoc(Ctx, F.loc);
    D.Report(Loc, ID) << (F.message + " [" + F.ruleId + "]");
    for (const checker::Note &N : F.notes)
      D.Report(toClangLoc(Ctx, N.loc), NoteID) << N.text;
    if (!F.help.empty())
      D.Report(NoteID) << ("help: " + F.help);
  }
};

} // namespace

std::unique_ptr<ASTConsumer> makeLintConsumer(CompilerInstance &CI, const LintConfig &C,
                                              std::shared_ptr<LintResults> Out) {
  return std::make_unique<LintConsumer>(CI, C, std::move(Out));
}

} // namespace pto::clangfe
