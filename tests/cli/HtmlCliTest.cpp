// tests: the HTML report from the CLI: `--format=html --output=DIR` on a fixture (the tile picture of a real finding),
// its errors, and `pto-lint report --html` from a SARIF log and from merged shards.
#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

const std::string Src = PTOLINT_SOURCE_DIR;
const std::string Cli = PTOLINT_CLI;
const std::string Flags = " -- -std=c++17 -I" + Src + "/refmodel/include";
const std::string ValidBounds = Src + "/tests/rules/pto-tile-valid-bounds.cpp";

using pto::testutil::Out;
using pto::testutil::readFile;
using pto::testutil::run;

/// The page (file name) of the finding whose headline contains What, or "".
std::string pageOf(const std::string &Dir, const std::string &What) {
  for (const auto &E : std::filesystem::directory_iterator(Dir))
    if (E.path().filename().string().rfind("finding-", 0) == 0 && readFile(E.path()).find(What) != std::string::npos)
      return E.path().filename();
  return "";
}

TEST(Html, FixtureFindingPageShowsTheRegionPastTheTile) {
  std::string D = pto::testutil::tempDir("html");
  Out O = run("cd " + Src + " && " + Cli + " --quiet --cache-dir=off --target=a2a3 --format=html --output=" + D +
              "/report " + ValidBounds + Flags);
  EXPECT_EQ(O.rc, 1) << O;
  std::string Index = readFile(D + "/report/index.html");
  ASSERT_FALSE(Index.empty()) << O;
  // tests/rules/pto-tile-valid-bounds.cpp: `DynSrc tall(20, 64)` in a 16x64 tile; the valid region's rows 16..19 lie
  // past the tile.
  std::string Page = pageOf(D + "/report", "&#39;tall&#39; has a 20x64 valid region but its tile is only 16x64");
  ASSERT_FALSE(Page.empty()) << Index;
  EXPECT_NE(Index.find("href=\"" + Page + "\""), std::string::npos);
  std::string P = readFile(D + "/report/" + Page);
  EXPECT_NE(P.find("data-rows=\"16\" data-cols=\"64\" data-valid-row=\"20\" data-valid-col=\"64\""), std::string::npos) << P;
  EXPECT_NE(P.find("<rect class=\"overflow\" x=\"0.00\" y=\"208.00\" width=\"520.00\" height=\"52.00\""), std::string::npos)
      << P;
  // The call and the declaration of 'tall' are highlighted in the excerpt.
  EXPECT_NE(P.find("<span class=\"call\" id=\"L55\">"), std::string::npos) << P;
  EXPECT_NE(P.find("<span class=\"decl\" id=\"L44\">"), std::string::npos) << P;
  EXPECT_NE(P.find("keep the valid region within 16x64, or declare a larger tile"), std::string::npos);
}

/// Pictures the engine's findings carry: the bytes a tmp-size finding's implementation touches, a hidden scratch
/// region on the address map, and the kernel page's calls and placed tiles.
TEST(Html, FixturePagesDrawScratchBytesHiddenScratchAndTheKernel) {
  std::string D = pto::testutil::tempDir("html");
  std::string Hidden = "tests/rules/pto-rowexpand-hidden-scratch.cpp", Doc = "examples/colargmin_doc_example.cpp";
  Out O = run("cd " + Src + " && " + Cli + " --quiet --cache-dir=off --target=a2a3 --format=html --output=" + D +
              "/report " + Hidden + " " + Doc + Flags);
  EXPECT_EQ(O.rc, 1) << O;
  // The doc example's tmp (1x32 float, 128 B) against the 512 B the A2A3 implementation touches.
  std::string Tmp = readFile(D + "/report/" + pageOf(D + "/report", "tmp tile holds 128 B but TCOLARGMIN"));
  EXPECT_NE(Tmp.find("class=\"scratch\" width=\"750.00\" height=\"98.00\" data-declared=\"128\" data-used=\"512\""),
            std::string::npos)
      << Tmp;
  EXPECT_NE(Tmp.find("the implementation touches 512 B, 384 B past the tile"), std::string::npos) << Tmp;
  // dstInTheScratch: 'd' at 188416 lies in the 512 B TROWEXPANDMIN writes there for its 16 rows.
  std::string H = readFile(D + "/report/" +
                           pageOf(D + "/report", "&#39;d&#39; occupies UB bytes [188416, 192512) but TROWEXPANDMIN"));
  EXPECT_NE(H.find(">hidden scratch of TROWEXPANDMIN</text>"), std::string::npos) << H;
  EXPECT_NE(H.find("overlaps d in [188416, 188928)"), std::string::npos) << H;
  EXPECT_EQ(H.find("data-role=\"hidden\""), std::string::npos) << H; // not drawn as a tile
  // The kernels: the fixture's page with its calls per op and target and its functions' UB maps.
  std::string Index = readFile(D + "/report/index.html");
  EXPECT_NE(Index.find("<h2>Kernels: 2</h2>"), std::string::npos) << Index;
  std::string K;
  for (const char *Page : {"kernel-1.html", "kernel-2.html"})
    if (readFile(D + "/report/" + Page).find(Hidden) != std::string::npos)
      K = readFile(D + "/report/" + Page);
  ASSERT_FALSE(K.empty()) << Index;
  EXPECT_NE(K.find("<td>TROWEXPANDMIN</td><td>a2a3</td><td class=\"n ok\">4</td><td class=\"n bad\">3</td>"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("<h3><code>dstInTheScratch</code></h3><h4>UB</h4>"), std::string::npos) << K;
}

TEST(Html, OutputMustBeADirectory) {
  std::string D = pto::testutil::tempDir("html");
  Out None = run(Cli + " --format=html " + ValidBounds + Flags);
  EXPECT_EQ(None.rc, 2) << None;
  EXPECT_NE(None.text.find("error: --format=html writes a directory of pages: give it with --output=DIR"),
            std::string::npos)
      << None;
  std::ofstream(D + "/file") << "x";
  Out File = run(Cli + " --format=html --output=" + D + "/file " + ValidBounds + Flags);
  EXPECT_EQ(File.rc, 2) << File;
  EXPECT_NE(File.text.find("is not a directory"), std::string::npos) << File;
  EXPECT_EQ(readFile(D + "/file"), "x");
}

TEST(Html, ReportFromShardsEqualsTheRunsOwn) {
  std::string D = pto::testutil::tempDir("html");
  std::string Doc = Src + "/examples/colargmin_doc_example.cpp";
  std::string Base = "cd " + Src + " && " + Cli + " --quiet --cache-dir=off --target=a2a3 ";
  ASSERT_EQ(run(Base + "--format=html --output=" + D + "/direct " + ValidBounds + " " + Doc + Flags).rc, 1);
  ASSERT_EQ(run(Base + "--shard=1/2 --format=sarif --output=" + D + "/s1.sarif " + ValidBounds + " " + Doc + Flags).rc, 1);
  ASSERT_EQ(run(Base + "--shard=2/2 --format=sarif --output=" + D + "/s2.sarif " + ValidBounds + " " + Doc + Flags).rc, 1);
  Out M = run("cd " + Src + " && " + Cli + " merge --output=" + D + "/merged.sarif " + D + "/s1.sarif " + D + "/s2.sarif");
  ASSERT_EQ(M.rc, 0) << M;
  Out R = run("cd " + Src + " && " + Cli + " report --html " + D + "/merged " + D + "/merged.sarif");
  ASSERT_EQ(R.rc, 0) << R;
  Out R2 = run("cd " + Src + " && " + Cli + " report --html=" + D + "/shards " + D + "/s1.sarif " + D + "/s2.sarif");
  ASSERT_EQ(R2.rc, 0) << R2;
  // Every finding page is the same, however the results were saved (the index differs: SARIF has no tally).
  size_t Pages = 0;
  for (const auto &E : std::filesystem::directory_iterator(D + "/direct")) {
    std::string Name = E.path().filename();
    if (Name.rfind("finding-", 0) != 0)
      continue;
    ++Pages;
    EXPECT_EQ(readFile(E.path()), readFile(D + "/merged/" + Name)) << Name;
    EXPECT_EQ(readFile(E.path()), readFile(D + "/shards/" + Name)) << Name;
  }
  EXPECT_GT(Pages, 4u);
  Out Bad = run(Cli + " report --html " + D + "/x " + Doc);
  EXPECT_EQ(Bad.rc, 2) << Bad;
  EXPECT_NE(Bad.text.find("not JSON"), std::string::npos) << Bad;
  Out NoDir = run(Cli + " report " + D + "/merged.sarif");
  EXPECT_EQ(NoDir.rc, 2) << NoDir;
}

} // namespace
