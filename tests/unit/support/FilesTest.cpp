// tests: support/Files.h: atomic writes (whole or nothing, devices in place) and the cache directory.
#include "support/Files.h"

#include "../../TestUtil.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>

using namespace pto;

namespace {

TEST(Files, WrittenAtomically) {
  std::string D = testutil::tempDir("support-files");
  EXPECT_EQ(support::writeAtomically(D + "/b.json", "one\n"), "");
  EXPECT_EQ(support::writeAtomically(D + "/b.json", "two\n"), "");
  EXPECT_EQ(testutil::readFile(D + "/b.json"), "two\n");
  EXPECT_EQ(std::filesystem::status(D + "/b.json").permissions() & std::filesystem::perms::others_read,
            std::filesystem::perms::others_read);
  EXPECT_EQ(support::writeAtomically(D + "/missing/b.json", "x"),
            "cannot write '" + D + "/missing/b.json': No such file or directory");
  EXPECT_EQ(support::writeAtomically(D, "x"), "cannot write '" + D + "': it is a directory");
  size_t Files = 0;
  for ([[maybe_unused]] const auto &E : std::filesystem::directory_iterator(D))
    ++Files;
  EXPECT_EQ(Files, 1u) << "a temporary was left in " << D;
}

TEST(Files, DevicesAreWrittenInPlaceWithTheirErrors) {
  EXPECT_EQ(support::writeAtomically("/dev/null", "x"), "");
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
  if (std::filesystem::is_character_file("/dev/full")) {
    EXPECT_EQ(support::writeAtomically("/dev/full", "x"), "cannot write '/dev/full': No space left on device");
  }
}

/// Sets an environment variable for a scope (nullopt: unset).
class Env {
public:
  Env(const char *Name, std::optional<std::string> V) : Name(Name) {
    if (const char *Old = std::getenv(Name))
      Saved = Old;
    V ? ::setenv(Name, V->c_str(), 1) : ::unsetenv(Name);
  }
  ~Env() { Saved ? ::setenv(Name, Saved->c_str(), 1) : ::unsetenv(Name); }

private:
  const char *Name;
  std::optional<std::string> Saved;
};

TEST(Files, CacheDirFromXdgThenHome) {
  {
    Env X("XDG_CACHE_HOME", "/x/cache/"), H("HOME", "/home/u");
    EXPECT_EQ(support::userCacheDir("results"), "/x/cache/pto-lint/results");
  }
  {
    Env X("XDG_CACHE_HOME", ""), H("HOME", "/home/u");
    EXPECT_EQ(support::userCacheDir("clangd"), "/home/u/.cache/pto-lint/clangd");
  }
  {
    Env X("XDG_CACHE_HOME", std::nullopt), H("HOME", std::nullopt);
    EXPECT_EQ(support::userCacheDir("results"), "");
  }
}

} // namespace
