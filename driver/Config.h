// driver: configuration files (`.pto-lint.yaml`, docs/configuration.md). A file's options are the defaults, then
// its configuration files (the closest one above it, and its parents' when it says InheritParentConfig), then the
// front end's explicit options (command line, plugin arguments, clang-tidy CheckOptions). Every configuration key
// is an entry of the option table (OptionSpec::configKey), so all front ends and the file mean the same thing.
#ifndef PTOLINT_DRIVER_CONFIG_H
#define PTOLINT_DRIVER_CONFIG_H

#include "Driver.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pto::driver {

/// The name searched for in each directory from a source file's up to the root.
inline constexpr const char *ConfigFileName = ".pto-lint.yaml";

/// KEY=VALUE options as a front end was given them (option-table keys), in order.
using OptionPairs = std::vector<std::pair<std::string, std::string>>;

/// One parsed configuration file: option-table keys with their values (validated), in file order.
struct ConfigFile {
  std::string path;
  bool inheritParent = false;
  OptionPairs settings;
};

/// Parses a configuration file's text; nullopt with Err as `PATH:LINE:COL: error: ...` (an unknown key, rule name
/// or target, a bad value, malformed YAML), the valid choices named.
std::optional<ConfigFile> parseConfig(const std::string &Path, const std::string &Text, std::string &Err);

/// The effective options of one file and where they came from.
struct Resolved {
  Options options;
  std::map<std::string, std::string> values; // option-table key -> effective value, for every configurable key
  std::vector<std::string> files;            // configuration files applied, root-most first
};

/// Configuration files by directory, read once per run (a CLI run over many files in one tree reads each file
/// once). Thread-safe.
class ConfigCache {
public:
  /// The effective options for Source (a source file; for --dump-config a directory too). CommandLine: the front
  /// end's explicit options, over the files; a `config-file` among them replaces the search. Base: the options
  /// before any (a front end's own defaults, e.g. the editor's shorter solver caps). nullopt with Err.
  std::optional<Resolved> resolve(const std::string &Source, const OptionPairs &CommandLine, const Options &Base,
                                  std::string &Err);
  /// Configuration files read from disk so far (tests: each is read once).
  unsigned filesRead() const;

private:
  mutable std::mutex M;
  std::map<std::string, std::optional<std::string>> Closest;       // directory -> closest config path at or above
  std::map<std::string, std::shared_ptr<const ConfigFile>> Parsed; // config path -> contents
  unsigned Reads = 0;
  std::optional<std::string> closestFrom(const std::string &Dir);
  std::shared_ptr<const ConfigFile> file(const std::string &Path, std::string &Err);
  bool chain(const std::string &Path, std::vector<std::shared_ptr<const ConfigFile>> &Out, std::string &Err);
};

/// The effective configuration as a `.pto-lint.yaml` that gives the same options when read back (--dump-config).
std::string dumpConfig(const Resolved &R);

} // namespace pto::driver

#endif
