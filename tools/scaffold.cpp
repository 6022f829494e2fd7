// pto-rulegen's scaffold and documentation commands: the files a new op or rule needs, written so that the build
// says what is left to fill in, and the documents generated from rules/.
//   pto-rulegen add-op   SOURCE_ROOT NAME FAMILY ROLE,ROLE,...   everything an op needs (listed below)
//   pto-rulegen add-rule SOURCE_ROOT ID OP[,OP...] [FAMILY]       rule file, fixture, doc page
//   pto-rulegen docs     SOURCE_ROOT                             every generated page and block, from rules/
// A stub holds `TODO` (rule data: a `(TODO)` condition the term checker rejects) or `TODO(scaffold)` (code): the
// build step (pto-rulegen --source-root) fails while any is left, so an unfinished op cannot ship silently.
#include "checker/Docs.h"
#include "checker/Rule.h"
#include "checker/Vocabulary.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

using nlohmann::ordered_json;

/// The marker of a code stub (C++ fixtures, model, cross-check); rule data uses plain `TODO`.
const char *const Marker = "TODO(scaffold)";

std::vector<std::string> split(const std::string &S) {
  std::vector<std::string> Out;
  std::stringstream SS(S);
  for (std::string X; std::getline(SS, X, ',');)
    if (!X.empty())
      Out.push_back(X);
  return Out;
}

std::string readText(const fs::path &P) {
  std::ifstream In(P);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

/// Writes P, which must not exist yet.
bool writeNew(const fs::path &P, const std::string &Text) {
  if (fs::exists(P)) {
    std::fprintf(stderr, "pto-rulegen: %s exists; not overwritten\n", P.c_str());
    return false;
  }
  fs::create_directories(P.parent_path());
  std::ofstream(P) << Text;
  std::printf("wrote %s\n", P.c_str());
  return true;
}

/// Rewrites P when Text differs from what it holds.
void update(const fs::path &P, const std::string &Text) {
  if (readText(P) == Text)
    return;
  std::ofstream(P) << Text;
  std::printf("updated %s\n", P.c_str());
}

std::string camel(const std::string &Family) {
  std::string C = Family;
  if (!C.empty())
    C[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(C[0])));
  return C;
}

std::string lower(std::string S) {
  for (char &C : S)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return S;
}

std::string upper(std::string S) {
  for (char &C : S)
    C = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  return S;
}

bool identifier(const std::string &S, bool Lower) {
  return !S.empty() && !std::isdigit(static_cast<unsigned char>(S[0])) &&
         std::all_of(S.begin(), S.end(), [&](char C) {
           return Lower ? (std::islower(static_cast<unsigned char>(C)) || std::isdigit(static_cast<unsigned char>(C)))
                        : (std::isalnum(static_cast<unsigned char>(C)) || C == '_');
         });
}

/// `OP(dst, src, tmp);`: a call of the op with its roles as arguments.
std::string callOf(const std::string &Op, const std::vector<std::string> &Roles) {
  std::string Args;
  for (const std::string &R : Roles)
    Args += (Args.empty() ? "" : ", ") + R;
  return Op + "(" + Args + ");";
}

/// A rule file whose every field says what to write; its `(TODO)` condition fails the build until it is a term.
ordered_json ruleStub(const std::string &Id, const std::vector<std::string> &Ops, const std::string &Kind,
                      const std::string &What, const std::string &Role) {
  ordered_json R;
  R["id"] = Id;
  R["ops"] = Ops;
  R["kind"] = Kind;
  R["severity"] = "error";
  R["summary"] = std::string(Marker) + ": " + What + " (one line, lowercase, no final period)";
  R["description"] = std::string(Marker) + ": why, what the hardware does when it does not hold, where upstream "
                                           "checks it (static_assert, debug-only PTO_ASSERT, nowhere)";
  R["message"] = std::string(Marker) + ": what the call has, with fact fields such as {" + Role + ".vcol}, but what "
                                       "{op} on {target} requires";
  R["help"] = std::string(Marker) + ": how to fix";
  R["variants"] = ordered_json::array({{{"targets", {"a2a3", "a5", "cpu"}},
                                        {"require", "(TODO)"},
                                        {"sources", {"pto-isa@3186c381 TODO(scaffold): file:lines"}}}});
  return R;
}

/// The rule file, its fixture and, with Page, its doc page (a placeholder until the docs are regenerated).
bool writeRule(const fs::path &Root, const std::string &Family, const ordered_json &R,
               const std::vector<std::string> &Roles, bool Page) {
  const std::string Id = R["id"], Op = R["ops"][0];
  bool Ok = writeNew(Root / "rules" / Family / (Id + ".json"), R.dump(2) + "\n");
  Ok &= writeNew(Root / "tests" / "rules" / (Id + ".cpp"),
                 "// Fixture for " + Id + ": " + Marker + " the rule's summary.\n#include <pto/pto-inst.hpp>\n\n"
                 "using namespace pto;\n\n// " + Marker + ": tile types (using ... = Tile<TileType::Vec, float, 16, 64>;)"
                 "\n\nvoid legal() {\n  // " + Marker + ": calls of " + Op + " that satisfy the rule on every "
                 "target, with no annotation\n}\n\nvoid illegal() {\n  // " + Marker + ": calls that violate it, "
                 "each annotated per target with the diagnostic it gets, e.g.\n  // " + callOf(Op, Roles) +
                 " // expect[a2a3,a5,cpu]: error " + Id + ": <message start>\n}\n");
  if (Page)
    Ok &= writeNew(Root / "docs" / "rules" / (Id + ".md"),
                   "# " + Id + "\n\n(generated: build/pto-rulegen docs . once the rule builds)\n");
  return Ok;
}

/// rules/<family>/<id>.json files and the schemas beside them, named as the build names them, sorted.
std::vector<std::pair<std::string, std::string>> ruleFiles(const fs::path &Root) {
  std::vector<std::pair<std::string, std::string>> Files;
  if (!fs::is_directory(Root / "rules"))
    return Files;
  for (const auto &E : fs::recursive_directory_iterator(Root / "rules"))
    if (E.is_regular_file() && (E.path().extension() == ".json" || E.path().extension() == ".smt2"))
      Files.emplace_back("rules/" + fs::relative(E.path(), Root / "rules").generic_string(), readText(E.path()));
  std::sort(Files.begin(), Files.end());
  return Files;
}

/// Regenerates every document made from rules/: the rule pages and index, docs/facts.md, and the generated blocks
/// of README.md and docs/*.md. Strict: nothing is written unless the rules load without an error.
int regenerateDocs(const fs::path &Root, bool Strict) {
  pto::checker::RuleSet S;
  std::vector<std::string> Errors;
  if (!S.load(ruleFiles(Root), Errors) && Strict) {
    for (const std::string &E : Errors)
      std::fprintf(stderr, "pto-rulegen: %s\n", E.c_str());
    std::fprintf(stderr, "pto-rulegen: docs not regenerated: the rules do not build\n");
    return 1;
  }
  if (fs::is_directory(Root / "docs" / "rules")) {
    for (const pto::checker::Rule &R : S.rules())
      update(Root / "docs" / "rules" / (R.id + ".md"),
             pto::checker::ruleMarkdown(R, readText(Root / "tests" / "rules" / (R.id + ".cpp"))));
    update(Root / "docs" / "rules" / "README.md", pto::checker::ruleIndexMarkdown(S));
  }
  if (S.vocabulary().loaded && fs::exists(Root / "docs" / "facts.md"))
    update(Root / "docs" / "facts.md", pto::checker::factsMarkdown(S));
  std::vector<fs::path> Pages{Root / "README.md"};
  if (fs::is_directory(Root / "docs"))
    for (const auto &E : fs::directory_iterator(Root / "docs"))
      if (E.path().extension() == ".md")
        Pages.push_back(E.path());
  int Rc = 0;
  for (const fs::path &P : Pages) {
    if (!fs::exists(P))
      continue;
    std::vector<std::string> BlockErrors;
    std::string Text = pto::checker::withGeneratedBlocks(readText(P), S, BlockErrors);
    for (const std::string &E : BlockErrors)
      std::fprintf(stderr, "pto-rulegen: %s: %s\n", P.c_str(), E.c_str());
    if (BlockErrors.empty())
      update(P, Text);
    else
      Rc = 1;
  }
  return Rc;
}

/// Adds Op to the `ops` list of an existing rule file, keeping the rest of its text as it is.
bool addOpToRule(const fs::path &P, const std::string &Op) {
  std::string Text = readText(P);
  size_t Key = Text.find("\"ops\": [");
  size_t Close = Key == std::string::npos ? std::string::npos : Text.find(']', Key);
  if (Close == std::string::npos)
    return false;
  size_t LastQuote = Text.rfind('"', Close);
  if (LastQuote == std::string::npos || LastQuote < Key + 7)
    return false;
  size_t LineStart = Text.rfind('\n', LastQuote);
  std::string Indent = Text.substr(LineStart + 1, Text.find('"', LineStart) - LineStart - 1);
  Text.insert(LastQuote + 1, ",\n" + Indent + "\"" + Op + "\"");
  update(P, Text);
  return true;
}

/// The clean-room API function of a new op: runs nothing until it is written.
std::string apiStub(const std::string &Op, const std::vector<std::string> &Roles) {
  std::string Params, Args;
  for (const std::string &R : Roles) {
    std::string T = "T" + camel(R);
    Params += "class " + T + ", ";
    Args += T + " &" + R + ", ";
  }
  return "/// " + std::string(Marker) + ": what " + Op + " computes; build the model's configuration from the "
         "tiles, record its\n/// preconditions in ref::lastViolations() and run it, as the family's other ops do.\n"
         "template <" + Params + "class... WaitEvents>\nRecordEvent " + Op + "(" + Args +
         "WaitEvents &...events) {\n  TSYNC(events...);\n  ref::lastViolations().clear();\n  return {};\n}\n";
}

/// Adds `#include "pto/ops/<Camel>.hpp" // OP` to pto/pto-inst.hpp, in order among the op headers.
void includeInPtoInst(const fs::path &Root, const std::string &Camel, const std::string &Op) {
  const fs::path P = Root / "refmodel" / "include" / "pto" / "pto-inst.hpp";
  std::string Text = readText(P);
  if (Text.empty())
    return;
  const std::string Prefix = "#include \"pto/ops/", Inc = Prefix + Camel + ".hpp\"";
  std::vector<std::string> Lines;
  std::istringstream In(Text);
  for (std::string L; std::getline(In, L);)
    Lines.push_back(L);
  // Before the first op header that sorts after it, else after the last one; comments in their column.
  size_t At = Lines.size(), Last = Lines.size(), Column = 0;
  for (size_t I = 0; I < Lines.size(); ++I)
    if (Lines[I].rfind(Prefix, 0) == 0 && Lines[I].find("Common.hpp") == std::string::npos) {
      Column = std::max(Column, std::min(Lines[I].find("//"), Lines[I].size()));
      Last = I;
      if (At == Lines.size() && Lines[I] > Inc)
        At = I;
    }
  if (At == Lines.size() && Last != Lines.size())
    At = Last + 1;
  if (At == Lines.size())
    return;
  std::string Line = Inc;
  Line += std::string(Column > Line.size() ? Column - Line.size() : 1, ' ') + "// " + Op;
  Lines.insert(Lines.begin() + At, Line);
  std::string Out;
  for (const std::string &L : Lines)
    Out += L + "\n";
  update(P, Out);
}

int addOp(const std::string &RootArg, const std::string &Name, const std::string &Family, const std::string &RoleList) {
  const fs::path Root = RootArg;
  const fs::path OpsPath = Root / "rules" / "ops.json";
  ordered_json J = ordered_json::parse(readText(OpsPath), nullptr, false);
  if (J.is_discarded() || !J.contains("ops")) {
    std::fprintf(stderr, "pto-rulegen: cannot read %s\n", OpsPath.c_str());
    return 1;
  }
  const std::vector<std::string> Roles = split(RoleList);
  if (!identifier(Name, false) || !identifier(Family, true) || Roles.empty()) {
    std::fprintf(stderr, "pto-rulegen: add-op needs an op name (a C++ identifier), a family (lowercase letters and "
                         "digits: the rule ids are pto-<family>-<property>) and its roles in C++ argument order\n");
    return 2;
  }
  std::map<std::string, std::string> Kinds;
  for (const auto &[R, K] : J["roles"].items())
    Kinds[R] = K.get<std::string>();
  std::vector<std::string> Ins, Outs, Optional;
  bool HasTmp = false;
  for (const std::string &R : Roles) {
    if (!Kinds.count(R)) {
      std::string Known;
      for (const auto &[K, X] : Kinds)
        Known += " " + K;
      std::fprintf(stderr, "pto-rulegen: role \"%s\" has no kind in %s \"roles\" (known:%s); add it there first\n",
                   R.c_str(), OpsPath.c_str(), Known.c_str());
      return 2;
    }
    (Kinds[R] == "dst" ? Outs : Ins).push_back(R);
    if (Kinds[R] == "tmp") {
      Optional.push_back(R);
      HasTmp = true;
    }
  }
  std::string Model;
  for (const auto &O : J["ops"]) {
    if (O["name"] == Name) {
      std::fprintf(stderr, "pto-rulegen: %s is already in %s\n", Name.c_str(), OpsPath.c_str());
      return 1;
    }
    if (O["family"] == Family && Model.empty())
      Model = O.value("model", "");
  }
  const bool NewFamily = Model.empty();
  const std::string Camel = camel(Family);
  if (NewFamily)
    Model = "refmodel/include/pto/ref/" + Camel + ".hpp";

  // 1. The schema.
  ordered_json O;
  O["name"] = Name;
  O["family"] = Family;
  O["model"] = Model;
  O["pto"] = "pto." + lower(Name);
  O["constants"] = {{"op.ismax", Name.size() > 3 && Name.substr(Name.size() - 3) == "MAX" ? 1 : 0},
                    {"op.inplace", 0}};
  ordered_json Binding = {{"ins", Ins}, {"outs", Outs}};
  if (!Optional.empty())
    Binding["optional"] = Optional;
  O["overloads"] = ordered_json::array({{{"name", "plain"}, {"roles", Roles}, {"pto", Binding}}});
  O["source"] = "pto-isa@3186c381 include/pto/common/pto_instr.hpp:TODO(scaffold)";
  J["ops"].push_back(O);
  std::ofstream(OpsPath) << J.dump(2, ' ', /*ensure_ascii=*/true) << "\n"; // the file's own escaping (\u00a7)
  std::printf("updated %s\n", OpsPath.c_str());

  bool Ok = true;
  const fs::path Inc = Root / "refmodel" / "include" / "pto";
  const std::string Ref = fs::path(Model).filename().string(), Stem = fs::path(Model).stem().string();
  if (NewFamily) {
    // 2. The standard rules every tile-op family has (rules/*/: a TileType rule, element types, matching element
    // types when there are several operands, layouts, valid shapes, and the scratch size when there is a tmp).
    struct Std {
      const char *property, *kind, *what;
      bool wanted;
    } Rules[] = {
        {"tile-loc", "type", "which TileType (Vec, Mat, ...) each operand must have", true},
        {"dtype", "type", "the element types the target's implementation supports", true},
        {"dtype-match", "type", "which operands must share an element type", Roles.size() > 1},
        {"layout", "layout", "the BLayout and SLayout each operand must have", true},
        {"valid-shape", "valid-shape", "how the operands' valid regions must relate to each other and be non-empty",
         true},
        {"tmp-size", "tmp-size", "the bytes of tmp the implementation writes", HasTmp},
    };
    for (const Std &S : Rules)
      if (S.wanted)
        Ok &= writeRule(Root, Family, ruleStub("pto-" + Family + "-" + S.property, {Name}, S.kind, S.what,
                                 Ins.empty() ? Roles.front() : Ins.front()),
                        Roles, /*Page=*/false); // the docs step below writes the pages
    // 3. The reference model, the clean-room API over it, and its place in pto/pto-inst.hpp.
    std::string Tiles;
    for (const std::string &R : Roles)
      Tiles += (Tiles.empty() ? "" : ", ") + R;
    Ok &= writeNew(Root / Model,
                   "// Executable reference model of " + Name + " per target: preconditions and results.\n"
                   "#ifndef PTO_REF_" + upper(Family) + "_HPP\n#define PTO_REF_" + upper(Family) + "_HPP\n\n"
                   "#include <string>\n#include <vector>\n\n"
                   "#include \"pto/ref/ColReduce.hpp\" // ColReduceTile: element type, shape, valid region, kind\n"
                   "#include \"pto/ref/TileAccess.hpp\"\n\nnamespace pto {\nnamespace ref {\n\n"
                   "/// One " + Name + " call as the model sees it.\nstruct " + Camel + "Config {\n  Target target;\n"
                   "  bool isMax;\n  ColReduceTile " + Tiles + ";\n};\n\n"
                   "/// What the target's implementation requires of the call (static_asserts, debug-only PTO_ASSERTs, "
                   "what its\n/// algorithm implies). Empty for a legal call.\ninline std::vector<Precondition> " +
                   Family + "Preconditions(const " + Camel + "Config &Cfg) {\n  std::vector<Precondition> Out;\n"
                   "  // " + Marker + ": one Precondition{rule id, message, severity, kind} per rule of rules/" +
                   Family + "/ the call\n  // violates on Cfg.target, found from the upstream implementation "
                   "independently of the rule's condition.\n  (void)Cfg;\n  return Out;\n}\n\n"
                   "/// Runs a legal call on raw tile storage. " + Marker + ": the op's result per target.\n"
                   "template <class T> void " + Family + "Execute(const " + Camel + "Config &Cfg, const T *Src, T *Dst) "
                   "{\n  (void)Cfg;\n  (void)Src;\n  (void)Dst;\n}\n\n} // namespace ref\n} // namespace pto\n\n"
                   "#endif // PTO_REF_" + upper(Family) + "_HPP\n");
    Ok &= writeNew(Inc / "ops" / (Camel + ".hpp"),
                   "// Clean-room " + Name + " API running on the reference model (pto/ref/" + Ref + ").\n"
                   "#ifndef PTO_OPS_" + upper(Family) + "_HPP\n#define PTO_OPS_" + upper(Family) + "_HPP\n\n"
                   "#include \"pto/ops/Common.hpp\"\n#include \"pto/ref/" + Ref + "\"\n\nnamespace pto {\n\n" +
                   apiStub(Name, Roles) + "\n} // namespace pto\n\n#endif // PTO_OPS_" + upper(Family) + "_HPP\n");
    includeInPtoInst(Root, Camel, Name);
    // 4. The cross-check adapter (tests/crosscheck/Family.hpp), compiled into crosscheck_tests by its glob.
    std::string Operands, Shows;
    for (const std::string &R : Roles) {
      Operands += std::string(Operands.empty() ? "" : ",\n                  ") + "{\"" + R + "\", crosscheck::facts(\"" +
                  R + "\", C." + R + ")}";
      Shows += " +\n           \", " + R + " \" + crosscheck::show(C." + R + ")";
    }
    std::string Empty;
    for (size_t I = 0; I < Roles.size(); ++I)
      Empty += ", {}";
    Ok &= writeNew(Root / "tests" / "crosscheck" / (Camel + "CrossCheck.cpp"),
                   "// tests: " + Name + " rules vs the reference model, through the family harness (Family.hpp). "
                   "The adapter:\n// random calls, their facts, and the result a legal call must compute.\n"
                   "#include \"Family.hpp\"\n#include \"pto/ref/" + Ref + "\"\n\n#include <random>\n#include <string>\n"
                   "#include <vector>\n\nusing namespace pto;\n\nnamespace {\n\nstruct " + Camel + "Family {\n"
                   "  using Config = ref::" + Camel + "Config;\n\n"
                   "  static Config random(std::mt19937 &Rng, ref::Target T, bool IsMax) {\n"
                   "    Config C{T, IsMax" + Empty + "};\n    // " + Marker + ": draw element types, shapes, "
                   "layouts and valid regions: mostly legal calls, and\n    // every precondition violated often.\n"
                   "    (void)Rng;\n    return C;\n  }\n\n"
                   "  static checker::CallSite callSite(const Config &C) {\n    checker::CallSite K;\n"
                   "    K.op = \"" + Name + "\";\n    K.overload = \"plain\";\n    K.loc = {\"random.cpp\", 1, 1};\n"
                   "    K.operands = {" + Operands + "};\n    return K;\n  }\n\n"
                   "  static std::vector<ref::Precondition> preconditions(const Config &C) { return ref::" + Family +
                   "Preconditions(C); }\n\n  static std::string describe(const Config &C) {\n"
                   "    return std::string(\"" + Name + " on \") + ref::targetName(C.target)" + Shows + ";\n  }\n\n"
                   "  static bool checkResult(std::mt19937 &Rng, const Config &C) {\n    // " + Marker +
                   ": run ref::" + Family + "Execute on random data and compare with what the op means.\n"
                   "    (void)Rng;\n    (void)C;\n    return false;\n  }\n};\n\n"
                   "class " + Camel + "CrossCheck : public ::testing::TestWithParam<ref::Target> {};\n\n"
                   "TEST_P(" + Camel + "CrossCheck, RulesAgreeWithReferenceModel) {\n"
                   "  crosscheck::runFamilyCrossCheck<" + Camel + "Family>(GetParam(), " +
                   (O["constants"]["op.ismax"] == 1 ? "true" : "false") + ", \"" + Name + "\");\n}\n\n"
                   "INSTANTIATE_TEST_SUITE_P(Targets, " + Camel + "CrossCheck,\n"
                   "                         ::testing::Values(ref::Target::A2A3, ref::Target::A5, ref::Target::CPU),\n"
                   "                         [](const auto &I) { return std::string(\"" + Name +
                   "_\") + ref::targetName(I.param); });\n\n} // namespace\n");
  } else {
    // An op of an existing family: the family's rules name it too (their fixtures and the model must then cover
    // it: the build checks that the model mentions it), and the family's API header gets its function stub.
    if (fs::is_directory(Root / "rules" / Family))
      for (const auto &E : fs::directory_iterator(Root / "rules" / Family))
        if (E.path().extension() == ".json" && !addOpToRule(E.path(), Name)) {
          std::fprintf(stderr, "pto-rulegen: %s: no \"ops\" list to add %s to\n", E.path().c_str(), Name.c_str());
          Ok = false;
        }
    const fs::path Api = Inc / "ops" / Ref;
    std::string Text = readText(Api);
    size_t End = Text.rfind("} // namespace pto\n");
    if (End != std::string::npos) {
      Text.insert(End, apiStub(Name, Roles) + "\n");
      update(Api, Text);
    } else if (!fs::exists(Api)) {
      std::printf("no %s here: write the %s function in the family's API header\n", Api.c_str(), Name.c_str());
    } else {
      std::fprintf(stderr, "pto-rulegen: %s: no `} // namespace pto` to add the %s function before; write it there\n",
                   Api.c_str(), Name.c_str());
      Ok = false;
    }
  }
  // 5. Every document that lists ops or rules (README.md's and docs/'s generated blocks, rule pages and index).
  regenerateDocs(Root, /*Strict=*/false);
  std::printf(
      "added %s (family %s). Next, until `ninja -C build` passes (pto-rulegen rejects every TODO left in rules/ and "
      "every %s in tests/rules/, tests/crosscheck/ and refmodel/include/):\n"
      "  - rules/ops.json: the citation of %s, its constants (op.ismax = %d, op.inplace = 0 were guessed) and "
      "overloads\n"
      "  - rules/%s/: each rule's condition per target, texts and citations; delete a stub rule that does not apply "
      "(with its tests/rules/ and docs/rules/ files), add others with `pto-rulegen add-rule`\n"
      "  - tests/rules/<id>.cpp: legal and annotated illegal calls for each rule\n"
      "  - %s: the preconditions and the results per target, and the %s function in refmodel/include/pto/ops/%s\n"
      "  - tests/crosscheck/: the family's adapter (random calls, facts, results)\n"
      "then `build/pto-rulegen docs .` regenerates the pages and `PTOLINT_BLESS=1 build/tests/fixture_tests` writes "
      "the fixtures' golden renderings\n",
      Name.c_str(), Family.c_str(), Marker, Name.c_str(), O["constants"]["op.ismax"].get<int>(), Family.c_str(),
      Model.c_str(), Name.c_str(), Ref.c_str());
  return Ok ? 0 : 1;
}

int addRule(const std::string &Root, const std::string &Id, const std::string &OpList, std::string Family) {
  std::vector<std::string> Ops = split(OpList);
  if (Id.rfind("pto-", 0) != 0 || Ops.empty()) {
    std::fprintf(stderr, "pto-rulegen: add-rule needs an id pto-<family>-<property> and at least one op\n");
    return 2;
  }
  if (Family.empty())
    Family = Id.substr(4, Id.find('-', 4) - 4);
  std::vector<std::string> Roles{"dst", "src", "tmp"};
  ordered_json J = ordered_json::parse(readText(fs::path(Root) / "rules" / "ops.json"), nullptr, false);
  if (!J.is_discarded() && J.contains("ops"))
    for (const auto &O : J["ops"])
      if (O["name"] == Ops.front() && !O["overloads"].empty())
        Roles = O["overloads"][0]["roles"].get<std::vector<std::string>>();
  bool Ok = writeRule(Root, Family, ruleStub(Id, Ops, "valid-shape", "what holds", Roles.size() > 1 ? Roles[1] : Roles[0]),
                      Roles, /*Page=*/true);
  std::printf("next: fill in the TODOs (the build rejects `(TODO)` and every %s), add the precondition to the "
              "model, then build/pto-rulegen docs . writes the page and PTOLINT_BLESS=1 build/tests/fixture_tests "
              "the fixture's golden file\n",
              Marker);
  return Ok ? 0 : 1;
}

} // namespace

/// Handles `add-op`, `add-rule` and `docs`; -1 if Argv is none of them.
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
  if (Cmd == "docs") {
    if (Argc != 3) {
      std::fprintf(stderr, "usage: pto-rulegen docs SOURCE_ROOT\n");
      return 2;
    }
    return regenerateDocs(Argv[2], /*Strict=*/true);
  }
  return -1;
}

/// The build step's check that nothing scaffolded is left: a `TODO` in rule data, a TODO(scaffold) in the code an op
/// needs, and a family without a cross-check adapter. Appends one message per problem.
void checkScaffoldsFilledIn(const std::string &Root, const pto::checker::RuleSet &S,
                            const std::vector<std::pair<std::string, std::string>> &RuleData,
                            std::vector<std::string> &Missing) {
  auto Scan = [&](const std::string &Name, const std::string &Text, const std::string &What) {
    size_t P = Text.find(What);
    if (P == std::string::npos)
      return;
    size_t Line = std::count(Text.begin(), Text.begin() + P, '\n') + 1;
    size_t N = 0;
    for (size_t Q = P; Q != std::string::npos; Q = Text.find(What, Q + 1))
      ++N;
    Missing.push_back(Name + ":" + std::to_string(Line) + ": " + std::to_string(N) + " scaffold stub" +
                      (N > 1 ? "s" : "") + " (" + What + ") not filled in");
  };
  for (const auto &[Name, Text] : RuleData)
    Scan(Name, Text, "TODO");
  const fs::path R = Root;
  std::map<std::string, std::string> CrossChecks; // tests/crosscheck/X.cpp -> text
  for (const char *Dir : {"tests/rules", "tests/crosscheck", "refmodel/include"}) {
    if (!fs::is_directory(R / Dir))
      continue;
    std::vector<fs::path> Paths;
    for (const auto &E : fs::recursive_directory_iterator(R / Dir))
      if (E.is_regular_file())
        Paths.push_back(E.path());
    std::sort(Paths.begin(), Paths.end());
    for (const fs::path &P : Paths) {
      std::string Rel = fs::relative(P, R).generic_string(), Text = readText(P);
      Scan(Rel, Text, Marker);
      if (std::string(Dir) == "tests/crosscheck" && P.extension() == ".cpp")
        CrossChecks[Rel] = Text;
    }
  }
  std::vector<std::string> Families;
  for (const pto::checker::OpSignature &O : S.ops())
    if (std::find(Families.begin(), Families.end(), O.family) == Families.end())
      Families.push_back(O.family);
  for (const std::string &F : Families) {
    bool Adapter = false;
    for (const auto &[Rel, Text] : CrossChecks)
      for (const pto::checker::OpSignature &O : S.ops())
        Adapter |= O.family == F && Text.find("\"" + O.name + "\"") != std::string::npos;
    if (!Adapter)
      Missing.push_back("rules/ops.json: family " + F + ": no cross-check adapter in tests/crosscheck/ names one of its "
                        "ops (pto-rulegen add-op writes one)");
  }
}
