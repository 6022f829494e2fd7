// tests: the front-end-neutral driver: its option table and the docs made from it, the policy every front end
// gets from a Session (instantiation grouping on structured locations, NOLINT with renamed ids, werror, exit
// codes), and that every doc page the code cites exists.
#include "driver/Driver.h"

#include "../../TestUtil.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

using namespace pto;

namespace pto::checker {
const std::vector<std::pair<std::string, std::string>> &embeddedRuleFiles();
}

namespace {

using pto::testutil::readFile;

TEST(Driver, OptionTableIsDocumented) {
  std::string Table = "| option | plugin | meaning |\n|---|---|---|\n";
  for (const driver::OptionSpec &S : driver::optionTable())
    Table += std::string("| `") + S.key + (*S.valueName ? std::string("=") + S.valueName : "") + "` | " +
             (S.cliOnly ? "CLI" : "yes") + " | " + S.help + " |\n";
  const std::string Path = std::string(PTOLINT_SOURCE_DIR) + "/docs/cli.md";
  std::string Doc = readFile(Path);
  const std::string Begin = "<!-- options:begin (generated) -->\n", End = "<!-- options:end -->";
  size_t B = Doc.find(Begin), E = Doc.find(End);
  ASSERT_TRUE(B != std::string::npos && E != std::string::npos) << Path << " has no generated options block";
  std::string Want = Doc.substr(0, B + Begin.size()) + Table + Doc.substr(E);
  if (getenv("PTOLINT_BLESS"))
    std::ofstream(Path) << Want;
  EXPECT_EQ(readFile(Path), Want) << Path << " is stale: PTOLINT_BLESS=1 build/tests/unit_tests --gtest_filter=Driver.*";
}

/// Every configuration key has its row in docs/configuration.md's table of keys, with its option and default.
TEST(Driver, ConfigKeysAreDocumented) {
  std::string Doc = readFile(std::string(PTOLINT_SOURCE_DIR) + "/docs/configuration.md");
  for (const driver::OptionSpec &S : driver::optionTable())
    if (S.configKey) {
      std::string Row = std::string("| `") + S.configKey + "` | `" + S.key + "` | `";
      size_t At = Doc.find(Row);
      ASSERT_NE(At, std::string::npos) << "docs/configuration.md has no row '" << Row << "...'";
      std::string Default = Doc.substr(At + Row.size(), Doc.find('`', At + Row.size()) - At - Row.size());
      std::string Want = S.defaultValue;
      EXPECT_TRUE(Default == Want || Default == "'" + Want + "'" || (Want.empty() && Default == "''") ||
                  Default.rfind("$", 0) == 0)
          << S.configKey << ": documented default '" << Default << "', the table's '" << Want << "'";
    }
}

TEST(Driver, OptionsParseOrExplain) {
  driver::Options O;
  EXPECT_EQ(driver::applyOption(O, "target", "a5"), "");
  EXPECT_TRUE(O.targetsExplicit);
  EXPECT_EQ(O.engine.targets, std::vector<checker::Target>{checker::Target::A5});
  EXPECT_EQ(driver::applyOption(O, "target", "a9"), "unknown target 'a9' (known: a2a3, a5, cpu, all)");
  EXPECT_EQ(driver::applyOption(O, "budget", "0"), "budget must be a positive integer, got '0'");
  EXPECT_EQ(driver::applyOption(O, "timeout", "-5"), "timeout must be a number of milliseconds (0: no cap), got '-5'");
  EXPECT_EQ(driver::applyOption(O, "werror", ""), "");
  EXPECT_TRUE(O.werror);
  EXPECT_EQ(driver::applyOption(O, "format", "xml"), "unknown format 'xml' (known: text, json, sarif, html)");
  EXPECT_EQ(driver::applyOption(O, "frobnicate", "1"), "unknown option 'frobnicate'");
}

/// A TCOLMIN call whose dst has 4 valid rows (pto-colreduce-dst-validrow, a warning on every target).
checker::CallSite fourRows(unsigned Line, const std::string &Inst = "", unsigned InstLine = 0, int64_t Rows = 4) {
  checker::CallSite C;
  C.op = "TCOLMIN";
  C.overload = "plain";
  C.loc = {"k.cpp", Line, 3};
  auto Tile = [](const char *Expr, int64_t Rows, int64_t VR) {
    checker::TileFacts T;
    T.isTile = true;
    T.expr = Expr;
    T.loc = "Vec";
    T.dtype = checker::DType::F32;
    T.dtypeName = "float";
    T.rows = Rows;
    T.cols = 64;
    T.blayout = "RowMajor";
    T.slayout = "NoneBox";
    T.validRow = checker::IntFact::known(VR);
    T.validCol = checker::IntFact::known(64);
    return T;
  };
  C.operands = {{"dst", Tile("dst", Rows, Rows)}, {"src", Tile("src", 16, 16)}};
  if (!Inst.empty()) {
    C.instantiationNames = {Inst};
    C.instantiatedFrom = {{"k.cpp", InstLine, 1}};
  }
  return C;
}

driver::Unit unitOf(std::vector<checker::CallSite> Calls) {
  driver::Unit U;
  U.mainFile = "k.cpp";
  U.calls = std::move(Calls);
  return U;
}

TEST(Driver, SessionGroupsInstantiationsAppliesNolintAndExits) {
  driver::Options O;
  O.targetsExplicit = true;
  O.engine.targets = {checker::Target::A2A3};
  driver::Session S(O);
  driver::Unit U;
  U.mainFile = "k.cpp";
  // Line 3: three instantiations of one template call (two with equal facts, so one message); line 9:
  // suppressed; line 12: not.
  U.calls = {fourRows(3, "f<1>", 20), fourRows(3, "f<2>", 21, 8), fourRows(3, "f<3>", 22), fourRows(9), fourRows(12)};
  const std::string Text = "\n\n\n\n\n\n\n\n  TCOLMIN(dst, src); // NOLINT(pto-colreduce-*)\n\n\n  TCOLMIN(dst, src);\n";
  std::vector<checker::Finding> Fs = S.lint(U, [&](const std::string &) { return std::string_view(Text); });
  ASSERT_EQ(Fs.size(), 2u);
  EXPECT_EQ(Fs[0].loc.line, 3u);
  EXPECT_EQ(Fs[0].instantiation, "f<1>");
  bool Also = false;
  for (const checker::Note &N : Fs[0].notes)
    if (N.text.rfind("also in instantiation 'f<2>'", 0) == 0) {
      Also = true;
      EXPECT_EQ(N.loc.line, 21u) << "the note points at the point of instantiation";
    }
  EXPECT_TRUE(Also);
  EXPECT_EQ(Fs[1].loc.line, 12u);
  EXPECT_EQ(S.results().suppressed, 1u);
  EXPECT_EQ(S.exitCode(false), driver::Findings);
  EXPECT_EQ(S.exitCode(true), driver::InputError);
  EXPECT_NE(S.summaryLine().find("(1 suppressed by NOLINT)"), std::string::npos) << S.summaryLine();

  // werror promotes the warning.
  O.werror = true;
  driver::Session W(O);
  EXPECT_EQ(W.lint(unitOf({fourRows(12)}), {})[0].severity, checker::Severity::Error);

  // A clean unit exits 0; a unit that did not compile exits 2 whatever its findings.
  driver::Session C(O);
  C.lint(unitOf({}), {});
  EXPECT_EQ(C.exitCode(false), driver::Clean);
  driver::Unit Broken;
  Broken.compileFailed = true;
  C.lint(Broken, {});
  EXPECT_EQ(C.exitCode(false), driver::InputError);
}

/// The editor's caches: a unit whose calls read as before gives the same findings from the unit cache (NOLINT
/// still read from the current text); a changed call is checked again; solver answers are shared across sessions.
TEST(Driver, UnitsAndAnswersAreReusedAcrossSessions) {
  driver::Options O;
  O.targetsExplicit = true;
  O.engine.targets = {checker::Target::A2A3};
  O.unitCache = std::make_shared<driver::UnitCache>();
  O.engine.budget.shared = std::make_shared<z3model::SharedCache>();
  const std::string Plain = "\n\n\n\n\n\n\n\n\n\n\n  TCOLMIN(dst, src);\n";
  const std::string Quiet = "\n\n\n\n\n\n\n\n\n\n\n  TCOLMIN(dst, src); // NOLINT\n";
  auto Text = [](const std::string &T) { return [&T](const std::string &) { return std::string_view(T); }; };
  driver::Session A(O);
  std::vector<checker::Finding> First = A.lint(unitOf({fourRows(12)}), Text(Plain));
  ASSERT_EQ(First.size(), 1u);
  driver::Session B(O);
  std::vector<checker::Finding> Again = B.lint(unitOf({fourRows(12)}), Text(Plain));
  ASSERT_EQ(Again.size(), 1u);
  EXPECT_EQ(Again[0].message, First[0].message);
  EXPECT_EQ(B.results().tally.violated, A.results().tally.violated) << "the tally comes with the findings";
  EXPECT_TRUE(B.results().callMicros.empty()) << "an unchanged unit is not checked again";
  driver::Session C(O);
  EXPECT_TRUE(C.lint(unitOf({fourRows(12)}), Text(Quiet)).empty()) << "NOLINT is applied to cached findings";
  driver::Session D(O);
  D.lint(unitOf({fourRows(12, "", 0, 8)}), Text(Plain));
  EXPECT_EQ(D.results().callMicros.size(), 1u) << "a changed call is checked";
}

/// A call reached from several callers with the same facts is decided once: the tally counts it in each context, as
/// if checked again. One with findings too, where they would be reported alike (the first context's are: the others
/// differ only in their notes on the context); in another instantiation it is decided again.
TEST(Driver, CallsWithTheFactsOfAnEarlierOneAtTheirPlaceAreDecidedOnce) {
  driver::Options O;
  O.targetsExplicit = true;
  O.engine.targets = {checker::Target::A2A3, checker::Target::A5};
  auto From = [](checker::CallSite C, const std::string &Caller) {
    C.callers = {{{"k.cpp", 40, 3}, Caller}};
    return C;
  };
  checker::CallSite Legal = fourRows(5, "", 0, 1), Illegal = fourRows(12);
  driver::Session L(O), I(O);
  L.lint(unitOf({Legal}), {});
  I.lint(unitOf({Illegal}), {});
  driver::Session Each(O);
  Each.lint(unitOf({From(Legal, "a"), From(Legal, "b"), From(Legal, "c"), From(Illegal, "a"), From(Illegal, "b")}), {});
  const checker::Tally &TL = L.results().tally, &TI = I.results().tally, &T = Each.results().tally;
  ASSERT_GT(TL.proved, 0u);
  ASSERT_EQ(TL.violated, 0u);
  ASSERT_GT(TI.violated, 0u);
  EXPECT_EQ(Each.results().sameFacts, 3u);
  EXPECT_EQ(T.callSites, 5u);
  EXPECT_EQ(T.checks, 3 * TL.checks + 2 * TI.checks);
  EXPECT_EQ(T.proved, 3 * TL.proved + 2 * TI.proved);
  EXPECT_EQ(T.violated, 2 * TI.violated);
  EXPECT_EQ(T.opCalls.at("TCOLMIN"), 5u);
  EXPECT_EQ(T.opLocations.at("TCOLMIN").size(), 2u);
  for (const auto &[Key, E] : TL.ends)
    EXPECT_EQ(T.ends.at(Key).proved, 3 * E.proved + (TI.ends.count(Key) ? TI.ends.at(Key).proved : 0));
  EXPECT_EQ(Each.results().callMicros.size(), 5u);
  ASSERT_EQ(Each.results().findings.size(), I.results().findings.size());
  for (size_t K = 0; K < I.results().findings.size(); ++K) {
    const checker::Finding &A = I.results().findings[K], &B = Each.results().findings[K];
    EXPECT_EQ(A.message, B.message);
    EXPECT_EQ(A.fix.has_value(), B.fix.has_value()) << "its fix is proved against the reused call as well";
    bool FromA = false;
    for (const checker::Note &N : B.notes)
      FromA |= N.text.find("from 'a'") != std::string::npos;
    EXPECT_TRUE(FromA) << "the first context's findings are the ones reported";
  }
  // The same facts in another instantiation: its findings name that one, so it is decided again.
  checker::CallSite Other = fourRows(12, "f<2>", 30);
  driver::Session Inst(O);
  Inst.lint(unitOf({From(fourRows(12, "f<1>", 20), "a"), From(Other, "b")}), {});
  EXPECT_EQ(Inst.results().sameFacts, 0u);
  EXPECT_EQ(Inst.results().tally.violated, 2 * TI.violated);
  // Different facts at the same place are decided apart.
  driver::Session Apart(O);
  Apart.lint(unitOf({From(Legal, "a"), From(fourRows(5, "", 0, 2), "b")}), {});
  EXPECT_EQ(Apart.results().sameFacts, 0u);
}

TEST(Driver, NolintAndGlobsFollowRenamedIds) {
  // A rule set in which pto-colreduce-dst-validrow used to be called pto-colreduce-dst-rows.
  std::vector<std::pair<std::string, std::string>> Files = checker::embeddedRuleFiles();
  for (auto &[Name, Text] : Files)
    if (Name == "rules/ops.json")
      Text.replace(Text.find("\"renames\": {}"), 13, "\"renames\": {\"pto-colreduce-dst-rows\": \"pto-colreduce-dst-validrow\"}");
  checker::RuleSet Rs;
  std::vector<std::string> Errors;
  ASSERT_TRUE(Rs.load(Files, Errors)) << (Errors.empty() ? "" : Errors[0]);
  driver::Options O;
  O.engine.targets = {checker::Target::A2A3};
  O.targetsExplicit = true;
  driver::Session S(O, Rs);
  const std::string Text = "  TCOLMIN(dst, src); // NOLINT(pto-colreduce-dst-rows)\n";
  EXPECT_TRUE(S.lint(unitOf({fourRows(1)}), [&](const std::string &) { return std::string_view(Text); }).empty());
  EXPECT_EQ(S.results().suppressed, 1u);
}

/// Every page under docs/ that the code, the rules or the docs cite as pto-lint's own exists.
TEST(Driver, CitedDocPagesExist) {
  const std::filesystem::path Root = PTOLINT_SOURCE_DIR;
  static const std::regex Cite(R"((pto-isa@[0-9a-f]+ )?(docs/[A-Za-z0-9_./-]+\.md))");
  unsigned Checked = 0;
  for (const char *Dir : {"checker", "clangfe", "cmd", "driver", "support", "term", "tools", "z3model", "rules", "docs", "scripts"})
    for (const auto &E : std::filesystem::recursive_directory_iterator(Root / Dir)) {
      if (!E.is_regular_file() || E.path().filename().string().rfind("pto-", 0) == 0)
        continue; // generated rule pages cite upstream's docs (pto-isa docs/isa/...) in their sources
      std::string Text = readFile(E.path());
      for (std::sregex_iterator It(Text.begin(), Text.end(), Cite), End; It != End; ++It) {
        const std::string Path = (*It)[2].str();
        if ((*It)[1].matched || Path.rfind("docs/isa/", 0) == 0)
          continue; // upstream's documentation
        ++Checked;
        EXPECT_TRUE(std::filesystem::exists(Root / Path)) << E.path() << " cites " << Path << ", which does not exist";
      }
    }
  for (const char *F : {"README.md"}) {
    std::string Text = readFile(Root / F);
    for (std::sregex_iterator It(Text.begin(), Text.end(), Cite), End; It != End; ++It)
      if (!(*It)[1].matched) {
        ++Checked;
        EXPECT_TRUE(std::filesystem::exists(Root / (*It)[2].str())) << F << " cites " << (*It)[2].str();
      }
  }
  EXPECT_GT(Checked, 10u);
}

} // namespace
