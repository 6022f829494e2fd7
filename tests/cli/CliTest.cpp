// tests: what a user sees from the `pto-lint` CLI and the plugin: exit codes, bad input, -Werror/-w mirroring.
#include "../TestUtil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace {

const std::string Src = PTOLINT_SOURCE_DIR;
const std::string Cli = PTOLINT_CLI;
const std::string Flags = " -- -std=c++17 -I" + Src + "/refmodel/include";

using pto::testutil::Out;
using pto::testutil::run;
using pto::testutil::runSplit;

std::string tempDir() { return pto::testutil::tempDir("cli"); }

std::string write(const std::string &Dir, const std::string &Name, const std::string &Text) {
  std::string P = Dir + "/" + Name;
  std::ofstream(P) << Text;
  return P;
}

const std::string DocExample = Src + "/examples/colargmin_doc_example.cpp";
const std::string Legal = Src + "/examples/colargmin_legal.cpp";

TEST(Cli, FindingsExitOneLegalExitsZero) {
  Out F = run(Cli + " " + DocExample + Flags);
  EXPECT_EQ(F.rc, 1) << F.text;
  EXPECT_NE(F.text.find("error: tmp tile holds 128 B but TCOLARGMIN on a 16x255 float source needs 512 B on a2a3 "
                        "[pto-colargmin-tmp-size]"),
            std::string::npos)
      << F.text;
  EXPECT_NE(F.text.find("pto-lint: 1 file, 1 call site"), std::string::npos) << F.text;
  Out L = run(Cli + " " + Legal + Flags);
  EXPECT_EQ(L.rc, 0) << L.text;
  EXPECT_NE(L.text.find("0 violated, 0 unknown"), std::string::npos) << L.text;
  // Only a5 configured: the doc example is proved.
  Out A5 = run(Cli + " --target=a5 " + DocExample + Flags);
  EXPECT_EQ(A5.rc, 0) << A5;
}

TEST(Cli, SystemHeadersAreNotChecked) {
  // The same illegal call in a header: reported when the header is the user's (-I), not when it is a system
  // header (-isystem), as clang-tidy does.
  std::string D = tempDir();
  std::filesystem::create_directories(D + "/inc");
  write(D, "inc/helper.h",
        "#include <pto/pto-inst.hpp>\n"
        "inline void helper() {\n"
        "  pto::Tile<pto::TileType::Vec, float, 16, 256, pto::BLayout::RowMajor, 16, 255> src;\n"
        "  pto::Tile<pto::TileType::Vec, int32_t, 1, 256, pto::BLayout::RowMajor, 1, 255> dst;\n"
        "  pto::Tile<pto::TileType::Vec, float, 1, 32> tmp;\n"
        "  pto::TCOLARGMIN(dst, src, tmp);\n"
        "}\n");
  std::string Main = write(D, "k.cpp", "#include <helper.h>\nvoid k() { helper(); }\n");
  Out User = runSplit(Cli + " --target=a2a3 " + Main + Flags + " -I" + D + "/inc");
  EXPECT_EQ(User.rc, 1) << User;
  EXPECT_NE(User.text.find("helper.h:6:3: error: tmp tile holds 128 B"), std::string::npos) << User;
  Out Sys = runSplit(Cli + " --target=a2a3 " + Main + Flags + " -isystem " + D + "/inc");
  EXPECT_EQ(Sys.rc, 0) << Sys;
  EXPECT_NE(Sys.text.find("0 call sites"), std::string::npos) << Sys;
}

TEST(Cli, PragmaSystemHeaderEndsTheUsersPartOfAHeader) {
  // `#pragma GCC system_header` makes the rest of its header a system header: the illegal call before it is reported,
  // the same call after it is not (the traversal keeps a file's answer only for a file without such a change).
  std::string D = tempDir();
  std::filesystem::create_directories(D + "/inc");
  std::string Call = "  pto::Tile<pto::TileType::Vec, float, 16, 256, pto::BLayout::RowMajor, 16, 255> src;\n"
                     "  pto::Tile<pto::TileType::Vec, int32_t, 1, 256, pto::BLayout::RowMajor, 1, 255> dst;\n"
                     "  pto::Tile<pto::TileType::Vec, float, 1, 32> tmp;\n"
                     "  pto::TCOLARGMIN(dst, src, tmp);\n";
  write(D, "inc/helper.h",
        "#include <pto/pto-inst.hpp>\n"
        "inline void before() {\n" + Call + "}\n"
        "#pragma GCC system_header\n"
        "inline void after() {\n" + Call + "}\n");
  std::string Main = write(D, "k.cpp", "#include <helper.h>\nvoid k() { before(); after(); }\n");
  Out O = runSplit(Cli + " --target=a2a3 " + Main + Flags + " -I" + D + "/inc");
  EXPECT_EQ(O.rc, 1) << O;
  EXPECT_NE(O.text.find("helper.h:6:3: error: tmp tile holds 128 B"), std::string::npos) << O;
  EXPECT_EQ(O.text.find("helper.h:13:3"), std::string::npos) << O;
  EXPECT_NE(O.text.find("1 call site"), std::string::npos) << O;
}

TEST(Cli, SolverStatsAccountForEveryDecision) {
  // The doc example: its tmp rule is violated (a solver query, with a counterexample); the rest is proved,
  // most of it by the precheck. Every decision is one or the other.
  std::string D = tempDir();
  Out O = run(Cli + " --quiet --solver-stats=" + D + "/stats.json " + DocExample + Flags);
  EXPECT_EQ(O.rc, 1) << O.text;
  std::ifstream In(D + "/stats.json");
  auto J = nlohmann::json::parse(In, nullptr, false);
  ASSERT_FALSE(J.is_discarded());
  EXPECT_GT(J["prechecked"].get<unsigned>(), 0u);
  EXPECT_GT(J["queries"].get<unsigned>(), 0u);
  EXPECT_EQ(J["decisions"].get<unsigned>(), J["prechecked"].get<unsigned>() + J["queries"].get<unsigned>());
  EXPECT_LE(J["medianMicros"].get<double>(), J["p99Micros"].get<double>());
  EXPECT_LE(J["queryMedianMicros"].get<double>(), J["queryMaxMicros"].get<double>());
  for (const char *K : {"ground", "enumerated", "cacheHits", "z3Calls", "sameFacts", "solverMillis", "extractMillis", "engineMillis"})
    EXPECT_TRUE(J.contains(K)) << K;
}

TEST(Cli, TimeCapsMakeChecksUnknownNeverProved) {
  // A guarded width rounded up to 16 over a domain too large to enumerate (32 x 100000 values): Z3 gets
  // nonlinear integer arithmetic, which it does not charge to the rlimit. The caps bound the run; what they cut
  // off is unknown, with the option that raises them, and the exit code says findings.
  std::string D = tempDir();
  std::string K = write(D, "k.cpp",
                        "#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
                        "void kernel(uint32_t rows, uint32_t cols) {\n"
                        "  if (rows == 0 || rows > 32 || cols == 0 || cols > 100000)\n    return;\n"
                        "  Tile<TileType::Vec, float, 32, 131072, BLayout::RowMajor, -1, -1> dst(rows, (cols + 15) / 16 * 16);\n"
                        "  Tile<TileType::Vec, float, 32, 131072, BLayout::RowMajor, -1, -1> src0(rows, cols);\n"
                        "  Tile<TileType::Vec, float, 32, 1, BLayout::ColMajor, -1, -1> src1(rows, 1);\n"
                        "  TROWEXPANDMIN(dst, src0, src1);\n}\n");
  Out O = run(Cli + " --timeout=50 --tu-timeout=1 " + K + Flags);
  EXPECT_EQ(O.rc, 1) << O.text;
  EXPECT_NE(O.text.find("the translation unit's solver time (1 ms, tu-timeout) is spent"), std::string::npos) << O.text;
  EXPECT_NE(O.text.find("note: raise the translation unit's solver time with --tu-timeout=MS"), std::string::npos)
      << O.text;
  EXPECT_EQ(O.text.find(" 0 unknown"), std::string::npos) << O.text;
  // The plugin takes the same options.
  Out P = run(std::string(PTOLINT_CLANGXX) + " -fsyntax-only -std=c++17 -I" + Src + "/refmodel/include -fplugin=" +
              PTOLINT_PLUGIN + " -fplugin-arg-ptolint-timeout=50 -fplugin-arg-ptolint-tu-timeout=1 " + K);
  EXPECT_NE(P.text.find("tu-timeout) is spent"), std::string::npos) << P.text;
  Out Bad = run(std::string(PTOLINT_CLANGXX) + " -fsyntax-only -std=c++17 -I" + Src + "/refmodel/include -fplugin=" +
                PTOLINT_PLUGIN + " -fplugin-arg-ptolint-timeout=soon " + K);
  EXPECT_NE(Bad.text.find("timeout must be a number of milliseconds"), std::string::npos) << Bad.text;
}

/// A copy of the clean-room headers with the declarations of TCOLARGMIN broken: the calls pto-lint can read are
/// still checked and reported; the TCOLARGMIN calls are unknown with the reason, counted, never proved or lost.
TEST(Cli, BrokenHeaderDegradesToUnknownCalls) {
  std::string D = tempDir();
  std::filesystem::copy(Src + "/refmodel/include", D + "/inc", std::filesystem::copy_options::recursive);
  std::string K = write(D, "k.cpp",
                        "#include <pto/pto-inst.hpp>\nusing namespace pto;\nvoid direct() {\n"
                        "  Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, 16, 255> src;\n"
                        "  Tile<TileType::Vec, int32_t, 1, 256, BLayout::RowMajor, 1, 255> dst;\n"
                        "  Tile<TileType::Vec, float, 1, 32> tmp;\n"
                        "  TCOLARGMIN(dst, src, tmp);\n"
                        "  Tile<TileType::Vec, float, 16, 64> a, b;\n  Tile<TileType::Vec, half, 16, 64> h;\n"
                        "  TMIN(a, b, h);\n}\n"
                        "template <int C> void inTemplate() {\n"
                        "  Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, 16, C> src;\n"
                        "  Tile<TileType::Vec, int32_t, 1, 256, BLayout::RowMajor, 1, C> dst;\n"
                        "  Tile<TileType::Vec, float, 1, 32> tmp;\n  TCOLARGMIN(dst, src, tmp);\n}\n"
                        "template void inTemplate<255>();\n");
  auto Break = [&](bool Both) {
    std::string H = D + "/inc/pto/ops/ColArg.hpp";
    std::ifstream In(Src + "/refmodel/include/pto/ops/ColArg.hpp");
    std::string Text((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>()), Out;
    std::istringstream Lines(Text);
    for (std::string L; std::getline(Lines, L);) {
      if (L.rfind("RecordEvent TCOLARGMIN(", 0) == 0 && (Both || Out.find("unknown_construct") == std::string::npos))
        L = "__pto_unknown_construct " + L;
      Out += L + "\n";
    }
    std::ofstream(H) << Out;
  };
  const std::string Inc = " -- -std=c++17 -I" + D + "/inc";
  for (bool Both : {false, true}) {
    SCOPED_TRACE(Both ? "both TCOLARGMIN overloads broken" : "the 3-operand TCOLARGMIN broken");
    Break(Both);
    Out O = run(Cli + " --target=a2a3 " + K + Inc);
    EXPECT_EQ(O.rc, 2) << O.text; // the file does not compile
    EXPECT_NE(O.text.find("k.cpp:10:3: error: src0 has element type float and src1 half but dst has float; TMIN "
                          "needs all three equal on a2a3 [pto-elementwise-dtype-match]"),
              std::string::npos)
        << O.text;
    EXPECT_NE(O.text.find("k.cpp:7:3: warning: cannot check TCOLARGMIN: "), std::string::npos) << O.text;
    EXPECT_NE(O.text.find("k.cpp:16:3: warning: cannot check TCOLARGMIN: "), std::string::npos) << O.text;
    EXPECT_NE(O.text.find(Both ? "'TCOLARGMIN' is not declared here" : "no declaration of 'TCOLARGMIN' the compiler "
                                                                       "read accepts these operands"),
              std::string::npos)
        << O.text;
    EXPECT_NE(O.text.find("pto-lint: 1 file, 3 call sites, 19 checks: 18 proved, 1 violated, 2 unknown"),
              std::string::npos)
        << O.text;
  }
}

TEST(Cli, UpstreamChecksOnValuesNotFollowedAreCountedNotProved) {
  // A global tensor returned by a function: pto-lint does not follow its dims. Upstream's check that two of them are
  // equal is neither proved (each dim is an unknown of its own) nor reported: it is listed by --coverage.
  std::string D = pto::testutil::tempDir("cli-upstream");
  std::ofstream(D + "/k.cpp") << "#include \"upstream/pto/common/pto_instr.hpp\"\n"
                                 "using namespace pto;\n"
                                 "using TileT = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;\n"
                                 "using G = GlobalTensor<float, Shape<1, 1, 1, -1, -1>, Stride<1, 1, 1, 64, 1>>;\n"
                                 "G make(float *p, int r, int c);\n"
                                 "void square(float *p, int r, int c) {\n"
                                 "  TileT t(16, 64);\n"
                                 "  G g = make(p, r, c);\n"
                                 "  TDEMOSQUARE(t, g);\n"
                                 "}\n";
  Out O = run(Cli + " --upstream-checks --coverage --cache-dir=off " + D + "/k.cpp" + Flags + " -I" + Src +
              "/tests/kernels");
  EXPECT_EQ(O.rc, 0) << O;
  EXPECT_NE(O.text.find("0 violated, 0 unknown (1 upstream check not followed"), std::string::npos) << O;
  EXPECT_NE(O.text.find("(1 upstream check not followed (--coverage))"), std::string::npos) << O;
  EXPECT_NE(O.text.find("Demo.hpp:32: TDEMOSQUARE (1x): it depends on 'g.GetShape(3)', which pto-lint could not "
                        "follow (the construction of 'g' is not understood)"),
            std::string::npos)
      << O;
  // The JSON report lists it with the call that reached it.
  Out J = run(Cli + " --upstream-checks --cache-dir=off --format=json --output=" + D + "/r.json " + D + "/k.cpp" +
              Flags + " -I" + Src + "/tests/kernels");
  EXPECT_EQ(J.rc, 0) << J;
  auto R = nlohmann::json::parse(pto::testutil::readFile(D + "/r.json"), nullptr, false);
  ASSERT_TRUE(R.is_object() && R["summary"]["notFollowed"].is_array() && R["summary"]["notFollowed"].size() == 1)
      << pto::testutil::readFile(D + "/r.json");
  const auto &E = R["summary"]["notFollowed"][0];
  EXPECT_EQ(E["op"], "TDEMOSQUARE");
  EXPECT_EQ(E["count"], 1);
  EXPECT_TRUE(E["check"].get<std::string>().size() > 11 &&
              E["check"].get<std::string>().substr(E["check"].get<std::string>().size() - 11) == "Demo.hpp:32")
      << E;
  ASSERT_EQ(E["calls"].size(), 1u) << E;
  const std::string Call = E["calls"][0];
  EXPECT_EQ(Call.substr(Call.rfind('/') == std::string::npos ? 0 : Call.rfind('/') + 1), "k.cpp:9:3") << E;
}

TEST(Cli, UpstreamChecksOfADebugBuildAreTheSame) {
  // With _DEBUG the headers' macro compiles each condition in, and pto-lint reads it from there instead of parsing it
  // where the assert is: the same findings, in a template (a local that hides another) and in a helper that is not.
  std::string D = pto::testutil::tempDir("cli-upstream-debug");
  std::ofstream(D + "/k.cpp") << "#include \"upstream/pto/common/pto_instr.hpp\"\n"
                                 "using namespace pto;\n"
                                 "using TileT = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;\n"
                                 "void k(unsigned n) {\n"
                                 "  TileT src(16, 64);\n"
                                 "  TileT dst(8, 64);\n"
                                 "  TDEMOSCOPE(dst, src, n);\n"
                                 "  TileT few(4, 64);\n"
                                 "  TDEMOEXTRACT(dst, few, 0);\n"
                                 "}\n";
  auto Findings = [&](const std::string &Extra) {
    Out O = run(Cli + " --upstream-checks --cache-dir=off --target=a2a3 " + D + "/k.cpp" + Flags + " -I" + Src +
                "/tests/kernels" + Extra);
    EXPECT_EQ(O.rc, 1) << O;
    std::string Lines;
    std::istringstream In(O.text);
    for (std::string L; std::getline(In, L);)
      if (L.find("k.cpp:") != std::string::npos && L.find("[pto-upstream-assert]") != std::string::npos)
        Lines += L + "\n";
    return Lines;
  };
  std::string Release = Findings(""), Debug = Findings(" -D_DEBUG");
  EXPECT_NE(Release.find("k.cpp:7:3: warning: TDEMOSCOPE: upstream's check 'rows + n <= TileData::Rows'"),
            std::string::npos)
      << Release;
  EXPECT_NE(Release.find("k.cpp:7:3: warning: TDEMOSCOPE: upstream's check 'count <= 1024'"), std::string::npos)
      << Release;
  EXPECT_NE(Release.find("k.cpp:9:3: error: TDEMOEXTRACT: upstream's check"), std::string::npos) << Release;
  EXPECT_EQ(Release, Debug);
}

TEST(Cli, UpstreamOnlyFindingsAreCountedNotShown) {
  // tests/kernels/upstream-helpers.cpp: a helper of the headers with tiles of its own has a too small scratch tile,
  // whatever the user does. By default that finding is counted in the summary only; --upstream-findings shows it, at
  // the helper's call in the header. The finding on the user's call that reaches the other helper is shown either way.
  std::string K = Src + "/tests/kernels/upstream-helpers.cpp";
  std::string Opts = " --target=a2a3 --cache-dir=off ";
  Out Default = run(Cli + Opts + K + Flags + " -I" + Src + "/tests/kernels");
  EXPECT_EQ(Default.rc, 1) << Default;
  EXPECT_NE(Default.text.find("upstream-helpers.cpp:29:3: error: "), std::string::npos) << Default;
  EXPECT_EQ(Default.text.find("helpers.hpp:21:3: error: "), std::string::npos) << Default;
  EXPECT_NE(Default.text.find("(1 in upstream's code alone not shown (--upstream-findings))"), std::string::npos)
      << Default;
  Out All = run(Cli + Opts + "--upstream-findings " + K + Flags + " -I" + Src + "/tests/kernels");
  EXPECT_EQ(All.rc, 1) << All;
  EXPECT_NE(All.text.find("helpers.hpp:21:3: error: "), std::string::npos) << All;
  EXPECT_EQ(All.text.find("not shown (--upstream-findings)"), std::string::npos) << All;
}

TEST(Cli, PrintCommandsShowsWhatIsParsed) {
  // A mixed bisheng kernel is parsed once per core; a plain clang command is used as it is.
  std::string D = tempDir();
  std::string K = write(D, "k.cpp", "int main() { return 0; }\n");
  write(D, "compile_commands.json",
        "[{\"directory\": \"" + D + "\", \"file\": \"" + K +
            "\", \"arguments\": [\"bisheng\", \"-xcce\", \"--cce-aicore-arch=dav-c220\", \"-O2\", "
            "\"-DMY_FLAG=1\", \"-c\", \"k.cpp\"]}]");
  Out O = run(Cli + " --print-commands -p " + D + " " + K);
  EXPECT_EQ(O.rc, 0) << O.text;
  std::istringstream Lines(O.text);
  std::vector<std::string> L;
  for (std::string X; std::getline(Lines, X);)
    L.push_back(X);
  ASSERT_EQ(L.size(), 2u) << O.text;
  EXPECT_NE(L[0].find(" -D__DAV_C220_VEC__ "), std::string::npos) << L[0];
  EXPECT_NE(L[1].find(" -D__DAV_C220_CUBE__ "), std::string::npos) << L[1];
  for (const std::string &X : L) {
    EXPECT_EQ(X.rfind("clang++ -x hip ", 0), 0u) << X;
    EXPECT_NE(X.find("pto_lint_cce_prelude.h"), std::string::npos) << X;
    EXPECT_NE(X.find(" -DMY_FLAG=1 "), std::string::npos) << X;
    EXPECT_EQ(X.find("--cce-aicore-arch"), std::string::npos) << X;
  }
  Out Plain = run(Cli + " --print-commands " + K + " -- -std=c++17 -DX='a b'");
  EXPECT_EQ(Plain.rc, 0) << Plain.text;
  EXPECT_NE(Plain.text.find("-std=c++17"), std::string::npos) << Plain.text;
  EXPECT_NE(Plain.text.find("'-DX=a b'"), std::string::npos) << Plain.text; // quoted for the shell
}

/// A database LLVM reads but JSON cannot hold (a byte that is not UTF-8 in an argument): --export-compile-commands
/// is an input error naming the file, not an abort from an escaping exception (found by fuzz/NpuFuzz.cpp).
TEST(Cli, ExportOfNonUtf8CommandIsAnError) {
  std::string D = tempDir();
  std::string K = write(D, "k.cpp", "int main() { return 0; }\n");
  write(D, "compile_commands.json",
        "[{\"directory\": \"" + D + "\", \"file\": \"" + K +
            "\", \"arguments\": [\"bisheng\", \"-xcce\", \"--cce-aicore-arch=dav-c220-vec\", \"-DNAME=\x90\", "
            "\"-c\", \"k.cpp\"]}]");
  Out O = run(Cli + " -p " + D + " " + K + " --export-compile-commands=" + D + "/out.json");
  EXPECT_EQ(O.rc, 2) << O.text;
  EXPECT_NE(O.text.find("cannot write the compile command of '" + K + "' as JSON: it is not valid UTF-8"),
            std::string::npos)
      << O.text;
  EXPECT_FALSE(std::ifstream(D + "/out.json").good());
}

/// Copies rules/ into D/rules; returns the file arguments pto-rulegen gets in the build.
std::string copyRules(const std::string &D) {
  std::filesystem::copy(std::string(PTOLINT_SOURCE_DIR) + "/rules", D + "/rules",
                        std::filesystem::copy_options::recursive);
  std::string Args;
  for (const auto &E : std::filesystem::recursive_directory_iterator(D + "/rules"))
    if (E.is_regular_file())
      Args += " " + E.path().string();
  return Args;
}

TEST(Cli, ReportsAreByteIdenticalAcrossRuns) {
  // Determinism: the same inputs give the same bytes, run after run, in every format, C++ and .pto alike (the
  // fingerprints included; no time stamps, addresses or hash-order iteration leak into a report), whatever -j.
  const std::string Inputs = " --target=all " + Src + "/examples/colargmin_dynamic.cpp " + Src +
                             "/tests/pto/tile-ops.pto" + Flags;
  for (const char *Format : {"text", "json", "sarif"}) {
    std::string First;
    for (int K = 0; K < 10; ++K) {
      std::string D = tempDir();
      const char *Jobs[] = {"1", "2", "4"};
      Out O = run("cd " + Src + " && " + Cli + " -j" + Jobs[K % 3] + " --quiet --format=" + Format + " --output=" + D +
                  "/r" + Inputs);
      EXPECT_EQ(O.rc, 1) << O.text;
      std::ifstream In(D + "/r");
      std::stringstream SS;
      SS << In.rdbuf();
      ASSERT_FALSE(SS.str().empty()) << Format;
      if (K == 0)
        First = SS.str();
      else
        EXPECT_EQ(SS.str(), First) << Format << " report of run " << K << " (-j" << Jobs[K % 3] << ") differs";
    }
  }
}

TEST(Cli, PluginAndCliPrintTheSameDiagnostics) {
  // One engine behind both: for each example, the CLI's text output and the plugin's diagnostics are the same lines
  // (but for the compiler's closing "N warnings generated." and the CLI's summary, which --quiet drops).
  for (const char *Name : {"colargmin_doc_example", "colargmin_dynamic", "colargmin_legal", "colargmin_run"}) {
    std::string K = Src + "/examples/" + std::string(Name) + ".cpp";
    Out C = run(Cli + " --quiet --target=all " + K + Flags);
    Out P = run(std::string(PTOLINT_CLANGXX) + " -fsyntax-only -std=c++17 -I" + Src + "/refmodel/include -fplugin=" +
                PTOLINT_PLUGIN + " -fplugin-arg-ptolint-target=all " + K);
    std::string Plugin;
    std::istringstream Lines(P.text);
    for (std::string L; std::getline(Lines, L);)
      if (L.find(" generated.") == std::string::npos)
        Plugin += L + "\n";
    EXPECT_EQ(C.text, Plugin) << Name;
  }
}

TEST(Readme, SampleIsCurrent) {
  // The README's sample output is what the command it names prints (source paths relative to the checkout).
  const std::string Path = std::string(PTOLINT_SOURCE_DIR) + "/README.md";
  std::string Doc;
  {
    std::ifstream In(Path);
    std::stringstream SS;
    SS << In.rdbuf();
    Doc = SS.str();
  }
  const std::string Mark = "<!-- sample (generated; Readme.SampleIsCurrent): pto-lint ";
  size_t M = Doc.find(Mark);
  ASSERT_NE(M, std::string::npos) << "README.md has no generated sample";
  size_t ArgsEnd = Doc.find(" -->\n", M);
  std::string Args = Doc.substr(M + Mark.size(), ArgsEnd - M - Mark.size());
  size_t Open = Doc.find("```\n", ArgsEnd), Close = Doc.find("```\n", Open + 4);
  ASSERT_TRUE(Open != std::string::npos && Close != std::string::npos);
  Out O = runSplit("cd " + std::string(PTOLINT_SOURCE_DIR) + " && " + Cli + " " + Args);
  EXPECT_EQ(O.rc, 1) << O;
  std::string Got = O.text, Prefix = std::string(PTOLINT_SOURCE_DIR) + "/";
  for (size_t P = Got.find(Prefix); P != std::string::npos; P = Got.find(Prefix, P))
    Got.erase(P, Prefix.size());
  std::string Want = Doc.substr(0, Open + 4) + Got + Doc.substr(Close);
  if (getenv("PTOLINT_BLESS"))
    std::ofstream(Path) << Want;
  EXPECT_EQ(Doc.substr(Open + 4, Close - Open - 4), Got) << "README.md's sample is stale: PTOLINT_BLESS=1 "
                                                            "build/tests/cli_tests --gtest_filter=Readme.*";
}

TEST(RuleGen, MisspelledFactFailsTheBuildStep) {
  // The build step on the real rules succeeds; one misspelled fact in one rule fails it, naming the file, the
  // variant and the fact meant.
  std::string D = tempDir();
  std::string Args = copyRules(D);
  const std::string Gen = std::string(PTOLINT_RULEGEN) + " " + D + "/out.cpp " + D + "/rules";
  Out Good = run(Gen + " --source-root " + PTOLINT_SOURCE_DIR + Args);
  EXPECT_EQ(Good.rc, 0) << Good.text;
  const std::string Rule = D + "/rules/colreduce/pto-colreduce-dst-validrow.json";
  std::string Text;
  {
    std::ifstream In(Rule);
    std::stringstream SS;
    SS << In.rdbuf();
    Text = SS.str();
  }
  size_t P = Text.find("\"(= dst.vrow 1)\"");
  ASSERT_NE(P, std::string::npos);
  Text.replace(P, std::string("\"(= dst.vrow 1)\"").size(), "\"(= dst.vrows 1)\"");
  std::ofstream(Rule) << Text;
  std::filesystem::remove(D + "/out.cpp");
  Out Bad = run(Gen + Args);
  EXPECT_EQ(Bad.rc, 1) << Bad.text;
  EXPECT_NE(Bad.text.find("rules/colreduce/pto-colreduce-dst-validrow.json: variant 1 require: unknown name "
                          "'dst.vrows' (no operand fact 'vrows' in rules/facts.json; did you mean 'dst.vrow'?)"),
            std::string::npos)
      << Bad.text;
  EXPECT_FALSE(std::filesystem::exists(D + "/out.cpp"));
}

TEST(RuleGen, RuleWithoutFixtureOrPageFailsTheBuildStep) {
  // A new rule file with no fixture and no doc page, and an op whose model header does not mention it.
  std::string D = tempDir();
  std::string Args = copyRules(D);
  std::string New = write(D, "rules/colreduce/pto-colreduce-new-property.json",
                          R"J({"id": "pto-colreduce-new-property", "ops": ["TCOLMIN"], "kind": "valid-shape",
                              "severity": "warning", "summary": "s", "message": "m", "sources": ["x"],
                              "variants": [{"targets": ["a2a3"], "require": "(= dst.vrow 1)"}]})J");
  Out O = run(std::string(PTOLINT_RULEGEN) + " " + D + "/out.cpp " + D + "/rules --source-root " +
              PTOLINT_SOURCE_DIR + Args + " " + New);
  EXPECT_EQ(O.rc, 1) << O.text;
  EXPECT_NE(O.text.find("no fixture tests/rules/pto-colreduce-new-property.cpp"), std::string::npos) << O.text;
  EXPECT_NE(O.text.find("no page docs/rules/pto-colreduce-new-property.md"), std::string::npos) << O.text;
}

TEST(RuleGen, ScaffoldWritesWhatTheBuildThenAsksToFillIn) {
  // add-op puts the op's schema in rules/ops.json; add-rule writes the rule, its fixture and its page; the build
  // step then rejects the rule until its `(TODO)` condition is a real term.
  std::string D = tempDir();
  copyRules(D);
  const std::string Gen = std::string(PTOLINT_RULEGEN);
  Out Op = run(Gen + " add-op " + D + " TROWSUM rowreduce dst,src,tmp");
  EXPECT_EQ(Op.rc, 0) << Op.text;
  Out Again = run(Gen + " add-op " + D + " TROWSUM rowreduce dst,src,tmp");
  EXPECT_EQ(Again.rc, 1) << Again.text;
  Out Rule = run(Gen + " add-rule " + D + " pto-rowsum-valid-rows TROWSUM");
  EXPECT_EQ(Rule.rc, 0) << Rule.text;
  for (const char *F : {"/rules/rowsum/pto-rowsum-valid-rows.json", "/tests/rules/pto-rowsum-valid-rows.cpp",
                        "/docs/rules/pto-rowsum-valid-rows.md"})
    EXPECT_TRUE(std::filesystem::exists(D + F)) << F;
  std::string Args;
  for (const auto &E : std::filesystem::recursive_directory_iterator(D + "/rules"))
    if (E.is_regular_file())
      Args += " " + E.path().string();
  Out Build = run(Gen + " " + D + "/out.cpp " + D + "/rules" + Args);
  EXPECT_EQ(Build.rc, 1) << Build.text;
  EXPECT_NE(Build.text.find("rules/rowsum/pto-rowsum-valid-rows.json: variant 1 require: unknown function 'TODO'"),
            std::string::npos)
      << Build.text;
}

TEST(RuleGen, BrokenRuleFailsTheBuildStep) {
  // pto-rulegen validates rules/ when the build compiles it: a broken rule is an error naming the file.
  std::string D = tempDir();
  std::filesystem::create_directories(D + "/rules/colargmin");
  std::string Ops = write(D, "rules/ops.json",
                          R"({"ops":[{"name":"TCOLARGMIN","family":"colargmin","model":"m.hpp","source":"x",)"
                          R"("overloads":[{"name":"index","roles":["dstIdx","src","tmp"]}]}]})");
  std::string Bad = write(D, "rules/colargmin/bad.json", R"({"id": "not-a-rule-id", "ops": ["TCOLARGMIN"]})");
  Out O = run(std::string(PTOLINT_RULEGEN) + " " + D + "/out.cpp " + D + "/rules " + Ops + " " + Bad);
  EXPECT_EQ(O.rc, 1) << O.text;
  EXPECT_NE(O.text.find("rules/colargmin/bad.json"), std::string::npos) << O.text;
  EXPECT_NE(O.text.find("not of the form pto-<op>-<property>"), std::string::npos) << O.text;
  EXPECT_FALSE(std::filesystem::exists(D + "/out.cpp"));
}

/// How ptoas compiles a .pto file decides what TPARTMIN needs on a5: the file names no backend (emitc, pto-isa's
/// implementation: one source equal to dst), and the options say vpto with tile-op expansion (PTOAS's template:
/// both sources within dst). A bad value is a usage error.
TEST(Cli, PtoBackendOptionsChooseTheImplementation) {
  const std::string File = " --quiet --target=a5 --format=json " + Src + "/tests/pto/tpart-emitc.pto";
  auto Lines = [](const Out &O) {
    std::set<unsigned> L;
    auto J = nlohmann::json::parse(O.text, nullptr, false);
    if (!J.is_discarded())
      for (const auto &F : J["findings"])
        L.insert(F["line"].get<unsigned>());
    return L;
  };
  Out Emitc = run(Cli + File);
  EXPECT_EQ(Emitc.rc, 1) << Emitc.text;
  EXPECT_EQ(Lines(Emitc), (std::set<unsigned>{25, 36})) << Emitc.text;
  Out Expanded = run(Cli + " --pto-backend=vpto --enable-tile-op-expand" + File);
  EXPECT_EQ(Expanded.rc, 1) << Expanded.text;
  EXPECT_EQ(Lines(Expanded), (std::set<unsigned>{36})) << Expanded.text; // src1 beyond dst: wrong for the template too
  EXPECT_NE(Expanded.text.find("needs both sources within dst on a5"), std::string::npos) << Expanded.text;
  // The expansion needs the vpto backend.
  EXPECT_EQ(Lines(run(Cli + " --pto-backend=emitc --enable-tile-op-expand" + File)), (std::set<unsigned>{25, 36}));
  // Options override the file: its RUN line asks for the expansion.
  const std::string Expand = " --quiet --target=a5 --format=json " + Src + "/tests/pto/tpart-tile-op-expand.pto";
  EXPECT_EQ(Lines(run(Cli + Expand)), (std::set<unsigned>{38}));
  EXPECT_EQ(Lines(run(Cli + " --enable-tile-op-expand=false" + Expand)), (std::set<unsigned>{25, 38}));
  Out Bad = run(Cli + " --pto-backend=llvm" + File);
  EXPECT_EQ(Bad.rc, 2) << Bad.text;
  EXPECT_NE(Bad.text.find("unknown pto-backend 'llvm' (known: emitc, vpto, file)"), std::string::npos) << Bad.text;
}

TEST(Cli, QuietPrintsOnlyDiagnostics) {
  // Several files: --quiet drops the summary; the diagnostics and the exit code stay. Progress (`[i/N] file`) is
  // for terminals only (tests/ci/ci-scale.sh runs one): a pipe gets none, loud or quiet.
  const std::string Files = " --target=a2a3 " + DocExample + " " + Legal;
  Out Loud = run(Cli + Files + Flags);
  Out Quiet = run(Cli + " --quiet" + Files + Flags);
  EXPECT_EQ(Loud.rc, 1) << Loud.text;
  EXPECT_EQ(Quiet.rc, 1) << Quiet.text;
  EXPECT_EQ(Loud.text.find("[1/2]"), std::string::npos) << Loud.text;
  EXPECT_NE(Loud.text.find("pto-lint: 2 files"), std::string::npos) << Loud.text;
  EXPECT_EQ(Quiet.text.find("[1/2]"), std::string::npos) << Quiet.text;
  EXPECT_EQ(Quiet.text.find("pto-lint: "), std::string::npos) << Quiet.text;
  const std::string Finding = "colargmin_doc_example.cpp:18:3: error: tmp tile holds 128 B";
  EXPECT_NE(Loud.text.find(Finding), std::string::npos) << Loud.text;
  EXPECT_NE(Quiet.text.find(Finding), std::string::npos) << Quiet.text;
}

TEST(Cli, MalformedCompileDatabaseExitsTwo) {
  std::string D = tempDir();
  write(D, "compile_commands.json", "[{\"directory\": \"/tmp\", \"file\": ");
  Out O = run(Cli + " -p " + D + " " + DocExample);
  EXPECT_EQ(O.rc, 2) << O.text;
  EXPECT_NE(O.text.find("cannot load compile database '" + D + "/compile_commands.json'"), std::string::npos)
      << O.text;
}

TEST(Cli, CompileDatabaseIsUsed) {
  std::string D = tempDir();
  std::string Entry = "[{\"directory\": \"" + Src + "\", \"file\": \"" + DocExample +
                      "\", \"command\": \"clang++ -std=c++17 -Irefmodel/include -fplugin=/nonexistent/ptolint.so "
                      "-c " + DocExample + "\"}]";
  write(D, "compile_commands.json", Entry);
  Out O = run(Cli + " -p " + D);
  EXPECT_EQ(O.rc, 1) << O.text;
  EXPECT_NE(O.text.find("[pto-colargmin-tmp-size]"), std::string::npos) << O.text;
  // A file the database does not know.
  Out M = run(Cli + " -p " + D + " " + Legal);
  EXPECT_EQ(M.rc, 2) << M.text;
  EXPECT_NE(M.text.find("has no entry in"), std::string::npos) << M.text;
  // No database at all in the directory.
  Out N = run(Cli + " -p " + tempDir() + " " + Legal);
  EXPECT_EQ(N.rc, 2) << N.text;
  EXPECT_NE(N.text.find("no compile database at"), std::string::npos) << N.text;
}

TEST(Cli, UsageErrorsExitTwo) {
  struct {
    std::string args, says;
  } Cases[] = {
      {" /nonexistent/kernel.cpp" + Flags, "cannot read '/nonexistent/kernel.cpp'"},
      {" --target=a9 " + Legal + Flags, "unknown target 'a9'"},
      {" --format=xml " + Legal + Flags, "unknown format 'xml'"},
      {" --explain=pto-no-such-rule", "no rule named 'pto-no-such-rule'"},
      {" --no-such-option " + Legal + Flags, "Unknown command line argument"},
      {Flags, "no input files"},
  };
  for (const auto &C : Cases) {
    Out O = run(Cli + C.args);
    EXPECT_EQ(O.rc, 2) << C.args << "\n" << O.text;
    EXPECT_NE(O.text.find(C.says), std::string::npos) << C.args << "\n" << O.text;
  }
}

TEST(Cli, CompileErrorsExitTwoButFindingsStillReported) {
  std::string D = tempDir();
  std::string K = write(D, "broken.cpp", "#include <pto/pto-inst.hpp>\nusing namespace pto;\nvoid k() {\n"
                                         "  Tile<TileType::Vec, float, 16, 256> src; Tile<TileType::Vec, int32_t, 1, 256> dst;\n"
                                         "  Tile<TileType::Vec, float, 1, 32> tmp;\n  TCOLARGMIN(dst, src, tmp);\n"
                                         "  undeclared_thing();\n}\n");
  Out O = run(Cli + " " + K + Flags);
  EXPECT_EQ(O.rc, 2) << O.text;
  EXPECT_NE(O.text.find("use of undeclared identifier 'undeclared_thing'"), std::string::npos) << O.text;
  EXPECT_NE(O.text.find("[pto-colargmin-tmp-size]"), std::string::npos) << O.text;
}

/// A constexpr address whose initialiser does not compile is not the value clang's error recovery gives it (0, which
/// made two tiles overlap, decided without the solver): checks that read it are unknown; the other findings remain.
TEST(Cli, ValueThatDoesNotCompileIsNotFollowed) {
  std::string D = tempDir();
  std::string K = write(D, "addr.cpp", "#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
                                       "template <int Rows> void k() {\n"
                                       "  Tile<TileType::Vec, float, 16, 256> src; Tile<TileType::Vec, int32_t, 1, 256> dst;\n"
                                       "  Tile<TileType::Vec, float, 1, 32> tmp;\n"
                                       "  constexpr uint32_t DstAddr = Rows * 256 * sizeof(float) +;\n"
                                       "  TASSIGN(src, 0x0);\n  TASSIGN(dst, DstAddr);\n  TASSIGN(tmp, 0x8000);\n"
                                       "  TCOLARGMIN(dst, src, tmp);\n}\ntemplate void k<16>();\n");
  Out O = run(Cli + " --target=a2a3 " + K + Flags);
  EXPECT_EQ(O.rc, 2) << O.text;
  EXPECT_EQ(O.text.find("error: 'dst' [0, 1024) and 'src'"), std::string::npos) << O.text;
  EXPECT_NE(O.text.find("warning: cannot prove that the tiles of one call do not overlap"), std::string::npos) << O.text;
  EXPECT_NE(O.text.find("error: tmp tile holds 128 B but TCOLARGMIN on a 16x256 float source needs 512 B on a2a3"),
            std::string::npos)
      << O.text;
}

/// A file that does not compile does not spend the unit's solver budget: its calls are decided where their facts are
/// exact (here: none), the rest is "unknown" at once, without one Z3 call (tests/broken/constexpr-address.cpp: a
/// syntax error in a constexpr address, dynamic valid rows). The same kernel with the address fixed needs Z3, so the
/// count below is the one that moves if the solver runs on the broken file.
TEST(Cli, FileThatDoesNotCompileSpendsNoSolverTime) {
  std::string D = tempDir(), Broken = Src + "/tests/broken/constexpr-address.cpp";
  auto Z3Calls = [&](const std::string &Stats) {
    auto J = nlohmann::json::parse(pto::testutil::readFile(Stats), nullptr, false);
    return J.is_discarded() ? -1 : J.value("z3Calls", -1);
  };
  Out O = runSplit(Cli + " --target=a2a3 --format=json --solver-stats=" + D + "/broken.json " + Broken + Flags);
  EXPECT_EQ(O.rc, 2) << O;
  EXPECT_NE(O.err.find("constexpr-address.cpp:14:51: error: indirection requires pointer operand"), std::string::npos)
      << O;
  EXPECT_EQ(Z3Calls(D + "/broken.json"), 0) << pto::testutil::readFile(D + "/broken.json");
  auto J = nlohmann::json::parse(O.text, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << O;
  EXPECT_GT(J["summary"]["unknown"].get<int>(), 0) << O;
  for (const auto &F : J["findings"]) {
    if (F["status"] == "unknown") {
      EXPECT_NE(F["message"].get<std::string>().find("the translation unit does not compile"), std::string::npos)
          << F.dump();
    }
  }

  std::string Fixed = pto::testutil::readFile(Broken);
  size_t P = Fixed.find("(Bytes + 0xFF) / * 0x100;");
  ASSERT_NE(P, std::string::npos);
  Fixed.replace(P, 25, "(Bytes + 0xFF) / 0x100 * 0x100;");
  Out F = runSplit(Cli + " --target=a2a3 --quiet --solver-stats=" + D + "/fixed.json " +
                   write(D, "constexpr-address.cpp", Fixed) + Flags);
  EXPECT_EQ(F.rc, 1) << F;
  EXPECT_GT(Z3Calls(D + "/fixed.json"), 0) << pto::testutil::readFile(D + "/fixed.json");
}

TEST(Cli, JsonAndSarifAreMachineReadable) {
  Out J = runSplit(Cli + " --quiet --format=json " + DocExample + Flags);
  auto Doc = nlohmann::json::parse(J.text, nullptr, false);
  ASSERT_FALSE(Doc.is_discarded()) << J;
  EXPECT_EQ(Doc["summary"]["violated"], 1);
  EXPECT_EQ(Doc["findings"][0]["ruleId"], "pto-colargmin-tmp-size");
  EXPECT_EQ(Doc["findings"][0]["line"], 18);
  Out S = runSplit(Cli + " --quiet --format=sarif " + DocExample + Flags);
  auto Sarif = nlohmann::json::parse(S.text, nullptr, false);
  ASSERT_FALSE(Sarif.is_discarded()) << S;
  EXPECT_EQ(Sarif["version"], "2.1.0");
  EXPECT_EQ(Sarif["runs"][0]["results"][0]["ruleId"], "pto-colargmin-tmp-size");
}

TEST(Cli, ListAndExplainRules) {
  Out L = run(Cli + " --list-rules");
  EXPECT_EQ(L.rc, 0) << L;
  EXPECT_NE(L.text.find("pto-colargmin-tmp-size"), std::string::npos);
  Out E = run(Cli + " --explain=pto-colargmin-tmp-size");
  EXPECT_EQ(E.rc, 0) << E;
  EXPECT_NE(E.text.find("## Rule details"), std::string::npos);
}

TEST(Cli, NolintSuppresses) {
  std::string D = tempDir();
  std::ifstream In(DocExample);
  std::string Text((std::istreambuf_iterator<char>(In)), {});
  size_t P = Text.find("TCOLARGMIN(dst, src, tmp);");
  Text.insert(P + std::string("TCOLARGMIN(dst, src, tmp);").size(), " // NOLINT(pto-colargmin-tmp-*)");
  std::string K = write(D, "k.cpp", Text);
  Out O = run(Cli + " " + K + Flags);
  EXPECT_EQ(O.rc, 0) << O.text;
  EXPECT_NE(O.text.find("1 suppressed by NOLINT"), std::string::npos) << O.text;
}

TEST(Cli, CompilerWarningsAreNotPrintedUnlessAsked) {
  // pto-lint is not the compiler: a correct kernel on code that warns prints only the summary, which counts what it
  // left out; --compiler-warnings prints them; compile errors always print (they stop the check).
  std::string D = tempDir();
  std::ifstream In(Legal);
  std::string Text((std::istreambuf_iterator<char>(In)), {});
  std::string K = write(D, "k.cpp", Text + "\nint warns() { int unused = 1; return 0; }\n");
  Out Quiet = run(Cli + " " + K + Flags + " -Wall");
  EXPECT_EQ(Quiet.rc, 0) << Quiet.text;
  EXPECT_EQ(Quiet.text.find("unused variable"), std::string::npos) << Quiet.text;
  EXPECT_NE(Quiet.text.find("(1 compiler warning not shown (--compiler-warnings))"), std::string::npos) << Quiet.text;
  EXPECT_EQ(Quiet.text.find("\n"), Quiet.text.size() - 1) << "one line, the summary:\n" << Quiet.text;
  Out Shown = run(Cli + " --compiler-warnings " + K + Flags + " -Wall");
  EXPECT_EQ(Shown.rc, 0) << Shown.text;
  EXPECT_NE(Shown.text.find("warning: unused variable 'unused'"), std::string::npos) << Shown.text;
  EXPECT_EQ(Shown.text.find("not shown"), std::string::npos) << Shown.text;
  // pto-lint's own warnings are never filtered.
  Out Own = run(Cli + " --target=a2a3 " + Src + "/examples/colargmin_dynamic.cpp" + Flags);
  EXPECT_NE(Own.text.find("warning: tmp tile holds 512 B"), std::string::npos) << Own.text;
  // A compile error prints, with its location.
  std::string Bad = write(D, "bad.cpp", Text + "\nint broken() { return undeclared_name; }\n");
  Out Err = run(Cli + " " + Bad + Flags);
  EXPECT_EQ(Err.rc, 2) << Err.text;
  EXPECT_NE(Err.text.find("error: use of undeclared identifier 'undeclared_name'"), std::string::npos) << Err.text;
}

// --- the plugin ---

const std::string Plugin = std::string(PTOLINT_CLANGXX) + " -fsyntax-only -std=c++17 -I" + Src +
                           "/refmodel/include -fplugin=" PTOLINT_PLUGIN " ";

TEST(Plugin, WarningsFollowWerrorAndW) {
  std::string K = Src + "/examples/colargmin_dynamic.cpp";
  Out W = run(Plugin + "-fplugin-arg-ptolint-target=a2a3 " + K);
  EXPECT_EQ(W.rc, 0) << W.text; // a warning does not fail the build
  EXPECT_NE(W.text.find("warning: tmp tile holds 512 B"), std::string::npos) << W.text;
  Out E = run(Plugin + "-Werror -fplugin-arg-ptolint-target=a2a3 " + K);
  EXPECT_NE(E.rc, 0) << E.text;
  EXPECT_NE(E.text.find("error: tmp tile holds 512 B"), std::string::npos) << E.text;
  Out E2 = run(Plugin + "-fplugin-arg-ptolint-werror -fplugin-arg-ptolint-target=a2a3 " + K);
  EXPECT_NE(E2.rc, 0) << E2.text;
  Out Q = run(Plugin + "-w -fplugin-arg-ptolint-target=a2a3 " + K);
  EXPECT_EQ(Q.rc, 0) << Q.text;
  EXPECT_EQ(Q.text.find("pto-colargmin-tmp-size"), std::string::npos) << Q.text;
}

TEST(Plugin, BadArgumentIsAClearError) {
  Out O = run(Plugin + "-fplugin-arg-ptolint-target=a9 " + Legal);
  EXPECT_NE(O.rc, 0);
  EXPECT_NE(O.text.find("ptolint plugin: unknown target 'a9'"), std::string::npos) << O.text;
  Out U = run(Plugin + "-fplugin-arg-ptolint-frobnicate " + Legal);
  EXPECT_NE(U.rc, 0);
  EXPECT_NE(U.text.find("unknown option 'frobnicate'"), std::string::npos) << U.text;
}

TEST(Plugin, UpstreamConditionsLeaveTheProgramAlone) {
  // pto-lint parses an assert's condition where the assert is, at the end of the unit, and nothing of it enters the
  // program: the object file is the one clang makes without the plugin, byte for byte, also when a condition does
  // not parse there (Demo.hpp's TDEMOSCOPE names an undeclared function, as a compiled-out macro allows), which is
  // listed as not followed, not reported as an error.
  std::string D = tempDir();
  std::string K = write(D, "k.cpp", "#include \"upstream/pto/common/pto_instr.hpp\"\nusing namespace pto;\n"
                                    "using TileT = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;\n"
                                    "void k(unsigned n) {\n  TileT src(16, 64);\n  TileT dst(8, 64);\n"
                                    "  if (n <= 8)\n    TDEMOSCOPE(dst, src, n);\n}\n");
  std::string Compile = std::string(PTOLINT_CLANGXX) + " -c -std=c++17 -I" + Src + "/refmodel/include -I" + Src +
                        "/tests/kernels " + K;
  Out Without = run(Compile + " -o " + D + "/without.o");
  ASSERT_EQ(Without.rc, 0) << Without;
  Out With = run(Compile + " -o " + D + "/with.o -fplugin=" PTOLINT_PLUGIN " -fplugin-arg-ptolint-target=a2a3");
  EXPECT_EQ(With.rc, 0) << With;
  EXPECT_EQ(With.text, "") << With;
  std::string Object = pto::testutil::readFile(D + "/with.o");
  EXPECT_FALSE(Object.empty());
  EXPECT_TRUE(Object == pto::testutil::readFile(D + "/without.o")) << "the plugin changed the object file";
  Out Cov = run(Cli + " --upstream-checks --coverage --cache-dir=off --target=a2a3 " + K + Flags + " -I" + Src +
                "/tests/kernels");
  EXPECT_EQ(Cov.rc, 0) << Cov;
  EXPECT_NE(Cov.text.find("Demo.hpp:57: TDEMOSCOPE (1x): its condition does not parse where the assert is"),
            std::string::npos)
      << Cov;
}

TEST(Plugin, CompilerErrorsPassThroughAndFindingsRemain) {
  std::string D = tempDir();
  std::string K = write(D, "sa.cpp", "#include <pto/pto-inst.hpp>\nusing namespace pto;\nvoid k() {\n"
                                     "  Tile<TileType::Vec, float, 16, 256> src; Tile<TileType::Vec, int32_t, 1, 256> dst;\n"
                                     "  Tile<TileType::Vec, float, 1, 32> tmp;\n  TCOLARGMIN(dst, src, tmp);\n"
                                     "  static_assert(sizeof(int) == 3, \"upstream-style check\");\n}\n");
  Out O = run(Plugin + K);
  EXPECT_NE(O.rc, 0);
  EXPECT_NE(O.text.find("static assertion failed"), std::string::npos) << O.text;
  EXPECT_NE(O.text.find("[pto-colargmin-tmp-size]"), std::string::npos) << O.text;
  EXPECT_EQ(O.text.find("Stack dump"), std::string::npos) << O.text;
}

} // namespace

namespace {

/// Full rendering pinned in tests/golden/<example>.<format>; PTOLINT_BLESS=1 rewrites them.
TEST(Golden, ReportsMatch) {
  for (const char *Example : {"colargmin_doc_example", "colargmin_dynamic"})
    for (const char *Format : {"text", "json", "sarif"}) {
      // Only standard output is pinned: in JSON/SARIF mode the summary goes to standard error, and merging the
      // two streams would interleave them at a timing-dependent place. (Text mode prints everything on stdout.)
      Out O = runSplit("cd " + Src + " && " + Cli + " --format=" + Format + " examples/" + Example +
                       ".cpp -- -std=c++17 -Irefmodel/include");
      std::string Got = O.text;
      // Normalise the checkout location.
      for (size_t P = Got.find(Src); P != std::string::npos; P = Got.find(Src, P))
        Got.replace(P, Src.size(), "<SRC>");
      std::string Path = Src + "/tests/golden/" + Example + "." + Format;
      if (getenv("PTOLINT_BLESS"))
        std::ofstream(Path) << Got;
      std::ifstream In(Path);
      std::string Want((std::istreambuf_iterator<char>(In)), {});
      EXPECT_EQ(Got, Want) << Path << " differs; if the change is intended, regenerate with PTOLINT_BLESS=1 "
                           << "build/tests/cli_tests --gtest_filter=Golden.*\nstandard error (exit " << O.rc << "):\n"
                           << O.err;
    }
}

} // namespace

namespace {

/// A compile database of vendor (bisheng) commands: targets come from --cce-aicore-arch, per core.
TEST(Npu, CceCompileDatabaseIsTranslatedPerTarget) {
  std::string D = tempDir();
  auto Entry = [&](const std::string &File, const std::string &Arch) {
    return "{\"directory\": \"" + Src + "\", \"file\": \"" + Src + "/" + File +
           "\", \"command\": \"/usr/local/Ascend/bin/bisheng -xcce --cce-aicore-arch=" + Arch +
           " -O2 -std=c++17 -Irefmodel/include -mllvm -cce-aicore-stack-size=0x8000 -c " + File + " -o k.o\"}";
  };
  write(D, "compile_commands.json",
        "[" + Entry("tests/npu/tcolargmin_upstream_tmp.cpp", "dav-c220-vec") + ",\n" +
            Entry("tests/npu/tcolargmin_a5.cpp", "dav-c310-vec") + ",\n" +
            Entry("tests/npu/tcolargmin_mix_a2a3.cpp", "dav-c220") + "]");
  Out O = runSplit(Cli + " --format=json --quiet -p " + D);
  auto J = nlohmann::json::parse(O.text, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << O;
  EXPECT_EQ(O.rc, 1) << O;
  // Three a2a3 instantiations under-allocate tmp: float 512 B, float 512 B, half 768 B needed; 128 / 128 / 64 B
  // held. One call in a template: one finding, the other failing instantiations as notes.
  ASSERT_EQ(J["findings"].size(), 1u) << O;
  const auto &F = J["findings"][0];
  EXPECT_EQ(F["ruleId"], "pto-colargmin-tmp-size");
  EXPECT_EQ(F["targets"], nlohmann::json::array({"a2a3"})); // inferred from dav-c220: a5/cpu are not checked
  std::multiset<std::string> Msgs{F["message"].get<std::string>()};
  for (const auto &N : F["notes"]) {
    std::string T = N["message"].get<std::string>();
    if (T.rfind("also in instantiation '", 0) == 0)
      Msgs.insert(T.substr(T.find("': ") + 3));
  }
  EXPECT_EQ(Msgs, (std::multiset<std::string>{
                      "tmp tile holds 128 B but TCOLARGMIN on a 1x255 float source needs 512 B on a2a3",
                      "tmp tile holds 128 B but TCOLARGMIN on a 16x127 float source needs 512 B on a2a3",
                      "tmp tile holds 64 B but TCOLARGMIN on a 15x255 half source needs 768 B on a2a3"}));
  // The same kernel built for a5 is fine there.
  write(D, "compile_commands.json", "[" + Entry("tests/npu/tcolargmin_upstream_tmp.cpp", "dav-c310-vec") + "]");
  Out A5 = run(Cli + " -p " + D);
  EXPECT_EQ(A5.rc, 0) << A5;
  // --target overrides the inferred target.
  Out Both = runSplit(Cli + " --target=a2a3,a5 --format=json --quiet -p " + D);
  EXPECT_EQ(Both.rc, 1) << Both;
  // An architecture pto-lint does not know is an input error naming it.
  write(D, "compile_commands.json", "[" + Entry("tests/npu/tcolargmin_a5.cpp", "dav-m200") + "]");
  Out Bad = run(Cli + " -p " + D);
  EXPECT_EQ(Bad.rc, 2) << Bad;
  EXPECT_NE(Bad.text.find("unknown --cce-aicore-arch 'dav-m200'"), std::string::npos) << Bad.text;
}

} // namespace
