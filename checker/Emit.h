// checker: renders findings as clang-style text, pto-lint JSON and SARIF 2.1.0.
#ifndef PTOLINT_CHECKER_EMIT_H
#define PTOLINT_CHECKER_EMIT_H

#include "Finding.h"
#include "Rule.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace pto::checker {

struct RunInfo {
  std::string toolName = "pto-lint";
  std::string toolVersion;           // e.g. "0.1.0"
  /// SARIF tool.driver.informationUri (an absolute URI; SARIF validators warn without one). The project has no
  /// public home yet: the reserved `.invalid` domain (RFC 2606) marks the placeholder until it has one.
  std::string informationUri = "https://pto-lint.invalid/";
  std::vector<Target> targets;
  std::string baseDir;               // paths under it are written relative to it (SARIF uriBaseId %SRCROOT%)
  Tally tally;
  /// Per main file (kernel): its checked calls by op and target and how each ended, its placed tiles (the JSON
  /// summary's kernels).
  std::map<std::string, KernelSummary> kernels;
};

/// One diagnostic as text: `file:line:col: LEVEL: MESSAGE` and a newline (as far as the location is known; a path
/// under Info.baseDir relative to it; `pto-lint: ` when there is no file). Findings and front-end problems (a `.pto`
/// file's syntax errors) are rendered with it.
std::string diagnosticText(const SourceLoc &L, const std::string &Level, const std::string &Message, const RunInfo &Info);
/// `file:line:col: error: message [rule-id]` plus indented `note:` / `help:` lines; no source snippets.
std::string toText(const std::vector<Finding> &Fs, const RunInfo &Info);
/// pto-lint JSON, schema version 1 (docs/output-formats.md; JSON Schema: docs/schema/pto-lint-report-v1.json).
std::string toJson(const std::vector<Finding> &Fs, const RunInfo &Info);
/// SARIF 2.1.0 accepted by GitHub code scanning (rules metadata from the rule set): related locations for located
/// notes, a code flow (path conditions, then the call with the counterexample as its state), fixes. Passes the SARIF
/// Multitool's `validate` with no error or warning (tests/cli/validate-reports.sh).
std::string toSarif(const std::vector<Finding> &Fs, const RuleSet &Rules, const RunInfo &Info);
/// Joins the SARIF logs of shards of one run (`pto-lint --shard=i/n --format=sarif`) into the log one run over
/// all inputs writes: results in the same order, one per (place, rule, message), the rule descriptors they use.
/// "" and Err set when a log is not pto-lint's SARIF, or the logs come from other tool builds or source roots.
std::string mergeSarif(const std::vector<std::string> &Logs, const RuleSet &Rules, std::string &Err);
/// The JSON report's summary (docs/output-formats.md): counts, per op its calls and upstream's checks, per kernel its
/// calls by op, target and how they ended. SARIF logs carry it as run.properties.summary.
nlohmann::ordered_json summaryJson(const RunInfo &Info);
/// Adds summary S (of a shard: disjoint inputs) into Into (null: none yet): counts add up, ops' locations join.
void addSummary(nlohmann::ordered_json &Into, const nlohmann::ordered_json &S);
/// "N call sites, N checks: N proved, N violated, N unknown[, N errors]".
std::string summaryLine(const Tally &T);
/// File as written in reports: relative to BaseDir when it lies under it, else unchanged.
std::string relPath(const std::string &File, const std::string &BaseDir);
/// Stable across runs and unrelated edits: hash of rule id, file (relative), op, function, and message.
std::string fingerprint(const Finding &F, const std::string &BaseDir);

} // namespace pto::checker

#endif
