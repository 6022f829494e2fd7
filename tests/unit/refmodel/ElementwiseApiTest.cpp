// TMIN/TMAX through the clean-room API (pto-inst.hpp): per-target results, violations, events, no aborts.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
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

using T2x8 = Tile<TileType::Vec, float, 2, 8>;

/// src0 = {NaN, 1, -0.0, 4, ...}, src1 = {1, NaN, +0.0, 3, ...} in row 0; row 1 holds c and 7 - c.
struct Operands {
  T2x8 Dst, A, B;
  /// dst's 16 elements, row by row.
  std::vector<float> dst() const {
    std::vector<float> Out;
    for (int R = 0; R < 2; ++R)
      for (int C = 0; C < 8; ++C)
        Out.push_back(Dst.GetElement(R, C));
    return Out;
  }
  Operands() {
    TASSIGN(Dst, 0x0);
    TASSIGN(A, 0x40);
    TASSIGN(B, 0x80);
    const float NaN = std::numeric_limits<float>::quiet_NaN();
    const float Row0A[8] = {NaN, 1, -0.0f, 4, 5, 6, 7, 8};
    const float Row0B[8] = {1, NaN, 0.0f, 3, 5, 7, 6, 9};
    for (int C = 0; C < 8; ++C) {
      A.SetElement(0, C, Row0A[C]);
      B.SetElement(0, C, Row0B[C]);
      A.SetElement(1, C, float(C));
      B.SetElement(1, C, float(7 - C));
      Dst.SetElement(0, C, -1.0f);
      Dst.SetElement(1, C, -1.0f);
    }
  }
};

TEST(ElementwiseApi, RunsTheModelOfTheActiveTarget) {
  for (Target T : {Target::A2A3, Target::A5, Target::CPU}) {
    ScopedTarget Guard(T);
    // The tiles sit at fixed UB addresses, so each call gets freshly initialised operands.
    std::vector<float> Min, Max;
    {
      Operands Ops;
      TMIN(Ops.Dst, Ops.A, Ops.B);
      EXPECT_TRUE(lastViolations().empty()) << ref::targetName(T);
      Min = Ops.dst();
    }
    {
      Operands Ops;
      TMAX(Ops.Dst, Ops.A, Ops.B);
      EXPECT_TRUE(lastViolations().empty()) << ref::targetName(T);
      Max = Ops.dst();
    }
    EXPECT_TRUE(std::isnan(Min[0])) << ref::targetName(T);
    EXPECT_TRUE(std::isnan(Max[0])) << ref::targetName(T);
    // src1's NaN: dropped by std::min/std::max on cpu, propagated on the NPUs (inferred).
    EXPECT_EQ(std::isnan(Min[1]), T != Target::CPU) << ref::targetName(T);
    EXPECT_EQ(std::isnan(Max[1]), T != Target::CPU) << ref::targetName(T);
    if (T == Target::CPU) {
      EXPECT_EQ(Min[1], 1.0f);
      EXPECT_EQ(Max[1], 1.0f);
    }
    EXPECT_TRUE(std::signbit(Min[2])) << ref::targetName(T) << ": ties give src0";
    EXPECT_TRUE(std::signbit(Max[2])) << ref::targetName(T);
    const float MinRow0[5] = {3, 5, 6, 6, 8}, MaxRow0[5] = {4, 5, 7, 7, 9};
    for (int C = 3; C < 8; ++C) {
      EXPECT_EQ(Min[C], MinRow0[C - 3]) << ref::targetName(T) << " col " << C;
      EXPECT_EQ(Max[C], MaxRow0[C - 3]) << ref::targetName(T) << " col " << C;
    }
    for (int C = 0; C < 8; ++C) {
      EXPECT_EQ(Min[8 + C], float(std::min(C, 7 - C))) << ref::targetName(T) << " row 1 col " << C;
      EXPECT_EQ(Max[8 + C], float(std::max(C, 7 - C))) << ref::targetName(T) << " row 1 col " << C;
    }
  }
}

TEST(ElementwiseApi, EventsAreWaitedOnAndRecorded) {
  Operands Ops;
  Event<Op::TLOAD, Op::TMIN> Loaded;
  Event<Op::TMIN, Op::TMAX> Between = TMIN(Ops.Dst, Ops.A, Ops.B, Loaded);
  EXPECT_EQ(Loaded.Waits, 1u);
  EXPECT_EQ(Between.Records, 1u);
  TMAX(Ops.Dst, Ops.A, Ops.B, Between);
  EXPECT_EQ(Between.Waits, 1u);
}

// Mismatched valid shapes are reported (debug-only upstream) and the call runs over dst's valid region.
TEST(ElementwiseApi, ViolationsAreReportedWithoutAborting) {
  ScopedTarget Guard(Target::A2A3);
  Operands Ops;
  Tile<TileType::Vec, float, 2, 8, BLayout::RowMajor, 1, 8> OneRow;
  TASSIGN(OneRow, 0x40); // aliases A
  TMAX(Ops.Dst, OneRow, Ops.B);
  EXPECT_EQ(violationIds(), std::vector<std::string>{"pto-elementwise-valid-shape"});
  EXPECT_EQ(Ops.Dst.GetElement(1, 0), 7.0f); // row 1 of OneRow's storage is still read

  Tile<TileType::Vec, uint8_t, 2, 32> U;
  TASSIGN(U, 0x100);
  for (int C = 0; C < 32; ++C) {
    U.SetElement(0, C, uint8_t(C));
    U.SetElement(1, C, uint8_t(255 - C));
  }
  TMIN(U, U, U); // a2a3 has no uint8_t path: reported, the model still runs it
  EXPECT_EQ(violationIds(), std::vector<std::string>{"pto-elementwise-dtype"});
  EXPECT_EQ(U.GetElement(1, 3), 252);
  {
    ScopedTarget A5(Target::A5);
    TMIN(U, U, U);
    EXPECT_TRUE(lastViolations().empty());
  }
}

TEST(ElementwiseApi, UnassignedTilesAreReportedNotTouched) {
  T2x8 Dst, A, B;
  TASSIGN(Dst, 0x0);
  TASSIGN(A, 0x40);
  TMIN(Dst, A, B);
  EXPECT_EQ(violationIds(), std::vector<std::string>{"pto-tile-unassigned"});
}

} // namespace
