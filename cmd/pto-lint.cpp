// cmd: the `pto-lint` CLI: its command line, over a run of the driver (driver/Run.h) with the Clang front end for
// C++ files (clangfe/Tool.h) and the textual one for `.pto` files; same findings as the plugin.
#include "clangfe/NpuDatabase.h"
#include "clangfe/Tool.h"
#include "driver/HtmlReport.h"
#include "driver/Run.h"
#include "checker/Docs.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>

using namespace pto::driver; // Exit codes, usage
namespace cl = llvm::cl;

#ifndef PTOLINT_VERSION
#define PTOLINT_VERSION "0.0.0"
#endif
#ifndef PTOLINT_RESOURCE_DIR
#define PTOLINT_RESOURCE_DIR ""
#endif

namespace {

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
cl::opt<unsigned> Jobs("j", cl::desc("lint N files at once (default: the number of cores); the output is the same "
                                       "whatever N"),
                       cl::value_desc("N"), cl::Prefix, cl::init(0), cl::cat(Cat));
cl::alias JobsLong("jobs", cl::desc("same as -j"), cl::aliasopt(Jobs));
cl::opt<std::string> Shard("shard",
                           cl::desc("lint only shard i of n (1-based): the inputs sorted by path, every n-th from the "
                                    "i-th; `pto-lint merge` joins the shards' SARIF files"),
                           cl::value_desc("i/n"), cl::cat(Cat));
cl::opt<std::string> CacheDir("cache-dir",
                              cl::desc("result cache directory, or 'off' (default: $PTO_LINT_CACHE_DIR, else "
                                       "$XDG_CACHE_HOME/pto-lint/results or ~/.cache/pto-lint/results)"),
                              cl::value_desc("dir|off"), cl::cat(Cat));
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

/// The table options given on the command line, in table order, each with its values.
std::vector<std::pair<std::string, std::vector<std::string>>>
givenOptions(const std::vector<std::unique_ptr<cl::list<std::string>>> &TableOpts) {
  std::vector<std::pair<std::string, std::vector<std::string>>> Given;
  const auto &Table = optionTable();
  for (size_t I = 0; I < Table.size(); ++I)
    if (TableOpts[I]->getNumOccurrences())
      Given.emplace_back(Table[I].key, std::vector<std::string>(TableOpts[I]->begin(), TableOpts[I]->end()));
  return Given;
}

/// --list-rules and --explain: what they print, and the exit code; nullopt when neither is given.
std::optional<int> describeRules(const pto::checker::RuleSet &Rules) {
  if (ListRules) {
    llvm::outs() << pto::checker::ruleList(Rules);
    return Clean;
  }
  if (Explain.empty())
    return std::nullopt;
  const pto::checker::Rule *R = Rules.find(Explain);
  if (!R)
    return usage("no rule named '" + Explain + "' (see --list-rules)");
  llvm::outs() << pto::checker::ruleMarkdown(*R);
  return Clean;
}

} // namespace

int main(int argc, const char **argv) {
  // A crash prints its stack on standard error (the signal still ends the process): a run that dies in CI says where.
  llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
  // A file size limit (`ulimit -f`) is a failed write, reported where it happens (the report: "File too large",
  // nothing written; a cache entry: not stored), never a crash: LLVM's handlers, installed just above, take SIGXFSZ
  // for one (a stack dump, whose symbolizer then dies writing its own temporary file) even where the shell ignores it.
  signal(SIGXFSZ, SIG_IGN);
  if (argc >= 2 && llvm::StringRef(argv[1]) == "merge")
    return pto::driver::merge(std::vector<std::string>(argv + 2, argv + argc));
  if (argc >= 2 && llvm::StringRef(argv[1]) == "report")
    return pto::driver::reportCommand(std::vector<std::string>(argv + 2, argv + argc));
  auto TableOpts = tableOptions();
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter([](llvm::raw_ostream &OS) { OS << "pto-lint " << PTOLINT_VERSION << "\n"; });
  std::string FixedErr;
  int Argc = argc;
  std::unique_ptr<clang::tooling::CompilationDatabase> Fixed =
      clang::tooling::FixedCompilationDatabase::loadFromCommandLine(Argc, argv, FixedErr);
  if (!FixedErr.empty())
    return usage(FixedErr);
  if (!cl::ParseCommandLineOptions(Argc, argv,
                                   "pto-lint: prove or refute PTO op preconditions in kernels.\n\n"
                                   "  pto-lint [options] <file>... -- <compiler flags>\n"
                                   "  pto-lint [options] -p <build dir> [<file>...]\n"
                                   "  pto-lint merge [--output=FILE] <shard.sarif>...\n"
                                   "  pto-lint report --html DIR <report.json|log.sarif>...\n",
                                   &llvm::errs()))
    return InputError;

  const pto::checker::RuleSet &Rules = pto::checker::RuleSet::builtin();
  if (Rules.rules().empty()) {
    llvm::errs() << "pto-lint: internal error: no rules are built in\n";
    return InternalError;
  }
  if (std::optional<int> Rc = describeRules(Rules))
    return *Rc;
  pto::driver::Run Lint(Rules, PTOLINT_VERSION);
  if (std::string Err = Lint.setOptions(givenOptions(TableOpts)); !Err.empty())
    return usage(Err);
  if (DumpConfig)
    return Lint.dumpConfig(Files.empty() ? "." : Files.front());
  if (std::string Err = Lint.checkPaths(); !Err.empty())
    return usage(Err);

  // Textual PTO files are read by their own front end (ptotext/, through the driver), the rest by clang.
  std::vector<std::string> PtoFiles, CppFiles;
  for (const std::string &F : Files)
    (llvm::StringRef(F).ends_with(".pto") ? PtoFiles : CppFiles).push_back(F);
  pto::clangfe::ClangFrontEnd Clang(PTOLINT_RESOURCE_DIR);
  if (std::string Err = Clang.open(std::move(Fixed), BuildPath, CppFiles); !Err.empty())
    return usage(Err);
  if (std::string Err = Lint.setInputs(PtoFiles, Clang.inputs(CppFiles, !PtoFiles.empty()), Shard,
                                      [&](const std::string &F) { return Clang.hasCommands(F); });
      !Err.empty())
    return usage(Err);
  if (int Rc = Lint.prepare())
    return Rc;
  if (!Clang.translate(Lint.cppFiles(), pto::clangfe::preludeDir(argv[0])))
    return InputError;
  if (!ExportCommands.empty()) {
    std::string Err = Clang.exportCommands(ExportCommands, Lint.cppFiles());
    return Err.empty() ? Clean : usage(Err);
  }
  if (PrintCommands) {
    Clang.printCommands(Lint.cppFiles());
    return Clean;
  }
  return Lint.lint(Clang, CacheDir.getNumOccurrences() ? std::optional<std::string>(CacheDir) : std::nullopt, Jobs,
                   argv[0]);
}
