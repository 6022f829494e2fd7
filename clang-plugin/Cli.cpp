// clang-plugin: the `pto-lint` LibTooling CLI, a thin shell over Lint (same findings as the plugin).
#include "Lint.h"
#include "NpuCommand.h"
#include "checker/Docs.h"
#include "checker/Emit.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <fstream>
#include <numeric>

using namespace clang;
using namespace clang::tooling;
namespace cl = llvm::cl;

#ifndef PTOLINT_VERSION
#define PTOLINT_VERSION "0.0.0"
#endif
#ifndef PTOLINT_PRELUDE_DIR
#define PTOLINT_PRELUDE_DIR ""
#endif
#ifndef PTOLINT_RESOURCE_DIR
#define PTOLINT_RESOURCE_DIR ""
#endif

namespace {

// Exit codes (docs/cli.md).
enum Exit { Clean = 0, Findings = 1, InputError = 2, InternalError = 3 };

cl::OptionCategory Cat("pto-lint options");
cl::list<std::string> Files(cl::Positional, cl::desc("<source files>"), cl::cat(Cat));
cl::opt<std::string> BuildPath("p", cl::desc("build directory with compile_commands.json (or the file itself)"),
                               cl::value_desc("dir"), cl::cat(Cat));
cl::opt<std::string> Targets("target", cl::desc("targets to check: a2a3,a5,cpu or all (default: all)"),
                             cl::init("all"), cl::cat(Cat));
cl::opt<std::string> Format("format", cl::desc("output format: text, json or sarif (default: text)"),
                            cl::init("text"), cl::cat(Cat));
cl::opt<std::string> Output("output", cl::desc("write the report to this file instead of standard output"),
                            cl::value_desc("file"), cl::cat(Cat));
cl::list<std::string> Enable("enable", cl::desc("check only rules matching these globs"), cl::CommaSeparated,
                             cl::cat(Cat));
cl::list<std::string> Disable("disable", cl::desc("do not check rules matching these globs"), cl::CommaSeparated,
                              cl::cat(Cat));
cl::opt<bool> PrintCommands("print-commands",
                            cl::desc("print the clang command pto-lint runs for each compile command (one line per "
                                     "core of a CCE command, shell-quoted) and exit"),
                            cl::cat(Cat));
cl::opt<unsigned> Timeout("timeout",
                         cl::desc("wall-clock cap of one Z3 call in ms, a safety net behind --budget (default 1000; "
                                  "0: none); a check that hits it is unknown"),
                         cl::init(1000), cl::cat(Cat));
cl::opt<unsigned> TuTimeout("tu-timeout",
                           cl::desc("wall-clock cap of all Z3 calls of one translation unit in ms (default 10000; 0: "
                                    "none); the checks after it are unknown"),
                           cl::init(10000), cl::cat(Cat));
cl::opt<unsigned> Budget("budget", cl::desc("Z3 resource limit per query (default 2000000)"), cl::init(2000000),
                         cl::cat(Cat));
cl::opt<std::string> DumpSmt("dump-smt", cl::desc("write every query as SMT-LIB2 into this directory"),
                             cl::value_desc("dir"), cl::cat(Cat));
cl::opt<bool> Werror("werror", cl::desc("report every finding as an error"), cl::cat(Cat));
cl::opt<bool> ListRules("list-rules", cl::desc("list the rules and exit"), cl::cat(Cat));
cl::opt<std::string> Explain("explain", cl::desc("print the reference page of a rule and exit"),
                             cl::value_desc("rule-id"), cl::cat(Cat));
cl::opt<bool> Quiet("quiet", cl::desc("do not print the summary line"), cl::cat(Cat));
cl::opt<std::string> Stats("solver-stats", cl::desc("write solver timing statistics (JSON) to this file"),
                           cl::value_desc("file"), cl::cat(Cat));

int usage(const std::string &Msg) {
  llvm::errs() << "pto-lint: error: " << Msg << "\n";
  return InputError;
}

class Factory : public FrontendActionFactory {
public:
  Factory(const pto::clangfe::LintConfig &C, std::shared_ptr<pto::clangfe::LintResults> R) : C(C), R(std::move(R)) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(C, R); }

private:
  class Action : public ASTFrontendAction {
  public:
    Action(const pto::clangfe::LintConfig &C, std::shared_ptr<pto::clangfe::LintResults> R) : C(C), R(std::move(R)) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override {
      return pto::clangfe::makeLintConsumer(CI, C, R);
    }

  private:
    const pto::clangfe::LintConfig &C;
    std::shared_ptr<pto::clangfe::LintResults> R;
  };
  const pto::clangfe::LintConfig &C;
  std::shared_ptr<pto::clangfe::LintResults> R;
};

/// Drops options that load plugins (the build may load ptolint itself) or write outputs.
CommandLineArguments stripPlugins(const CommandLineArguments &Args, StringRef) {
  CommandLineArguments Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A.starts_with("-fplugin=") || A.starts_with("-fplugin-arg-") || A.starts_with("-fpass-plugin="))
      continue;
    if (A == "-Xclang" && I + 1 < Args.size() &&
        (StringRef(Args[I + 1]) == "-load" || StringRef(Args[I + 1]) == "-add-plugin" ||
         StringRef(Args[I + 1]).starts_with("-plugin-arg-"))) {
      I += 3; // -Xclang -load -Xclang <lib>
      continue;
    }
    Out.push_back(Args[I]);
  }
  return Out;
}

/// Compile commands of the vendor CCE compiler become clang commands, one per AI core kind (NpuCommand.h);
/// every other command passes through unchanged.
class NpuDatabase : public CompilationDatabase {
public:
  NpuDatabase(std::unique_ptr<CompilationDatabase> Inner, std::string PreludeDir)
      : Inner(std::move(Inner)), PreludeDir(std::move(PreludeDir)) {}

  std::vector<CompileCommand> getCompileCommands(StringRef File) const override {
    return translate(Inner->getCompileCommands(File));
  }
  std::vector<std::string> getAllFiles() const override { return Inner->getAllFiles(); }
  std::vector<CompileCommand> getAllCompileCommands() const override {
    return translate(Inner->getAllCompileCommands());
  }
  /// Translation errors met so far (unknown architecture, ...), one per command.
  mutable std::vector<std::string> Errors;

private:
  std::unique_ptr<CompilationDatabase> Inner;
  std::string PreludeDir;

  std::vector<CompileCommand> translate(std::vector<CompileCommand> Cmds) const {
    std::vector<CompileCommand> Out;
    for (CompileCommand &C : Cmds) {
      pto::clangfe::NpuTranslation T = pto::clangfe::translateNpuCommand(C.CommandLine, PreludeDir);
      if (!T.isNpu) {
        Out.push_back(std::move(C));
        continue;
      }
      if (!T.error.empty()) {
        std::string E = C.Filename + ": " + T.error;
        if (std::find(Errors.begin(), Errors.end(), E) == Errors.end())
          Errors.push_back(E);
        continue;
      }
      for (pto::clangfe::NpuCore &Core : T.cores) {
        CompileCommand K = C;
        K.CommandLine = std::move(Core.args);
        K.Heuristic = "pto-lint: " + T.arch + " " + Core.name + " core";
        Out.push_back(std::move(K));
      }
    }
    return Out;
  }
};

/// The prelude for NPU commands: next to the installed binary, else in the source tree it was built from.
std::string preludeDir(const char *Argv0) {
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&preludeDir));
  llvm::SmallString<256> P(llvm::sys::path::parent_path(Exe));
  llvm::sys::path::append(P, "..", "share", "pto-lint", "prelude");
  if (llvm::sys::fs::exists(P + "/" + pto::clangfe::NpuPreludeFile))
    return std::string(P);
  return PTOLINT_PRELUDE_DIR;
}

} // namespace

int main(int argc, const char **argv) {
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) { OS << "pto-lint " << PTOLINT_VERSION << "\n"; });
  std::string FixedErr;
  int Argc = argc;
  std::unique_ptr<CompilationDatabase> Fixed = FixedCompilationDatabase::loadFromCommandLine(Argc, argv, FixedErr);
  if (!FixedErr.empty())
    return usage(FixedErr);
  if (!cl::ParseCommandLineOptions(Argc, argv,
                                   "pto-lint: prove or refute PTO op preconditions in kernels.\n\n"
                                   "  pto-lint [options] <file>... -- <compiler flags>\n"
                                   "  pto-lint [options] -p <build dir> [<file>...]\n",
                                   &llvm::errs()))
    return InputError;

  const pto::checker::RuleSet &Rules = pto::checker::RuleSet::builtin();
  if (Rules.rules().empty()) {
    llvm::errs() << "pto-lint: internal error: no rules are built in\n";
    return InternalError;
  }
  if (ListRules) {
    llvm::outs() << pto::checker::ruleList(Rules);
    return Clean;
  }
  if (!Explain.empty()) {
    const pto::checker::Rule *R = Rules.find(Explain);
    if (!R)
      return usage("no rule named '" + Explain + "' (see --list-rules)");
    llvm::outs() << pto::checker::ruleMarkdown(*R);
    return Clean;
  }

  pto::clangfe::LintConfig Cfg;
  std::string Err = pto::clangfe::applyOption(Cfg, "target", Targets);
  if (!Err.empty())
    return usage(Err);
  if (Format != "text" && Format != "json" && Format != "sarif")
    return usage("unknown format '" + Format + "' (known: text, json, sarif)");
  if (Budget == 0)
    return usage("--budget must be positive");
  Cfg.targetsExplicit = Targets.getNumOccurrences() > 0;
  Cfg.engine.budget.rlimit = Budget;
  Cfg.engine.budget.timeoutMs = Timeout;
  Cfg.engine.budget.tuMillis = TuTimeout;
  Cfg.engine.enable.assign(Enable.begin(), Enable.end());
  Cfg.engine.disable.assign(Disable.begin(), Disable.end());
  Cfg.engine.dumpDir = DumpSmt;
  Cfg.werror = Werror;
  Cfg.emitDiagnostics = Format == "text";
  Cfg.findingsAreNotCompileErrors = true;
  if (!DumpSmt.empty() && !llvm::sys::fs::is_directory(DumpSmt))
    return usage("--dump-smt directory '" + DumpSmt + "' does not exist");

  // The compilation database: after `--`, from -p, or found next to the sources.
  std::unique_ptr<CompilationDatabase> DB;
  std::string DBName;
  if (Fixed) {
    if (!BuildPath.empty())
      return usage("give either -p or flags after --, not both");
    DB = std::move(Fixed);
  } else if (!BuildPath.empty()) {
    llvm::SmallString<256> Path(BuildPath);
    if (llvm::sys::fs::is_directory(Path))
      llvm::sys::path::append(Path, "compile_commands.json");
    if (!llvm::sys::fs::exists(Path))
      return usage("no compile database at '" + std::string(Path) + "'");
    std::string LoadErr;
    DB = JSONCompilationDatabase::loadFromFile(Path, LoadErr, JSONCommandLineSyntax::AutoDetect);
    if (!DB)
      return usage("cannot load compile database '" + std::string(Path) + "': " + LoadErr);
    DBName = std::string(Path);
  } else if (!Files.empty()) {
    std::string LoadErr;
    DB = CompilationDatabase::autoDetectFromSource(Files.front(), LoadErr);
    if (!DB) {
      llvm::errs() << "pto-lint: warning: no compile database found for '" << Files.front()
                   << "'; using no compiler flags (give -p <build dir> or flags after --)\n";
      DB = std::make_unique<FixedCompilationDatabase>(".", std::vector<std::string>{});
    }
  }

  std::vector<std::string> Sources(Files.begin(), Files.end());
  if (Sources.empty() && DB && !BuildPath.empty())
    Sources = DB->getAllFiles();
  if (Sources.empty())
    return usage("no input files (give files, or -p <build dir> to check every file in the database)");
  for (const std::string &F : Sources) {
    if (!llvm::sys::fs::exists(F))
      return usage("cannot read '" + F + "': no such file");
    std::ifstream In(F);
    if (!In)
      return usage("cannot read '" + F + "'");
    if (!DBName.empty() && DB->getCompileCommands(F).empty()) {
      llvm::SmallString<256> Abs(F);
      llvm::sys::fs::make_absolute(Abs);
      if (DB->getCompileCommands(Abs).empty())
        return usage("'" + F + "' has no entry in '" + DBName + "'");
    }
  }

  auto Npu = std::make_unique<NpuDatabase>(std::move(DB), preludeDir(argv[0]));
  NpuDatabase &NpuDB = *Npu;
  DB = std::move(Npu);
  for (const std::string &F : Sources) {
    DB->getCompileCommands(F); // collects translation errors up front
    (void)F;
  }
  if (!NpuDB.Errors.empty()) {
    for (const std::string &E : NpuDB.Errors)
      llvm::errs() << "pto-lint: error: " << E << "\n";
    return InputError;
  }

  if (PrintCommands) {
    // What `clang -###` is to a compile: the commands exactly as pto-lint parses the files (vendor commands
    // translated per core), for reproducing a parse or timing the compiler with and without the plugin.
    auto Quote = [](const std::string &A) {
      if (!A.empty() && A.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                            "_-+=/.,:@%") == std::string::npos)
        return A;
      std::string Q = "'";
      for (char C : A)
        Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
      return Q + "'";
    };
    for (const std::string &File : Sources)
      for (const CompileCommand &C : DB->getCompileCommands(File)) {
        std::string Line;
        for (const std::string &A : stripPlugins(C.CommandLine, C.Filename))
          Line += (Line.empty() ? "" : " ") + Quote(A);
        llvm::outs() << Line << "\n";
      }
    return Clean;
  }

  // Text reports go to standard output with the compiler's own diagnostics, as clang-tidy does.
  auto DiagOpts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = false;
  TextDiagnosticPrinter Printer(Format == "text" ? llvm::outs() : llvm::errs(), DiagOpts.get());
  auto Shared = std::make_shared<pto::clangfe::LintResults>();
  const pto::clangfe::LintResults &Results = *Shared;
  Factory F(Cfg, Shared);
  // ClangTool prints "[i/N] Processing file ..." on stderr when it is given several files, as clang-tidy
  // does; with --quiet each file is its own run, so nothing but diagnostics is printed.
  auto RunOn = [&](const std::vector<std::string> &Files) {
    ClangTool Tool(*DB, Files);
    Tool.appendArgumentsAdjuster(stripPlugins);
    if (std::string(PTOLINT_RESOURCE_DIR).size())
      Tool.appendArgumentsAdjuster(
          getInsertArgumentAdjuster("-resource-dir=" PTOLINT_RESOURCE_DIR, ArgumentInsertPosition::BEGIN));
    Tool.setDiagnosticConsumer(&Printer);
    return Tool.run(&F);
  };
  int RunStatus = 0; // ClangTool: 1 if a file failed, 2 if one was skipped (no compile command)
  if (Quiet)
    for (const std::string &File : Sources) {
      int St = RunOn({File});
      RunStatus = St == 1 || RunStatus == 1 ? 1 : std::max(RunStatus, St);
    }
  else
    RunStatus = RunOn(Sources);

  // The cores of one mixed kernel, or headers shared by several files, give the same finding twice.
  std::vector<pto::checker::Finding> Findings;
  for (const pto::checker::Finding &F : Results.findings) {
    bool Dup = false;
    for (const pto::checker::Finding &G : Findings)
      Dup |= G.loc.file == F.loc.file && G.loc.line == F.loc.line && G.loc.col == F.loc.col &&
             G.ruleId == F.ruleId && G.message == F.message;
    if (!Dup)
      Findings.push_back(F);
  }

  pto::checker::RunInfo Info;
  Info.toolVersion = PTOLINT_VERSION;
  Info.targets = Cfg.engine.targets;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  Info.baseDir = std::string(Cwd);
  Info.tally = Results.tally;
  std::string Report;
  if (Format == "json")
    Report = pto::checker::toJson(Findings, Info);
  else if (Format == "sarif")
    Report = pto::checker::toSarif(Findings, Rules, Info);
  if (!Output.empty()) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Output, EC);
    if (EC)
      return usage("cannot write '" + Output + "': " + EC.message());
    OS << (Format == "text" ? pto::checker::toText(Findings, Info) : Report);
  } else if (!Report.empty()) {
    llvm::outs() << Report;
  }

  if (!Stats.empty()) {
    auto Sorted = [](std::vector<double> M) {
      std::sort(M.begin(), M.end());
      return M;
    };
    std::vector<double> D = Sorted(Results.decisionMicros), Q = Sorted(Results.queryMicros),
                        Call = Sorted(Results.callMicros);
    auto Pct = [](const std::vector<double> &M, double P) {
      return M.empty() ? 0.0 : M[std::min(M.size() - 1, size_t(P * (M.size() - 1) + 0.5))];
    };
    std::error_code EC;
    llvm::raw_fd_ostream OS(Stats, EC);
    if (EC)
      return usage("cannot write '" + Stats + "': " + EC.message());
    OS << "{\"decisions\": " << D.size() << ", \"prechecked\": " << Results.prechecked << ", \"queries\": " << Q.size()
       << ", \"ground\": " << Results.groundQueries << ", \"enumerated\": " << Results.enumerated
       << ", \"cacheHits\": " << Results.cacheHits << ", \"z3Calls\": " << Results.z3Calls
       << ", \"medianMicros\": " << Pct(D, 0.5) << ", \"p99Micros\": " << Pct(D, 0.99)
       << ", \"maxMicros\": " << (D.empty() ? 0.0 : D.back()) << ", \"queryMedianMicros\": " << Pct(Q, 0.5)
       << ", \"queryP99Micros\": " << Pct(Q, 0.99) << ", \"queryMaxMicros\": " << (Q.empty() ? 0.0 : Q.back())
       << ", \"calls\": " << Call.size() << ", \"callMedianMicros\": " << Pct(Call, 0.5)
       << ", \"callP99Micros\": " << Pct(Call, 0.99) << ", \"callMaxMicros\": " << (Call.empty() ? 0.0 : Call.back())
       << ", \"solverMillis\": " << std::accumulate(Q.begin(), Q.end(), 0.0) / 1000
       << ", \"extractMillis\": " << Results.extractMicros / 1000 << ", \"engineMillis\": " << Results.checkMicros / 1000
       << "}\n";
  }

  unsigned Suppressed = Results.suppressed;
  if (!Quiet) {
    llvm::raw_ostream &OS = Format == "text" && Output.empty() ? llvm::outs() : llvm::errs();
    size_t NFiles = Results.mainFiles.size();
    OS << "pto-lint: " << NFiles << " file" << (NFiles == 1 ? "" : "s") << ", "
       << pto::checker::summaryLine(Results.tally);
    if (Suppressed)
      OS << " (" << Suppressed << " suppressed by NOLINT)";
    OS << "\n";
  }
  llvm::outs().flush();

  if (Results.internalErrors || Results.tally.errors)
    return InternalError;
  if (RunStatus != 0 || Results.failedTranslationUnits || Results.translationUnits < Sources.size()) {
    llvm::errs() << "pto-lint: error: "
                 << (Results.failedTranslationUnits ? "some files did not compile" : "some files could not be processed")
                 << "; findings for the calls that were parsed are reported\n";
    return InputError;
  }
  // Notes (advisory rules: documented behaviour worth knowing) are reported but do not fail the run.
  bool Fails = std::any_of(Findings.begin(), Findings.end(),
                           [](const pto::checker::Finding &F) { return F.severity != pto::checker::Severity::Note; });
  return Fails ? Exit::Findings : Clean;
}
