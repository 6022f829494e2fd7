// tests: support/Glob.h and support/Spelling.h: clang-tidy globs, edit distance, "did you mean" names.
#include "support/Glob.h"
#include "support/Spelling.h"

#include <gtest/gtest.h>

using namespace pto::support;

namespace {

TEST(Glob, StarsMatchAnyRun) {
  EXPECT_TRUE(globMatch("pto-*", "pto-colargmin-tmp-size"));
  EXPECT_TRUE(globMatch("*-size", "pto-colargmin-tmp-size"));
  EXPECT_TRUE(globMatch("pto-*-tmp-*", "pto-colargmin-tmp-size"));
  EXPECT_TRUE(globMatch("*", ""));
  EXPECT_TRUE(globMatch("a**b", "ab"));
  EXPECT_FALSE(globMatch("pto-", "pto-x"));
  EXPECT_FALSE(globMatch("pto-*-dst", "pto-colmin-src"));
  EXPECT_FALSE(globMatch("", "x"));
}

TEST(Glob, LastMatchingGlobOfAListDecides) {
  std::vector<std::string> L = {"pto-*", "-pto-part-*", "pto-part-dst"};
  EXPECT_TRUE(globListMatch(L, "pto-colmin", false));
  EXPECT_FALSE(globListMatch(L, "pto-part-src", true));
  EXPECT_TRUE(globListMatch(L, "pto-part-dst", false));
  EXPECT_TRUE(globListMatch({}, "x", true));
  EXPECT_FALSE(globListMatch({"-*"}, "x", true));
}

TEST(Spelling, EditDistance) {
  EXPECT_EQ(editDistance("", ""), 0u);
  EXPECT_EQ(editDistance("abc", ""), 3u);
  EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(editDistance("vrow", "vrows"), 1u);
}

TEST(Spelling, ClosestWithinTwoEditsPreferringTheLongerPrefix) {
  EXPECT_EQ(closest("vrows", {"rows", "vrow", "cols"}), "vrow");
  EXPECT_EQ(closest("vrows", {"vrow", "rows"}), "vrow");
  EXPECT_EQ(closest("colz", {"cols", "rows"}), "cols");
  EXPECT_EQ(closest("abcdef", {"uvwxyz"}), "");
  EXPECT_EQ(closest("abcd", {"abxy"}, 1), "");
  EXPECT_EQ(closest("x", {}), "");
}

TEST(Spelling, NearestWhateverTheDistance) {
  EXPECT_EQ(nearest("pto-colmn", {"pto-colmin", "pto-rowmin"}), "pto-colmin");
  EXPECT_EQ(nearest("zzzzzzzz", {"a", "b"}), "a");
  EXPECT_EQ(nearest("x", {}), "");
}

} // namespace
