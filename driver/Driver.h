// driver: what every front end of pto-lint shares, with no compiler in it. A front end (Clang plugin, CLI,
// clang-tidy module, clangd, launcher, `.pto` reader) turns its input into call sites (checker/Facts.h) and gives
// them to a Session with a way to read source text; the session checks them and owns everything after: target
// policy, de-duplication, grouping of template instantiations, NOLINT (with rule renames), severity policy, stats,
// the summary, reports (text, JSON, SARIF) and the exit code. Options come from one table (optionTable()).
#ifndef PTOLINT_DRIVER_DRIVER_H
#define PTOLINT_DRIVER_DRIVER_H

#include "checker/Emit.h"
#include "checker/Engine.h"
#include "checker/Finding.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace pto::driver {

/// Exit codes of a run (docs/cli.md).
enum Exit { Clean = 0, Findings = 1, InputError = 2, InternalError = 3 };

/// Checked units kept across sessions (pto-clangd: an edit that changes no call's facts re-checks nothing): the
/// findings before NOLINT and werror, which depend on the text and options, and the tally. Thread-safe, bounded.
class UnitCache {
public:
  struct Entry {
    std::vector<checker::Finding> findings;
    checker::Tally tally;
  };
  explicit UnitCache(size_t Capacity = 64) : Capacity(Capacity) {}
  std::optional<Entry> find(const std::string &Key) const;
  void put(const std::string &Key, Entry E);

private:
  mutable std::mutex M;
  std::map<std::string, Entry> Map;
  size_t Capacity;
};

class Baseline;

/// The report the CLI writes: clang-style text, pto-lint JSON, SARIF (docs/output-formats.md), or an HTML site
/// (docs/report.md).
enum class ReportFormat { Text, Json, Sarif, Html };

struct Options {
  checker::EngineOptions engine;
  /// Targets were given by the user; otherwise a translation unit whose compiler predefines its target
  /// (Unit::inferredTarget) is checked for that target only.
  bool targetsExplicit = false;
  bool werror = false; // report every finding as an error
  std::vector<std::string> warningsAsErrors; // clang-tidy style globs: these rules' warnings are errors
  /// Findings located in a header (not the unit's main file) are reported only when the header's path matches
  /// (POSIX extended regex, as clang-tidy's; searched). The default keeps every header the extractor reads (system headers never).
  std::string headerFilter = ".*";
  bool advisory = true; // report advisory findings (severity note)
  std::string configFile; // use this configuration file for every input (driver/Config.h), "" = search
  std::string baseline, writeBaseline; // CLI: baseline files to read / to write (driver/Baseline.h)
  // Reports (front ends that write them: the CLI).
  ReportFormat format = ReportFormat::Text;
  std::string output;          // file for the report ("" = standard output); Html: the directory
  std::string stats;           // file for solver statistics (JSON)
  bool quiet = false;          // no summary line
  bool lenientDocSyntax = false; // .pto: also read the ISA manual's spellings (with a warning)
  std::string ptoBackend;        // .pto: the ptoas backend the files are compiled with ("" = from each file)
  std::optional<bool> tileOpExpand; // .pto: ptoas --enable-tile-op-expand (unset = from each file)
  /// .pto: the pto-isa checkout whose implementation gives tile ops without rules of their own upstream's checks
  /// ("" = $PTOISA_DIR; none: those checks are skipped and the summary says so). Its include/ has pto/pto-inst.hpp.
  std::string ptoIsa;
  bool compilerWarnings = false; // CLI: also print the compiler's own warnings (errors are always printed)
  bool coverage = false;       // CLI: list upstream's checks that were not followed, with their reasons
  bool upstreamChecks = true;  // lift upstream's PTO_ASSERTs into checks of every op call (C++ front ends)
  bool upstreamFindings = false; // also report findings in upstream's code that no code of the user's reaches
  std::shared_ptr<UnitCache> unitCache; // null: every unit is checked
};

/// One option, as `KEY=VALUE` (plugin: -fplugin-arg-ptolint-KEY=VALUE; CLI: --KEY=VALUE).
struct OptionSpec {
  const char *key;
  const char *valueName; // "" for a flag
  const char *help;
  bool cliOnly;          // about the CLI's own reports
  std::string (*apply)(Options &, const std::string &Value); // "" or an error message
  /// Its key in `.pto-lint.yaml` and in the clang-tidy module's CheckOptions (`pto-lint.KEY`); null: not
  /// configurable there (docs/configuration.md).
  const char *configKey = nullptr;
  const char *defaultValue = ""; // what applying it gives a default Options (for --dump-config)
  /// Values of several layers (configuration files, command line) are joined with ',' instead of replaced: an
  /// ordered glob list where the last match decides, as clang-tidy's Checks and WarningsAsErrors.
  bool accumulates = false;
};
const std::vector<OptionSpec> &optionTable();
/// Applies one option; "" or an error message.
std::string applyOption(Options &O, const std::string &Key, const std::string &Value);
/// One line per option: `Prefix KEY=VALUE  help`, cliOnly options included only when ForCli.
std::string optionHelp(bool ForCli);
/// The entry for Key, or null.
const OptionSpec *findOption(const std::string &Key);

/// A translation unit as a front end read it.
struct Unit {
  std::vector<checker::CallSite> calls;
  std::string mainFile;
  std::optional<checker::Target> inferredTarget; // from the compiler's predefined macros
  bool compileFailed = false;                    // the compiler reported errors
  double extractMicros = 0;                      // time the front end spent reading calls
};

/// The text of a source file (for NOLINT comments); empty if unknown.
using SourceText = std::function<std::string_view(const std::string &File)>;

/// What a run produced, accumulated over translation units.
struct Results {
  std::vector<checker::Finding> findings; // as reported per unit (a finding may repeat across units)
  checker::Tally tally;
  unsigned suppressed = 0;
  unsigned headerFiltered = 0, advisoryOff = 0; // findings not reported: header-filter, advisory=false
  unsigned upstreamOnly = 0; // findings in upstream's code that no code of the user's reaches (upstream-findings)
  unsigned compilerWarningsHidden = 0; // the compiler's own warnings the CLI did not print (--compiler-warnings)
  std::vector<checker::Finding> baselined; // findings the baseline matched (not reported, not failing the run)
  unsigned internalErrors = 0;
  unsigned translationUnits = 0;
  unsigned failedTranslationUnits = 0;
  std::set<std::string> mainFiles;     // distinct source files (a mixed kernel is one file, two units)
  /// Per main file (the kernel): its checked calls by op and target and how each ended (Tally::ends), and the tiles
  /// its calls place with TASSIGN.
  std::map<std::string, checker::KernelSummary> kernels;
  std::vector<double> queryMicros;     // solver time per query
  std::vector<double> decisionMicros;  // time per decision: precheck, and solver query when needed
  std::vector<double> callMicros;      // engine time per call site, all its rules and targets
  unsigned groundQueries = 0, enumerated = 0, cacheHits = 0, prechecked = 0, z3Calls = 0;
  unsigned sameFacts = 0; // calls whose checks an earlier call at their place with equal facts decided (Session::check)
  double extractMicros = 0, checkMicros = 0;
  /// Textual PTO's tile ops without rules of their own (driver/PtoImpl.h): the statements read, those checked
  /// against pto-isa's implementation, and each (place, op, why) that was not (for a target, or at all).
  unsigned ptoImplStatements = 0, ptoImplChecked = 0;
  std::map<std::tuple<std::string, unsigned, std::string, std::string>, unsigned> ptoImplSkipped;
  /// Appends another run's results (a file linted on another thread, or replayed from the result cache).
  void add(const Results &O);
};

class Session {
public:
  explicit Session(Options O, const checker::RuleSet &Rules = checker::RuleSet::builtin());
  const Options &options() const { return Opts; }

  /// Checks one translation unit. Returns its findings as they are to be reported: one per (location, rule,
  /// message), template instantiations of one call grouped, NOLINT applied, severity policy applied, the header
  /// filter and the baseline applied.
  std::vector<checker::Finding> lint(const Unit &U, const SourceText &Text);
  /// Findings matching this baseline are not reported and do not count in the exit code (CLI --baseline).
  void useBaseline(std::shared_ptr<const Baseline> B);
  /// Every finding of the run, the baselined ones included (what --write-baseline writes).
  std::vector<checker::Finding> allFindings() const;
  /// Baseline entries (counted per finding) that matched nothing in this run.
  unsigned staleBaselineEntries() const;
  /// The front end failed on a unit in a way that may lose findings (an exception in the front end).
  void internalError() { ++R.internalErrors; }
  /// The CLI left N of the compiler's own warnings unprinted (Options::compilerWarnings); the summary says so.
  void compilerWarningsHidden(unsigned N) { R.compilerWarningsHidden += N; }
  /// Takes in what other sessions produced (the CLI lints each file in a session of its own, possibly on another
  /// thread or from its cache, and reports from one session that absorbed them all, in input order).
  void absorb(const Results &O) { R.add(O); }

  /// A kernel checked for several targets is parsed once per target (docs/upstream-checks.md, "The target"). The
  /// session of another target's parse collects its units instead of checking them (collectUnits, collected); the
  /// session that checks gets them (otherTargets), and each of its calls gains the upstream checks of the call that
  /// reads alike there (the same facts: callKey), from that target's implementation.
  void collectUnits() { Collecting = true; }
  std::vector<Unit> collected() { return std::move(Collected); }
  void otherTargets(std::vector<Unit> Us) { Others.insert(Others.end(), Us.begin(), Us.end()); }
  /// A `static_assert` of another target's implementation that fails in an instantiation one of the unit's calls makes
  /// (call: that call's place, as the compiler's instantiation notes give it): the call gets it as a compile-time check
  /// of that target (UpstreamCheck::compileTime), reported as a finding, where that target's parse stopped.
  struct StaticAssertFailure {
    checker::Target target;
    checker::SourceLoc call, at; // the call in the main file; the static_assert in the headers
    std::string text, message;   // its condition as the compiler printed it; its message
  };
  void otherTargetStaticAsserts(std::vector<StaticAssertFailure> Fs) {
    StaticAsserts.insert(StaticAsserts.end(), Fs.begin(), Fs.end());
  }
  const checker::RuleSet &rules() const { return Rules; }

  const Results &results() const { return R; }
  /// The findings of the whole run, de-duplicated across units (the cores of a mixed kernel, shared headers).
  std::vector<checker::Finding> findings() const;
  /// The report in Opts.format ("" for text, which front ends print as diagnostics themselves; for html the JSON
  /// report the pages are made from).
  std::string report(const checker::RunInfo &Info) const;
  /// The text rendering of findings() (what --output=FILE writes for the text format).
  std::string textReport(const checker::RunInfo &Info) const;
  /// `pto-lint: N files, ...`.
  std::string summaryLine() const;
  /// Upstream's checks that were not followed, one line each with how often and why (--coverage).
  std::string coverageReport(const std::string &BaseDir) const;
  /// Solver statistics (JSON object, one line).
  std::string statsJson() const;
  /// The run's exit code; InputsIncomplete: some input could not be processed (no command, not compiled).
  int exitCode(bool InputsIncomplete) const;

private:
  Options Opts;
  const checker::RuleSet &Rules;
  Results R;
  bool Collecting = false;
  std::vector<Unit> Collected, Others;
  std::vector<StaticAssertFailure> StaticAsserts;
  /// U with the upstream checks of Others' calls that read alike joined to its calls.
  Unit withOtherTargets(const Unit &U) const;
  std::shared_ptr<const Baseline> Base;
  std::map<std::string, unsigned> BaseLeft; // fingerprint -> entries not matched yet
  bool baselined(const checker::Finding &F);
  std::vector<checker::Finding> check(const Unit &U, const checker::EngineOptions &EO, checker::Tally &T);
};

/// One finding per (pattern location, rule, targets) for calls in templates: the first failing instantiation
/// gives the headline; each other failing instantiation adds a note with its own message, and the instantiations
/// in which the rule holds are named too. (Exposed for tests.)
std::vector<checker::Finding> groupInstantiations(std::vector<checker::Finding> Fs,
                                                  const std::vector<checker::CallSite> &Calls);

} // namespace pto::driver

#endif
