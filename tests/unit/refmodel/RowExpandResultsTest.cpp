// Results of the TROWEXPANDMIN/TROWEXPANDMAX reference model per target: modes, operand order, NaN, ties, integer
// orders, partial validity, and how each target reads a broadcast tile with a wrong pitch.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "RowExpandTestUtil.hpp"
#include "pto/ref/RowExpand.hpp"

using namespace pto::ref;
using pto::ref::test::reConfig;
using pto::ref::test::reTile;
using pto::ref::test::runRowExpand;

namespace {

const Target AllTargets[] = {Target::A2A3, Target::A5, Target::CPU};
const float NaN = std::numeric_limits<float>::quiet_NaN();
const float S = -7.0f; // dst sentinel: must survive outside the valid region

/// Row-major 8 x 8 full source with value 10 * r + c.
std::vector<float> tens() {
  std::vector<float> M(64);
  for (int R = 0; R < 8; ++R)
    for (int C = 0; C < 8; ++C)
      M[size_t(R) * 8 + C] = float(10 * R + C);
  return M;
}

/// Compares float matrices bit-pattern aware: NaN matches NaN, and the sign of zero matters.
::testing::AssertionResult sameFloats(const std::vector<float> &Got, const std::vector<float> &Want) {
  if (Got.size() != Want.size())
    return ::testing::AssertionFailure() << "size " << Got.size() << " != " << Want.size();
  for (size_t I = 0; I < Got.size(); ++I) {
    const bool Same = (std::isnan(Got[I]) && std::isnan(Want[I])) ||
                      (Got[I] == Want[I] && std::signbit(Got[I]) == std::signbit(Want[I]));
    if (!Same)
      return ::testing::AssertionFailure() << "element " << I << " (row " << I / 8 << ", col " << I % 8 << ") is "
                                           << Got[I] << ", expected " << Want[I];
  }
  return ::testing::AssertionSuccess();
}

// dst 8 x 8 with a 3 x 5 valid region, full source 10 * r + c, column [4, 13, 30, 99, ...].
const std::vector<float> Column = {4, 13, 30, 99, 99, 99, 99, 99};
const std::vector<float> Mode1Min = {0,  1,  2,  3,  4,  S, S, S, //
                                     10, 11, 12, 13, 13, S, S, S, //
                                     20, 21, 22, 23, 24, S, S, S, //
                                     S,  S,  S,  S,  S,  S, S, S, S, S, S, S, S, S, S, S, S, S, S, S,
                                     S,  S,  S,  S,  S,  S, S, S, S, S, S, S, S, S, S, S, S, S, S, S};
const std::vector<float> Mode1Max = {4,  4,  4,  4,  4,  S, S, S, //
                                     13, 13, 13, 13, 14, S, S, S, //
                                     30, 30, 30, 30, 30, S, S, S, //
                                     S,  S,  S,  S,  S,  S, S, S, S, S, S, S, S, S, S, S, S, S, S, S,
                                     S,  S,  S,  S,  S,  S, S, S, S, S, S, S, S, S, S, S, S, S, S, S};

TEST(RowExpandResults, ModeOneBroadcastsOneValuePerRowAndWritesOnlyTheValidRegion) {
  for (Target T : AllTargets) {
    for (bool WithTmp : {false, true}) {
      const auto Min = runRowExpand<float>(reConfig(T, Elem::F32, 8, 8, 3, 5, false, WithTmp), tens(), Column, S);
      EXPECT_TRUE(sameFloats(Min.dst, Mode1Min)) << targetName(T) << " tmp=" << WithTmp;
      const auto Max = runRowExpand<float>(reConfig(T, Elem::F32, 8, 8, 3, 5, true, WithTmp), tens(), Column, S);
      EXPECT_TRUE(sameFloats(Max.dst, Mode1Max)) << targetName(T) << " tmp=" << WithTmp;
    }
  }
}

TEST(RowExpandResults, EitherSourceMayBeTheBroadcastOne) {
  for (Target T : AllTargets) {
    RowExpandConfig C = reConfig(T, Elem::F32, 8, 8, 3, 5);
    std::swap(C.src0, C.src1);
    const auto Min = runRowExpand<float>(C, Column, tens(), S);
    EXPECT_TRUE(sameFloats(Min.dst, Mode1Min)) << targetName(T);
    C.isMax = true;
    const auto Max = runRowExpand<float>(C, Column, tens(), S);
    EXPECT_TRUE(sameFloats(Max.dst, Mode1Max)) << targetName(T);
  }
}

// dst 2 x 16, full source all 5, broadcast rows [0..7] and [10, 9, ..., 3]: column c uses block element c % 8.
const std::vector<float> Fives(32, 5.0f);
const std::vector<float> Block = {0, 1, 2, 3, 4, 5, 6, 7, 10, 9, 8, 7, 6, 5, 4, 3};
const std::vector<float> Mode2Min = {0, 1, 2, 3, 4, 5, 5, 5, 0, 1, 2, 3, 4, 5, 5, 5,
                                     5, 5, 5, 5, 5, 5, 4, 3, 5, 5, 5, 5, 5, 5, 4, 3};
const std::vector<float> Mode2Max = {5,  5, 5, 5, 5, 5, 6, 7, 5,  5, 5, 5, 5, 5, 6, 7,
                                     10, 9, 8, 7, 6, 5, 5, 5, 10, 9, 8, 7, 6, 5, 5, 5};

RowExpandConfig mode2(Target T, bool IsMax, int BlockCols = 8) {
  return RowExpandConfig{T,
                         IsMax,
                         false,
                         reTile(Elem::F32, 2, 16, 2, 16),
                         reTile(Elem::F32, 2, 16, 2, 16),
                         reTile(Elem::F32, 2, BlockCols, 2, 8)};
}

TEST(RowExpandResults, ModeTwoCyclesThroughOneBlockPerRow) {
  for (Target T : AllTargets) {
    EXPECT_TRUE(sameFloats(runRowExpand<float>(mode2(T, false), Fives, Block, S).dst, Mode2Min)) << targetName(T);
    EXPECT_TRUE(sameFloats(runRowExpand<float>(mode2(T, true), Fives, Block, S).dst, Mode2Max)) << targetName(T);
  }
}

// A 2 x 16 broadcast tile with 8 valid columns: the NPUs read row 1 from element 8 (a 32-byte pitch), i.e. the
// padding of row 0 (50..57), the cpu simulator from element 16.
TEST(RowExpandResults, WideModeTwoTileIsMisreadOnTheNpus) {
  const std::vector<float> Wide = {0,  1, 2, 3, 4, 5, 6, 7, 50, 51, 52, 53, 54, 55, 56, 57,
                                   10, 9, 8, 7, 6, 5, 4, 3, 60, 61, 62, 63, 64, 65, 66, 67};
  const std::vector<float> NpuMin = {0, 1, 2, 3, 4, 5, 5, 5, 0, 1, 2, 3, 4, 5, 5, 5,
                                     5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};
  EXPECT_TRUE(sameFloats(runRowExpand<float>(mode2(Target::A2A3, false, 16), Fives, Wide, S).dst, NpuMin));
  EXPECT_TRUE(sameFloats(runRowExpand<float>(mode2(Target::A5, false, 16), Fives, Wide, S).dst, NpuMin));
  EXPECT_TRUE(sameFloats(runRowExpand<float>(mode2(Target::CPU, false, 16), Fives, Wide, S).dst, Mode2Min));
}

// A ColMajor 8 x 2 broadcast tile (valid 3 x 1): column 0 is [4, 13, 30, 50, ...]. a2a3 reads consecutive scalars
// (column 0), cpu goes through the layout, a5 reads element r * Cols = 2r: 4, 30, 60.
TEST(RowExpandResults, TwoColumnModeOneTileIsMisreadOnA5Only) {
  std::vector<float> Col2(16);
  for (int R = 0; R < 8; ++R) {
    Col2[size_t(R)] = R < 3 ? Column[size_t(R)] : float(20 + 10 * R); // column 0: 4 13 30 50 60 70 80 90
    Col2[size_t(8 + R)] = float(100 + R);                             // column 1
  }
  const std::vector<float> A5Min = {0,  1,  2,  3,  4,  S, S, S, //
                                    10, 11, 12, 13, 14, S, S, S, //
                                    20, 21, 22, 23, 24, S, S, S, //
                                    S,  S,  S,  S,  S,  S, S, S, S, S, S, S, S, S, S, S, S, S, S, S,
                                    S,  S,  S,  S,  S,  S, S, S, S, S, S, S, S, S, S, S, S, S, S, S};
  for (Target T : AllTargets) {
    RowExpandConfig C = reConfig(T, Elem::F32, 8, 8, 3, 5);
    C.src1 = reTile(Elem::F32, 8, 2, 3, 1, false);
    EXPECT_TRUE(sameFloats(runRowExpand<float>(C, tens(), Col2, S).dst, T == Target::A5 ? A5Min : Mode1Min))
        << targetName(T);
  }
}

// The a2a3 4-operand form always broadcasts consecutive scalars: a RowMajor block tile gives row r the scalar r.
TEST(RowExpandResults, A2A3TmpFormReadsARowMajorBroadcastAsScalars) {
  const std::vector<float> A2Min = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  for (Target T : AllTargets) {
    RowExpandConfig C = mode2(T, false);
    C.withTmp = true;
    EXPECT_TRUE(sameFloats(runRowExpand<float>(C, Fives, Block, S).dst, T == Target::A2A3 ? A2Min : Mode2Min))
        << targetName(T);
  }
}

// dst 8 x 8, valid 2 x 8; full row 0 = [1, NaN, 3, ..., 8], row 1 = [1, ..., 8]; column [2, NaN].
struct NanCase {
  std::vector<float> full, column;
  NanCase() : full(64, 0.0f), column(8, 0.0f) {
    for (int C = 0; C < 8; ++C)
      full[size_t(C)] = full[size_t(8 + C)] = float(C + 1);
    full[1] = NaN;
    column[0] = 2;
    column[1] = NaN;
  }
};

std::vector<float> rows2(const std::vector<float> &R0, const std::vector<float> &R1) {
  std::vector<float> M(64, S);
  for (int C = 0; C < 8; ++C) {
    M[size_t(C)] = R0[size_t(C)];
    M[size_t(8 + C)] = R1[size_t(C)];
  }
  return M;
}

TEST(RowExpandResults, NaNFollowsStdMinOperandOrderOnCpuAndPropagatesOnTheNpus) {
  const NanCase N;
  const std::vector<float> AllNaN(8, NaN), OneToEight = {1, 2, 3, 4, 5, 6, 7, 8};
  for (bool IsMax : {false, true}) {
    const std::vector<float> Row0Npu =
        IsMax ? std::vector<float>{2, NaN, 3, 4, 5, 6, 7, 8} : std::vector<float>{1, NaN, 2, 2, 2, 2, 2, 2};
    const std::vector<float> Row0ColFirst =
        IsMax ? std::vector<float>{2, 2, 3, 4, 5, 6, 7, 8} : std::vector<float>{1, 2, 2, 2, 2, 2, 2, 2};
    for (Target T : AllTargets) {
      RowExpandConfig FullFirst = reConfig(T, Elem::F32, 8, 8, 2, 8, IsMax);
      RowExpandConfig ColFirst = FullFirst;
      std::swap(ColFirst.src0, ColFirst.src1);
      const auto A = runRowExpand<float>(FullFirst, N.full, N.column, S);
      const auto B = runRowExpand<float>(ColFirst, N.column, N.full, S);
      if (T == Target::CPU) {
        // std::min/std::max(src0, src1) return src0 when either is NaN.
        EXPECT_TRUE(sameFloats(A.dst, rows2(Row0Npu, OneToEight))) << "max=" << IsMax;
        EXPECT_TRUE(sameFloats(B.dst, rows2(Row0ColFirst, AllNaN))) << "max=" << IsMax;
      } else {
        EXPECT_TRUE(sameFloats(A.dst, rows2(Row0Npu, AllNaN))) << targetName(T) << " max=" << IsMax;
        EXPECT_TRUE(sameFloats(B.dst, rows2(Row0Npu, AllNaN))) << targetName(T) << " max=" << IsMax;
      }
    }
  }
}

TEST(RowExpandResults, SignedZeroTiesFollowOperandPosition) {
  const std::vector<float> PlusZeros(64, 0.0f), MinusZero(8, -0.0f);
  const float P = 0.0f, M = -0.0f;
  for (bool IsMax : {false, true})
    for (Target T : AllTargets) {
      RowExpandConfig FullFirst = reConfig(T, Elem::F32, 8, 8, 1, 8, IsMax);
      RowExpandConfig ColFirst = FullFirst;
      std::swap(ColFirst.src0, ColFirst.src1);
      const auto A = runRowExpand<float>(FullFirst, PlusZeros, MinusZero, S);
      const auto B = runRowExpand<float>(ColFirst, MinusZero, PlusZeros, S);
      // cpu: a tie gives src0's element; NPU (inferred): the full operand's.
      const float ColFirstWant = T == Target::CPU ? M : P;
      EXPECT_TRUE(sameFloats(A.dst, rows2({P, P, P, P, P, P, P, P}, {S, S, S, S, S, S, S, S})))
          << targetName(T) << " max=" << IsMax;
      EXPECT_TRUE(sameFloats(B.dst, rows2(std::vector<float>(8, ColFirstWant), {S, S, S, S, S, S, S, S})))
          << targetName(T) << " max=" << IsMax;
    }
}

TEST(RowExpandResults, IntegersCompareInTheirOwnOrder) {
  // int16, dst 16 x 16 with a 2 x 4 valid region; column [-1, 7].
  std::vector<int16_t> Full(256, 0), Col(16, 0);
  const int16_t Row0[] = {-5, 0, 5, -32768}, Row1[] = {100, -100, 7, 32767};
  for (int C = 0; C < 4; ++C) {
    Full[size_t(C)] = Row0[C];
    Full[size_t(16 + C)] = Row1[C];
  }
  Col[0] = -1;
  Col[1] = 7;
  for (Target T : AllTargets) {
    const auto Min = runRowExpand<int16_t>(reConfig(T, Elem::I16, 16, 16, 2, 4), Full, Col, int16_t(-9));
    const auto Max = runRowExpand<int16_t>(reConfig(T, Elem::I16, 16, 16, 2, 4, true), Full, Col, int16_t(-9));
    EXPECT_EQ(std::vector<int16_t>(Min.dst.begin(), Min.dst.begin() + 5),
              (std::vector<int16_t>{-5, -1, -1, -32768, -9}));
    EXPECT_EQ(std::vector<int16_t>(Min.dst.begin() + 16, Min.dst.begin() + 21),
              (std::vector<int16_t>{7, -100, 7, 7, -9}));
    EXPECT_EQ(std::vector<int16_t>(Max.dst.begin(), Max.dst.begin() + 5), (std::vector<int16_t>{-1, 0, 5, -1, -9}));
    EXPECT_EQ(std::vector<int16_t>(Max.dst.begin() + 16, Max.dst.begin() + 21),
              (std::vector<int16_t>{100, 7, 7, 32767, -9}));
    EXPECT_EQ(Min.dst[32], -9) << targetName(T) << ": row 2 is outside the valid region";
  }
  // uint16: 0xFFFF is the largest value on a5 and cpu; a2a3 has no uint16_t form, so nothing is written.
  std::vector<uint16_t> FullU(256, 0), ColU(16, 0);
  const uint16_t RowU[] = {0xFFFF, 1, 2, 3};
  for (int C = 0; C < 4; ++C)
    FullU[size_t(C)] = RowU[C];
  ColU[0] = 2;
  for (Target T : AllTargets) {
    const auto Min = runRowExpand<uint16_t>(reConfig(T, Elem::U16, 16, 16, 1, 4), FullU, ColU, uint16_t(77));
    const std::vector<uint16_t> Want =
        T == Target::A2A3 ? std::vector<uint16_t>{77, 77, 77, 77} : std::vector<uint16_t>{2, 1, 2, 2};
    EXPECT_EQ(std::vector<uint16_t>(Min.dst.begin(), Min.dst.begin() + 4), Want) << targetName(T);
  }
}

// 479 valid rows in a 480-row dst: a2a3 works in two passes of 240 and 239 rows through the scratch; a 300-row
// mode-2 call goes through the 255-row chunks. dst(r, c) = min(r + c, r + 3.5) and min(r, r - c % 8).
TEST(RowExpandResults, TallCallsUseEveryPass) {
  const int Rows = 480, Valid = 479, Cols = 8;
  std::vector<float> Full(size_t(Rows) * Cols), Col(Rows);
  for (int R = 0; R < Rows; ++R) {
    Col[size_t(R)] = float(R) + 3.5f;
    for (int C = 0; C < Cols; ++C)
      Full[size_t(R) * Cols + C] = float(R + C);
  }
  for (Target T : AllTargets)
    for (bool WithTmp : {false, true}) {
      const auto Out =
          runRowExpand<float>(reConfig(T, Elem::F32, Rows, Cols, Valid, Cols, false, WithTmp), Full, Col, S);
      int Bad = 0;
      for (int R = 0; R < Rows; ++R)
        for (int C = 0; C < Cols; ++C) {
          const float Want = R < Valid ? (C <= 3 ? float(R + C) : float(R) + 3.5f) : S;
          Bad += Out.dst[size_t(R) * Cols + C] != Want;
        }
      EXPECT_EQ(Bad, 0) << targetName(T) << " tmp=" << WithTmp;
    }
  const int R2 = 300;
  std::vector<float> Blk2(size_t(R2) * 8);
  for (int R = 0; R < R2; ++R)
    for (int C = 0; C < 8; ++C)
      Blk2[size_t(R) * 8 + C] = float(R - C);
  for (Target T : AllTargets) {
    const RowExpandConfig C{T,
                            false,
                            false,
                            reTile(Elem::F32, R2, 16, R2, 16),
                            reTile(Elem::F32, R2, 16, R2, 16),
                            reTile(Elem::F32, R2, 8, R2, 8)};
    std::vector<float> Full16(size_t(R2) * 16);
    for (int R = 0; R < R2; ++R)
      for (int Cc = 0; Cc < 16; ++Cc)
        Full16[size_t(R) * 16 + Cc] = float(R);
    const auto Out = runRowExpand<float>(C, Full16, Blk2, S);
    int Bad = 0;
    for (int R = 0; R < R2; ++R)
      for (int Cc = 0; Cc < 16; ++Cc)
        Bad += Out.dst[size_t(R) * 16 + Cc] != float(R - Cc % 8);
    EXPECT_EQ(Bad, 0) << targetName(T);
  }
}

TEST(RowExpandResults, InPlaceDestinationIsTheFullSource) {
  for (Target T : AllTargets) {
    const RowExpandConfig C = reConfig(T, Elem::F32, 8, 8, 3, 5);
    std::vector<float> Data = tens();
    std::vector<float> Col = Column;
    std::vector<uint8_t> Scratch(kRowExpandScratchBytes, 0);
    rowExpandExecute<float>(C, Data.data(), Data.data(), Col.data(), Scratch.data(), Scratch.size());
    std::vector<float> Want = tens();
    for (int R = 0; R < 3; ++R)
      for (int Cc = 0; Cc < 5; ++Cc)
        Want[size_t(R) * 8 + Cc] = std::min(Want[size_t(R) * 8 + Cc], Column[size_t(R)]);
    EXPECT_TRUE(sameFloats(Data, Want)) << targetName(T);
  }
}

TEST(RowExpandResults, EmptyValidRegionWritesNothing) {
  for (Target T : AllTargets)
    for (auto [VR, VC] : {std::pair<int, int>{0, 5}, {3, 0}, {0, 0}}) {
      const auto Out = runRowExpand<float>(reConfig(T, Elem::F32, 8, 8, VR, VC), tens(), Column, S);
      EXPECT_TRUE(sameFloats(Out.dst, std::vector<float>(64, S))) << targetName(T) << " " << VR << "x" << VC;
    }
}

} // namespace
