// Unit tests for checker/Suppress: the NOLINT family with clang-tidy's syntax.
#include "checker/Suppress.h"

#include <gtest/gtest.h>

using namespace pto::checker;

namespace {
const std::string Tmp = "pto-colargmin-tmp-size";
const std::string Dtype = "pto-colargmin-src-dtype";
} // namespace

TEST(Nolint, SameLine) {
  NolintIndex N("a;\n"
                "TCOLARGMIN(d, s, t); // NOLINT\n"
                "TCOLARGMIN(d, s, t); /* NOLINT(pto-colargmin-tmp-size) */\n"
                "TCOLARGMIN(d, s, t);\n");
  EXPECT_FALSE(N.suppressed(1, Tmp));
  EXPECT_TRUE(N.suppressed(2, Tmp));
  EXPECT_TRUE(N.suppressed(2, Dtype));
  EXPECT_TRUE(N.suppressed(3, Tmp));
  EXPECT_FALSE(N.suppressed(3, Dtype));
  EXPECT_FALSE(N.suppressed(4, Tmp));
  EXPECT_TRUE(N.problems().empty());
}

TEST(Nolint, NextLine) {
  NolintIndex N("// NOLINTNEXTLINE(pto-colargmin-src-dtype)\n"
                "TCOLARGMIN(d, s, t);\n"
                "TCOLARGMIN(d, s, t);\n"
                "// NOLINTNEXTLINE\n"
                "TCOLARGMIN(d, s, t);\n");
  EXPECT_FALSE(N.suppressed(1, Dtype));
  EXPECT_TRUE(N.suppressed(2, Dtype));
  EXPECT_FALSE(N.suppressed(2, Tmp));
  EXPECT_FALSE(N.suppressed(3, Dtype));
  EXPECT_FALSE(N.suppressed(4, Tmp));
  EXPECT_TRUE(N.suppressed(5, Tmp));
}

TEST(Nolint, ListsGlobsAndWhitespace) {
  NolintIndex N("x; // NOLINT( bugprone-foo , pto-colargmin-t* )\n"
                "x; // NOLINT(bugprone-*)\n"
                "x; // NOLINT(*)\n"
                "x; // NOLINT()\n"
                "x; // NOLINT(-pto-colargmin-tmp-size)\n"
                "x; // NOLINT(pto-*-dtype)\n"
                "x; // NOLINT(pto-colargmin-tmp-size\n"
                "x; // NOLINTFOO NOLINTNEXTLINEX\n"
                "x;\n");
  EXPECT_TRUE(N.suppressed(1, Tmp));
  EXPECT_FALSE(N.suppressed(1, Dtype));
  EXPECT_FALSE(N.suppressed(2, Tmp)); // a list matching no pto rule does not suppress
  EXPECT_TRUE(N.suppressed(3, Dtype));
  EXPECT_FALSE(N.suppressed(4, Tmp)); // empty list: nothing
  EXPECT_FALSE(N.suppressed(5, Tmp)); // negative globs are ignored, as in clang-tidy
  EXPECT_FALSE(N.suppressed(5, Dtype));
  EXPECT_TRUE(N.suppressed(6, Dtype));
  EXPECT_FALSE(N.suppressed(6, Tmp));
  EXPECT_TRUE(N.suppressed(7, Dtype)); // unclosed list: clang-tidy treats it as a bare NOLINT
  EXPECT_FALSE(N.suppressed(8, Tmp));  // unknown directive words
  EXPECT_FALSE(N.suppressed(9, Tmp));
}

TEST(Nolint, BeginEnd) {
  NolintIndex N("a;\n"                                       // 1
                "// NOLINTBEGIN(pto-colargmin-*)\n"          // 2
                "b;\n"                                       // 3
                "// NOLINTBEGIN\n"                           // 4
                "c;\n"                                       // 5
                "// NOLINTEND\n"                             // 6
                "d;\n"                                       // 7
                "// NOLINTEND( pto-colargmin-* )\n"          // 8
                "e;\n"                                       // 9
                "// NOLINTBEGIN(bugprone-*)\n"               // 10
                "f;\n"                                       // 11
                "// NOLINTEND(bugprone-*)\n");               // 12
  EXPECT_FALSE(N.suppressed(1, Tmp));
  EXPECT_TRUE(N.suppressed(3, Tmp));
  EXPECT_TRUE(N.suppressed(7, Dtype));
  EXPECT_TRUE(N.suppressed(8, Dtype));
  EXPECT_FALSE(N.suppressed(3, "pto-other-rule"));
  EXPECT_TRUE(N.suppressed(5, "pto-other-rule")); // the inner block has no list
  EXPECT_FALSE(N.suppressed(7, "pto-other-rule"));
  EXPECT_FALSE(N.suppressed(9, Tmp));
  EXPECT_FALSE(N.suppressed(11, Tmp));
  EXPECT_TRUE(N.problems().empty());
}

TEST(Nolint, Unmatched) {
  NolintIndex N("// NOLINTEND(pto-*)\n"   // 1: nothing open
                "// NOLINTBEGIN(pto-*)\n" // 2
                "x;\n"                    // 3
                "// NOLINTEND(pto-a)\n"   // 4: list differs from the open block
                "y;\n");
  ASSERT_EQ(N.problems().size(), 3u);
  EXPECT_EQ(N.problems()[0].first, 1u);
  EXPECT_EQ(N.problems()[0].second, "unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' comment");
  EXPECT_EQ(N.problems()[1].first, 2u);
  EXPECT_EQ(N.problems()[1].second, "unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment");
  EXPECT_EQ(N.problems()[2].first, 4u);
  // An unclosed block suppresses nothing (clang-tidy reports it instead).
  EXPECT_FALSE(N.suppressed(3, Tmp));
  EXPECT_FALSE(N.suppressed(5, Tmp));
}

TEST(Nolint, CrlfAndEmpty) {
  NolintIndex N("a;\r\nb; // NOLINT(pto-colargmin-tmp-size)\r\nc;\r\n");
  EXPECT_TRUE(N.suppressed(2, Tmp));
  EXPECT_FALSE(N.suppressed(3, Tmp));
  NolintIndex E("");
  EXPECT_FALSE(E.suppressed(1, Tmp));
  EXPECT_TRUE(E.problems().empty());
}
