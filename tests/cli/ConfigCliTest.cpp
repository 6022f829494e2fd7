// tests: configuration files and baselines as a user meets them: the CLI's upward search, InheritParentConfig,
// --config-file, --dump-config read back, exit 2 with file:line on a bad key, rule or target, the plugin reading the
// same file, and baselines that survive edits elsewhere in the file but not a new finding.
#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sys/wait.h>

namespace {

const std::string Src = PTOLINT_SOURCE_DIR;
const std::string Cli = PTOLINT_CLI;
const std::string Flags = " -- -std=c++17 -I" + Src + "/refmodel/include";
const std::string Example = Src + "/examples/colargmin_doc_example.cpp"; // violates on a2a3 only

using pto::testutil::Out;
using pto::testutil::run;

void write(const std::string &Path, const std::string &Text) {
  std::filesystem::create_directories(std::filesystem::path(Path).parent_path());
  std::ofstream(Path) << Text;
}

/// D/.pto-lint.yaml and the doc example at D/sub/k.cpp.
std::string tree(const std::string &RootConfig) {
  std::string D = pto::testutil::tempDir("config-cli");
  write(D + "/.pto-lint.yaml", RootConfig);
  write(D + "/sub/k.cpp", pto::testutil::readFile(Example));
  return D;
}

TEST(Config, FoundUpwardInheritedAndOverriddenByTheCommandLine) {
  std::string D = tree("Targets: a5\n");
  Out A5 = run(Cli + " " + D + "/sub/k.cpp" + Flags);
  EXPECT_EQ(A5.rc, 0) << "the root file's Targets: a5\n" << A5.text;
  EXPECT_EQ(run(Cli + " --target=a2a3 " + D + "/sub/k.cpp" + Flags).rc, 1) << "the command line wins";
  write(D + "/sub/.pto-lint.yaml", "InheritParentConfig: true\nBudget: 100000\n");
  EXPECT_EQ(run(Cli + " " + D + "/sub/k.cpp" + Flags).rc, 0) << "inherits Targets: a5";
  write(D + "/sub/.pto-lint.yaml", "Budget: 100000\n");
  Out Own = run(Cli + " " + D + "/sub/k.cpp" + Flags);
  EXPECT_EQ(Own.rc, 1) << "the closest file alone: every target\n" << Own.text;
  // Checks: the one failing rule removed; warnings-as-errors needs a warning, so only its glob is checked here.
  write(D + "/sub/.pto-lint.yaml", "Checks: '-pto-colargmin-tmp-size'\nWarningsAsErrors: 'pto-colargmin-*'\n");
  Out Sub = run(Cli + " " + D + "/sub/k.cpp" + Flags);
  EXPECT_EQ(Sub.rc, 0) << Sub;
  EXPECT_EQ(run(Cli + " --checks=pto-colargmin-tmp-size " + D + "/sub/k.cpp" + Flags).rc, 1)
      << "the command line's globs come after the file's";
}

TEST(Config, ConfigFileReplacesTheSearch) {
  std::string D = tree("Targets: a5\n");
  write(D + "/elsewhere.yaml", "Targets: a2a3\n");
  Out O = run(Cli + " --config-file=" + D + "/elsewhere.yaml " + D + "/sub/k.cpp" + Flags);
  EXPECT_EQ(O.rc, 1) << O.text;
  Out Missing = run(Cli + " --config-file=" + D + "/nope.yaml " + D + "/sub/k.cpp" + Flags);
  EXPECT_EQ(Missing.rc, 2) << Missing.text;
  EXPECT_NE(Missing.text.find("cannot read configuration file"), std::string::npos) << Missing.text;
}

TEST(Config, BadKeyRuleOrTargetExitsTwoWithFileAndLine) {
  struct Case {
    std::string yaml, want;
  } Cases[] = {
      {"Targets: a5\nChekcs: 'pto-*'\n", "/.pto-lint.yaml:2:1: error: unknown key 'Chekcs' (known: Targets, Checks,"},
      {"Checks: 'pto-*,-pto-colargmin-tmp-sise'\n", "/.pto-lint.yaml:1:9: error: unknown rule 'pto-colargmin-tmp-sise' "
                                                    "in checks (did you mean 'pto-colargmin-tmp-size'?"},
      {"Targets: a2a3,a7\n", "/.pto-lint.yaml:1:10: error: unknown target 'a7' (known: a2a3, a5, cpu, all)"},
  };
  for (const Case &C : Cases) {
    std::string D = tree(C.yaml);
    Out O = run(Cli + " " + D + "/sub/k.cpp" + Flags);
    EXPECT_EQ(O.rc, 2) << O.text;
    EXPECT_NE(O.text.find(D + C.want), std::string::npos) << O.text;
    EXPECT_EQ(O.text.find("call site"), std::string::npos) << "nothing runs\n" << O.text;
    Out Plugin = run(std::string(PTOLINT_CLANGXX) + " -fsyntax-only -std=c++17 -I" + Src + "/refmodel/include -fplugin=" +
                     PTOLINT_PLUGIN + " " + D + "/sub/k.cpp");
    EXPECT_NE(Plugin.rc, 0);
    EXPECT_NE(Plugin.text.find("ptolint plugin: " + D + C.want), std::string::npos) << Plugin.text;
  }
}

std::string withoutComments(const std::string &Yaml) {
  return std::regex_replace(Yaml, std::regex("(^|\n)#[^\n]*"), "");
}

TEST(Config, DumpConfigReadsBackIdentically) {
  std::string D = tree("Targets: a2a3,a5\nChecks: ['-pto-part-*']\nAdvisory: false\n");
  write(D + "/sub/.pto-lint.yaml", "InheritParentConfig: true\nBudget: 12345\n");
  Out Dump = run(Cli + " --dump-config --timeout=77 " + D + "/sub/k.cpp");
  ASSERT_EQ(Dump.rc, 0) << Dump.text;
  EXPECT_NE(Dump.text.find("#   " + D + "/.pto-lint.yaml\n#   " + D + "/sub/.pto-lint.yaml\n"), std::string::npos)
      << Dump.text;
  for (const char *Line : {"\nTargets: 'a2a3,a5'\n", "\nChecks: '-pto-part-*'\n", "\nAdvisory: 'false'\n",
                           "\nBudget: '12345'\n", "\nTimeoutMs: '77'\n", "\n# HeaderFilterRegex: '.*'\n"})
    EXPECT_NE(Dump.text.find(Line), std::string::npos) << Line << Dump.text;
  write(D + "/dumped.yaml", Dump.text);
  Out Back = run(Cli + " --dump-config --config-file=" + D + "/dumped.yaml " + D + "/sub/k.cpp");
  ASSERT_EQ(Back.rc, 0) << Back.text;
  EXPECT_EQ(withoutComments(Back.text), withoutComments(Dump.text));
  // No file argument: the working directory's configuration.
  Out Cwd = run("cd " + D + "/sub && " + Cli + " --dump-config");
  EXPECT_NE(Cwd.text.find("\nBudget: '12345'\n"), std::string::npos) << Cwd.text;
}

TEST(Config, ResultCacheKeysOnTheConfigurationAndBaseline) {
  std::string D = tree("Targets: a5\n");
  std::string Lint = Cli + " --cache-dir=" + D + "/cache " + D + "/sub/k.cpp";
  Out Clean = run(Lint + Flags);
  EXPECT_EQ(Clean.rc, 0) << Clean;
  EXPECT_EQ(run(Lint + Flags).rc, 0) << "replayed";
  write(D + "/.pto-lint.yaml", "Targets: a2a3\n");
  EXPECT_EQ(run(Lint + Flags).rc, 1) << "an edited configuration is another key";
  Out W = run(Lint + " --write-baseline=" + D + "/b.json" + Flags);
  EXPECT_EQ(W.rc, 0) << W.text;
  for (int I = 0; I < 2; ++I) { // the second run is replayed from the cache
    Out B = run(Lint + " --baseline=" + D + "/b.json" + Flags);
    EXPECT_EQ(B.rc, 0) << B.text;
    EXPECT_NE(B.text.find("(1 baselined)"), std::string::npos) << B.text;
  }
  write(D + "/b.json", "{\"version\": 1, \"findings\": []}\n");
  EXPECT_EQ(run(Lint + " --baseline=" + D + "/b.json" + Flags).rc, 1) << "another baseline, another key";
}

TEST(Plugin, ReadsTheMainFilesConfiguration) {
  std::string D = tree("Targets: a5\n");
  std::string Cc = std::string(PTOLINT_CLANGXX) + " -fsyntax-only -std=c++17 -I" + Src + "/refmodel/include -fplugin=" +
                   PTOLINT_PLUGIN + " ";
  Out A5 = run(Cc + D + "/sub/k.cpp");
  EXPECT_EQ(A5.rc, 0) << A5.text;
  EXPECT_EQ(A5.text.find("pto-colargmin-tmp-size"), std::string::npos) << A5.text;
  Out Arg = run(Cc + "-fplugin-arg-ptolint-target=a2a3 " + D + "/sub/k.cpp");
  EXPECT_NE(Arg.rc, 0) << "the plugin's argument wins\n" << Arg.text;
  EXPECT_NE(Arg.text.find("[pto-colargmin-tmp-size]"), std::string::npos) << Arg.text;
}

TEST(Tidy, ModuleReadsTheMainFilesConfiguration) {
  const std::string ClangTidy = PTOLINT_CLANG_TIDY, Module = PTOLINT_TIDY_MODULE;
  if (ClangTidy.empty() || Module.empty())
    GTEST_SKIP() << "needs clang-tidy-19 and the pto-tidy-module build";
  std::string D = tree("Targets: a5\n");
  std::string Tidy = ClangTidy + " --load=" + Module + " -checks='-*,pto-*' ";
  Out A5 = run(Tidy + D + "/sub/k.cpp" + Flags);
  EXPECT_EQ(A5.text.find("[pto-colargmin-tmp-size]"), std::string::npos) << A5.text;
  Out Opt = run(Tidy + "-config='{CheckOptions: {pto-lint.Targets: a2a3}}' " + D + "/sub/k.cpp" + Flags);
  EXPECT_NE(Opt.text.find("[pto-colargmin-tmp-size]"), std::string::npos) << "CheckOptions win\n" << Opt.text;
  write(D + "/.pto-lint.yaml", "Targets: a9\n");
  Out Bad = run(Tidy + D + "/sub/k.cpp" + Flags);
  EXPECT_NE(Bad.text.find(D + "/.pto-lint.yaml:1:10: error: unknown target 'a9'"), std::string::npos) << Bad.text;
  EXPECT_NE(Bad.text.find("[pto-colargmin-tmp-size]"), std::string::npos) << "checked with the defaults\n" << Bad.text;
}

TEST(Baseline, SuppressesRecordedFindingsAcrossEditsButNotNewOnes) {
  std::string D = pto::testutil::tempDir("baseline-cli");
  std::string Kernel = pto::testutil::readFile(Example);
  write(D + "/k.cpp", Kernel);
  std::string Lint = Cli + " --target=a2a3 " + D + "/k.cpp";
  Out W = run(Lint + " --write-baseline=" + D + "/b.json" + Flags);
  EXPECT_EQ(W.rc, 0) << W.text;
  EXPECT_NE(W.text.find("wrote 1 finding to baseline"), std::string::npos) << W.text;
  std::string Base = pto::testutil::readFile(D + "/b.json");
  EXPECT_NE(Base.find("\"file\": \"k.cpp\""), std::string::npos) << Base;
  EXPECT_NE(Base.find("\"call\": \"TCOLARGMIN(dst,src,tmp)\""), std::string::npos) << Base;

  Out Again = run(Lint + " --baseline=" + D + "/b.json" + Flags);
  EXPECT_EQ(Again.rc, 0) << Again.text;
  EXPECT_NE(Again.text.find("1 violated, 0 unknown (1 baselined)"), std::string::npos) << Again.text;
  EXPECT_EQ(Again.text.find("error:"), std::string::npos) << Again.text;

  // Lines inserted above the call, the call re-spaced and commented: still the recorded finding.
  std::string Moved = std::regex_replace(Kernel, std::regex("TCOLARGMIN\\(dst, src, tmp\\);"),
                                         "\n\n  // moved\n  TCOLARGMIN( dst, src,  tmp ); // still it");
  ASSERT_NE(Moved, Kernel);
  Moved = "// a comment\n// another\n\n" + Moved;
  write(D + "/k.cpp", Moved);
  Out AfterEdit = run(Lint + " --baseline=" + D + "/b.json" + Flags);
  EXPECT_EQ(AfterEdit.rc, 0) << AfterEdit.text;
  EXPECT_NE(AfterEdit.text.find("(1 baselined)"), std::string::npos) << AfterEdit.text;

  // A second such call is a new finding: reported, exit 1, the first still baselined.
  std::string Twice = std::regex_replace(Kernel, std::regex("TCOLARGMIN\\(dst, src, tmp\\);"),
                                         "TCOLARGMIN(dst, src, tmp);\n  TCOLARGMIN(dst, src, tmp);");
  write(D + "/k.cpp", Twice);
  Out New = run(Lint + " --baseline=" + D + "/b.json" + Flags);
  EXPECT_EQ(New.rc, 1) << New.text;
  size_t Reported = 0;
  for (size_t At = New.text.find("error: tmp tile holds"); At != std::string::npos;
       At = New.text.find("error: tmp tile holds", At + 1))
    ++Reported;
  EXPECT_EQ(Reported, 1u) << "one diagnostic, for the call found last\n" << New.text;
  EXPECT_NE(New.text.find("k.cpp:19:3: error: tmp tile holds"), std::string::npos) << New.text;
  EXPECT_NE(New.text.find("(1 baselined)"), std::string::npos) << New.text;

  write(D + "/bad.json", "{\"version\": 1,\n \"findings\": [,]}\n");
  Out Bad = run(Lint + " --baseline=" + D + "/bad.json" + Flags);
  EXPECT_EQ(Bad.rc, 2) << Bad.text;
  EXPECT_NE(Bad.text.find(D + "/bad.json:2:15: error: not a baseline file"), std::string::npos) << Bad.text;
}

TEST(Baseline, PtoFilesMatchAfterRenumbering) {
  // Numbered SSA values change when an op is inserted above; the fingerprint does not see them.
  std::string Src0 = "module attributes {pto.target_arch = \"a2a3\"} {\n"
                     "  func.func @k() {\n"
                     "    %0 = pto.alloc_tile : !pto.tile_buf<vec, 16x128xf32>\n"
                     "    %1 = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>\n"
                     "    %2 = pto.alloc_tile : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>\n"
                     "    pto.trowmin ins(%0, %1 : !pto.tile_buf<vec, 16x128xf32>, !pto.tile_buf<vec, 1x128xf32>)\n"
                     "                outs(%2 : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)\n"
                     "    return\n  }\n}\n";
  std::string D = pto::testutil::tempDir("baseline-pto");
  write(D + "/k.pto", Src0);
  Out W = run(Cli + " --write-baseline=" + D + "/b.json " + D + "/k.pto");
  ASSERT_EQ(W.rc, 0) << W.text;
  EXPECT_NE(W.text.find("wrote 1 finding"), std::string::npos) << W.text;
  std::string Shifted = std::regex_replace(Src0, std::regex("%2"), "%3");
  Shifted = std::regex_replace(Shifted, std::regex("%1"), "%2");
  Shifted = std::regex_replace(Shifted, std::regex("%0"), "%1");
  Shifted = std::regex_replace(Shifted, std::regex("  func.func @k\\(\\) \\{\n"),
                               "  func.func @k() {\n    %0 = arith.constant 0 : index\n");
  write(D + "/k.pto", Shifted);
  Out R = run(Cli + " --baseline=" + D + "/b.json " + D + "/k.pto");
  EXPECT_EQ(R.rc, 0) << R.text;
  EXPECT_NE(R.text.find("baselined)"), std::string::npos) << R.text;
}

} // namespace
