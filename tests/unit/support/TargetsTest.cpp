// tests: support/Targets.h: target names and lists, and the one table of NPU architectures.
#include "support/Targets.h"

#include <gtest/gtest.h>

using namespace pto::support;

namespace {

TEST(Targets, NamesRoundTrip) {
  for (Target T : allTargets())
    EXPECT_EQ(parseTarget(targetName(T)), T);
  EXPECT_EQ(parseTarget("a2"), Target::A2A3);
  EXPECT_EQ(parseTarget("a3"), Target::A2A3);
  EXPECT_EQ(parseTarget("A5"), std::nullopt);
  EXPECT_EQ(parseTarget(""), std::nullopt);
}

TEST(Targets, ListsKeepOrderDropRepeatsAndNameTheBadOne) {
  std::vector<Target> Ts;
  std::string Bad;
  ASSERT_TRUE(parseTargetList("a5,a2,a2a3", Ts, Bad));
  EXPECT_EQ(Ts, (std::vector<Target>{Target::A5, Target::A2A3}));
  ASSERT_TRUE(parseTargetList("cpu,all", Ts, Bad));
  EXPECT_EQ(Ts, (std::vector<Target>{Target::CPU, Target::A2A3, Target::A5}));
  EXPECT_FALSE(parseTargetList("a5,a7", Ts, Bad));
  EXPECT_EQ(Bad, "a7");
  EXPECT_FALSE(parseTargetList("a5,", Ts, Bad));
  EXPECT_EQ(Bad, "");
}

TEST(Targets, NpuArchitecturesByEverySpelling) {
  ASSERT_TRUE(npuArchOfMacro("2201"));
  EXPECT_EQ(npuArchOfMacro("2201")->target, Target::A2A3);
  EXPECT_EQ(npuArchOfMacro("3101")->target, Target::A5);
  EXPECT_EQ(npuArchOfMacro("3510")->target, Target::A5);
  EXPECT_EQ(npuArchOfMacro("2200"), nullptr);
  ASSERT_TRUE(npuArchOfAicore("dav-c220"));
  EXPECT_STREQ(npuArchOfAicore("dav-c220")->npuArch, "2201");
  EXPECT_STREQ(npuArchOfAicore("dav-c310")->family, "C310");
  EXPECT_EQ(npuArchOfAicore("dav-c220-vec"), nullptr) << "the core suffix is the caller's";
  ASSERT_TRUE(npuArchOfOption("dav-3510"));
  EXPECT_STREQ(npuArchOfOption("dav-3510")->family, "");
  EXPECT_EQ(npuArchOfOption("dav-2201")->target, Target::A2A3);
  EXPECT_EQ(npuArchOfOption("dav-3101"), nullptr) << "bisheng's --npu-arch does not name 3101";
}

TEST(Targets, PtoArchNamesNpuTargetsOnly) {
  EXPECT_EQ(ptoArchTarget("a5"), Target::A5);
  EXPECT_EQ(ptoArchTarget("a2"), Target::A2A3);
  EXPECT_EQ(ptoArchTarget("a3"), Target::A2A3);
  EXPECT_EQ(ptoArchTarget("a2a3"), Target::A2A3);
  EXPECT_EQ(ptoArchTarget("cpu"), std::nullopt);
  EXPECT_EQ(ptoArchTarget("x86"), std::nullopt);
}

} // namespace
