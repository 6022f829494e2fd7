// Results of the TCOLMAX/TCOLMIN reference model per target: values, partial validity and padding, NaN and signed
// zeros, empty regions, the a5 64-bit column limit and the cpu simulator's type conversions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <vector>

#include "pto/ref/ColReduce.hpp"

using namespace pto::ref;

namespace {

const Target AllTargets[] = {Target::A2A3, Target::A5, Target::CPU};
const float NaN = std::numeric_limits<float>::quiet_NaN();

/// A legal-looking call: row-major src Rows x Cols, dst 1 x Cols of the same type with matching valid columns.
ColReduceConfig config(Target T, bool IsMax, Elem E, int Rows, int Cols, int ValidRow, int ValidCol) {
  return ColReduceConfig{T, IsMax, ColReduceTile{E, 1, Cols, 1, ValidCol}, ColReduceTile{E, Rows, Cols, ValidRow, ValidCol}};
}

/// Row-major Rows x Cols storage filled from F(row, col).
template <class T> std::vector<T> matrix(int Rows, int Cols, const std::function<T(int, int)> &F) {
  std::vector<T> M(size_t(Rows) * Cols);
  for (int R = 0; R < Rows; ++R)
    for (int C = 0; C < Cols; ++C)
      M[size_t(R) * Cols + C] = F(R, C);
  return M;
}

/// Runs Cfg on Src; dst (dst.rows x dst.cols) starts as Sentinel everywhere.
template <class TD, class TS> std::vector<TD> run(const ColReduceConfig &Cfg, const std::vector<TS> &Src, TD Sentinel) {
  std::vector<TD> Dst(size_t(Cfg.dst.rows) * Cfg.dst.cols, Sentinel);
  colReduceExecute<TD, TS>(Cfg, Src.data(), Dst.data());
  return Dst;
}

TEST(ColReduceResults, ColumnMaximaAndMinimaOnEveryTarget) {
  const std::vector<float> Src = {3, 1, 4, 1, 5, 9, 2, 6,  //
                                  5, 3, 5, 8, 9, 7, 9, 3,  //
                                  2, 3, 8, 4, 6, 2, 6, 4,  //
                                  3, 3, 8, 3, 2, 7, 9, 5}; //
  for (Target T : AllTargets) {
    EXPECT_EQ(run<float>(config(T, true, Elem::F32, 4, 8, 4, 8), Src, -1.0f),
              (std::vector<float>{5, 3, 8, 8, 9, 9, 9, 6}))
        << targetName(T);
    EXPECT_EQ(run<float>(config(T, false, Elem::F32, 4, 8, 4, 8), Src, -1.0f),
              (std::vector<float>{2, 1, 4, 1, 2, 2, 2, 3}))
        << targetName(T);
  }
}

// src(r, c) = 100 * {3, 1, 2, 0}[r] + c; valid region 3 x 5, so row 3 (which holds the true minimum) is ignored.
// a2a3 copies row 0 in whole 32-B blocks (8 floats) before reducing the 5 valid columns: columns 5..7 of dst
// take src row 0's values. a5 and cpu write only the 5 valid columns.
TEST(ColReduceResults, OnlyTheValidRegionIsReducedAndA2A3CopiesRowZeroBlocks) {
  const int Factor[] = {3, 1, 2, 0};
  const auto Src = matrix<float>(4, 16, [&](int R, int C) { return float(100 * Factor[R] + C); });
  const float S = -1.0f;
  const std::vector<float> MinA2 = {100, 101, 102, 103, 104, 305, 306, 307, S, S, S, S, S, S, S, S};
  const std::vector<float> MaxA2 = {300, 301, 302, 303, 304, 305, 306, 307, S, S, S, S, S, S, S, S};
  const std::vector<float> Min = {100, 101, 102, 103, 104, S, S, S, S, S, S, S, S, S, S, S};
  const std::vector<float> Max = {300, 301, 302, 303, 304, S, S, S, S, S, S, S, S, S, S, S};
  EXPECT_EQ(run<float>(config(Target::A2A3, false, Elem::F32, 4, 16, 3, 5), Src, S), MinA2);
  EXPECT_EQ(run<float>(config(Target::A2A3, true, Elem::F32, 4, 16, 3, 5), Src, S), MaxA2);
  for (Target T : {Target::A5, Target::CPU}) {
    EXPECT_EQ(run<float>(config(T, false, Elem::F32, 4, 16, 3, 5), Src, S), Min) << targetName(T);
    EXPECT_EQ(run<float>(config(T, true, Elem::F32, 4, 16, 3, 5), Src, S), Max) << targetName(T);
  }
}

// 16-bit elements: a 32-B block holds 16 of them, so a2a3 writes dst columns up to 32 for 20 valid columns.
TEST(ColReduceResults, A2A3BlockCopyOfSixteenBitRows) {
  const auto Src = matrix<int16_t>(2, 48, [](int R, int C) { return int16_t(R == 0 ? C : -C); });
  const auto A2 = run<int16_t>(config(Target::A2A3, true, Elem::I16, 2, 48, 2, 20), Src, int16_t(-999));
  const auto A5 = run<int16_t>(config(Target::A5, true, Elem::I16, 2, 48, 2, 20), Src, int16_t(-999));
  for (int C = 0; C < 48; ++C) {
    EXPECT_EQ(A2[C], C < 32 ? C : -999) << "a2a3 col " << C; // max(c, -c) = c for the 20 valid columns
    EXPECT_EQ(A5[C], C < 20 ? C : -999) << "a5 col " << C;
  }
}

// Columns: [NaN, 1, 0], [1, NaN, 0], [1, 0, NaN], [2, 1, 3]. The cpu simulator compares strictly against a
// running value seeded with row 0: a NaN in row 0 stays, a later NaN is never taken. The NPU vmin/vmax are
// modelled NaN-propagating (inferred).
TEST(ColReduceResults, NaNInRowZeroStaysOnCpuAndPropagatesOnNpu) {
  const auto Src = matrix<float>(3, 8, [](int R, int C) {
    const float Cols[4][3] = {{NaN, 1, 0}, {1, NaN, 0}, {1, 0, NaN}, {2, 1, 3}};
    return C < 4 ? Cols[C][R] : 0.0f;
  });
  const auto CpuMax = run<float>(config(Target::CPU, true, Elem::F32, 3, 8, 3, 4), Src, -1.0f);
  const auto CpuMin = run<float>(config(Target::CPU, false, Elem::F32, 3, 8, 3, 4), Src, -1.0f);
  EXPECT_TRUE(std::isnan(CpuMax[0]));
  EXPECT_EQ(CpuMax[1], 1.0f);
  EXPECT_EQ(CpuMax[2], 1.0f);
  EXPECT_EQ(CpuMax[3], 3.0f);
  EXPECT_TRUE(std::isnan(CpuMin[0]));
  EXPECT_EQ(CpuMin[1], 0.0f);
  EXPECT_EQ(CpuMin[2], 0.0f);
  EXPECT_EQ(CpuMin[3], 1.0f);
  for (Target T : {Target::A2A3, Target::A5})
    for (bool IsMax : {false, true}) {
      const auto R = run<float>(config(T, IsMax, Elem::F32, 3, 8, 3, 4), Src, -1.0f);
      for (int C = 0; C < 3; ++C)
        EXPECT_TRUE(std::isnan(R[C])) << targetName(T) << " col " << C;
      EXPECT_EQ(R[3], IsMax ? 3.0f : 1.0f) << targetName(T);
    }
}

// Ties keep the earliest row: columns [+0, -0, +0] and [-0, +0, -0] give that column's row-0 zero on every target
// (a5's pairwise order included).
TEST(ColReduceResults, SignedZeroTiesKeepTheFirstRow) {
  const auto Src = matrix<float>(3, 8, [](int R, int C) {
    const bool Negative = (C == 0) ? (R == 1) : (C == 1) ? (R != 1) : false;
    return Negative ? -0.0f : 0.0f;
  });
  for (Target T : AllTargets)
    for (bool IsMax : {false, true}) {
      const auto R = run<float>(config(T, IsMax, Elem::F32, 3, 8, 3, 2), Src, 5.0f);
      EXPECT_EQ(R[0], 0.0f);
      EXPECT_FALSE(std::signbit(R[0])) << targetName(T) << " max=" << IsMax;
      EXPECT_EQ(R[1], 0.0f);
      EXPECT_TRUE(std::signbit(R[1])) << targetName(T) << " max=" << IsMax;
      // a2a3's block copy of row 0 also writes the +0.0 of column 2; the others leave it alone.
      EXPECT_EQ(R[2], T == Target::A2A3 ? 0.0f : 5.0f) << targetName(T);
    }
}

// Zero valid rows: every target returns early except the cpu simulator's TCOLMAX, which copies row 0.
TEST(ColReduceResults, EmptyRegionLeavesDstAloneExceptCpuColMaxWithoutRows) {
  const auto Src = matrix<float>(4, 8, [](int R, int C) { return float(10 * R + C); });
  const std::vector<float> Untouched(8, -1.0f);
  for (Target T : AllTargets)
    for (bool IsMax : {false, true}) {
      const auto NoCols = run<float>(config(T, IsMax, Elem::F32, 4, 8, 4, 0), Src, -1.0f);
      EXPECT_EQ(NoCols, Untouched) << targetName(T) << " max=" << IsMax;
      const auto NoRows = run<float>(config(T, IsMax, Elem::F32, 4, 8, 0, 8), Src, -1.0f);
      if (T == Target::CPU && IsMax)
        EXPECT_EQ(NoRows, (std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7}));
      else
        EXPECT_EQ(NoRows, Untouched) << targetName(T) << " max=" << IsMax;
    }
}

// int64_t with 100 valid columns: a5 reduces and writes only the first 64; the cpu simulator's TCOLMIN all 100.
TEST(ColReduceResults, A5SixtyFourBitPathStopsAfterSixtyFourColumns) {
  const auto Src = matrix<int64_t>(3, 128, [](int R, int C) { return R == 1 ? -int64_t(C) - 1 : int64_t(C); });
  const auto A5 = run<int64_t>(config(Target::A5, false, Elem::I64, 3, 128, 3, 100), Src, int64_t(777));
  const auto Cpu = run<int64_t>(config(Target::CPU, false, Elem::I64, 3, 128, 3, 100), Src, int64_t(777));
  for (int C = 0; C < 128; ++C) {
    EXPECT_EQ(A5[C], C < 64 ? -int64_t(C) - 1 : 777) << "a5 col " << C;
    EXPECT_EQ(Cpu[C], C < 100 ? -int64_t(C) - 1 : 777) << "cpu col " << C;
  }
  const auto A5Max = run<int64_t>(config(Target::A5, true, Elem::I64, 3, 128, 3, 64), Src, int64_t(777));
  for (int C = 0; C < 64; ++C)
    EXPECT_EQ(A5Max[C], C);
}

// The cpu simulator keeps the running value in dst's type: TCOLMAX half -> float is exact, and TCOLMIN int32_t ->
// int8_t converts the seed first: column [300, 50] seeds int8_t(300) = 44 and 50 < 44 is false, so 44 stays;
// column [10, -200] takes -200, stored as int8_t(-200) = 56; column [5, 3] gives 3.
TEST(ColReduceResults, CpuConvertsToTheDestinationType) {
  const auto Half = matrix<pto::half>(2, 16, [](int R, int C) {
    return static_cast<pto::half>(R == 0 ? 0.25f * float(C) : 3.0f - 0.25f * float(C));
  });
  ColReduceConfig Max{Target::CPU, true, ColReduceTile{Elem::F32, 1, 16, 1, 16}, ColReduceTile{Elem::F16, 2, 16, 2, 16}};
  const auto Widened = run<float, pto::half>(Max, Half, -1.0f);
  for (int C = 0; C < 16; ++C)
    EXPECT_EQ(Widened[C], C >= 6 ? 0.25f * float(C) : 3.0f - 0.25f * float(C)) << "col " << C;

  std::vector<int32_t> Ints(2 * 32, 0);
  const int32_t Cols[3][2] = {{300, 50}, {10, -200}, {5, 3}};
  for (int C = 0; C < 3; ++C)
    for (int R = 0; R < 2; ++R)
      Ints[size_t(R) * 32 + C] = Cols[C][R];
  ColReduceConfig Min{Target::CPU, false, ColReduceTile{Elem::I8, 1, 32, 1, 3}, ColReduceTile{Elem::I32, 2, 32, 2, 3}};
  const auto Narrowed = run<int8_t, int32_t>(Min, Ints, int8_t(-1));
  EXPECT_EQ(Narrowed[0], 44);
  EXPECT_EQ(Narrowed[1], 56);
  EXPECT_EQ(Narrowed[2], 3);
  EXPECT_EQ(Narrowed[3], -1);
}

// A column-major (DN) source: the cpu simulator follows the layout. src(r, c) = (5r + 3c) % 8 over 3 valid rows:
// columns {0,5,2}, {3,0,5}, {6,3,0}, {1,6,3}.
TEST(ColReduceResults, CpuReadsColumnMajorSourcesThroughTheirLayout) {
  std::vector<float> Dn(8 * 4);
  for (int R = 0; R < 8; ++R)
    for (int C = 0; C < 4; ++C)
      Dn[size_t(R) + size_t(C) * 8] = float((5 * R + 3 * C) % 8);
  ColReduceConfig Cfg{Target::CPU, true, ColReduceTile{Elem::F32, 1, 8, 1, 4}, ColReduceTile{Elem::F32, 8, 4, 3, 4}};
  Cfg.src.kind.rowMajor = false;
  EXPECT_EQ(run<float>(Cfg, Dn, -1.0f), (std::vector<float>{5, 5, 6, 6, -1, -1, -1, -1}));
  Cfg.isMax = false;
  EXPECT_EQ(run<float>(Cfg, Dn, -1.0f), (std::vector<float>{0, 0, 0, 1, -1, -1, -1, -1}));
}

// Without NaNs the three targets agree on the valid columns (a5's pairwise order changes nothing).
TEST(ColReduceResults, TargetsAgreeOnOrdinaryData) {
  std::mt19937 Rng(5);
  for (int Round = 0; Round < 200; ++Round) {
    const int Rows = 1 + int(Rng() % 9), Cols = 8 * (1 + int(Rng() % 20));
    const int VR = 1 + int(Rng() % Rows), VC = 1 + int(Rng() % Cols);
    const auto Src = matrix<float>(Rows, Cols, [&](int, int) { return float(int(Rng() % 41) - 20); });
    const bool IsMax = Rng() % 2;
    const auto A2 = run<float>(config(Target::A2A3, IsMax, Elem::F32, Rows, Cols, VR, VC), Src, 99.0f);
    const auto A5 = run<float>(config(Target::A5, IsMax, Elem::F32, Rows, Cols, VR, VC), Src, 99.0f);
    const auto Cpu = run<float>(config(Target::CPU, IsMax, Elem::F32, Rows, Cols, VR, VC), Src, 99.0f);
    for (int C = 0; C < VC; ++C) {
      float Want = Src[size_t(C)];
      for (int R = 1; R < VR; ++R)
        Want = IsMax ? std::max(Want, Src[size_t(R) * Cols + C]) : std::min(Want, Src[size_t(R) * Cols + C]);
      ASSERT_EQ(A2[C], Want) << "round " << Round << " col " << C;
      ASSERT_EQ(A5[C], Want) << "round " << Round << " col " << C;
      ASSERT_EQ(Cpu[C], Want) << "round " << Round << " col " << C;
    }
    EXPECT_EQ(A5, Cpu);
  }
}

} // namespace
