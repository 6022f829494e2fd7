// pto-rulegen: validates rules/ (every term parsed and sort-checked against rules/facts.json) and writes it as
// C++ (build step; a broken rule or a misspelled fact fails the build).
//   pto-rulegen OUT.cpp RULES_DIR [--facts-header OUT.h] [--source-root DIR] FILE...
// With --facts-header, the engine's operand fact table generated from rules/facts.json is written there too.
// With --source-root, what a rule needs besides its data must exist there too, or the build fails: its fixture
// tests/rules/<id>.cpp (which also gives the Examples section of --explain), its page docs/rules/<id>.md, for
// each op the reference-model header rules/ops.json names, which must mention the op, and for each op family a
// cross-check adapter in tests/crosscheck/; and no scaffold stub may be left (a TODO in rules/, a TODO(scaffold) in
// tests/rules/, tests/crosscheck/ or refmodel/include/).
//   pto-rulegen add-op | add-rule | docs ...   scaffolds and generated documents (tools/scaffold.cpp)
#include "checker/Docs.h"
#include "checker/Rule.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace pto::checker {
std::string emitRuleSetSource(const RuleSet &S);
}
// tools/scaffold.cpp: add-op, add-rule, docs; and the check that no scaffold stub is left.
int scaffoldMain(int Argc, char **Argv);
void checkScaffoldsFilledIn(const std::string &Root, const pto::checker::RuleSet &S,
                            const std::vector<std::pair<std::string, std::string>> &RuleData,
                            std::vector<std::string> &Missing);

int main(int Argc, char **Argv) {
  if (int Rc = scaffoldMain(Argc, Argv); Rc >= 0)
    return Rc;
  if (Argc < 4) {
    std::fprintf(stderr, "usage: pto-rulegen OUT.cpp RULES_DIR [--facts-header OUT.h] [--source-root DIR] FILE...\n");
    return 2;
  }
  std::filesystem::path Dir = Argv[2];
  std::string Root, FactsHeader;
  int First = 3;
  for (bool More = true; More && First + 1 < Argc;) {
    std::string A = Argv[First];
    More = A == "--source-root" || A == "--facts-header";
    if (More) {
      (A == "--source-root" ? Root : FactsHeader) = Argv[First + 1];
      First += 2;
    }
  }
  std::vector<std::pair<std::string, std::string>> Files;
  for (int I = First; I < Argc; ++I) {
    std::ifstream In(Argv[I]);
    if (!In) {
      std::fprintf(stderr, "pto-rulegen: cannot read %s\n", Argv[I]);
      return 1;
    }
    std::stringstream SS;
    SS << In.rdbuf();
    // Named as the rule files are everywhere else: rules/<family>/<id>.json.
    Files.emplace_back("rules/" + std::filesystem::relative(Argv[I], Dir).generic_string(), SS.str());
  }
  std::sort(Files.begin(), Files.end());
  pto::checker::RuleSet S;
  std::vector<std::string> Errors;
  bool Ok = S.load(Files, Errors);
  if (!S.vocabulary().loaded && std::none_of(Errors.begin(), Errors.end(), [](const std::string &E) {
        return E.find("facts.json") != std::string::npos;
      })) {
    Errors.push_back("rules/facts.json (the fact vocabulary every rule is checked against) is not among the inputs");
    Ok = false;
  }
  for (const std::string &E : Errors)
    std::fprintf(stderr, "pto-rulegen: %s\n", E.c_str());
  if (!Ok && Root.empty())
    return 1;
  if (!Root.empty()) { // also after errors in the data, so that one run names everything left to do
    auto Read = [&](const std::string &Rel, std::string &Text) {
      std::ifstream In(Root + "/" + Rel);
      std::stringstream SS;
      SS << In.rdbuf();
      Text = SS.str();
      return static_cast<bool>(In);
    };
    std::vector<std::string> Missing;
    std::string Text;
    for (const pto::checker::Rule &R : S.rules()) {
      if (!Read("tests/rules/" + R.id + ".cpp", Text))
        Missing.push_back(R.file + ": no fixture tests/rules/" + R.id + ".cpp (pto-rulegen add-rule makes one)");
      if (!Read("docs/rules/" + R.id + ".md", Text))
        Missing.push_back(R.file + ": no page docs/rules/" + R.id + ".md (build/pto-rulegen docs . writes it)");
    }
    for (const pto::checker::OpSignature &O : S.ops())
      if (!Read(O.model, Text))
        Missing.push_back("rules/ops.json: " + O.name + ": no reference model '" + O.model + "'");
      else if (Text.find(O.name) == std::string::npos)
        Missing.push_back("rules/ops.json: " + O.name + ": the reference model '" + O.model + "' does not mention it");
    checkScaffoldsFilledIn(Root, S, Files, Missing);
    for (const std::string &E : Missing)
      std::fprintf(stderr, "pto-rulegen: %s\n", E.c_str());
    if (!Ok || !Missing.empty())
      return 1;
    pto::checker::attachExamples(S, [&](const std::string &Id) {
      Read("tests/rules/" + Id + ".cpp", Text);
      return Text;
    });
  }
  // Unchanged outputs keep their timestamps: nothing to recompile.
  auto Write = [](const std::string &Path, const std::string &Text) {
    std::ifstream Old(Path);
    std::stringstream OldText;
    OldText << Old.rdbuf();
    if (!Old || OldText.str() != Text)
      std::ofstream(Path) << Text;
  };
  if (!FactsHeader.empty()) {
    if (!S.vocabulary().loaded) {
      std::fprintf(stderr, "pto-rulegen: --facts-header needs rules/facts.json among the inputs\n");
      return 1;
    }
    Write(FactsHeader, pto::checker::factTableSource(S));
  }
  Write(Argv[1], pto::checker::emitRuleSetSource(S));
  return 0;
}
