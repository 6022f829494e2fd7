// clang-plugin: the `pto-lint` LibTooling CLI, a thin shell over Lint (same findings as the plugin).
#include "Lint.h"
#include "driver/Baseline.h"
#include "driver/Config.h"
#include "driver/Driver.h"
#include "ptotext/Reader.h"
#include "NpuCommand.h"
#include "NpuDatabase.h"
#include "ResultCache.h"
#include "driver/Serialize.h"
#include "checker/Docs.h"
#include "checker/Emit.h"
#include "support/Files.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fstream>
#include <mutex>
#include <numeric>
#include <sstream>
#include <thread>
#include <unistd.h>

using namespace std::string_literals;

namespace pto::checker {
const std::vector<std::pair<std::string, std::string>> &embeddedRuleFiles(); // EmbeddedRules.cpp (the build)
}

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

int usage(const std::string &Msg) {
  llvm::errs() << "pto-lint: error: " << Msg << "\n";
  return InputError;
}

/// The compile commands of one source file, computed once (CCE translation included) and handed to the thread
/// that lints it: ClangTool asks its database by the file's absolute path, and this one answers with them.
class OneFileDatabase : public CompilationDatabase {
public:
  explicit OneFileDatabase(std::vector<CompileCommand> Cmds) : Cmds(std::move(Cmds)) {}
  std::vector<CompileCommand> getCompileCommands(llvm::StringRef) const override { return Cmds; }
  std::vector<std::string> getAllFiles() const override { return {}; }

private:
  std::vector<CompileCommand> Cmds;
};

/// Lints with a session, and records every file each compile read (for the result cache).
class Factory : public FrontendActionFactory {
public:
  Factory(std::shared_ptr<pto::driver::Session> S, pto::clangfe::Rendering How, std::set<std::string> &Read)
      : S(std::move(S)), How(How), Read(Read) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(S, How, Read); }

private:
  class Action : public ASTFrontendAction {
  public:
    Action(std::shared_ptr<pto::driver::Session> S, pto::clangfe::Rendering How, std::set<std::string> &Read)
        : S(std::move(S)), How(How), Read(Read) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override {
      return pto::clangfe::makeLintConsumer(CI, S, How);
    }
    void EndSourceFileAction() override {
      const SourceManager &SM = getCompilerInstance().getSourceManager();
      // Each file as the OS names it (the real path when clang opened it, else its name against the compile's
      // directory; `..` is not folded, a symlink may stand before it).
      std::string Dir = getCompilerInstance().getFileManager().getFileSystemOpts().WorkingDir;
      for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
        llvm::StringRef Real = It->first.getFileEntry().tryGetRealPathName();
        llvm::SmallString<256> Abs(Real.empty() ? It->first.getName() : Real);
        if (Real.empty() && !Dir.empty())
          llvm::sys::fs::make_absolute(Dir, Abs);
        llvm::sys::fs::make_absolute(Abs);
        Read.insert(std::string(Abs));
      }
    }

  private:
    std::shared_ptr<pto::driver::Session> S;
    pto::clangfe::Rendering How;
    std::set<std::string> &Read;
  };
  std::shared_ptr<pto::driver::Session> S;
  pto::clangfe::Rendering How;
  std::set<std::string> &Read;
};

/// What linting one input file produced: the run's results, what it printed (compiler diagnostics, and findings
/// as diagnostics in the text format), and ClangTool's status (0 done, 1 did not compile, 2 skipped).
struct Outcome {
  pto::driver::Results results;
  std::string printed;
  int status = 0;
  bool cached = false;
};

std::string outcomeBytes(const Outcome &O) {
  nlohmann::json J = {{"results", pto::driver::resultsToJson(O.results)}, {"printed", O.printed}, {"status", O.status}};
  std::vector<uint8_t> B = nlohmann::json::to_cbor(J);
  return std::string(B.begin(), B.end());
}

std::optional<Outcome> outcomeOf(const std::string &Bytes) {
  try {
    nlohmann::json J = nlohmann::json::from_cbor(Bytes.begin(), Bytes.end());
    Outcome O;
    O.results = pto::driver::resultsFromJson(J.at("results"));
    O.printed = J.at("printed").get<std::string>();
    O.status = J.at("status").get<int>();
    O.cached = true;
    return O;
  } catch (const std::exception &) {
    return std::nullopt; // a damaged entry is a miss
  }
}

/// One input of the run.
struct Job {
  std::string file;
  bool pto = false;
  std::vector<CompileCommand> commands; // C++ files
  /// The file's options: its .pto-lint.yaml chain under the command line (null: the run's), and their values as
  /// text for the cache key (the configuration decides the outcome as much as the command line does).
  std::shared_ptr<const pto::driver::Options> opts;
  std::string configKey;
};

/// The options for File: the defaults, its .pto-lint.yaml chain (or --config-file), then the command line's
/// KEY=VALUE pairs; nullopt with Err (`path:line:col: error: ...` for a configuration file, else the message).
/// Configuration files are read once per run through Cache.
std::optional<pto::driver::Resolved> optionsForFile(pto::driver::ConfigCache &Cache, const std::string &File,
                                                    const pto::driver::OptionPairs &CommandLine, std::string &Err) {
  return Cache.resolve(File, CommandLine, pto::driver::Options(), Err);
}

/// Prints a configuration error: located ones as they are (`file:line:col: error: ...`), others as pto-lint's.
int configError(const std::string &Err) {
  if (Err.find(": error: ") != std::string::npos) {
    llvm::errs() << Err << "\n";
    return pto::driver::InputError;
  }
  return usage(Err);
}

/// Everything a run shares across its threads (read-only while they run, but for the content hashes).
struct RunContext {
  const pto::driver::Options *opts = nullptr;
  const pto::checker::RuleSet *rules = nullptr;
  std::string format;
  std::string cwd;
  std::unique_ptr<pto::clangfe::ResultCache> cache; // null: off
  pto::clangfe::ContentHashes hashes;
  std::string keyBase; // digest of what every job's key shares: tool, rules, options, baseline
  std::shared_ptr<const pto::driver::Baseline> baseline; // --baseline (null: none)
};

/// A job's session: the file's own options, the run's baseline.
std::shared_ptr<pto::driver::Session> sessionFor(const Job &J, const RunContext &Ctx) {
  auto S = std::make_shared<pto::driver::Session>(J.opts ? *J.opts : *Ctx.opts, *Ctx.rules);
  S->useBaseline(Ctx.baseline);
  return S;
}

Outcome lintPto(const Job &J, const RunContext &Ctx) {
  Outcome O;
  std::ifstream In(J.file, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  const std::string Text = SS.str();
  auto S = sessionFor(J, Ctx);
  pto::ptotext::Reading Rd = pto::ptotext::read(J.file, Text, *Ctx.rules, S->options().lenientDocSyntax);
  pto::driver::Unit U;
  U.mainFile = J.file;
  U.calls = std::move(Rd.calls);
  U.inferredTarget = Rd.target;
  U.compileFailed = !Rd.errors.empty();
  for (const pto::ptotext::Problem &P : Rd.errors)
    O.printed += P.loc.file + ":" + std::to_string(P.loc.line) + ":" + std::to_string(P.loc.col) + ": error: " +
                 P.message + "\n";
  for (const pto::ptotext::Problem &P : Rd.warnings)
    O.printed += P.loc.file + ":" + std::to_string(P.loc.line) + ":" + std::to_string(P.loc.col) + ": warning: " +
                 P.message + "\n";
  std::vector<pto::checker::Finding> Fs = S->lint(U, [&](const std::string &) { return std::string_view(Text); });
  if (Ctx.format == "text") {
    pto::checker::RunInfo Here;
    Here.baseDir = Ctx.cwd;
    O.printed += pto::checker::toText(Fs, Here);
  }
  O.results = S->results();
  return O;
}

Outcome lintCpp(const Job &J, const RunContext &Ctx, std::set<std::string> &Read) {
  Outcome O;
  auto S = sessionFor(J, Ctx);
  pto::clangfe::Rendering How;
  How.diagnostics = Ctx.format == "text";
  How.findingsAreNotCompileErrors = true;
  Factory F(S, How, Read);
  llvm::raw_string_ostream OS(O.printed);
  auto DiagOpts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = false;
  TextDiagnosticPrinter Printer(OS, DiagOpts.get());
  OneFileDatabase DB(J.commands);
  ClangTool Tool(DB, {J.file});
  Tool.appendArgumentsAdjuster(pto::clangfe::stripPlugins);
  if (std::string(PTOLINT_RESOURCE_DIR).size())
    Tool.appendArgumentsAdjuster(
        getInsertArgumentAdjuster("-resource-dir=" PTOLINT_RESOURCE_DIR, ArgumentInsertPosition::BEGIN));
  Tool.setDiagnosticConsumer(&Printer);
  Tool.setPrintErrorMessage(false); // the exit code and summary say it, once, not per thread in any order
  O.status = Tool.run(&F);
  OS.flush();
  O.results = S->results();
  return O;
}

/// The cache key of a job: what the run shares (keyBase) and the job's own inputs. The file's text and every header
/// are checked through the entry's list of files read.
std::string jobKey(const Job &J, const RunContext &Ctx) {
  std::string K = Ctx.keyBase + "\0file\0"s + J.file + (J.pto ? "\0pto"s : "\0cpp"s) + "\0config\0"s + J.configKey;
  for (const CompileCommand &C : J.commands) {
    K += "\0dir\0"s + C.Directory + "\0file\0"s + C.Filename;
    for (const std::string &A : C.CommandLine)
      K += "\0"s + A;
  }
  return pto::clangfe::digest(K);
}

/// Lints a job, or replays it from the cache.
Outcome runJob(const Job &J, RunContext &Ctx) {
  std::string Key;
  if (Ctx.cache) {
    Key = jobKey(J, Ctx);
    if (std::optional<std::string> Bytes = Ctx.cache->lookup(Key, Ctx.hashes))
      if (std::optional<Outcome> O = outcomeOf(*Bytes))
        return *O;
  }
  auto Started = std::chrono::system_clock::now();
  std::set<std::string> Read;
  Outcome O;
  if (J.pto) {
    llvm::SmallString<256> Abs(J.file);
    llvm::sys::fs::make_absolute(Abs);
    Read.insert(std::string(Abs));
    O = lintPto(J, Ctx);
  } else {
    O = lintCpp(J, Ctx, Read);
  }
  // Only what is reproducible is kept: a unit that did not compile, or an internal or solver error, is re-run.
  const pto::driver::Results &R = O.results;
  if (Ctx.cache && O.status == 0 && !R.internalErrors && !R.failedTranslationUnits && !R.tally.errors && !Read.empty())
    Ctx.cache->store(Key, {Read.begin(), Read.end()}, Ctx.hashes, Started, outcomeBytes(O));
  return O;
}

/// The identity of this build of pto-lint: version, the executable (size and time: a rebuilt binary is another
/// tool) and the rules it carries.
std::string toolIdentity(const char *Argv0) {
  std::string Id = std::string("pto-lint ") + PTOLINT_VERSION;
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&toolIdentity));
  llvm::sys::fs::file_status St;
  if (!llvm::sys::fs::status(Exe, St))
    Id += "\0exe\0"s + Exe + "\0"s + std::to_string(St.getSize()) + "\0"s +
          std::to_string(St.getLastModificationTime().time_since_epoch().count());
  for (const auto &[Name, Text] : pto::checker::embeddedRuleFiles())
    Id += "\0rule\0"s + Name + "\0"s + Text;
  return Id;
}

/// Runs the jobs on Threads threads; hands each outcome to OnDone(index, outcome) on the calling thread, in the
/// order jobs finish.
void runJobs(const std::vector<Job> &Jobs, RunContext &Ctx, unsigned Threads,
             const std::function<void(size_t, Outcome)> &OnDone) {
  std::atomic<size_t> Next{0};
  std::mutex M;
  std::condition_variable CV;
  std::deque<std::pair<size_t, Outcome>> Done;
  auto Work = [&] {
    for (size_t I; (I = Next++) < Jobs.size();) {
      Outcome O;
      try {
        O = runJob(Jobs[I], Ctx);
      } catch (const std::exception &E) { // fail closed: the run ends with exit 3
        O.printed = "pto-lint: internal error on '" + Jobs[I].file + "': " + E.what() + "\n";
        O.results.internalErrors = 1;
      }
      std::lock_guard<std::mutex> L(M);
      Done.emplace_back(I, std::move(O));
      CV.notify_one();
    }
  };
  Threads = std::max(1u, std::min<unsigned>(Threads, Jobs.size()));
  std::vector<std::thread> Pool; // the calling thread only reports
  for (unsigned T = 0; T < Threads; ++T)
    Pool.emplace_back(Work);
  for (size_t Seen = 0; Seen < Jobs.size(); ++Seen) {
    std::unique_lock<std::mutex> L(M);
    CV.wait(L, [&] { return !Done.empty(); });
    std::pair<size_t, Outcome> D = std::move(Done.front());
    Done.pop_front();
    L.unlock();
    OnDone(D.first, std::move(D.second));
  }
  for (std::thread &T : Pool)
    T.join();
}

/// `--shard=i/n`: the 1-based shard index and the count, or an error.
std::string parseShard(const std::string &S, unsigned &I, unsigned &N) {
  unsigned A = 0, B = 0;
  char Slash = 0, Extra = 0;
  if (std::sscanf(S.c_str(), "%u%c%u%c", &A, &Slash, &B, &Extra) != 3 || Slash != '/' || B == 0 || A == 0 || A > B)
    return "--shard needs i/n with 1 <= i <= n, got '" + S + "'";
  I = A;
  N = B;
  return "";
}

} // namespace

/// `pto-lint merge [--output=FILE] LOG.sarif...`: the shards' SARIF logs as one run's.
int mergeMain(int argc, const char **argv) {
  std::string Output;
  std::vector<std::string> Inputs;
  for (int I = 2; I < argc; ++I) {
    llvm::StringRef A(argv[I]);
    if (A == "-h" || A == "--help") {
      llvm::outs() << "pto-lint merge [--output=FILE] LOG.sarif...\n\n"
                      "Joins the SARIF logs of `pto-lint --shard=i/n --format=sarif` runs into the log of one run over "
                      "all\ninputs (standard output, or FILE written atomically).\n";
      return Clean;
    }
    if (A.consume_front("--output=") || A.consume_front("-o="))
      Output = std::string(A);
    else if ((A == "-o" || A == "--output") && I + 1 < argc)
      Output = argv[++I];
    else if (A.starts_with("-") && A != "-")
      return usage("merge: unknown option '" + std::string(A) + "' (see pto-lint merge --help)");
    else
      Inputs.push_back(std::string(A));
  }
  if (Inputs.empty())
    return usage("merge: no SARIF logs given (pto-lint merge [--output=FILE] LOG.sarif...)");
  std::vector<std::string> Logs;
  for (const std::string &F : Inputs) {
    auto Buf = F == "-" ? llvm::MemoryBuffer::getSTDIN() : llvm::MemoryBuffer::getFile(F, /*IsText=*/true);
    if (!Buf)
      return usage("merge: cannot read '" + F + "': " + Buf.getError().message());
    Logs.push_back(std::string((*Buf)->getBuffer()));
  }
  std::string Err;
  std::string Merged = pto::checker::mergeSarif(Logs, pto::checker::RuleSet::builtin(), Err);
  if (!Err.empty()) {
    // Name the file, not its position.
    for (size_t I = 0; I < Inputs.size(); ++I) {
      std::string Pos = "log " + std::to_string(I + 1) + " ";
      if (Err.rfind(Pos, 0) == 0)
        Err = "'" + Inputs[I] + "' " + Err.substr(Pos.size());
    }
    return usage("merge: " + Err);
  }
  if (Output.empty()) {
    llvm::outs() << Merged;
    return Clean;
  }
  if (std::string E = pto::support::writeAtomically(Output, Merged); !E.empty())
    return usage("merge: " + E);
  return Clean;
}

int main(int argc, const char **argv) {
  if (argc >= 2 && llvm::StringRef(argv[1]) == "merge")
    return mergeMain(argc, argv);
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
  if (!Shard.empty()) {
    // Deterministic whatever the database's order: the distinct inputs sorted by path, every n-th from the i-th.
    unsigned I = 0, N = 0;
    if (std::string Err = parseShard(Shard, I, N); !Err.empty())
      return usage(Err);
    auto Keep = [&](std::vector<std::string> &Fs, std::set<std::string> &All) {
      std::vector<std::string> Out;
      for (const std::string &F : Fs)
        if (All.count(F)) {
          size_t Index = std::distance(All.begin(), All.find(F));
          if (Index % N == I - 1)
            Out.push_back(F);
        }
      Fs = std::move(Out);
    };
    std::set<std::string> All(Sources.begin(), Sources.end());
    All.insert(PtoFiles.begin(), PtoFiles.end());
    Keep(Sources, All);
    Keep(PtoFiles, All);
  }
  for (const std::string &F : PtoFiles)
    if (!llvm::sys::fs::exists(F) || llvm::sys::fs::is_directory(F) || !std::ifstream(F)) // a directory opens
      return usage("cannot read '" + F + "'" + (llvm::sys::fs::exists(F) ? llvm::sys::fs::is_directory(F) ? ": it is a directory" : "" : ": no such file"));
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
  std::map<std::string, std::pair<std::shared_ptr<const pto::driver::Options>, std::string>> PerFile;
  for (const auto *List : {&Sources, &PtoFiles})
    for (const std::string &F : *List) {
      std::string Err;
      std::optional<pto::driver::Resolved> R = optionsForFile(Configs, F, CommandLine, Err);
      if (!R)
        return configError(Err);
      std::string Key;
      for (const auto &[K, V] : R->values)
        Key += K + "=" + V + "\n";
      PerFile[F] = {std::make_shared<const pto::driver::Options>(std::move(R->options)), Key};
    }
  std::shared_ptr<const pto::driver::Baseline> Base;
  std::string BaseText; // for the result cache's key: another baseline, other outcomes
  if (!Opts.baseline.empty()) {
    std::string Err;
    std::optional<pto::driver::Baseline> B = pto::driver::Baseline::load(Opts.baseline, Err);
    if (!B)
      return configError(Err);
    BaseText = B->json();
    Base = std::make_shared<const pto::driver::Baseline>(std::move(*B));
  }

  if (!DB)
    DB = std::make_unique<FixedCompilationDatabase>(".", std::vector<std::string>{});
  auto Npu = std::make_unique<pto::clangfe::NpuDatabase>(std::move(DB), pto::clangfe::preludeDir(argv[0]));
  pto::clangfe::NpuDatabase &NpuDB = *Npu;
  DB = std::move(Npu);
  std::map<std::string, std::vector<CompileCommand>> Commands; // translated once; errors collected up front
  for (const std::string &F : Sources) {
    // By the absolute path, as ClangTool asks (a fixed database names the file in the command as it was asked).
    llvm::SmallString<256> Abs(F);
    llvm::sys::fs::make_absolute(Abs);
    Commands[F] = pto::clangfe::commandsOf(*DB, std::string(Abs));
    if (Commands[F].empty())
      Commands[F] = pto::clangfe::commandsOf(*DB, F);
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
      Err = pto::support::writeAtomically(ExportCommands, Text);
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

  // The inputs, each linted in a session of its own (on -j threads, or replayed from the result cache), then taken
  // into one session in input order: the report and the printed diagnostics do not depend on -j or the cache.
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  std::vector<Job> Work;
  for (const std::string &F : PtoFiles)
    Work.push_back({F, true, {}, PerFile[F].first, PerFile[F].second});
  for (const std::string &F : Sources)
    Work.push_back({F, false, Commands[F], PerFile[F].first, PerFile[F].second});
  RunContext Ctx;
  Ctx.baseline = Base;
  Ctx.opts = &Opts;
  Ctx.rules = &Rules;
  Ctx.format = Format;
  Ctx.cwd = std::string(Cwd);
  std::string Cache = CacheDir.getNumOccurrences() ? std::string(CacheDir) : pto::clangfe::ResultCache::defaultDir();
  if (Cache == "off" || !Opts.engine.dumpDir.empty()) // --dump-smt wants the queries, which a replay does not make
    Cache.clear();
  if (!Cache.empty()) {
    Ctx.cache = std::make_unique<pto::clangfe::ResultCache>(Cache);
    // Everything of this run that decides a file's outcome, but for the file's own inputs: the tool, its rules,
    // the options (all but where reports go), the format (text renders findings as diagnostics), the directory
    // (paths in diagnostics are printed as given).
    Ctx.keyBase = toolIdentity(argv[0]) + "\0cwd\0"s + Ctx.cwd + "\0format\0"s + (Format == "text" ? "text" : "data");
    for (size_t I = 0; I < Table.size(); ++I) {
      std::string Key = Table[I].key;
      if (Key == "output" || Key == "solver-stats" || Key == "quiet" || Key == "format" || Key == "write-baseline")
        continue;
      for (const std::string &V : *TableOpts[I])
        Ctx.keyBase += "\0opt\0"s + Key + "=" + V;
    }
    if (Base) { // a baselined finding is printed and counted otherwise
      Ctx.keyBase += "\0baseline\0"s + BaseText;
    }
    // The rule texts alone are some 160 KB: hashed once here, not again in every job's key.
    Ctx.keyBase = pto::clangfe::digest(Ctx.keyBase);
  }

  unsigned Threads = Jobs.getNumOccurrences() && Jobs > 0 ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  // A progress line on a terminal only: `[i/N] file`, rewritten in place, gone at the end.
  bool Progress = !Opts.quiet && ::isatty(STDERR_FILENO) && Work.size() > 1;
  // Text reports go to standard output with the compiler's own diagnostics, as clang-tidy does. Each file's
  // diagnostics are printed as soon as every file before it is done (input order, whatever finishes first).
  llvm::raw_ostream &Printed = Format == "text" ? llvm::outs() : llvm::errs();
  auto Session = std::make_shared<pto::driver::Session>(Opts);
  Session->useBaseline(Base); // for the count of entries nothing matched
  int RunStatus = 0; // ClangTool: 1 if a file failed, 2 if one was skipped (no compile command)
  std::vector<std::optional<Outcome>> Pending(Work.size());
  size_t Finished = 0, NextToPrint = 0;
  runJobs(Work, Ctx, Threads, [&](size_t I, Outcome O) {
    ++Finished;
    Pending[I] = std::move(O);
    if (Progress)
      llvm::errs() << "\r\x1b[K";
    for (; NextToPrint < Work.size() && Pending[NextToPrint]; ++NextToPrint) {
      Outcome &P = *Pending[NextToPrint];
      Printed << P.printed;
      Printed.flush();
      Session->absorb(P.results);
      RunStatus = P.status == 1 || RunStatus == 1 ? 1 : std::max(RunStatus, P.status);
      Pending[NextToPrint]->printed.clear(); // printed and absorbed: only "done" is kept
      Pending[NextToPrint]->results = {};
    }
    if (Progress && Finished < Work.size())
      llvm::errs() << "[" << Finished << "/" << Work.size() << "] " << Work[I].file;
    llvm::errs().flush();
  });

  pto::checker::RunInfo Info;
  Info.toolVersion = PTOLINT_VERSION;
  Info.targets = Opts.engine.targets;
  Info.baseDir = std::string(Cwd);
  Info.tally = Session->results().tally;
  std::string Report = Session->report(Info);
  // Files are written whole or not at all (a temporary and a rename): a full disk leaves no half report.
  if (!Output.empty()) {
    if (std::string Err = pto::support::writeAtomically(Output, Format == "text" ? Session->textReport(Info) : Report);
        !Err.empty())
      return usage(Err);
  } else if (!Report.empty()) {
    llvm::outs() << Report;
  }
  if (!Opts.stats.empty())
    if (std::string Err = pto::support::writeAtomically(Opts.stats, Session->statsJson()); !Err.empty())
      return usage(Err);
  if (!Opts.quiet)
    (Format == "text" && Output.empty() ? llvm::outs() : llvm::errs()) << Session->summaryLine() << "\n";
  llvm::outs().flush();
  if (llvm::outs().has_error()) { // standard output on a full disk: an error, not a silent loss (nor an abort)
    std::string Why = llvm::outs().error().message();
    llvm::outs().clear_error();
    return usage("cannot write the report to standard output: " + Why);
  }

  const pto::driver::Results &Results = Session->results();
  bool Incomplete = RunStatus != 0 || Results.translationUnits < Sources.size() + PtoFiles.size();
  int Rc = Session->exitCode(Incomplete);
  if (!Opts.writeBaseline.empty()) {
    // Every finding of the run, baselined ones too: the new file replaces the old one.
    llvm::SmallString<256> Dir(Opts.writeBaseline);
    llvm::sys::fs::make_absolute(Dir);
    llvm::sys::path::remove_filename(Dir);
    pto::driver::Baseline B = pto::driver::Baseline::of(Session->allFindings(), std::string(Dir));
    if (std::string Err = pto::support::writeAtomically(Opts.writeBaseline, B.json()); !Err.empty())
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
