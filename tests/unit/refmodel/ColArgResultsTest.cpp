// Results of the TCOLARGMIN/TCOLARGMAX reference model per target: ties, NaN, bit-pattern compares, index rounding,
// validity.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <vector>

#include "ColArgTestUtil.hpp"
#include "pto/ref/ColArg.hpp"

using namespace pto::ref;
using pto::ref::test::makeConfig;
using pto::ref::test::runColArg;

namespace {

const Target AllTargets[] = {Target::A2A3, Target::A5, Target::CPU};
const float NaN = std::numeric_limits<float>::quiet_NaN();

/// Row-major Rows x Cols storage filled from F(row, col).
template <class T> std::vector<T> matrix(int Rows, int Cols, const std::function<T(int, int)> &F) {
  std::vector<T> M(size_t(Rows) * Cols);
  for (int R = 0; R < Rows; ++R)
    for (int C = 0; C < Cols; ++C)
      M[size_t(R) * Cols + C] = F(R, C);
  return M;
}

/// Row-major storage from a list of columns (each of length Rows); remaining columns are Fill.
template <class T> std::vector<T> fromColumns(int Rows, int Cols, const std::vector<std::vector<T>> &Columns, T Fill) {
  return matrix<T>(Rows, Cols, [&](int R, int C) { return C < int(Columns.size()) ? Columns[C][R] : Fill; });
}

TEST(ColArgResults, TiesKeepTheFirstRowOnEveryTarget) {
  const auto Src = fromColumns<float>(4, 8, {{2, 1, 1, 5}, {7, 7, 7, 7}, {5, 9, 9, 1}, {0.0f, -0.0f, -0.0f, 0.0f}}, 0);
  for (Target T : AllTargets) {
    const auto Min = runColArg<float, int32_t>(makeConfig(T, Elem::F32, Elem::I32, 4, 8, 4, 4), Src);
    EXPECT_EQ(Min.idx[0], 1) << targetName(T);
    EXPECT_EQ(Min.idx[1], 0) << targetName(T);
    EXPECT_EQ(Min.idx[2], 3) << targetName(T);
    EXPECT_EQ(Min.idx[3], 0) << targetName(T) << ": -0.0 ties with +0.0";
    const auto Max =
        runColArg<float, int32_t>(makeConfig(T, Elem::F32, Elem::I32, 4, 8, 4, 4, false, /*IsMax=*/true), Src);
    EXPECT_EQ(Max.idx[0], 3) << targetName(T);
    EXPECT_EQ(Max.idx[1], 0) << targetName(T);
    EXPECT_EQ(Max.idx[2], 1) << targetName(T);
    EXPECT_EQ(Max.idx[3], 0) << targetName(T);
  }
}

TEST(ColArgResults, NaNTakesOverOnA2A3AndIsIgnoredAfterRowZeroElsewhere) {
  const auto Src = fromColumns<float>(4, 8, {{3, NaN, 1, 2}, {NaN, 1, 0, 5}, {1, 2, 3, NaN}}, 0);
  for (bool IsMax : {false, true}) {
    // a2a3: vcmp is false against NaN, and the running value stays NaN, so every later row takes the index.
    const auto A2 =
        runColArg<float, int32_t>(makeConfig(Target::A2A3, Elem::F32, Elem::I32, 4, 8, 4, 3, true, IsMax), Src);
    for (int C = 0; C < 3; ++C) {
      EXPECT_EQ(A2.idx[C], 3) << "col " << C << " max=" << IsMax;
      EXPECT_TRUE(std::isnan(A2.val[C])) << "col " << C;
    }
    for (Target T : {Target::A5, Target::CPU}) {
      const auto R = runColArg<float, int32_t>(makeConfig(T, Elem::F32, Elem::I32, 4, 8, 4, 3, true, IsMax), Src);
      EXPECT_EQ(R.idx[0], IsMax ? 0 : 2) << targetName(T);
      EXPECT_EQ(R.val[0], IsMax ? 3.0f : 1.0f) << targetName(T);
      EXPECT_EQ(R.idx[1], 0) << targetName(T) << ": a NaN in row 0 stays";
      EXPECT_TRUE(std::isnan(R.val[1])) << targetName(T);
      EXPECT_EQ(R.idx[2], IsMax ? 2 : 0) << targetName(T);
      EXPECT_EQ(R.val[2], IsMax ? 3.0f : 1.0f) << targetName(T);
    }
  }
}

TEST(ColArgResults, A2A3ComparesU16AsHalfBits) {
  const auto Src = fromColumns<uint16_t>(3, 16,
                                         {{0x0010, 0x7E00, 0x0020},  // 0x7E00 is a half NaN
                                          {0x8005, 0x0100, 0x0001},  // 0x8005 is a negative half
                                          {0x7C01, 0x7C00, 0x0001}}, // NaN, +inf
                                         0x0001);
  const auto A2Min = runColArg<uint16_t, int32_t>(makeConfig(Target::A2A3, Elem::U16, Elem::I32, 3, 16, 3, 3), Src);
  const auto A2Max =
      runColArg<uint16_t, int32_t>(makeConfig(Target::A2A3, Elem::U16, Elem::I32, 3, 16, 3, 3, false, true), Src);
  EXPECT_EQ(A2Min.idx[0], 2); // unsigned answer: 0
  EXPECT_EQ(A2Min.idx[1], 0); // unsigned answer: 2
  EXPECT_EQ(A2Max.idx[1], 1); // unsigned answer: 0
  EXPECT_EQ(A2Max.idx[2], 2); // unsigned answer: 0
  for (Target T : {Target::A5, Target::CPU}) {
    const auto Min = runColArg<uint16_t, int32_t>(makeConfig(T, Elem::U16, Elem::I32, 3, 16, 3, 3), Src);
    const auto Max = runColArg<uint16_t, int32_t>(makeConfig(T, Elem::U16, Elem::I32, 3, 16, 3, 3, false, true), Src);
    EXPECT_EQ(Min.idx[0], 0) << targetName(T);
    EXPECT_EQ(Min.idx[1], 2) << targetName(T);
    EXPECT_EQ(Max.idx[1], 0) << targetName(T);
    EXPECT_EQ(Max.idx[2], 0) << targetName(T);
  }
}

TEST(ColArgResults, A2A3ComparesU32AsFloatBits) {
  const auto Src = fromColumns<uint32_t>(3, 8, {{0x80000001u, 5, 3}, {0x7F800001u, 2, 1}}, 0);
  const auto A2 =
      runColArg<uint32_t, int32_t>(makeConfig(Target::A2A3, Elem::U32, Elem::I32, 3, 8, 3, 2, false, true), Src);
  const auto Cpu =
      runColArg<uint32_t, int32_t>(makeConfig(Target::CPU, Elem::U32, Elem::I32, 3, 8, 3, 2, false, true), Src);
  EXPECT_EQ(A2.idx[0], 1);
  EXPECT_EQ(Cpu.idx[0], 0);
  EXPECT_EQ(A2.idx[1], 2); // NaN bits in row 0
  EXPECT_EQ(Cpu.idx[1], 0);
}

TEST(ColArgResults, A2A3U16BelowInfinityAgreesWithUnsignedOrder) {
  std::mt19937 Rng(11);
  std::uniform_int_distribution<int> Small(0, 0x7BFF);
  for (int Round = 0; Round < 20; ++Round) {
    const int Rows = 1 + Round, Cols = 144;
    const auto Src = matrix<uint16_t>(Rows, Cols, [&](int, int) { return uint16_t(Small(Rng) % 64); });
    for (bool IsMax : {false, true}) {
      auto Cfg = makeConfig(Target::A2A3, Elem::U16, Elem::U16, Rows, Cols, Rows, 140, true, IsMax);
      const auto A2 = runColArg<uint16_t, uint16_t>(Cfg, Src);
      Cfg.target = Target::A5;
      const auto A5 = runColArg<uint16_t, uint16_t>(Cfg, Src);
      EXPECT_EQ(A2.idx, A5.idx);
      EXPECT_EQ(A2.val, A5.val);
    }
  }
}

TEST(ColArgResults, A2A3SixteenBitIndexRoundsThroughHalfBeyondRow2048) {
  const int Rows = 2052, Cols = 16;
  const std::vector<int> MinRow = {2049, 2050, 2051, 2048, 2047, 0, 1};
  const uint16_t One = 0x3C00, Zero = 0x0000;
  const auto Src = matrix<uint16_t>(
      Rows, Cols, [&](int R, int C) { return (C < int(MinRow.size()) && MinRow[C] == R) ? Zero : One; });
  // 3-operand: int16 -> half (ties away) -> int32.
  const auto A2 =
      runColArg<uint16_t, int32_t>(makeConfig(Target::A2A3, Elem::F16, Elem::I32, Rows, Cols, Rows, 7), Src);
  EXPECT_EQ(A2.idx, (std::vector<int32_t>{2050, 2050, 2052, 2048, 2047, 0, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1}));
  // Value+index keeps int16 indices: exact.
  const auto A2Val =
      runColArg<uint16_t, int16_t>(makeConfig(Target::A2A3, Elem::F16, Elem::I16, Rows, Cols, Rows, 7, true), Src);
  for (size_t C = 0; C < MinRow.size(); ++C)
    EXPECT_EQ(A2Val.idx[C], MinRow[C]);
  for (Target T : {Target::A5, Target::CPU}) {
    const auto R = runColArg<uint16_t, int32_t>(makeConfig(T, Elem::F16, Elem::I32, Rows, Cols, Rows, 7), Src);
    for (size_t C = 0; C < MinRow.size(); ++C)
      EXPECT_EQ(R.idx[C], MinRow[C]) << targetName(T);
  }
}

TEST(ColArgResults, OnlyTheValidRegionIsReadAndWritten) {
  // Padding holds values that would win if they were read.
  const auto Src =
      matrix<float>(4, 16, [](int R, int C) { return (R < 3 && C < 5) ? float((R * 5 + C * 3) % 7) : -1000.0f; });
  std::vector<int32_t> ExpectedMin(5, 0);
  for (int C = 0; C < 5; ++C)
    for (int R = 1; R < 3; ++R)
      if (Src[size_t(R) * 16 + C] < Src[size_t(ExpectedMin[C]) * 16 + C])
        ExpectedMin[C] = R;
  ASSERT_EQ(ExpectedMin, (std::vector<int32_t>{0, 1, 2, 1, 2}));
  for (Target T : AllTargets) {
    for (bool WithVal : {false, true}) {
      const auto R = runColArg<float, int32_t>(makeConfig(T, Elem::F32, Elem::I32, 4, 16, 3, 5, WithVal), Src);
      for (int C = 0; C < 16; ++C) {
        const bool Valid = C < 5;
        EXPECT_EQ(R.idx[C], Valid ? ExpectedMin[C] : -1) << targetName(T) << " col " << C;
        const float ExpectedVal = (Valid && WithVal) ? Src[size_t(ExpectedMin[C]) * 16 + C] : float(0x5A);
        EXPECT_EQ(R.val[C], ExpectedVal) << targetName(T) << " col " << C;
      }
    }
  }
}

TEST(ColArgResults, A2A3FullBlocksAndRemainderStayInsideValidCols) {
  // f32: one full block of 64 plus 6; f16 3-op: one block of 128 plus 2 (index written as int32).
  const auto F32 = matrix<float>(3, 72, [](int R, int C) { return float((R + C) % 3); });
  const auto A = runColArg<float, int32_t>(makeConfig(Target::A2A3, Elem::F32, Elem::I32, 3, 72, 3, 70, true), F32);
  for (int C = 0; C < 72; ++C)
    EXPECT_EQ(A.idx[C], C < 70 ? (3 - C % 3) % 3 : -1) << C;
  const auto F16 = matrix<uint16_t>(3, 144, [](int R, int C) { return uint16_t(0x3C00 + (R + C) % 3); });
  const auto B = runColArg<uint16_t, int32_t>(makeConfig(Target::A2A3, Elem::F16, Elem::I32, 3, 144, 3, 130), F16);
  for (int C = 0; C < 144; ++C)
    EXPECT_EQ(B.idx[C], C < 130 ? (3 - C % 3) % 3 : -1) << C;
}

TEST(ColArgResults, ColumnMajorSourceIsMisaddressedOnNpuTargets) {
  const int N = 8;
  std::vector<float> Storage(N * N);
  for (int K = 0; K < N * N; ++K)
    Storage[K] = float((K * 37) % 64);
  auto ArgMinOf = [&](bool ColMajor) {
    std::vector<int32_t> Out;
    for (int C = 0; C < N; ++C) {
      int Best = 0;
      for (int R = 1; R < N; ++R)
        if (Storage[ColMajor ? R + C * N : R * N + C] < Storage[ColMajor ? Best + C * N : Best * N + C])
          Best = R;
      Out.push_back(Best);
    }
    return Out;
  };
  ASSERT_NE(ArgMinOf(true), ArgMinOf(false));
  for (Target T : AllTargets) {
    auto Cfg = makeConfig(T, Elem::F32, Elem::I32, N, N, N, N);
    Cfg.srcRowMajor = false;
    const auto R = runColArg<float, int32_t>(Cfg, Storage);
    EXPECT_EQ(R.idx, ArgMinOf(/*ColMajor=*/T == Target::CPU)) << targetName(T);
  }
}

TEST(ColArgResults, SingleValidRowSelectsRowZero) {
  const auto Src = matrix<float>(2, 8, [](int R, int C) { return float(8 * R - C); });
  for (Target T : AllTargets) {
    const auto R = runColArg<float, uint32_t>(makeConfig(T, Elem::F32, Elem::U32, 2, 8, 1, 8, true), Src, 99u);
    for (int C = 0; C < 8; ++C) {
      EXPECT_EQ(R.idx[C], 0u) << targetName(T);
      EXPECT_EQ(R.val[C], float(-C)) << targetName(T);
    }
  }
}

TEST(ColArgResults, TargetsAgreeOnRandomNaNFreeData) {
  std::mt19937 Rng(3);
  std::uniform_int_distribution<int> Value(-3, 3);
  for (int Round = 0; Round < 60; ++Round) {
    const int Rows = 1 + Round % 17, ValidCol = 1 + (Round * 53) % 300, Cols = (ValidCol + 7) / 8 * 8;
    const auto Src = matrix<float>(Rows, Cols, [&](int, int) { return float(Value(Rng)); });
    for (bool WithVal : {false, true}) {
      for (bool IsMax : {false, true}) {
        auto Cfg = makeConfig(Target::CPU, Elem::F32, Elem::I32, Rows, Cols, Rows, ValidCol, WithVal, IsMax);
        const auto Cpu = runColArg<float, int32_t>(Cfg, Src);
        for (Target T : {Target::A2A3, Target::A5}) {
          Cfg.target = T;
          const auto R = runColArg<float, int32_t>(Cfg, Src);
          ASSERT_EQ(R.idx, Cpu.idx) << targetName(T) << " round " << Round;
          ASSERT_EQ(R.val, Cpu.val) << targetName(T) << " round " << Round;
        }
      }
    }
  }
}

TEST(ColArgResults, NativeIntegerOrderOnA5AndCpu) {
  const auto Src = fromColumns<int8_t>(3, 32, {{5, -7, -7}, {-128, 127, 0}}, 0);
  for (Target T : {Target::A5, Target::CPU}) {
    const auto Min = runColArg<int8_t, int32_t>(makeConfig(T, Elem::I8, Elem::I32, 3, 32, 3, 2), Src);
    const auto Max = runColArg<int8_t, int32_t>(makeConfig(T, Elem::I8, Elem::I32, 3, 32, 3, 2, false, true), Src);
    EXPECT_EQ(Min.idx[0], 1) << targetName(T);
    EXPECT_EQ(Min.idx[1], 0) << targetName(T);
    EXPECT_EQ(Max.idx[0], 0) << targetName(T);
    EXPECT_EQ(Max.idx[1], 1) << targetName(T);
  }
}

} // namespace
