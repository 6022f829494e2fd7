// tests: faults injected into the solver and the inputs (docs/robustness.md): a failing Z3 never yields "proved";
// unreadable, malformed, huge inputs and a full disk give a clear error and exit 2, with nothing half-written.
#include "../TestUtil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sys/stat.h>
#include <sys/wait.h>

namespace {

const std::string Src = PTOLINT_SOURCE_DIR;
const std::string Cli = PTOLINT_CLI;
const std::string Flags = " -- -std=c++17 -I" + Src + "/refmodel/include";
const std::string Plugin = std::string(PTOLINT_CLANGXX) + " -fsyntax-only -std=c++17 -I" + Src +
                           "/refmodel/include -fplugin=" + PTOLINT_PLUGIN + " ";

using pto::testutil::Out;
using pto::testutil::run;

std::string write(const std::string &Dir, const std::string &Name, const std::string &Text) {
  std::string P = Dir + "/" + Name;
  std::ofstream(P, std::ios::binary) << Text;
  return P;
}

/// "pto-lint: 1 file, 1 call site, 72 checks: 72 proved, ..." -> 72 (proved), or -1.
int proved(const std::string &Text) {
  std::smatch M;
  return std::regex_search(Text, M, std::regex("checks: (\\d+) proved")) ? std::stoi(M[1]) : -1;
}

/// Every rule of this call is proved, and the ones relating `cols` and `c2` need Z3: the guard `c2 != cols` narrows
/// no bound, and 100000 x 100000 points are too many to enumerate. (The stats assert that Z3 is really asked.)
const char *Z3Kernel = "#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
                       "void kernel(uint32_t rows, uint32_t cols, uint32_t c2) {\n"
                       "  if (rows == 0 || rows > 32 || cols == 0 || cols > 100000)\n    return;\n"
                       "  if (c2 != cols)\n    return;\n"
                       "  Tile<TileType::Vec, float, 32, 131072, BLayout::RowMajor, -1, -1> dst(rows, cols);\n"
                       "  Tile<TileType::Vec, float, 32, 131072, BLayout::RowMajor, -1, -1> src0(rows, c2);\n"
                       "  Tile<TileType::Vec, float, 32, 1, BLayout::ColMajor, -1, -1> src1(rows, 1);\n"
                       "  TROWEXPANDMIN(dst, src0, src1);\n}\n";

TEST(Faults, Z3FailuresNeverProve) {
  std::string D = pto::testutil::tempDir("faults");
  std::string K = write(D, "k.cpp", Z3Kernel);
  Out Base = run(Cli + " --solver-stats=" + D + "/stats.json " + K + Flags);
  ASSERT_EQ(Base.rc, 0) << Base.text;
  auto Stats = nlohmann::json::parse(pto::testutil::readFile(D + "/stats.json"), nullptr, false);
  ASSERT_FALSE(Stats.is_discarded());
  ASSERT_GT(Stats["z3Calls"].get<unsigned>(), 0u) << "the kernel no longer reaches Z3: the faults test nothing";
  int All = proved(Base.text);
  ASSERT_GT(All, 0) << Base.text;

  // Errors: exit 3, the failure named on the call; unknowns: exit 1, the reason named. Fewer checks proved.
  struct Case {
    const char *fault;
    int rc;
    const char *says;
  } Cases[] = {
      {"z3-exception", 3, "internal error while checking pto-rowexpand-broadcast-shape: z3: exception: injected fault"},
      {"z3-error", 3, "internal error while checking pto-rowexpand-broadcast-shape: z3: Z3 exception"},
      {"z3-oom", 3, "internal error while checking pto-rowexpand-broadcast-shape: z3: out of memory"},
      {"z3-unknown", 1, "solver gave up (injected fault (PTO_LINT_FAULT=z3-unknown))"},
      {"z3-rlimit", 1, "the solver's resource limit (rlimit 2000000) is exhausted"},
      {"z3-unknown:2", 1, "solver gave up (injected fault"}, // from the second Z3 call on
      {"z3-misspelt", 3, "PTO_LINT_FAULT='z3-misspelt': expected z3-exception"},
  };
  for (const Case &C : Cases) {
    Out O = run("PTO_LINT_FAULT=" + std::string(C.fault) + " " + Cli + " " + K + Flags);
    EXPECT_EQ(O.rc, C.rc) << C.fault << "\n" << O.text;
    EXPECT_NE(O.text.find(C.says), std::string::npos) << C.fault << "\n" << O.text;
    int P = proved(O.text);
    EXPECT_GE(P, 0) << O.text;
    EXPECT_LT(P, All) << C.fault << ": a check that needs Z3 was still proved\n" << O.text;
  }
  // The plugin never aborts the compile: the failure is a diagnostic on the call.
  Out P = run("PTO_LINT_FAULT=z3-exception " + Plugin + K);
  EXPECT_NE(P.text.find("z3: exception: injected fault"), std::string::npos) << P.text;
  EXPECT_EQ(P.text.find("Stack dump"), std::string::npos) << P.text;
}

TEST(Faults, UnreadableInputsExitTwo) {
  // Tests may run as root, for whom chmod 000 denies nothing: a directory and a dangling link are unreadable for all.
  std::string D = pto::testutil::tempDir("faults");
  std::filesystem::create_directories(D + "/dir.cpp");
  std::filesystem::create_directories(D + "/dir.pto");
  std::filesystem::create_symlink(D + "/nowhere.cpp", D + "/dangling.cpp");
  Out C = run(Cli + " " + D + "/dir.cpp" + Flags);
  EXPECT_EQ(C.rc, 2) << C.text;
  EXPECT_NE(C.text.find("Is a directory"), std::string::npos) << C.text;
  Out P = run(Cli + " " + D + "/dir.pto");
  EXPECT_EQ(P.rc, 2) << P.text;
  EXPECT_NE(P.text.find("cannot read '" + D + "/dir.pto': it is a directory"), std::string::npos) << P.text;
  Out L = run(Cli + " " + D + "/dangling.cpp" + Flags);
  EXPECT_EQ(L.rc, 2) << L.text;
  EXPECT_NE(L.text.find("no such file"), std::string::npos) << L.text;
}

TEST(Faults, FullDiskIsAnErrorAndLeavesNoHalfReport) {
  std::string D = pto::testutil::tempDir("faults");
  std::string K = Src + "/examples/colargmin_doc_example.cpp";
  if (std::filesystem::is_character_file("/dev/full")) {
    for (std::string Opt : {"--format=json --output=/dev/full", "--solver-stats=/dev/full"}) {
      Out O = run(Cli + " " + Opt + " " + K + Flags);
      EXPECT_EQ(O.rc, 2) << Opt << "\n" << O.text;
      EXPECT_NE(O.text.find("cannot write '/dev/full': No space left on device"), std::string::npos) << O.text;
      EXPECT_TRUE(std::filesystem::is_character_file("/dev/full")) << "the device was replaced";
    }
    Out S = run("(" + Cli + " --format=sarif " + K + Flags + " >/dev/full)"); // standard error stays readable
    EXPECT_EQ(S.rc, 2) << S.text;
    EXPECT_NE(S.text.find("cannot write the report to standard output"), std::string::npos) << S.text;
  } else {
    std::cout << "[  SKIPPED ] /dev/full part: no /dev/full here\n";
  }
  // A disk that fills up halfway (a file size limit): the previous report stays whole, no temporary is left.
  std::string Old = write(D, "report.sarif", "previous report\n");
  Out F = run("sh -c \"trap '' XFSZ; ulimit -f 1; exec " + Cli + " --format=sarif --output=" + Old + " " + K + Flags +
              "\"");
  EXPECT_EQ(F.rc, 2) << F.text;
  EXPECT_NE(F.text.find("cannot write '" + Old + "': File too large (nothing written)"), std::string::npos) << F.text;
  EXPECT_EQ(pto::testutil::readFile(Old), "previous report\n");
  size_t Files = 0;
  for ([[maybe_unused]] const auto &E : std::filesystem::directory_iterator(D))
    ++Files;
  EXPECT_EQ(Files, 1u) << "a temporary was left in " << D;
  // And when the disk has room, the report replaces the old one whole.
  Out W = run(Cli + " --format=sarif --output=" + Old + " " + K + Flags);
  EXPECT_EQ(W.rc, 1) << W.text;
  EXPECT_FALSE(nlohmann::json::parse(pto::testutil::readFile(Old), nullptr, false).is_discarded());
}

TEST(Faults, InvalidUtf8GivesValidReports) {
  // Bytes that are not UTF-8 in a comment, a string, a NOLINT and the file's name, C++ and .pto: JSON and SARIF
  // must still parse (nlohmann rejects invalid UTF-8).
  std::string D = pto::testutil::tempDir("faults");
  std::string Cpp = "#include <pto/pto-inst.hpp>\nusing namespace pto;\n// caf\xe9 \xff\xfe\nvoid k() {\n"
                    "  const char *s = \"\xc3\x28\"; (void)s;\n"
                    "  Tile<TileType::Vec, float, 16, 256> src; Tile<TileType::Vec, int32_t, 1, 256> dst;\n"
                    "  Tile<TileType::Vec, float, 1, 32> tmp;\n  TCOLARGMIN(dst, src, tmp); // NOLINT(\xff)\n}\n";
  std::string Pto = "// caf\xe9 \xff\nmodule {\n  func.func @k() {\n"
                    "    %src = pto.alloc_tile : !pto.tile_buf<vec, 16x128xf\xff" "32>\n"
                    "    %tmp = pto.alloc_tile : !pto.tile_buf<vec, 16x128xf32>\n"
                    "    %dst = pto.alloc_tile : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>\n"
                    "    pto.trowmin ins(%src, %tmp : !pto.tile_buf<vec, 16x128x\xfe" "f32>, !pto.tile_buf<vec, "
                    "16x128xf32>) outs(%dst : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>)\n"
                    "    return\n  }\n}\n";
  const std::string Files[] = {write(D, "u.cpp", Cpp), write(D, "n\xff" "ame.cpp", Cpp), write(D, "u.pto", Pto),
                               write(D, "n\xff" "ame.pto", Pto)};
  for (const std::string &F : Files)
    for (const char *Fmt : {"json", "sarif"}) {
      std::string Report = D + "/report." + Fmt;
      std::filesystem::remove(Report);
      Out O = run(Cli + " --quiet --format=" + Fmt + " --output=" + Report + " '" + F + "'" +
                  (F.find(".cpp") != std::string::npos ? Flags : ""));
      EXPECT_TRUE(O.rc == 1 || O.rc == 2) << F << "\n" << O.text;
      auto J = nlohmann::json::parse(pto::testutil::readFile(Report), nullptr, false);
      EXPECT_FALSE(J.is_discarded()) << F << " " << Fmt << ": not valid JSON\n" << pto::testutil::readFile(Report);
    }
}

TEST(Faults, HugeConstantsAreDiagnosedNotCrashed) {
  std::string D = pto::testutil::tempDir("faults");
  // C++: the clean-room Tile rejects them at compile time; pto-lint reports the compile error, exit 2.
  for (const char *Dims : {"1 << 30, 1 << 30", "-5, 16", "9223372036854775807, 2"}) {
    std::string K = write(D, "h.cpp",
                          "#include <pto/pto-inst.hpp>\nusing namespace pto;\nvoid k() {\n  Tile<TileType::Vec, float, " +
                              std::string(Dims) + "> src; Tile<TileType::Vec, int32_t, 1, 256> dst;\n"
                              "  Tile<TileType::Vec, float, 1, 32> tmp;\n  TCOLARGMIN(dst, src, tmp);\n}\n");
    Out O = run(Cli + " " + K + Flags);
    EXPECT_EQ(O.rc, 2) << Dims << "\n" << O.text;
    EXPECT_NE(O.text.find("error:"), std::string::npos) << O.text;
    EXPECT_EQ(O.text.find("Stack dump"), std::string::npos) << O.text;
  }
  // .pto: sizes past 32 and 64 bits. Read ones are checked exactly (violated, with the number); unreadable ones make
  // the call unknown. Never proved, never a crash.
  struct Case {
    const char *dims;
    const char *says;
  } Cases[] = {{"1073741824x1073741824", "writes 549755813632 B into it for a 1073741824x1073741824 f32 src"},
               {"9223372036854775807x9223372036854775807", "src has 9223372036854775807"},
               {"99999999999999999999x2", "which is not a recognised pto::Tile"},
               {"-5x16", "which is not a recognised pto::Tile"}};
  for (const Case &C : Cases) {
    std::string T = std::string("!pto.tile_buf<vec, ") + C.dims + "xf32>";
    std::string K = write(D, "h.pto",
                          "module {\n  func.func @k() {\n    %src = pto.alloc_tile : " + T +
                              "\n    %tmp = pto.alloc_tile : !pto.tile_buf<vec, 16x128xf32>\n"
                              "    %dst = pto.alloc_tile : !pto.tile_buf<vec, 16x1xf32, blayout=col_major>\n"
                              "    pto.trowmin ins(%src, %tmp : " + T + ", !pto.tile_buf<vec, 16x128xf32>) outs(%dst : "
                              "!pto.tile_buf<vec, 16x1xf32, blayout=col_major>)\n    return\n  }\n}\n");
    Out O = run(Cli + " " + K);
    EXPECT_EQ(O.rc, 1) << C.dims << "\n" << O.text;
    EXPECT_NE(O.text.find(C.says), std::string::npos) << C.dims << "\n" << O.text;
  }
}

TEST(Faults, HugeFilesAreRefusedOrBounded) {
  // 20 MB of junk: a .pto past the reader's cap is refused at once (exit 2, one error); a junk C++ file is clang's
  // to reject, with its error limit. Neither may take long or print an error per byte.
  std::string D = pto::testutil::tempDir("faults");
  std::string Junk(20u << 20, '\0');
  uint32_t X = 12345;
  for (char &C : Junk)
    C = static_cast<char>((X = X * 1103515245u + 12345u) >> 24);
  std::string Pto = write(D, "junk.pto", Junk);
  Out P = run(Cli + " " + Pto);
  EXPECT_EQ(P.rc, 2) << P.text.substr(0, 2000);
  EXPECT_NE(P.text.find("file too large to be a textual PTO kernel (20 MB; pto-lint reads .pto files of at most 16 MB)"),
            std::string::npos)
      << P.text.substr(0, 2000);
  Out S = run(Cli + " " + write(D, "small.pto", Junk.substr(0, 1u << 20)));
  EXPECT_EQ(S.rc, 2) << S.text.substr(0, 4000);
  EXPECT_NE(S.text.find("more not shown"), std::string::npos) << S.text.substr(0, 2000);
  EXPECT_LT(S.text.size(), 64u << 10) << "an error per token";
  Out C = run(Cli + " " + write(D, "junk.cpp", Junk.substr(0, 4u << 20)) + Flags);
  EXPECT_EQ(C.rc, 2) << C.text.substr(0, 2000);
  EXPECT_EQ(C.text.find("Stack dump"), std::string::npos);
  std::filesystem::remove_all(D);
}

} // namespace
