// tests: small helpers every test binary uses.
#ifndef PTOLINT_TESTS_TESTUTIL_H
#define PTOLINT_TESTS_TESTUTIL_H

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace pto::testutil {

/// The whole file, or "" if it cannot be read.
inline std::string readFile(const std::string &Path) {
  std::ifstream In(Path);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

/// A new directory under /tmp, named after what it is for.
inline std::string tempDir(const std::string &Purpose) {
  std::string T = "/tmp/ptolint-" + Purpose + "-XXXXXX";
  return mkdtemp(T.data()) ? T : std::string("/tmp");
}

/// Upstream pto-isa (its include/ and tests/npu/): $PTOISA_DIR, else ../shared/third_party/pto-isa beside the
/// checkout SourceDir; "" when neither is there (tests that need it skip, saying so).
inline std::string ptoIsaDir(const std::string &SourceDir) {
  namespace fs = std::filesystem;
  std::vector<std::string> Candidates;
  if (const char *E = std::getenv("PTOISA_DIR"))
    Candidates.push_back(E);
  Candidates.push_back(SourceDir + "/../shared/third_party/pto-isa");
  for (const std::string &C : Candidates)
    if (fs::exists(C + "/include/pto/pto-inst.hpp") && fs::exists(C + "/tests/npu"))
      return fs::canonical(C).string();
  return "";
}

/// What a shell command printed and its exit code (-1: killed by a signal). From run: text is standard output and
/// standard error together; from runSplit: text is standard output alone and err standard error.
struct Out {
  int rc;
  std::string text;
  std::string err;
};

/// For a failing assertion's message (`EXPECT_EQ(O.rc, 0) << O;`): the exit code and everything the command printed,
/// standard error included, so a failure says why.
inline std::ostream &operator<<(std::ostream &OS, const Out &O) {
  OS << "exit " << O.rc << "\n--- output ---\n" << O.text;
  if (!O.err.empty())
    OS << "\n--- standard error ---\n" << O.err;
  return OS;
}

/// Runs a shell command line: the tests' one way to run pto-lint, the plugin's compiler and the launcher as users do.
inline Out run(const std::string &Cmd) {
  Out O{-1, {}, {}};
  FILE *P = popen(("(" + Cmd + ") 2>&1").c_str(), "r");
  if (!P)
    return O;
  std::array<char, 4096> Buf;
  size_t N;
  while ((N = fread(Buf.data(), 1, Buf.size(), P)) > 0)
    O.text.append(Buf.data(), N);
  int St = pclose(P);
  O.rc = WIFEXITED(St) ? WEXITSTATUS(St) : -1;
  return O;
}

/// Runs a shell command line with its standard error kept apart: for output that must parse (JSON, SARIF) while what
/// the command says on standard error (the summary, compile errors) still reaches a failing test's message.
inline Out runSplit(const std::string &Cmd) {
  std::string ErrFile = "/tmp/ptolint-stderr-XXXXXX";
  int Fd = mkstemp(ErrFile.data());
  if (Fd < 0)
    return run(Cmd);
  close(Fd);
  Out O = run("(" + Cmd + ") 2>" + ErrFile);
  O.err = readFile(ErrFile);
  std::remove(ErrFile.c_str());
  return O;
}

} // namespace pto::testutil

#endif
