// tests: the built-in rule data is well-formed, every rule has its doc page and fixture, and every
// rule evaluates without solver errors or unfilled message fields on calls of every op, overload and target.
#include "checker/Docs.h"
#include "checker/Engine.h"
#include "checker/Rule.h"

#include "../../TestUtil.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <random>
#include <sstream>

using namespace pto::checker;

namespace pto::checker {
const std::vector<std::pair<std::string, std::string>> &embeddedRuleFiles();
std::string emitRuleSetSource(const RuleSet &S);
}

namespace {

using pto::testutil::readFile;

TEST(RuleData, LoadsWithoutErrors) {
  RuleSet S;
  std::vector<std::string> Errors;
  EXPECT_TRUE(S.load(embeddedRuleFiles(), Errors));
  for (const std::string &E : Errors)
    ADD_FAILURE() << E;
  EXPECT_GE(S.rules().size(), 15u);
}

/// The compiled rule set (what the plugin and the CLI use) is exactly the rule files as the loader reads them.
TEST(RuleData, CompiledRulesAreTheRuleFiles) {
  RuleSet S;
  std::vector<std::string> Errors;
  ASSERT_TRUE(S.load(embeddedRuleFiles(), Errors));
  attachExamples(S, [](const std::string &Id) { return readFile(std::string(PTOLINT_SOURCE_DIR) + "/tests/rules/" + Id + ".cpp"); });
  EXPECT_EQ(emitRuleSetSource(S), emitRuleSetSource(RuleSet::builtin()));
  ASSERT_EQ(S.rules().size(), RuleSet::builtin().rules().size());
  for (size_t I = 0; I < S.rules().size(); ++I) { // spot checks that do not go through the emitter
    const Rule &A = S.rules()[I], &B = RuleSet::builtin().rules()[I];
    EXPECT_EQ(A.id, B.id);
    EXPECT_EQ(A.description, B.description);
    EXPECT_EQ(A.tmpBytes, B.tmpBytes) << A.id;
    EXPECT_EQ(std::make_pair(A.hiddenAt, A.hiddenBytes), std::make_pair(B.hiddenAt, B.hiddenBytes)) << A.id;
    ASSERT_EQ(A.variants.size(), B.variants.size()) << A.id;
    for (size_t J = 0; J < A.variants.size(); ++J) {
      EXPECT_EQ(A.variants[J].require, B.variants[J].require) << A.id;
      EXPECT_EQ(A.variants[J].let, B.variants[J].let) << A.id;
      EXPECT_EQ(A.variants[J].targets, B.variants[J].targets) << A.id;
      EXPECT_EQ(A.variants[J].severity, B.variants[J].severity) << A.id;
    }
  }
  EXPECT_EQ(S.prelude(), RuleSet::builtin().prelude());
  EXPECT_EQ(S.renames(), RuleSet::builtin().renames());
  EXPECT_EQ(RuleSet::builtin().find("pto-colargmin-tmp-size")->tmpBytes, "need");
  EXPECT_EQ(RuleSet::builtin().find("pto-rowexpand-hidden-scratch")->hiddenBytes, "need");
  EXPECT_EQ(S.ops().size(), RuleSet::builtin().ops().size());
}

TEST(RuleData, LoaderRejectsBrokenRules) {
  RuleSet S;
  std::vector<std::string> Errors;
  std::string Ops = R"({"ops":[{"name":"TCOLARGMIN","family":"colargmin","source":"x","overloads":[{"name":"index","roles":["dstIdx","src","tmp"]}]}]})";
  std::string Bad = R"({"id":"colargmin-x","ops":["TNOPE"],"kind":"odd","severity":"fatal","summary":"s","message":"m",
                        "variants":[{"targets":["a9"],"require":"true","typo":1}]})";
  EXPECT_FALSE(S.load({{"ops.json", Ops}, {"bad.json", Bad}}, Errors));
  std::string All;
  for (const std::string &E : Errors)
    All += E + "\n";
  for (const char *Want : {"not of the form pto-", "unknown kind", "severity must be", "unknown target \"a9\"",
                           "unknown key \"typo\"", "citation", "TNOPE"})
    EXPECT_NE(All.find(Want), std::string::npos) << "missing error about: " << Want << "\n" << All;
}

/// The rules with one condition, let or message changed; what the loader says about them.
std::string brokenRule(const std::string &File, const std::string &From, const std::string &To) {
  std::vector<std::pair<std::string, std::string>> Files = embeddedRuleFiles();
  bool Found = false;
  for (auto &[Name, Text] : Files)
    if (Name == File) {
      size_t P = Text.find(From);
      EXPECT_NE(P, std::string::npos) << From << " not in " << File;
      if (P != std::string::npos) {
        Text.replace(P, From.size(), To);
        Found = true;
      }
    }
  EXPECT_TRUE(Found) << File;
  RuleSet S;
  std::vector<std::string> Errors;
  EXPECT_FALSE(S.load(Files, Errors)) << "accepted: " << To;
  std::string All;
  for (const std::string &E : Errors)
    All += E + "\n";
  return All;
}

/// Every kind of mistake in a rule term fails the load (and so pto-rulegen, and the build), naming the file, the
/// variant and, for a typo, what was meant.
/// Values of the wrong JSON type are errors naming the file, not exceptions (pto-rulegen aborted on them; found by
/// fuzz/RuleFuzz.cpp): a flag given as a number, constants as a list, an op that is not an object, a rename or a
/// fact's kind that is not a string.
TEST(RuleData, WrongJsonTypesAreErrorsNotExceptions) {
  const std::string Rule = "rules/colreduce/pto-colreduce-dst-validrow.json";
  std::string All = brokenRule(Rule, "\"id\":", "\"perOperand\": 1, \"id\":");
  EXPECT_NE(All.find(Rule + ": a value has the wrong JSON type (type must be boolean, but is number)"),
            std::string::npos) << All;
  All = brokenRule("rules/ops.json", "\"ops\": [", "\"ops\": [7, ");
  EXPECT_NE(All.find("rules/ops.json: a value has the wrong JSON type"), std::string::npos) << All;
  All = brokenRule("rules/ops.json", "\"renames\": {}", "\"renames\": {\"pto-old\": 1}");
  EXPECT_NE(All.find("rules/ops.json: a value has the wrong JSON type (type must be string, but is number)"),
            std::string::npos) << All;
  All = brokenRule("rules/facts.json", "\"facts\": [", "\"facts\": [{\"name\": \"x\", \"kinds\": [1]}, ");
  EXPECT_NE(All.find("rules/facts.json: a value has the wrong JSON type"), std::string::npos) << All;
}

/// Rule text holding `)r"`, `)rr"`, ... must still compile: a raw literal's delimiter has at most 16 characters, and
/// the one RuleGen picks must not occur in the text (the generated C++ did not compile; found by fuzz/RuleFuzz.cpp).
TEST(RuleData, GeneratedLiteralsHaveLegalDelimiters) {
  std::string Nasty, Escaped; // the description's text, and as a JSON string body
  for (int K = 1; K <= 16; ++K) {
    Nasty += ")" + std::string(K, 'r') + "\"";
    Escaped += ")" + std::string(K, 'r') + "\\\"";
  }
  std::vector<std::pair<std::string, std::string>> Files = embeddedRuleFiles();
  for (auto &[Name, Text] : Files)
    if (Name == "rules/colreduce/pto-colreduce-dst-validrow.json")
      Text.insert(Text.find("\"description\": \"") + 16, Escaped); // in front of the description
  RuleSet S;
  std::vector<std::string> Errors;
  ASSERT_TRUE(S.load(Files, Errors)) << (Errors.empty() ? "" : Errors[0]);
  const std::string &D = S.find("pto-colreduce-dst-validrow")->description;
  ASSERT_EQ(D.compare(0, Nasty.size(), Nasty), 0) << D;
  std::string Src = emitRuleSetSource(S);
  EXPECT_NE(Src.find("R\"r0(" + D + ")r0\""), std::string::npos);
  EXPECT_EQ(Src.find("R\"rrrrrrrrrrrrrrrrr"), std::string::npos); // 17 characters: not C++
}

TEST(RuleData, TermCheckerRejectsMistakes) {
  const std::string F = "rules/colreduce/pto-colreduce-dst-validrow.json";
  struct Case {
    const char *from, *to, *want;
  } Cases[] = {
      {"\"require\": \"(= dst.vrow 1)\"", "\"require\": \"(= dst.vrows 1)\"",
       "variant 1 require: unknown name 'dst.vrows' (no operand fact 'vrows' in rules/facts.json; did you mean 'dst.vrow'?)"},
      {"\"require\": \"(= dst.vrow 1)\"", "\"require\": \"(= dts.vrow 1)\"", "did you mean 'dst.vrow'?"},
      {"\"require\": \"(= dst.vrow 1)\"", "\"require\": \"(= dstIdx.vrow 1)\"", "'dstIdx' is not an operand of the rule's ops"},
      {"\"require\": \"(= dst.vrow 1)\"", "\"require\": \"(= dst.vrow 1\"", "variant 1 require: syntax error: unbalanced '('"},
      {"\"require\": \"(= dst.vrow 1)\"", "\"require\": \"(+ dst.vrow 1)\"", "'(+ dst.vrow 1)' is Int where Bool is expected"},
      {"\"require\": \"(= dst.vrow 1)\"", "\"require\": \"(eq dst.vrow 1)\"", "unknown function 'eq'"},
      {"\"require\": \"(= dst.vrow 1)\"", "\"require\": \"(= dst.vrow (min2 1))\"", "'min2' takes 2 arguments"},
      {"\"require\": \"(= dst.vrow 1)\"", "\"require\": \"(= dst.vrow op.ismin)\"", "did you mean 'op.ismax'?"},
      {"\"require\": \"(= dst.vrow 1)\"", "\"require\": \"(= dst.expr 1)\"", "'dst.expr' is text, for messages only"},
      {"{dst.vrow} valid rows", "{dst.vrwo} valid rows", "message (with variant 1): unknown field '{dst.vrwo}'"},
      {"{dst.vrow} valid rows", "{trget} valid rows", "did you mean '{target}'?"},
  };
  for (const Case &C : Cases) {
    std::string All = brokenRule(F, C.from, C.to);
    EXPECT_NE(All.find(F + ": "), std::string::npos) << All;
    EXPECT_NE(All.find(C.want), std::string::npos) << "for " << C.to << " want: " << C.want << "\ngot:\n" << All;
  }
  // A let is checked too, and its sort carries into the condition.
  std::string All = brokenRule("rules/colargmin/pto-colargmin-tmp-size.json", "\"(* src.esize (+ (* (- K 1) gap)",
                               "\"(* src.esize (+ (* (- K 1) gap 1 ");
  EXPECT_NE(All.find("variant 1 let 'need': syntax error: unbalanced '('"), std::string::npos) << All;
  All = brokenRule("rules/colargmin/pto-colargmin-tmp-size.json", "(>= tmp.bytes need)", "(>= tmp.bytes (> need 1))");
  EXPECT_NE(All.find("'(> need 1)' is Bool where Int is expected"), std::string::npos) << All;
  All = brokenRule("rules/colargmin/pto-colargmin-tmp-size.json", "\"(* src.esize (+ (* (- K 1) gap) (min2 src.vcol E)))\"",
                   "\"(> src.esize 2)\"");
  EXPECT_NE(All.find("variant 1 let 'need': '(> src.esize 2)' is Bool where Int is expected"), std::string::npos) << All;
  // The prelude is sort-checked as well.
  All = brokenRule("rules/prelude.smt2", "(define-fun max2 ((a Int) (b Int)) Int (ite (>= a b) a b))",
                   "(define-fun max2 ((a Int) (b Int)) Int (ite (>= a b) a (> a b)))");
  EXPECT_NE(All.find("rules/prelude.smt2: in the definition of 'max2'"), std::string::npos) << All;
  // A fix names an operand, tile arguments a fix can set, and Int terms over the facts and the variant's lets.
  const std::string Tmp = "rules/colargmin/pto-colargmin-tmp-size.json";
  All = brokenRule(Tmp, "{\"role\": \"tmp\", \"set\": {\"cols\"", "{\"role\": \"tmpp\", \"set\": {\"cols\"");
  EXPECT_NE(All.find("fix (with variant 1): 'tmpp' is not an operand"), std::string::npos) << All;
  All = brokenRule(Tmp, "\"set\": {\"cols\"", "\"set\": {\"colz\"");
  EXPECT_NE(All.find("fix sets unknown tile argument \"colz\""), std::string::npos) << All;
  All = brokenRule(Tmp, "(ceildiv need (* tmp.rows tmp.esize))", "(ceildiv needd (* tmp.rows tmp.esize))");
  EXPECT_NE(All.find("fix (with variant 1) cols: unknown name 'needd'"), std::string::npos) << All;
  All = brokenRule(Tmp, "(ceildiv need (* tmp.rows tmp.esize))", "(> need 1)");
  EXPECT_NE(All.find("is Bool where Int is expected"), std::string::npos) << All;
  // ops.json constants must be declared op facts.
  All = brokenRule("rules/ops.json", "\"op.ismax\": 1", "\"op.ismaxx\": 1");
  EXPECT_NE(All.find("constant 'op.ismaxx' is not an op fact"), std::string::npos) << All;
}

/// Op schemas: role kinds and PTOAS bindings are checked when the rules load (and so when the build compiles them).
TEST(RuleData, OpSchemasAreChecked) {
  const RuleSet &S = RuleSet::builtin();
  EXPECT_EQ(S.roleKind("dstIdx"), RoleKind::Dst);
  EXPECT_EQ(S.roleKind("tmp"), RoleKind::Tmp);
  const OpSignature *Row = S.op("TROWMIN");
  ASSERT_TRUE(Row);
  EXPECT_EQ(Row->pto, "pto.trowmin");
  EXPECT_EQ(Row->overloads[0].ptoIns, (std::vector<std::string>{"src", "tmp"}));
  EXPECT_EQ(Row->overloads[0].ptoOuts, (std::vector<std::string>{"dst"}));
  struct Case {
    const char *from, *to, *want;
  } Cases[] = {
      {"\"tmp\": \"tmp\"", "\"tmp\": \"scratch\"", "role \"tmp\": kind must be dst, src, tmp or mask"},
      {"\"dstIdx\": \"dst\",", "", "role \"dstIdx\" has no kind"},
      {"\"outs\": [\n              \"dstIdx\"", "\"outs\": [\n              \"src\"", "the pto binding must name every role exactly once"},
      {"\"optional\": [\n              \"tmp\"", "\"optional\": [\n              \"src\"", "only a bound tmp operand may be optional"},
      {"\"pto\": \"pto.tcolargmin\",", "", "a pto binding needs the op's \"pto\" name"},
      {"\"model\": \"refmodel/include/pto/ref/ColArg.hpp\",", "\"modle\": \"x\",", "unknown key \"modle\" in op TCOLARGMIN"},
  };
  for (const Case &C : Cases) {
    std::string All = brokenRule("rules/ops.json", C.from, C.to);
    EXPECT_NE(All.find(C.want), std::string::npos) << "for " << C.to << " want: " << C.want << "\ngot:\n" << All;
  }
}

/// What reports draw from a rule (tmpBytes, hiddenScratch) must name the rule's own lets.
TEST(RuleData, PictureFieldsNameTheRulesLets) {
  struct Case {
    const char *file, *from, *to, *want;
  } Cases[] = {
      {"rules/colargmin/pto-colargmin-tmp-size.json", "\"tmpBytes\": \"need\"", "\"tmpBytes\": \"nede\"",
       "\"tmpBytes\" names \"nede\", which no variant's \"let\" defines"},
      {"rules/colargmin/pto-colargmin-tmp-size.json", "\"kind\": \"tmp-size\"", "\"kind\": \"type\"",
       "\"tmpBytes\" belongs to rules of kind tmp-size"},
      {"rules/rowexpand/pto-rowexpand-hidden-scratch.json", "\"bytes\": \"need\"", "\"bytes\": \"n33d\"",
       "\"hiddenScratch\" names \"n33d\", which is neither a number nor a variant's \"let\""},
  };
  for (const Case &C : Cases) {
    std::string All = brokenRule(C.file, C.from, C.to);
    EXPECT_NE(All.find(C.want), std::string::npos) << "want: " << C.want << "\ngot:\n" << All;
  }
}

TEST(RuleData, FactsPageIsCurrent) {
  RuleSet S;
  std::vector<std::string> Errors;
  ASSERT_TRUE(S.load(embeddedRuleFiles(), Errors));
  std::string Path = std::string(PTOLINT_SOURCE_DIR) + "/docs/facts.md";
  std::string Want = factsMarkdown(S);
  if (getenv("PTOLINT_BLESS"))
    std::ofstream(Path) << Want;
  EXPECT_EQ(readFile(Path), Want) << Path << " is stale: regenerate with PTOLINT_BLESS=1";
}

/// The engine gives each operand exactly the facts rules/facts.json declares for its kind (the engine's table is
/// generated from it: build/CompiledFacts.h), and the call the op and call facts: the vocabulary is what rules can
/// really read. A non-tile bound where a tile belongs (an event) has the facts of every kind and, as unknowns, the
/// tile facts.
TEST(RuleData, EngineFactsAreTheVocabulary) {
  RuleSet S;
  std::vector<std::string> Errors;
  ASSERT_TRUE(S.load(embeddedRuleFiles(), Errors));
  const Vocabulary &V = S.vocabulary();
  auto Declared = [&](OperandKind K) {
    std::set<std::string> Want;
    for (const FactDecl &F : V.facts)
      if (F.scope == FactScope::Operand &&
          (F.of(K) || (K == OperandKind::NonTile && F.sort == FactSort::Int && F.of(OperandKind::Tile))))
        Want.insert(F.name);
    return Want;
  };
  std::set<std::string> CallFacts;
  auto Check = [&](const CallSite &C, const std::map<std::string, OperandKind> &Kinds) {
    std::map<std::string, std::set<std::string>> Given; // role -> facts
    for (const std::string &N : factNames(C, S)) {
      size_t Dot = N.find('.');
      ASSERT_NE(Dot, std::string::npos) << N;
      std::string Pre = N.substr(0, Dot), Fact = N.substr(Dot + 1);
      if (Pre == "op") {
        EXPECT_NE(V.callFact(N), nullptr) << "the engine gives '" << N << "', which rules/facts.json does not declare";
        CallFacts.insert(N);
      } else {
        Given[Pre].insert(Fact);
      }
    }
    for (const auto &[Role, K] : Kinds)
      EXPECT_EQ(Given[Role], Declared(K)) << C.op << " " << Role << " (" << kindName(K) << ")";
  };
  CallSite Tiles;
  Tiles.op = "TCOLARGMIN";
  Tiles.overload = "value-index";
  Tiles.constants = {{"op.invecscope", 1}};
  TileFacts Full;
  Full.isTile = true;
  Full.loc = "Vec";
  Full.dtype = DType::F32;
  Full.blayout = "RowMajor";
  Full.slayout = "NoneBox";
  Full.validRow = IntFact::known(1);
  Full.validCol = IntFact::symbolic(pto::term::Term::var("n"));
  Full.hasAddr = true;
  Full.addr = IntFact::known(0);
  TileFacts Event;
  Event.isEvent = true;
  Tiles.operands = {{"dstVal", Full}, {"dstIdx", Full}, {"src", Full}, {"tmp", Event}};
  Check(Tiles, {{"dstVal", OperandKind::Tile}, {"src", OperandKind::Tile}, {"tmp", OperandKind::NonTile}});
  CallSite Regs;
  Regs.op = "vmin";
  Regs.overload = S.op("vmin") ? S.op("vmin")->overloads.front().name : "";
  TileFacts Reg, Mask;
  Reg.isReg = true;
  Reg.dtype = DType::F16;
  Mask.isMask = true;
  Mask.maskWidth = 16;
  Mask.maskPartial = 1;
  Regs.operands = {{"dst", Reg}, {"src0", Reg}, {"src1", Reg}, {"mask", Mask}};
  Check(Regs, {{"dst", OperandKind::Reg}, {"mask", OperandKind::Mask}});
  for (const FactDecl &F : V.facts)
    EXPECT_TRUE(F.scope != FactScope::Call || CallFacts.count(F.name))
        << "rules/facts.json declares '" << F.name << "', which the engine never gives";
}

/// Operand facts say how the engine computes them, from a closed set, and every kind lists its facts in the order
/// they are declared to the solver; the loader names what is wrong.
TEST(RuleData, FactSourcesAndOrderAreChecked) {
  const std::string Facts = "rules/facts.json";
  std::string All = brokenRule(Facts, "\"from\": \"validCol\"", "\"from\": \"validCols\"");
  EXPECT_NE(All.find(Facts + ": fact \"vcol\": \"from\" must name how the engine computes it: one of roleIsDst, "),
            std::string::npos) << All;
  All = brokenRule(Facts, "\"from\": \"expr\"", "\"from\": \"rows\"");
  EXPECT_NE(All.find(Facts + ": fact \"expr\": a Text fact cannot come from rows"), std::string::npos) << All;
  All = brokenRule(Facts, "\"Vec\": \"VEC\"", "\"Vec\": \"VECTOR\"");
  EXPECT_NE(All.find("fact \"loc\": enumerator Vec is coded as 'VECTOR', which is not an Int constant of "
                     "rules/prelude.smt2"), std::string::npos) << All;
  All = brokenRule(Facts, "\"shown\": \"TileType of '{expr}'\"", "\"shown\": \"TileType of '{exp}'\"");
  EXPECT_NE(All.find("fact \"loc\": \"shown\" names '{exp}', which is not an operand's text"), std::string::npos)
      << All;
  All = brokenRule(Facts, "\"vrow\",\n      \"vcol\"\n    ],\n    \"reg\"", "\"vrow\"\n    ],\n    \"reg\"");
  EXPECT_NE(All.find("declarationOrder.tile: 'vcol' is missing"), std::string::npos) << All;
}

TEST(RuleData, RuleIndexIsCurrent) {
  std::string Path = std::string(PTOLINT_SOURCE_DIR) + "/docs/rules/README.md";
  std::string Want = ruleIndexMarkdown(RuleSet::builtin());
  if (getenv("PTOLINT_BLESS"))
    std::ofstream(Path) << Want;
  EXPECT_EQ(readFile(Path), Want) << Path << " is stale: regenerate with PTOLINT_BLESS=1";
}

TEST(RuleData, EveryRuleHasDocPageAndFixture) {
  for (const Rule &R : RuleSet::builtin().rules()) {
    std::string Doc = std::string(PTOLINT_SOURCE_DIR) + "/docs/rules/" + R.id + ".md";
    std::string Fixture = std::string(PTOLINT_SOURCE_DIR) + "/tests/rules/" + R.id + ".cpp";
    std::string Text = readFile(Doc);
    std::string Want = ruleMarkdown(R, readFile(Fixture));
    if (getenv("PTOLINT_BLESS")) {
      std::ofstream(Doc) << Want;
      Text = Want;
    }
    EXPECT_EQ(Text, Want) << Doc << " is stale or missing: regenerate with PTOLINT_BLESS=1 "
                          << "build/tests/unit_tests --gtest_filter=RuleData.*";
    EXPECT_NE(Want.find("## Examples"), std::string::npos) << R.id << ": no example found in " << Fixture;
    EXPECT_TRUE(std::ifstream(Fixture).good()) << "rule " << R.id << " has no fixture " << Fixture;
    for (const RuleVariant &V : R.variants)
      EXPECT_FALSE(V.sources.empty() && R.sources.empty()) << R.id << " has a variant without a citation";
  }
}

/// A tile with every fact known.
TileFacts tile(const std::string &Expr, DType D, const char *Name, int64_t Rows, int64_t Cols, int64_t VR, int64_t VC,
               const char *Loc = "Vec", const char *BL = "RowMajor", const char *SL = "NoneBox") {
  TileFacts T;
  T.isTile = true;
  T.expr = Expr;
  T.typeSpelling = "Tile<...>";
  T.loc = Loc;
  T.dtype = D;
  T.dtypeName = Name;
  T.rows = Rows;
  T.cols = Cols;
  T.blayout = BL;
  T.slayout = SL;
  T.declValidRow = VR;
  T.declValidCol = VC;
  T.validRow = IntFact::known(VR);
  T.validCol = IntFact::known(VC);
  return T;
}

TEST(RuleData, EveryRuleEvaluatesOnEveryOverloadAndTarget) {
  const RuleSet &S = RuleSet::builtin();
  std::mt19937 Rng(7);
  const std::vector<std::pair<DType, const char *>> Types = {
      {DType::F32, "float"}, {DType::F16, "half"}, {DType::U16, "uint16_t"}, {DType::I32, "int32_t"},
      {DType::I8, "int8_t"}, {DType::U32, "uint32_t"}, {DType::I16, "int16_t"}, {DType::F64, "double"}};
  const char *Locs[] = {"Vec", "Mat"};
  const char *BLs[] = {"RowMajor", "ColMajor"};
  const char *SLs[] = {"NoneBox", "RowMajor"};
  unsigned Findings = 0;
  for (const OpSignature &Op : S.ops())
    for (const Overload &Ov : Op.overloads)
      for (int K = 0; K < 200; ++K) {
        CallSite C;
        C.op = Op.name;
        C.overload = Ov.name;
        C.loc = {"k.cpp", 10, 3};
        for (const std::string &Role : Ov.roles) {
          auto [D, N] = Types[Rng() % Types.size()];
          int64_t Rows = 1 + Rng() % 40, Cols = 8 * (1 + Rng() % 40);
          TileFacts T = tile(Role, D, N, Rows, Cols, Rng() % (Rows + 2), Rng() % (Cols + 2), Locs[Rng() % 8 == 0],
                             BLs[Rng() % 6 == 0], SLs[Rng() % 10 == 0]);
          if (Op.builtin) { // register ops take registers and a predicate, not tiles
            T.isTile = false;
            T.isReg = Role != "mask";
            T.isMask = Role == "mask";
            T.maskWidth = 8 << (Rng() % 3);
            T.maskPartial = Rng() % 2;
            T.maskOrigin = "plt_b" + std::to_string(T.maskWidth) + "(n)";
          }
          if (Rng() % 4 == 0) {
            T.hasAddr = true;
            T.addr = IntFact::known(32 * (Rng() % 8000));
          }
          C.operands.push_back({Role, T});
        }
        if (Op.builtin)
          C.constants.emplace_back("op.invecscope", Rng() % 2);
        EngineOptions O;
        Engine E(S, O);
        std::vector<Finding> Fs;
        Tally T;
        E.check(C, Fs, T);
        EXPECT_EQ(T.errors, 0u);
        for (const Finding &F : Fs) {
          ++Findings;
          EXPECT_NE(F.status, Status::Error) << F.ruleId << ": " << F.message;
          EXPECT_EQ(F.message.find('{'), std::string::npos) << F.ruleId << ": unfilled field in " << F.message;
          EXPECT_EQ(F.help.find('{'), std::string::npos) << F.ruleId << ": unfilled field in " << F.help;
          for (const Note &N : F.notes)
            EXPECT_EQ(N.text.find('{'), std::string::npos) << F.ruleId << ": unfilled field in " << N.text;
          EXPECT_FALSE(F.citation.empty()) << F.ruleId;
        }
      }
  EXPECT_GT(Findings, 100u); // the random calls do violate rules
}

/// The ground evaluator and Z3 must agree on every ground query the rules produce.
TEST(RuleData, GroundEvaluatorAgreesWithZ3) {
  const RuleSet &S = RuleSet::builtin();
  std::mt19937 Rng(11);
  const std::vector<std::pair<DType, const char *>> Types = {
      {DType::F32, "float"}, {DType::F16, "half"}, {DType::U16, "uint16_t"}, {DType::I32, "int32_t"},
      {DType::I16, "int16_t"}, {DType::U32, "uint32_t"}, {DType::I8, "int8_t"}};
  EngineOptions Fast, Slow;
  Slow.budget.groundFastPath = false;
  Slow.precheck = false;
  // One engine checks hundreds of calls here: the per-translation-unit wall-clock cap (a safety net for real
  // compiles) would make the Z3-only engine's late checks unknown on a loaded machine. The paths are compared.
  Fast.budget.tuMillis = Slow.budget.tuMillis = 0;
  Engine EF(S, Fast), ES(S, Slow);
  for (int K = 0; K < 300; ++K) {
    const OpSignature &Op = S.ops()[Rng() % S.ops().size()];
    const Overload &Ov = Op.overloads[Rng() % Op.overloads.size()];
    CallSite C;
    C.op = Op.name;
    C.overload = Ov.name;
    C.loc = {"k.cpp", 1, 1};
    for (const std::string &Role : Ov.roles) {
      auto [D, N] = Types[Rng() % Types.size()];
      int64_t Rows = 1 + Rng() % 3000, Cols = 16 * (1 + Rng() % 40);
      C.operands.push_back({Role, tile(Role, D, N, Rows, Cols, Rng() % (Rows + 1), Rng() % (Cols + 2),
                                       "Vec", Rng() % 5 ? "RowMajor" : "ColMajor")});
    }
    std::vector<Finding> A, B;
    Tally TA, TB;
    EF.check(C, A, TA);
    ES.check(C, B, TB);
    ASSERT_EQ(A.size(), B.size());
    for (size_t I = 0; I < A.size(); ++I) {
      EXPECT_EQ(A[I].ruleId, B[I].ruleId);
      EXPECT_EQ(A[I].status, B[I].status) << A[I].ruleId;
      EXPECT_EQ(A[I].message, B[I].message);
    }
    EXPECT_EQ(TA.proved, TB.proved);
  }
}

/// Queries over dynamic shapes: the solver's fast paths (cone of influence, cache, small-domain enumeration)
/// must give the same verdicts, messages and counterexamples as Z3 on the whole query.
TEST(RuleData, FastPathsAgreeWithZ3OnSymbolicShapes) {
  const RuleSet &S = RuleSet::builtin();
  std::mt19937 Rng(23);
  const std::vector<std::pair<DType, const char *>> Types = {
      {DType::F32, "float"}, {DType::F16, "half"}, {DType::I32, "int32_t"}, {DType::I16, "int16_t"}};
  EngineOptions Fast, Slow;
  Slow.budget.groundFastPath = false;
  Slow.budget.slice = false;
  Slow.budget.cache = false;
  Slow.precheck = false;
  // One engine checks hundreds of calls here: the per-translation-unit wall-clock cap (a safety net for real
  // compiles) would make the Z3-only engine's late checks unknown on a loaded machine. The paths are compared.
  Fast.budget.tuMillis = Slow.budget.tuMillis = 0;
  Engine EF(S, Fast), ES(S, Slow);
  unsigned Enumerated = 0, Violations = 0;
  for (int K = 0; K < 100; ++K) {
    const OpSignature &Op = S.ops()[Rng() % S.ops().size()];
    if (Op.builtin)
      continue; // register ops take no tiles
    const Overload &Ov = Op.overloads[Rng() % Op.overloads.size()];
    CallSite C;
    C.op = Op.name;
    C.overload = Ov.name;
    C.loc = {"k.cpp", 1, 1};
    // n: an unsigned parameter, guarded by `if (n == 0 || n > Limit) return;`; m: an int with both bounds.
    int64_t Limit = 1 + Rng() % 300, MLo = Rng() % 4, MHi = MLo + Rng() % 40;
    C.symbols.push_back({"n", "n", 0, 4294967295LL, true, "", {}});
    C.symbols.push_back({"m", "m", INT32_MIN, INT32_MAX, true, "", {}});
    std::string L = std::to_string(Limit), L3 = std::to_string(Limit / 3), Lo = std::to_string(MLo),
                Hi = std::to_string(MHi);
    // Guards in the shapes the front end produces, so that every way of narrowing a range is exercised.
    const std::vector<std::string> NGuards = {
        "(not (or (= |n| 0) (> |n| " + L + ")))", "(and (> |n| " + L3 + ") (< |n| " + L + "))",
        "(and (not (< |n| " + L3 + ")) (>= " + L + " |n|))", "(not (=> (<= |n| " + L + ") (< |n| " + L3 + ")))",
        "(and (distinct |n| 0) (<= |n| " + L + "))"};
    const std::vector<std::string> MGuards = {
        "(and (>= |m| " + Lo + ") (<= |m| " + Hi + "))", "(not (or (< |m| " + Lo + ") (> |m| " + Hi + ")))",
        "(= |m| " + Hi + ")", "(and (< " + Lo + " |m|) (not (>= |m| " + Hi + ")))"};
    C.path.push_back({pto::term::parse(NGuards[Rng() % NGuards.size()], nullptr), "n guard", {}});
    C.path.push_back({pto::term::parse(MGuards[Rng() % MGuards.size()], nullptr), "m guard", {}});
    for (const std::string &Role : Ov.roles) {
      auto [D, N] = Types[Rng() % Types.size()];
      int64_t Rows = 1 + Rng() % 64, Cols = 16 * (1 + Rng() % 16);
      TileFacts T = tile(Role, D, N, Rows, Cols, Rng() % (Rows + 1), Rng() % (Cols + 1));
      if (Rng() % 2)
        T.validCol = IntFact::symbolic(pto::term::parse(Rng() % 2 ? "|n|" : "(+ |n| " + std::to_string(Rng() % 8) + ")",
                                                        nullptr));
      if (Rng() % 3 == 0)
        T.validRow = IntFact::symbolic(pto::term::Term::var("m"));
      C.operands.push_back({Role, T});
    }
    std::vector<Finding> A, B;
    Tally TA, TB;
    EF.check(C, A, TA);
    ES.check(C, B, TB);
    auto Show = [](const std::vector<Finding> &Fs) {
      std::string S;
      for (const Finding &F : Fs) {
        S += "  " + F.ruleId + " [" + statusName(F.status) + "] " + F.message + "\n";
        for (const Note &N : F.notes)
          S += "    note: " + N.text + "\n";
      }
      return S;
    };
    ASSERT_EQ(A.size(), B.size()) << C.op << "\nfast:\n" << Show(A) << "z3:\n" << Show(B);
    for (size_t I = 0; I < A.size(); ++I) {
      EXPECT_EQ(A[I].ruleId, B[I].ruleId);
      EXPECT_EQ(A[I].status, B[I].status) << A[I].ruleId;
      if (A[I].status == Status::Unknown)
        continue; // "would fail with" shows whatever value Z3 picks for a value pto-lint does not know
      EXPECT_EQ(A[I].message, B[I].message);
      ASSERT_EQ(A[I].notes.size(), B[I].notes.size()) << A[I].ruleId;
      for (size_t J = 0; J < A[I].notes.size(); ++J)
        EXPECT_EQ(A[I].notes[J].text, B[I].notes[J].text) << A[I].ruleId;
      Violations += A[I].status == Status::ViolatedSometimes;
    }
    EXPECT_EQ(TA.proved, TB.proved);
    Enumerated = EF.solver().enumerated();
  }
  EXPECT_GT(Enumerated, 50u);   // the fast path was taken
  EXPECT_GT(EF.prechecked(), 100u); // so was the engine's precheck
  EXPECT_GT(Violations, 10u);   // and produced counterexamples to compare
  EXPECT_EQ(ES.solver().enumerated(), 0u);
  EXPECT_EQ(ES.prechecked(), 0u);
}

} // namespace
