// tests: runs every fixture kernel through the plugin and the CLI per target and checks each finding
// against the `// expect[...]` comment on its line (and that nothing else is reported).
//
// Annotation syntax (on the line of the call, or `expect@+N` / `expect@-N` for another line):
//   // expect[a2a3,a5]: error pto-colargmin-tmp-size: tmp tile holds 128 B
//   // expect-note[a2a3]: fails for example when cols = 0
// Optional first-lines directives: `// pto-lint-flags: -DFOO` (extra compiler flags).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <dirent.h>
#include <fstream>
#include <regex>
#include <sstream>
#include <sys/wait.h>

namespace {

const std::string Src = PTOLINT_SOURCE_DIR;
const std::vector<std::string> Targets = {"a2a3", "a5", "cpu"};

struct Expect {
  unsigned line;
  std::string kind; // error, warning, note
  std::string rule; // empty for notes
  std::string text; // substring of the message
  std::vector<std::string> targets;
  bool matched = false;
};

struct Diag {
  unsigned line = 0;
  std::string severity, rule, message;
  std::vector<std::string> notes;
};

std::vector<std::string> listFixtures() {
  std::vector<std::string> Out;
  for (const char *Dir : {"/tests/rules", "/tests/kernels", "/examples"}) {
    std::string D = Src + Dir;
    if (DIR *H = opendir(D.c_str())) {
      while (dirent *E = readdir(H)) {
        std::string N = E->d_name;
        if (N.size() > 4 && N.compare(N.size() - 4, 4, ".cpp") == 0 && N.find("_run") == std::string::npos)
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

std::vector<Expect> readExpectations(const std::string &Path, std::string &Flags) {
  std::ifstream In(Path);
  std::vector<Expect> Out;
  static const std::regex Re(R"(expect(-note)?(@([+-]\d+))?\[([a-z0-9,]+)\]:\s*(?:(error|warning|remark)\s+(pto-[a-z0-9-]+)\s*(?::\s*(.*\S))?|(.*\S)))");
  static const std::regex FlagsRe(R"(//\s*pto-lint-flags:\s*(.*))");
  std::string L;
  for (unsigned N = 1; std::getline(In, L); ++N) {
    std::smatch M;
    if (std::regex_search(L, M, FlagsRe))
      Flags += " " + M[1].str();
    size_t Pos = L.find("// expect");
    if (Pos == std::string::npos)
      continue;
    std::string C = L.substr(Pos + 3);
    if (!std::regex_search(C, M, Re))
      continue;
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
  FILE *P = popen((Cmd + " 2>&1").c_str(), "r");
  if (!P)
    return -1;
  std::array<char, 4096> Buf;
  size_t N;
  while ((N = fread(Buf.data(), 1, Buf.size(), P)) > 0)
    Out.append(Buf.data(), N);
  int St = pclose(P);
  return WIFEXITED(St) ? WEXITSTATUS(St) : -1;
}

std::string flags(const std::string &Extra) { return "-std=c++17 -I" + Src + "/refmodel/include" + Extra; }

std::vector<Diag> parsePlugin(const std::string &Out, const std::string &File) {
  std::vector<Diag> Ds;
  static const std::regex Head(R"(^(.*):(\d+):(\d+): (error|warning|remark): (.*) \[(pto-[a-z0-9-]+)\]$)");
  static const std::regex Note(R"(^(?:(.*):(\d+):(\d+): )?note: (.*)$)");
  std::stringstream SS(Out);
  std::string L;
  bool InOurs = false;
  while (std::getline(SS, L)) {
    std::smatch M;
    if (std::regex_match(L, M, Head)) {
      InOurs = M[1].str() == File;
      if (InOurs)
        Ds.push_back({static_cast<unsigned>(std::stoul(M[2].str())), M[4].str(), M[6].str(), M[5].str(), {}});
    } else if (std::regex_match(L, M, Note) && InOurs && !Ds.empty()) {
      Ds.back().notes.push_back(M[4].str());
    } else if (L.find(": error: ") != std::string::npos || L.find(": warning: ") != std::string::npos) {
      InOurs = false;
    }
  }
  return Ds;
}

class Fixture : public ::testing::TestWithParam<std::string> {};

TEST_P(Fixture, FindingsMatchAnnotations) {
  std::string Rel = GetParam(), Path = Src + "/" + Rel, Extra;
  std::vector<Expect> Exp = readExpectations(Path, Extra);
  for (const std::string &T : Targets) {
    SCOPED_TRACE("target " + T);
    std::string Out;
    int Rc = run(std::string(PTOLINT_CLANGXX) + " -fsyntax-only " + flags(Extra) + " -fplugin=" PTOLINT_PLUGIN
                 " -fplugin-arg-ptolint-target=" + T + " " + Path, Out);
    std::vector<Diag> Ds = parsePlugin(Out, Path);
    bool AnyError = false;
    for (const Diag &D : Ds)
      AnyError |= D.severity == "error";
    EXPECT_EQ(Rc != 0, AnyError) << "plugin exit code " << Rc << " does not match its findings\n" << Out;
    if (Out.find("error: ") != std::string::npos && Out.find("[pto-") == std::string::npos)
      ADD_FAILURE() << "fixture does not compile:\n" << Out;

    for (Expect &E : Exp)
      E.matched = false;
    for (const Diag &D : Ds) {
      bool Ok = false;
      for (Expect &E : Exp) {
        if (E.kind == "note" || E.matched || E.line != D.line ||
            std::find(E.targets.begin(), E.targets.end(), T) == E.targets.end())
          continue;
        if (E.kind == D.severity && E.rule == D.rule && D.message.find(E.text) != std::string::npos) {
          E.matched = Ok = true;
          break;
        }
      }
      EXPECT_TRUE(Ok) << Rel << ":" << D.line << ": unexpected " << D.severity << ": " << D.message << " [" << D.rule
                      << "]";
    }
    for (Expect &E : Exp) {
      if (std::find(E.targets.begin(), E.targets.end(), T) == E.targets.end())
        continue;
      if (E.kind == "note") {
        bool Found = false;
        for (const Diag &D : Ds)
          if (D.line == E.line)
            for (const std::string &N : D.notes)
              Found |= N.find(E.text) != std::string::npos;
        EXPECT_TRUE(Found) << Rel << ":" << E.line << ": expected note '" << E.text << "'\n" << Out;
      } else {
        EXPECT_TRUE(E.matched) << Rel << ":" << E.line << ": expected " << E.kind << " " << E.rule << ": " << E.text
                               << "\n" << Out;
      }
    }

    // The CLI must report the same findings (a note is a remark in clang), and exit 1 iff it reports any that is
    // not an advisory note.
    std::string Json;
    int CliRc = run("(" + std::string(PTOLINT_CLI) + " --quiet --format=json --target=" + T + " " + Path + " -- " +
                        flags(Extra) + " 2>/dev/null)",
                    Json);
    auto J = nlohmann::json::parse(Json, nullptr, false);
    ASSERT_FALSE(J.is_discarded()) << "CLI output is not JSON:\n" << Json;
    std::multiset<std::string> A, B;
    for (const Diag &D : Ds)
      A.insert(std::to_string(D.line) + " " + (D.severity == "remark" ? "note" : D.severity) + " " + D.rule + " " +
               D.message);
    for (const auto &F : J["findings"])
      B.insert(std::to_string(F["line"].get<unsigned>()) + " " + F["severity"].get<std::string>() + " " +
               F["ruleId"].get<std::string>() + " " + F["message"].get<std::string>());
    EXPECT_EQ(A, B) << "plugin and CLI disagree";
    bool Failing = false;
    for (const auto &F : J["findings"])
      Failing |= F["severity"] != "note";
    EXPECT_EQ(CliRc, Failing ? 1 : 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, Fixture, ::testing::ValuesIn(listFixtures()), [](const auto &I) {
  std::string N = I.param;
  for (char &C : N)
    if (!isalnum(static_cast<unsigned char>(C)))
      C = '_';
  return N;
});

} // namespace
