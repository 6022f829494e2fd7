// TCOLMAX/TCOLMIN through the clean-room API (pto-inst.hpp): per-target results, violations, events, no aborts.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "pto/pto-inst.hpp"

using namespace pto;
using pto::ref::lastViolations;
using pto::ref::ScopedTarget;
using pto::ref::Target;

namespace {

std::vector<std::string> violationIds() {
  std::vector<std::string> Out;
  for (const auto &P : lastViolations())
    Out.push_back(P.id);
  return Out;
}

using Src4x16 = Tile<TileType::Vec, float, 4, 16, BLayout::RowMajor, 3, 5>;
using Dst1x16 = Tile<TileType::Vec, float, 1, 16, BLayout::RowMajor, 1, 5>;

/// src(r, c) = 10 * {2, 0, 1, -5}[r] + c in a 4 x 16 tile with a 3 x 5 valid region; dst starts at -1.
struct Operands {
  Src4x16 Src;
  Dst1x16 Dst;
  Operands() {
    TASSIGN(Src, 0x0);
    TASSIGN<0x100>(Dst);
    const int Factor[] = {2, 0, 1, -5};
    for (int R = 0; R < 4; ++R)
      for (int C = 0; C < 16; ++C)
        Src.SetElement(R, C, float(10 * Factor[R] + C));
    for (int C = 0; C < 16; ++C)
      Dst.SetElement(0, C, -1.0f);
  }
  std::vector<float> dst() const {
    std::vector<float> Out;
    for (int C = 0; C < 16; ++C)
      Out.push_back(Dst.GetElement(0, C));
    return Out;
  }
};

TEST(ColReduceApi, RunsTheModelOfTheActiveTarget) {
  const float S = -1.0f;
  for (Target T : {Target::A2A3, Target::A5, Target::CPU}) {
    ScopedTarget Guard(T);
    // The tiles sit at fixed UB addresses, so each call gets freshly initialised operands.
    std::vector<float> Max, Min;
    {
      Operands Ops;
      TCOLMAX(Ops.Dst, Ops.Src);
      EXPECT_TRUE(lastViolations().empty()) << ref::targetName(T);
      Max = Ops.dst();
    }
    {
      Operands Ops;
      TCOLMIN(Ops.Dst, Ops.Src);
      EXPECT_TRUE(lastViolations().empty()) << ref::targetName(T);
      Min = Ops.dst();
    }
    // Rows 0..2 only (factors 2, 0, 1): max 20 + c, min c. a2a3 also copies row 0's columns 5..7 (one 32-B block).
    if (T == Target::A2A3) {
      EXPECT_EQ(Max, (std::vector<float>{20, 21, 22, 23, 24, 25, 26, 27, S, S, S, S, S, S, S, S}));
      EXPECT_EQ(Min, (std::vector<float>{0, 1, 2, 3, 4, 25, 26, 27, S, S, S, S, S, S, S, S}));
    } else {
      EXPECT_EQ(Max, (std::vector<float>{20, 21, 22, 23, 24, S, S, S, S, S, S, S, S, S, S, S}));
      EXPECT_EQ(Min, (std::vector<float>{0, 1, 2, 3, 4, S, S, S, S, S, S, S, S, S, S, S}));
    }
  }
}

TEST(ColReduceApi, EventsAreWaitedOnAndRecorded) {
  Operands Ops;
  Event<Op::TLOAD, Op::TCOLMAX> Loaded;
  Event<Op::TCOLMAX, Op::TSTORE_VEC> Done;
  Done = TCOLMAX(Ops.Dst, Ops.Src, Loaded);
  EXPECT_EQ(Loaded.Waits, 1u);
  EXPECT_EQ(Done.Records, 1u);
  Event<Op::TCOLMIN, Op::TSTORE_VEC> Done2 = TCOLMIN(Ops.Dst, Ops.Src, Loaded, Loaded);
  EXPECT_EQ(Loaded.Waits, 3u);
  EXPECT_EQ(Done2.Records, 1u);
}

// A violated static check is reported, and the call still runs as the target's code would.
TEST(ColReduceApi, ViolationsAreReportedWithoutAborting) {
  ScopedTarget Guard(Target::CPU);
  Tile<TileType::Vec, int32_t, 2, 8> Src;
  Tile<TileType::Vec, int32_t, 1, 8> Dst;
  TASSIGN(Src, 0x200);
  TASSIGN(Dst, 0x300);
  for (int C = 0; C < 8; ++C) {
    Src.SetElement(0, C, C);
    Src.SetElement(1, C, 7 - C);
  }
  TCOLMAX(Dst, Src);
  EXPECT_EQ(violationIds(), std::vector<std::string>{"pto-colreduce-src-dtype"});
  for (int C = 0; C < 8; ++C)
    EXPECT_EQ(Dst.GetElement(0, C), std::max(C, 7 - C));
  TCOLMIN(Dst, Src); // the cpu simulator's TCOLMIN takes int32_t
  EXPECT_TRUE(lastViolations().empty());
  EXPECT_EQ(Dst.GetElement(0, 0), 0);

  // Warnings: an empty source leaves dst alone.
  Tile<TileType::Vec, int32_t, 2, 8, BLayout::RowMajor, -1, -1> Empty(0, 8);
  TASSIGN(Empty, 0x200);
  TCOLMIN(Dst, Empty);
  EXPECT_EQ(violationIds(), std::vector<std::string>{"pto-colreduce-empty"});
  EXPECT_EQ(lastViolations()[0].severity, ref::Severity::Warning);
  EXPECT_EQ(Dst.GetElement(0, 0), 0);
}

TEST(ColReduceApi, UnassignedTilesAreReportedNotTouched) {
  Tile<TileType::Vec, float, 4, 16> Src;
  Tile<TileType::Vec, float, 1, 16> Dst;
  TASSIGN(Src, 0x0);
  TCOLMAX(Dst, Src);
  EXPECT_EQ(violationIds(), std::vector<std::string>{"pto-tile-unassigned"});
}

TEST(ColReduceApi, CpuColMaxWidensHalfToFloat) {
  ScopedTarget Guard(Target::CPU);
  Tile<TileType::Vec, half, 3, 16> Src;
  Tile<TileType::Vec, float, 1, 16> Dst;
  TASSIGN(Src, 0x400);
  TASSIGN(Dst, 0x500);
  for (int R = 0; R < 3; ++R)
    for (int C = 0; C < 16; ++C)
      Src.SetElement(R, C, static_cast<half>(0.5f * float(R * C)));
  TCOLMAX(Dst, Src);
  EXPECT_TRUE(lastViolations().empty());
  for (int C = 0; C < 16; ++C)
    EXPECT_EQ(Dst.GetElement(0, C), 1.0f * float(C));
  {
    ScopedTarget A2(Target::A2A3);
    TCOLMAX(Dst, Src);
    EXPECT_EQ(violationIds(), std::vector<std::string>{"pto-colreduce-dst-dtype"});
  }
}

} // namespace
