// driver: the HTML report (`--format=html --output=DIR`, `pto-lint report --html DIR LOG...`; docs/report.md): a
// self-contained static site (no network, no external fonts or scripts) made from the JSON report's findings: an
// index with counts and filters, and a page per finding with its source excerpt, counterexample table and SVG
// pictures of its tiles and of where they are placed.
#ifndef PTOLINT_DRIVER_HTMLREPORT_H
#define PTOLINT_DRIVER_HTMLREPORT_H

#include "checker/Rule.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace pto::driver {

/// What a report is made from: the JSON report's parts (docs/output-formats.md, schema 1).
struct HtmlInput {
  nlohmann::ordered_json findings = nlohmann::ordered_json::array(); // finding objects, in report order
  nlohmann::ordered_json summary;  // the summaries of the reports and logs, added up; null when there is none
  bool summaryMissing = false;     // some report or log had no summary: the sum would mislead, none is shown
  std::vector<std::string> targets; // the configured targets ("" unknown)
  std::string toolVersion;
  /// Unified-buffer bytes per target name, for the address map (ubCapacities).
  std::map<std::string, int64_t> ubBytes;
};

/// The site: file name relative to the report's directory -> contents.
using HtmlSite = std::map<std::string, std::string>;

/// The source text of a file named as the findings name it ("" when it cannot be read).
using ReadSource = std::function<std::string(const std::string &File)>;

/// The file's text, read from disk ("" when it cannot be read): the CLI's ReadSource.
std::string readSourceFile(const std::string &File);

/// index.html, style.css, and finding-N.html per finding (N from 1, in report order).
HtmlSite htmlReport(const HtmlInput &In, const ReadSource &Read);

/// Writes the site into Dir, which is created when missing and must otherwise be a directory; each file whole or not
/// at all. "" or the error.
std::string writeSite(const HtmlSite &Site, const std::string &Dir);

/// The unified buffer's size per target, as rule pto-tile-ub-capacity declares it (its `ub`).
std::map<std::string, int64_t> ubCapacities(const checker::RuleSet &Rules);

/// Adds a pto-lint JSON report's or SARIF log's findings (SARIF: each result's properties.finding) to In; a JSON
/// report also gives the summary and targets. "" or the error.
std::string addReport(const std::string &Text, HtmlInput &In);

/// `pto-lint report --html DIR LOG...` (Args: what follows `report`): one HTML report of saved JSON reports or SARIF
/// logs (a CI matrix's shards or their merged log); an exit code.
int reportCommand(const std::vector<std::string> &Args);

} // namespace pto::driver

#endif
