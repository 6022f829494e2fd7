// tests: baselines (driver/Baseline.h) and the Session policies configuration adds: fingerprints without lines,
// matching by count, the file format and its errors, warnings-as-errors globs, the header filter, advisory off.
#include "driver/Baseline.h"
#include "driver/Driver.h"

#include "../../TestUtil.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

using namespace pto;

namespace {

/// A TCOLMIN call whose dst has 4 valid rows (pto-colreduce-dst-validrow, a warning), written as Text.
checker::CallSite call(const std::string &File, unsigned Line, const std::string &Text = "TCOLMIN(dst,src)",
                       int64_t Cols = 64) {
  checker::CallSite C;
  C.op = "TCOLMIN";
  C.overload = "plain";
  C.loc = {File, Line, 3};
  C.text = checker::normalizeCallText(Text); // as the front ends do
  auto Tile = [&](const char *Expr, int64_t Rows, int64_t VR) {
    checker::TileFacts T;
    T.isTile = true;
    T.expr = Expr;
    T.loc = "Vec";
    T.dtype = checker::DType::F32;
    T.dtypeName = "float";
    T.rows = Rows;
    T.cols = Cols;
    T.typeSpelling = "Tile<TileType::Vec, float, " + std::to_string(Rows) + ", " + std::to_string(Cols) + ">";
    T.blayout = "RowMajor";
    T.slayout = "NoneBox";
    T.validRow = checker::IntFact::known(VR);
    T.validCol = checker::IntFact::known(Cols);
    return T;
  };
  C.operands = {{"dst", Tile("dst", 4, 4)}, {"src", Tile("src", 16, 16)}};
  return C;
}

driver::Options a2a3() {
  driver::Options O;
  O.targetsExplicit = true;
  O.engine.targets = {checker::Target::A2A3};
  return O;
}

std::vector<checker::Finding> lint(driver::Session &S, std::vector<checker::CallSite> Calls,
                                   const std::string &Main = "/p/k.cpp") {
  driver::Unit U;
  U.mainFile = Main;
  U.calls = std::move(Calls);
  return S.lint(U, {});
}

TEST(Baseline, CallTextIsNormalised) {
  EXPECT_EQ(checker::normalizeCallText("TCOLMIN( dst ,\n   src /* the source */ ) // why"), "TCOLMIN(dst,src)");
  EXPECT_EQ(checker::normalizeCallText("f(unsigned   int(x), \"a  b\")"), "f(unsigned int(x),\"a  b\")");
  EXPECT_EQ(checker::normalizeCallText("pto.tmin ins(%a, %b : !t) outs(%c : !t)"), "pto.tmin ins(%a,%b:!t)outs(%c:!t)");
}

TEST(Baseline, FingerprintsIgnoreLinesButNotWhatIsCalled) {
  driver::Session S(a2a3());
  std::vector<checker::Finding> Fs = lint(S, {call("/p/k.cpp", 10), call("/p/k.cpp", 30, "TCOLMIN( dst, src )"),
                                              call("/p/k.cpp", 40, "TCOLMIN(dst2,src)"), call("/p/k.cpp", 50, "TCOLMIN(dst,src)", 32),
                                              call("/p/j.cpp", 10)});
  ASSERT_EQ(Fs.size(), 5u);
  auto At = [&](const std::string &File, unsigned Line) {
    for (const checker::Finding &F : Fs)
      if (F.loc.file == File && F.loc.line == Line)
        return F;
    ADD_FAILURE() << "no finding at " << File << ":" << Line;
    return checker::Finding();
  };
  driver::Baseline B("/p");
  std::string K10 = B.fingerprint(At("/p/k.cpp", 10));
  EXPECT_EQ(K10, B.fingerprint(At("/p/k.cpp", 30))) << "line and spacing do not count";
  EXPECT_NE(K10, B.fingerprint(At("/p/k.cpp", 40))) << "the call's text counts";
  EXPECT_NE(K10, B.fingerprint(At("/p/k.cpp", 50))) << "the operands' types count";
  EXPECT_NE(K10, B.fingerprint(At("/p/j.cpp", 10))) << "the file counts";
  EXPECT_EQ(B.relativePath("/p/sub/../k.cpp"), "k.cpp");
  EXPECT_EQ(driver::Baseline("/q").relativePath("/p/k.cpp"), "../p/k.cpp");
  EXPECT_NE(driver::Baseline("/q").fingerprint(At("/p/k.cpp", 10)), K10) << "paths are relative to the base";
}

TEST(Baseline, MatchesByCountAndSurvivesMovedCode) {
  std::vector<checker::Finding> Old;
  {
    driver::Session S(a2a3());
    lint(S, {call("/p/k.cpp", 10), call("/p/k.cpp", 20)});
    Old = S.allFindings();
  }
  driver::Baseline B = driver::Baseline::of(Old, "/p");
  ASSERT_EQ(B.entries().size(), 1u);
  EXPECT_EQ(B.entries().begin()->second.count, 2u);
  EXPECT_EQ(B.size(), 2u);
  std::string Err;
  auto Read = driver::Baseline::parse("/p/b.json", B.json(), Err);
  ASSERT_TRUE(Read) << Err;
  EXPECT_EQ(Read->json(), B.json()) << "stable through a read";

  // The same two calls moved down, plus a third identical one: two are baselined, the third is new.
  driver::Session S(a2a3());
  S.useBaseline(std::make_shared<driver::Baseline>(*Read));
  std::vector<checker::Finding> Fs = lint(S, {call("/p/k.cpp", 15), call("/p/k.cpp", 25), call("/p/k.cpp", 35)});
  ASSERT_EQ(Fs.size(), 1u);
  EXPECT_EQ(Fs[0].loc.line, 35u);
  EXPECT_EQ(S.exitCode(false), driver::Findings);
  EXPECT_NE(S.summaryLine().find("(2 baselined)"), std::string::npos) << S.summaryLine();
  // The same report from a second unit (another core of a mixed kernel) is the finding already matched.
  EXPECT_TRUE(lint(S, {call("/p/k.cpp", 15)}).empty());
  EXPECT_NE(S.summaryLine().find("(2 baselined)"), std::string::npos) << S.summaryLine();

  driver::Session Fixed(a2a3());
  Fixed.useBaseline(std::make_shared<driver::Baseline>(*Read));
  lint(Fixed, {call("/p/k.cpp", 15)});
  EXPECT_EQ(Fixed.exitCode(false), driver::Clean);
  EXPECT_NE(Fixed.summaryLine().find("(1 baselined, 1 baseline entry matched nothing)"), std::string::npos)
      << Fixed.summaryLine();
}

TEST(Baseline, FileFormatIsVersionedSortedAndChecked) {
  driver::Session S(a2a3());
  lint(S, {call("/p/z.cpp", 1), call("/p/a.cpp", 1, "TCOLMIN(b,src)"), call("/p/a.cpp", 2, "TCOLMIN(a,src)")});
  std::string Text = driver::Baseline::of(S.allFindings(), "/p").json();
  auto J = nlohmann::json::parse(Text);
  EXPECT_EQ(J["version"], 1);
  ASSERT_EQ(J["findings"].size(), 3u);
  EXPECT_EQ(J["findings"][0]["file"], "a.cpp");
  EXPECT_EQ(J["findings"][0]["call"], "TCOLMIN(a,src)");
  EXPECT_EQ(J["findings"][1]["call"], "TCOLMIN(b,src)");
  EXPECT_EQ(J["findings"][2]["file"], "z.cpp");
  EXPECT_EQ(J["findings"][0]["rule"], "pto-colreduce-dst-validrow");
  EXPECT_EQ(J["findings"][0]["types"][0], "Tile<TileType::Vec, float, 4, 64>");

  std::string Err;
  EXPECT_FALSE(driver::Baseline::parse("b.json", "{\n  \"version\": 1,\n  \"findings\": [}\n", Err));
  EXPECT_EQ(Err.rfind("b.json:3:16: error: not a baseline file: parse error", 0), 0u) << Err;
  EXPECT_FALSE(driver::Baseline::parse("b.json", "{\"version\": 2, \"findings\": []}", Err));
  EXPECT_EQ(Err, "b.json: error: baseline version 2 is not supported (known: 1)");
  EXPECT_FALSE(driver::Baseline::parse("b.json", "{\"version\": 1, \"findings\": [{\"fingerprint\": \"x\"}]}", Err));
  EXPECT_EQ(Err, "b.json: error: finding 1: \"count\" must be a positive integer");
  EXPECT_FALSE(driver::Baseline::parse("b.json", "[]", Err));
  EXPECT_EQ(Err.rfind("b.json: error: not a pto-lint baseline", 0), 0u) << Err;
}

TEST(Session, WarningsAsErrorsHeaderFilterAndAdvisory) {
  driver::Options O = a2a3();
  ASSERT_EQ(driver::applyOption(O, "warnings-as-errors", "pto-colreduce-*,-pto-colreduce-empty"), "");
  ASSERT_EQ(driver::applyOption(O, "header-filter", "/include/"), "");
  driver::Session S(O);
  std::vector<checker::Finding> Fs =
      lint(S, {call("/p/k.cpp", 3), call("/p/include/h.h", 4), call("/p/private/g.h", 5)});
  ASSERT_EQ(Fs.size(), 2u) << "a header outside the filter is not reported";
  EXPECT_EQ(Fs[0].loc.file, "/p/include/h.h");
  EXPECT_EQ(Fs[1].loc.file, "/p/k.cpp") << "the main file is always reported";
  EXPECT_EQ(Fs[1].severity, checker::Severity::Error) << "warnings-as-errors";
  EXPECT_NE(S.summaryLine().find("(1 in headers outside header-filter)"), std::string::npos) << S.summaryLine();

  driver::Options Other = a2a3();
  ASSERT_EQ(driver::applyOption(Other, "warnings-as-errors", "pto-colargmin-*"), "");
  driver::Session T(Other);
  Fs = lint(T, {call("/p/k.cpp", 3)});
  ASSERT_EQ(Fs.size(), 1u);
  EXPECT_EQ(Fs[0].severity, checker::Severity::Warning) << "another rule's glob";

  // Advisory off: findings of note severity are not reported (pto-colreduce-empty: a source with no valid row).
  driver::Options NoAdvice = a2a3();
  ASSERT_EQ(driver::applyOption(NoAdvice, "advisory", "false"), "");
  checker::CallSite Empty = call("/p/k.cpp", 3);
  Empty.operands[1].tile.validRow = checker::IntFact::known(0);
  driver::Session On(a2a3()), Off(NoAdvice);
  auto HasNote = [](const std::vector<checker::Finding> &Fs) {
    return std::any_of(Fs.begin(), Fs.end(), [](const checker::Finding &F) { return F.severity == checker::Severity::Note; });
  };
  EXPECT_TRUE(HasNote(lint(On, {Empty})));
  EXPECT_FALSE(HasNote(lint(Off, {Empty})));
  EXPECT_NE(Off.summaryLine().find("advisory not shown"), std::string::npos) << Off.summaryLine();
}

TEST(Session, ChecksSelectRulesInOrder) {
  driver::Options O = a2a3();
  ASSERT_EQ(driver::applyOption(O, "checks", "-*,pto-colreduce-dst-*"), "");
  driver::Session S(O);
  EXPECT_EQ(lint(S, {call("/p/k.cpp", 3)}).size(), 1u);
  ASSERT_EQ(driver::applyOption(O, "checks", "pto-colreduce-*,-pto-colreduce-dst-validrow"), "");
  driver::Session T(O);
  EXPECT_TRUE(lint(T, {call("/p/k.cpp", 3)}).empty());
  EXPECT_EQ(driver::applyOption(O, "checks", "pto-colreduc-dst-validrow").rfind(
                "unknown rule 'pto-colreduc-dst-validrow' in checks (did you mean 'pto-colreduce-dst-validrow'?", 0),
            0u);
}

} // namespace

namespace {
TEST(Baseline, NumberOutOfRangeIsAnErrorNotAnException) {
  // Found by pto-baseline-fuzz: nlohmann's parser throws out_of_range (not parse_error) for a float that overflows.
  std::string Err;
  EXPECT_FALSE(pto::driver::Baseline::parse("b.json", "{\"version\": 6661e1666666666}", Err));
  EXPECT_NE(Err.find("b.json: error: not a baseline file"), std::string::npos) << Err;
}
} // namespace
