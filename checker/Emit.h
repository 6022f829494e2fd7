// checker: renders findings as clang-style text, pto-lint JSON and SARIF 2.1.0.
#ifndef PTOLINT_CHECKER_EMIT_H
#define PTOLINT_CHECKER_EMIT_H

#include "Finding.h"
#include "Rule.h"

#include <string>
#include <vector>

namespace pto::checker {

struct RunInfo {
  std::string toolName = "pto-lint";
  std::string toolVersion;           // e.g. "0.1.0"
  std::vector<Target> targets;
  std::string baseDir;               // paths under it are written relative to it (SARIF uriBaseId %SRCROOT%)
  Tally tally;
};

/// `file:line:col: error: message [rule-id]` plus indented `note:` / `help:` lines; no source snippets.
std::string toText(const std::vector<Finding> &Fs, const RunInfo &Info);
/// pto-lint JSON, schema version 1 (documented in docs/output-formats.md).
std::string toJson(const std::vector<Finding> &Fs, const RunInfo &Info);
/// SARIF 2.1.0 accepted by GitHub code scanning (rules metadata from the rule set).
std::string toSarif(const std::vector<Finding> &Fs, const RuleSet &Rules, const RunInfo &Info);
/// "N call sites, N checks: N proved, N violated, N unknown[, N errors]".
std::string summaryLine(const Tally &T);
/// Stable across runs and unrelated edits: hash of rule id, file (relative), op, function, and message.
std::string fingerprint(const Finding &F, const std::string &BaseDir);

} // namespace pto::checker

#endif
