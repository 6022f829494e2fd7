// checker: renders rule data as reference text.
#include "Docs.h"

#include <algorithm>
#include <map>
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

namespace {
std::string join(const std::vector<std::string> &Xs, const std::string &Sep) {
  std::string S;
  for (const std::string &X : Xs)
    S += (S.empty() ? "" : Sep) + X;
  return S;
}

/// The families of rules/ops.json in order of first appearance, each with its ops in schema order.
std::vector<std::pair<std::string, std::vector<const OpSignature *>>> families(const RuleSet &Rules) {
  std::vector<std::pair<std::string, std::vector<const OpSignature *>>> Out;
  for (const OpSignature &O : Rules.ops()) {
    auto It = std::find_if(Out.begin(), Out.end(), [&](const auto &F) { return F.first == O.family; });
    if (It == Out.end())
      It = Out.insert(Out.end(), {O.family, {}});
    It->second.push_back(&O);
  }
  return Out;
}

bool hasCpp(const OpSignature &O) {
  return std::any_of(O.overloads.begin(), O.overloads.end(), [](const Overload &Ov) { return Ov.cpp; });
}

/// The folder of a rule file ("rules/colargmin/x.json" -> "colargmin").
std::string folderOf(const Rule &R) {
  size_t A = R.file.find('/'), B = R.file.rfind('/');
  return A == std::string::npos || B == A ? "" : R.file.substr(A + 1, B - A - 1);
}

std::string checkedOps(const RuleSet &Rules) {
  // One row per family and C++ availability, so an op only PTOAS spells is never listed as checked in C++.
  std::ostringstream OS;
  size_t Ops = 0, Fams = 0;
  OS << "| family | ops | C++ (plugin, CLI, clang-tidy, clangd, launcher) | textual PTO (`.pto`) |\n|---|---|---|---|\n";
  for (const auto &[Family, Sigs] : families(Rules)) {
    ++Fams;
    for (bool Cpp : {true, false}) {
      std::vector<std::string> Names, Pto;
      bool Builtin = false;
      for (const OpSignature *O : Sigs)
        if (hasCpp(*O) == Cpp) {
          Names.push_back(O->name);
          if (!O->pto.empty())
            Pto.push_back("`" + O->pto + "`");
          Builtin |= O->builtin;
        }
      if (Names.empty())
        continue;
      Ops += Names.size();
      OS << "| " << Family << " | " << join(Names, ", ") << " | "
         << (Cpp ? (Builtin ? "yes (compiler builtins, any namespace)" : "yes") : "no") << " | "
         << (Pto.empty() ? "no" : join(Pto, ", ")) << " |\n";
    }
  }
  std::set<std::string> TileRules;
  for (const Rule &R : Rules.rules())
    if (R.ops.size() == 1 && R.ops[0] == "*")
      TileRules.insert("`" + R.id + "`");
  OS << "\n" << Ops << " ops in " << Fams << " families, from `rules/ops.json`; the " << TileRules.size()
     << " rules about tiles themselves (" << join({TileRules.begin(), TileRules.end()}, ", ")
     << ") apply to every tile operand of each.\n";
  return OS.str();
}

std::string opFamilies(const RuleSet &Rules) {
  std::ostringstream OS;
  OS << "| family | ops | rules | reference model |\n|---|---|---|---|\n";
  std::map<std::string, size_t> PerFolder;
  for (const Rule &R : Rules.rules())
    ++PerFolder[folderOf(R)];
  for (const auto &[Family, Sigs] : families(Rules)) {
    std::vector<std::string> Names, PtoOnly, Models;
    for (const OpSignature *O : Sigs) {
      (hasCpp(*O) ? Names : PtoOnly).push_back(O->name);
      std::string M = "`" + O->model + "`";
      if (std::find(Models.begin(), Models.end(), M) == Models.end())
        Models.push_back(M);
    }
    std::string List = join(Names, ", ");
    if (!PtoOnly.empty())
      List += (List.empty() ? "" : "; ") + std::string("`.pto` only: ") + join(PtoOnly, ", ");
    OS << "| " << Family << " | " << List << " | `rules/" << Family << "/` (" << PerFolder[Family]
       << ") | " << join(Models, ", ") << " |\n";
  }
  std::vector<std::string> Every;
  for (const auto &[Folder, N] : PerFolder)
    if (std::none_of(Rules.ops().begin(), Rules.ops().end(), [&](const OpSignature &O) { return O.family == Folder; }))
      Every.push_back("`rules/" + Folder + "/` (" + std::to_string(N) + ")");
  OS << "| (every op) | all of the above | " << join(Every, ", ") << " | each family's model |\n";
  return OS.str();
}
} // namespace

std::string generatedBlock(const RuleSet &Rules, const std::string &Name) {
  if (Name == "checked-ops")
    return checkedOps(Rules);
  if (Name == "op-families")
    return opFamilies(Rules);
  return "";
}

std::string withGeneratedBlocks(const std::string &Doc, const RuleSet &Rules, std::vector<std::string> &Errors) {
  static const std::string Begin = "<!-- begin generated ", End = "<!-- end generated ";
  std::string Out;
  size_t At = 0;
  for (size_t B = Doc.find(Begin); B != std::string::npos; B = Doc.find(Begin, std::max(B + 1, At))) {
    if (B != 0 && Doc[B - 1] != '\n')
      continue; // a marker quoted in the text, not a block
    size_t NameEnd = Doc.find_first_of(" \n", B + Begin.size());
    size_t LineEnd = Doc.find('\n', B);
    std::string Name = Doc.substr(B + Begin.size(), NameEnd - B - Begin.size());
    std::string Close = End + Name + " -->\n";
    size_t E = LineEnd == std::string::npos ? std::string::npos : Doc.find("\n" + Close, LineEnd);
    if (E != std::string::npos)
      ++E;
    std::string Body = generatedBlock(Rules, Name);
    if (E == std::string::npos || Body.empty()) {
      Errors.push_back(E == std::string::npos ? "generated block '" + Name + "' has no line '" + End + Name + " -->'"
                                              : "unknown generated block '" + Name + "'");
      return Doc;
    }
    Out += Doc.substr(At, LineEnd + 1 - At) + Body + Close;
    At = E + Close.size();
  }
  return Out + Doc.substr(At);
}

namespace {
std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t"), E = S.find_last_not_of(" \t\r");
  return B == std::string::npos ? "" : S.substr(B, E - B + 1);
}

/// From a fixture: the first call annotated with this rule (code and expected diagnostic), and the first call of
/// one of the rule's ops with no annotation at all.
std::string examplesFrom(const Rule &R, const std::string &Text) {
  std::vector<std::string> Lines;
  std::istringstream In(Text);
  for (std::string L; std::getline(In, L);)
    Lines.push_back(L);
  auto IsCall = [&](const std::string &L) {
    std::string T = trim(L);
    for (const std::string &Op : R.ops)
      if (Op != "*" ? T.rfind(Op + "(", 0) == 0 : (T.size() > 2 && T[0] == 'T' && isupper(static_cast<unsigned char>(T[1])) && T.find('(') != std::string::npos && T.rfind("TASSIGN", 0) != 0))
        return true;
    return false;
  };
  std::string Bad, Diag, Good;
  for (size_t I = 0; I < Lines.size() && Bad.empty(); ++I) {
    size_t P = Lines[I].find("// expect");
    if (P == std::string::npos || Lines[I].find(R.id) == std::string::npos)
      continue;
    size_t Target = I;
    size_t At = Lines[I].find('@', P);
    if (At != std::string::npos && At < Lines[I].find('[', P))
      Target = I + std::stoi(Lines[I].substr(At + 1));
    if (Target >= Lines.size() || !IsCall(Lines[Target]))
      continue;
    std::string Code = Lines[Target];
    size_t C = Code.find("//");
    Bad = trim(C == std::string::npos ? Code : Code.substr(0, C));
    // The annotation reads `<kind> <rule-id>: <message start>`; show it as clang prints it.
    size_t Colon = Lines[I].find(": ", P);
    std::string Ann = Colon == std::string::npos ? "" : trim(Lines[I].substr(Colon + 2));
    size_t Sp = Ann.find(' '), RuleEnd = Ann.find(": ");
    Diag = Sp != std::string::npos && RuleEnd != std::string::npos && Sp < RuleEnd
               ? Ann.substr(0, Sp) + ": " + Ann.substr(RuleEnd + 2) + (Ann.size() > RuleEnd + 2 ? " ..." : "")
               : Ann;
  }
  for (size_t I = 0; I < Lines.size() && Good.empty(); ++I) {
    if (!IsCall(Lines[I]) || Lines[I].find("expect") != std::string::npos)
      continue;
    bool Annotated = (I > 0 && Lines[I - 1].find("expect@+1") != std::string::npos) ||
                     (I + 1 < Lines.size() && Lines[I + 1].find("expect@-1") != std::string::npos) ||
                     (I > 1 && Lines[I - 2].find("expect@+2") != std::string::npos);
    if (!Annotated)
      Good = trim(Lines[I]);
  }
  if (Bad.empty() && Good.empty())
    return "";
  std::ostringstream OS;
  OS << "## Examples\n\nFrom `tests/rules/" << R.id << ".cpp`, where the tiles are declared and every expected "
     << "diagnostic is checked.\n\n";
  if (!Bad.empty())
    OS << "Invalid:\n\n```cpp\n" << Bad << "\n```\n\n```\n" << Diag << " [" << R.id << "]\n```\n\n";
  if (!Good.empty())
    OS << "Valid:\n\n```cpp\n" << Good << "\n```\n\n";
  return OS.str();
}
} // namespace

std::string ruleExamples(const Rule &R, const std::string &FixtureText) { return examplesFrom(R, FixtureText); }

void attachExamples(RuleSet &S, const std::function<std::string(const std::string &)> &FixtureOf) {
  for (Rule &R : S.Rules)
    R.examples = examplesFrom(R, FixtureOf(R.id));
}

std::string ruleMarkdown(const Rule &R, const std::string &FixtureText) {
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
  OS << "\n- Kind: " << ruleKindName(R.kind) << "\n- Severity: " << severityName(R.severity)
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
  OS << "## Message\n\n```\n" << R.message << " [" << R.id << "]\n```\n\n"
     << "A template: each `{field}` is filled per call with a fact of the call ([facts](../facts.md)), `{op}`, "
        "`{target}`, or a name defined under Targets (\"Where\").\n\n";
  for (const RuleVariant &V : R.variants)
    if (!V.message.empty())
      OS << "Variant message: `" << V.message << "`\n\n";
  if (!R.note.empty())
    OS << "Note: " << R.note << "\n\n";
  if (!R.pto.empty()) {
    OS << "## In textual PTO\n\nFor calls read from `.pto` files, in PTOAS's spelling:\n\n";
    if (!R.pto.message.empty())
      OS << "- message: `" << R.pto.message << "`\n";
    if (!R.pto.note.empty())
      OS << "- note: `" << R.pto.note << "`\n";
    if (!R.pto.help.empty())
      OS << "- help: `" << R.pto.help << "`\n";
    OS << "\n";
  }
  OS << (FixtureText.empty() ? R.examples : examplesFrom(R, FixtureText));
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
  // The fix-it: which operand's declared type it rewrites, and which arguments.
  std::vector<std::string> Parts;
  auto Describe = [&](const std::vector<FixSpec> &Fs) {
    for (const FixSpec &F : Fs) {
      std::string Args;
      for (const auto &[Arg, Term] : F.set)
        Args += (Args.empty() ? "" : ", ") + Arg;
      std::string P = "`" + F.role + "` (" + Args + ")";
      if (std::find(Parts.begin(), Parts.end(), P) == Parts.end())
        Parts.push_back(P);
    }
  };
  Describe(R.fix);
  for (const RuleVariant &V : R.variants)
    Describe(V.fix);
  if (!Parts.empty()) {
    std::string List;
    for (size_t I = 0; I < Parts.size(); ++I)
      List += (I ? ", " : "") + Parts[I];
    OS << "\nFix-it: where the operand's `Tile<...>` type is written in the main file for that tile alone, with "
          "literal arguments, pto-lint offers an edit of its declared type: "
       << List
       << ". Sizes are the largest any feasible input needs. The fix is offered only when the engine, checking every "
          "call that uses the tile again with the new type, finds the finding gone and nothing new. It reaches you as "
          "`clang-tidy --fix-errors`/`--export-fixes`, a clangd quick fix, and `fix` in JSON and SARIF.\n";
  }
  OS << "\n## Options\n\nEnable or disable with `--enable`/`--disable` (CLI) or `-fplugin-arg-ptolint-disable=" << R.id
     << "` (plugin); suppress one line with `// NOLINT(" << R.id << ")`.\n";
  return OS.str();
}

} // namespace pto::checker
