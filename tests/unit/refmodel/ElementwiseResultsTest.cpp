// Results of the TMIN/TMAX reference model per target: values, the std::min/std::max NaN asymmetry on cpu, signed
// zeros, partial validity and per-tile addressing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "pto/ref/Elementwise.hpp"

using namespace pto::ref;

namespace {

const Target AllTargets[] = {Target::A2A3, Target::A5, Target::CPU};
const float NaN = std::numeric_limits<float>::quiet_NaN();

ElementwiseTile tile(Elem E, int Rows, int Cols, int VR, int VC) { return ElementwiseTile{E, Rows, Cols, VR, VC}; }

/// Three tiles of one shape and valid region.
ElementwiseConfig config(Target T, bool IsMax, Elem E, int Rows, int Cols, int VR, int VC) {
  return ElementwiseConfig{T, IsMax, tile(E, Rows, Cols, VR, VC), tile(E, Rows, Cols, VR, VC), tile(E, Rows, Cols, VR, VC)};
}

template <class T>
std::vector<T> run(const ElementwiseConfig &Cfg, const std::vector<T> &A, const std::vector<T> &B, T Sentinel) {
  std::vector<T> Dst(size_t(Cfg.dst.rows) * Cfg.dst.cols, Sentinel);
  elementwiseExecute<T>(Cfg, Dst.data(), A.data(), B.data());
  return Dst;
}

TEST(ElementwiseResults, MinimaAndMaximaOnEveryTarget) {
  const std::vector<float> A = {1, 5, 3, -2, 0, 7, 8, 1, /**/ 6, 6, 6, 6, 6, 6, 6, 6};
  const std::vector<float> B = {2, 4, 3, -3, -1, 9, 8, 0, /**/ 0, 1, 2, 3, 4, 5, 6, 7};
  for (Target T : AllTargets) {
    EXPECT_EQ(run<float>(config(T, false, Elem::F32, 2, 8, 2, 8), A, B, 99.0f),
              (std::vector<float>{1, 4, 3, -3, -1, 7, 8, 0, /**/ 0, 1, 2, 3, 4, 5, 6, 6}))
        << targetName(T);
    EXPECT_EQ(run<float>(config(T, true, Elem::F32, 2, 8, 2, 8), A, B, 99.0f),
              (std::vector<float>{2, 5, 3, -2, 0, 9, 8, 1, /**/ 6, 6, 6, 6, 6, 6, 6, 7}))
        << targetName(T);
  }
  const std::vector<int16_t> I = {-32768, 32767, 5, -5, 0, 1, 2, 3};
  const std::vector<int16_t> J = {32767, -32768, -5, 5, 0, 2, 1, 3};
  for (Target T : AllTargets) {
    EXPECT_EQ(run<int16_t>(config(T, false, Elem::I16, 1, 8, 1, 8), I, J, int16_t(9)),
              (std::vector<int16_t>{-32768, -32768, -5, -5, 0, 1, 1, 3}));
    EXPECT_EQ(run<int16_t>(config(T, true, Elem::I16, 1, 8, 1, 8), I, J, int16_t(9)),
              (std::vector<int16_t>{32767, 32767, 5, 5, 0, 2, 2, 3}));
  }
}

// (src0, src1) = (NaN, 1), (1, NaN), (NaN, NaN), (2, 3). cpu: std::min(a, b) = (b < a) ? b : a and
// std::max(a, b) = (a < b) ? b : a return a whenever a comparison involves NaN, so src0's NaN propagates and
// src1's is dropped. NPU vmin/vmax are modelled NaN-propagating (inferred).
TEST(ElementwiseResults, CpuStdMinMaxNaNAsymmetry) {
  const std::vector<float> A = {NaN, 1, NaN, 2, 0, 0, 0, 0};
  const std::vector<float> B = {1, NaN, NaN, 3, 0, 0, 0, 0};
  for (bool IsMax : {false, true}) {
    const auto Cpu = run<float>(config(Target::CPU, IsMax, Elem::F32, 1, 8, 1, 4), A, B, 99.0f);
    EXPECT_TRUE(std::isnan(Cpu[0])) << "max=" << IsMax;
    EXPECT_EQ(Cpu[1], 1.0f) << "max=" << IsMax;
    EXPECT_TRUE(std::isnan(Cpu[2]));
    EXPECT_EQ(Cpu[3], IsMax ? 3.0f : 2.0f);
    EXPECT_EQ(Cpu[4], 99.0f);
    for (Target T : {Target::A2A3, Target::A5}) {
      const auto Npu = run<float>(config(T, IsMax, Elem::F32, 1, 8, 1, 4), A, B, 99.0f);
      EXPECT_TRUE(std::isnan(Npu[0])) << targetName(T);
      EXPECT_TRUE(std::isnan(Npu[1])) << targetName(T);
      EXPECT_TRUE(std::isnan(Npu[2])) << targetName(T);
      EXPECT_EQ(Npu[3], IsMax ? 3.0f : 2.0f) << targetName(T);
    }
  }
}

// Equal values give src0 on every target: min/max(-0.0, +0.0) = -0.0 and min/max(+0.0, -0.0) = +0.0.
TEST(ElementwiseResults, SignedZeroTiesGiveSrc0) {
  const std::vector<float> A = {-0.0f, 0.0f, 0, 0, 0, 0, 0, 0};
  const std::vector<float> B = {0.0f, -0.0f, 0, 0, 0, 0, 0, 0};
  for (Target T : AllTargets)
    for (bool IsMax : {false, true}) {
      const auto R = run<float>(config(T, IsMax, Elem::F32, 1, 8, 1, 2), A, B, 99.0f);
      EXPECT_TRUE(std::signbit(R[0])) << targetName(T) << " max=" << IsMax;
      EXPECT_FALSE(std::signbit(R[1])) << targetName(T) << " max=" << IsMax;
    }
}

// dst 4 x 16 with a 2 x 5 valid region: everything else keeps its previous contents on every target.
TEST(ElementwiseResults, OnlyTheValidRegionIsWritten) {
  std::vector<float> A(64), B(64);
  for (int K = 0; K < 64; ++K) {
    A[K] = float(K);
    B[K] = float(64 - K);
  }
  for (Target T : AllTargets) {
    const auto R = run<float>(config(T, false, Elem::F32, 4, 16, 2, 5), A, B, -7.0f);
    for (int Row = 0; Row < 4; ++Row)
      for (int Col = 0; Col < 16; ++Col) {
        const int K = Row * 16 + Col;
        const float Want = (Row < 2 && Col < 5) ? std::min(float(K), float(64 - K)) : -7.0f;
        EXPECT_EQ(R[K], Want) << targetName(T) << " (" << Row << ", " << Col << ")";
      }
  }
}

// Sources with other row strides than dst (32 and 16 columns, dst 8): each tile is addressed with its own Cols.
TEST(ElementwiseResults, EachTileUsesItsOwnRowStride) {
  std::vector<float> A(2 * 32, -100.0f), B(2 * 16, -100.0f);
  for (int R = 0; R < 2; ++R)
    for (int C = 0; C < 8; ++C) {
      A[size_t(R) * 32 + C] = float(R * 10 + C);
      B[size_t(R) * 16 + C] = float(7 - C + R * 10);
    }
  for (Target T : AllTargets) {
    ElementwiseConfig Cfg{T, true, tile(Elem::F32, 2, 8, 2, 8), tile(Elem::F32, 2, 32, 2, 8), tile(Elem::F32, 2, 16, 2, 8)};
    EXPECT_EQ(run<float>(Cfg, A, B, 99.0f),
              (std::vector<float>{7, 6, 5, 4, 4, 5, 6, 7, /**/ 17, 16, 15, 14, 14, 15, 16, 17}))
        << targetName(T);
  }
}

// The cpu simulator indexes column-major tiles through their layout: (r, c) at r + c * Rows.
TEST(ElementwiseResults, CpuFollowsColumnMajorLayouts) {
  ElementwiseConfig Cfg = config(Target::CPU, false, Elem::F32, 8, 4, 2, 3);
  Cfg.dst.kind.rowMajor = Cfg.src0.kind.rowMajor = Cfg.src1.kind.rowMajor = false;
  std::vector<float> A(32), B(32);
  for (int K = 0; K < 32; ++K) {
    A[K] = float(K % 5);
    B[K] = 2.0f;
  }
  const auto R = run<float>(Cfg, A, B, -1.0f);
  for (int Row = 0; Row < 8; ++Row)
    for (int Col = 0; Col < 4; ++Col) {
      const int K = Row + Col * 8;
      EXPECT_EQ(R[K], (Row < 2 && Col < 3) ? std::min(float(K % 5), 2.0f) : -1.0f) << Row << ", " << Col;
    }
}

// 64-bit and unsigned integers compare in their own type on a5 and cpu.
TEST(ElementwiseResults, WideAndUnsignedIntegers) {
  const std::vector<int64_t> A = {INT64_MIN, INT64_MAX, -1, 1};
  const std::vector<int64_t> B = {0, 0, 1, -1};
  const std::vector<uint8_t> U = {0, 255, 128, 127};
  const std::vector<uint8_t> V = {255, 0, 127, 128};
  for (Target T : {Target::A5, Target::CPU}) {
    EXPECT_EQ(run<int64_t>(config(T, false, Elem::I64, 1, 4, 1, 4), A, B, int64_t(9)),
              (std::vector<int64_t>{INT64_MIN, 0, -1, -1}));
    EXPECT_EQ(run<uint8_t>(config(T, true, Elem::U8, 1, 4, 1, 4), U, V, uint8_t(9)),
              (std::vector<uint8_t>{255, 255, 128, 128}));
  }
}

} // namespace
