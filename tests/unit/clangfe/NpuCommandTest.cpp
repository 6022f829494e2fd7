// tests: translateNpuCommand turns CCE compile commands into per-core clang commands that parse tests/npu.
//
// NpuKernels.ParseForEveryCore runs clang and is compiled in when PTOLINT_SOURCE_DIR and PTOLINT_CLANGXX are
// defined (as for cli_tests).
#include "driver/NpuCommand.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

using pto::driver::NpuTranslation;
using pto::driver::translateNpuCommand;
using Args = std::vector<std::string>;

namespace {

const char *const Prelude = "/opt/pto-lint/prelude";

/// Position of A in Cmd, or -1.
long indexOf(const Args &Cmd, const std::string &A) {
  auto It = std::find(Cmd.begin(), Cmd.end(), A);
  return It == Cmd.end() ? -1 : long(It - Cmd.begin());
}
bool has(const Args &Cmd, const std::string &A) { return indexOf(Cmd, A) >= 0; }

/// A command line split at spaces.
Args words(const std::string &Line) {
  Args Out;
  std::istringstream In(Line);
  for (std::string W; In >> W;)
    Out.push_back(W);
  return Out;
}

NpuTranslation translate(const Args &Cmd) { return translateNpuCommand(Cmd, Prelude); }

TEST(NpuCommand, A2A3Vector) {
  NpuTranslation T = translate({"bisheng", "-xcce", "--cce-aicore-arch=dav-c220-vec", "-DMEMORY_BASE", "-std=c++17",
                                "-I/src/include", "-c", "k.cpp", "-o", "k.o"});
  ASSERT_TRUE(T.isNpu);
  EXPECT_EQ(T.error, "");
  EXPECT_EQ(T.target, "a2a3");
  EXPECT_EQ(T.arch, "dav-c220-vec");
  ASSERT_EQ(T.cores.size(), 1u);
  const Args &A = T.cores[0].args;
  EXPECT_EQ(T.cores[0].name, "vec");
  EXPECT_EQ(A[0], "clang++");
  for (const char *Flag : {"-D__CCE_AICORE__=220", "-D__NPU_ARCH__=2201", "-D__DAV_VEC__", "-D__DAV_C220__",
                           "-D__DAV_C220_VEC__", "-DMEMORY_BASE", "-std=c++17", "-I/src/include", "k.cpp",
                           "--cuda-host-only", "-nogpuinc", "-nogpulib", "--hipstdpar", "-fsyntax-only"})
    EXPECT_TRUE(has(A, Flag)) << Flag;
  EXPECT_FALSE(has(A, "-D__DAV_CUBE__"));
  EXPECT_FALSE(has(A, "-D__DAV_C220_CUBE__"));
  EXPECT_FALSE(has(A, "-xcce"));
  EXPECT_FALSE(has(A, "--cce-aicore-arch=dav-c220-vec"));
  // The language comes first, so it applies to the source; the prelude is force-included and searched.
  EXPECT_EQ(indexOf(A, "-x"), 1);
  EXPECT_EQ(A[2], "hip");
  EXPECT_EQ(A[indexOf(A, "-include") + 1], "/opt/pto-lint/prelude/pto_lint_cce_prelude.h");
  EXPECT_EQ(A[indexOf(A, "-isystem") + 1], "/opt/pto-lint/prelude");
  EXPECT_LT(indexOf(A, "-x"), indexOf(A, "k.cpp"));
}

TEST(NpuCommand, A2A3Cube) {
  NpuTranslation T = translate({"ccec", "--cce-aicore-arch=dav-c220-cube", "--cce-aicore-only", "-c", "k.cce"});
  ASSERT_TRUE(T.isNpu);
  EXPECT_EQ(T.target, "a2a3");
  ASSERT_EQ(T.cores.size(), 1u);
  EXPECT_EQ(T.cores[0].name, "cube");
  const Args &A = T.cores[0].args;
  EXPECT_TRUE(has(A, "-D__DAV_CUBE__"));
  EXPECT_TRUE(has(A, "-D__DAV_C220_CUBE__"));
  EXPECT_FALSE(has(A, "-D__DAV_VEC__"));
  EXPECT_FALSE(has(A, "--cce-aicore-only"));
  EXPECT_TRUE(has(A, "k.cce")); // parsed as HIP whatever the extension
}

TEST(NpuCommand, A2A3MixGivesBothCores) {
  NpuTranslation T = translate({"bisheng", "-xcce", "--cce-aicore-arch=dav-c220", "k.cpp"});
  ASSERT_EQ(T.cores.size(), 2u);
  EXPECT_EQ(T.cores[0].name, "vec");
  EXPECT_EQ(T.cores[1].name, "cube");
  EXPECT_TRUE(has(T.cores[0].args, "-D__DAV_VEC__"));
  EXPECT_TRUE(has(T.cores[0].args, "-D__DAV_C220_VEC__"));
  EXPECT_FALSE(has(T.cores[0].args, "-D__DAV_CUBE__"));
  EXPECT_TRUE(has(T.cores[1].args, "-D__DAV_CUBE__"));
  EXPECT_TRUE(has(T.cores[1].args, "-D__DAV_C220_CUBE__"));
  EXPECT_FALSE(has(T.cores[1].args, "-D__DAV_VEC__"));
  for (const auto &C : T.cores)
    EXPECT_TRUE(has(C.args, "-D__NPU_ARCH__=2201"));
}

TEST(NpuCommand, A5) {
  NpuTranslation T = translate({"bisheng", "-xcce", "--cce-aicore-arch=dav-c310-vec", "-DREGISTER_BASE", "k.cpp"});
  ASSERT_TRUE(T.isNpu);
  EXPECT_EQ(T.target, "a5");
  ASSERT_EQ(T.cores.size(), 1u);
  const Args &A = T.cores[0].args;
  for (const char *Flag : {"-D__CCE_AICORE__=310", "-D__NPU_ARCH__=3101", "-D__DAV_VEC__", "-D__DAV_C310__",
                           "-D__DAV_C310_VEC__", "-DREGISTER_BASE"})
    EXPECT_TRUE(has(A, Flag)) << Flag;

  NpuTranslation Mix = translate({"bisheng", "-xcce", "--cce-aicore-arch=dav-c310", "k.cpp"});
  ASSERT_EQ(Mix.cores.size(), 2u);
  EXPECT_TRUE(has(Mix.cores[1].args, "-D__DAV_C310_CUBE__"));
  EXPECT_EQ(translate({"bisheng", "--cce-aicore-arch=dav-c310-cube", "k.cpp"}).cores.at(0).name, "cube");
}

TEST(NpuCommand, NpuArchSpelling) {
  NpuTranslation A2 = translate({"bisheng", "-xcce", "--npu-arch=dav-2201", "k.cpp"});
  EXPECT_EQ(A2.target, "a2a3");
  ASSERT_EQ(A2.cores.size(), 2u);
  EXPECT_TRUE(has(A2.cores[0].args, "-D__NPU_ARCH__=2201"));
  EXPECT_TRUE(has(A2.cores[1].args, "-D__DAV_C220_CUBE__"));

  NpuTranslation A5 = translate({"bisheng", "-x", "asc", "--npu-arch", "dav-3510", "k.asc"});
  EXPECT_EQ(A5.target, "a5");
  EXPECT_EQ(A5.arch, "dav-3510");
  ASSERT_EQ(A5.cores.size(), 2u);
  const Args &A = A5.cores[0].args;
  EXPECT_TRUE(has(A, "-D__NPU_ARCH__=3510"));
  EXPECT_TRUE(has(A, "-D__CCE_AICORE__=310"));
  EXPECT_TRUE(has(A, "-D__DAV_VEC__"));
  EXPECT_FALSE(has(A, "-D__DAV_C310__"));
  EXPECT_FALSE(has(A, "dav-3510"));
  EXPECT_FALSE(has(A, "asc"));
}

TEST(NpuCommand, UnknownArchIsAnError) {
  NpuTranslation T = translate({"bisheng", "-xcce", "--cce-aicore-arch=dav-m200", "k.cpp"});
  EXPECT_TRUE(T.isNpu);
  EXPECT_EQ(T.error, "unknown --cce-aicore-arch 'dav-m200' (known: dav-c220[-vec|-cube], dav-c310[-vec|-cube])");
  EXPECT_EQ(T.target, "");
  EXPECT_TRUE(T.cores.empty());

  NpuTranslation N = translate({"bisheng", "--npu-arch=dav-2002", "k.asc"});
  EXPECT_EQ(N.error, "unknown --npu-arch 'dav-2002' (known: dav-2201, dav-3510)");
  EXPECT_TRUE(N.cores.empty());

  NpuTranslation None = translate({"bisheng", "-xcce", "k.cpp"});
  EXPECT_TRUE(None.isNpu);
  EXPECT_NE(None.error.find("no NPU architecture"), std::string::npos) << None.error;
  EXPECT_TRUE(None.cores.empty());
}

TEST(NpuCommand, KeepsUserFlagsAndDropsVendorOnes) {
  NpuTranslation T = translate(words(
      "/usr/local/Ascend/compiler/ccec_compiler/bin/bisheng -fPIC -O2 -std=gnu++17 -xcce -Xhost-start -DHOST_ONLY "
      "-Xhost-end -Xaicore-start -g -Xaicore-end -mllvm -cce-aicore-stack-size=0x8000 -mllvm "
      "-cce-aicore-record-overflow=true --cce-auto-sync -cce-enable-mix --cce-soc-version=Ascend910B3 "
      "--dependent-libraries libstub.a --enable-simt -march=armv8-a -DA=1 -UB -I inc -isystem /sys/inc -include "
      "user.h -Werror -Wno-macro-redefined -x c++ --cce-aicore-arch dav-c220-vec -c k.cpp -o k.o"));
  ASSERT_EQ(T.error, "");
  ASSERT_EQ(T.cores.size(), 1u);
  const Args &A = T.cores[0].args;
  for (const char *Dropped :
       {"-xcce", "-Xhost-start", "-Xhost-end", "-Xaicore-start", "-Xaicore-end", "-mllvm",
        "-cce-aicore-stack-size=0x8000", "-cce-aicore-record-overflow=true", "--cce-auto-sync", "-cce-enable-mix",
        "--cce-soc-version=Ascend910B3", "--dependent-libraries", "libstub.a", "--enable-simt", "-march=armv8-a", "c++",
        "--cce-aicore-arch", "dav-c220-vec", "/usr/local/Ascend/compiler/ccec_compiler/bin/bisheng"})
    EXPECT_FALSE(has(A, Dropped)) << Dropped;
  EXPECT_EQ(std::count(A.begin(), A.end(), "-x"), 1);

  // Everything else survives, in the user's order.
  Args Kept = words("-fPIC -O2 -std=gnu++17 -DHOST_ONLY -g -DA=1 -UB -I inc -isystem /sys/inc -include user.h -Werror "
                    "-Wno-macro-redefined -c k.cpp -o k.o");
  long Prev = -1;
  for (const std::string &K : Kept) {
    long At = -1;
    for (long I = Prev + 1; I < long(A.size()) && At < 0; ++I)
      if (A[I] == K)
        At = I;
    EXPECT_GT(At, Prev) << K << " missing or out of order";
    Prev = std::max(Prev, At);
  }

  // Predefines precede the user's -D/-U (which may override them); the prelude precedes the user's -include;
  // the prelude directory is searched after the user's; -Wno-error comes after the user's -Werror.
  EXPECT_LT(indexOf(A, "-D__DAV_VEC__"), indexOf(A, "-DA=1"));
  EXPECT_LT(indexOf(A, "-include"), indexOf(A, "user.h") - 1);
  EXPECT_GT(indexOf(A, "/opt/pto-lint/prelude"), indexOf(A, "/sys/inc"));
  EXPECT_GT(indexOf(A, "-Wno-error"), indexOf(A, "-Werror"));
}

TEST(NpuCommand, XcceForms) {
  for (const Args &Cmd : {Args{"bisheng", "-xcce", "--cce-aicore-arch=dav-c220-vec", "k.cpp"},
                          Args{"bisheng", "-x", "cce", "--cce-aicore-arch=dav-c220-vec", "k.cpp"},
                          Args{"ccec", "--cce-aicore-arch", "dav-c220-vec", "k.cpp"},
                          Args{"/opt/x/bin/bisheng", "-xasc", "--cce-aicore-arch=dav-c220-vec", "k.asc"}}) {
    NpuTranslation T = translate(Cmd);
    ASSERT_TRUE(T.isNpu) << Cmd[1];
    ASSERT_EQ(T.cores.size(), 1u) << Cmd[1];
    const Args &A = T.cores[0].args;
    EXPECT_FALSE(has(A, "cce"));
    EXPECT_FALSE(has(A, "-xcce"));
    EXPECT_FALSE(has(A, "-xasc"));
    EXPECT_EQ(std::count(A.begin(), A.end(), "-x"), 1);
    EXPECT_GT(indexOf(A, Cmd.back()), indexOf(A, "-x")); // the source is parsed as HIP
  }
  // The last architecture option wins.
  EXPECT_EQ(translate({"bisheng", "--cce-aicore-arch=dav-c220-vec", "--cce-aicore-arch=dav-c310-cube", "k.cpp"}).target,
            "a5");
}

TEST(NpuCommand, NonNpuCommandIsLeftAlone) {
  for (const Args &Cmd : {Args{"g++", "-DFOO", "-c", "k.cpp"}, Args{"clang++", "-x", "c++", "-std=c++17", "k.cpp"},
                          Args{"bisheng", "-O2", "host.cpp"}, Args{}}) {
    NpuTranslation T = translate(Cmd);
    EXPECT_FALSE(T.isNpu);
    EXPECT_EQ(T.target, "");
    EXPECT_EQ(T.arch, "");
    EXPECT_EQ(T.error, "");
    EXPECT_TRUE(T.cores.empty());
  }
}

TEST(NpuCommand, PreludeDirSpelling) {
  NpuTranslation T = translateNpuCommand({"bisheng", "--cce-aicore-arch=dav-c220-vec", "k.cpp"}, "pre/");
  const Args &A = T.cores.at(0).args;
  EXPECT_EQ(A[indexOf(A, "-include") + 1], "pre/pto_lint_cce_prelude.h");
  EXPECT_EQ(A[indexOf(A, "-isystem") + 1], "pre");
}

#if defined(PTOLINT_SOURCE_DIR) && defined(PTOLINT_CLANGXX)
std::string shellQuote(const std::string &S) {
  std::string Q = "'";
  for (char C : S)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

/// Runs every translated command of a tests/npu kernel through clang: each core must parse without errors.
void expectParses(const std::string &Kernel, const std::string &Arch, size_t Cores) {
  const std::string Src = PTOLINT_SOURCE_DIR;
  NpuTranslation T = translateNpuCommand({"bisheng", "-xcce", "--cce-aicore-arch=" + Arch, "-std=c++17",
                                          "-I" + Src + "/refmodel/include", "-c", Src + "/tests/npu/" + Kernel},
                                         Src + "/clangfe/prelude");
  ASSERT_EQ(T.error, "");
  ASSERT_EQ(T.cores.size(), Cores);
  for (const pto::driver::NpuCore &C : T.cores) {
    std::string Cmd = shellQuote(PTOLINT_CLANGXX);
    for (size_t I = 1; I < C.args.size(); ++I)
      Cmd += " " + shellQuote(C.args[I]);
    EXPECT_EQ(std::system(Cmd.c_str()), 0) << Kernel << " (" << C.name << "): " << Cmd;
  }
}

TEST(NpuKernels, ParseForEveryCore) {
  expectParses("tcolargmin_a2a3.cpp", "dav-c220-vec", 1);
  expectParses("tcolargmin_mix_a2a3.cpp", "dav-c220", 2);
  expectParses("tcolargmin_a5.cpp", "dav-c310-vec", 1);
  expectParses("simt_a5.cpp", "dav-c310-vec", 1); // SIMT: __cce_simt_get_TID_X and family, cce::async_invoke
}
#endif

} // namespace
