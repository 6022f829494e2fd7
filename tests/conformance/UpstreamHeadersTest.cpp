// tests/conformance: every header under upstream's include/pto compiles on its own, through pto-lint's compile path,
// for each target it belongs to; and every bisheng builtin the headers call is declared by pto-lint's CCE stand-in.
//
// Why: the CCE prelude (clangfe/prelude) declares what bisheng has built in. A header that calls a builtin the prelude
// lacks makes every kernel that includes it fail to compile in pto-lint, which is a user's bug report; here it is a
// failing test instead, naming the header and the builtin.
//
// Per target, through the CLI with the compile command a user's build gives it (a CCE command for a2a3 and a5, as
// upstream's tests/npu/<target>/src/st/CMakeLists.txt builds; the CPU simulator's command of
// reference/cpu-sim-semantics.md §1 for cpu):
//  1. the umbrella header every kernel includes, <pto/pto-inst.hpp>, alone (with -H: the headers it reads);
//  2. one translation unit per header of the target that the umbrella does not read: the umbrella, then the header.
//     (Upstream's headers are not self-contained: most need what the umbrella includes before them. A header the
//     umbrella reads is, by its include guard, exactly what step 1 compiled.)
//  3. one translation unit that names every `__cce_*` / `__builtin_cce_*` function and every `cce::` name the
//     target's headers call, so a builtin used only inside a template (looked up when a kernel instantiates it) is
//     checked too.
// No translation unit may have a compile error. Which headers belong to which target: headersOf below.
// Skipped, with a message, when the pto-isa checkout is absent (PTOISA_DIR, or ../shared/third_party/pto-isa).
#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace {

const std::string Src = PTOLINT_SOURCE_DIR;
const std::string Cli = PTOLINT_CLI;

using pto::testutil::Out;
using pto::testutil::readFile;
using pto::testutil::run;

/// Header text with comments blanked (line structure kept).
std::string code(const std::string &Path) {
  std::string Text = readFile(Path);
  static const std::regex Comment("//[^\n]*|/\\*[\\s\\S]*?\\*/");
  std::string Out;
  size_t Last = 0;
  for (auto It = std::sregex_iterator(Text.begin(), Text.end(), Comment); It != std::sregex_iterator(); ++It) {
    Out += Text.substr(Last, It->position() - Last);
    Out += std::string(std::count(Text.begin() + It->position(), Text.begin() + It->position() + It->length(), '\n'),
                       '\n');
    Last = It->position() + It->length();
  }
  return Out + Text.substr(Last);
}

/// Headers (paths under include/, e.g. "pto/npu/a5/TAdd.hpp") that belong to Target, and the ones that belong to no
/// target pto-lint checks (with why), for the message.
///  * npu/<t>/, comm/<t>/: target t; cpu/: cpu. common/cpu_stub.hpp is cpu's: pto/pto-inst.hpp:16-17 includes it
///    only under __CPU_SIM.
///  * common/arch/<kind>/: the NPU targets whose npu/<t>/ headers include it (memory/ is a2a3's, register/ a5's at
///    pto-isa@3186c381: npu/a2a3/TStore.hpp:161, npu/a5/TStore.hpp:14; tcvt_common.hpp only kirin's).
///  * the rest of common/, comm/ and npu/kernels/: a2a3 and a5, or the one of them whose directory it includes
///    (npu/kernels/Pto_prefetch.hpp includes npu/a2a3/TLoad.hpp).
///  * not checked: costmodel/ (the cost model's own build, __COSTMODEL, with its own stubs), npu/<arch>/ of
///    architectures pto-lint does not model (a6, kirin*), and the host-only headers of comm/async/ (they say so, e.g.
///    comm/async/ccu/ccu_mesh_common.hpp:14, and include the HCCL SDK's headers: host code, never in a kernel).
std::vector<std::string> headersOf(const std::string &Target, const std::string &Inc, std::map<std::string, int> &Other) {
  std::vector<std::string> All;
  for (const auto &E : fs::recursive_directory_iterator(Inc + "/pto"))
    if (E.is_regular_file() && (E.path().extension() == ".hpp" || E.path().extension() == ".h"))
      All.push_back(fs::relative(E.path(), Inc).string());
  std::sort(All.begin(), All.end());
  auto Under = [](const std::string &H, const std::string &Dir) { return H.rfind(Dir, 0) == 0; };
  const std::vector<std::string> Npu = {"a2a3", "a5"};
  static const std::regex HostOnly("[Hh]ost-only");
  std::vector<std::string> Out;
  for (const std::string &H : All) {
    std::set<std::string> Ts;
    if (Under(H, "pto/costmodel/")) {
      ++Other["costmodel/ (the cost model's own build)"];
      continue;
    }
    if (std::regex_search(readFile(Inc + "/" + H), HostOnly)) {
      ++Other["host-only headers (they say so; built by the host compiler with the HCCL SDK, never in a kernel)"];
      continue;
    }
    if (Under(H, "pto/cpu/") || H == "pto/common/cpu_stub.hpp") {
      Ts = {"cpu"};
    } else if (Under(H, "pto/npu/") && !Under(H, "pto/npu/kernels/")) {
      std::string Arch = H.substr(8, H.find('/', 8) - 8);
      if (std::find(Npu.begin(), Npu.end(), Arch) == Npu.end()) {
        ++Other["npu/" + Arch + "/ (an architecture pto-lint does not model)"];
        continue;
      }
      Ts = {Arch};
    } else if (Under(H, "pto/comm/a2a3/") || Under(H, "pto/comm/a5/")) {
      Ts = {H.substr(9, H.find('/', 9) - 9)};
    } else if (Under(H, "pto/common/arch/")) {
      for (const std::string &T : Npu)
        for (const std::string &I : All)
          if (Under(I, "pto/npu/" + T + "/") && code(Inc + "/" + I).find(H) != std::string::npos)
            Ts.insert(T);
      if (Ts.empty()) {
        ++Other["common/arch/ headers only other architectures include"];
        continue;
      }
    } else {
      std::string Text = code(Inc + "/" + H);
      for (const std::string &T : Npu)
        if (Text.find("pto/npu/" + T + "/") != std::string::npos || Text.find("pto/comm/" + T + "/") != std::string::npos)
          Ts.insert(T);
      if (Ts.empty())
        Ts = {"a2a3", "a5"};
    }
    if (Ts.count(Target))
      Out.push_back(H);
  }
  return Out;
}

/// The compile command of a translation unit of Target, as a user's build gives it to pto-lint.
std::vector<std::string> command(const std::string &Target, const std::string &Inc, const std::string &File) {
  if (Target == "cpu")
    return {"clang++", "-xc++", "-std=c++20", "-D__CPU_SIM", "-include", "stdint.h", "-include", "stddef.h",
            "-Wno-macro-redefined", "-Wno-ignored-attributes", "-I" + Inc, "-c", File};
  // The mix architecture: both cores' commands, so headers' __DAV_CUBE__ and __DAV_VEC__ branches are both read.
  return {"bisheng", "-xcce", "--cce-aicore-arch=" + std::string(Target == "a2a3" ? "dav-c220" : "dav-c310"),
          "-O2", "-std=c++17", Target == "a2a3" ? "-DMEMORY_BASE" : "-DREGISTER_BASE", "-I" + Inc, "-c", File};
}

std::string jsonString(const std::string &S) {
  std::string Q = "\"";
  for (char C : S)
    Q += C == '"' || C == '\\' ? std::string("\\") + C : std::string(1, C);
  return Q + "\"";
}

/// pto-lint over Files (name -> text) in a new directory, one compile database (ExtraFlag added to each command);
/// what it printed and its exit code.
Out lintUnits(const std::string &Target, const std::string &Inc, const std::map<std::string, std::string> &Files,
              const std::string &ExtraFlag = "") {
  std::string Dir = pto::testutil::tempDir("headers-" + Target);
  std::string Db = "[";
  for (const auto &[Name, Text] : Files) {
    std::ofstream(Dir + "/" + Name) << Text;
    std::vector<std::string> Cmd = command(Target, Inc, Name);
    if (!ExtraFlag.empty())
      Cmd.insert(Cmd.end() - 2, ExtraFlag);
    std::string Args;
    for (const std::string &A : Cmd)
      Args += (Args.empty() ? "" : ", ") + jsonString(A);
    Db += std::string(Db.size() > 1 ? ",\n" : "\n") + "{\"directory\": " + jsonString(Dir) + ", \"file\": " +
          jsonString(Dir + "/" + Name) + ", \"arguments\": [" + Args + "]}";
  }
  std::ofstream(Dir + "/compile_commands.json") << Db << "\n]\n";
  Out O = run(Cli + " -j2 --quiet --target=" + Target + " -p " + Dir);
  fs::remove_all(Dir);
  return O;
}

/// The compile errors in pto-lint's output, each with the translation unit it occurred in.
std::vector<std::string> compileErrors(const std::string &Printed, const std::string &Inc) {
  std::vector<std::string> Errors;
  std::istringstream In(Printed);
  static const std::regex Included("^In file included from (.*\\.cpp):[0-9]+:$");
  static const std::regex Error("^(.*):([0-9]+):([0-9]+): (fatal )?error: (.*)$");
  std::string Unit;
  for (std::string Line; std::getline(In, Line);) {
    std::smatch M;
    if (std::regex_match(Line, M, Included)) {
      Unit = fs::path(M[1].str()).filename().string();
    } else if (std::regex_match(Line, M, Error) && M[5].str().find("[pto-") == std::string::npos) {
      std::string File = M[1].str();
      if (File.rfind(Inc + "/", 0) == 0)
        File = File.substr(Inc.size() + 1);
      else if (File.size() > 4 && File.substr(File.size() - 4) == ".cpp")
        Unit = fs::path(File).filename().string();
      std::string E = Unit + ": " + File + ":" + M[2].str() + ": " + M[5].str();
      if (std::find(Errors.begin(), Errors.end(), E) == Errors.end()) // a mix architecture parses twice
        Errors.push_back(E);
    }
  }
  return Errors;
}

std::string joined(const std::vector<std::string> &Lines, size_t Max = 40) {
  std::string S;
  for (size_t I = 0; I < Lines.size() && I < Max; ++I)
    S += "  " + Lines[I] + "\n";
  if (Lines.size() > Max)
    S += "  ... and " + std::to_string(Lines.size() - Max) + " more\n";
  return S;
}

/// A translation-unit file name for a header: "pto/npu/a5/TAdd.hpp" -> "pto_npu_a5_TAdd.hpp.cpp".
std::string unitName(std::string H) {
  for (char &C : H)
    if (C == '/')
      C = '_';
  return H + ".cpp";
}

/// Headers that do not compile after the umbrella for upstream's reasons, not pto-lint's (pto-isa@3186c381): each
/// with why. A listed header that compiles fails the test, so the list does not outlive the defect.
const std::map<std::string, std::string> UpstreamDefects = {
    {"pto/npu/a2a3/TColArgMin.hpp", "redefines TCOLARGMIN_IMPL of npu/a2a3/TColReduceIdx.hpp:314, which "
                                    "common/pto_instr_impl.hpp:177 includes; nothing includes TColArgMin.hpp"},
    {"pto/npu/a2a3/TColArgMax.hpp", "redefines TCOLARGMAX_IMPL of npu/a2a3/TColReduceIdx.hpp:308, which "
                                    "common/pto_instr_impl.hpp:177 includes; nothing includes TColArgMax.hpp"},
    {"pto/npu/a5/TColArgMin.hpp", "redefines TCOLARGMIN_IMPL of npu/a5/TColReduceIdx.hpp:312, which "
                                  "common/pto_instr_impl.hpp:306 includes; nothing includes TColArgMin.hpp"},
    {"pto/npu/a5/TColArgMax.hpp", "redefines TCOLARGMAX_IMPL of npu/a5/TColReduceIdx.hpp:318, which "
                                  "common/pto_instr_impl.hpp:306 includes; nothing includes TColArgMax.hpp"},
    {"pto/npu/a2a3/custom/TSync_Custom.hpp", "uses CV_CORE_SYNC (:91), an enumerator of npu/a2a3/custom/TSyncCVID.hpp:34, "
                                             "without including that header"},
};

class Headers : public ::testing::TestWithParam<const char *> {};

TEST_P(Headers, CompileOnTheirOwnAndTheirBuiltinsAreDeclared) {
  const std::string Target = GetParam();
  std::string Isa = pto::testutil::ptoIsaDir(Src);
  if (Isa.empty())
    GTEST_SKIP() << "needs upstream pto-isa (its include/): set PTOISA_DIR, or put it at ../shared/third_party/pto-isa";
  const std::string Inc = Isa + "/include";
  std::map<std::string, int> Other;
  std::vector<std::string> Hs = headersOf(Target, Inc, Other);
  ASSERT_GT(Hs.size(), 50u) << "too few headers of " << Target << " under " << Inc;
  std::string NotChecked;
  for (const auto &[Why, N] : Other)
    NotChecked += "\n  " + std::to_string(N) + " in " + Why;
  std::cout << Target << ": " << Hs.size() << " headers; not checked for any target:" << NotChecked << "\n";

  // 1. The umbrella alone, and the headers it reads (-H prints them, one per line, after dots for the depth).
  const std::string Umbrella = "#include <pto/pto-inst.hpp>\n";
  Out U = lintUnits(Target, Inc, {{"umbrella.cpp", Umbrella}}, "-H");
  std::set<std::string> Read;
  std::istringstream Listed(U.text);
  for (std::string Line; std::getline(Listed, Line);) {
    size_t P = Line.find(Inc + "/pto/");
    if (!Line.empty() && Line[0] == '.' && P != std::string::npos)
      Read.insert(Line.substr(P + Inc.size() + 1));
  }
  EXPECT_EQ(U.rc, 0) << "<pto/pto-inst.hpp> alone, for " << Target << ":\n" << joined(compileErrors(U.text, Inc));
  ASSERT_GT(Read.size(), 20u) << "-H listed too few headers:\n" << U.text.substr(0, 4000);

  // 2. Each header the umbrella does not read, after the umbrella.
  std::map<std::string, std::string> Units;
  for (const std::string &H : Hs)
    if (!Read.count(H))
      Units[unitName(H)] = Umbrella + "#include <" + H + ">\n";
  // 3. Every builtin the target's headers call, named once: a using-declaration needs a declaration (a macro
  //    stand-in, such as __cce_get_tile_ptr, is checked by #ifdef).
  if (Target != "cpu") { // the CPU simulator's builtins are upstream's own (pto/common/cpu_stub.hpp)
    std::set<std::string> Builtins, CceNames;
    static const std::regex Builtin("\\b(__cce_[A-Za-z0-9_]+|__builtin_cce_[A-Za-z0-9_]+)\\s*\\(");
    static const std::regex CceName("\\bcce::([A-Za-z_][A-Za-z0-9_]*)");
    for (const std::string &H : Hs) {
      std::string Text = code(Inc + "/" + H);
      for (auto It = std::sregex_iterator(Text.begin(), Text.end(), Builtin); It != std::sregex_iterator(); ++It)
        Builtins.insert((*It)[1]);
      for (auto It = std::sregex_iterator(Text.begin(), Text.end(), CceName); It != std::sregex_iterator(); ++It)
        CceNames.insert((*It)[1]);
    }
    std::string Names = Umbrella;
    for (const std::string &B : Builtins)
      Names += "#ifndef " + B + "\nusing ::" + B + ";\n#endif\n";
    for (const std::string &N : CceNames)
      Names += "using cce::" + N + ";\n";
    Units["builtins.cpp"] = Names;
    std::cout << Target << ": builtins called: " << Builtins.size() << " __cce_*/__builtin_cce_*, " << CceNames.size()
              << " cce::\n";
  }
  std::cout << Target << ": " << Read.size() << " headers read by the umbrella, " << Units.size()
            << " more translation units\n";
  Out O = lintUnits(Target, Inc, Units);
  std::vector<std::string> Errors, Known;
  std::set<std::string> Failed;
  for (const std::string &E : compileErrors(O.text, Inc)) {
    std::string Unit = E.substr(0, E.find(':'));
    Failed.insert(Unit);
    bool Upstream = false;
    for (const auto &[H, Why] : UpstreamDefects)
      Upstream |= Unit == unitName(H);
    (Upstream ? Known : Errors).push_back(E);
  }
  EXPECT_TRUE(Errors.empty()) << Errors.size() << " compile errors (translation unit: error):\n" << joined(Errors)
                              << "(a builtin or runtime declaration bisheng has and clangfe/prelude lacks: declare it "
                                 "there; a defect of upstream's: add it, triaged, to UpstreamDefects)";
  EXPECT_EQ(O.rc, Known.empty() ? 0 : 2) << O.text.substr(0, 8000);
  for (const auto &[H, Why] : UpstreamDefects) {
    if (Units.count(unitName(H))) {
      EXPECT_TRUE(Failed.count(unitName(H))) << H << " compiles now: remove it from UpstreamDefects (" << Why << ")";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Upstream, Headers, ::testing::Values("a2a3", "a5", "cpu"),
                         [](const auto &I) { return std::string(I.param); });

} // namespace
