// driver: a run over files and `pto-lint merge` (see Run.h).
#include "Run.h"
#include "HtmlReport.h"

#include "PtoImpl.h"
#include "ResultCache.h"
#include "Serialize.h"
#include "checker/Emit.h"
#include "ptotext/Reader.h"
#include "support/Files.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

using namespace std::string_literals;

namespace pto::checker {
const std::vector<std::pair<std::string, std::string>> &embeddedRuleFiles(); // EmbeddedRules.cpp (the build)
}

namespace pto::driver {

int usage(const std::string &Msg) {
  llvm::errs() << "pto-lint: error: " << Msg << "\n";
  return InputError;
}

int configError(const std::string &Err) {
  if (Err.find(": error: ") != std::string::npos) {
    llvm::errs() << Err << "\n";
    return InputError;
  }
  return usage(Err);
}

std::string parseShard(const std::string &S, unsigned &I, unsigned &N) {
  unsigned A = 0, B = 0;
  char Slash = 0, Extra = 0;
  if (std::sscanf(S.c_str(), "%u%c%u%c", &A, &Slash, &B, &Extra) != 3 || Slash != '/' || B == 0 || A == 0 || A > B)
    return "--shard needs i/n with 1 <= i <= n, got '" + S + "'";
  I = A;
  N = B;
  return "";
}

std::string toolIdentity(const char *Argv0, const std::string &Version) {
  std::string Id = "pto-lint " + Version;
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&toolIdentity));
  llvm::sys::fs::file_status St;
  if (!llvm::sys::fs::status(Exe, St))
    Id += "\0exe\0"s + Exe + "\0"s + std::to_string(St.getSize()) + "\0"s +
          std::to_string(St.getLastModificationTime().time_since_epoch().count());
  for (const auto &[Name, Text] : checker::embeddedRuleFiles())
    Id += "\0rule\0"s + Name + "\0"s + Text;
  return Id;
}

namespace {

/// What linting one input file produced: the run's results, what it printed (compiler diagnostics, and findings
/// as diagnostics in the text format), and the front end's status (0 done, 1 did not compile, 2 skipped).
struct Outcome {
  Results results;
  std::string printed;
  int status = 0;
  bool cached = false;
};

std::string outcomeBytes(const Outcome &O) {
  nlohmann::json J = {{"results", resultsToJson(O.results)}, {"printed", O.printed}, {"status", O.status}};
  std::vector<uint8_t> B = nlohmann::json::to_cbor(J);
  return std::string(B.begin(), B.end());
}

std::optional<Outcome> outcomeOf(const std::string &Bytes) {
  try {
    nlohmann::json J = nlohmann::json::from_cbor(Bytes.begin(), Bytes.end());
    Outcome O;
    O.results = resultsFromJson(J.at("results"));
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
  std::string commands; // C++ files: the compile commands as text (the front end's)
  /// The file's options: its .pto-lint.yaml chain under the command line (null: the run's), and their values as
  /// text for the cache key (the configuration decides the outcome as much as the command line does).
  std::shared_ptr<const Options> opts;
  std::string configKey;
  /// `.pto` files: the text and reading made before the jobs run (for PtoImpl's signatures), which the job takes.
  std::shared_ptr<std::pair<std::string, ptotext::Reading>> read;
};

/// Everything a run shares across its threads (read-only while they run, but for the content hashes).
struct RunContext {
  const Options *opts = nullptr;
  const checker::RuleSet *rules = nullptr;
  CppFrontEnd *cpp = nullptr;
  ReportFormat format = ReportFormat::Text;
  std::string cwd;
  std::unique_ptr<ResultCache> cache; // null: off
  ContentHashes hashes;
  std::string keyBase; // digest of what every job's key shares: tool, rules, options, baseline
  std::shared_ptr<const Baseline> baseline; // --baseline (null: none)
  PtoImpl *ptoImpl = nullptr; // textual PTO's tile ops through pto-isa's implementation
};

/// A job's session: the file's own options, the run's baseline.
std::shared_ptr<Session> sessionFor(const Job &J, const RunContext &Ctx) {
  auto S = std::make_shared<Session>(J.opts ? *J.opts : *Ctx.opts, *Ctx.rules);
  S->useBaseline(Ctx.baseline);
  return S;
}

/// A `.pto` file's text and what the textual front end reads from it with a file's options.
ptotext::Reading readPto(const std::string &File, const Options &Opts, const checker::RuleSet &Rules, std::string &Text) {
  std::ifstream In(File, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  Text = SS.str();
  ptotext::ReadOptions RO;
  RO.lenient = Opts.lenientDocSyntax;
  RO.backend = Opts.ptoBackend;
  RO.tileOpExpand = Opts.tileOpExpand;
  RO.implCalls = Opts.upstreamChecks;
  return ptotext::read(File, Text, Rules, RO);
}

/// A `.pto` file, read by the textual front end; its syntax errors rendered as the findings are (paths as given).
Outcome lintPto(const Job &J, const RunContext &Ctx, std::set<std::string> &Read) {
  Outcome O;
  auto S = sessionFor(J, Ctx);
  std::string Text;
  ptotext::Reading Rd;
  if (J.read) { // read already (Run::lint)
    Text = std::move(J.read->first);
    Rd = std::move(J.read->second);
  } else {
    Rd = readPto(J.file, S->options(), *Ctx.rules, Text);
  }
  Unit U;
  U.mainFile = J.file;
  U.calls = std::move(Rd.calls);
  // Tile ops without rules of their own: upstream's checks, through pto-isa's implementation.
  std::vector<std::tuple<checker::SourceLoc, std::string, std::string>> Skipped;
  size_t Before = U.calls.size();
  if (Ctx.ptoImpl && !Rd.implCalls.empty())
    Ctx.ptoImpl->resolve(ptoIsaDir(S->options()), ptoTargets(S->options(), Rd.target), Rd.implCalls, U.calls, Skipped,
                         Read);
  U.inferredTarget = Rd.target;
  U.compileFailed = !Rd.errors.empty();
  const checker::RunInfo AsGiven;
  for (const ptotext::Problem &P : Rd.errors)
    O.printed += checker::diagnosticText(P.loc, "error", P.message, AsGiven);
  for (const ptotext::Problem &P : Rd.warnings)
    O.printed += checker::diagnosticText(P.loc, "warning", P.message, AsGiven);
  std::vector<checker::Finding> Fs = S->lint(U, [&](const std::string &) { return std::string_view(Text); });
  if (Ctx.format == ReportFormat::Text) {
    checker::RunInfo Here;
    Here.baseDir = Ctx.cwd;
    O.printed += checker::toText(Fs, Here);
  }
  O.results = S->results();
  O.results.ptoImplStatements = unsigned(Rd.implCalls.size());
  O.results.ptoImplChecked = unsigned(U.calls.size() - Before);
  for (const auto &[Loc, Op, Why] : Skipped)
    ++O.results.ptoImplSkipped[{Loc.file, Loc.line, Op, Why}];
  return O;
}

/// The cache key of a job: what the run shares (keyBase) and the job's own inputs. The file's text and every header
/// are checked through the entry's list of files read.
std::string jobKey(const Job &J, const RunContext &Ctx) {
  return digest(Ctx.keyBase + "\0file\0"s + J.file + (J.pto ? "\0pto"s : "\0cpp"s) + "\0config\0"s + J.configKey +
                J.commands);
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
    O = lintPto(J, Ctx, Read);
  } else {
    auto S = sessionFor(J, Ctx);
    O.status = Ctx.cpp->lint(J.file, S, Ctx.format == ReportFormat::Text, O.printed, Read);
    O.results = S->results();
  }
  // Only what is reproducible is kept: a unit that did not compile, or an internal or solver error, is re-run.
  const Results &R = O.results;
  if (Ctx.cache && O.status == 0 && !R.internalErrors && !R.failedTranslationUnits && !R.tally.errors && !Read.empty())
    Ctx.cache->store(Key, {Read.begin(), Read.end()}, Ctx.hashes, Started, outcomeBytes(O));
  return O;
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

/// Keeps shard I of N (1-based) of Fs: the distinct inputs All sorted by path, every N-th from the I-th.
void keepShard(std::vector<std::string> &Fs, const std::set<std::string> &All, unsigned I, unsigned N) {
  std::vector<std::string> Out;
  for (const std::string &F : Fs)
    if (All.count(F)) {
      size_t Index = std::distance(All.begin(), All.find(F));
      if (Index % N == I - 1)
        Out.push_back(F);
    }
  Fs = std::move(Out);
}

/// Why F cannot be read as an input, or "".
std::string unreadable(const std::string &F, bool Pto) {
  if (Pto) {
    if (!llvm::sys::fs::exists(F) || llvm::sys::fs::is_directory(F) || !std::ifstream(F)) // a directory opens
      return "cannot read '" + F + "'" +
             (llvm::sys::fs::exists(F) ? llvm::sys::fs::is_directory(F) ? ": it is a directory" : "" : ": no such file");
    return "";
  }
  if (!llvm::sys::fs::exists(F))
    return "cannot read '" + F + "': no such file";
  if (!std::ifstream(F))
    return "cannot read '" + F + "'";
  return "";
}

} // namespace

std::string Run::setOptions(const std::vector<std::pair<std::string, std::vector<std::string>>> &Given) {
  for (const auto &[Key, Values] : Given) {
    std::string Joined;
    for (const std::string &V : Values)
      Joined += (Joined.empty() ? "" : ",") + V;
    if (std::string Err = applyOption(Opts, Key, Joined); !Err.empty())
      return Err;
    CommandLine.emplace_back(Key, Joined);
    // Where reports go does not decide a file's outcome (the format does, but it is in the key apart).
    if (Key == "output" || Key == "solver-stats" || Key == "quiet" || Key == "format" || Key == "write-baseline")
      continue;
    for (const std::string &V : Values)
      CacheOptions += "\0opt\0"s + Key + "=" + V;
  }
  return "";
}

std::string Run::checkPaths() const {
  if (!Opts.ptoIsa.empty())
    if (std::string Err = ptoIsaProblem(Opts.ptoIsa); !Err.empty())
      return "--pto-isa: " + Err;
  if (!Opts.engine.dumpDir.empty() && !llvm::sys::fs::is_directory(Opts.engine.dumpDir))
    return "--dump-smt directory '" + Opts.engine.dumpDir + "' does not exist";
  // Before any file is linted: the HTML report is a directory of pages.
  if (Opts.format == ReportFormat::Html && Opts.output.empty())
    return "--format=html writes a directory of pages: give it with --output=DIR";
  if (Opts.format == ReportFormat::Html && llvm::sys::fs::exists(Opts.output) &&
      !llvm::sys::fs::is_directory(Opts.output))
    return "--output '" + Opts.output + "' is not a directory (--format=html writes a directory of pages)";
  return "";
}

int Run::dumpConfig(const std::string &File) {
  std::string Err;
  std::optional<Resolved> R = Configs.resolve(File, CommandLine, Options(), Err);
  if (!R)
    return configError(Err);
  llvm::outs() << driver::dumpConfig(*R);
  return Clean;
}

std::string Run::setInputs(std::vector<std::string> PtoFiles, std::vector<std::string> CppFiles,
                           const std::string &Shard, const std::function<std::string(const std::string &)> &HasCommands) {
  Pto = std::move(PtoFiles);
  Cpp = std::move(CppFiles);
  if (Cpp.empty() && Pto.empty())
    return "no input files (give files, or -p <build dir> to check every file in the database)";
  if (!Shard.empty()) {
    // Deterministic whatever the database's order: the distinct inputs sorted by path, every n-th from the i-th.
    unsigned I = 0, N = 0;
    if (std::string Err = parseShard(Shard, I, N); !Err.empty())
      return Err;
    std::set<std::string> All(Cpp.begin(), Cpp.end());
    All.insert(Pto.begin(), Pto.end());
    keepShard(Cpp, All, I, N);
    keepShard(Pto, All, I, N);
  }
  for (const std::string &F : Pto)
    if (std::string Err = unreadable(F, true); !Err.empty())
      return Err;
  for (const std::string &F : Cpp) {
    if (std::string Err = unreadable(F, false); !Err.empty())
      return Err;
    if (HasCommands)
      if (std::string Err = HasCommands(F); !Err.empty())
        return Err;
  }
  return "";
}

int Run::prepare() {
  for (const auto *List : {&Cpp, &Pto})
    for (const std::string &F : *List) {
      std::string Err;
      std::optional<Resolved> R = Configs.resolve(F, CommandLine, Options(), Err);
      if (!R)
        return configError(Err);
      std::string Key;
      for (const auto &[K, V] : R->values)
        Key += K + "=" + V + "\n";
      PerFile[F] = {std::make_shared<const Options>(std::move(R->options)), Key};
    }
  if (!Opts.baseline.empty()) {
    std::string Err;
    std::optional<Baseline> B = Baseline::load(Opts.baseline, Err);
    if (!B)
      return configError(Err);
    BaseText = B->json();
    Base = std::make_shared<const Baseline>(std::move(*B));
  }
  return Clean;
}

int Run::lint(CppFrontEnd &FE, std::optional<std::string> CacheDir, unsigned Jobs, const char *Argv0) {
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  std::vector<Job> Work;
  for (const std::string &F : Pto)
    Work.push_back({F, true, "", PerFile[F].opts, PerFile[F].key, nullptr});
  for (const std::string &F : Cpp)
    Work.push_back({F, false, FE.commandsKey(F), PerFile[F].opts, PerFile[F].key, nullptr});
  RunContext Ctx;
  Ctx.baseline = Base;
  Ctx.opts = &Opts;
  Ctx.rules = &Rules;
  Ctx.cpp = &FE;
  Ctx.format = Opts.format;
  Ctx.cwd = std::string(Cwd);
  std::string Cache = CacheDir ? *CacheDir : ResultCache::defaultDir();
  if (Cache == "off" || !Opts.engine.dumpDir.empty()) // --dump-smt wants the queries, which a replay does not make
    Cache.clear();
  if (!Cache.empty()) {
    Ctx.cache = std::make_unique<ResultCache>(Cache);
    // Everything of this run that decides a file's outcome, but for the file's own inputs: the tool, its rules,
    // the options (all but where reports go), the format (text renders findings as diagnostics), the directory
    // (paths in diagnostics are printed as given), the baseline (a baselined finding is printed and counted
    // otherwise). The rule texts alone are some 160 KB: hashed once here, not again in every job's key.
    Ctx.keyBase = digest(toolIdentity(Argv0, Version) + "\0cwd\0"s + Ctx.cwd + "\0format\0"s +
                         (Opts.format == ReportFormat::Text ? "text" : "data") + CacheOptions +
                         (Base ? "\0baseline\0"s + BaseText : "") + "\0ptoisa\0"s + ptoIsaDir(Opts));
  }

  // The calls the .pto files' tile ops without rules make of pto-isa, each instantiated once for the whole run.
  PtoImpl Impl(FE);
  Ctx.ptoImpl = &Impl;
  for (Job &J : Work) {
    const Options &O = J.opts ? *J.opts : Opts;
    std::string Isa = J.pto && O.upstreamChecks ? ptoIsaDir(O) : "";
    if (Isa.empty())
      continue;
    std::string Text;
    ptotext::Reading Rd = readPto(J.file, O, Rules, Text);
    Impl.want(Isa, ptoTargets(O, Rd.target), Rd.implCalls);
    J.read = std::make_shared<std::pair<std::string, ptotext::Reading>>(std::move(Text), std::move(Rd));
  }

  unsigned Threads = Jobs > 0 ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  // A progress line on a terminal only: `[i/N] file`, rewritten in place, gone at the end.
  bool Progress = !Opts.quiet && ::isatty(STDERR_FILENO) && Work.size() > 1;
  // Text reports go to standard output with the compiler's own diagnostics, as clang-tidy does. Each file's
  // diagnostics are printed as soon as every file before it is done (input order, whatever finishes first).
  llvm::raw_ostream &Printed = Opts.format == ReportFormat::Text ? llvm::outs() : llvm::errs();
  Session All(Opts);
  All.useBaseline(Base); // for the count of entries nothing matched
  int RunStatus = 0;     // 1 if a file failed, 2 if one was skipped (no compile command)
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
      All.absorb(P.results);
      RunStatus = P.status == 1 || RunStatus == 1 ? 1 : std::max(RunStatus, P.status);
      P.printed.clear(); // printed and absorbed: only "done" is kept
      P.results = {};
    }
    if (Progress && Finished < Work.size())
      llvm::errs() << "[" << Finished << "/" << Work.size() << "] " << Work[I].file;
    llvm::errs().flush();
  });
  return report(All, RunStatus != 0 || All.results().translationUnits < Work.size(), std::string(Cwd));
}

/// The reports, the summary, the baseline to write, the exit code.
int Run::report(const Session &S, bool Incomplete, const std::string &Cwd) {
  const std::string &Output = Opts.output;
  bool Text = Opts.format == ReportFormat::Text;
  checker::RunInfo Info;
  Info.toolVersion = Version;
  Info.targets = Opts.engine.targets;
  Info.baseDir = Cwd;
  Info.tally = S.results().tally;
  Info.kernels = S.results().kernels;
  std::string Report = S.report(Info);
  // Files are written whole or not at all (a temporary and a rename): a full disk leaves no half report.
  if (Opts.format == ReportFormat::Html) {
    HtmlInput In;
    In.ubBytes = ubCapacities(Rules);
    if (std::string Err = addReport(Report, In); !Err.empty())
      return usage("cannot make the HTML report: " + Err);
    if (std::string Err = writeSite(htmlReport(In, readSourceFile), Output); !Err.empty())
      return usage(Err);
  } else if (!Output.empty()) {
    if (std::string Err = support::writeAtomically(Output, Text ? S.textReport(Info) : Report);
        !Err.empty())
      return usage(Err);
  } else if (!Report.empty()) {
    llvm::outs() << Report;
  }
  if (!Opts.stats.empty())
    if (std::string Err = support::writeAtomically(Opts.stats, S.statsJson()); !Err.empty())
      return usage(Err);
  if (!Opts.quiet)
    (Text && Output.empty() ? llvm::outs() : llvm::errs()) << S.summaryLine() << "\n";
  if (Opts.coverage)
    (Text && Output.empty() ? llvm::outs() : llvm::errs()) << S.coverageReport(Info.baseDir);
  llvm::outs().flush();
  if (llvm::outs().has_error()) { // standard output on a full disk: an error, not a silent loss (nor an abort)
    std::string Why = llvm::outs().error().message();
    llvm::outs().clear_error();
    return usage("cannot write the report to standard output: " + Why);
  }

  const Results &R = S.results();
  int Rc = S.exitCode(Incomplete);
  if (!Opts.writeBaseline.empty()) {
    // Every finding of the run, baselined ones too: the new file replaces the old one.
    llvm::SmallString<256> Dir(Opts.writeBaseline);
    llvm::sys::fs::make_absolute(Dir);
    llvm::sys::path::remove_filename(Dir);
    Baseline B = Baseline::of(S.allFindings(), std::string(Dir));
    if (std::string Err = support::writeAtomically(Opts.writeBaseline, B.json()); !Err.empty())
      return usage(Err);
    if (!Opts.quiet)
      llvm::errs() << "pto-lint: wrote " << B.size() << " finding" << (B.size() == 1 ? "" : "s") << " to baseline '"
                   << Opts.writeBaseline << "'\n";
    if (Rc == Findings)
      Rc = Clean; // recorded, not failed; input and internal errors still are
  }
  if (Rc == InputError)
    llvm::errs() << "pto-lint: error: "
                 << (R.failedTranslationUnits ? "some files did not compile (or, .pto, did not parse)"
                                                    : "some files could not be processed")
                 << "; findings for the calls that were parsed are reported\n";
  return Rc;
}

std::optional<int> subcommandInputs(const Subcommand &S, const std::vector<std::string> &Args, std::string &Value,
                                    std::vector<std::string> &Inputs, std::vector<std::string> &Texts) {
  const std::string Name = S.name, Long = std::string("--") + S.option,
                    Short = S.shortOption ? std::string("-") + S.shortOption : std::string();
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A(Args[I]);
    if (A == "-h" || A == "--help") {
      llvm::outs() << S.synopsis << "\n\n" << S.help;
      return Clean;
    }
    if (A.consume_front(Long + "=") || (!Short.empty() && A.consume_front(Short + "=")))
      Value = std::string(A);
    else if ((A == Long || (!Short.empty() && A == Short)) && I + 1 < Args.size())
      Value = Args[++I];
    else if (A.starts_with("-") && A != "-")
      return usage(Name + ": unknown option '" + std::string(A) + "' (see pto-lint " + Name + " --help)");
    else
      Inputs.push_back(std::string(A));
  }
  if (Inputs.empty())
    return usage(Name + ": no logs given (" + S.synopsis + ")");
  for (const std::string &F : Inputs) {
    auto Buf = F == "-" ? llvm::MemoryBuffer::getSTDIN() : llvm::MemoryBuffer::getFile(F, /*IsText=*/true);
    if (!Buf)
      return usage(Name + ": cannot read '" + F + "': " + Buf.getError().message());
    Texts.push_back(std::string((*Buf)->getBuffer()));
  }
  return std::nullopt;
}

int merge(const std::vector<std::string> &Args) {
  static const Subcommand Merge = {"merge", "pto-lint merge [--output=FILE] LOG.sarif...",
                                   "Joins the SARIF logs of `pto-lint --shard=i/n --format=sarif` runs into the log of "
                                   "one run over all\ninputs (standard output, or FILE written atomically).\n",
                                   "output", "o"};
  std::string Output;
  std::vector<std::string> Inputs, Logs;
  if (std::optional<int> Rc = subcommandInputs(Merge, Args, Output, Inputs, Logs))
    return *Rc;
  std::string Err;
  std::string Merged = checker::mergeSarif(Logs, checker::RuleSet::builtin(), Err);
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
  if (std::string E = support::writeAtomically(Output, Merged); !E.empty())
    return usage("merge: " + E);
  return Clean;
}

} // namespace pto::driver
