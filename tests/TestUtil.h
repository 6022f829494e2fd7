// tests: small helpers every test binary uses.
#ifndef PTOLINT_TESTS_TESTUTIL_H
#define PTOLINT_TESTS_TESTUTIL_H

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

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

} // namespace pto::testutil

#endif
