// TPARTMIN / TPARTMAX through the clean-room pto-inst.hpp: tiles in the simulated UB, violations recorded instead of
// aborting, dynamic valid shapes, events.
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

std::vector<std::string> violatedIds() {
  std::vector<std::string> Out;
  for (const auto &P : lastViolations())
    Out.push_back(P.id);
  return Out;
}

using T8 = Tile<TileType::Vec, int32_t, 4, 8>;
using Dyn8 = Tile<TileType::Vec, int32_t, 4, 8, BLayout::RowMajor, -1, -1>;

/// dst (4x8, valid DR x DC) = TPARTMIN/MAX(src0 valid R0 x C0, src1 valid R1 x C1); src0(r, c) = 10 r + c,
/// src1(r, c) = 40 - 10 r - c; dst starts as -1.
struct PartKernel {
  std::vector<int32_t> out;
  void run(bool IsMax, unsigned DR, unsigned DC, unsigned R0, unsigned C0, unsigned R1, unsigned C1) {
    Dyn8 Dst(DR, DC), A(R0, C0), B(R1, C1);
    TASSIGN(Dst, 0x0);
    TASSIGN(A, 0x100);
    TASSIGN(B, 0x200);
    for (int R = 0; R < 4; ++R)
      for (int C = 0; C < 8; ++C) {
        A.SetElement(R, C, 10 * R + C);
        B.SetElement(R, C, 40 - 10 * R - C);
        Dst.SetElement(R, C, -1);
      }
    if (IsMax)
      TPARTMAX(Dst, A, B);
    else
      TPARTMIN(Dst, A, B);
    out.clear();
    for (int R = 0; R < 4; ++R)
      for (int C = 0; C < 8; ++C)
        out.push_back(Dst.GetElement(R, C));
  }
};

TEST(PartApi, LegalCallOnEveryTarget) {
  // dst 2x4, src0 2x4, src1 1x2. min(10 r + c, 40 - 10 r - c) on row 0, columns 0..1: 0, 1.
  const std::vector<int32_t> Union = {0,  1,  2,  3,  -1, -1, -1, -1, //
                                      10, 11, 12, 13, -1, -1, -1, -1, //
                                      -1, -1, -1, -1, -1, -1, -1, -1, //
                                      -1, -1, -1, -1, -1, -1, -1, -1};
  for (Target T : {Target::A5, Target::CPU}) {
    ScopedTarget S(T);
    PartKernel K;
    K.run(false, 2, 4, 2, 4, 1, 2);
    EXPECT_TRUE(lastViolations().empty()) << ref::targetName(T);
    EXPECT_EQ(K.out, Union) << ref::targetName(T);
  }
  ScopedTarget S(Target::A2A3);
  PartKernel K;
  K.run(false, 2, 4, 2, 4, 1, 2);
  EXPECT_TRUE(lastViolations().empty());
  // a2a3 copies src0's rows whole (same Cols), so dst's padding columns of rows 0..1 receive src0's.
  EXPECT_EQ(K.out, (std::vector<int32_t>{0,  1,  2,  3,  4,  5,  6,  7,  //
                                         10, 11, 12, 13, 14, 15, 16, 17, //
                                         -1, -1, -1, -1, -1, -1, -1, -1, //
                                         -1, -1, -1, -1, -1, -1, -1, -1}));
}

TEST(PartApi, MaxAndUnsupportedPattern) {
  // dst 2x4, src0 1x4, src1 2x2: neither equals dst.
  {
    ScopedTarget S(Target::CPU);
    PartKernel K;
    K.run(true, 2, 4, 1, 4, 2, 2);
    EXPECT_TRUE(lastViolations().empty());
    // row 0: max(c, 40 - c) for c < 2 -> 40, 39; src0 only for c = 2, 3 -> 2, 3. row 1: src1 for c < 2 -> 30, 29;
    // neither for c = 2, 3 -> 0.
    EXPECT_EQ(std::vector<int32_t>(K.out.begin(), K.out.begin() + 16),
              (std::vector<int32_t>{40, 39, 2, 3, -1, -1, -1, -1, 30, 29, 0, 0, -1, -1, -1, -1}));
  }
  ScopedTarget S(Target::A2A3);
  PartKernel K;
  K.run(true, 2, 4, 1, 4, 2, 2);
  EXPECT_EQ(violatedIds(), std::vector<std::string>{"pto-part-valid-pattern"});
  EXPECT_EQ(K.out, std::vector<int32_t>(32, -1)) << "a2a3 leaves dst untouched";
}

TEST(PartApi, StaticViolationsAreRecordedNotFatal) {
  ScopedTarget S(Target::A2A3);
  Tile<TileType::Vec, uint16_t, 1, 16> Dst, A, B;
  TASSIGN(Dst, 0x0);
  TASSIGN(A, 0x40);
  TASSIGN(B, 0x80);
  for (int C = 0; C < 16; ++C) {
    A.SetElement(0, C, 1);
    B.SetElement(0, C, 2);
    Dst.SetElement(0, C, 9);
  }
  TPARTMIN(Dst, A, B);
  EXPECT_EQ(violatedIds(), std::vector<std::string>{"pto-part-dtype"});
  EXPECT_EQ(Dst.GetElement(0, 0), 9);
  {
    ScopedTarget A5(Target::A5);
    TPARTMIN(Dst, A, B);
    EXPECT_TRUE(lastViolations().empty());
    EXPECT_EQ(Dst.GetElement(0, 15), 1);
  }
  // Mixed element types.
  Tile<TileType::Vec, int16_t, 1, 16> I16;
  TASSIGN(I16, 0xC0);
  TPARTMAX(Dst, A, I16);
  EXPECT_EQ(violatedIds(), (std::vector<std::string>{"pto-part-dtype", "pto-part-dtype-match"}));
}

TEST(PartApi, UnassignedTilesAreReported) {
  T8 Dst, A, B;
  TASSIGN(Dst, 0x0);
  TASSIGN(A, 0x100);
  TPARTMIN(Dst, A, B);
  EXPECT_EQ(violatedIds(), std::vector<std::string>{"pto-tile-unassigned"});
}

TEST(PartApi, WaitsOnEvents) {
  T8 Dst, A, B;
  TASSIGN(Dst, 0x0);
  TASSIGN(A, 0x100);
  TASSIGN(B, 0x200);
  Event<Op::TLOAD, Op::TPARTMIN> E0;
  Event<Op::VECTOR, Op::TPARTMIN> E1;
  Event<Op::TPARTMAX, Op::TSTORE_VEC> Done = TPARTMAX(Dst, A, B, E0, E1);
  EXPECT_EQ(E0.Waits, 1u);
  EXPECT_EQ(E1.Waits, 1u);
  EXPECT_EQ(Done.Records, 1u);
  EXPECT_TRUE(lastViolations().empty());
}

} // namespace
