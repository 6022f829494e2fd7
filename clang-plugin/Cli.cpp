// clang-plugin: the `pto-lint` LibTooling CLI, a thin shell over Lint (same findings as the plugin).
#include "Lint.h"
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

class Factory : public FrontendActionFactory {
public:
  Factory(std::shared_ptr<pto::driver::Session> S, pto::clangfe::Rendering How) : S(std::move(S)), How(How) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(S, How); }

private:
  class Action : public ASTFrontendAction {
  public:
    Action(std::shared_ptr<pto::driver::Session> S, pto::clangfe::Rendering How) : S(std::move(S)), How(How) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override {
      return pto::clangfe::makeLintConsumer(CI, S, How);
    }

  private:
    std::shared_ptr<pto::driver::Session> S;
    pto::clangfe::Rendering How;
  };
  std::shared_ptr<pto::driver::Session> S;
  pto::clangfe::Rendering How;
};





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

  pto::driver::Options Opts;
  const auto &Table = pto::driver::optionTable();
  for (size_t I = 0; I < Table.size(); ++I)
    if (TableOpts[I]->getNumOccurrences()) {
      std::string Joined;
      for (const std::string &V : *TableOpts[I])
        Joined += (Joined.empty() ? "" : ",") + V;
      std::string Err = pto::driver::applyOption(Opts, Table[I].key, Joined);
      if (!Err.empty())
        return usage(Err);
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
    std::string Err, Text = pto::clangfe::compileCommandsJson(*DB, Sources, Err);
    if (Err.empty())
      Err = pto::clangfe::writeAtomically(ExportCommands, Text);
    if (!Err.empty())
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
  pto::clangfe::Rendering How;
  How.diagnostics = Format == "text";
  How.findingsAreNotCompileErrors = true;
  Factory F(Session, How);
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
    pto::ptotext::Reading Rd = pto::ptotext::read(File, Text, Rules, Opts.lenientDocSyntax);
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
    std::vector<pto::checker::Finding> Fs = Session->lint(U, [&](const std::string &) { return std::string_view(Text); });
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
  if (Rc == Exit::InputError)
    llvm::errs() << "pto-lint: error: "
                 << (Results.failedTranslationUnits ? "some files did not compile (or, .pto, did not parse)"
                                                    : "some files could not be processed")
                 << "; findings for the calls that were parsed are reported\n";
  return Rc;
}
