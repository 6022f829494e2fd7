// tests: every fixture kernel, compiled once (the CLI, every target in one run), against the `// expect[...]`
// comments: each finding's rule id, severity, targets, line and message; its expected notes; and nothing else.
// The whole rendering (findings with their notes and help) is also compared with a golden file per fixture
// (tests/golden/fixtures/; PTOLINT_BLESS=1 rewrites them). The plugin shares the driver with the CLI; one test
// runs it on several fixtures at once and requires the same findings.
//
// Annotation syntax (on the line of the call, or `expect@+N` / `expect@-N` for another line):
//   // expect[a2a3,a5]: error pto-colargmin-tmp-size: tmp tile holds 128 B
//   // expect-note[a2a3]: fails for example when cols = 0
// The message is a prefix-free substring of the finding's message as it reads for that one target (a finding
// reported for several targets says "on a2a3 and a5"; for target a2a3 it is matched as "on a2a3"). An annotation
// the harness cannot read fails the test. Optional directives: `// pto-lint-flags: -DFOO` (extra compiler flags),
// `// pto-lint-options: --upstream-checks` (extra options of the CLI run).
#include "TestUtil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <dirent.h>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <sys/wait.h>

namespace {

const std::string Src = PTOLINT_SOURCE_DIR;
const std::vector<std::string> Targets = {"a2a3", "a5", "cpu"};

struct Expect {
  unsigned line;
  std::string kind; // error, warning, remark (a note-severity finding), or note
  std::string rule; // empty for notes
  std::string text; // substring of the message
  std::vector<std::string> targets;
  bool matched = false;
};

std::vector<std::string> listFixtures() {
  std::vector<std::string> Out;
  for (const char *Dir : {"/tests/rules", "/tests/kernels", "/tests/pto", "/examples"}) {
    std::string D = Src + Dir;
    if (DIR *H = opendir(D.c_str())) {
      while (dirent *E = readdir(H)) {
        std::string N = E->d_name;
        bool Cpp = N.size() > 4 && N.compare(N.size() - 4, 4, ".cpp") == 0 && N.find("_run") == std::string::npos;
        bool Pto = N.size() > 4 && N.compare(N.size() - 4, 4, ".pto") == 0; // the textual PTO front end
        if (Cpp || Pto)
          Out.push_back(std::string(Dir).substr(1) + "/" + N);
      }
      closedir(H);
    }
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

std::vector<std::string> split(const std::string &S, char C) {
  std::vector<std::string> Out;
  std::stringstream SS(S);
  std::string Item;
  while (std::getline(SS, Item, C))
    if (!Item.empty())
      Out.push_back(Item);
  return Out;
}

std::vector<Expect> readExpectations(const std::string &Path, std::string &Flags, std::string &Options) {
  std::ifstream In(Path);
  std::vector<Expect> Out;
  static const std::regex Re(R"(^expect(-note)?(@([+-]\d+))?\[((?:a2a3|a5|cpu)(?:,(?:a2a3|a5|cpu))*)\]:\s*(?:(error|warning|remark)\s+(pto-[a-z0-9-]+)\s*(?::\s*(.*\S))?|(.*\S))$)");
  static const std::regex FlagsRe(R"(//\s*pto-lint-flags:\s*(.*))");
  static const std::regex OptionsRe(R"(//\s*pto-lint-options:\s*(.*))");
  std::string L;
  for (unsigned N = 1; std::getline(In, L); ++N) {
    std::smatch M;
    if (std::regex_search(L, M, FlagsRe))
      Flags += " " + M[1].str();
    if (std::regex_search(L, M, OptionsRe))
      Options += " " + M[1].str();
    size_t Pos = L.find("// expect");
    if (Pos == std::string::npos)
      continue;
    std::string C = L.substr(Pos + 3);
    if (!std::regex_match(C, M, Re)) {
      ADD_FAILURE() << Path << ":" << N << ": cannot read this annotation: " << C;
      continue;
    }
    Expect E;
    E.line = N + (M[3].matched ? std::stoi(M[3].str()) : 0);
    E.targets = split(M[4].str(), ',');
    if (M[1].matched) {
      E.kind = "note";
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

int run(const std::string &Cmd, std::string &Out) {
  Out.clear();
  FILE *P = popen(Cmd.c_str(), "r");
  if (!P)
    return -1;
  std::array<char, 4096> Buf;
  size_t N;
  while ((N = fread(Buf.data(), 1, Buf.size(), P)) > 0)
    Out.append(Buf.data(), N);
  int St = pclose(P);
  return WIFEXITED(St) ? WEXITSTATUS(St) : -1;
}

/// The CLI's standard output in Out (a report that must parse), its standard error in Err (for failure messages).
int run(const std::string &Cmd, std::string &Out, std::string &Err) {
  pto::testutil::Out O = pto::testutil::runSplit(Cmd);
  Out = O.text;
  Err = O.err;
  return O.rc;
}

std::string flags(const std::string &Extra) { return "-std=c++17 -I" + Src + "/refmodel/include" + Extra; }

using pto::testutil::readFile;
using pto::testutil::tempDir;

/// "a2a3, a5 and cpu", as the engine joins the targets of a finding.
std::string joinTargets(const std::vector<std::string> &Ts) {
  std::string S;
  for (size_t I = 0; I < Ts.size(); ++I)
    S += (I ? (I + 1 == Ts.size() ? " and " : ", ") : "") + Ts[I];
  return S;
}

/// Text as it reads for target T alone: "on a2a3, a5 and cpu" -> "on a5".
std::string forTarget(std::string Text, const std::vector<std::string> &Ts, const std::string &T) {
  if (Ts.size() < 2)
    return Text;
  const std::string From = joinTargets(Ts);
  for (size_t P = Text.find(From); P != std::string::npos; P = Text.find(From, P + T.size()))
    Text.replace(P, From.size(), T);
  return Text;
}

/// One finding of the CLI's JSON report.
struct Found {
  unsigned line;
  std::string kind, rule, message, help;
  std::vector<std::string> targets, notes;
};

std::vector<Found> findingsOf(const nlohmann::json &J) {
  std::vector<Found> Out;
  for (const auto &F : J["findings"]) {
    Found D;
    D.line = F["line"].get<unsigned>();
    D.kind = F["severity"].get<std::string>() == "note" ? "remark" : F["severity"].get<std::string>();
    D.rule = F["ruleId"].get<std::string>();
    D.message = F["message"].get<std::string>();
    D.help = F["help"].get<std::string>();
    for (const auto &T : F["targets"])
      D.targets.push_back(T.get<std::string>());
    for (const auto &N : F["notes"])
      D.notes.push_back(N["message"].get<std::string>());
    if (!D.help.empty())
      D.notes.push_back("help: " + D.help);
    Out.push_back(D);
  }
  return Out;
}

/// The golden rendering: every finding with its targets, notes (with their lines) and help.
std::string render(const nlohmann::json &J) {
  std::string Out;
  for (const auto &F : J["findings"]) {
    std::string Ts;
    for (const auto &T : F["targets"])
      Ts += (Ts.empty() ? "" : ",") + T.get<std::string>();
    Out += std::to_string(F["line"].get<unsigned>()) + ":" + std::to_string(F["column"].get<unsigned>()) + " " +
           F["severity"].get<std::string>() + " [" + Ts + "] " + F["ruleId"].get<std::string>() + " (" +
           F["status"].get<std::string>() + "): " + F["message"].get<std::string>() + "\n";
    for (const auto &N : F["notes"]) {
      std::string File = N["file"].get<std::string>();
      File = File.substr(File.rfind('/') + 1);
      Out += "  note " + File + ":" + std::to_string(N["line"].get<unsigned>()) + ": " + N["message"].get<std::string>() +
             "\n";
    }
    if (!F["help"].get<std::string>().empty())
      Out += "  help: " + F["help"].get<std::string>() + "\n";
    if (F.contains("fix")) {
      Out += "  fix: " + F["fix"]["title"].get<std::string>();
      for (const auto &E : F["fix"]["edits"])
        Out += " @" + std::to_string(E["line"].get<unsigned>()) + ":" + std::to_string(E["column"].get<unsigned>()) +
               "+" + std::to_string(E["length"].get<unsigned>()) + " '" + E["text"].get<std::string>() + "'";
      Out += "\n";
    }
  }
  return Out;
}

/// Applies every fix of a JSON report to File's text (edits of other files are ignored); edits are on one line
/// each, applied from the last one so earlier columns stay right.
std::string applyFixes(const std::string &Text, const std::string &File, const nlohmann::json &J) {
  std::set<std::tuple<unsigned, unsigned, unsigned, std::string>> Edits;
  for (const auto &F : J["findings"])
    if (F.contains("fix"))
      for (const auto &E : F["fix"]["edits"])
        if (File.size() >= E["file"].get<std::string>().size() &&
            File.compare(File.size() - E["file"].get<std::string>().size(), std::string::npos,
                         E["file"].get<std::string>()) == 0)
          Edits.insert({E["line"].get<unsigned>(), E["column"].get<unsigned>(), E["length"].get<unsigned>(),
                        E["text"].get<std::string>()});
  std::vector<std::string> Lines;
  for (size_t B = 0, E; B <= Text.size(); B = E + 1) {
    E = Text.find('\n', B);
    if (E == std::string::npos)
      E = Text.size();
    Lines.push_back(Text.substr(B, E - B));
  }
  for (auto It = Edits.rbegin(); It != Edits.rend(); ++It) {
    const auto &[Line, Col, Len, New] = *It;
    std::string &L = Lines.at(Line - 1);
    L.replace(Col - 1, Len, New);
  }
  std::string Out;
  for (size_t I = 0; I < Lines.size(); ++I)
    Out += Lines[I] + (I + 1 < Lines.size() ? "\n" : "");
  return Out; // the same lines, each edited in place
}

std::string goldenPath(const std::string &Rel) {
  std::string N = Rel;
  for (char &C : N)
    if (C == '/')
      C = '_';
  return Src + "/tests/golden/fixtures/" + N.substr(0, N.size() - 4) + (Rel.back() == 'o' ? ".pto" : "") + ".txt";
}

class Fixture : public ::testing::TestWithParam<std::string> {};

TEST_P(Fixture, FindingsMatchAnnotations) {
  std::string Rel = GetParam(), Path = Src + "/" + Rel, Extra, Options;
  std::vector<Expect> Exp = readExpectations(Path, Extra, Options);
  std::string Json, Err;
  int Rc = run(std::string(PTOLINT_CLI) + " --quiet --format=json --target=all" + Options + " " + Path + " -- " +
                   flags(Extra),
               Json, Err);
  auto J = nlohmann::json::parse(Json, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << "CLI output is not JSON (exit " << Rc << "):\n" << Json << "\nstandard error:\n" << Err;
  ASSERT_NE(Rc, 2) << Rel << " does not compile:\n" << Err;
  std::vector<Found> Fs = findingsOf(J);

  for (const std::string &T : Targets) {
    SCOPED_TRACE("target " + T);
    for (Expect &E : Exp)
      E.matched = false;
    auto Wants = [&](const Expect &E) { return std::find(E.targets.begin(), E.targets.end(), T) != E.targets.end(); };
    for (const Found &D : Fs) {
      if (std::find(D.targets.begin(), D.targets.end(), T) == D.targets.end())
        continue;
      const std::string Msg = forTarget(D.message, D.targets, T);
      bool Ok = false;
      for (Expect &E : Exp)
        if (E.kind != "note" && !E.matched && E.line == D.line && Wants(E) && E.kind == D.kind && E.rule == D.rule &&
            Msg.find(E.text) != std::string::npos) {
          E.matched = Ok = true;
          break;
        }
      EXPECT_TRUE(Ok) << Rel << ":" << D.line << ": unexpected " << D.kind << ": " << Msg << " [" << D.rule << "]";
    }
    for (const Expect &E : Exp) {
      if (!Wants(E))
        continue;
      if (E.kind == "note") {
        bool Found = false;
        for (const auto &D : Fs)
          if (D.line == E.line && std::find(D.targets.begin(), D.targets.end(), T) != D.targets.end())
            for (const std::string &N : D.notes)
              Found |= forTarget(N, D.targets, T).find(E.text) != std::string::npos;
        EXPECT_TRUE(Found) << Rel << ":" << E.line << ": expected note '" << E.text << "'";
      } else {
        EXPECT_TRUE(E.matched) << Rel << ":" << E.line << ": expected " << E.kind << " " << E.rule << ": " << E.text;
      }
    }
  }

  // Exit 1 iff a finding is not an advisory note.
  bool Failing = false;
  for (const auto &F : J["findings"])
    Failing |= F["severity"] != "note";
  EXPECT_EQ(Rc, Failing ? 1 : 0) << "standard error:\n" << Err;

  // Every fix-it repairs its finding and makes no new one: the fixed kernel, linted again, no longer has the fixed
  // findings (rule at the line) and has no finding the original did not have.
  bool HasFix = false;
  for (const auto &F : J["findings"])
    HasFix |= F.contains("fix");
  if (HasFix) {
    std::string Dir = tempDir("fixture-fixed");
    std::string Copy = Dir + "/" + Rel.substr(Rel.rfind('/') + 1);
    std::ofstream(Copy) << applyFixes(readFile(Path), Path, J);
    std::string Fixed, FixedErr;
    run(std::string(PTOLINT_CLI) + " --quiet --format=json --target=all" + Options + " " + Copy + " -- " + flags(Extra),
        Fixed, FixedErr);
    auto K = nlohmann::json::parse(Fixed, nullptr, false);
    ASSERT_FALSE(K.is_discarded()) << "fixed kernel: CLI output is not JSON:\n" << Fixed << "\nstandard error:\n"
                                   << FixedErr;
    std::set<std::pair<unsigned, std::string>> Before, Repaired;
    for (const auto &F : J["findings"]) {
      Before.insert({F["line"].get<unsigned>(), F["ruleId"].get<std::string>()});
      if (F.contains("fix"))
        Repaired.insert({F["line"].get<unsigned>(), F["ruleId"].get<std::string>()});
    }
    for (const auto &F : K["findings"]) {
      std::pair<unsigned, std::string> Key{F["line"].get<unsigned>(), F["ruleId"].get<std::string>()};
      EXPECT_FALSE(Repaired.count(Key)) << Rel << ":" << Key.first << ": the fix-it did not repair " << Key.second
                                        << ": " << F["message"].get<std::string>();
      EXPECT_TRUE(Before.count(Key)) << Rel << ":" << Key.first << ": the fix-its introduced " << Key.second << ": "
                                     << F["message"].get<std::string>();
    }
  }

  const std::string Golden = goldenPath(Rel), Got = render(J);
  if (getenv("PTOLINT_BLESS"))
    std::ofstream(Golden) << Got;
  EXPECT_EQ(readFile(Golden), Got) << Golden << " differs: the diff is the change; PTOLINT_BLESS=1 "
                                   << "build/tests/fixture_tests rewrites it";
}

INSTANTIATE_TEST_SUITE_P(Kernels, Fixture, ::testing::ValuesIn(listFixtures()), [](const auto &I) {
  std::string N = I.param;
  for (char &C : N)
    if (!isalnum(static_cast<unsigned char>(C)))
      C = '_';
  return N;
});

/// Findings printed as clang diagnostics (`file:line:col: level: message [rule]`), as "file:line severity rule
/// message" (a remark is a note finding).
std::multiset<std::string> fromDiagnostics(const std::string &Out) {
  std::multiset<std::string> A;
  static const std::regex Head(R"(^(.*):(\d+):(\d+): (error|warning|remark): (.*) \[(pto-[a-z0-9-]+)\]$)");
  std::stringstream SS(Out);
  for (std::string L; std::getline(SS, L);) {
    std::smatch M;
    if (std::regex_match(L, M, Head))
      A.insert(M[1].str().substr(M[1].str().rfind('/') + 1) + ":" + M[2].str() + " " +
               (M[4].str() == "remark" ? "note" : M[4].str()) + " " + M[6].str() + " " + M[5].str());
  }
  return A;
}

/// The CLI's JSON findings in the same form.
std::multiset<std::string> fromJson(const nlohmann::json &J) {
  std::multiset<std::string> B;
  for (const auto &F : J["findings"]) {
    std::string File = F["file"].get<std::string>();
    B.insert(File.substr(File.rfind('/') + 1) + ":" + std::to_string(F["line"].get<unsigned>()) + " " +
             F["severity"].get<std::string>() + " " + F["ruleId"].get<std::string>() + " " +
             F["message"].get<std::string>());
  }
  return B;
}

/// The plugin is the same driver behind another shell: on a sample of fixtures (one clang run over several
/// files), it reports what the CLI reports, with clang's levels (a note finding is a remark) and exit code.
TEST(Plugin, ReportsWhatTheCliReports) {
  std::vector<std::string> Sample;
  for (const std::string &F : listFixtures())
    if (F.rfind("examples/", 0) == 0 || F.find("colargmin-tmp-size") != std::string::npos ||
        F.find("helpers") != std::string::npos || F.find("colreduce-empty") != std::string::npos)
      Sample.push_back(F);
  ASSERT_GE(Sample.size(), 5u);
  std::string Files;
  for (const std::string &F : Sample)
    Files += " " + Src + "/" + F;
  std::string Out, Json, Err;
  int Rc = run(std::string(PTOLINT_CLANGXX) + " -fsyntax-only " + flags("") + " -fplugin=" PTOLINT_PLUGIN
               " -fplugin-arg-ptolint-target=all" + Files + " 2>&1",
               Out);
  int CliRc = run(std::string(PTOLINT_CLI) + " --quiet --format=json --target=all" + Files + " -- " + flags(""), Json,
                  Err);
  auto J = nlohmann::json::parse(Json, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << Json << "\nstandard error:\n" << Err;
  std::multiset<std::string> A = fromDiagnostics(Out), B = fromJson(J);
  bool Failing = false;
  for (const auto &F : J["findings"])
    Failing |= F["severity"] == "error";
  EXPECT_FALSE(A.empty());
  EXPECT_EQ(A, B) << "plugin and CLI disagree:\n" << Out;
  EXPECT_EQ(Rc != 0, Failing) << "plugin exit code " << Rc;
  EXPECT_EQ(CliRc, 1) << "CLI standard error:\n" << Err;
}

/// The clang-tidy module is the same driver behind clang-tidy's shell (one check per rule): on the sample, it
/// reports what the CLI reports, loaded into clang-tidy-19 and linked into pto-tidy. Skipped when clang-tidy-19 or
/// the module is not built.
class Tidy : public ::testing::TestWithParam<const char *> {};

TEST_P(Tidy, ReportsWhatTheCliReports) {
  const std::string ClangTidy = PTOLINT_CLANG_TIDY, Module = PTOLINT_TIDY_MODULE;
  if (ClangTidy.empty() || Module.empty() || !std::ifstream(Module))
    GTEST_SKIP() << "needs clang-tidy-19 (Debian package clang-tidy-19) and the pto-tidy-module build";
  std::string Tool = std::string(GetParam()) == "module" ? ClangTidy + " --load=" + Module : std::string(PTOLINT_TIDY);
  std::string Files;
  for (const std::string &F : listFixtures())
    if (F.rfind("examples/", 0) == 0 || F.find("colargmin-tmp-size") != std::string::npos ||
        F.find("helpers") != std::string::npos || F.find("rowreduce-tmp-size") != std::string::npos)
      Files += " " + Src + "/" + F;
  std::string Out, Json, Err;
  run(Tool + " --quiet -checks='-*,pto-*' --config='{CheckOptions: {pto-lint.Targets: all}}'" + Files + " -- " +
          flags("") + " 2>&1",
      Out);
  run(std::string(PTOLINT_CLI) + " --quiet --format=json --target=all" + Files + " -- " + flags(""), Json, Err);
  auto J = nlohmann::json::parse(Json, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << Json << "\nstandard error:\n" << Err;
  std::multiset<std::string> A = fromDiagnostics(Out), B = fromJson(J);
  EXPECT_FALSE(A.empty()) << Out;
  EXPECT_EQ(A, B) << GetParam() << " and CLI disagree:\n" << Out;
}

INSTANTIATE_TEST_SUITE_P(Shells, Tidy, ::testing::Values("module", "linked"));

/// The fixes pto-tidy exports are clang-tidy's YAML: clang-apply-replacements applies them, and the repaired doc
/// example (tmp tile too small on a2a3) then lints clean on every target.
TEST(TidyFixes, ExportedFixesApplyAndTheKernelLintsClean) {
  const std::string Apply = PTOLINT_APPLY_REPLACEMENTS, Tool = PTOLINT_TIDY;
  if (Apply.empty() || Tool.empty())
    GTEST_SKIP() << "needs clang-apply-replacements-19 (Debian package clang-tools-19) and the pto-tidy build";
  std::string Dir = tempDir("fixes"), Out;
  std::string Kernel = Dir + "/kernel.cpp";
  std::ofstream(Kernel) << readFile(Src + "/examples/colargmin_doc_example.cpp");
  run(Tool + " --quiet -checks='-*,pto-*' --export-fixes=" + Dir + "/fixes.yaml " + Kernel + " -- " + flags("") +
          " 2>&1",
      Out);
  ASSERT_NE(readFile(Dir + "/fixes.yaml").find("ReplacementText: '128'"), std::string::npos) << Out;
  ASSERT_EQ(run(Apply + " " + Dir + " 2>&1", Out), 0) << Out;
  EXPECT_NE(readFile(Kernel).find("using TmpTile = Tile<TileType::Vec, float, 1, 128>;"), std::string::npos)
      << readFile(Kernel);
  EXPECT_EQ(run(std::string(PTOLINT_CLI) + " --target=all " + Kernel + " -- " + flags("") + " 2>&1", Out), 0) << Out;
}

} // namespace
