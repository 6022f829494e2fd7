// clang-plugin: the `pto-lint` LibTooling CLI, a thin shell over Lint (same findings as the plugin).
#include "Lint.h"
#include "driver/Baseline.h"
#include "driver/Config.h"
#include "driver/Driver.h"
#include "ptotext/Reader.h"
#include "NpuCommand.h"
#include "NpuDatabase.h"
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
#include <functional>
#include <map>
#include <sstream>
#include <numeric>

using namespace clang;
using namespace clang::tooling;
namespace cl = llvm::cl;

#ifndef PTOLINT_VERSION
#define PTOLINT_VERSION "0.0.0"
#endif
#ifndef PTOLINT_RESOURCE_DIR
#define PTOLINT_RESOURCE_DIR ""
#endif

namespace {

using namespace pto::driver; // Exit codes

cl::OptionCategory Cat("pto-lint options");
cl::list<std::string> Files(cl::Positional, cl::desc("<source files>"), cl::cat(Cat));
cl::opt<std::string> BuildPath("p", cl::desc("build directory with compile_commands.json (or the file itself)"),
                               cl::value_desc("dir"), cl::cat(Cat));
cl::opt<bool> PrintCommands("print-commands",
                            cl::desc("print the clang command pto-lint runs for each compile command (one line per "
                                     "core of a CCE command, shell-quoted) and exit"),
                            cl::cat(Cat));
cl::opt<std::string> ExportCommands(
    "export-compile-commands",
    cl::desc("write the commands pto-lint parses the files with (CCE commands translated, one entry per core) as a "
             "compile_commands.json for clang-tidy or clangd, and exit"),
    cl::value_desc("file"), cl::cat(Cat));
cl::opt<bool> ListRules("list-rules", cl::desc("list the rules and exit"), cl::cat(Cat));
cl::opt<bool> DumpConfig("dump-config",
                         cl::desc("print the effective configuration for the first file (or the working directory) "
                                  "as .pto-lint.yaml and exit"),
                         cl::cat(Cat));
cl::opt<std::string> Explain("explain", cl::desc("print the reference page of a rule and exit"),
                             cl::value_desc("rule-id"), cl::cat(Cat));

/// The driver's option table as command-line options (--KEY=VALUE; flags without a value). An option given
/// several times gets its values joined with ',' (`--enable=a --enable=b` is `--enable=a,b`).
std::vector<std::unique_ptr<cl::list<std::string>>> tableOptions() {
  std::vector<std::unique_ptr<cl::list<std::string>>> Out;
  for (const pto::driver::OptionSpec &S : pto::driver::optionTable()) {
    auto O = std::make_unique<cl::list<std::string>>(llvm::StringRef(S.key), cl::desc(S.help), cl::cat(Cat));
    if (*S.valueName) {
      O->setValueStr(S.valueName);
    } else {
      O->setValueExpectedFlag(cl::ValueOptional);
      O->setValueStr("bool");
    }
    Out.push_back(std::move(O));
  }
  return Out;
}

int usage(const std::string &Msg) {
  llvm::errs() << "pto-lint: error: " << Msg << "\n";
  return InputError;
}

/// A source file's options (its configuration files under the command line's), by file name.
using FileOptions = std::function<std::shared_ptr<const pto::driver::Options>(const std::string &File)>;

/// The options for File: the defaults, its .pto-lint.yaml chain (or --config-file), then the command line's
/// KEY=VALUE pairs; nullopt with Err (`path:line:col: error: ...` for a configuration file, else the message).
/// Configuration files are read once per run through Cache.
std::optional<pto::driver::Options> optionsForFile(pto::driver::ConfigCache &Cache, const std::string &File,
                                                   const pto::driver::OptionPairs &CommandLine, std::string &Err) {
  std::optional<pto::driver::Resolved> R = Cache.resolve(File, CommandLine, pto::driver::Options(), Err);
  if (!R)
    return std::nullopt;
  return std::move(R->options);
}

class Factory : public FrontendActionFactory {
public:
  Factory(std::shared_ptr<pto::driver::Session> S, pto::clangfe::Rendering How, FileOptions Opts)
      : S(std::move(S)), How(How), Opts(std::move(Opts)) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(S, How, Opts); }

private:
  class Action : public ASTFrontendAction {
  public:
    Action(std::shared_ptr<pto::driver::Session> S, pto::clangfe::Rendering How, FileOptions Opts)
        : S(std::move(S)), How(How), Opts(std::move(Opts)) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef InFile) override {
      return pto::clangfe::makeLintConsumer(CI, S, How, Opts(InFile.str()));
    }

  private:
    std::shared_ptr<pto::driver::Session> S;
    pto::clangfe::Rendering How;
    FileOptions Opts;
  };
  std::shared_ptr<pto::driver::Session> S;
  pto::clangfe::Rendering How;
  FileOptions Opts;
};

/// Prints a configuration error: located ones as they are (`file:line:col: error: ...`), others as pto-lint's.
int configError(const std::string &Err) {
  if (Err.find(": error: ") != std::string::npos) {
    llvm::errs() << Err << "\n";
    return pto::driver::InputError;
  }
  return usage(Err);
}





} // namespace

int main(int argc, const char **argv) {
  auto TableOpts = tableOptions();
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
    return Exit::InputError;

  const pto::checker::RuleSet &Rules = pto::checker::RuleSet::builtin();
  if (Rules.rules().empty()) {
    llvm::errs() << "pto-lint: internal error: no rules are built in\n";
    return Exit::InternalError;
  }
  if (ListRules) {
    llvm::outs() << pto::checker::ruleList(Rules);
    return Exit::Clean;
  }
  if (!Explain.empty()) {
    const pto::checker::Rule *R = Rules.find(Explain);
    if (!R)
      return usage("no rule named '" + Explain + "' (see --list-rules)");
    llvm::outs() << pto::checker::ruleMarkdown(*R);
    return Exit::Clean;
  }

  pto::driver::Options Opts; // the run's: reports, baseline; each file's checking options add its configuration
  pto::driver::OptionPairs CommandLine;
  const auto &Table = pto::driver::optionTable();
  for (size_t I = 0; I < Table.size(); ++I)
    if (TableOpts[I]->getNumOccurrences()) {
      std::string Joined;
      for (const std::string &V : *TableOpts[I])
        Joined += (Joined.empty() ? "" : ",") + V;
      std::string Err = pto::driver::applyOption(Opts, Table[I].key, Joined);
      if (!Err.empty())
        return usage(Err);
      CommandLine.emplace_back(Table[I].key, Joined);
    }
  pto::driver::ConfigCache Configs;
  if (DumpConfig) {
    std::string Err;
    std::optional<pto::driver::Resolved> R =
        Configs.resolve(Files.empty() ? "." : Files.front(), CommandLine, pto::driver::Options(), Err);
    if (!R)
      return configError(Err);
    llvm::outs() << pto::driver::dumpConfig(*R);
    return Clean;
  }
  const std::string &Format = Opts.format, &Output = Opts.output;
  if (!Opts.engine.dumpDir.empty() && !llvm::sys::fs::is_directory(Opts.engine.dumpDir))
    return usage("--dump-smt directory '" + Opts.engine.dumpDir + "' does not exist");

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
  }
  // Textual PTO files are read by their own front end (ptotext/), the rest by clang.
  auto IsPto = [](const std::string &F) { return llvm::StringRef(F).ends_with(".pto"); };
  std::vector<std::string> PtoFiles, CppFiles;
  for (const std::string &F : Files)
    (IsPto(F) ? PtoFiles : CppFiles).push_back(F);
  if (!DB && !CppFiles.empty()) {
    std::string LoadErr;
    DB = CompilationDatabase::autoDetectFromSource(CppFiles.front(), LoadErr);
    if (!DB) {
      llvm::errs() << "pto-lint: warning: no compile database found for '" << CppFiles.front()
                   << "'; using no compiler flags (give -p <build dir> or flags after --)\n";
      DB = std::make_unique<FixedCompilationDatabase>(".", std::vector<std::string>{});
    }
  }

  std::vector<std::string> Sources = CppFiles;
  if (Sources.empty() && PtoFiles.empty() && DB && !BuildPath.empty())
    Sources = DB->getAllFiles();
  if (Sources.empty() && PtoFiles.empty())
    return usage("no input files (give files, or -p <build dir> to check every file in the database)");
  for (const std::string &F : PtoFiles)
    if (!llvm::sys::fs::exists(F) || !std::ifstream(F))
      return usage("cannot read '" + F + "'" + (llvm::sys::fs::exists(F) ? "" : ": no such file"));
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

  // Every input's options before anything runs: a bad configuration file stops the run (exit 2).
  std::map<std::string, std::shared_ptr<const pto::driver::Options>> PerFile;
  auto AbsoluteOf = [](const std::string &F) {
    llvm::SmallString<256> A(F);
    llvm::sys::fs::make_absolute(A);
    llvm::sys::path::remove_dots(A, true);
    return std::string(A);
  };
  for (const auto *List : {&Sources, &PtoFiles})
    for (const std::string &F : *List) {
      std::string Err;
      std::optional<pto::driver::Options> O = optionsForFile(Configs, F, CommandLine, Err);
      if (!O)
        return configError(Err);
      PerFile[AbsoluteOf(F)] = std::make_shared<const pto::driver::Options>(std::move(*O));
    }
  FileOptions OptionsOf = [&](const std::string &F) -> std::shared_ptr<const pto::driver::Options> {
    auto It = PerFile.find(AbsoluteOf(F));
    if (It != PerFile.end())
      return It->second;
    std::string Err; // a file the database names otherwise: its directory's configuration (already read)
    std::optional<pto::driver::Options> O = optionsForFile(Configs, F, CommandLine, Err);
    return O ? std::make_shared<const pto::driver::Options>(std::move(*O)) : nullptr;
  };
  std::shared_ptr<const pto::driver::Baseline> Base;
  if (!Opts.baseline.empty()) {
    std::string Err;
    std::optional<pto::driver::Baseline> B = pto::driver::Baseline::load(Opts.baseline, Err);
    if (!B)
      return configError(Err);
    Base = std::make_shared<const pto::driver::Baseline>(std::move(*B));
  }

  if (!DB)
    DB = std::make_unique<FixedCompilationDatabase>(".", std::vector<std::string>{});
  auto Npu = std::make_unique<pto::clangfe::NpuDatabase>(std::move(DB), pto::clangfe::preludeDir(argv[0]));
  pto::clangfe::NpuDatabase &NpuDB = *Npu;
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

  if (!ExportCommands.empty()) {
    // clang-tidy and clangd read this database; the pto-* module installs the same CCE fixups the CLI does.
    if (std::string Err = pto::clangfe::writeAtomically(ExportCommands, pto::clangfe::compileCommandsJson(*DB, Sources));
        !Err.empty())
      return usage(Err);
    return Clean;
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
      for (const CompileCommand &C : pto::clangfe::commandsOf(*DB, File)) {
        std::string Line;
        for (const std::string &A : pto::clangfe::stripPlugins(C.CommandLine, C.Filename))
          Line += (Line.empty() ? "" : " ") + Quote(A);
        llvm::outs() << Line << "\n";
      }
    return Clean;
  }

  // Text reports go to standard output with the compiler's own diagnostics, as clang-tidy does.
  auto DiagOpts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = false;
  TextDiagnosticPrinter Printer(Format == "text" ? llvm::outs() : llvm::errs(), DiagOpts.get());
  auto Session = std::make_shared<pto::driver::Session>(Opts);
  Session->useBaseline(Base);
  pto::clangfe::Rendering How;
  How.diagnostics = Format == "text";
  How.findingsAreNotCompileErrors = true;
  Factory F(Session, How, OptionsOf);
  // ClangTool prints "[i/N] Processing file ..." on stderr when it is given several files, as clang-tidy
  // does; with --quiet each file is its own run, so nothing but diagnostics is printed.
  auto RunOn = [&](const std::vector<std::string> &Files) {
    ClangTool Tool(*DB, Files);
    Tool.appendArgumentsAdjuster(pto::clangfe::stripPlugins);
    if (std::string(PTOLINT_RESOURCE_DIR).size())
      Tool.appendArgumentsAdjuster(
          getInsertArgumentAdjuster("-resource-dir=" PTOLINT_RESOURCE_DIR, ArgumentInsertPosition::BEGIN));
    Tool.setDiagnosticConsumer(&Printer);
    return Tool.run(&F);
  };
  int RunStatus = 0; // ClangTool: 1 if a file failed, 2 if one was skipped (no compile command)
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  for (const std::string &File : PtoFiles) {
    std::ifstream In(File);
    std::stringstream SS;
    SS << In.rdbuf();
    const std::string Text = SS.str();
    std::shared_ptr<const pto::driver::Options> FileOpts = OptionsOf(File);
    pto::ptotext::Reading Rd = pto::ptotext::read(File, Text, Rules, FileOpts->lenientDocSyntax);
    pto::driver::Unit U;
    U.mainFile = File;
    U.calls = std::move(Rd.calls);
    U.inferredTarget = Rd.target;
    U.compileFailed = !Rd.errors.empty();
    llvm::raw_ostream &OS = Format == "text" ? llvm::outs() : llvm::errs();
    for (const pto::ptotext::Problem &P : Rd.errors)
      OS << P.loc.file << ":" << P.loc.line << ":" << P.loc.col << ": error: " << P.message << "\n";
    for (const pto::ptotext::Problem &P : Rd.warnings)
      OS << P.loc.file << ":" << P.loc.line << ":" << P.loc.col << ": warning: " << P.message << "\n";
    std::vector<pto::checker::Finding> Fs =
        Session->lint(U, [&](const std::string &) { return std::string_view(Text); }, FileOpts.get());
    if (Format == "text") {
      pto::checker::RunInfo Here;
      Here.baseDir = std::string(Cwd);
      llvm::outs() << pto::checker::toText(Fs, Here);
    }
  }
  if (Sources.empty()) {
    // only .pto files
  } else if (Opts.quiet)
    for (const std::string &File : Sources) {
      int St = RunOn({File});
      RunStatus = St == 1 || RunStatus == 1 ? 1 : std::max(RunStatus, St);
    }
  else
    RunStatus = RunOn(Sources);

  pto::checker::RunInfo Info;
  Info.toolVersion = PTOLINT_VERSION;
  Info.targets = Opts.engine.targets;
  Info.baseDir = std::string(Cwd);
  Info.tally = Session->results().tally;
  std::string Report = Session->report(Info);
  if (!Output.empty()) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Output, EC);
    if (EC)
      return usage("cannot write '" + Output + "': " + EC.message());
    OS << (Format == "text" ? Session->textReport(Info) : Report);
  } else if (!Report.empty()) {
    llvm::outs() << Report;
  }
  if (!Opts.stats.empty()) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Opts.stats, EC);
    if (EC)
      return usage("cannot write '" + Opts.stats + "': " + EC.message());
    OS << Session->statsJson();
  }
  if (!Opts.quiet)
    (Format == "text" && Output.empty() ? llvm::outs() : llvm::errs()) << Session->summaryLine() << "\n";
  llvm::outs().flush();

  const pto::driver::Results &Results = Session->results();
  bool Incomplete = RunStatus != 0 || Results.translationUnits < Sources.size() + PtoFiles.size();
  int Rc = Session->exitCode(Incomplete);
  if (!Opts.writeBaseline.empty()) {
    // Every finding of the run, baselined ones too: the new file replaces the old one.
    llvm::SmallString<256> Dir(AbsoluteOf(Opts.writeBaseline));
    llvm::sys::path::remove_filename(Dir);
    pto::driver::Baseline B = pto::driver::Baseline::of(Session->allFindings(), std::string(Dir));
    if (std::string Err = pto::driver::writeFileAtomically(Opts.writeBaseline, B.json()); !Err.empty())
      return usage(Err);
    if (!Opts.quiet)
      llvm::errs() << "pto-lint: wrote " << B.size() << " finding" << (B.size() == 1 ? "" : "s") << " to baseline '"
                   << Opts.writeBaseline << "'\n";
    if (Rc == Exit::Findings)
      Rc = Exit::Clean; // recorded, not failed; input and internal errors still are
  }
  if (Rc == Exit::InputError)
    llvm::errs() << "pto-lint: error: "
                 << (Results.failedTranslationUnits ? "some files did not compile (or, .pto, did not parse)"
                                                    : "some files could not be processed")
                 << "; findings for the calls that were parsed are reported\n";
  return Rc;
}
