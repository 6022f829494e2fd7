// Unit tests for driver/HtmlReport: the pages' content (tile pictures, counterexample, counts), escaping of hostile
// text, and the same report from a JSON report, a SARIF log and merged SARIF shards.
#include "driver/HtmlReport.h"

#include "checker/Emit.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using namespace pto;
using checker::Finding;

namespace {

checker::TileView tile(const std::string &Role, const std::string &Expr, int64_t Rows, int64_t Cols,
                       std::optional<int64_t> VR, std::optional<int64_t> VC) {
  checker::TileView T;
  T.role = Role;
  T.expr = Expr;
  T.type = "Tile<TileType::Vec, float, " + std::to_string(Rows) + ", " + std::to_string(Cols) + ">";
  T.memory = "Vec";
  T.dtype = "float";
  T.elemBytes = 4;
  T.rows = Rows;
  T.cols = Cols;
  T.validRow = VR;
  T.validCol = VC;
  return T;
}

/// 'tall' has a 20x64 valid region in a 16x64 tile (as tests/rules/pto-tile-valid-bounds.cpp), in a file and with a
/// message that try to break out of the HTML.
Finding validBounds() {
  Finding F;
  F.ruleId = "pto-tile-valid-bounds";
  F.op = "TCOLARGMIN";
  F.targets = {checker::Target::A2A3, checker::Target::A5};
  F.status = checker::Status::ViolatedSometimes;
  F.severity = checker::Severity::Warning;
  F.loc = {"dir/<script>x\"&'.cpp", 5, 3};
  F.message = "'tall' has a 20x64 valid region <img src=x onerror=alert(1)> but its tile is only 16x64";
  F.notes.push_back({{"dir/<script>x\"&'.cpp", 2, 9}, "'tall' declared here as 'Tile<...>'"});
  F.notes.push_back({{}, "fails for example when rows = 20"});
  F.help = "keep the valid region within 16x64 & <b>not</b> more";
  F.counterexample = {{"rows", 20}, {"<cols>", 64}};
  F.function = "kernel<float>";
  F.tiles = {tile("src", "tall", 16, 64, 20, 64), tile("tmp", "tmp", 1, 128, std::nullopt, std::nullopt)};
  F.tiles[0].fromModel = F.tiles[0].subject = true;
  // Two placed tiles: tmp overlaps the end of tall, and both lie within the UB.
  F.tiles[0].placed = F.tiles[1].placed = true;
  F.tiles[0].addr = 0;
  F.tiles[1].addr = 4000; // tall spans [0, 4096)
  return F;
}

Finding tmpSize(const std::string &File) {
  Finding F;
  F.ruleId = "pto-colargmin-tmp-size";
  F.op = "TCOLARGMIN";
  F.targets = {checker::Target::A2A3};
  F.loc = {File, 18, 3};
  F.message = "tmp tile holds 128 B but TCOLARGMIN on a 16x255 float source needs 512 B on a2a3";
  F.tiles = {tile("tmp", "tmp", 1, 32, 1, 32)};
  return F;
}

const char *Source = "// k.cpp\n"
                     "using T = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;\n"
                     "void kernel() {\n"
                     "  T tall(20, 64); // </pre><script>alert(2)</script>\n"
                     "  TCOLARGMIN(dst, tall, tmp);\n"
                     "}\n";

/// Kernel k.cpp: two TCOLARGMIN calls on a2a3 (one proved, one violated) and one on a5 whose upstream check was not
/// followed; three tiles placed in its UB, two of which overlap, and one placed at an address not known.
std::map<std::string, checker::KernelSummary> kernels() {
  checker::KernelSummary K;
  K.ends[{"TCOLARGMIN", checker::Target::A2A3}].proved = 1;
  K.ends[{"TCOLARGMIN", checker::Target::A2A3}].violated = 1;
  K.ends[{"TCOLARGMIN", checker::Target::A5}].notFollowed = 1;
  for (const char *Fn : {"kernel<float>", "kernel<int>"}) { // two instantiations that place alike
    K.placed.insert({Fn, "src", "Vec", 0, 4096});
    K.placed.insert({Fn, "dst", "Vec", 4096, 1024});
    K.placed.insert({Fn, "tmp", "Vec", 4608, 512}); // overlaps dst in [4608, 5120)
  }
  K.placed.insert({"other", "a", "Mat", 0, 8192});
  K.unplaced.insert({"kernel<float>", "far"});
  return {{"k.cpp", K}};
}

driver::HtmlSite site(const std::vector<Finding> &Fs, std::string Format = "json") {
  checker::RunInfo Info;
  Info.kernels = kernels();
  Info.toolVersion = "0.1.0";
  Info.targets = {checker::Target::A2A3, checker::Target::A5, checker::Target::CPU};
  Info.tally.callSites = 3;
  Info.tally.checks = 40;
  Info.tally.proved = 37;
  Info.tally.violated = 3;
  std::string Text = Format == "json" ? checker::toJson(Fs, Info) : checker::toSarif(Fs, checker::RuleSet::builtin(), Info);
  driver::HtmlInput In;
  In.ubBytes = driver::ubCapacities(checker::RuleSet::builtin());
  EXPECT_EQ(driver::addReport(Text, In), "");
  return driver::htmlReport(In, [](const std::string &F) { return F == "dir/<script>x\"&'.cpp" ? Source : ""; });
}

} // namespace

TEST(HtmlReport, FindingPageDrawsTheRegionPastTheTile) {
  driver::HtmlSite S = site({validBounds()});
  ASSERT_TRUE(S.count("finding-1.html"));
  const std::string &P = S["finding-1.html"];
  // 20x64 valid in 16x64: scaled 8.125 px a column (520 / 64) and 13 px a row (260 / 20); rows 16..19 lie outside.
  EXPECT_NE(P.find("<rect class=\"valid\" x=\"0.00\" y=\"0.00\" width=\"520.00\" height=\"208.00\""), std::string::npos) << P;
  EXPECT_NE(P.find("<rect class=\"overflow\" x=\"0.00\" y=\"208.00\" width=\"520.00\" height=\"52.00\""), std::string::npos)
      << P;
  EXPECT_NE(P.find("data-rows=\"16\" data-cols=\"64\" data-valid-row=\"20\" data-valid-col=\"64\""), std::string::npos);
  EXPECT_NE(P.find("valid region 20 x 64 <i>(under the counterexample)</i>"), std::string::npos) << P;
  // tmp's valid region is unknown: its picture has no valid or overflow part.
  size_t Tmp = P.find("data-role=\"tmp\"");
  ASSERT_NE(Tmp, std::string::npos);
  EXPECT_EQ(P.find("class=\"valid\"", Tmp), std::string::npos);
  EXPECT_NE(P.find("valid region not known", Tmp), std::string::npos);
  // The address map: both bars, their overlap [4000, 4096), the capacities of a2a3 and a5.
  EXPECT_NE(P.find("<title>[0, 4096)</title>"), std::string::npos) << P;
  EXPECT_NE(P.find("overlaps tmp in [4000, 4096)"), std::string::npos) << P;
  EXPECT_NE(P.find("a2a3: 196608 B"), std::string::npos) << P;
  EXPECT_NE(P.find("a5: 262144 B"), std::string::npos) << P;
  // The counterexample as a table of the kernel's names; the call and declaration lines highlighted.
  EXPECT_NE(P.find("<tr><td><code>rows</code></td><td class=\"n\">20</td></tr>"), std::string::npos) << P;
  EXPECT_NE(P.find("<span class=\"call\" id=\"L5\">"), std::string::npos) << P;
  EXPECT_NE(P.find("<span class=\"decl\" id=\"L2\">"), std::string::npos) << P;
  EXPECT_NE(P.find("fails for example when rows = 20"), std::string::npos) << P;
}

TEST(HtmlReport, HostileTextIsEscapedEverywhere) {
  driver::HtmlSite S = site({validBounds(), tmpSize("k.cpp")});
  for (const auto &[Name, Text] : S) {
    EXPECT_EQ(Text.find("<img"), std::string::npos) << Name;
    EXPECT_EQ(Text.find("<script>x"), std::string::npos) << Name;
    EXPECT_EQ(Text.find("<script>alert"), std::string::npos) << Name;
    EXPECT_EQ(Text.find("</pre><script>"), std::string::npos) << Name;
    EXPECT_EQ(Text.find("<b>not</b>"), std::string::npos) << Name;
    EXPECT_EQ(Text.find("<cols>"), std::string::npos) << Name;
  }
  const std::string &P = S["finding-1.html"];
  EXPECT_NE(P.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
  EXPECT_NE(P.find("dir/&lt;script&gt;x&quot;&amp;&#39;.cpp:5:3"), std::string::npos) << P;
  EXPECT_NE(P.find("// &lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;"), std::string::npos) << P;
  EXPECT_NE(P.find("&lt;b&gt;not&lt;/b&gt;"), std::string::npos);
  // In an attribute (the index's filter data) too.
  EXPECT_NE(S["index.html"].find("data-file=\"dir/&lt;script&gt;x&quot;&amp;&#39;.cpp\""), std::string::npos);
}

TEST(HtmlReport, IndexCountsAndLinksMatchTheFindings) {
  driver::HtmlSite S = site({validBounds(), tmpSize("a.cpp"), tmpSize("b.cpp")});
  const std::string &I = S["index.html"];
  EXPECT_NE(I.find("<h2>Findings: 3</h2>"), std::string::npos) << I;
  EXPECT_NE(I.find(">pto-colargmin-tmp-size (2)</option>"), std::string::npos) << I;
  EXPECT_NE(I.find(">pto-tile-valid-bounds (1)</option>"), std::string::npos) << I;
  EXPECT_NE(I.find(">a2a3 (3)</option>"), std::string::npos) << I;
  EXPECT_NE(I.find(">a5 (1)</option>"), std::string::npos) << I;
  EXPECT_NE(I.find(">violated-sometimes (1)</option>"), std::string::npos) << I;
  EXPECT_NE(I.find(">violated-always (2)</option>"), std::string::npos) << I;
  EXPECT_NE(I.find("3 call sites, 40 checks: <b>37</b> proved, <b>3</b> violated, <b>0</b> unknown"), std::string::npos);
  // Every page the index links to exists, and one page per finding; findings in file order.
  for (size_t N = 1; N <= 3; ++N)
    EXPECT_NE(I.find("href=\"finding-" + std::to_string(N) + ".html\""), std::string::npos);
  EXPECT_EQ(S.size(), 3u + 3u); // the finding pages, kernel-1.html, index.html, style.css
  EXPECT_NE(S["finding-1.html"].find("a.cpp:18:3"), std::string::npos);
  EXPECT_NE(S["finding-3.html"].find("pto-tile-valid-bounds"), std::string::npos);
  // Self-contained: nothing is fetched from elsewhere.
  for (const auto &[Name, Text] : S) {
    EXPECT_EQ(Text.find("http://"), Text.find("http://www.w3.org/2000/svg")) << Name;
    EXPECT_EQ(Text.find("https://"), std::string::npos) << Name;
    EXPECT_EQ(Text.find("@import"), std::string::npos) << Name;
  }
}

TEST(HtmlReport, SarifLogsAndMergedShardsGiveTheSamePages) {
  std::vector<Finding> Fs = {validBounds(), tmpSize("a.cpp")};
  driver::HtmlSite FromJson = site(Fs), FromSarif = site(Fs, "sarif");
  // A SARIF log carries the summary and targets in its run's properties: every page is the same, the index too.
  EXPECT_EQ(FromJson.size(), FromSarif.size());
  for (const auto &[Name, Text] : FromJson)
    EXPECT_EQ(Text, FromSarif[Name]) << Name;
  EXPECT_NE(FromSarif["index.html"].find("3 call sites, 40 checks"), std::string::npos);
  // Two shards, merged by `pto-lint merge`, then reported.
  checker::RunInfo Info;
  Info.toolVersion = "0.1.0";
  std::string Err;
  std::string Merged = checker::mergeSarif({checker::toSarif({Fs[0]}, checker::RuleSet::builtin(), Info),
                                            checker::toSarif({Fs[1]}, checker::RuleSet::builtin(), Info)},
                                           checker::RuleSet::builtin(), Err);
  ASSERT_EQ(Err, "");
  driver::HtmlInput In;
  ASSERT_EQ(driver::addReport(Merged, In), "");
  ASSERT_EQ(In.findings.size(), 2u);
  EXPECT_EQ(In.findings[0]["file"], "a.cpp");
  EXPECT_EQ(In.findings[1]["tiles"][0]["validRow"], 20);
  // The shards' summaries add up; one log without a summary leaves the report without one (a part would mislead).
  ASSERT_TRUE(In.summary.is_object());
  EXPECT_FALSE(In.summaryMissing);
  driver::HtmlInput Partial;
  ASSERT_EQ(driver::addReport(Merged, Partial), "");
  ASSERT_EQ(driver::addReport("{\"version\": 1, \"findings\": []}", Partial), "");
  EXPECT_TRUE(Partial.summaryMissing);
  driver::HtmlSite P = driver::htmlReport(Partial, [](const std::string &) { return ""; });
  EXPECT_NE(P["index.html"].find("carry findings only"), std::string::npos);
  EXPECT_FALSE(P.count("kernel-1.html"));
  // Logs that are not pto-lint's are refused with a reason.
  driver::HtmlInput Bad;
  EXPECT_NE(driver::addReport("{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": {\"name\": \"other\"}}}]}", Bad), "");
  EXPECT_NE(driver::addReport("[1, 2]", Bad), "");
}

TEST(HtmlReport, SiteIsWrittenIntoADirectoryOnly) {
  std::string D = ::testing::TempDir() + "/pto-html-report";
  std::filesystem::remove_all(D);
  EXPECT_EQ(driver::writeSite(site({validBounds()}), D + "/out"), "");
  EXPECT_TRUE(std::filesystem::is_regular_file(D + "/out/index.html"));
  EXPECT_TRUE(std::filesystem::is_regular_file(D + "/out/finding-1.html"));
  // A smaller report in the same directory leaves no page of the earlier one behind.
  EXPECT_EQ(driver::writeSite(site({tmpSize("a.cpp"), tmpSize("b.cpp")}), D + "/out"), "");
  EXPECT_TRUE(std::filesystem::is_regular_file(D + "/out/finding-2.html"));
  EXPECT_EQ(driver::writeSite(site({tmpSize("a.cpp")}), D + "/out"), "");
  EXPECT_FALSE(std::filesystem::exists(D + "/out/finding-2.html"));
  EXPECT_TRUE(std::filesystem::is_regular_file(D + "/out/finding-1.html"));
  std::ofstream(D + "/file") << "x";
  EXPECT_NE(driver::writeSite(site({}), D + "/file").find("is not a directory"), std::string::npos);
}

TEST(HtmlReport, UbCapacitiesComeFromTheRule) {
  auto Ub = driver::ubCapacities(checker::RuleSet::builtin());
  EXPECT_EQ(Ub["a2a3"], 196608);
  EXPECT_EQ(Ub["a5"], 262144);
  EXPECT_EQ(Ub["cpu"], 524288);
}

TEST(HtmlReport, KernelPageShowsCallsByOpAndTargetAndWhereItsTilesArePlaced) {
  driver::HtmlSite S = site({tmpSize("k.cpp")});
  const std::string &I = S["index.html"];
  // The index: one row per kernel with its calls' ends added up over ops and targets, and its findings.
  EXPECT_NE(I.find("<h2>Kernels: 1</h2>"), std::string::npos) << I;
  EXPECT_NE(I.find("<a href=\"kernel-1.html\"><code>k.cpp</code></a></td><td class=\"n\">1</td><td class=\"n ok\">1</td>"
                   "<td class=\"n bad\">1</td><td class=\"n\">0</td><td class=\"n\">1</td><td class=\"n\">1</td>"),
            std::string::npos)
      << I;
  ASSERT_TRUE(S.count("kernel-1.html"));
  const std::string &K = S["kernel-1.html"];
  // Per op and target.
  EXPECT_NE(K.find("<tr data-op=\"TCOLARGMIN\" data-target=\"a2a3\"><td>TCOLARGMIN</td><td>a2a3</td><td class=\"n ok\">1"
                   "</td><td class=\"n bad\">1</td><td class=\"n\">0</td><td class=\"n\">0</td></tr>"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("<tr data-op=\"TCOLARGMIN\" data-target=\"a5\"><td>TCOLARGMIN</td><td>a5</td><td class=\"n\">0</td>"
                   "<td class=\"n\">0</td><td class=\"n\">0</td><td class=\"n\">1</td></tr>"),
            std::string::npos)
      << K;
  // The UB map of the function: the three placed tiles, the overlap of dst and tmp, the UB sizes; the tile whose
  // address is not known listed.
  EXPECT_NE(K.find("<h3><code>kernel&lt;float&gt;</code> and 1 more with the same placement</h3>"), std::string::npos)
      << K;
  EXPECT_NE(K.find("<h4>UB</h4>"), std::string::npos) << K;
  EXPECT_NE(K.find("<li><code>kernel&lt;int&gt;</code></li>"), std::string::npos) << K;
  EXPECT_NE(K.find("<h3><code>other</code></h3><h4>L1</h4>"), std::string::npos) << K;
  EXPECT_NE(K.find("<title>[0, 4096)</title>"), std::string::npos) << K;
  EXPECT_NE(K.find("overlaps tmp in [4608, 5120)"), std::string::npos) << K;
  EXPECT_NE(K.find("overlaps dst in [4608, 5120)"), std::string::npos) << K;
  EXPECT_NE(K.find("a2a3: 196608 B"), std::string::npos) << K;
  EXPECT_EQ(K.find("cpu: 524288 B"), std::string::npos) << K; // the kernel was not checked for the CPU simulator
  EXPECT_NE(K.find("<p id=\"unplaced\">1 more tile is placed at addresses pto-lint does not know"), std::string::npos)
      << K;
  // Its findings, linked.
  EXPECT_NE(K.find("<a href=\"finding-1.html\"><code>k.cpp:18:3</code>"), std::string::npos) << K;
}

TEST(HtmlReport, TmpSizeFindingDrawsTheBytesTouchedPastTheTile) {
  Finding F = tmpSize("k.cpp");
  F.tiles[0].usedBytes = 512; // 1x32 float tmp: 128 B declared
  driver::HtmlSite S = site({F});
  const std::string &P = S["finding-1.html"];
  EXPECT_NE(P.find("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"scratch\" width=\"750.00\" height=\"98.00\" "
                   "data-declared=\"128\" data-used=\"512\""),
            std::string::npos)
      << P;
  // 640 px for 512 B: the tile is [90, 250), the bytes past it [250, 730).
  EXPECT_NE(P.find("<rect class=\"overflow\" x=\"250.00\" y=\"46.00\" width=\"480.00\" height=\"18.00\""),
            std::string::npos)
      << P;
  EXPECT_NE(P.find("the implementation touches 512 B, 384 B past the tile"), std::string::npos) << P;
  // Without usedBytes (no tmp-size rule) there is no such picture.
  EXPECT_EQ(site({tmpSize("k.cpp")})["finding-1.html"].find("class=\"scratch\""), std::string::npos);
}

TEST(HtmlReport, HiddenScratchIsOnTheAddressMapNotATilePicture) {
  Finding F = validBounds();
  checker::TileView H;
  H.role = "hidden";
  H.expr = "hidden scratch of TROWEXPANDADD";
  H.memory = "Vec";
  H.dtype = "byte";
  H.elemBytes = 1;
  H.rows = 1;
  H.cols = 2048;
  H.addr = 188416;
  H.placed = true;
  F.tiles.push_back(H);
  F.tiles[0].addr = 188928; // tall [188928, 193024) overlaps the scratch [188416, 190464)
  driver::HtmlSite S = site({F});
  const std::string &P = S["finding-1.html"];
  EXPECT_EQ(P.find("data-role=\"hidden\""), std::string::npos) << P;
  EXPECT_NE(P.find(">hidden scratch of TROWEXPANDADD</text>"), std::string::npos) << P;
  EXPECT_NE(P.find("overlaps tall in [188928, 190464)"), std::string::npos) << P;
}

TEST(HtmlReport, ManyPlacementPicturesAreFolded) {
  checker::RunInfo Info;
  Info.targets = {checker::Target::A2A3};
  for (int I = 0; I < 9; ++I) // nine instantiations, each placing its tile elsewhere
    Info.kernels["k.cpp"].placed.insert({"run<" + std::to_string(I) + ">", "t", "Vec", 1024 * I, 512});
  driver::HtmlInput In;
  ASSERT_EQ(driver::addReport(checker::toJson({}, Info), In), "");
  driver::HtmlSite S = driver::htmlReport(In, [](const std::string &) { return ""; });
  const std::string &K = S["kernel-1.html"];
  size_t Folded = 0;
  for (size_t P = K.find("<details class=\"placement\"><summary><code>run&lt;"); P != std::string::npos;
       P = K.find("<details class=\"placement\">", P + 1))
    ++Folded;
  EXPECT_EQ(Folded, 9u) << K;
  // Eight or fewer are shown open.
  Info.kernels["k.cpp"].placed.erase(Info.kernels["k.cpp"].placed.begin());
  driver::HtmlInput Few;
  ASSERT_EQ(driver::addReport(checker::toJson({}, Info), Few), "");
  const std::string K8 = driver::htmlReport(Few, [](const std::string &) { return ""; })["kernel-1.html"];
  EXPECT_EQ(K8.find("class=\"placement\""), std::string::npos);
  EXPECT_NE(K8.find("<h3><code>run&lt;1&gt;</code></h3><h4>UB</h4>"), std::string::npos) << K8;
}
