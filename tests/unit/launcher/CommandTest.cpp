// tests/unit/launcher: how pto-lint-launch reads its options, the launcher chain and the compile command.
#include "launcher/Command.h"

#include <gtest/gtest.h>

#include <map>

using namespace pto::launcher;

namespace {

using Words = std::vector<std::string>;

Invocation parse(const Words &Args, std::map<std::string, std::string> Env = {}) {
  return parseInvocation(Args, [Env](const char *Name) -> const char * {
    auto It = Env.find(Name);
    return It == Env.end() ? nullptr : It->second.c_str();
  });
}

TEST(Launcher, OptionsThenCommand) {
  Invocation I = parse({"--fail-on=warning", "--target=a2a3,a5", "--budget=10", "--lint-timeout=5", "ccache",
                        "clang++", "-c", "k.cpp"});
  ASSERT_EQ(I.error, "");
  EXPECT_EQ(I.settings.failOn, FailOn::Warning);
  EXPECT_EQ(I.settings.timeoutSeconds, 5u);
  EXPECT_EQ(I.settings.ptoLintArgs, (Words{"--target=a2a3,a5", "--budget=10"}));
  EXPECT_EQ(I.commandStart, 4u);
  // `--` ends the options even before a word that starts with a dash.
  EXPECT_EQ(parse({"--werror", "--", "clang++"}).commandStart, 2u);
  EXPECT_EQ(parse({"--werror", "--", "clang++"}).settings.ptoLintArgs, Words{"--werror"});
}

TEST(Launcher, DefaultsFailOnErrorsAndToleratePtoLintFailures) {
  Invocation I = parse({"g++", "-c", "k.cpp"});
  EXPECT_EQ(I.error, "");
  EXPECT_EQ(I.settings.failOn, FailOn::Error);
  EXPECT_FALSE(I.settings.failOnInternalError);
  EXPECT_EQ(I.settings.timeoutSeconds, 300u);
  EXPECT_EQ(I.commandStart, 0u);
}

TEST(Launcher, EnvironmentOverridesTheBuildFile) {
  Invocation I = parse({"--fail-on=never", "clang++"}, {{"PTO_LINT_LAUNCH_FAIL_ON", "warning"},
                                                        {"PTO_LINT_LAUNCH_FAIL_ON_INTERNAL_ERROR", "1"},
                                                        {"PTO_LINT_LAUNCH_TIMEOUT", "7"},
                                                        {"PTO_LINT_LAUNCH_PTO_LINT", "/opt/pto-lint"},
                                                        {"PTO_LINT_LAUNCH_ARGS", " --target=a5  --disable=pto-tassign-*"}});
  ASSERT_EQ(I.error, "");
  EXPECT_EQ(I.settings.failOn, FailOn::Warning);
  EXPECT_TRUE(I.settings.failOnInternalError);
  EXPECT_EQ(I.settings.timeoutSeconds, 7u);
  EXPECT_EQ(I.settings.ptoLint, "/opt/pto-lint");
  EXPECT_EQ(I.settings.ptoLintArgs, (Words{"--target=a5", "--disable=pto-tassign-*"}));
  EXPECT_TRUE(parse({"clang++"}, {{"PTO_LINT_LAUNCH_DISABLE", "yes"}}).settings.disabled);
}

TEST(Launcher, UsageErrorsNameTheProblem) {
  EXPECT_EQ(parse({"--fail-on=sometimes", "g++"}).error, "--fail-on='sometimes' is not error, warning or never");
  EXPECT_EQ(parse({"--lint-timeout=0", "g++"}).error, "--lint-timeout='0' is not a positive number of seconds");
  EXPECT_EQ(parse({"--format=json", "g++"}).error,
            "'--format=json': the launcher decides pto-lint's report; this option cannot be passed on");
  EXPECT_EQ(parse({"-p", "build", "g++"}).error,
            "unknown option '-p' (pto-lint options are passed on as --KEY=VALUE; see --help)");
  EXPECT_EQ(parse({"--werror"}).error, "no compiler command given");
  EXPECT_EQ(parse({"g++"}, {{"PTO_LINT_LAUNCH_FAIL_ON", "maybe"}}).error,
            "PTO_LINT_LAUNCH_FAIL_ON='maybe' is not error, warning or never");
  EXPECT_EQ(parse({"g++"}, {{"PTO_LINT_LAUNCH_ARGS", "--output=x"}}).error,
            "PTO_LINT_LAUNCH_ARGS: '--output=x' is not a pto-lint option the launcher passes on");
}

TEST(Launcher, OtherLaunchersAreSkippedToTheRealCompiler) {
  EXPECT_EQ(realCompilerIndex({"clang++", "-c", "k.cpp"}), 0u);
  EXPECT_EQ(realCompilerIndex({"/usr/bin/ccache", "bisheng", "-c", "k.cpp"}), 1u);
  EXPECT_EQ(realCompilerIndex({"ccache", "distcc", "g++", "-c", "k.cpp"}), 2u);
  EXPECT_EQ(realCompilerIndex({"ccache", "max_size=1G", "sloppiness=time_macros", "g++", "-c"}), 3u);
  EXPECT_EQ(realCompilerIndex({"sccache", "/opt/Ascend/bin/bisheng"}), 1u);
  EXPECT_EQ(realCompilerIndex({"icecc", "pto-lint-launch", "clang++"}), 2u);
  // distcc choosing the compiler itself: nothing to lint with.
  EXPECT_EQ(realCompilerIndex({"distcc", "-c", "k.cpp"}), 3u);
  EXPECT_EQ(realCompilerIndex({"ccache"}), 1u);
}

TEST(Launcher, CompilesOfSourcesAreLinted) {
  Compile C = classify({"clang++", "-DX", "-I", "inc", "-o", "k.o", "-c", "/src/k.cpp", "-MD", "-MF", "k.d"});
  EXPECT_TRUE(C.lint) << C.why;
  EXPECT_EQ(C.sources, Words{"/src/k.cpp"});
  // A CCE command: -xcce makes any file a source, and -x separates values as well as it glues them.
  Compile Cce = classify({"bisheng", "-xcce", "--cce-aicore-arch", "dav-c220-vec", "-mllvm",
                          "-cce-aicore-stack-size=0x8000", "-Xhost-start", "-Xhost-end", "-c", "k.kernel", "-o", "k.o"});
  EXPECT_TRUE(Cce.lint) << Cce.why;
  EXPECT_EQ(Cce.sources, Words{"k.kernel"});
  EXPECT_EQ(classify({"g++", "-x", "c++", "-S", "a.inc"}).sources, Words{"a.inc"});
}

TEST(Launcher, EverythingElsePassesThrough) {
  EXPECT_EQ(classify({"clang++", "k.o", "-o", "app"}).why, "not a compile (no -c or -S)");
  EXPECT_EQ(classify({"clang++", "k.cpp", "-o", "app"}).why, "not a compile (no -c or -S)");
  EXPECT_EQ(classify({"clang++", "-E", "-c", "k.cpp"}).why, "preprocessing only");
  EXPECT_EQ(classify({"clang++", "-M", "k.cpp"}).why, "preprocessing only");
  EXPECT_EQ(classify({"clang++", "-c", "start.S", "-o", "start.o"}).why, "no C, C++ or CCE source (start.S)");
  EXPECT_EQ(classify({"clang++", "-x", "assembler", "-c", "k.cpp"}).why, "no C, C++ or CCE source (k.cpp)");
  EXPECT_EQ(classify({"clang++", "-xc++-header", "-c", "pch.hxx"}).why, "no C, C++ or CCE source (pch.hxx)");
  EXPECT_EQ(classify({"clang++", "-c", "-"}).why, "no C, C++ or CCE source (-)");
  EXPECT_EQ(classify({"clang++", "--version"}).why, "not a compile (no -c or -S)");
  EXPECT_EQ(classify({"clang++", "-c"}).why, "no source file");
  // Values of options are not sources, even with a source's name.
  EXPECT_EQ(classify({"clang++", "-include", "pre.cpp", "-c", "k.cpp"}).sources, Words{"k.cpp"});
}

TEST(Launcher, SeveralSourcesAreLintedOneCommandEach) {
  Words Cmd{"clang++", "-c", "a.cpp", "-DX", "b.cc"};
  Compile C = classify(Cmd);
  ASSERT_EQ(C.sources, (Words{"a.cpp", "b.cc"}));
  EXPECT_EQ(commandFor(Cmd, C, "a.cpp"), (Words{"clang++", "-c", "a.cpp", "-DX"}));
  EXPECT_EQ(commandFor(Cmd, C, "b.cc"), (Words{"clang++", "-c", "-DX", "b.cc"}));
  Words One{"clang++", "-c", "a.cpp"};
  EXPECT_EQ(commandFor(One, classify(One), "a.cpp"), One);
}

TEST(Launcher, FindingsAreCountedFromPtoLintsDiagnostics) {
  std::string Text = "/k.cpp:18:3: error: tmp tile holds 128 B but TCOLARGMIN needs 512 B on a2a3 "
                     "[pto-colargmin-tmp-size]\n"
                     "   18 |   TCOLARGMIN(dst, src, tmp); // expect: error: x [pto-colargmin-tmp-size]\n"
                     "      |   ^\n"
                     "note: on a2a3 the implementation keeps a row counter\n"
                     "/k.cpp:20:3: warning: TROWMIN could not be proved for cols = 81 [pto-rowmin-valid-cols]\n"
                     "/k.cpp:2:10: error: 'missing.h' file not found\n"
                     "/k.cpp:21:3: note: a note [pto-x]\n";
  Tally T = countFindings(Text);
  EXPECT_EQ(T.errors, 1u);
  EXPECT_EQ(T.warnings, 1u);
  EXPECT_TRUE(findingsFail(FailOn::Error, T));
  EXPECT_TRUE(findingsFail(FailOn::Warning, T));
  EXPECT_FALSE(findingsFail(FailOn::Never, T));
  EXPECT_FALSE(findingsFail(FailOn::Error, Tally{0, 3}));
  EXPECT_TRUE(findingsFail(FailOn::Warning, Tally{0, 3}));
}

} // namespace

namespace {

TEST(Launcher, OutputKeepsFindingsAndErrorsNotTheParsesWarnings) {
  std::string Text = "In file included from /k.cpp:13:\n"
                     "In file included from /inc/pto.hpp:30:\n"
                     "/inc/gather.hpp:117:16: warning: argument to '#pragma unroll' should not be in parentheses\n"
                     "  117 | #pragma unroll(4)\n"
                     "      |                ^\n"
                     "/inc/gather.hpp:155:16: warning: argument to '#pragma unroll' should not be in parentheses\n"
                     "  155 | #pragma unroll(4)\n"
                     "/inc/gather.hpp:160:3: note: expanded from here\n"
                     "In file included from /k.cpp:13:\n"
                     "/inc/reduce.hpp:131:9: warning: cannot prove that a partial predicate has the granularity "
                     "[pto-vmin-mask-width]\n"
                     "  131 |         vmin(dst, src0, src1, pred);\n"
                     "note: not understood: whether the predicate 'pred' is partial\n"
                     "/k.cpp:43:5: note: in instantiation of 'TROWMIN' requested here\n"
                     "note: help: make the predicate with plt_b32\n"
                     "/k.cpp:50:1: remark: unused-ish thing\n"
                     "/k.cpp:60:1: error: use of undeclared identifier 'x'\n"
                     "   60 | x;\n"
                     "/k.cpp:61:1: remark: TASSIGN overlaps nothing [pto-tassign-advice]\n"
                     "9 warnings and 1 error generated.\n"
                     "pto-lint: error: some files did not compile (or, .pto, did not parse); findings for the calls "
                     "that were parsed are reported\n";
  EXPECT_EQ(findingsOnly(Text),
            "In file included from /k.cpp:13:\n"
            "/inc/reduce.hpp:131:9: warning: cannot prove that a partial predicate has the granularity "
            "[pto-vmin-mask-width]\n"
            "  131 |         vmin(dst, src0, src1, pred);\n"
            "note: not understood: whether the predicate 'pred' is partial\n"
            "/k.cpp:43:5: note: in instantiation of 'TROWMIN' requested here\n"
            "note: help: make the predicate with plt_b32\n"
            "/k.cpp:60:1: error: use of undeclared identifier 'x'\n"
            "   60 | x;\n"
            "/k.cpp:61:1: remark: TASSIGN overlaps nothing [pto-tassign-advice]\n"
            "pto-lint: error: some files did not compile (or, .pto, did not parse); findings for the calls "
            "that were parsed are reported\n");
  // Findings only: unchanged.
  std::string Clean = "/k.cpp:18:3: error: tmp tile holds 128 B [pto-colargmin-tmp-size]\n"
                      "   18 |   TCOLARGMIN(dst, src, tmp);\n"
                      "      |   ^\n"
                      "note: help: declare tmp with at least 512 bytes\n";
  EXPECT_EQ(findingsOnly(Clean), Clean);
  EXPECT_TRUE(parse({"--parse-warnings", "g++"}).settings.parseWarnings);
}

} // namespace
