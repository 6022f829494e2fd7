// driver: a run over files, as the `pto-lint` CLI makes it: the command line's options over each file's
// configuration, the inputs (sharded, checked), each input linted in a session of its own on -j threads or replayed
// from the result cache, then taken into one session in input order (the report and the printed diagnostics do not
// depend on -j or the cache), the reports, the baseline and the exit code; and `pto-lint merge`. `.pto` files are
// read here (ptotext/); C++ files by a front end that compiles them (CppFrontEnd: the Clang tool, clangfe/).
#ifndef PTOLINT_DRIVER_RUN_H
#define PTOLINT_DRIVER_RUN_H

#include "driver/Baseline.h"
#include "driver/Config.h"
#include "driver/Driver.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace pto::driver {

/// Prints `pto-lint: error: Msg`; returns InputError.
int usage(const std::string &Msg);
/// Prints a configuration error: located ones (`file:line:col: error: ...`) as they are, others as usage's.
int configError(const std::string &Err);

/// `--shard=i/n`: the 1-based shard index and the count; "" or the error.
std::string parseShard(const std::string &S, unsigned &I, unsigned &N);

/// The front end that lints C++ files (it knows their compile commands).
class CppFrontEnd {
public:
  virtual ~CppFrontEnd() = default;
  /// File's compile commands as text: a part of its result-cache key.
  virtual std::string commandsKey(const std::string &File) const = 0;
  /// Lints File in S. Compiler diagnostics, and with Text the findings rendered as diagnostics, go to Printed; the
  /// absolute path of every file the compile read goes to Read. ClangTool's status: 0 done, 1 a compile failed, 2 a
  /// file was skipped (no compile command).
  virtual int lint(const std::string &File, std::shared_ptr<Session> S, bool Text, std::string &Printed,
                   std::set<std::string> &Read) = 0;

  /// A translation unit of pto-lint's own that calls pto-isa (textual PTO's tile ops, ptotext/Lowering.h), parsed.
  struct Instantiation {
    std::vector<checker::CallSite> calls; // every op call read from it
    /// The first error attributed to a line of the source (its own line, or the line whose call instantiated the
    /// template the error is in), by line.
    std::map<unsigned, std::string> errors;
    std::string failed;                   // an error no line of the source is behind, or what stopped the parse
    std::set<std::string> read;           // every file the parse read (absolute paths)
  };
  /// Parses Source, named SourceName, as the vendor compiler would compile it for Target's vector or cube core
  /// with the pto-isa headers of IsaDir (IsaDir/include).
  virtual Instantiation instantiate(const std::string &Source, const std::string &SourceName, checker::Target Target,
                                    bool Cube, const std::string &IsaDir) = 0;
};

/// The identity of this build of pto-lint for the result cache: version, the executable (path, size, time: a
/// rebuilt binary is another tool) and the rules it carries.
std::string toolIdentity(const char *Argv0, const std::string &Version);

class Run {
public:
  explicit Run(const checker::RuleSet &Rules, std::string Version) : Rules(Rules), Version(std::move(Version)) {}

  /// The command line's options (each given table option with its values, in table order; several values are
  /// joined with ','), over the defaults; "" or the error.
  std::string setOptions(const std::vector<std::pair<std::string, std::vector<std::string>>> &Given);
  const Options &options() const { return Opts; }
  /// The options' own checks that need the file system (--dump-smt's directory, --format=html's --output directory);
  /// "" or the error.
  std::string checkPaths() const;
  /// `--dump-config`: the effective configuration of File as .pto-lint.yaml; an exit code.
  int dumpConfig(const std::string &File);

  /// The inputs: `.pto` files and C++ files (Cpp: from the command line, else every file of the database), then
  /// --shard, then each checked: it exists, can be read, and (HasCommands, when given) has a compile command
  /// ("" or the error to report). "" or the error.
  std::string setInputs(std::vector<std::string> Pto, std::vector<std::string> Cpp, const std::string &Shard,
                        const std::function<std::string(const std::string &)> &HasCommands);
  const std::vector<std::string> &cppFiles() const { return Cpp; }
  /// Every input's options (its .pto-lint.yaml chain) and the baseline, before anything runs: a bad configuration
  /// file stops the run. An exit code (Clean: go on).
  int prepare();

  /// Lints every input (C++ files with FE), prints and writes the reports; the run's exit code. CacheDir: the
  /// result cache (nullopt: the default directory; "off"); Jobs: threads (0: the cores); Argv0: the program, for
  /// the cache key (toolIdentity).
  int lint(CppFrontEnd &FE, std::optional<std::string> CacheDir, unsigned Jobs, const char *Argv0);

private:
  const checker::RuleSet &Rules;
  std::string Version;
  Options Opts; // the run's: reports, baseline; each file's checking options add its configuration
  OptionPairs CommandLine;
  std::string CacheOptions; // the options that decide outcomes, for the cache key
  ConfigCache Configs;
  std::vector<std::string> Pto, Cpp;
  struct FileOptions {
    std::shared_ptr<const Options> opts;
    std::string key; // their values as text, for the cache key
  };
  std::map<std::string, FileOptions> PerFile;
  std::shared_ptr<const Baseline> Base;
  std::string BaseText; // for the result cache's key: another baseline, other outcomes
  int report(const Session &S, bool Incomplete, const std::string &Cwd);
};

/// A subcommand of `pto-lint` over saved logs (`merge`, `report`): its synopsis, its help, and its one option with
/// a value.
struct Subcommand {
  const char *name;        // "merge"
  const char *synopsis;    // "pto-lint merge [--output=FILE] LOG.sarif..."
  const char *help;        // printed after the synopsis by --help
  const char *option;      // "output": --output=V or --output V
  const char *shortOption; // "o": -o=V or -o V; null: none
};
/// Args (what follows the subcommand's name): the option's value, the input files and their texts, read whole ("-":
/// standard input). nullopt: go on; else the exit code (--help printed, or a usage error reported).
std::optional<int> subcommandInputs(const Subcommand &S, const std::vector<std::string> &Args, std::string &Value,
                                    std::vector<std::string> &Inputs, std::vector<std::string> &Texts);

/// `pto-lint merge [--output=FILE] LOG.sarif...` (Args: what follows `merge`): the shards' SARIF logs as one run's;
/// an exit code.
int merge(const std::vector<std::string> &Args);

} // namespace pto::driver

#endif
