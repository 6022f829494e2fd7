// tests/launcher: pto-lint-launch in real builds. A tiny CMake project (tests/launcher/project) is configured and
// built at test time with the launcher as CMAKE_CXX_COMPILER_LAUNCHER, with clang++ and with a stand-in bisheng
// (tests/launcher/bisheng), alone and chained with ccache; the findings in the build log must be what
// `pto-lint -p <build dir>` reports for the same compile database, and the policy must decide the exit status.
#include "../TestUtil.h"
#include "launcher/Command.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/wait.h>

namespace fs = std::filesystem;

namespace {

const std::string Src = PTOLINT_SOURCE_DIR;
const std::string Cli = PTOLINT_CLI;
const std::string Launch = PTOLINT_LAUNCH;
const std::string ClangXX = PTOLINT_CLANGXX;
const std::string CMake = PTOLINT_CMAKE;
const std::string Bisheng = Src + "/tests/launcher/bisheng";
const std::string DocExample = Src + "/examples/colargmin_doc_example.cpp";
const std::string Legal = Src + "/examples/colargmin_legal.cpp";

using pto::testutil::Out;
using pto::testutil::run;

std::string quote(const std::string &S) {
  std::string Q = "'";
  for (char C : S)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

std::string join(const std::vector<std::string> &L, const std::string &Sep) {
  std::string S;
  for (const std::string &X : L)
    S += (S.empty() ? "" : Sep) + X;
  return S;
}

/// What `cmake -S tests/launcher/project` needs: the compiler, the launcher (a CMake list) and the kernels.
struct Project {
  std::string compiler = ClangXX;
  std::vector<std::string> launcher;
  std::vector<std::string> kernels;
  std::vector<std::string> options{"-std=c++17", "-I" + Src + "/refmodel/include"};
  std::vector<std::string> extra; // more -D settings
};

/// Configures Build from P (Ninja, compile database on); the configure output on failure.
Out configure(const std::string &Build, const Project &P) {
  std::string Cmd = CMake + " -S " + quote(Src + "/tests/launcher/project") + " -B " + quote(Build) +
                    " -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_CXX_COMPILER=" + quote(P.compiler) +
                    " " + quote("-DKERNELS=" + join(P.kernels, ";")) + " " +
                    quote("-DKERNEL_OPTIONS=" + join(P.options, ";"));
  if (!P.launcher.empty())
    Cmd += " " + quote("-DCMAKE_CXX_COMPILER_LAUNCHER=" + join(P.launcher, ";"));
  for (const std::string &E : P.extra)
    Cmd += " " + quote(E);
  return run(Cmd);
}

/// Builds every object it can (-k 0), with Env (VAR=value words) in the environment.
Out build(const std::string &Build, const std::string &Env = "") {
  return run(Env + " " + CMake + " --build " + quote(Build) + " -j1 -- -k 0");
}

/// The lines of a build log that come from the compile commands: Ninja's own lines dropped, and the launcher's
/// (they are about the policy, not findings).
std::multiset<std::string> commandOutput(const std::string &Log) {
  std::multiset<std::string> Lines;
  std::istringstream In(Log);
  for (std::string L; std::getline(In, L);)
    if (!L.empty() && L[0] != '[' && L.rfind("FAILED: ", 0) != 0 && L.rfind("ninja: ", 0) != 0 &&
        L.rfind("pto-lint-launch: ", 0) != 0 && L.find(" -c /") == std::string::npos)
      Lines.insert(L);
  return Lines;
}

/// pto-lint -p on the build's compile database: its findings (the launcher's filter: no warnings of the parse
/// itself), line by line. Raw: its whole output.
std::multiset<std::string> ptoLintP(const std::string &Build, int &Rc, std::string *Raw = nullptr) {
  Out O = run(Cli + " --quiet -p " + quote(Build));
  Rc = O.rc;
  if (Raw)
    *Raw = O.text;
  return commandOutput(pto::launcher::findingsOnly(O.text));
}

std::string show(const std::multiset<std::string> &S) {
  std::string T;
  for (const std::string &L : S)
    T += L + "\n";
  return T;
}

size_t count(const std::multiset<std::string> &Lines, const std::string &Needle) {
  size_t N = 0;
  for (const std::string &L : Lines)
    N += L.find(Needle) != std::string::npos;
  return N;
}

/// The object CMake builds for an absolute source path in the `kernels` object library.
std::string objectOf(const std::string &Build, const std::string &Source) {
  return Build + "/CMakeFiles/kernels.dir" + Source + ".o";
}

/// A new temporary directory, removed with everything in it when the test is done (an installation is 120 MB).
struct TempDir {
  std::string path;
  explicit TempDir(const std::string &Purpose) : path(pto::testutil::tempDir(Purpose)) {}
  ~TempDir() {
    std::error_code EC;
    fs::remove_all(path, EC);
  }
};

TEST(Launcher, ClangBuildReportsWhatPtoLintReportsAndPolicyDecides) {
  TempDir T("launch");
  std::string B = T.path + "/build";
  Project P;
  P.launcher = {Launch, "--fail-on=never"};
  P.kernels = {DocExample, Legal};
  Out C = configure(B, P);
  ASSERT_EQ(C.rc, 0) << C.text;

  Out Never = build(B);
  ASSERT_EQ(Never.rc, 0) << Never.text;
  int Rc = -1;
  std::multiset<std::string> Expected = ptoLintP(B, Rc);
  EXPECT_EQ(Rc, 1);
  ASSERT_EQ(count(Expected, ": error: tmp tile holds 128 B but TCOLARGMIN on a 16x255 float source needs 512 B on "
                            "a2a3 [pto-colargmin-tmp-size]"),
            1u)
      << show(Expected);
  EXPECT_EQ(commandOutput(Never.text), Expected) << Never.text;
  EXPECT_TRUE(fs::exists(objectOf(B, DocExample)));

  // The environment overrides the build file's --fail-on=never: the error finding fails its compile, and that
  // compile makes no object; the clean kernel still compiles.
  run(CMake + " --build " + quote(B) + " --target clean");
  Out Error = build(B, "PTO_LINT_LAUNCH_FAIL_ON=error");
  EXPECT_NE(Error.rc, 0) << Error.text;
  EXPECT_NE(Error.text.find("pto-lint-launch: error: " + DocExample +
                            ": pto-lint findings fail the compile (1 error, 0 warnings; --fail-on=error); the "
                            "compiler was not run"),
            std::string::npos)
      << Error.text;
  EXPECT_FALSE(fs::exists(objectOf(B, DocExample)));
  EXPECT_TRUE(fs::exists(objectOf(B, Legal)));
  EXPECT_EQ(commandOutput(Error.text), Expected) << Error.text;
}

TEST(Launcher, BishengBuildReportsWhatPtoLintReports) {
  // The stand-in bisheng takes CCE flags and writes an empty object; pto-lint translates the CCE command (the
  // a2a3 vector core, from --cce-aicore-arch) exactly as it does from the compile database.
  TempDir T("launch");
  std::string B = T.path + "/build";
  Project P;
  P.compiler = Bisheng;
  P.launcher = {Launch, "--fail-on=never"};
  P.kernels = {Src + "/tests/npu/tcolargmin_upstream_tmp.cpp", Src + "/tests/npu/tcolargmin_a2a3.cpp"};
  P.options = {"-xcce", "--cce-aicore-arch=dav-c220-vec", "SHELL:-mllvm -cce-aicore-stack-size=0x8000", "-std=c++17",
               "-I" + Src + "/refmodel/include"};
  Out C = configure(B, P);
  ASSERT_EQ(C.rc, 0) << C.text;
  Out Built = build(B);
  ASSERT_EQ(Built.rc, 0) << Built.text;
  int Rc = -1;
  std::multiset<std::string> Expected = ptoLintP(B, Rc);
  EXPECT_EQ(Rc, 1);
  EXPECT_EQ(count(Expected, "error: tmp tile holds 128 B but TCOLARGMIN on a 1x255 float source needs 512 B on a2a3 "
                            "[pto-colargmin-tmp-size]"),
            1u)
      << show(Expected);
  EXPECT_EQ(commandOutput(Built.text), Expected) << Built.text;
  EXPECT_TRUE(fs::exists(objectOf(B, P.kernels[0])));
}

TEST(Launcher, MakeBuildWithQuotedFlags) {
  if (run("command -v make").rc != 0)
    GTEST_SKIP() << "needs make (Debian package make; scripts/dev.sh installs it)";
  // `CXX = pto-lint-launch clang++` in a Makefile, and a -D whose value has blanks, a comma and angle brackets: it
  // must reach pto-lint as one argument (the tmp tile type, so the finding depends on it) and the compiler too.
  TempDir T("launch");
  std::string D = T.path;
  std::ofstream(D + "/k.cpp") << "#include <pto/pto-inst.hpp>\nusing namespace pto;\nvoid k() {\n"
                                 "  Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, -1, -1> src(16, 255);\n"
                                 "  Tile<TileType::Vec, uint32_t, 1, 256, BLayout::RowMajor, -1, -1> dst(1, 255);\n"
                                 "  TMP_TILE tmp;\n  TASSIGN(src, 0x0);\n  TASSIGN(dst, 0x4000);\n"
                                 "  TASSIGN(tmp, 0x4400);\n  TCOLARGMIN(dst, src, tmp);\n}\n";
  std::ofstream(D + "/Makefile") << "CXXFLAGS = -std=c++17 -I" << Src
                                 << "/refmodel/include '-DTMP_TILE=Tile<TileType::Vec, float, 1, $(COLS)>'\n"
                                    "k.o: k.cpp\n\t$(CXX) $(CXXFLAGS) -c k.cpp -o k.o\n";
  std::string Make = "cd " + quote(D) + " && make --no-print-directory CXX=" + quote(Launch + " " + ClangXX);
  Out Small = run(Make + " COLS=32");
  EXPECT_EQ(Small.rc, 2) << Small.text; // make's status for a failed command
  EXPECT_NE(Small.text.find("k.cpp:10:3: error: tmp tile holds 128 B but TCOLARGMIN on a 16x255 float source needs "
                            "512 B on a2a3 [pto-colargmin-tmp-size]"),
            std::string::npos)
      << Small.text;
  EXPECT_NE(Small.text.find("'tmp' declared here as 'Tile<TileType::Vec, float, 1, 32>'"), std::string::npos)
      << Small.text;
  EXPECT_FALSE(fs::exists(D + "/k.o"));
  Out Enough = run(Make + " COLS=128");
  EXPECT_EQ(Enough.rc, 0) << Enough.text;
  EXPECT_EQ(Enough.text.find("[pto-"), std::string::npos) << Enough.text;
  EXPECT_TRUE(fs::exists(D + "/k.o"));
}

TEST(Launcher, ChainsWithCcache) {
  if (run("command -v ccache").rc != 0)
    GTEST_SKIP() << "needs ccache (Debian package ccache)";
  // ccache after the launcher: the launcher lints, then runs `ccache clang++ ...`; a rebuild from the cache still
  // reports the findings, since linting happens before ccache looks.
  TempDir T("launch");
  std::string D = T.path;
  std::string B = D + "/build", Env = "CCACHE_DIR=" + quote(D + "/ccache") + " CCACHE_NOHASHDIR=1";
  Project P;
  P.launcher = {Launch, "--fail-on=never", "--", "ccache"};
  P.kernels = {DocExample, Legal};
  Out C = configure(B, P);
  ASSERT_EQ(C.rc, 0) << C.text;
  Out First = build(B, Env);
  ASSERT_EQ(First.rc, 0) << First.text;
  run(CMake + " --build " + quote(B) + " --target clean");
  Out Second = build(B, Env);
  ASSERT_EQ(Second.rc, 0) << Second.text;
  int Rc = -1;
  std::multiset<std::string> Expected = ptoLintP(B, Rc);
  EXPECT_EQ(commandOutput(First.text), Expected) << First.text;
  EXPECT_EQ(commandOutput(Second.text), Expected) << Second.text;
  Out Stats = run(Env + " ccache --print-stats");
  EXPECT_NE(Stats.text.find("direct_cache_hit\t2"), std::string::npos) << Stats.text;
  EXPECT_TRUE(fs::exists(objectOf(B, DocExample)));
}

/// A fake pto-lint: a shell script doing Body.
std::string fakePtoLint(const std::string &Dir, const std::string &Name, const std::string &Body) {
  std::string P = Dir + "/" + Name;
  std::ofstream(P) << "#!/bin/sh\n" << Body << "\n";
  fs::permissions(P, fs::perms::owner_all);
  return P;
}

TEST(Launcher, PtoLintFailuresDoNotFailTheCompileUnlessAsked) {
  TempDir T("launch");
  std::string D = T.path;
  std::ofstream(D + "/k.cpp") << "int k() { return 0; }\n";
  struct Case {
    std::string ptoLint, says;
  } Cases[] = {
      {D + "/missing", "pto-lint could not be run (" + D + "/missing: No such file or directory)"},
      {fakePtoLint(D, "internal", "echo 'pto-lint: internal error: no rules'; exit 3"), "pto-lint failed (exit 3)"},
      {fakePtoLint(D, "input", "exit 2"), "pto-lint could not lint it (exit 2: input error; see its messages above)"},
      {fakePtoLint(D, "crash", "kill -SEGV $$"), "pto-lint was killed by signal 11 (Segmentation fault)"},
      {fakePtoLint(D, "slow", "sleep 60"), "pto-lint did not finish within 1 s (--lint-timeout) and was stopped"},
  };
  for (const Case &C : Cases) {
    std::string Cmd = Launch + " --lint-timeout=1 --pto-lint=" + quote(C.ptoLint) + " " + ClangXX + " -c k.cpp -o k.o";
    fs::remove(D + "/k.o");
    auto Start = std::chrono::steady_clock::now();
    Out Proceeds = run("cd " + quote(D) + " && " + Cmd);
    EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(20)) << "the lint step stalled";
    EXPECT_EQ(Proceeds.rc, 0) << Proceeds.text;
    EXPECT_NE(Proceeds.text.find("pto-lint-launch: warning: k.cpp: " + C.says + "; the compile proceeds unlinted"),
              std::string::npos)
        << Proceeds.text;
    EXPECT_TRUE(fs::exists(D + "/k.o")) << C.ptoLint;
    fs::remove(D + "/k.o");
    Out Fails = run("cd " + quote(D) + " && PTO_LINT_LAUNCH_FAIL_ON_INTERNAL_ERROR=1 " + Cmd);
    EXPECT_EQ(Fails.rc, 1) << Fails.text;
    EXPECT_NE(Fails.text.find("pto-lint-launch: error: k.cpp: " + C.says + "; the compile fails "
                                                                           "(--fail-on-internal-error)"),
              std::string::npos)
        << Fails.text;
    EXPECT_FALSE(fs::exists(D + "/k.o")) << C.ptoLint;
  }
  // A compiler that fails fails the compile whatever pto-lint says: its status is the launcher's.
  Out Bad = run("cd " + quote(D) + " && " + Launch + " --pto-lint=" + quote(D + "/missing") + " " + ClangXX +
                " -c nothing.cpp -o n.o");
  EXPECT_NE(Bad.rc, 0) << Bad.text;
  Out NoCompiler = run(Launch + " --no-lint /nonexistent/cc -c k.cpp");
  EXPECT_EQ(NoCompiler.rc, 127) << NoCompiler.text;
}

TEST(Launcher, InterruptStopsTheLintStep) {
  // pto-lint runs in its own process group (for the timeout), out of reach of the terminal's Ctrl-C: a signal to
  // the launcher must end it too, not leave it running (a zombie left for init to reap has ended).
  TempDir T("launch");
  std::string D = T.path;
  std::ofstream(D + "/k.cpp") << "int k;\n";
  std::string Fake = fakePtoLint(D, "slow", "echo $$ > " + quote(D + "/pid") + "; exec sleep 60");
  fs::create_directory(D + "/tmp");
  Out O = run("cd " + quote(D) + " && { TMPDIR=" + quote(D + "/tmp") + " " + Launch + " --pto-lint=" + quote(Fake) + " " + ClangXX +
              " -c k.cpp -o k.o & L=$!; while [ ! -s pid ]; do sleep 0.05; done; kill -TERM $L; wait $L; "
              "echo launcher=$?; sleep 0.2; st=$(cut -d' ' -f3 /proc/$(cat pid)/stat 2>/dev/null); "
              "if [ -z \"$st\" ] || [ \"$st\" = Z ]; then echo lint=gone; else echo lint=alive:$st; fi; }");
  EXPECT_NE(O.text.find("launcher=143"), std::string::npos) << O.text; // 128 + SIGTERM, as the shell reports it
  EXPECT_NE(O.text.find("lint=gone"), std::string::npos) << O.text;
  EXPECT_FALSE(fs::exists(D + "/k.o"));
  // Nor is its temporary compile database left behind (TMPDIR: where the launcher makes it).
  EXPECT_TRUE(fs::is_empty(D + "/tmp")) << O.text;
}

TEST(Launcher, CommandsThatAreNotCompilesPassStraightThrough) {
  // The fake pto-lint leaves a mark: only compiles of sources may reach it.
  TempDir T("launch");
  std::string D = T.path;
  std::ofstream(D + "/k.cpp") << "#define ANSWER 42\nint k() { return ANSWER; }\nint main() { return k() - 42; }\n";
  std::string Marker = D + "/linted";
  std::string Fake = fakePtoLint(D, "marker", "echo \"$@\" >> " + quote(Marker));
  std::string L = "cd " + quote(D) + " && " + Launch + " --pto-lint=" + quote(Fake) + " " + ClangXX;
  Out Pre = run(L + " -E k.cpp");
  EXPECT_EQ(Pre.rc, 0) << Pre.text;
  EXPECT_NE(Pre.text.find("return 42;"), std::string::npos) << Pre.text;
  Out Compile = run(L + " -c k.cpp -o k.o");
  EXPECT_EQ(Compile.rc, 0) << Compile;
  Out Link = run(L + " k.o -o app");
  EXPECT_EQ(Link.rc, 0) << Link;
  Out App = run(D + "/app");
  EXPECT_EQ(App.rc, 0) << App;
  // Exactly one lint: the compile, with a one-entry database.
  std::string Marks = pto::testutil::readFile(Marker);
  EXPECT_EQ(std::count(Marks.begin(), Marks.end(), '\n'), 1) << Marks;
  EXPECT_NE(Marks.find("--quiet -p /"), std::string::npos) << Marks;
}

/// Upstream's flags for a vector kernel of Target, as tests/npu/<target>/src/st's CMake files give them (pto_vec_st):
/// add_compile_options, CMAKE_CCE_COMPILE_OPTIONS, the architecture and the memory model.
std::vector<std::string> upstreamVecOptions(const std::string &Target, const std::string &Isa) {
  std::vector<std::string> O{"-D_FORTIFY_SOURCE=2", "-O2", "-std=c++17", "-Wno-macro-redefined",
                             "-Wno-ignored-attributes"};
  if (Target == "a5")
    O.push_back("-Wno-unknown-attributes");
  O.insert(O.end(), {"-fstack-protector-strong", "-xcce", "-Xhost-start", "-Xhost-end",
                     "SHELL:-mllvm -cce-aicore-stack-size=0x8000", "SHELL:-mllvm -cce-aicore-function-stack-size=0x8000",
                     "SHELL:-mllvm -cce-aicore-record-overflow=true", "SHELL:-mllvm -cce-aicore-addr-transform",
                     "SHELL:-mllvm -cce-aicore-dcci-insert-for-scalar=false"});
  O.push_back(Target == "a2a3" ? "--cce-aicore-arch=dav-c220-vec" : "--cce-aicore-arch=dav-c310-vec");
  O.push_back(Target == "a2a3" ? "-DMEMORY_BASE" : "-DREGISTER_BASE");
  O.push_back("-I" + Isa + "/include");
  return O;
}

TEST(Launcher, UpstreamKernelsGiveTheFindingsOfPtoLintP) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa: set PTOISA_DIR, or put it at ../shared/third_party/pto-isa";
  // Upstream vector kernels built as upstream builds them, with the stand-in bisheng: three a2a3 kernels with
  // triaged findings (tests/conformance/upstream-a2a3.txt; trowexpandmin's TLOADs and TSTOREs of a valid region
  // that differs from the global tensor break upstream's own asserts, upstream-checks-a2a3.txt), and two a5 kernels
  // with none (the predicate that TRowReduce.hpp passes to its vmin helper is followed and proved,
  // tests/conformance/upstream-a5.txt).
  struct Case {
    std::string target;
    std::vector<std::string> kernels;
    size_t colargmin, rowexpand, vminMask, upstream; // findings of these rules, per the conformance expectations
    int rc;                                          // pto-lint -p's exit code: 1 with findings, 0 without
  } Cases[] = {{"a2a3", {"tcolargmax", "tcolargmin", "trowexpandmin"}, 3, 1, 0, 15, 1},
               {"a5", {"tcolargmin", "trowmin"}, 0, 0, 0, 0, 0}};
  for (const Case &K : Cases) {
    TempDir T("launch");
    std::string B = T.path + "/build";
    Project P;
    P.compiler = Bisheng;
    P.launcher = {Launch, "--fail-on=never"};
    for (const std::string &Op : K.kernels)
      P.kernels.push_back(Isa + "/tests/npu/" + K.target + "/src/st/testcase/" + Op + "/" + Op + "_kernel.cpp");
    P.options = upstreamVecOptions(K.target, Isa);
    Out C = configure(B, P);
    ASSERT_EQ(C.rc, 0) << C.text;
    Out Built = build(B);
    ASSERT_EQ(Built.rc, 0) << Built.text;
    int Rc = -1;
    std::string Raw;
    std::multiset<std::string> Expected = ptoLintP(B, Rc, &Raw);
    EXPECT_EQ(Rc, K.rc) << K.target << "\n" << show(Expected);
    EXPECT_EQ(count(Expected, "[pto-colargmin-tmp-size]"), K.colargmin) << show(Expected);
    EXPECT_EQ(count(Expected, "[pto-rowexpand-tmp-size]"), K.rowexpand) << show(Expected);
    EXPECT_EQ(count(Expected, "[pto-vmin-mask-width]"), K.vminMask) << show(Expected);
    EXPECT_EQ(count(Expected, "[pto-upstream-assert]"), K.upstream) << show(Expected);
    EXPECT_EQ(count(Expected, "error: "), K.colargmin + K.rowexpand + K.upstream) << "a compile error\n"
                                                                                  << show(Expected);
    EXPECT_EQ(commandOutput(Built.text), Expected) << Built.text;
    // pto-lint's HIP parse of the a5 headers warns about `#pragma unroll(...)`: pto-lint is not the compiler, so
    // neither its output nor the build log shows it (Cli.CompilerWarningsAreNotPrintedUnlessAsked: the summary counts it).
    EXPECT_EQ(Raw.find("#pragma unroll"), std::string::npos) << Raw;
    EXPECT_EQ(Built.text.find("#pragma unroll"), std::string::npos) << Built.text;
  }
}

} // namespace

namespace {

const std::string BuildDir = PTOLINT_BUILD_DIR;

/// The `lint` component installed to Dir/prefix; "" (and a failure) if it did not install.
std::string installLint(const std::string &Dir) {
  std::string Prefix = Dir + "/prefix";
  Out I = run(CMake + " --install " + quote(BuildDir) + " --prefix " + quote(Prefix) + " --component lint");
  EXPECT_EQ(I.rc, 0) << I.text;
  return I.rc == 0 ? Prefix : "";
}

TEST(Package, InstalledPackageLintsAConsumerProject) {
  TempDir T("install");
  std::string Prefix = installLint(T.path);
  ASSERT_NE(Prefix, "");
  for (const char *F : {"bin/pto-lint", "bin/pto-lint-launch", "lib/pto-lint/ptolint.so",
                        "share/pto-lint/prelude/pto_lint_cce_prelude.h", "lib/cmake/PtoLint/PtoLintConfig.cmake",
                        "lib/cmake/PtoLint/PtoLintConfigVersion.cmake", "share/doc/pto-lint/launcher.md"})
    EXPECT_TRUE(fs::exists(Prefix + "/" + F)) << F;
  // The installed pto-lint uses the installed prelude, not the source tree's.
  std::string D = T.path;
  std::ofstream(D + "/compile_commands.json")
      << "[{\"directory\": \"" << D << "\", \"file\": \"k.cpp\", \"arguments\": [\"bisheng\", \"-xcce\", "
      << "\"--cce-aicore-arch=dav-c220-vec\", \"-c\", \"k.cpp\"]}]";
  std::ofstream(D + "/k.cpp") << "int k;\n";
  Out Cmds = run(Prefix + "/bin/pto-lint --print-commands -p " + quote(D) + " " + quote(D + "/k.cpp"));
  EXPECT_NE(Cmds.text.find("-include " + Prefix + "/share/pto-lint/prelude/pto_lint_cce_prelude.h"),
            std::string::npos)
      << Cmds.text;

  // clang++ 19: the plugin. Its error finding fails that compile; the legal kernel compiles.
  std::vector<std::string> Use{"-DUSE_PTOLINT=ON", "-DCMAKE_PREFIX_PATH=" + Prefix, "-DPTOLINT_TARGETS=a2a3;a5"};
  std::string Clang = D + "/clang";
  Project P;
  P.kernels = {DocExample, Legal};
  P.extra = Use;
  Out C = configure(Clang, P);
  ASSERT_EQ(C.rc, 0) << C.text;
  EXPECT_NE(C.text.find("pto-lint: kernels (CXX) is linted by the plugin"), std::string::npos) << C.text;
  std::string Db = pto::testutil::readFile(Clang + "/compile_commands.json");
  EXPECT_NE(Db.find("-fplugin=" + Prefix + "/lib/pto-lint/ptolint.so -fplugin-arg-ptolint-target=a2a3,a5"),
            std::string::npos)
      << Db;
  Out B = build(Clang);
  EXPECT_NE(B.rc, 0) << B.text;
  EXPECT_NE(B.text.find(DocExample + ":18:3: error: tmp tile holds 128 B but TCOLARGMIN on a 16x255 float source "
                                     "needs 512 B on a2a3 [pto-colargmin-tmp-size]"),
            std::string::npos)
      << B.text;
  EXPECT_FALSE(fs::exists(objectOf(Clang, DocExample)));
  EXPECT_TRUE(fs::exists(objectOf(Clang, Legal)));

  // A stand-in bisheng (identified as Clang 19 by CMake, as bisheng is a clang): the launcher, in front of the
  // ccache the project already had (when ccache is installed); its findings are what the installed pto-lint -p reports.
  std::string Cce = D + "/bisheng";
  Project Q;
  Q.compiler = Bisheng;
  bool Ccache = run("command -v ccache").rc == 0;
  if (Ccache)
    Q.launcher = {"ccache"};
  Q.kernels = {Src + "/tests/npu/tcolargmin_upstream_tmp.cpp"};
  Q.options = {"-xcce", "--cce-aicore-arch=dav-c220-vec", "-std=c++17", "-I" + Src + "/refmodel/include"};
  Q.extra = Use;
  Q.extra.push_back("-DPTOLINT_ARGS=FAIL_ON;never;WERROR");
  C = configure(Cce, Q);
  ASSERT_EQ(C.rc, 0) << C.text;
  EXPECT_NE(C.text.find("pto-lint: kernels (CXX) is linted by the launcher"), std::string::npos) << C.text;
  Db = pto::testutil::readFile(Cce + "/compile_commands.json");
  EXPECT_EQ(Db.find("-fplugin"), std::string::npos) << Db;
  std::string Ninja = pto::testutil::readFile(Cce + "/CMakeFiles/rules.ninja");
  EXPECT_NE(Ninja.find(Prefix + "/bin/pto-lint-launch --fail-on=never --target=a2a3,a5 --werror -- " +
                       (Ccache ? "ccache " : "") + Bisheng),
            std::string::npos)
      << Ninja;
  B = build(Cce, "CCACHE_DIR=" + quote(D + "/ccache"));
  EXPECT_EQ(B.rc, 0) << B.text; // a2a3 error findings, but FAIL_ON never
  EXPECT_TRUE(fs::exists(objectOf(Cce, Q.kernels[0])));
  Out Expected = run(Prefix + "/bin/pto-lint --quiet --target=a2a3,a5 --werror -p " + quote(Cce));
  EXPECT_EQ(Expected.rc, 1) << Expected.text;
  EXPECT_EQ(count(commandOutput(Expected.text), "[pto-colargmin-tmp-size]"), 1u) << Expected.text;
  EXPECT_EQ(commandOutput(B.text), commandOutput(Expected.text)) << B.text;
}

} // namespace
