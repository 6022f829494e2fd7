// checker: renders rule data as reference text.
#include "Docs.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace pto::checker {

static std::string targetsOf(const Rule &R) {
  std::vector<Target> Ts;
  for (const RuleVariant &V : R.variants)
    for (Target T : V.targets)
      if (std::find(Ts.begin(), Ts.end(), T) == Ts.end())
        Ts.push_back(T);
  std::sort(Ts.begin(), Ts.end());
  std::string S;
  for (Target T : Ts)
    S += (S.empty() ? "" : ",") + std::string(targetName(T));
  return S;
}

std::string ruleList(const RuleSet &Rules) {
  std::ostringstream OS;
  for (const Rule &R : Rules.rules()) {
    std::string Ops;
    for (const std::string &O : R.ops)
      Ops += (Ops.empty() ? "" : ",") + O;
    OS << R.id << "  [" << severityName(R.severity) << "; " << Ops << "; " << targetsOf(R) << "]  " << R.summary
       << "\n";
  }
  return OS.str();
}

std::string ruleIndexMarkdown(const RuleSet &Rules) {
  std::ostringstream OS;
  OS << "# Rule reference\n\nGenerated from `rules/` (do not edit; `PTOLINT_BLESS=1 build/tests/unit_tests "
        "--gtest_filter=RuleData.*` regenerates).\n\n| rule | ops | severity | targets | summary |\n|---|---|---|---|---|\n";
  for (const Rule &R : Rules.rules()) {
    std::string Ops;
    for (const std::string &O : R.ops)
      Ops += (Ops.empty() ? "" : ", ") + O;
    OS << "| [" << R.id << "](" << R.id << ".md) | " << Ops << " | " << severityName(R.severity) << " | "
       << targetsOf(R) << " | " << R.summary << " |\n";
  }
  return OS.str();
}

std::string ruleMarkdown(const Rule &R) {
  std::ostringstream OS;
  std::string Summary = R.summary;
  if (!Summary.empty())
    Summary[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(Summary[0])));
  OS << "# " << R.id << "\n\n" << Summary << ".\n\n";
  OS << "- Ops: ";
  for (size_t I = 0; I < R.ops.size(); ++I)
    OS << (I ? ", " : "") << "`" << R.ops[I] << "`";
  if (!R.overloads.empty()) {
    OS << " (";
    for (size_t I = 0; I < R.overloads.size(); ++I)
      OS << (I ? ", " : "") << R.overloads[I];
    OS << " form)";
  }
  OS << "\n- Kind: " << R.kind << "\n- Severity: " << severityName(R.severity)
     << " (a violation for only some values of the call's inputs is reported as a warning)\n\n";
  OS << "## Rule details\n\n" << (R.description.empty() ? Summary + "." : R.description) << "\n\n";
  OS << "## Targets\n\n| targets | form | requires | sources |\n|---|---|---|---|\n";
  for (const RuleVariant &V : R.variants) {
    std::string Ts;
    for (Target T : V.targets)
      Ts += (Ts.empty() ? "" : ", ") + std::string(targetName(T));
    std::string Ov;
    for (const std::string &O : V.overloads)
      Ov += (Ov.empty() ? "" : ", ") + O;
    std::string Src;
    for (const std::string &S : V.sources.empty() ? R.sources : V.sources)
      Src += (Src.empty() ? "" : "; ") + S;
    OS << "| " << Ts << " | " << (Ov.empty() ? "all" : Ov) << " | `" << V.require << "` | " << Src << " |\n";
  }
  OS << "\n";
  bool Lets = false;
  for (const RuleVariant &V : R.variants)
    for (const auto &[N, T] : V.let) {
      if (!Lets)
        OS << "Where:\n\n";
      Lets = true;
      OS << "- `" << N << "` = `" << T << "`\n";
    }
  if (Lets)
    OS << "\n";
  OS << "## Message\n\n```\n" << R.message << " [" << R.id << "]\n```\n\n";
  for (const RuleVariant &V : R.variants)
    if (!V.message.empty())
      OS << "Variant message: `" << V.message << "`\n\n";
  if (!R.note.empty())
    OS << "Note: " << R.note << "\n\n";
  std::set<std::string> Helps;
  if (!R.help.empty())
    Helps.insert(R.help);
  for (const RuleVariant &V : R.variants)
    if (!V.help.empty())
      Helps.insert(V.help);
  OS << "## How to fix\n\n";
  for (const std::string &H : Helps)
    OS << "- " << H << "\n";
  if (Helps.empty())
    OS << "- See the rule details.\n";
  OS << "\n## Options\n\nEnable or disable with `--enable`/`--disable` (CLI) or `-fplugin-arg-ptolint-disable=" << R.id
     << "` (plugin); suppress one line with `// NOLINT(" << R.id << ")`.\n";
  return OS.str();
}

} // namespace pto::checker
