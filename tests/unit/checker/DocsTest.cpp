// tests: documentation generated from the rule data stays current: the blocks generated from rules/ops.json in
// README.md and docs/*.md, and docs/design.md names every test label (PTOLINT_BLESS=1 rewrites the blocks;
// `pto-rulegen docs .` does the same from the source files).
#include "checker/Docs.h"
#include "checker/Rule.h"

#include "../../TestUtil.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

using namespace pto::checker;
using pto::testutil::readFile;

namespace {

const std::string Src = PTOLINT_SOURCE_DIR;

/// Compares Path with its generated blocks regenerated (PTOLINT_BLESS=1: rewrites it); the names of its blocks.
std::set<std::string> expectBlocksCurrent(const std::string &Path) {
  const std::string Doc = readFile(Path);
  std::vector<std::string> Errors;
  const std::string Want = withGeneratedBlocks(Doc, RuleSet::builtin(), Errors);
  EXPECT_TRUE(Errors.empty()) << Path << ": " << (Errors.empty() ? "" : Errors.front());
  if (getenv("PTOLINT_BLESS") && Errors.empty() && Want != Doc)
    std::ofstream(Path) << Want;
  EXPECT_EQ(Doc, Want) << Path << " has a stale generated block: PTOLINT_BLESS=1 build/tests/unit_tests "
                                  "--gtest_filter='Readme.*:Docs.*', or build/pto-rulegen docs .";
  std::set<std::string> Names;
  std::regex Begin("<!-- begin generated ([a-z-]+)");
  for (std::sregex_iterator I(Doc.begin(), Doc.end(), Begin), E; I != E; ++I)
    Names.insert((*I)[1]);
  return Names;
}

} // namespace

TEST(Readme, CheckedOpsAreCurrent) {
  // The README's op list is rules/ops.json's, not a paragraph kept by hand.
  EXPECT_TRUE(expectBlocksCurrent(Src + "/README.md").count("checked-ops")) << "README.md lists no checked ops";
  const std::string Doc = readFile(Src + "/README.md");
  for (const OpSignature &O : RuleSet::builtin().ops())
    EXPECT_NE(Doc.find(O.name), std::string::npos) << O.name;
}

TEST(Docs, GeneratedBlocksAreCurrent) {
  // Every page with a generated block, and the pages that list ops: the user guide's front-end table, the design's
  // op families.
  std::set<std::string> Seen;
  for (const auto &E : std::filesystem::directory_iterator(Src + "/docs"))
    if (E.path().extension() == ".md")
      for (const std::string &N : expectBlocksCurrent(E.path().string()))
        Seen.insert(E.path().filename().string() + ":" + N);
  EXPECT_TRUE(Seen.count("user-guide.md:checked-ops"));
  EXPECT_TRUE(Seen.count("design.md:op-families"));
}

TEST(Docs, GeneratedBlockMarkersAreChecked) {
  std::vector<std::string> Errors;
  const std::string Open = "a\n<!-- begin generated checked-ops (x) -->\nold\n";
  EXPECT_EQ(withGeneratedBlocks(Open, RuleSet::builtin(), Errors), Open);
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_NE(Errors[0].find("has no line '<!-- end generated checked-ops -->'"), std::string::npos) << Errors[0];
  Errors.clear();
  withGeneratedBlocks("<!-- begin generated no-such-block -->\n<!-- end generated no-such-block -->\n",
                      RuleSet::builtin(), Errors);
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_EQ(Errors[0], "unknown generated block 'no-such-block'");
  Errors.clear();
  const std::string Doc = withGeneratedBlocks(Open + "<!-- end generated checked-ops -->\nz\n", RuleSet::builtin(),
                                              Errors);
  EXPECT_TRUE(Errors.empty());
  EXPECT_EQ(Doc.find("old"), std::string::npos) << Doc;
  EXPECT_EQ(Doc.rfind("a\n<!-- begin generated checked-ops (x) -->\n| family |", 0), 0u) << Doc;
  EXPECT_EQ(Doc.substr(Doc.size() - 2), "z\n");
}

TEST(Docs, DesignNamesEveryTestLabel) {
  // docs/design.md describes the suite as it is: every ctest label of tests/CMakeLists.txt is named there.
  const std::string CMake = readFile(Src + "/tests/CMakeLists.txt"), Design = readFile(Src + "/docs/design.md");
  std::set<std::string> Labels;
  std::regex Label("LABELS \"?([a-z;]+)\"?");
  for (std::sregex_iterator I(CMake.begin(), CMake.end(), Label), E; I != E; ++I) {
    std::stringstream SS((*I)[1].str());
    for (std::string L; std::getline(SS, L, ';');)
      Labels.insert(L);
  }
  EXPECT_GE(Labels.size(), 10u);
  for (const std::string &L : Labels)
    EXPECT_NE(Design.find("`" + L + "`"), std::string::npos) << "docs/design.md does not name the test label " << L;
}
