// tests/conformance: pto-lint on upstream's NPU system-test kernels with the real pto-isa headers, per target.
//
// Each *_kernel.cpp under <pto-isa>/tests/npu/<target>/src/st/testcase is linted from the CCE compile command that
// upstream's CMake builds it with (tests/conformance/kernel-commands.txt for the ones not built by
// pto_{vec,cube,mix}_st). Checked against tests/conformance/upstream-<target>.txt:
//  * compile errors: exactly the listed ones (each triaged);
//  * per checked op: the calls checked (one per instantiation and core) equal the pinned number, and the call
//    locations in the kernel files equal the calls the kernel sources contain (counted from the text);
//  * findings: exactly the listed ones, each triaged ("true defect: ..." with the upstream implementation's
//    file:line; an unknown: "not followed: <what pto-lint cannot read>"). PTOLINT_BLESS=1 rewrites the file, keeping the triage of findings that remain; a new finding
//    gets "UNTRIAGED", which fails the test until someone triages it.
// Skipped, with a message, when the pto-isa checkout is absent (PTOISA_DIR, or ../shared/third_party/pto-isa).
#include "../TestUtil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

const std::string Src = PTOLINT_SOURCE_DIR;
const std::string Cli = PTOLINT_CLI;

using pto::testutil::readFile;

std::vector<std::string> words(const std::string &Line) {
  std::istringstream In(Line);
  std::vector<std::string> W;
  for (std::string X; In >> X;)
    W.push_back(X);
  return W;
}

/// One compile command of one kernel, as upstream's CMake builds it.
struct KernelCommand {
  std::string file; // absolute
  std::string arch; // --cce-aicore-arch value
  std::vector<std::string> extra;
};

/// Upstream's flags (tests/npu/<target>/src/st/CMakeLists.txt add_compile_options and CMAKE_CCE_COMPILE_OPTIONS,
/// and the per-kind options of testcase/CMakeLists.txt); for cpu, the CPU simulator's (reference/cpu-sim-semantics.md
/// §1: tests/cpu/st/CMakeLists.txt, with C++20).
std::vector<std::string> upstreamArgs(const std::string &Target, const KernelCommand &K, const std::string &Isa) {
  if (Target == "cpu")
    return {"clang++", "-xc++", "-std=c++20", "-D__CPU_SIM", "-include", "stdint.h", "-include", "stddef.h",
            "-Wno-macro-redefined", "-Wno-ignored-attributes", "-I" + Isa + "/include", "-c", K.file,
            "-o", fs::path(K.file).filename().string() + ".o"};
  std::vector<std::string> A = {"bisheng", "-D_FORTIFY_SOURCE=2", "-O2", "-std=c++17", "-Wno-macro-redefined",
                                "-Wno-ignored-attributes", "-fstack-protector-strong", "-xcce", "-Xhost-start",
                                "-Xhost-end", "-mllvm", "-cce-aicore-stack-size=0x8000", "-mllvm",
                                "-cce-aicore-function-stack-size=0x8000", "-mllvm", "-cce-aicore-record-overflow=true",
                                "-mllvm", "-cce-aicore-addr-transform", "-mllvm",
                                "-cce-aicore-dcci-insert-for-scalar=false", "--cce-aicore-arch=" + K.arch,
                                Target == "a2a3" ? "-DMEMORY_BASE" : "-DREGISTER_BASE", "-std=c++17",
                                "-I" + Isa + "/include"};
  for (const std::string &E : K.extra)
    A.push_back(E == "-I." ? "-I" + fs::path(K.file).parent_path().string() : E);
  A.insert(A.end(), {"-c", K.file, "-o", fs::path(K.file).filename().string() + ".o"});
  return A;
}

/// Every kernel of a target and its compile commands; a kernel with no known command is a failure.
std::vector<KernelCommand> kernelCommands(const std::string &Target, const std::string &Isa) {
  std::string Base = Isa + "/tests/npu/" + Target + "/src/st/testcase";
  std::multimap<std::string, KernelCommand> Listed;
  std::istringstream Table(readFile(Src + "/tests/conformance/kernel-commands.txt"));
  for (std::string Line; std::getline(Table, Line);) {
    std::vector<std::string> W = words(Line);
    if (W.empty() || W[0][0] == '#')
      continue;
    EXPECT_GE(W.size(), 3u) << "kernel-commands.txt: cannot read '" << Line << "'";
    if (W.size() < 3 || W[0] != Target)
      continue;
    Listed.emplace(W[1], KernelCommand{Base + "/" + W[1], W[2], std::vector<std::string>(W.begin() + 3, W.end())});
  }
  std::vector<std::string> Files;
  for (const auto &Dir : fs::directory_iterator(Base))
    if (Dir.is_directory())
      for (const auto &F : fs::directory_iterator(Dir.path()))
        if (F.path().filename().string().size() > 11 &&
            F.path().filename().string().rfind("_kernel.cpp") == F.path().filename().string().size() - 11)
          Files.push_back(fs::relative(F.path(), Base).string());
  std::sort(Files.begin(), Files.end());
  std::string Family = Target == "a2a3" ? "dav-c220" : "dav-c310";
  std::vector<KernelCommand> Out;
  for (const std::string &Rel : Files) {
    auto [B, E] = Listed.equal_range(Rel);
    if (B != E) {
      for (auto I = B; I != E; ++I)
        Out.push_back(I->second);
      continue;
    }
    std::string Name = fs::path(Rel).filename().string();
    Name = Name.substr(0, Name.size() - 11);
    std::string CMake = readFile(Base + "/" + fs::path(Rel).parent_path().string() + "/CMakeLists.txt");
    std::smatch M;
    if (std::regex_search(CMake, M, std::regex("pto_(vec|cube|mix)_st\\(" + Name + "\\)")))
      Out.push_back({Base + "/" + Rel, M[1] == "mix" ? Family : Family + "-" + M[1].str(), {}});
    else
      ADD_FAILURE() << Rel << ": no compile command known (not built by pto_*_st; add it to kernel-commands.txt)";
  }
  return Out;
}

/// The calls of each op a source text contains: `OP(` or `OP<...>(` outside comments.
/// The lines of an op's calls in a kernel's text (comments blanked, lines kept), per op.
std::map<std::string, std::vector<unsigned>> textualCalls(const std::string &Text, const std::set<std::string> &Ops) {
  std::string Code = Text;
  std::regex Comment("//[^\n]*|/\\*[\\s\\S]*?\\*/");
  for (auto It = std::sregex_iterator(Text.begin(), Text.end(), Comment); It != std::sregex_iterator(); ++It)
    for (size_t I = It->position(); I < size_t(It->position() + It->length()); ++I)
      if (Code[I] != '\n')
        Code[I] = ' ';
  std::map<std::string, std::vector<unsigned>> Lines;
  for (const std::string &Op : Ops) {
    std::regex Call("\\b" + Op + "\\s*(<[^;(){}]*>)?\\s*\\(");
    for (auto It = std::sregex_iterator(Code.begin(), Code.end(), Call); It != std::sregex_iterator(); ++It)
      Lines[Op].push_back(1 + std::count(Code.begin(), Code.begin() + It->position(), '\n'));
  }
  return Lines;
}

struct Run {
  int rc = -1;
  Json report;
  std::vector<std::string> compileErrors; // "path:line:col: message", path relative to the pto-isa root
  std::string stderrText;                 // what pto-lint said (for failure messages)
};

std::string relToIsa(const std::string &P, const std::string &Isa) {
  return P.rfind(Isa + "/", 0) == 0 ? P.substr(Isa.size() + 1) : P;
}

Run lint(const std::string &Target, const std::vector<KernelCommand> &Cmds, const std::string &Isa,
         const std::string &Options = "", const std::string &Env = "") {
  char T[] = "/tmp/ptolint-upstream-XXXXXX";
  std::string Dir = mkdtemp(T);
  Json Db = Json::array();
  for (const KernelCommand &K : Cmds)
    Db.push_back({{"directory", fs::path(K.file).parent_path().string()},
                  {"file", K.file},
                  {"arguments", upstreamArgs(Target, K, Isa)}});
  std::ofstream(Dir + "/compile_commands.json") << Db.dump(1);
  std::string Cmd = Env + (Env.empty() ? "" : " ") + Cli + " --quiet " + Options + " --format=json --output=" + Dir + "/report.json -p " + Dir +
                    " 2>" + Dir + "/stderr.txt >/dev/null";
  Run R;
  int St = std::system(Cmd.c_str());
  R.rc = WIFEXITED(St) ? WEXITSTATUS(St) : -1;
  std::ifstream In(Dir + "/report.json");
  if (In)
    R.report = Json::parse(In, nullptr, false);
  R.stderrText = readFile(Dir + "/stderr.txt");
  std::istringstream Err(R.stderrText);
  std::regex ErrorLine("^(.*):([0-9]+):([0-9]+): (fatal )?error: (.*)$");
  for (std::string Line; std::getline(Err, Line);) {
    std::smatch M;
    if (std::regex_match(Line, M, ErrorLine) && M[5].str().find("[pto-") == std::string::npos)
      R.compileErrors.push_back(relToIsa(M[1], Isa) + ":" + M[2].str() + ":" + M[3].str() + ": " + M[5].str());
  }
  fs::remove_all(Dir);
  return R;
}

/// The expectation file: "ops OP calls N", "compile-error KEY | triage", "finding KEY | triage".
struct Expectations {
  std::map<std::string, unsigned> calls;
  std::map<std::string, std::string> compileErrors; // key -> triage
  std::multimap<std::string, std::string> findings; // key -> triage
  std::map<std::string, std::string> unchecked;     // "OP file:line" written in a kernel but never checked -> why
  std::vector<std::string> comments;                // the header, kept by bless
};

Expectations readExpectations(const std::string &Path) {
  Expectations E;
  std::istringstream In(readFile(Path));
  bool Header = true;
  for (std::string Line; std::getline(In, Line);) {
    if (Line.empty())
      continue;
    if (Line[0] == '#') {
      if (Header)
        E.comments.push_back(Line);
      continue;
    }
    Header = false;
    std::vector<std::string> W = words(Line);
    size_t Bar = Line.find(" | ");
    if (W.size() == 4 && W[0] == "ops" && W[2] == "calls")
      E.calls[W[1]] = std::stoul(W[3]);
    else if (W[0] == "compile-error" && Bar != std::string::npos)
      E.compileErrors[Line.substr(14, Bar - 14)] = Line.substr(Bar + 3);
    else if (W[0] == "finding" && Bar != std::string::npos)
      E.findings.emplace(Line.substr(8, Bar - 8), Line.substr(Bar + 3));
    else if (W[0] == "unchecked" && Bar != std::string::npos)
      E.unchecked[Line.substr(10, Bar - 10)] = Line.substr(Bar + 3);
    else
      ADD_FAILURE() << Path << ": cannot read '" << Line << "'";
  }
  return E;
}

std::string findingKey(const Json &F, const std::string &Isa) {
  return relToIsa(F["file"], Isa) + ":" + std::to_string(F["line"].get<int>()) + ":" +
         std::to_string(F["column"].get<int>()) + " " + F["ruleId"].get<std::string>() + " " +
         F["status"].get<std::string>() + " " + F["message"].get<std::string>();
}

/// A finding is a true defect (with the upstream implementation's file:line); a compile error is upstream's
/// ("upstream: ..."); an unknown says what pto-lint does not follow ("not followed: ..."), never "proved".
bool triaged(const std::string &Key, const std::string &T) {
  bool Unknown = Key.find(" unknown ") != std::string::npos;
  return T.rfind(Unknown ? "not followed: " : "true defect: ", 0) == 0 || T.rfind("upstream: ", 0) == 0;
}

void checkTarget(const std::string &Target) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa (its include/ and tests/npu/): set PTOISA_DIR to a checkout at "
                    "3186c381, or put it at ../shared/third_party/pto-isa";
  std::vector<KernelCommand> Cmds = kernelCommands(Target, Isa);
  ASSERT_FALSE(Cmds.empty());
  std::set<std::string> Kernels;
  for (const KernelCommand &K : Cmds)
    Kernels.insert(K.file);
  // pto-lint's own rules; upstream's lifted checks are pinned apart (checkUpstream). Findings whose verdict depends on
  // upstream's code alone, which users are not shown, are triaged here once (--upstream-findings).
  Run R = lint(Target, Cmds, Isa, "--upstream-checks=false --upstream-findings");
  ASSERT_TRUE(R.report.is_object()) << "no JSON report (exit " << R.rc << "); standard error:\n"
                                    << R.stderrText.substr(0, 8000);
  std::string ExpPath = Src + "/tests/conformance/upstream-" + Target + ".txt";
  Expectations E = readExpectations(ExpPath);

  // Op calls: pinned totals, and the locations in kernel files against the kernels' text.
  std::set<std::string> Ops;
  // Named: a range-for over a member of the temporary parse() returns would read it after it is destroyed.
  const Json OpsFile = Json::parse(readFile(Src + "/rules/ops.json"));
  for (const Json &Op : OpsFile["ops"])
    Ops.insert(Op["name"].get<std::string>());
  // Every call written in a kernel file is checked, but for the pinned `unchecked` ones (e.g. in an `if constexpr`
  // branch no instantiation takes: clang never instantiates it, so there is no call to check).
  std::map<std::string, unsigned> InText, Located, Calls;
  std::set<std::string> Written, Checked; // "OP file:line", file relative to pto-isa
  for (const std::string &K : Kernels)
    for (const auto &[Op, Lines] : textualCalls(readFile(K), Ops))
      for (unsigned L : Lines) {
        ++InText[Op];
        Written.insert(Op + " " + relToIsa(K, Isa) + ":" + std::to_string(L));
      }
  const Json &ByOp = R.report["summary"]["ops"];
  for (auto It = ByOp.begin(); It != ByOp.end(); ++It) {
    Calls[It.key()] = It.value()["calls"].get<unsigned>();
    for (const Json &L : It.value()["locations"]) {
      std::string Loc = L.get<std::string>();
      std::string File = Loc.substr(0, Loc.find(':'));
      if (!Kernels.count(File))
        continue;
      ++Located[It.key()];
      std::string Line = Loc.substr(File.size() + 1);
      Checked.insert(It.key() + " " + relToIsa(File, Isa) + ":" + Line.substr(0, Line.find(':')));
    }
  }
  std::map<std::string, std::string> Unchecked; // what bless pins
  for (const std::string &W : Written)
    if (!Checked.count(W)) {
      Unchecked[W] = E.unchecked.count(W) ? E.unchecked[W] : "UNTRIAGED";
      if (!std::getenv("PTOLINT_BLESS")) {
        EXPECT_TRUE(E.unchecked.count(W) && triaged(W, E.unchecked[W]))
            << "a call in a kernel's text was not checked, and is not pinned as `unchecked ... | why`: " << W;
      }
    }
  for (const auto &[W, Why] : E.unchecked)
    if (!std::getenv("PTOLINT_BLESS")) {
      EXPECT_TRUE(Written.count(W) && !Checked.count(W)) << "stale `unchecked` line (it is checked now): " << W;
    }
  for (const std::string &Op : Ops) {
    if (!std::getenv("PTOLINT_BLESS")) {
      EXPECT_EQ(Calls[Op], E.calls.count(Op) ? E.calls[Op] : 0u) << Op << ": calls checked (instantiations x cores)";
    }
  }

  // What was linted, for the log (the closing line of each target in CI output).
  unsigned Locations = 0, TotalCalls = 0;
  for (const auto &[Op, N] : Located)
    Locations += N;
  for (const auto &[Op, N] : Calls)
    TotalCalls += N;
  const Json &Sum = R.report["summary"];
  std::cout << "[ upstream ] " << Target << ": " << Kernels.size() << " kernels, " << Cmds.size()
            << " compile commands, " << R.compileErrors.size() << " compile errors; " << Locations
            << " op call sites in the kernels, " << TotalCalls << " calls checked (instantiations x cores, headers "
            << "included), " << Sum["checks"] << " checks: " << Sum["proved"] << " proved, " << Sum["violated"]
            << " violated, " << Sum["unknown"] << " unknown; " << R.report["findings"].size() << " findings\n";

  // Compile errors and findings, each triaged.
  std::multiset<std::string> GotErrors(R.compileErrors.begin(), R.compileErrors.end());
  std::multimap<std::string, std::string> GotFindings;
  for (const Json &F : R.report["findings"]) {
    std::string Key = findingKey(F, Isa);
    auto Known = E.findings.find(Key);
    GotFindings.emplace(Key, Known == E.findings.end() ? "UNTRIAGED" : Known->second);
  }
  if (std::getenv("PTOLINT_BLESS")) {
    std::ofstream Out(ExpPath);
    for (const std::string &C : E.comments)
      Out << C << "\n";
    Out << "\n";
    for (const auto &[Op, N] : Calls)
      if (N)
        Out << "ops " << Op << " calls " << N << "\n";
    for (const std::string &K : std::set<std::string>(GotErrors.begin(), GotErrors.end()))
      Out << "compile-error " << K << " | " << (E.compileErrors.count(K) ? E.compileErrors[K] : "UNTRIAGED") << "\n";
    for (const auto &[K, T] : GotFindings)
      Out << "finding " << K << " | " << T << "\n";
    for (const auto &[W, Why] : Unchecked)
      Out << "unchecked " << W << " | " << Why << "\n";
    return;
  }
  EXPECT_LE(R.rc, E.compileErrors.empty() ? 1 : 2) << "exit code; standard error:\n" << R.stderrText.substr(0, 8000);
  for (const std::string &K : std::set<std::string>(GotErrors.begin(), GotErrors.end()))
    EXPECT_TRUE(E.compileErrors.count(K)) << "compile error not expected: " << K;
  for (const auto &[K, T] : E.compileErrors) {
    EXPECT_TRUE(GotErrors.count(K)) << "expected compile error did not occur (stale expectation): " << K;
    EXPECT_TRUE(triaged(K, T)) << "compile error not triaged (\"upstream: <why>\"): " << K;
  }
  std::multiset<std::string> Want, Got;
  for (const auto &[K, T] : E.findings) {
    Want.insert(K);
    EXPECT_TRUE(triaged(K, T)) << "finding not triaged (\"true defect: <why, upstream file:line>\", or for an "
                                  "unknown \"not followed: <what>\"): "
                               << K;
  }
  for (const auto &[K, T] : GotFindings)
    Got.insert(K);
  for (const std::string &K : Got)
    EXPECT_EQ(Want.count(K), Got.count(K)) << "finding on upstream code, not in " << ExpPath << ": " << K;
  for (const std::string &K : Want)
    EXPECT_TRUE(Got.count(K)) << "expected finding did not occur (stale expectation): " << K;
}

/// Lints Dir/k.cpp with pto-lint from a one-entry database holding the bisheng command Args (without the
/// compiler and the `-c k.cpp` tail); returns the exit code and everything pto-lint printed.
std::pair<int, std::string> lintKernel(const std::string &Dir, std::vector<std::string> Args,
                                       const std::string &Options = "") {
  Args.insert(Args.begin(), "bisheng");
  Args.insert(Args.end(), {"-c", "k.cpp"});
  Json Db = Json::array({{{"directory", Dir}, {"file", Dir + "/k.cpp"}, {"arguments", Args}}});
  std::ofstream(Dir + "/compile_commands.json") << Db.dump();
  int St = std::system((Cli + " " + Options + " -p " + Dir + " > " + Dir + "/out.txt 2>&1").c_str());
  return {WIFEXITED(St) ? WEXITSTATUS(St) : -1, readFile(Dir + "/out.txt")};
}

/// A user's kernel on the real headers, with a CANN installation's host header on the include path (aclFloat16 as
/// uint16_t, aclrtStream, ...) ahead of pto-lint's stand-in: it parses, and the defect is found on both targets.
TEST(Upstream, UserKernelWithCannHostHeader) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa: set PTOISA_DIR, or put it at ../shared/third_party/pto-isa";
  char T[] = "/tmp/ptolint-user-XXXXXX";
  std::string Dir = mkdtemp(T);
  fs::create_directories(Dir + "/cann/include/acl");
  std::ofstream(Dir + "/cann/include/acl/acl.h") << "#pragma once\n#include <stdint.h>\n#include <stddef.h>\n"
                                                     "typedef uint16_t aclFloat16;\ntypedef void *aclrtStream;\n"
                                                     "typedef int aclError;\n"
                                                     "extern aclError aclrtSynchronizeStream(aclrtStream stream);\n"
                                                     "extern float aclFloat16ToFloat(aclFloat16 value);\n";
  std::ofstream(Dir + "/k.cpp")
      << "#include <pto/pto-inst.hpp>\n#include <acl/acl.h>\nusing namespace pto;\n"
         "template <int Cols>\n__global__ AICORE void colArgMin(__gm__ uint32_t *out, __gm__ float *in) {\n"
         "  Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, -1, -1> src(16, Cols);\n"
         "  Tile<TileType::Vec, uint32_t, 1, 256, BLayout::RowMajor, -1, -1> dst(1, Cols);\n"
         "  Tile<TileType::Vec, float, 1, 32, BLayout::RowMajor, -1, -1> tmp(1, 32);\n"
         "  TASSIGN(src, 0x0);\n  TASSIGN(dst, 0x4000);\n  TASSIGN(tmp, 0x5000);\n"
         "  TCOLARGMIN(dst, src, tmp);\n}\n"
         "void launch(uint32_t *out, float *in, aclrtStream stream) {\n"
         "  colArgMin<255><<<1, nullptr, stream>>>(out, in);\n  aclrtSynchronizeStream(stream);\n"
         "  aclFloat16 h = 0;\n  (void)aclFloat16ToFloat(h);\n}\n";
  for (const auto &[Target, Arch] : {std::pair<std::string, std::string>{"a2a3", "dav-c220-vec"}, {"a5", "dav-c310-vec"}}) {
    SCOPED_TRACE(Target);
    auto [Rc, Text] = lintKernel(Dir,
                                 {"-xcce", "--cce-aicore-arch=" + Arch, "-O2", "-std=c++17", "-I" + Isa + "/include",
                                  "-I" + Dir + "/cann/include"},
                                 "--quiet");
    EXPECT_EQ(Rc, Target == "a2a3" ? 1 : 0) << Text;
    EXPECT_EQ(Text.find(": error: ") != std::string::npos && Text.find("[pto-") == std::string::npos, false) << Text;
    if (Target == "a2a3") {
      EXPECT_NE(Text.find("k.cpp:12:3: error: tmp tile holds 128 B but TCOLARGMIN on a 16x255 float source needs "
                          "512 B on a2a3 [pto-colargmin-tmp-size]"),
                std::string::npos)
          << Text;
    }
  }
  fs::remove_all(Dir);
}

/// A kernel with an A2A3 tmp-size defect on line 11 (12 with one extra include line), on the real headers.
std::string colArgMinKernel(const std::string &ExtraInclude) {
  return "#include <pto/pto-inst.hpp>\n" + ExtraInclude + "using namespace pto;\n"
         "template <int Cols>\n__global__ AICORE void colArgMin(__gm__ uint32_t *out, __gm__ float *in) {\n"
         "  Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, -1, -1> src(16, Cols);\n"
         "  Tile<TileType::Vec, uint32_t, 1, 256, BLayout::RowMajor, -1, -1> dst(1, Cols);\n"
         "  Tile<TileType::Vec, float, 1, 32, BLayout::RowMajor, -1, -1> tmp(1, 32);\n"
         "  TASSIGN(src, 0x0);\n  TASSIGN(dst, 0x4000);\n  TASSIGN(tmp, 0x5000);\n"
         "  TCOLARGMIN(dst, src, tmp);\n}\n"
         "template __global__ AICORE void colArgMin<255>(__gm__ uint32_t *, __gm__ float *);\n";
}

/// The editor path for NPU kernels: `pto-lint --export-compile-commands` writes the translated CCE commands as a
/// compile_commands.json, and clang-tidy with the pto-* module reports on it what the CLI reports (the module
/// installs the same CCE fixups). Skipped without pto-isa, clang-tidy-19 or the module.
TEST(Upstream, ClangTidyOnExportedCceCommands) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  const std::string Tidy = PTOLINT_CLANG_TIDY, Module = PTOLINT_TIDY_MODULE;
  if (Isa.empty() || Tidy.empty() || Module.empty())
    GTEST_SKIP() << "needs upstream pto-isa, clang-tidy-19 and the pto-tidy-module build";
  char T[] = "/tmp/ptolint-tidy-XXXXXX";
  std::string Dir = mkdtemp(T);
  std::ofstream(Dir + "/k.cpp") << colArgMinKernel("");
  auto [Rc, Text] = lintKernel(Dir, {"-xcce", "--cce-aicore-arch=dav-c220-vec", "-O2", "-std=c++17", "-I" + Isa + "/include"},
                               "--quiet");
  EXPECT_EQ(Rc, 1) << Text;
  const std::string Want = "k.cpp:11:3: error: tmp tile holds 128 B but TCOLARGMIN on a 16x255 float source needs 512 B "
                           "on a2a3 [pto-colargmin-tmp-size]";
  EXPECT_NE(Text.find(Want), std::string::npos) << Text;
  fs::create_directories(Dir + "/tidy");
  int St = std::system((Cli + " -p " + Dir + " " + Dir + "/k.cpp --export-compile-commands=" + Dir +
                        "/tidy/compile_commands.json > /dev/null 2>&1").c_str());
  EXPECT_EQ(WIFEXITED(St) ? WEXITSTATUS(St) : -1, 0);
  St = std::system(("cd " + Dir + " && " + Tidy + " --quiet --load=" + Module + " -checks='-*,pto-*' -p tidy k.cpp > " +
                    Dir + "/tidy.txt 2>&1").c_str());
  std::string Out = readFile(Dir + "/tidy.txt");
  EXPECT_NE(Out.find(Want), std::string::npos) << Out;
  EXPECT_EQ(Out.find("error: unknown"), std::string::npos) << Out;
  fs::remove_all(Dir);
}

/// The two bisheng spellings CceSyntax fixes, on headers of our own (runs everywhere): `[aicore]` after
/// decl-specifiers in a macro, and a `remove_gm<__gm__ T>` specialization in a file named pto/common/pto_tile.hpp
/// under `#if defined(__CCE_AICORE__)`; __CCE_AICORE__ stays visible to the files it includes and after it.
TEST(CceSyntax, AicoreInMacrosAndGmSpecialization) {
  char T[] = "/tmp/ptolint-cce-XXXXXX";
  std::string Dir = mkdtemp(T);
  fs::create_directories(Dir + "/inc/pto/common");
  std::ofstream(Dir + "/inc/pto/common/attr.hpp") << "#pragma once\n#define AICORE [aicore]\n"
                                                     "#define PTO_INTERNAL AICORE inline\n"
                                                     "#define INDEX(a, i) a[i]\n";
  std::ofstream(Dir + "/inc/pto/common/inner.hpp") << "#pragma once\n#ifndef __CCE_AICORE__\n"
                                                      "#error __CCE_AICORE__ hidden from an included file\n#endif\n";
  std::ofstream(Dir + "/inc/pto/common/pto_tile.hpp")
      << "#pragma once\n#include <pto/common/inner.hpp>\n#include <pto/common/attr.hpp>\n"
         "template <class T> struct remove_gm { using type = T; };\n"
         "#if defined(__CCE_AICORE__)\ntemplate <class T> struct remove_gm<__gm__ T> { using type = T; };\n#endif\n"
         "struct U { constexpr PTO_INTERNAL U() : v(0) {} int v; };\n";
  std::ofstream(Dir + "/k.cpp") << "#include <pto/common/pto_tile.hpp>\n"
                                   "#ifndef __CCE_AICORE__\n#error __CCE_AICORE__ not restored\n#endif\n"
                                   "int arr[2];\nint f() { return INDEX(arr, 1); }\n"
                                   "PTO_INTERNAL int g() { return remove_gm<int>::type(U().v); }\n";
  auto [Rc, Text] = lintKernel(Dir, {"-xcce", "--cce-aicore-arch=dav-c220-vec", "-std=c++17", "-I" + Dir + "/inc"});
  // Other bracketed macro bodies (INDEX) are left alone.
  EXPECT_EQ(Rc, 0) << Text;
  EXPECT_EQ(Text.find("error"), std::string::npos) << Text;
  fs::remove_all(Dir);
}

/// A copy of the real headers with TCOLARGMIN's declaration broken (as a newer pto-isa with a construct pto-lint
/// does not know would be): the TMIN defect beside it is still found, the TCOLARGMIN call is unknown with the
/// reason and counted; nothing is proved about it and nothing is lost.
TEST(Upstream, BrokenRealHeaderDegradesToUnknownCalls) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa: set PTOISA_DIR, or put it at ../shared/third_party/pto-isa";
  char T[] = "/tmp/ptolint-broken-XXXXXX";
  std::string Dir = mkdtemp(T);
  fs::copy(Isa + "/include", Dir + "/inc", fs::copy_options::recursive);
  std::string Instr = Dir + "/inc/pto/common/pto_instr.hpp", Text = readFile(Instr);
  size_t At = Text.find("PTO_INST RecordEvent TCOLARGMIN(");
  ASSERT_NE(At, std::string::npos) << "the pinned pto_instr.hpp declares TCOLARGMIN this way";
  Text.insert(At, "__pto_unknown_construct ");
  fs::permissions(Instr, fs::perms::owner_write, fs::perm_options::add);
  std::ofstream(Instr) << Text;
  std::ofstream(Dir + "/k.cpp") << "#include <pto/pto-inst.hpp>\nusing namespace pto;\n"
                                   "__global__ AICORE void kernel(__gm__ float *out) {\n"
                                   "  Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, -1, -1> src(16, 255);\n"
                                   "  Tile<TileType::Vec, uint32_t, 1, 256, BLayout::RowMajor, -1, -1> dst(1, 255);\n"
                                   "  Tile<TileType::Vec, float, 1, 32, BLayout::RowMajor, -1, -1> tmp(1, 32);\n"
                                   "  TASSIGN(src, 0x0);\n  TASSIGN(dst, 0x4000);\n  TASSIGN(tmp, 0x5000);\n"
                                   "  TCOLARGMIN(dst, src, tmp);\n"
                                   "  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1> a(16, 64), b(16, 64), "
                                   "c(16, 64);\n"
                                   "  TASSIGN(a, 0x8000);\n  TASSIGN(b, 0x8800);\n  TASSIGN(c, 0xA000);\n"
                                   "  TMIN(a, b, c);\n}\n";
  auto [Rc, Log] = lintKernel(Dir, {"-xcce", "--cce-aicore-arch=dav-c220-vec", "-std=c++17", "-I" + Dir + "/inc"});
  EXPECT_EQ(Rc, 2) << Log; // the file does not compile
  EXPECT_NE(Log.find("k.cpp:15:3: error: 'a' [32768, 36864) and 'b' [34816, 38912) overlap in the UB, which TMIN "
                     "does not allow on a2a3 [pto-tile-overlap]"),
            std::string::npos)
      << Log;
  EXPECT_NE(Log.find("k.cpp:10:3: warning: cannot check TCOLARGMIN: no declaration of 'TCOLARGMIN' the compiler "
                     "read accepts these operands"),
            std::string::npos)
      << Log;
  // Upstream's checks make every op of pto_instr.hpp a call site (the six TASSIGNs too); TMIN's two lifted checks
  // are proved.
  EXPECT_NE(Log.find("pto-lint: 1 file, 8 call sites, 21 checks: 20 proved, 1 violated, 1 unknown"), std::string::npos)
      << Log;
  fs::remove_all(Dir);
}

/// A baseline written on a sample of upstream kernels (the a2a3 ones with findings, and clean ones beside them)
/// suppresses every finding when the same kernels are linted again: exit 0, everything counted as baselined.
TEST(Upstream, BaselineSuppressesEveryFindingOnARerun) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa: set PTOISA_DIR, or put it at ../shared/third_party/pto-isa";
  std::vector<KernelCommand> Sample;
  for (const KernelCommand &K : kernelCommands("a2a3", Isa))
    if (std::regex_search(K.file, std::regex("/(tcolargm(in|ax)|trowexpandm(in|ax)|tcolmin|tpartmax)/")))
      Sample.push_back(K);
  ASSERT_GE(Sample.size(), 6u);
  char T[] = "/tmp/ptolint-upstream-baseline-XXXXXX";
  std::string Dir = mkdtemp(T);
  Json Db = Json::array();
  for (const KernelCommand &K : Sample)
    Db.push_back({{"directory", fs::path(K.file).parent_path().string()},
                  {"file", K.file},
                  {"arguments", upstreamArgs("a2a3", K, Isa)}});
  std::ofstream(Dir + "/compile_commands.json") << Db.dump(1);
  auto Run = [&](const std::string &Opts) {
    std::string Cmd = Cli + " " + Opts + " --format=json --output=" + Dir + "/report.json -p " + Dir + " > " + Dir +
                      "/out.txt 2>&1";
    int St = std::system(Cmd.c_str());
    return WIFEXITED(St) ? WEXITSTATUS(St) : -1;
  };
  EXPECT_EQ(Run("--write-baseline=" + Dir + "/baseline.json"), 0) << readFile(Dir + "/out.txt");
  Json First = Json::parse(readFile(Dir + "/report.json"), nullptr, false);
  ASSERT_TRUE(First.is_object());
  size_t Found = First["findings"].size();
  EXPECT_GE(Found, 5u) << "the sample has the triaged a2a3 findings";
  RecordProperty("kernels", static_cast<int>(Sample.size()));
  RecordProperty("findings", static_cast<int>(Found));
  Json Base = Json::parse(readFile(Dir + "/baseline.json"), nullptr, false);
  ASSERT_TRUE(Base.is_object());
  size_t Recorded = 0;
  for (const Json &E : Base["findings"]) {
    Recorded += E["count"].get<size_t>();
    EXPECT_EQ(E["file"].get<std::string>().rfind("tests/npu/a2a3/", 0), std::string::npos)
        << "paths are relative to the baseline's directory, not absolute or to pto-isa: " << E["file"];
  }
  EXPECT_EQ(Recorded, Found);

  EXPECT_EQ(Run("--baseline=" + Dir + "/baseline.json"), 0) << readFile(Dir + "/out.txt");
  Json Second = Json::parse(readFile(Dir + "/report.json"), nullptr, false);
  ASSERT_TRUE(Second.is_object());
  EXPECT_TRUE(Second["findings"].empty()) << Second["findings"].dump(1);
  EXPECT_NE(readFile(Dir + "/out.txt").find("(" + std::to_string(Found) + " baselined"), std::string::npos)
      << readFile(Dir + "/out.txt");
  fs::remove_all(Dir);
}

/// A file that pins what upstream's checks give (upstream-checks-<target>.txt, rules-vs-upstream.txt): its '#' header
/// (kept by bless), its "ops ..." count lines, and every other line as "KEY | VALUE" (a triage, or a reason), by key.
struct PinnedFile {
  std::vector<std::string> header;
  std::set<std::string> counts;
  std::multimap<std::string, std::string> lines;
};

PinnedFile readPinned(const std::string &Path) {
  PinnedFile P;
  std::istringstream In(readFile(Path));
  for (std::string Line; std::getline(In, Line);) {
    size_t Bar = Line.find(" | ");
    if (Line.empty())
      continue;
    if (Line[0] == '#')
      P.header.push_back(Line);
    else if (Line.rfind("ops ", 0) == 0)
      P.counts.insert(Line);
    else if (Bar != std::string::npos)
      P.lines.emplace(Line.substr(0, Bar), Line.substr(Bar + 3));
    else
      ADD_FAILURE() << Path << ": cannot read '" << Line << "'";
  }
  return P;
}

/// A path in the pto-isa checkout from its include/pto/ on (else relative to the root).
std::string fromInclude(const std::string &P, const std::string &Isa) {
  std::string File = relToIsa(P, Isa);
  size_t Inc = File.find("include/pto/");
  return Inc == std::string::npos ? File : File.substr(Inc);
}

/// Rewrites a pinned file (PTOLINT_BLESS): the header it had, the count lines, then Lines in their order.
void writePinned(const std::string &Path, const PinnedFile &Was, const std::set<std::string> &Counts,
                 const std::vector<std::string> &Lines) {
  std::ofstream Out(Path);
  for (const std::string &H : Was.header)
    Out << H << "\n";
  Out << "\n";
  for (const std::string &L : Counts)
    Out << L << "\n";
  for (const std::string &L : Lines)
    Out << L << "\n";
}

/// A line of --coverage: an upstream check reached and not followed, its file from include/pto/ on.
struct CoverageLine {
  std::string file, line, op, why, text;
  unsigned count = 0;
};

std::vector<CoverageLine> coverageLines(const std::string &Stderr, const std::string &Isa) {
  std::vector<CoverageLine> Out;
  std::istringstream Err(Stderr);
  std::regex Coverage("^pto-lint: not followed: (.*):([0-9]+): ([A-Z0-9_]+) \\(([0-9]+)x\\): (.*)$");
  for (std::string Line; std::getline(Err, Line);) {
    std::smatch M;
    if (!std::regex_match(Line, M, Coverage))
      continue;
    Out.push_back({fromInclude(M[1].str(), Isa), M[2].str(), M[3].str(), M[5].str(), Line,
                   unsigned(std::stoul(M[4].str()))});
  }
  return Out;
}

/// Upstream's own checks (--upstream-checks) on every op call of the target's kernels, against
/// tests/conformance/upstream-checks-<target>.txt: per op, the calls that reach a check, those whose every check was
/// decided, and the checks proved, violated and not followed (pinned counts); each not-followed check with its reason
/// and how often (pinned: what pto-lint does not follow yet, visible); every pto-upstream-assert finding triaged.
void checkUpstream(const std::string &Target) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa (its include/ and tests/npu/): set PTOISA_DIR to a checkout at "
                    "3186c381, or put it at ../shared/third_party/pto-isa";
  std::vector<KernelCommand> Cmds = kernelCommands(Target, Isa);
  ASSERT_FALSE(Cmds.empty());
  // Each condition is also substituted as clang does alone, and compared with the shortcut's tree
  // (ConditionSubstitution, ExtractAsserts.cpp): the lint reports with clang's, and says where the two differ.
  Run R = lint(Target, Cmds, Isa,
               "--upstream-checks --upstream-findings --coverage --enable=pto-upstream-assert,pto-tile-valid-bounds",
               "PTO_LINT_CHECK_SUBSTITUTION=1");
  ASSERT_TRUE(R.report.is_object()) << "no JSON report (exit " << R.rc << "); standard error:\n"
                                    << R.stderrText.substr(0, 8000);
  {
    size_t At = R.stderrText.find("PTO_LINT_CHECK_SUBSTITUTION: ");
    EXPECT_EQ(At, std::string::npos) << "a condition substitutes differently through pto-lint's shortcut:\n"
                                     << R.stderrText.substr(At == std::string::npos ? 0 : At, 8000);
  }
  std::string ExpPath = Src + "/tests/conformance/upstream-checks-" + Target + ".txt";
  PinnedFile Pinned = readPinned(ExpPath);
  const std::set<std::string> &WantCounts = Pinned.counts;
  std::set<std::string> WantNotFollowed;
  std::map<std::string, std::string> Triage; // finding key -> triage
  for (const auto &[K, V] : Pinned.lines)
    if (K.rfind("not-followed ", 0) == 0)
      WantNotFollowed.insert(K + " | " + V);
    else if (K.rfind("finding ", 0) == 0)
      Triage[K.substr(8)] = V;
    else
      ADD_FAILURE() << ExpPath << ": cannot read '" << K << " | " << V << "'";
  // Not followed, by assert and reason: --coverage's lines. A check left undecided by a wall-clock cap (one Z3
  // call's, or the unit's solver time) depends on the machine's load: it is counted per op (Timed) and printed, not
  // pinned; every other reason is pinned with its count.
  std::set<std::string> GotNotFollowed;
  std::map<std::string, unsigned> Timed; // op -> checks left undecided by a wall-clock cap
  for (const CoverageLine &L : coverageLines(R.stderrText, Isa)) {
    if (L.why.find("time cap of one call") != std::string::npos || L.why.find("tu-timeout") != std::string::npos) {
      Timed[L.op] += L.count;
      std::cout << "[ upstream ] " << Target << " (not pinned, depends on load): " << L.text << "\n";
      continue;
    }
    GotNotFollowed.insert("not-followed " + L.file + ":" + L.line + " " + L.op + " " + std::to_string(L.count) +
                          "x | " + L.why);
  }
  // Per op: pinned counts; a check a wall-clock cap left undecided counts with the proved ones (it is not one of
  // the pinned not-followed reasons, and on an unloaded machine it is decided).
  std::set<std::string> GotCounts;
  const Json &Sum = R.report["summary"];
  unsigned Ops = 0;
  for (auto It = Sum["ops"].begin(); It != Sum["ops"].end(); ++It) {
    if (!It.value().contains("upstream"))
      continue;
    const Json &U = It.value()["upstream"];
    ++Ops;
    unsigned T = Timed.count(It.key()) ? Timed[It.key()] : 0;
    GotCounts.insert("ops " + It.key() + " calls " + U["calls"].dump() + " checks " + U["checks"].dump() +
                     " proved-or-timed " + std::to_string(U["proved"].get<unsigned>() + T) + " violated " +
                     U["violated"].dump() + " not-followed " + std::to_string(U["notFollowed"].get<unsigned>() - T));
  }
  std::map<std::string, std::string> GotFindings;
  for (const Json &F : R.report["findings"])
    if (F["ruleId"] == "pto-upstream-assert" || F["ruleId"] == "pto-tile-valid-bounds") {
      std::string Key = findingKey(F, Isa);
      GotFindings[Key] = Triage.count(Key) ? Triage[Key] : "UNTRIAGED";
    }
  const Json &All = Sum.contains("upstream") ? Sum["upstream"] : Json::object();
  std::cout << "[ upstream ] " << Target << " upstream checks: " << Ops << " ops reach one; "
            << All.value("calls", 0) << " calls, " << All.value("callsDecided", 0) << " with every check decided; "
            << All.value("checks", 0) << " checks: " << All.value("proved", 0) << " proved, "
            << All.value("violated", 0) << " violated, " << All.value("notFollowed", 0) << " not followed; "
            << GotFindings.size() << " findings\n";
  if (std::getenv("PTOLINT_BLESS")) {
    std::vector<std::string> Lines;
    for (const auto &[K, T] : GotFindings)
      Lines.push_back("finding " + K + " | " + T);
    Lines.insert(Lines.end(), GotNotFollowed.begin(), GotNotFollowed.end());
    return writePinned(ExpPath, Pinned, GotCounts, Lines);
  }
  for (const std::string &L : GotCounts)
    EXPECT_TRUE(WantCounts.count(L)) << "counts changed (PTOLINT_BLESS=1 pins the new ones): " << L;
  for (const std::string &L : WantCounts)
    EXPECT_TRUE(GotCounts.count(L)) << "pinned counts not met: " << L;
  for (const std::string &L : GotNotFollowed)
    EXPECT_TRUE(WantNotFollowed.count(L)) << "a check not followed that is not pinned: " << L;
  for (const std::string &L : WantNotFollowed)
    EXPECT_TRUE(GotNotFollowed.count(L)) << "pinned not-followed line no longer occurs (followed now? bless): " << L;
  for (const auto &[K, T] : GotFindings)
    EXPECT_TRUE(triaged(K, T)) << "finding on upstream code, not triaged in " << ExpPath << ": " << K;
  for (const auto &[K, T] : Triage)
    EXPECT_TRUE(GotFindings.count(K)) << "expected finding did not occur (stale expectation): " << K;
}

/// An `expect` annotation of a kernel under tests/kernels/real, in the fixtures' syntax (tests/FixtureTest.cpp):
/// `// expect@+N[a2a3,a5]: warning pto-upstream-assert: <message text>` (a finding on line L+N), and
/// `// expect-note@+N[a5]: <text>` (a note of a finding on that line).
struct RealExpect {
  unsigned line = 0;
  bool note = false;
  std::string kind, rule, text;
  std::set<std::string> targets;
  bool matched = false;
};

std::vector<RealExpect> realExpectations(const std::string &Path) {
  static const std::regex Re(R"(^expect(-note)?(@([+-]\d+))?\[([a-z0-9,]+)\]:\s*(?:(error|warning)\s+(pto-[a-z0-9-]+)\s*(?::\s*(.*\S))?|(.*\S))$)");
  std::vector<RealExpect> Out;
  std::istringstream In(readFile(Path));
  std::string L;
  for (unsigned N = 1; std::getline(In, L); ++N) {
    size_t Pos = L.find("// expect");
    if (Pos == std::string::npos)
      continue;
    std::string C = L.substr(Pos + 3);
    std::smatch M;
    if (!std::regex_match(C, M, Re)) {
      ADD_FAILURE() << Path << ":" << N << ": cannot read this annotation: " << C;
      continue;
    }
    RealExpect E;
    E.line = N + (M[3].matched ? std::stoi(M[3].str()) : 0);
    std::istringstream Ts(M[4].str());
    for (std::string T; std::getline(Ts, T, ',');)
      E.targets.insert(T);
    E.note = M[1].matched;
    if (E.note) {
      E.text = M[8].matched ? M[8].str() : M[7].str();
    } else {
      E.kind = M[5].str();
      E.rule = M[6].str();
      E.text = M[7].matched ? M[7].str() : "";
    }
    Out.push_back(E);
  }
  return Out;
}

/// issue 22's second "done means" item on the real headers: the model-style kernels of tests/kernels/real (a TLOAD
/// whose tile's valid columns differ from the ND tensor's last dim, a TEXTRACT past its source, a TADD of mismatched
/// valid shapes, a TMATMUL with k = 0, each from a kernel argument; the guarded forms beside them), linted with
/// --upstream-checks and upstream's flags for their core (vec-*.cpp: dav-c220-vec / dav-c310-vec, cube-*.cpp:
/// dav-c220-cube / dav-c310-cube; tests/npu/<target>/src/st/testcase/CMakeLists.txt pto_vec_st / pto_cube_st).
/// Per target: every finding is an `expect` annotation on its line (rule, severity, message), with the counterexample
/// the `expect-note` names; nothing else is reported; every check is decided and every upstream check reached is
/// followed (so each guarded form is proved, not skipped), with the totals pinned below.
/// A kernel checked for several targets is checked against each target's implementation: its a2a3 command with
/// --target=a2a3,a5 is parsed once more as its a5 command would be (the architecture swapped), and gives the a5
/// implementation's findings, exactly those of the a5 command on its own, next to the a2a3 ones. A kernel that does
/// not compile for the other target says so once, on standard error (tadddeqrelu: pto-isa has no a5 TADDDEQRELU).
TEST(Upstream, SeveralTargetsAreEachCheckedAgainstTheirImplementation) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa: set PTOISA_DIR, or put it at ../shared/third_party/pto-isa";
  struct Outcome {
    int rc;
    std::set<std::string> findings; // "line rule target message"
    std::string err;
  };
  auto Lint = [&](const std::string &Path, const std::string &Target, const std::string &Arch,
                  const std::string &Targets) {
    char T[] = "/tmp/ptolint-targets-XXXXXX";
    std::string Dir = mkdtemp(T);
    KernelCommand K{Path, Arch, {}};
    Json Db = Json::array({{{"directory", Dir}, {"file", Path}, {"arguments", upstreamArgs(Target, K, Isa)}}});
    std::ofstream(Dir + "/compile_commands.json") << Db.dump();
    std::string Cmd = Cli + " --target=" + Targets + " --format=json --output=" + Dir + "/report.json -p " + Dir +
                      " " + Path + " > /dev/null 2> " + Dir + "/err.txt";
    int St = std::system(Cmd.c_str());
    Outcome O{WIFEXITED(St) ? WEXITSTATUS(St) : -1, {}, readFile(Dir + "/err.txt")};
    Json R = Json::parse(readFile(Dir + "/report.json"), nullptr, false);
    fs::remove_all(Dir);
    EXPECT_TRUE(R.is_object()) << O.err;
    if (R.is_object())
      for (const Json &F : R["findings"])
        for (const Json &Tg : F["targets"])
          O.findings.insert(std::to_string(F["line"].get<unsigned>()) + " " + F["ruleId"].get<std::string>() + " " +
                            Tg.get<std::string>() + " " + F["message"].get<std::string>());
    return O;
  };
  auto OnTarget = [](const std::set<std::string> &Fs, const std::string &Target) {
    std::set<std::string> Out;
    for (const std::string &F : Fs)
      if (F.find(" pto-upstream-assert " + Target + " ") != std::string::npos)
        Out.insert(F);
    return Out;
  };
  std::string Path = Src + "/tests/kernels/real/vec-ops.cpp";
  Outcome A5 = Lint(Path, "a5", "dav-c310-vec", "a5");
  Outcome A2 = Lint(Path, "a2a3", "dav-c220-vec", "a2a3");
  Outcome Both = Lint(Path, "a2a3", "dav-c220-vec", "a2a3,a5");
  ASSERT_FALSE(OnTarget(A5.findings, "a5").empty()) << "the kernel has defects a5's implementation asserts";
  EXPECT_EQ(OnTarget(Both.findings, "a5"), OnTarget(A5.findings, "a5")) << Both.err;
  EXPECT_EQ(OnTarget(Both.findings, "a2a3"), OnTarget(A2.findings, "a2a3")) << Both.err;
  EXPECT_EQ(Both.err.find("does not compile"), std::string::npos) << Both.err;

  std::string Tadd = Isa + "/tests/npu/a2a3/src/st/testcase/tadddeqrelu/tadddeqrelu_kernel.cpp";
  Outcome One = Lint(Tadd, "a2a3", "dav-c220-vec", "a2a3");
  Outcome Two = Lint(Tadd, "a2a3", "dav-c220-vec", "a2a3,a5");
  std::string Says = "does not compile for a5";
  size_t At = Two.err.find(Says);
  ASSERT_NE(At, std::string::npos) << Two.err;
  EXPECT_EQ(Two.err.find(Says, At + 1), std::string::npos) << "said once\n" << Two.err;
  EXPECT_NE(Two.err.find("TADDDEQRELU_IMPL"), std::string::npos) << "with the first error\n" << Two.err;
  EXPECT_EQ(Two.rc, One.rc) << Two.err;
  EXPECT_EQ(OnTarget(Two.findings, "a2a3"), OnTarget(One.findings, "a2a3"));
}

/// The headlines and counterexamples pto-lint prints for a file, in order: `line: severity: message [rule]` and
/// `line: note: fails for example when ...`, paths dropped.
std::vector<std::string> findingLines(const std::string &Text, const std::string &File) {
  std::vector<std::string> Out;
  std::istringstream In(Text);
  for (std::string L; std::getline(In, L);) {
    if (L.rfind(File + ":", 0) != 0)
      continue;
    std::string Rest = L.substr(File.size() + 1);
    std::string Line = Rest.substr(0, Rest.find(':'));
    size_t Kind = Rest.find(": ", Line.size() + 1);
    if (Kind == std::string::npos)
      continue;
    std::string What = Rest.substr(Kind + 2);
    if (What.rfind("warning: ", 0) == 0 || What.rfind("error: ", 0) == 0 ||
        What.rfind("note: fails for example", 0) == 0)
      Out.push_back(Line + ": " + What);
  }
  return Out;
}

// `.pto` tile ops pto-lint has no rules of its own for get upstream's checks through pto-isa's implementation, called
// as ptoas's emitc backend calls it: the defects of tests/pto/upstream/impl-calls.pto are refuted on the statement's
// line with a counterexample in the file's own values, per target, and their guarded forms proved (no finding).
TEST(Upstream, PtoTileOpsAgainstTheRealHeaders) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa: set PTOISA_DIR, or put it at ../shared/third_party/pto-isa";
  const std::string Dir = Src + "/tests/pto/upstream", File = "impl-calls.pto";
  const std::string Common = "cd '" + Dir + "' && env -u PTOISA_DIR '" + Cli + "' --cache-dir=off ";
  const std::map<std::string, std::vector<std::string>> Want = {
      {"a2a3",
       {"11: warning: '%a' has a 1x65 valid region but its tile is only 16x64 [pto-tile-valid-bounds]",
        "11: note: fails for example when %vr = 1, %vc = 65",
        "11: warning: TADD: upstream's check 'src0.GetValidRow() == validRows && src0.GetValidCol() == validCols' "
        "fails on a2a3: \"Fix: TADD input tile src0 valid shape mismatch with output tile dst shape.\" "
        "[pto-upstream-assert]",
        "11: note: fails for example when %vr = 0, %vc = 0",
        "36: warning: TEXTRACT: upstream's check 'idxRow + DstTileData::ValidRow <= SrcTileData::Rows' fails on a2a3: "
        "\"TEXTRACT ND Vec->Vec : indexRow + dstValidRow exceeds source rows!\" [pto-upstream-assert]",
        "36: note: fails for example when %row = 25",
        "67: warning: '%l' has a 16x33 valid region but its tile is only 16x32 [pto-tile-valid-bounds]",
        "67: note: fails for example when %k = 33",
        "67: warning: TMATMUL: upstream's check 'aMatrixCol >= 1 && aMatrixCol <= MMAD_MAX_SUPPORT_LENGTH' fails on "
        "a2a3: \"ERROR: The range of valid aMatrixCol is [1, 4095].\" [pto-upstream-assert]",
        "67: note: fails for example when %k = 0",
        "77: warning: '%l' has a 16x33 valid region but its tile is only 16x32 [pto-tile-valid-bounds]",
        "77: note: fails for example when %k = 33",
        "77: warning: TMATMUL: upstream's check 'aMatrixCol >= 1 && aMatrixCol <= MMAD_MAX_SUPPORT_LENGTH' fails on "
        "a2a3: \"ERROR: The range of valid aMatrixCol is [1, 4095].\" [pto-upstream-assert]",
        "77: note: fails for example when %k = 0"}},
      {"a5",
       {"11: warning: '%a' has a 1x65 valid region but its tile is only 16x64 [pto-tile-valid-bounds]",
        "11: note: fails for example when %vr = 1, %vc = 65",
        "11: warning: TADD: upstream's check 'src0.GetValidRow() == validRows && src0.GetValidCol() == validCols' "
        "fails on a5: \"Fix: TADD input tile src0 valid shape mismatch with output tile dst shape.\" "
        "[pto-upstream-assert]",
        "11: note: fails for example when %vr = 0, %vc = 0",
        "36: warning: TEXTRACT: upstream's check 'indexRow + validRow <= SrcTileData::Rows' fails on a5: \"TEXTRACT "
        "ND_VEC : indexRow + dstValidRows exceeds srcRows!\" [pto-upstream-assert]",
        "36: note: fails for example when %row = 25",
        "77: warning: '%l' has a 16x33 valid region but its tile is only 16x32 [pto-tile-valid-bounds]",
        "77: note: fails for example when %k = 33",
        "77: warning: TMATMUL: upstream's check 'aMatrixCol >= 1 && aMatrixCol <= MMAD_MAX_SUPPORT_LENGTH' fails on "
        "a5: \"ERROR: The range of valid aMatrixCol is [1, 4095].\" [pto-upstream-assert]",
        "77: note: fails for example when %k = 0"}}};
  for (const auto &[Target, Lines] : Want) {
    SCOPED_TRACE(Target);
    pto::testutil::Out O = pto::testutil::run(Common + "--pto-isa='" + Isa + "' --target=" + Target + " --coverage " + File);
    EXPECT_EQ(O.rc, 1) << O;
    EXPECT_EQ(findingLines(O.text, File), Lines) << O;
    // a5's matmul static_asserts a column-major left tile (a2a3 takes both); the division's precision mode is not
    // modelled: listed, not checked.
    EXPECT_NE(O.text.find(" not checked against pto-isa's implementation (--coverage))"), std::string::npos) << O;
    EXPECT_EQ(O.text.find("not checked against pto-isa: " + File + ":67: pto.tmatmul: its pto-isa call does not compile "
                          "for a5: ") != std::string::npos, Target == "a5") << O;
    EXPECT_NE(O.text.find("not checked against pto-isa: " + File + ":94: pto.tdiv: its attribute 'precisionType' is "
                          "not lowered to C++ here"), std::string::npos) << O;
    EXPECT_EQ(O.text.find(File + ":85"), std::string::npos) << O; // the conversion with its rounding mode: proved
  }
  // Without the headers: pto-lint's own rules only, and the summary says what was skipped.
  pto::testutil::Out None = pto::testutil::run(Common + "--target=a2a3 " + File);
  EXPECT_EQ(None.rc, 0) << None; // every op of the file is one without rules of its own
  EXPECT_EQ(None.text.find("[pto-"), std::string::npos) << None;
  EXPECT_NE(None.text.find("pto-lint: 1 file, 0 call sites, 0 checks: 0 proved, 0 violated, 0 unknown (9 .pto tile ops "
                           "not checked against pto-isa's implementation (--coverage; give its headers with "
                           "--pto-isa=DIR or PTOISA_DIR))"), std::string::npos) << None;
  // A directory that is not a pto-isa checkout is bad input.
  pto::testutil::Out Bad = pto::testutil::run(Common + "--pto-isa=/nonexistent " + File);
  EXPECT_EQ(Bad.rc, 2) << Bad;
  EXPECT_NE(Bad.text.find("--pto-isa: '/nonexistent' is not a pto-isa checkout"), std::string::npos) << Bad;
}

// The result cache replays a `.pto` file checked against pto-isa while nothing it read changed, and checks it again
// when a header of the checkout changes or another checkout is given: the headers the instantiation read are the
// entry's files.
TEST(Upstream, PtoTileOpsAreCachedAgainstTheHeadersTheyRead) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa: set PTOISA_DIR, or put it at ../shared/third_party/pto-isa";
  std::string Dir = pto::testutil::tempDir("pto-cache");
  fs::create_directories(Dir + "/isa");
  fs::copy(Isa + "/include", Dir + "/isa/include", fs::copy_options::recursive);
  fs::copy(Src + "/tests/pto/upstream/impl-calls.pto", Dir + "/k.pto");
  auto Decisions = [&](const std::string &Checkout) {
    pto::testutil::Out O = pto::testutil::run("cd '" + Dir + "' && env -u PTOISA_DIR '" + Cli + "' --cache-dir=" + Dir +
                                              "/cache --quiet --target=a2a3 --pto-isa=" + Checkout +
                                              " --solver-stats=stats.json k.pto");
    EXPECT_EQ(O.rc, 1) << O;
    return Json::parse(readFile(Dir + "/stats.json"))["decisions"].get<unsigned>();
  };
  EXPECT_GT(Decisions(Dir + "/isa"), 0u);        // checked
  EXPECT_EQ(Decisions(Dir + "/isa"), 0u);        // replayed
  EXPECT_GT(Decisions(Isa), 0u);                 // another checkout: checked
  std::ofstream(Dir + "/isa/include/pto/npu/a2a3/TAdd.hpp", std::ios::app) << "\n// edited\n";
  EXPECT_GT(Decisions(Dir + "/isa"), 0u);        // a header it read changed: checked again
  EXPECT_EQ(Decisions(Dir + "/isa"), 0u);
  fs::remove_all(Dir);
}

// PTOAS's lit corpus (1,815 `.pto` files) with the pto-isa headers: how many tile op statements without rules of
// their own get upstream's checks (pinned), why the others do not (by reason), and every finding only these checks
// make triaged in tests/conformance/ptoas-lit-upstream.txt (the findings of pto-lint's own rules are PtoCorpus's,
// tests/conformance/ptoas-lit.txt). PTOLINT_BLESS=1 rewrites the list, new findings UNTRIAGED.
TEST(Upstream, PtoasLitFilesAgainstTheRealHeaders) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  std::string Dir = getenv("PTOAS_TEST_DIR") ? getenv("PTOAS_TEST_DIR") : Src + "/../shared/third_party/ptoas/test/lit";
  if (Isa.empty() || !fs::is_directory(Dir))
    GTEST_SKIP() << "needs upstream pto-isa (PTOISA_DIR or ../shared/third_party/pto-isa) and PTOAS's lit tests "
                    "(PTOAS_TEST_DIR or ../shared/third_party/ptoas/test/lit)";
  std::vector<std::string> Files;
  for (const auto &E : fs::recursive_directory_iterator(Dir))
    if (E.is_regular_file() && E.path().extension() == ".pto")
      Files.push_back(fs::relative(E.path(), Dir).string());
  std::sort(Files.begin(), Files.end());
  std::string Stats = pto::testutil::tempDir("lit-upstream") + "/stats.json";
  std::string Cmd = "cd '" + Dir + "' && env -u PTOISA_DIR '" + Cli + "' --cache-dir=off --pto-isa='" + Isa +
                    "' --coverage --solver-stats=" + Stats;
  for (const std::string &F : Files)
    Cmd += " '" + F + "'";
  pto::testutil::Out O = pto::testutil::run(Cmd);
  ASSERT_TRUE(O.rc == 0 || O.rc == 1) << O.text.substr(0, 8000);
  Json St = Json::parse(readFile(Stats));
  unsigned Statements = St["ptoTileOps"], Checked = St["ptoTileOpsChecked"];
  // Why statements are not checked, by kind (reasons name the op's C++ error or attribute).
  std::map<std::string, unsigned> Why;
  std::map<std::string, std::string> Got;
  std::map<std::string, std::string> Own, Listed; // "file:line rule" -> triage
  auto ReadList = [](const std::string &Path, std::map<std::string, std::string> &Into) {
    std::istringstream In(readFile(Path));
    for (std::string L; std::getline(In, L);)
      if (!L.empty() && L[0] != '#') {
        size_t H = L.find("  # ");
        Into[L.substr(0, H)] = H == std::string::npos ? "" : L.substr(H + 4);
      }
  };
  ReadList(Src + "/tests/conformance/ptoas-lit.txt", Own);
  const std::string ListPath = Src + "/tests/conformance/ptoas-lit-upstream.txt";
  ReadList(ListPath, Listed);
  std::istringstream In(O.text);
  const std::regex Headline(R"(^(\S+\.pto):(\d+):\d+: (?:warning|error): .*\[([a-z0-9-]+)\]$)");
  for (std::string L; std::getline(In, L);) {
    std::smatch M;
    static const std::regex Skip(R"(^pto-lint: not checked against pto-isa: \S+:\d+: pto\.\S+?(?: \((\d+)x\))?: (.*)$)");
    if (std::regex_match(L, M, Skip)) {
      std::string R = M[2].str();
      if (R.rfind("its pto-isa call does not compile", 0) == 0)
        R = R.substr(0, R.find(": "));
      else if (R.find(" ('") != std::string::npos)
        R = R.substr(0, R.find(" ('")) + R.substr(R.find("')") + 2);
      Why[R] += M[1].matched ? std::stoul(M[1].str()) : 1;
      continue;
    }
    if (!std::regex_match(L, M, Headline))
      continue;
    std::string Key = M[1].str() + ":" + M[2].str() + " " + M[3].str();
    if (Own.count(Key))
      continue; // pto-lint's own rules on the statements they know (PtoCorpus)
    Got[Key] = Listed.count(Key) ? Listed[Key] : "UNTRIAGED";
  }
  std::printf("[ ptoas-lit upstream ] %zu files: %u tile op statements without rules of their own, %u checked against "
              "pto-isa (%.1f %%), %zu findings only these checks make\n",
              Files.size(), Statements, Checked, Statements ? 100.0 * Checked / Statements : 0.0, Got.size());
  for (const auto &[R, N] : Why)
    std::printf("  not checked (%u): %s\n", N, R.c_str());
  EXPECT_EQ(Statements, 1358u);
  EXPECT_EQ(Checked, 751u);
  if (getenv("PTOLINT_BLESS")) {
    std::ofstream Out(ListPath);
    Out << "# pto-lint on PTOAS's lit tests with the pto-isa headers (Upstream.PtoasLitFilesAgainstTheRealHeaders): the\n"
        << "# findings on tile ops pto-lint has no rules of its own for, checked against pto-isa's implementation, each\n"
        << "# with its triage. Format: <file>:<line> <rule>  # <reason>.\n";
    for (const auto &[Key, T] : Got)
      Out << Key << "  # " << T << "\n";
  }
  for (const auto &[Key, T] : Got) {
    EXPECT_TRUE(Listed.count(Key)) << "new finding " << Key << " (not in " << ListPath << ")";
    EXPECT_EQ(T.find("UNTRIAGED"), std::string::npos) << Key << " is not triaged in " << ListPath;
  }
  for (const auto &[Key, T] : Listed)
    EXPECT_TRUE(Got.count(Key)) << "expected finding " << Key << " is gone";
}

// A static_assert of the real headers that fails only on another target is a finding on the call whose instantiation
// fails there, not a wall of compile errors: a kernel with a2a3's left-tile layout, checked for a2a3 and a5 from its
// a2a3 command, builds for a2a3 and gets one a5 finding on its TMATMUL (a5 TMatmul.hpp:163).
TEST(Upstream, StaticAssertOfAnotherTargetIsAFindingOnTheCall) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa: set PTOISA_DIR, or put it at ../shared/third_party/pto-isa";
  std::string Path = Src + "/tests/kernels/real/portability/cube-left-layout.cpp";
  char T[] = "/tmp/ptolint-portability-XXXXXX";
  std::string Dir = mkdtemp(T);
  KernelCommand K{Path, "dav-c220-cube", {}};
  Json Db = Json::array({{{"directory", Dir}, {"file", Path}, {"arguments", upstreamArgs("a2a3", K, Isa)}}});
  std::ofstream(Dir + "/compile_commands.json") << Db.dump();
  auto Lint = [&](const std::string &Targets) {
    return pto::testutil::runSplit(Cli + " --cache-dir=off --quiet --target=" + Targets + " -p " + Dir + " " + Path);
  };
  pto::testutil::Out A2 = Lint("a2a3"), Both = Lint("a2a3,a5");
  fs::remove_all(Dir);
  EXPECT_EQ(A2.rc, 0) << A2;
  EXPECT_EQ(A2.text, "") << A2;
  EXPECT_EQ(Both.rc, 1) << Both;
  std::vector<std::string> Lines;
  std::istringstream In(Both.text);
  for (std::string L; std::getline(In, L);)
    if (L.find("error: ") != std::string::npos || L.find("note: ") != std::string::npos)
      Lines.push_back(L.rfind(Path, 0) == 0 ? L.substr(L.find_last_of('/') + 1) : L);
  ASSERT_EQ(Lines.size(), 3u) << Both;
  EXPECT_EQ(Lines[0], "cube-left-layout.cpp:20:3: error: TMATMUL: does not compile for a5, upstream's static_assert "
                      "fails (!Tile<pto::TileType::Left, _Float16, 16, 32, pto::BLayout::RowMajor, 16, 32, "
                      "pto::SLayout::RowMajor, 512, pto::PadValue::Null, pto::CompactMode::Null>::isRowMajor): "
                      "\"Non-conforming matrix fractal.\" [pto-upstream-assert]") << Both;
  EXPECT_EQ(Lines[1], "note: upstream static_asserts it at " + Isa + "/include/pto/npu/a5/TMatmul.hpp:163; the "
                      "kernel's build for that target stops there") << Both;
  // Said once on standard error, with how many of the errors are on calls.
  std::string Says = "does not compile for a5";
  size_t At = Both.err.find(Says);
  ASSERT_NE(At, std::string::npos) << Both;
  EXPECT_EQ(Both.err.find(Says, At + 1), std::string::npos) << Both;
  EXPECT_NE(Both.err.find("of its 1 error, 1 is a static_assert of the a5 implementation on a call, reported on it"),
            std::string::npos) << Both;
}

TEST(Upstream, RealHeadersRefuteTheDefectsAndProveTheGuardedForms) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa: set PTOISA_DIR, or put it at ../shared/third_party/pto-isa";
  // checks, proved, violated per kernel and target (upstream's asserts each call reaches, and pto-lint's own rules).
  struct Totals {
    unsigned checks, proved, violated;
  };
  const std::map<std::pair<std::string, std::string>, Totals> Pinned = {
      {{"vec-ops.cpp", "a2a3"}, {45, 41, 4}},
      {{"vec-ops.cpp", "a5"}, {23, 21, 2}},
      {{"cube-ops.cpp", "a2a3"}, {43, 40, 3}},
      {{"cube-ops.cpp", "a5"}, {25, 24, 1}},
  };
  std::vector<std::string> Files;
  for (const auto &F : fs::directory_iterator(Src + "/tests/kernels/real"))
    if (F.path().extension() == ".cpp")
      Files.push_back(F.path().filename().string());
  std::sort(Files.begin(), Files.end());
  ASSERT_EQ(Files.size(), Pinned.size() / 2) << "a kernel of tests/kernels/real without pinned totals";
  for (const std::string &File : Files) {
    std::string Core = File.rfind("vec-", 0) == 0 ? "vec" : File.rfind("cube-", 0) == 0 ? "cube" : "";
    ASSERT_FALSE(Core.empty()) << File << ": name it vec-*.cpp or cube-*.cpp (the core it is compiled for)";
    std::string Path = Src + "/tests/kernels/real/" + File;
    for (const std::string Target : {"a2a3", "a5"}) {
      SCOPED_TRACE(File + " on " + Target);
      auto Pin = Pinned.find({File, Target});
      ASSERT_NE(Pin, Pinned.end());
      char T[] = "/tmp/ptolint-real-XXXXXX";
      std::string Dir = mkdtemp(T);
      KernelCommand K{Path, (Target == "a2a3" ? "dav-c220-" : "dav-c310-") + Core, {}};
      Json Db = Json::array({{{"directory", Dir}, {"file", Path}, {"arguments", upstreamArgs(Target, K, Isa)}}});
      std::ofstream(Dir + "/compile_commands.json") << Db.dump();
      std::string Cmd = Cli + " --quiet --upstream-checks --format=json --output=" + Dir + "/report.json --solver-stats=" +
                        Dir + "/stats.json -p " + Dir + " " + Path + " > " + Dir + "/out.txt 2>&1";
      int St = std::system(Cmd.c_str());
      int Rc = WIFEXITED(St) ? WEXITSTATUS(St) : -1;
      Json R = Json::parse(readFile(Dir + "/report.json"), nullptr, false);
      Json Stats = Json::parse(readFile(Dir + "/stats.json"), nullptr, false);
      std::string Log = readFile(Dir + "/out.txt");
      fs::remove_all(Dir);
      ASSERT_TRUE(R.is_object() && Stats.is_object()) << "exit " << Rc << "\n" << Log;
      EXPECT_EQ(Rc, 1) << "findings, and the file compiles\n" << Log;

      std::vector<RealExpect> Want = realExpectations(Path);
      for (const Json &F : R["findings"]) {
        unsigned Line = F["line"].get<unsigned>();
        std::string Id = F["ruleId"].get<std::string>(), Kind = F["severity"].get<std::string>(),
                    Msg = F["message"].get<std::string>();
        EXPECT_EQ(fs::path(F["file"].get<std::string>()).filename().string(), File) << Msg;
        bool Found = false;
        for (RealExpect &E : Want)
          if (!Found && !E.note && !E.matched && E.targets.count(Target) && E.line == Line && E.kind == Kind &&
              E.rule == Id && Msg.find(E.text) != std::string::npos)
            E.matched = Found = true;
        EXPECT_TRUE(Found) << File << ":" << Line << ": unexpected " << Kind << ": " << Msg << " [" << Id << "]";
        // Upstream's check fails for some of the call's values: the counterexample names them.
        if (Id == "pto-upstream-assert" && F["status"] == "violated-sometimes") {
          EXPECT_TRUE(F.contains("counterexample") && !F["counterexample"].empty())
              << File << ":" << Line << ": no counterexample: " << F.dump();
        }
        for (RealExpect &E : Want)
          if (E.note && E.targets.count(Target) && E.line == Line)
            for (const Json &N : F["notes"])
              E.matched |= N["message"].get<std::string>().find(E.text) != std::string::npos;
      }
      for (const RealExpect &E : Want)
        if (E.targets.count(Target)) {
          EXPECT_TRUE(E.matched) << File << ":" << E.line << ": expected "
                                 << (E.note ? "note '" + E.text + "'" : E.kind + " " + E.rule + ": " + E.text);
        }

      // Everything decided: the guarded forms' checks are proved, none unknown or left unfollowed.
      const Json &Sum = R["summary"];
      EXPECT_EQ(Sum["unknown"].get<unsigned>(), 0u) << Log;
      EXPECT_EQ(Sum["errors"].get<unsigned>(), 0u) << Log;
      EXPECT_EQ(Stats["upstreamNotFollowed"].get<unsigned>(), 0u) << Log;
      EXPECT_EQ(Sum["checks"].get<unsigned>(), Pin->second.checks) << Log;
      EXPECT_EQ(Sum["proved"].get<unsigned>(), Pin->second.proved) << Log;
      EXPECT_EQ(Sum["violated"].get<unsigned>(), Pin->second.violated) << Log;
      std::cout << "[ real ] " << File << " on " << Target << ": " << Sum["checks"] << " checks: " << Sum["proved"]
                << " proved, " << Sum["violated"] << " violated, " << Sum["unknown"] << " unknown; "
                << R["findings"].size() << " findings\n";

      // The plugin, inside the compile the CLI runs, lifts the same checks: the same findings, line by line, and no
      // error of its own (the asserts' conditions never become part of the program).
      std::multiset<std::string> CliFindings, PluginFindings;
      for (const Json &F : R["findings"])
        CliFindings.insert(std::to_string(F["line"].get<unsigned>()) + " [" + F["ruleId"].get<std::string>() + "]");
      fs::create_directories(Dir);
      std::ofstream(Dir + "/compile_commands.json") << Db.dump();
      std::string Clang = pto::testutil::run(Cli + " --print-commands -p " + Dir + " " + Path).text;
      ASSERT_EQ(Clang.rfind("clang++ ", 0), 0u) << Clang;
      Clang = std::string(PTOLINT_CLANGXX) + Clang.substr(7);
      Clang.erase(Clang.find_last_not_of("\n") + 1);
      std::string Plugin = pto::testutil::run(Clang + " -fplugin=" PTOLINT_PLUGIN " -fplugin-arg-ptolint-upstream-checks").text;
      fs::remove_all(Dir);
      std::istringstream Lines(Plugin);
      std::string L;
      while (std::getline(Lines, L)) {
        std::string Prefix = Path + ":";
        size_t Rule = L.rfind(" [pto-");
        if (L.rfind(Prefix, 0) != 0 || Rule == std::string::npos || L.find(": note: ") != std::string::npos)
          continue;
        PluginFindings.insert(L.substr(Prefix.size(), L.find(':', Prefix.size()) - Prefix.size()) + L.substr(Rule));
      }
      EXPECT_EQ(PluginFindings, CliFindings) << Plugin;
      for (std::istringstream Again(Plugin); std::getline(Again, L);)
        EXPECT_FALSE(L.find(" error: ") != std::string::npos && L.find(" [pto-") == std::string::npos)
            << "a compile error in the plugin's compile: " << L;
    }
  }
}

/// issue 22 item 7: pto-lint's hand rules imply, per target, every check upstream's implementation asserts for the
/// ops they describe. The kernels of tests/kernels/real/agree call every op of rules/ops.json that has a C++ form
/// with each valid dim a kernel argument, for the element types and layouts the target's implementation takes; they
/// are linted per target (a2a3 and a5 with upstream's vector flags, cpu with the CPU simulator's) and --assume-rules,
/// which decides each lifted check with the obligations of the call's rules on the target as hypotheses
/// (docs/upstream-checks.md, "Hand rules against upstream's checks"). Against tests/conformance/rules-vs-upstream.txt:
///  * per target and op, the pinned counts: calls reaching a lifted check, checks, proved under the rules,
///    disagreements (violated under the rules) and not followed;
///  * every disagreement (a pto-upstream-assert finding: values the rules accept and the implementation rejects) and
///    every check not followed, with pto-lint's reason, listed with its triage. PTOLINT_BLESS=1 rewrites the file,
///    keeping the triage of the lines that remain; a new line gets "UNTRIAGED", which fails the test;
///  * every op reaches a lifted check on each target whose implementation asserts something of it (NoChecks below),
///    and without --assume-rules fewer of its checks are proved (the kernels leave the values to the rules: no proof
///    comes from the kernels' own guards).
TEST(Upstream, HandRulesImplyUpstreamChecks) {
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa: set PTOISA_DIR, or put it at ../shared/third_party/pto-isa";
  // The ops with hand rules: rules/ops.json's ops of pto_instr.hpp with a C++ form (the A5 register builtins vmax and
  // vmin are the compiler's: no implementation of upstream's, no lifted checks).
  std::set<std::string> Ops;
  Json Schema = Json::parse(readFile(Src + "/rules/ops.json"), nullptr, false);
  ASSERT_TRUE(Schema.is_object());
  for (const Json &Op : Schema["ops"]) {
    bool Cpp = false;
    for (const Json &O : Op["overloads"])
      Cpp |= O.value("cpp", true);
    if (Op.value("match", std::string("pto")) != "builtin" && Cpp)
      Ops.insert(Op["name"].get<std::string>());
  }
  ASSERT_FALSE(Ops.empty());
  std::vector<std::string> Files;
  for (const auto &F : fs::directory_iterator(Src + "/tests/kernels/real/agree"))
    if (F.path().extension() == ".cpp")
      Files.push_back(F.path().string());
  std::sort(Files.begin(), Files.end());
  ASSERT_FALSE(Files.empty());

  std::string ExpPath = Src + "/tests/conformance/rules-vs-upstream.txt";
  PinnedFile Pinned = readPinned(ExpPath);
  const std::set<std::string> &WantCounts = Pinned.counts;
  std::map<std::string, std::string> Triage; // "disagree ..." / "not-followed ..." -> triage
  for (const auto &[K, V] : Pinned.lines)
    if (K.rfind("disagree ", 0) == 0 || K.rfind("not-followed ", 0) == 0)
      Triage[K] = V;
    else
      ADD_FAILURE() << ExpPath << ": cannot read '" << K << " | " << V << "'";
  // Per target: the counts and the lines to triage.
  std::set<std::string> GotCounts;
  std::map<std::string, std::string> Got; // key -> triage
  // The CPU simulator's implementations of these ops that assert nothing (PTO_ASSERT): cpu/TColMin.hpp, TColMax.hpp,
  // ElementTileOp.h (TMIN: a plain assert), TPartOp.hpp, TRowMax.hpp, TRowMin.hpp.
  const std::set<std::pair<std::string, std::string>> NoChecks = {
      {"cpu", "TCOLMAX"}, {"cpu", "TCOLMIN"}, {"cpu", "TMIN"},   {"cpu", "TPARTMAX"},
      {"cpu", "TPARTMIN"}, {"cpu", "TROWMAX"}, {"cpu", "TROWMIN"}};
  for (const std::string Target : {"a2a3", "a5", "cpu"}) {
    SCOPED_TRACE(Target);
    std::vector<KernelCommand> Cmds;
    for (const std::string &F : Files)
      Cmds.push_back({F, (Target == "a2a3" ? "dav-c220-" : "dav-c310-") + std::string("vec"), {}});
    // No wall-clock cap decides a check: one Z3 call may take 10 s, the unit as long as it needs.
    const std::string Caps = " --coverage --timeout=10000 --tu-timeout=0";
    auto R = lint(Target, Cmds, Isa, "--assume-rules" + Caps);
    ASSERT_TRUE(R.report.is_object()) << "no JSON report (exit " << R.rc << "); standard error:\n"
                                      << R.stderrText.substr(0, 8000);
    EXPECT_TRUE(R.compileErrors.empty()) << R.stderrText.substr(0, 8000);
    auto Without = lint(Target, Cmds, Isa, Caps);
    ASSERT_TRUE(Without.report.is_object()) << Without.stderrText.substr(0, 8000);

    const Json &Sum = R.report["summary"]["ops"];
    for (const std::string &Op : Ops) {
      const Json &U = Sum.contains(Op) && Sum[Op].contains("upstream") ? Sum[Op]["upstream"] : Json::object();
      const Json &W = Without.report["summary"]["ops"].contains(Op) &&
                              Without.report["summary"]["ops"][Op].contains("upstream")
                          ? Without.report["summary"]["ops"][Op]["upstream"]
                          : Json::object();
      unsigned Proved = U.value("proved", 0u), ProvedWithout = W.value("proved", 0u);
      if (NoChecks.count({Target, Op}))
        EXPECT_EQ(U.value("checks", 0u), 0u) << Op << " reaches a lifted check on " << Target << " now";
      else
        EXPECT_GT(U.value("checks", 0u), 0u) << Op << " reaches no lifted check on " << Target
                                             << ": call it in a kernel of tests/kernels/real/agree";
      EXPECT_TRUE(Proved == 0 || ProvedWithout < Proved)
          << Op << " on " << Target << ": " << ProvedWithout << " of the " << Proved
          << " checks proved under the rules are proved without them too: leave the valid dims to the rules";
      GotCounts.insert("ops " + std::string(Target) + " " + Op + " calls " + std::to_string(U.value("calls", 0u)) +
                       " checks " + std::to_string(U.value("checks", 0u)) + " proved " + std::to_string(Proved) +
                       " disagree " + std::to_string(U.value("violated", 0u)) + " not-followed " +
                       std::to_string(U.value("notFollowed", 0u)));
      std::cout << "[ agree ] " << Target << " " << Op << ": " << U.value("calls", 0u) << " calls, "
                << U.value("checks", 0u) << " lifted checks: " << Proved << " proved under the hand rules ("
                << ProvedWithout << " without them), " << U.value("violated", 0u) << " disagreements, "
                << U.value("notFollowed", 0u) << " not followed\n";
    }
    for (const Json &F : R.report["findings"]) {
      if (F["ruleId"] != "pto-upstream-assert")
        continue;
      std::string Cite = F.value("citation", ""); // "pto-isa <path>:<line> (PTO_ASSERT)"
      Cite = Cite.substr(Cite.find(' ') + 1);
      Cite = fromInclude(Cite.substr(0, Cite.find(' ')), Isa);
      std::string Key = "disagree " + std::string(Target) + " " + F["op"].get<std::string>() + " " + Cite + " at " +
                        fs::path(F["file"].get<std::string>()).filename().string() + ":" +
                        std::to_string(F["line"].get<unsigned>());
      Got[Key] = Triage.count(Key) ? Triage[Key] : "UNTRIAGED";
    }
    for (const CoverageLine &L : coverageLines(R.stderrText, Isa)) {
      std::string Key = "not-followed " + std::string(Target) + " " + L.op + " " + L.file + ":" + L.line + " " +
                        std::to_string(L.count) + "x: " + L.why;
      Got[Key] = Triage.count(Key) ? Triage[Key] : "UNTRIAGED";
    }
  }
  if (std::getenv("PTOLINT_BLESS")) {
    std::vector<std::string> Lines;
    for (const auto &[K, T] : Got)
      Lines.push_back(K + " | " + T);
    return writePinned(ExpPath, Pinned, GotCounts, Lines);
  }
  for (const std::string &L : GotCounts)
    EXPECT_TRUE(WantCounts.count(L)) << "counts changed (PTOLINT_BLESS=1 pins the new ones): " << L;
  for (const std::string &L : WantCounts)
    EXPECT_TRUE(GotCounts.count(L)) << "pinned counts not met: " << L;
  // A disagreement stays only when upstream's assert is the defect (a rule too weak is fixed in rules/, and the line
  // goes); a check not followed is either one of those or one the rules imply, shown by hand.
  auto Triaged = [](const std::string &K, const std::string &T) {
    for (const char *Why : {"upstream's assert is wrong: ", "upstream's assert is stricter than the hardware needs: "})
      if (T.rfind(Why, 0) == 0)
        return true;
    return K.rfind("not-followed ", 0) == 0 && T.rfind("rules agree: ", 0) == 0;
  };
  for (const auto &[K, T] : Got)
    EXPECT_TRUE(Triaged(K, T)) << "not triaged in " << ExpPath << ": " << K << " | " << T;
  for (const auto &[K, T] : Triage)
    EXPECT_TRUE(Got.count(K)) << "triaged line no longer occurs (PTOLINT_BLESS=1 drops it): " << K;
}

TEST(Upstream, A2A3KernelsOnTheRealHeaders) { checkTarget("a2a3"); }
TEST(Upstream, A5KernelsOnTheRealHeaders) { checkTarget("a5"); }
TEST(Upstream, A2A3UpstreamChecksOnTheRealHeaders) { checkUpstream("a2a3"); }
TEST(Upstream, A5UpstreamChecksOnTheRealHeaders) { checkUpstream("a5"); }

} // namespace
