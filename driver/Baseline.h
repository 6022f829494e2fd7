// driver: baselines: the findings a project has accepted for now, as fingerprints, so that a CI run fails only on
// new ones (pto-lint --write-baseline / --baseline, docs/baseline.md).
#ifndef PTOLINT_DRIVER_BASELINE_H
#define PTOLINT_DRIVER_BASELINE_H

#include "checker/Finding.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pto::driver {

/// A baseline file: fingerprints with how many findings each covers. A fingerprint is a hash of the rule id, the
/// op, the operands' tile types, the call's normalised text and the file's path relative to the baseline's
/// directory; no line or column, so code moving in the file keeps its match. Stored as JSON (version 1): entries
/// sorted, one field a line, with the readable parts beside each fingerprint for review.
class Baseline {
public:
  struct Entry {
    unsigned count = 0;
    std::string file, rule, op, call; // for readers of the file; matching uses the fingerprint alone
    std::vector<std::string> types;
  };

  /// An empty baseline whose paths are relative to BaseDir (made absolute against the working directory).
  explicit Baseline(const std::string &BaseDir);
  /// The findings of a run (de-duplicated: one per report) as a baseline kept in the directory BaseDir.
  static Baseline of(const std::vector<checker::Finding> &Fs, const std::string &BaseDir);
  /// Reads a baseline file; its directory is the base of its paths. nullopt with Err
  /// (`PATH:LINE:COL: error: ...` for malformed JSON, `PATH: error: ...` for a wrong shape).
  static std::optional<Baseline> load(const std::string &Path, std::string &Err);
  /// The same from text (tests, fuzzing).
  static std::optional<Baseline> parse(const std::string &Path, const std::string &Text, std::string &Err);

  std::string fingerprint(const checker::Finding &F) const;
  /// File relative to the base directory, '/'-separated (absolute when it is on another root).
  std::string relativePath(const std::string &File) const;
  const std::map<std::string, Entry> &entries() const { return Entries; }
  unsigned size() const; // findings covered
  /// The file's text: version 1, entries sorted by file, rule, call and fingerprint; ends with a newline.
  std::string json() const;

private:
  std::string BaseDir;
  std::map<std::string, Entry> Entries; // fingerprint -> entry
};

} // namespace pto::driver

#endif
