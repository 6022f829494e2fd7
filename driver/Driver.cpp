// driver: the front-end-neutral session (see Driver.h).
#include "Driver.h"

#include "Baseline.h"

#include "checker/Suppress.h"
#include "support/Checked.h"
#include "support/Spelling.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <numeric>
#include <optional>
#include <sstream>
#include <string_view>
#include <tuple>

namespace pto::driver {

using checker::Finding;

namespace {

std::vector<std::string> splitList(const std::string &S) {
  std::vector<std::string> Out;
  std::stringstream SS(S);
  std::string Item;
  while (std::getline(SS, Item, ','))
    if (!Item.empty())
      Out.push_back(Item);
  return Out;
}

/// A rule-id glob list with renamed ids also matching: a glob naming an old id selects the rule's new id.
std::vector<std::string> withRenames(std::vector<std::string> Globs) {
  const auto &Renames = checker::RuleSet::builtin().renames();
  size_t N = Globs.size();
  for (size_t I = 0; I < N; ++I)
    for (const auto &[Old, New] : Renames)
      if (checker::globMatch(Globs[I], Old))
        Globs.push_back(New);
  return Globs;
}

std::string number(const std::string &Key, const std::string &V, unsigned long Min, unsigned &Out,
                   const char *What) {
  char *End = nullptr;
  unsigned long N = std::strtoul(V.c_str(), &End, 10);
  if (V.empty() || *End || N < Min || N > 4000000000UL || V[0] == '-')
    return Key + " must be " + What + ", got '" + V + "'";
  Out = static_cast<unsigned>(N);
  return "";
}

/// A flag's value: "" (given without one), true/false, 1/0.
std::string flag(const std::string &Key, const std::string &V, bool &Out) {
  if (V.empty() || V == "true" || V == "1")
    Out = true;
  else if (V == "false" || V == "0")
    Out = false;
  else
    return Key + " must be true or false, got '" + V + "'";
  return "";
}

/// Every id a rule glob may name: the rules, the ids the engine reports itself, and renamed former ids.
std::vector<std::string> knownRuleIds() {
  std::vector<std::string> Ids(std::begin(checker::EngineRuleIds), std::end(checker::EngineRuleIds));
  for (const checker::Rule &R : checker::RuleSet::builtin().rules())
    Ids.push_back(R.id);
  for (const auto &[Old, New] : checker::RuleSet::builtin().renames())
    Ids.push_back(Old);
  std::sort(Ids.begin(), Ids.end());
  return Ids;
}

/// A clang-tidy style glob list (`pto-*,-pto-part-*`) whose every glob names at least one rule: a typo would
/// otherwise select nothing without a word. Globs naming a renamed id are followed by the rule's new id.
std::string ruleGlobList(const std::string &Key, const std::string &V, std::vector<std::string> &Out) {
  std::vector<std::string> Ids = knownRuleIds(), Globs;
  for (std::string G : splitList(V)) {
    G.erase(0, G.find_first_not_of(" \t"));
    G.erase(G.find_last_not_of(" \t") + 1);
    if (G.empty())
      continue;
    bool Negative = G[0] == '-';
    std::string Pattern = Negative ? G.substr(1) : G;
    if (std::none_of(Ids.begin(), Ids.end(), [&](const std::string &Id) { return checker::globMatch(Pattern, Id); })) {
      std::string Near = support::nearest(Pattern, Ids);
      std::string Known;
      for (const std::string &Id : Ids)
        Known += (Known.empty() ? "" : ", ") + Id;
      return "unknown rule '" + Pattern + "' in " + Key + " (did you mean '" + Near + "'? known: " + Known + ")";
    }
    Globs.push_back(G);
    for (const auto &[Old, New] : checker::RuleSet::builtin().renames())
      if (checker::globMatch(Pattern, Old))
        Globs.push_back((Negative ? "-" : "") + New);
  }
  Out = std::move(Globs);
  return "";
}

} // namespace

const std::vector<OptionSpec> &optionTable() {
  static const std::vector<OptionSpec> Table = {
      {"target", "a2a3,a5,cpu", "targets to check, or all (default: all; a translation unit built for one target "
                                "is checked for it; given, a CCE command is also parsed for each other NPU target "
                                "listed, for its upstream checks)", false,
       [](Options &O, const std::string &V) -> std::string {
         std::string Bad;
         if (!checker::parseTargetList(V, O.engine.targets, Bad))
           return "unknown target '" + Bad + "' (known: a2a3, a5, cpu, all)";
         O.targetsExplicit = true;
         return "";
       },
       "Targets", "all"},
      {"checks", "GLOB,...", "rules to check, clang-tidy style: globs in order, -GLOB removes, the last match "
                             "decides (default: *)", false,
       [](Options &O, const std::string &V) { return ruleGlobList("checks", V, O.engine.checks); }, "Checks", "*",
       true},
      {"werror", "", "report every finding as an error", false,
       [](Options &O, const std::string &V) { return flag("werror", V, O.werror); }},
      {"warnings-as-errors", "GLOB,...", "report the warnings of rules matching these globs as errors (clang-tidy "
                                         "style list, like checks; werror: every rule)", false,
       [](Options &O, const std::string &V) { return ruleGlobList("warnings-as-errors", V, O.warningsAsErrors); },
       "WarningsAsErrors", "", true},
      {"header-filter", "REGEX", "report findings located in headers only when the header's path matches "
                                 "(POSIX extended, as clang-tidy's; searched; default: .*, every non-system header)",
       false,
       [](Options &O, const std::string &V) -> std::string {
         // llvm::Regex, as clang-tidy's HeaderFilterRegex: std::regex had undefined behaviour (a signed overflow in
         // libstdc++'s regex compiler) on a back-reference with a long number (found by pto-config-fuzz).
         std::string Why;
         if (!llvm::Regex(V).isValid(Why))
           return "header-filter '" + V + "' is not a regular expression: " + Why;
         O.headerFilter = V;
         return "";
       },
       "HeaderFilterRegex", ".*"},
      {"advisory", "true|false", "report advisory findings (severity note; default: true)", false,
       [](Options &O, const std::string &V) { return flag("advisory", V, O.advisory); }, "Advisory", "true"},
      {"config-file", "FILE", "read this configuration file for every input instead of the closest "
                              ".pto-lint.yaml (docs/configuration.md)", false,
       [](Options &O, const std::string &V) -> std::string {
         if (V.empty())
           return "config-file needs a file";
         O.configFile = V;
         return "";
       }},
      {"enable", "GLOB,...", "check only rules matching these globs (default: all)", false,
       [](Options &O, const std::string &V) -> std::string {
         O.engine.enable = withRenames(splitList(V));
         return "";
       }},
      {"disable", "GLOB,...", "do not check rules matching these globs", false,
       [](Options &O, const std::string &V) -> std::string {
         O.engine.disable = withRenames(splitList(V));
         return "";
       }},
      {"budget", "N", "Z3 resource limit per query (default 2000000)", false,
       [](Options &O, const std::string &V) { return number("budget", V, 1, O.engine.budget.rlimit, "a positive integer"); },
       "Budget", "2000000"},
      {"timeout", "MS", "wall-clock cap of one Z3 call (default 1000; 0: none); a check that hits it is unknown",
       false,
       [](Options &O, const std::string &V) {
         return number("timeout", V, 0, O.engine.budget.timeoutMs, "a number of milliseconds (0: no cap)");
       },
       "TimeoutMs", "1000"},
      {"tu-timeout", "MS", "wall-clock cap of all Z3 calls of a translation unit (default 10000; 0: none)", false,
       [](Options &O, const std::string &V) {
         return number("tu-timeout", V, 0, O.engine.budget.tuMillis, "a number of milliseconds (0: no cap)");
       },
       "TuTimeoutMs", "10000"},
      {"dump-smt", "DIR", "write every query as an SMT-LIB2 file into DIR", false,
       [](Options &O, const std::string &V) -> std::string {
         if (V.empty())
           return "dump-smt needs a directory";
         O.engine.dumpDir = V;
         return "";
       }},
      {"format", "text|json|sarif|html", "report format (default: text; html: a directory of pages, docs/report.md)", true,
       [](Options &O, const std::string &V) -> std::string {
         if (V != "text" && V != "json" && V != "sarif" && V != "html")
           return "unknown format '" + V + "' (known: text, json, sarif, html)";
         O.format = V == "text"   ? ReportFormat::Text
                    : V == "json" ? ReportFormat::Json
                    : V == "html" ? ReportFormat::Html
                                  : ReportFormat::Sarif;
         return "";
       }},
      {"output", "FILE", "write the report to FILE instead of standard output (html: the directory DIR)", true,
       [](Options &O, const std::string &V) -> std::string {
         O.output = V;
         return "";
       }},
      {"solver-stats", "FILE", "write solver timing statistics (JSON) to FILE", true,
       [](Options &O, const std::string &V) -> std::string {
         O.stats = V;
         return "";
       }},
      {"lenient-doc-syntax", "", "in .pto files, also read the ISA manual's spellings that ptoas rejects (SSA tile "
                                 "ops, parenthesised type lists, positional tile types), with a warning each", true,
       [](Options &O, const std::string &V) { return flag("lenient-doc-syntax", V, O.lenientDocSyntax); },
       "LenientDocSyntax", "false"},
      {"pto-backend", "emitc|vpto|file", "in .pto files, the ptoas backend they are compiled with, as ptoas's "
                                       "option of that name (default: file, each module's pto.backend, else its "
                                       "RUN lines, else emitc)", true,
       [](Options &O, const std::string &V) -> std::string {
         if (V != "emitc" && V != "vpto" && V != "file")
           return "unknown pto-backend '" + V + "' (known: emitc, vpto, file)";
         O.ptoBackend = V == "file" ? "" : V;
         return "";
       },
       "PtoBackend", "file"},
      {"enable-tile-op-expand", "", "in .pto files, read tile ops as ptoas --enable-tile-op-expand compiles them "
                                    "with the vpto backend: PTOAS's own templates (=false: not; default: =file, as "
                                    "each file's RUN lines say)", true,
       [](Options &O, const std::string &V) -> std::string {
         if (V == "file") {
           O.tileOpExpand.reset();
           return "";
         }
         bool B = false;
         std::string Err = flag("enable-tile-op-expand", V, B);
         if (Err.empty())
           O.tileOpExpand = B;
         return Err;
       },
       "EnableTileOpExpand", "file"},
      {"pto-isa", "DIR", "in .pto files, check tile ops pto-lint has no rules of its own for against upstream's checks "
                         "in this pto-isa checkout's implementation (DIR/include/pto/pto-inst.hpp), as ptoas's emitc "
                         "backend calls it (default: $PTOISA_DIR; docs/upstream-checks.md)", true,
       [](Options &O, const std::string &V) -> std::string {
         O.ptoIsa = V;
         return "";
       },
       "PtoIsa", ""},
      {"compiler-warnings", "", "also print the compiler's own warnings (pto-lint is not the compiler: by default it "
                                "prints compile errors, which stop the check, and its findings; the summary counts "
                                "the warnings it left out)", true,
       [](Options &O, const std::string &V) { return flag("compiler-warnings", V, O.compilerWarnings); }},
      {"upstream-checks", "", "check every op call against the PTO_ASSERTs of the pto-isa headers it reaches, as "
                              "rule pto-upstream-assert (docs/upstream-checks.md); =false: pto-lint's own rules only",
       false, [](Options &O, const std::string &V) { return flag("upstream-checks", V, O.upstreamChecks); },
       "UpstreamChecks", "true"},
      {"upstream-findings", "", "also report findings on calls inside upstream's pto-isa headers that no code of yours "
                                "reaches (the same for every user; by default counted in the summary only)",
       false, [](Options &O, const std::string &V) { return flag("upstream-findings", V, O.upstreamFindings); },
       "UpstreamFindings", "false"},
      {"assume-rules", "", "developer option: decide upstream's checks with every pto-lint rule of the call on its "
                           "target as a hypothesis, so a finding is a call the rules accept and upstream's "
                           "implementation rejects (the rules' test, docs/upstream-checks.md); not for checking "
                           "kernels",
       false, [](Options &O, const std::string &V) { return flag("assume-rules", V, O.engine.assumeRules); }},
      {"coverage", "", "after the summary, list upstream's checks (PTO_ASSERTs of the pto-isa headers) that were "
                       "reached but not followed, with how often and why", true,
       [](Options &O, const std::string &V) { return flag("coverage", V, O.coverage); }},
      {"quiet", "", "do not print the summary line (nor per-file progress)", true,
       [](Options &O, const std::string &V) { return flag("quiet", V, O.quiet); }},
      {"baseline", "FILE", "do not report the findings this baseline file records (docs/baseline.md)", true,
       [](Options &O, const std::string &V) -> std::string {
         if (V.empty())
           return "baseline needs a file";
         O.baseline = V;
         return "";
       }},
      {"write-baseline", "FILE", "write every finding of the run into this baseline file (and exit 0)", true,
       [](Options &O, const std::string &V) -> std::string {
         if (V.empty())
           return "write-baseline needs a file";
         O.writeBaseline = V;
         return "";
       }},
  };
  return Table;
}

const OptionSpec *findOption(const std::string &Key) {
  for (const OptionSpec &S : optionTable())
    if (Key == S.key)
      return &S;
  return nullptr;
}

std::string applyOption(Options &O, const std::string &Key, const std::string &Value) {
  if (const OptionSpec *S = findOption(Key))
    return S->apply(O, Value);
  return "unknown option '" + Key + "'";
}

std::string optionHelp(bool ForCli) {
  std::string Out;
  for (const OptionSpec &S : optionTable()) {
    if (S.cliOnly && !ForCli)
      continue;
    std::string K = std::string(ForCli ? "--" : "") + S.key + (*S.valueName ? std::string("=") + S.valueName : "");
    Out += "  " + K + std::string(K.size() < 24 ? 24 - K.size() : 1, ' ') + S.help + "\n";
  }
  return Out;
}

std::vector<Finding> groupInstantiations(std::vector<Finding> Fs, const std::vector<checker::CallSite> &Calls) {
  auto LocKey = [](const checker::SourceLoc &L) {
    return L.file + ":" + std::to_string(L.line) + ":" + std::to_string(L.col);
  };
  auto TargetsKey = [](const Finding &F) {
    std::string K;
    for (checker::Target T : F.targets)
      K += std::string(" ") + checker::targetName(T);
    return K;
  };
  std::map<std::string, std::vector<std::string>> InstAt; // pattern location -> instantiations, in order
  for (const checker::CallSite &C : Calls)
    if (!C.instantiationNames.empty()) {
      auto &V = InstAt[LocKey(C.loc)];
      if (std::find(V.begin(), V.end(), C.instantiationNames.front()) == V.end())
        V.push_back(C.instantiationNames.front());
    }
  std::vector<Finding> Out;
  std::map<std::string, size_t> Group; // location + rule + targets -> index in Out
  std::map<size_t, std::vector<std::string>> Failing;
  for (Finding &F : Fs) {
    if (F.instantiation.empty()) {
      Out.push_back(std::move(F));
      continue;
    }
    // Upstream's checks are one rule per assert (its location is the citation); a rule's operands share one.
    std::string K = LocKey(F.loc) + " " + F.ruleId + TargetsKey(F) +
                    (F.ruleId == checker::UpstreamAssertId ? " " + F.citation : "");
    auto It = Group.find(K);
    if (It == Group.end()) {
      Group[K] = Out.size();
      Failing[Out.size()].push_back(F.instantiation);
      Out.push_back(std::move(F));
      continue;
    }
    Finding &G = Out[It->second];
    auto &Names = Failing[It->second];
    if (std::find(Names.begin(), Names.end(), F.instantiation) != Names.end())
      continue; // the same instantiation, another operand with the same targets: the headline covers it
    Names.push_back(F.instantiation);
    G.severity = std::max(G.severity, F.severity);
    if (F.status == checker::Status::ViolatedAlways)
      G.status = F.status;
    G.notes.push_back({F.instantiationLoc.valid() ? F.instantiationLoc : F.loc,
                       "also in instantiation '" + F.instantiation + "': " + F.message});
  }
  for (auto &[Index, Names] : Failing) {
    Finding &G = Out[Index];
    std::vector<std::string> Holds;
    for (const std::string &I : InstAt[LocKey(G.loc)])
      if (std::find(Names.begin(), Names.end(), I) == Names.end())
        Holds.push_back(I);
    if (!Holds.empty()) {
      std::string L;
      for (size_t K = 0; K < Holds.size(); ++K)
        L += (K ? ", '" : "'") + Holds[K] + "'";
      G.notes.push_back({{}, "the rule holds in instantiation" + std::string(Holds.size() > 1 ? "s " : " ") + L});
    }
  }
  return Out;
}

namespace {
bool sameReport(const Finding &A, const Finding &B) {
  return A.loc == B.loc && A.ruleId == B.ruleId && A.message == B.message;
}
/// Fs without repeated reports; PerInstantiation: only repeats within one instantiation (a unit's findings before
/// groupInstantiations, which must see every instantiation that fails to name only the others as holding).
std::vector<Finding> unique(std::vector<Finding> Fs, bool PerInstantiation = false) {
  std::vector<Finding> Out;
  for (Finding &F : Fs)
    if (std::none_of(Out.begin(), Out.end(), [&](const Finding &G) {
          return sameReport(G, F) && (!PerInstantiation || G.instantiation == F.instantiation);
        }))
      Out.push_back(std::move(F));
  return Out;
}
} // namespace

Session::Session(Options O, const checker::RuleSet &Rules) : Opts(std::move(O)), Rules(Rules) {}

namespace {
/// The cache key of a unit: what the engine is asked to do and every fact of every call.
std::string unitKey(const Unit &U, const checker::EngineOptions &EO) {
  std::string K;
  for (checker::Target T : EO.targets)
    K += std::string(checker::targetName(T)) + ",";
  for (const std::string &G : EO.enable)
    K += "+" + G;
  for (const std::string &G : EO.disable)
    K += "-" + G;
  for (const std::string &G : EO.checks)
    K += "~" + G;
  K += "|" + std::to_string(EO.budget.rlimit) + "|" + std::to_string(EO.budget.timeoutMs) + "|" +
       std::to_string(EO.budget.tuMillis) + "|" + std::to_string(U.compileFailed) + "|" +
       std::to_string(EO.assumeRules) + "|";
  for (const checker::CallSite &C : U.calls)
    K += checker::callKey(C) + "\n";
  return K;
}
} // namespace

void Results::add(const Results &O) {
  findings.insert(findings.end(), O.findings.begin(), O.findings.end());
  baselined.insert(baselined.end(), O.baselined.begin(), O.baselined.end());
  tally.add(O.tally);
  suppressed += O.suppressed;
  headerFiltered += O.headerFiltered;
  upstreamOnly += O.upstreamOnly;
  advisoryOff += O.advisoryOff;
  compilerWarningsHidden += O.compilerWarningsHidden;
  internalErrors += O.internalErrors;
  translationUnits += O.translationUnits;
  failedTranslationUnits += O.failedTranslationUnits;
  mainFiles.insert(O.mainFiles.begin(), O.mainFiles.end());
  for (const auto &[File, K] : O.kernels)
    kernels[File].add(K);
  queryMicros.insert(queryMicros.end(), O.queryMicros.begin(), O.queryMicros.end());
  decisionMicros.insert(decisionMicros.end(), O.decisionMicros.begin(), O.decisionMicros.end());
  callMicros.insert(callMicros.end(), O.callMicros.begin(), O.callMicros.end());
  groundQueries += O.groundQueries;
  enumerated += O.enumerated;
  cacheHits += O.cacheHits;
  prechecked += O.prechecked;
  sameFacts += O.sameFacts;
  z3Calls += O.z3Calls;
  extractMicros += O.extractMicros;
  checkMicros += O.checkMicros;
  ptoImplStatements += O.ptoImplStatements;
  ptoImplChecked += O.ptoImplChecked;
  for (const auto &[K, N] : O.ptoImplSkipped)
    ptoImplSkipped[K] += N;
}

std::optional<UnitCache::Entry> UnitCache::find(const std::string &Key) const {
  std::lock_guard<std::mutex> L(M);
  auto It = Map.find(Key);
  if (It == Map.end())
    return std::nullopt;
  return It->second;
}

void UnitCache::put(const std::string &Key, Entry E) {
  std::lock_guard<std::mutex> L(M);
  if (Map.size() >= Capacity)
    Map.clear();
  Map.emplace(Key, std::move(E));
}

Unit Session::withOtherTargets(const Unit &U) const {
  Unit Out = U;
  std::map<std::string, std::vector<const checker::UpstreamCheck *>> ByCall; // callKey without upstream -> checks
  for (const Unit &O : Others) {
    if (!O.inferredTarget)
      continue;
    for (const checker::CallSite &C : O.calls) {
      checker::CallSite Bare = C;
      Bare.upstream.clear();
      auto &Checks = ByCall[checker::callKey(Bare)];
      for (const checker::UpstreamCheck &K : C.upstream)
        if (K.target == O.inferredTarget)
          Checks.push_back(&K);
    }
  }
  for (checker::CallSite &C : Out.calls) {
    checker::UpstreamChecks Own = std::move(C.upstream);
    C.upstream.clear();
    auto It = ByCall.find(checker::callKey(C));
    C.upstream = std::move(Own);
    if (It != ByCall.end())
      for (const checker::UpstreamCheck *K : It->second)
        C.upstream.push_back(*K);
    // The call's place as the compiler's notes spell the file (as given, or absolute): the same line and column,
    // and one path ending with the other.
    auto Same = [](const checker::SourceLoc &A, const checker::SourceLoc &B) {
      if (A.line != B.line || A.col != B.col || A.file.empty() || B.file.empty())
        return false;
      const std::string &L = A.file.size() >= B.file.size() ? A.file : B.file;
      const std::string &S = A.file.size() >= B.file.size() ? B.file : A.file;
      return L.size() >= S.size() && L.compare(L.size() - S.size(), S.size(), S) == 0 &&
             (L.size() == S.size() || L[L.size() - S.size() - 1] == '/');
    };
    for (const StaticAssertFailure &F : StaticAsserts)
      if (Same(C.loc, F.call) && !C.inUpstreamCode) {
        checker::UpstreamCheck K;
        K.term = pto::term::Term::boolean(false);
        K.compileTime = true;
        K.text = F.text;
        K.message = F.message;
        K.loc = F.at;
        K.target = F.target;
        C.upstream.push_back(std::move(K));
      }
  }
  return Out;
}

std::vector<Finding> Session::lint(const Unit &Given, const SourceText &Text) {
  if (Collecting) {
    Collected.push_back(Given);
    return {};
  }
  std::optional<Unit> Merged;
  if (!Others.empty() || !StaticAsserts.empty())
    Merged = withOtherTargets(Given);
  const Unit &U = Merged ? *Merged : Given;
  ++R.translationUnits;
  if (!U.mainFile.empty())
    R.mainFiles.insert(U.mainFile);
  if (U.compileFailed)
    ++R.failedTranslationUnits;
  R.extractMicros += U.extractMicros;
  if (Rules.rules().empty())
    throw std::runtime_error("no rules are built in");
  checker::EngineOptions EO = Opts.engine;
  if (!Opts.targetsExplicit && U.inferredTarget)
    EO.targets = {*U.inferredTarget};
  // A unit that does not compile: its calls are decided where their facts are exact values (ground evaluation,
  // enumeration), never by Z3 over values clang made up while recovering from the error.
  if (U.compileFailed)
    EO.budget.noSolver = "the translation unit does not compile; checks that need the solver are not decided";
  // A unit whose calls all read as before (an edit elsewhere, in the editor) gives what it gave.
  std::string CacheKey;
  std::optional<UnitCache::Entry> Kept;
  if (Opts.unitCache) {
    CacheKey = unitKey(U, EO);
    Kept = Opts.unitCache->find(CacheKey);
  }
  std::vector<Finding> Unique;
  checker::Tally T;
  if (Kept) {
    Unique = std::move(Kept->findings);
    T = Kept->tally;
  } else {
    Unique = check(U, EO, T);
    if (Opts.unitCache)
      Opts.unitCache->put(CacheKey, {Unique, T});
  }

  std::map<std::string, std::unique_ptr<checker::NolintIndex>> Nolint;
  std::optional<llvm::Regex> HeaderFilter;
  if (Opts.headerFilter != ".*")
    HeaderFilter.emplace(Opts.headerFilter); // checked when the option was applied
  std::vector<Finding> Out;
  for (Finding &F : Unique) {
    auto &Idx = Nolint[F.loc.file];
    if (!Idx)
      Idx = std::make_unique<checker::NolintIndex>(Text ? Text(F.loc.file) : std::string_view());
    bool Off = Idx->suppressed(F.loc.line, F.ruleId);
    for (const auto &[Old, New] : Rules.renames())
      Off |= New == F.ruleId && Idx->suppressed(F.loc.line, Old); // NOLINT(old-id) keeps working
    if (Off) {
      ++R.suppressed;
      continue;
    }
    if (F.upstreamOnly && !Opts.upstreamFindings) {
      ++R.upstreamOnly;
      continue;
    }
    if (HeaderFilter && F.loc.file != U.mainFile && !HeaderFilter->match(F.loc.file)) {
      ++R.headerFiltered;
      continue;
    }
    if (!Opts.advisory && F.severity == checker::Severity::Note) {
      ++R.advisoryOff;
      continue;
    }
    if (F.severity == checker::Severity::Warning &&
        (Opts.werror || checker::globListMatch(Opts.warningsAsErrors, F.ruleId, false)))
      F.severity = checker::Severity::Error;
    if (baselined(F)) {
      R.baselined.push_back(std::move(F));
      continue;
    }
    Out.push_back(F);
    R.findings.push_back(std::move(F));
  }
  checker::KernelSummary &K = R.kernels[U.mainFile];
  for (const auto &[Key, E] : T.ends)
    K.ends[Key].add(E);
  T.ends.clear(); // kept per kernel (Results::kernels)
  for (const checker::CallSite &C : U.calls)
    if (!C.inUpstreamCode)
      for (const checker::Operand &O : C.operands)
        if (O.tile.isTile && O.tile.hasAddr) {
          // Its size, when its shape and element size are known (and fit: shapes come from user code).
          std::optional<int64_t> Bytes =
              support::positiveProduct({O.tile.rows, O.tile.cols, int64_t(checker::dtypeSize(O.tile.dtype))});
          if (O.tile.addr.value && Bytes)
            K.placed.insert({C.function, O.tile.expr, O.tile.loc, *O.tile.addr.value, *Bytes});
          else
            K.unplaced.emplace(C.function, O.tile.expr);
        }
  R.tally.add(T);
  return Out;
}

void Session::useBaseline(std::shared_ptr<const Baseline> B) {
  Base = std::move(B);
  BaseLeft.clear();
  if (Base)
    for (const auto &[Fp, E] : Base->entries())
      BaseLeft[Fp] = E.count;
}

/// Whether the baseline covers F: an entry with F's fingerprint not used up by other findings. The same report
/// seen again (the cores of a mixed kernel, a shared header) is the finding already matched, not another one.
bool Session::baselined(const Finding &F) {
  if (!Base)
    return false;
  auto Same = [&](const Finding &G) { return sameReport(G, F); };
  if (std::any_of(R.baselined.begin(), R.baselined.end(), Same))
    return true;
  if (std::any_of(R.findings.begin(), R.findings.end(), Same))
    return false;
  auto It = BaseLeft.find(Base->fingerprint(F));
  if (It == BaseLeft.end() || It->second == 0)
    return false;
  --It->second;
  return true;
}

unsigned Session::staleBaselineEntries() const {
  if (!Base)
    return 0;
  // From the findings matched (this session's, or those of the sessions it absorbed), not from BaseLeft: the CLI
  // matches in one session per file and counts in the one that absorbs them.
  std::map<std::string, unsigned> Matched;
  for (const Finding &F : unique(R.baselined))
    ++Matched[Base->fingerprint(F)];
  unsigned N = 0;
  for (const auto &[Fp, E] : Base->entries()) {
    auto It = Matched.find(Fp);
    unsigned Used = It == Matched.end() ? 0 : It->second;
    N += E.count > Used ? E.count - Used : 0;
  }
  return N;
}

std::vector<Finding> Session::allFindings() const {
  std::vector<Finding> All = R.findings;
  All.insert(All.end(), R.baselined.begin(), R.baselined.end());
  return unique(std::move(All));
}

namespace {
/// The calls of a unit the engine decided, per place. One call in several calling contexts often gets the same facts
/// in each (upstream's kernels: 43 % of the calls with checks): every rule decides it alike, so its tally (verdicts,
/// counts, the calls it names) and what it fails are the first's. Its findings would differ from the first's only in
/// the notes on the calling context, and the unit keeps the first of such reports (unique, per place, rule, message
/// and instantiation): a call with findings is reused only where they would be reported at the same place in the
/// same instantiation (Session::check). The calls must outlive it.
class DecidedCalls {
public:
  struct Decision {
    checker::Tally tally;
    checker::Failing failing;
  };
  /// The decision of an earlier call like C, or null.
  const Decision *find(const checker::CallSite &C) {
    Last.emplace(C);
    for (const Kept &K : At[place(C)])
      if ((!K.reported || sameReports(C, *K.call)) && K.facts == *Last)
        return &K.decision;
    return nullptr;
  }
  /// Keeps C's decision (find(C) found none); Reported: C had findings. The first MaxPerPlace per place.
  void keep(const checker::CallSite &C, Decision D, bool Reported) {
    std::vector<Kept> &Here = At[place(C)];
    if (Here.size() < MaxPerPlace)
      Here.push_back({std::move(*Last), &C, std::move(D), Reported});
    Last.reset();
  }

private:
  // A place in a function template has a call per instantiation, each in its calling contexts: an upstream test
  // kernel instantiates one up to a few dozen times (with 8, a2a3 tadds decided 36 of its 138 calls again).
  static constexpr size_t MaxPerPlace = 64;
  struct Kept {
    checker::FactsView facts;
    const checker::CallSite *call;
    Decision decision;
    bool reported;
  };
  using Place = std::tuple<std::string_view, unsigned, unsigned>; // a view into the call
  static Place place(const checker::CallSite &C) { return {C.loc.file, C.loc.line, C.loc.col}; }
  /// Whether A's findings would be reported where and as B's are (Engine: anchor, Finding::instantiation).
  static bool sameReports(const checker::CallSite &A, const checker::CallSite &B) {
    return A.function == B.function && A.instantiationNames == B.instantiationNames &&
           A.inUpstreamCode == B.inUpstreamCode && A.userLoc == B.userLoc;
  }
  std::map<Place, std::vector<Kept>> At;
  std::optional<checker::FactsView> Last; // find's, for keep
};
} // namespace

/// Checks a unit's calls: the findings as they are reported (grouped, fixes verified), before NOLINT and werror.
std::vector<Finding> Session::check(const Unit &U, const checker::EngineOptions &EO, checker::Tally &T) {
  checker::Engine E(Rules, EO);
  using Clock = std::chrono::steady_clock;
  auto Micros = [](Clock::time_point A, Clock::time_point B) {
    return std::chrono::duration<double, std::micro>(B - A).count();
  };
  Clock::time_point T0 = Clock::now();
  std::vector<Finding> Fs;
  std::vector<checker::Failing> Before; // per call, for the verification of fixes
  DecidedCalls Same;
  for (const checker::CallSite &C : U.calls) {
    Clock::time_point C0 = Clock::now();
    size_t From = Fs.size();
    // Not with --dump-smt, which writes each call's queries; a call with nothing to decide costs nothing.
    bool Reusable = C.unresolved.empty() && EO.dumpDir.empty() && E.decides(C);
    if (const DecidedCalls::Decision *D = Reusable ? Same.find(C) : nullptr) {
      T.add(D->tally);
      Before.push_back(D->failing);
      ++R.sameFacts;
    } else if (Reusable) {
      checker::Tally Own;
      E.check(C, Fs, Own);
      T.add(Own);
      Before.push_back(checker::failingOf(Fs, From));
      Same.keep(C, {std::move(Own), Before.back()}, Fs.size() > From);
    } else {
      E.check(C, Fs, T);
      Before.push_back(checker::failingOf(Fs, From));
    }
    R.callMicros.push_back(Micros(C0, Clock::now()));
  }
  R.checkMicros += Micros(T0, Clock::now());

  // The unit's fix stage, before its instantiations are grouped into one report: instantiations of one call may need
  // different sizes of one written tile, and fixes are offered only where the engine proves them against every call
  // of the unit. (The plugin and clang-tidy report each unit as it is checked: this is their only stage after the
  // engine's.)
  checker::FixProof Proof{Rules, EO, U.calls, Before};
  checker::fixStage(Fs, &Proof);
  // One report per (location, rule, message, instantiation); then one per location and rule, its other failing
  // instantiations as notes (instantiations with equal facts say the same thing: "also in").
  std::vector<Finding> Unique = groupInstantiations(unique(std::move(Fs), true), U.calls);
  checker::sortFindings(Unique);

  const auto &M = E.solver().queryMicros();
  R.queryMicros.insert(R.queryMicros.end(), M.begin(), M.end());
  R.decisionMicros.insert(R.decisionMicros.end(), E.decisionMicros().begin(), E.decisionMicros().end());
  R.groundQueries += E.solver().groundDecided();
  R.enumerated += E.solver().enumerated();
  R.cacheHits += E.solver().cacheHits();
  R.prechecked += E.prechecked();
  R.z3Calls += E.solver().z3Calls();
  return Unique;
}


std::vector<Finding> Session::findings() const {
  std::vector<Finding> Fs = unique(R.findings);
  // The session's fix stage, for the reports that hold several units (the cores of a mixed kernel, units sharing a
  // header): their fixes for one tile must agree there too. Each unit's were proved in its own stage.
  checker::fixStage(Fs);
  return Fs;
}

std::string Session::report(const checker::RunInfo &Info) const {
  switch (Opts.format) {
  case ReportFormat::Json: return checker::toJson(findings(), Info);
  case ReportFormat::Sarif: return checker::toSarif(findings(), Rules, Info);
  case ReportFormat::Text: return "";
  case ReportFormat::Html: return checker::toJson(findings(), Info); // what the HTML report is made from
  }
  return "";
}

std::string Session::textReport(const checker::RunInfo &Info) const { return checker::toText(findings(), Info); }

std::string Session::summaryLine() const {
  size_t N = R.mainFiles.size();
  std::string S = "pto-lint: " + std::to_string(N) + " file" + (N == 1 ? "" : "s") + ", " + checker::summaryLine(R.tally);
  // What was found but not reported, and why.
  std::vector<std::string> Apart;
  if (R.suppressed)
    Apart.push_back(std::to_string(R.suppressed) + " suppressed by NOLINT");
  if (size_t N = unique(R.baselined).size())
    Apart.push_back(std::to_string(N) + " baselined");
  if (unsigned N = staleBaselineEntries())
    Apart.push_back(std::to_string(N) + " baseline entr" + (N == 1 ? "y" : "ies") + " matched nothing");
  if (R.headerFiltered)
    Apart.push_back(std::to_string(R.headerFiltered) + " in headers outside header-filter");
  if (R.advisoryOff)
    Apart.push_back(std::to_string(R.advisoryOff) + " advisory not shown");
  if (unsigned N = R.upstreamOnly)
    Apart.push_back(std::to_string(N) + " in upstream's code alone not shown (--upstream-findings)");
  if (unsigned N = R.compilerWarningsHidden)
    Apart.push_back(std::to_string(N) + " compiler warning" + (N == 1 ? "" : "s") + " not shown (--compiler-warnings)");
  if (unsigned N = R.tally.notFollowedTotal)
    Apart.push_back(std::to_string(N) + " upstream check" + (N == 1 ? "" : "s") + " not followed (--coverage)");
  if (unsigned N = R.ptoImplStatements - R.ptoImplChecked) {
    bool NoHeaders = std::any_of(R.ptoImplSkipped.begin(), R.ptoImplSkipped.end(), [](const auto &E) {
      return std::get<3>(E.first).rfind("no pto-isa headers", 0) == 0;
    });
    Apart.push_back(std::to_string(N) + " .pto tile op" + (N == 1 ? "" : "s") +
                    " not checked against pto-isa's implementation (--coverage" +
                    (NoHeaders ? "; give its headers with --pto-isa=DIR or PTOISA_DIR)" : ")"));
  }
  for (size_t I = 0; I < Apart.size(); ++I)
    S += (I ? ", " : " (") + Apart[I] + (I + 1 == Apart.size() ? ")" : "");
  return S;
}

std::string Session::coverageReport(const std::string &BaseDir) const {
  std::string Out;
  for (const auto &[Key, N] : R.tally.notFollowed) {
    const auto &[File, Line, Op, Why] = Key;
    Out += "pto-lint: not followed: " + checker::relPath(File, BaseDir) + ":" + std::to_string(Line) + ": " + Op +
           " (" + std::to_string(N) + "x): " + Why + "\n";
  }
  for (const auto &[Key, N] : R.ptoImplSkipped) {
    const auto &[File, Line, Op, Why] = Key;
    Out += "pto-lint: not checked against pto-isa: " + checker::relPath(File, BaseDir) + ":" + std::to_string(Line) +
           ": " + Op + (N > 1 ? " (" + std::to_string(N) + "x)" : "") + ": " + Why + "\n";
  }
  return Out;
}

std::string Session::statsJson() const {
  auto Sorted = [](std::vector<double> M) {
    std::sort(M.begin(), M.end());
    return M;
  };
  std::vector<double> D = Sorted(R.decisionMicros), Q = Sorted(R.queryMicros), Call = Sorted(R.callMicros);
  auto Pct = [](const std::vector<double> &M, double P) {
    return M.empty() ? 0.0 : M[std::min(M.size() - 1, size_t(P * (M.size() - 1) + 0.5))];
  };
  auto Max = [](const std::vector<double> &M) { return M.empty() ? 0.0 : M.back(); };
  std::ostringstream OS;
  OS << "{\"decisions\": " << D.size() << ", \"prechecked\": " << R.prechecked << ", \"queries\": " << Q.size()
     << ", \"ground\": " << R.groundQueries << ", \"enumerated\": " << R.enumerated << ", \"cacheHits\": " << R.cacheHits
     << ", \"z3Calls\": " << R.z3Calls << ", \"sameFacts\": " << R.sameFacts << ", \"upstreamNotFollowed\": " << R.tally.notFollowedTotal << ", \"medianMicros\": " << Pct(D, 0.5) << ", \"p99Micros\": " << Pct(D, 0.99)
     << ", \"maxMicros\": " << Max(D) << ", \"queryMedianMicros\": " << Pct(Q, 0.5)
     << ", \"queryP99Micros\": " << Pct(Q, 0.99) << ", \"queryMaxMicros\": " << Max(Q) << ", \"calls\": " << Call.size()
     << ", \"callMedianMicros\": " << Pct(Call, 0.5) << ", \"callP99Micros\": " << Pct(Call, 0.99)
     << ", \"callMaxMicros\": " << Max(Call) << ", \"solverMillis\": " << std::accumulate(Q.begin(), Q.end(), 0.0) / 1000
     << ", \"extractMillis\": " << R.extractMicros / 1000 << ", \"engineMillis\": " << R.checkMicros / 1000
     << ", \"ptoTileOps\": " << R.ptoImplStatements << ", \"ptoTileOpsChecked\": " << R.ptoImplChecked << "}\n";
  return OS.str();
}

int Session::exitCode(bool InputsIncomplete) const {
  if (R.internalErrors || R.tally.errors)
    return InternalError;
  if (InputsIncomplete || R.failedTranslationUnits)
    return InputError;
  // Notes (advisory rules: documented behaviour worth knowing) are reported but do not fail the run.
  for (const Finding &F : R.findings)
    if (F.severity != checker::Severity::Note)
      return Findings;
  return Clean;
}

} // namespace pto::driver
