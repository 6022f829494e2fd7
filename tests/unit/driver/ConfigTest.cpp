// tests: configuration files (driver/Config.h): parsing with line:column errors naming the valid choices, the
// upward search with InheritParentConfig, layering (files, then the command line; glob lists accumulate), the
// per-directory cache, and --dump-config read back to the same options.
#include "driver/Config.h"

#include "../../TestUtil.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace pto;

namespace {

std::string parseError(const std::string &Text) {
  std::string Err;
  EXPECT_FALSE(driver::parseConfig("d/.pto-lint.yaml", Text, Err)) << Text;
  return Err;
}

void write(const std::string &Path, const std::string &Text) {
  std::filesystem::create_directories(std::filesystem::path(Path).parent_path());
  std::ofstream(Path) << Text;
}

TEST(Config, ParsesKeysListsAndInheritance) {
  std::string Err;
  auto C = driver::parseConfig("c.yaml",
                               "InheritParentConfig: true\n"
                               "Checks: ['pto-*', '-pto-part-*']\n"
                               "Targets: a2a3,a5\n"
                               "WarningsAsErrors: 'pto-colreduce-*'\n"
                               "HeaderFilterRegex: '^include/'\n"
                               "Advisory: false\n"
                               "Budget: 5000\n",
                               Err);
  ASSERT_TRUE(C) << Err;
  EXPECT_TRUE(C->inheritParent);
  driver::OptionPairs Want = {{"checks", "pto-*,-pto-part-*"}, {"target", "a2a3,a5"},
                              {"warnings-as-errors", "pto-colreduce-*"}, {"header-filter", "^include/"},
                              {"advisory", "false"}, {"budget", "5000"}};
  EXPECT_EQ(C->settings, Want);
  ASSERT_TRUE(driver::parseConfig("e.yaml", "", Err)) << "an empty file configures nothing";
  ASSERT_TRUE(driver::parseConfig("e.yaml", "# only a comment\n", Err)) << Err;
}

TEST(Config, ErrorsAreLocatedAndNameTheChoices) {
  std::string E = parseError("Targets: a5\nChekcs: 'pto-*'\n");
  EXPECT_EQ(E.rfind("d/.pto-lint.yaml:2:1: error: unknown key 'Chekcs' (known: Targets, Checks, ", 0), 0u) << E;
  EXPECT_NE(E.find("InheritParentConfig)"), std::string::npos) << E;
  E = parseError("Targets: a2a3,a7\n");
  EXPECT_EQ(E, "d/.pto-lint.yaml:1:10: error: unknown target 'a7' (known: a2a3, a5, cpu, all)");
  E = parseError("\nChecks:\n  - 'pto-*'\n  - '-pto-colargmin-tmp-sise'\n");
  EXPECT_EQ(E.rfind("d/.pto-lint.yaml:3:3: error: unknown rule 'pto-colargmin-tmp-sise' in checks (did you mean "
                    "'pto-colargmin-tmp-size'? known: ",
                    0),
            0u)
      << E;
  E = parseError("WarningsAsErrors: pto-nothing-*\n");
  EXPECT_EQ(E.rfind("d/.pto-lint.yaml:1:19: error: unknown rule 'pto-nothing-*' in warnings-as-errors", 0), 0u) << E;
  EXPECT_EQ(parseError("Budget: lots\n"), "d/.pto-lint.yaml:1:9: error: budget must be a positive integer, got 'lots'");
  EXPECT_EQ(parseError("Advisory: maybe\n"), "d/.pto-lint.yaml:1:11: error: advisory must be true or false, got 'maybe'");
  EXPECT_EQ(parseError("HeaderFilterRegex: '(('\n").rfind("d/.pto-lint.yaml:1:20: error: header-filter '((' is not a "
                                                          "regular expression",
                                                          0),
            0u);
  EXPECT_EQ(parseError("Budget: 1\nBudget: 2\n"), "d/.pto-lint.yaml:2:1: error: key 'Budget' is given twice");
  EXPECT_EQ(parseError("- Targets\n").rfind("d/.pto-lint.yaml:1:1: error: a configuration is a mapping", 0), 0u);
  EXPECT_EQ(parseError("Targets: [a5\n").rfind("d/.pto-lint.yaml:", 0), 0u) << "malformed YAML is located too";
  // Command-line-only options are not keys.
  EXPECT_EQ(parseError("Format: json\n").rfind("d/.pto-lint.yaml:1:1: error: unknown key 'Format'", 0), 0u);
}

/// root/.pto-lint.yaml <- root/sub (inherits) ; root/other (does not); root/none has no file of its own.
struct Tree {
  std::string Root = testutil::tempDir("config");
  Tree() {
    write(Root + "/.pto-lint.yaml", "Targets: a5\nBudget: 5\nChecks: '-pto-colargmin-*'\nTimeoutMs: 40\n");
    write(Root + "/sub/.pto-lint.yaml", "InheritParentConfig: true\nBudget: 7\nChecks: pto-colargmin-tmp-size\n");
    write(Root + "/other/.pto-lint.yaml", "TuTimeoutMs: 3\n");
    for (const char *F : {"/sub/a.cpp", "/sub/deeper/b.cpp", "/other/c.cpp", "/none/d.cpp", "/e.cpp"})
      write(Root + F, "");
  }
};

TEST(Config, ClosestFileWinsAndInheritsItsParents) {
  Tree T;
  driver::ConfigCache Cache;
  std::string Err;
  auto Sub = Cache.resolve(T.Root + "/sub/deeper/b.cpp", {}, driver::Options(), Err);
  ASSERT_TRUE(Sub) << Err;
  EXPECT_EQ(Sub->files, (std::vector<std::string>{T.Root + "/.pto-lint.yaml", T.Root + "/sub/.pto-lint.yaml"}));
  EXPECT_EQ(Sub->options.engine.targets, std::vector<checker::Target>{checker::Target::A5});
  EXPECT_TRUE(Sub->options.targetsExplicit);
  EXPECT_EQ(Sub->options.engine.budget.rlimit, 7u) << "the closer file wins";
  EXPECT_EQ(Sub->options.engine.budget.timeoutMs, 40u) << "inherited";
  // Check globs accumulate as in clang-tidy: the child's re-enables one rule the parent removed.
  EXPECT_TRUE(checker::globListMatch(Sub->options.engine.checks, "pto-colargmin-tmp-size", true));
  EXPECT_FALSE(checker::globListMatch(Sub->options.engine.checks, "pto-colargmin-src-layout", true));

  auto Other = Cache.resolve(T.Root + "/other/c.cpp", {}, driver::Options(), Err);
  ASSERT_TRUE(Other) << Err;
  EXPECT_EQ(Other->files, std::vector<std::string>{T.Root + "/other/.pto-lint.yaml"}) << "no InheritParentConfig";
  EXPECT_FALSE(Other->options.targetsExplicit);
  EXPECT_EQ(Other->options.engine.budget.tuMillis, 3u);
  EXPECT_EQ(Other->options.engine.budget.rlimit, driver::Options().engine.budget.rlimit);

  auto None = Cache.resolve(T.Root + "/none/d.cpp", {}, driver::Options(), Err);
  ASSERT_TRUE(None) << Err;
  EXPECT_EQ(None->files, std::vector<std::string>{T.Root + "/.pto-lint.yaml"}) << "found upward";
}

TEST(Config, CommandLineOverridesFilesAndEachFileIsReadOnce) {
  Tree T;
  driver::ConfigCache Cache;
  std::string Err;
  driver::OptionPairs Cli = {{"budget", "9"}, {"target", "a2a3"}, {"checks", "pto-colargmin-*"}};
  for (int I = 0; I < 50; ++I)
    for (const char *F : {"/sub/a.cpp", "/sub/deeper/b.cpp", "/other/c.cpp", "/none/d.cpp", "/e.cpp"}) {
      auto R = Cache.resolve(T.Root + F, Cli, driver::Options(), Err);
      ASSERT_TRUE(R) << Err;
      EXPECT_EQ(R->options.engine.budget.rlimit, 9u);
      EXPECT_EQ(R->options.engine.targets, std::vector<checker::Target>{checker::Target::A2A3});
      EXPECT_TRUE(checker::globListMatch(R->options.engine.checks, "pto-colargmin-src-layout", true))
          << "the command line's globs come last";
    }
  EXPECT_EQ(Cache.filesRead(), 3u);
  // --config-file: that file for every input, no search.
  auto R = Cache.resolve(T.Root + "/sub/a.cpp", {{"config-file", T.Root + "/other/.pto-lint.yaml"}},
                         driver::Options(), Err);
  ASSERT_TRUE(R) << Err;
  EXPECT_EQ(R->files, std::vector<std::string>{T.Root + "/other/.pto-lint.yaml"});
  EXPECT_FALSE(Cache.resolve(T.Root + "/sub/a.cpp", {{"config-file", T.Root + "/missing.yaml"}}, driver::Options(),
                             Err));
  EXPECT_EQ(Err, "cannot read configuration file '" + T.Root + "/missing.yaml'");
  // A bad command-line value is an error without a location.
  EXPECT_FALSE(Cache.resolve(T.Root + "/e.cpp", {{"target", "a6"}}, driver::Options(), Err));
  EXPECT_EQ(Err, "unknown target 'a6' (known: a2a3, a5, cpu, all)");
}

TEST(Config, DumpReadsBackToTheSameOptions) {
  Tree T;
  driver::ConfigCache Cache;
  std::string Err;
  auto R = Cache.resolve(T.Root + "/sub/a.cpp", {{"warnings-as-errors", "pto-colreduce-*"}}, driver::Options(), Err);
  ASSERT_TRUE(R) << Err;
  std::string Dump = driver::dumpConfig(*R);
  EXPECT_NE(Dump.find("\nChecks: '-pto-colargmin-*,pto-colargmin-tmp-size'\n"), std::string::npos) << Dump;
  EXPECT_NE(Dump.find("\n# HeaderFilterRegex: '.*'\n"), std::string::npos) << "defaults are shown, commented out";
  write(T.Root + "/dumped.yaml", Dump);
  auto Back = Cache.resolve(T.Root + "/e.cpp", {{"config-file", T.Root + "/dumped.yaml"}}, driver::Options(), Err);
  ASSERT_TRUE(Back) << Err;
  EXPECT_EQ(Back->values, R->values);
  EXPECT_EQ(Back->options.engine.checks, R->options.engine.checks);
  EXPECT_EQ(Back->options.engine.targets, R->options.engine.targets);
  EXPECT_EQ(Back->options.targetsExplicit, R->options.targetsExplicit);
  EXPECT_EQ(Back->options.warningsAsErrors, R->options.warningsAsErrors);
  EXPECT_EQ(Back->options.engine.budget.rlimit, R->options.engine.budget.rlimit);
  std::string Again = driver::dumpConfig(*Back);
  EXPECT_EQ(Again.substr(Again.find("InheritParentConfig")), Dump.substr(Dump.find("InheritParentConfig")));
}

TEST(Config, DefaultsAreWhatTheOptionsStartWith) {
  // --dump-config shows defaultValue: applying it must give a default Options.
  driver::Options D, O;
  for (const driver::OptionSpec &S : driver::optionTable())
    if (S.configKey) {
      ASSERT_EQ(S.apply(O, S.defaultValue), "") << S.key;
    }
  EXPECT_EQ(O.engine.budget.rlimit, D.engine.budget.rlimit);
  EXPECT_EQ(O.engine.budget.timeoutMs, D.engine.budget.timeoutMs);
  EXPECT_EQ(O.engine.budget.tuMillis, D.engine.budget.tuMillis);
  EXPECT_EQ(O.engine.targets, D.engine.targets);
  EXPECT_EQ(O.headerFilter, D.headerFilter);
  EXPECT_EQ(O.advisory, D.advisory);
  EXPECT_EQ(O.lenientDocSyntax, D.lenientDocSyntax);
  EXPECT_EQ(O.ptoBackend, D.ptoBackend);
  EXPECT_EQ(O.tileOpExpand, D.tileOpExpand);
  EXPECT_TRUE(O.warningsAsErrors.empty());
  EXPECT_TRUE(checker::globListMatch(O.engine.checks, "pto-colargmin-tmp-size", true));
}

} // namespace

namespace {
TEST(Config, ErrorOnANodeWithoutAPlaceIsLocatedAtTheEnd) {
  // Found by pto-config-fuzz: a complex key, blank lines, then a directive; the error's node has no location in the
  // text, and SourceMgr read out of bounds for it (a crash). Now the error points at the end of the file.
  std::string Err;
  EXPECT_FALSE(driver::parseConfig("c.yaml", "?\n\n\n\n\n\n\n\n\n\n%", Err));
  EXPECT_EQ(Err.rfind("c.yaml:", 0), 0u) << Err;
  EXPECT_NE(Err.find(": error: "), std::string::npos) << Err;
}
} // namespace
