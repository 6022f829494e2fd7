// pto-rulegen's scaffold commands: the files a new op or rule needs, written so that the build says what is left
// to fill in (a new rule's condition is `(TODO)`, which pto-rulegen rejects until it is a real term).
//   pto-rulegen add-op   SOURCE_ROOT NAME FAMILY ROLE,ROLE,...   op schema in rules/ops.json
//   pto-rulegen add-rule SOURCE_ROOT ID OP[,OP...] [FAMILY]       rule file, fixture, doc page stub
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using nlohmann::ordered_json;

std::vector<std::string> split(const std::string &S) {
  std::vector<std::string> Out;
  std::stringstream SS(S);
  for (std::string X; std::getline(SS, X, ',');)
    if (!X.empty())
      Out.push_back(X);
  return Out;
}

bool writeNew(const std::filesystem::path &P, const std::string &Text) {
  if (std::filesystem::exists(P)) {
    std::fprintf(stderr, "pto-rulegen: %s exists; not overwritten\n", P.c_str());
    return false;
  }
  std::filesystem::create_directories(P.parent_path());
  std::ofstream(P) << Text;
  std::printf("wrote %s\n", P.c_str());
  return true;
}

int addOp(const std::string &Root, const std::string &Name, const std::string &Family, const std::string &Roles) {
  std::filesystem::path Ops = std::filesystem::path(Root) / "rules" / "ops.json";
  std::ifstream In(Ops);
  ordered_json J = ordered_json::parse(In, nullptr, false);
  if (J.is_discarded() || !J.contains("ops")) {
    std::fprintf(stderr, "pto-rulegen: cannot read %s\n", Ops.c_str());
    return 1;
  }
  for (const auto &O : J["ops"])
    if (O["name"] == Name) {
      std::fprintf(stderr, "pto-rulegen: %s is already in %s\n", Name.c_str(), Ops.c_str());
      return 1;
    }
  ordered_json O;
  O["name"] = Name;
  O["family"] = Family;
  O["model"] = "refmodel/include/pto/ref/TODO.hpp";
  O["constants"] = {{"op.ismax", 0}, {"op.inplace", 0}};
  O["overloads"] = ordered_json::array({{{"name", "plain"}, {"roles", split(Roles)}}});
  O["source"] = "pto-isa@3186c381 include/pto/common/pto_instr.hpp:TODO";
  J["ops"].push_back(O);
  std::ofstream(Ops) << J.dump(2) << "\n";
  std::printf("added %s to %s: set its model header (the build checks it exists and names %s), its citation and "
              "its constants; then add rules with `pto-rulegen add-rule`\n",
              Name.c_str(), Ops.c_str(), Name.c_str());
  return 0;
}

int addRule(const std::string &Root, const std::string &Id, const std::string &OpList, std::string Family) {
  std::vector<std::string> Ops = split(OpList);
  if (Id.rfind("pto-", 0) != 0 || Ops.empty()) {
    std::fprintf(stderr, "pto-rulegen: add-rule needs an id pto-<family>-<property> and at least one op\n");
    return 2;
  }
  if (Family.empty())
    Family = Id.substr(4, Id.find('-', 4) - 4);
  ordered_json R;
  R["id"] = Id;
  R["ops"] = Ops;
  R["kind"] = "valid-shape";
  R["severity"] = "error";
  R["summary"] = "TODO: what holds, one line, lowercase";
  R["description"] = "TODO: why, what happens on hardware when it does not, where upstream checks it";
  R["message"] = "TODO: what the call has, with {src.vcol}-style fields, but {op} on {target} requires what";
  R["help"] = "TODO: how to fix";
  R["variants"] = ordered_json::array(
      {{{"targets", {"a2a3", "a5", "cpu"}}, {"require", "(TODO)"}, {"sources", {"pto-isa@3186c381 TODO:line"}}}});
  std::string Op = Ops.front();
  bool Ok = writeNew(std::filesystem::path(Root) / "rules" / Family / (Id + ".json"), R.dump(2) + "\n");
  Ok &= writeNew(std::filesystem::path(Root) / "tests" / "rules" / (Id + ".cpp"),
                 "// Fixture for " + Id + ": TODO summary.\n#include <pto/pto-inst.hpp>\n\nusing namespace pto;\n\n"
                 "void legal() {\n  // TODO: calls of " + Op + " that satisfy the rule on every target (no annotation)\n}\n\n"
                 "void illegal() {\n  // TODO: a call that violates it, annotated per target, e.g.\n"
                 "  // " + Op + "(dst, src, tmp); // expect[a2a3,a5,cpu]: error " + Id + ": <message start>\n}\n");
  Ok &= writeNew(std::filesystem::path(Root) / "docs" / "rules" / (Id + ".md"),
                 "# " + Id + "\n\n(generated: PTOLINT_BLESS=1 build/tests/unit_tests --gtest_filter=RuleData.*)\n");
  std::printf("next: fill in the TODOs (the build rejects `(TODO)`), add the precondition to the model, then "
              "PTOLINT_BLESS=1 build/tests/unit_tests --gtest_filter=RuleData.* writes the page and "
              "PTOLINT_BLESS=1 build/tests/fixture_tests the fixture's golden file\n");
  return Ok ? 0 : 1;
}

} // namespace

/// Handles `add-op` and `add-rule`; -1 if Argv is neither.
int scaffoldMain(int Argc, char **Argv) {
  std::string Cmd = Argc > 1 ? Argv[1] : "";
  if (Cmd == "add-op") {
    if (Argc != 6) {
      std::fprintf(stderr, "usage: pto-rulegen add-op SOURCE_ROOT NAME FAMILY ROLE,ROLE,...\n");
      return 2;
    }
    return addOp(Argv[2], Argv[3], Argv[4], Argv[5]);
  }
  if (Cmd == "add-rule") {
    if (Argc != 5 && Argc != 6) {
      std::fprintf(stderr, "usage: pto-rulegen add-rule SOURCE_ROOT ID OP[,OP...] [FAMILY]\n");
      return 2;
    }
    return addRule(Argv[2], Argv[3], Argv[4], Argc == 6 ? Argv[5] : "");
  }
  return -1;
}
