// tests/refmodel: A5 register vmin/vmax model: lane semantics, zeroing vs merging, predicates, NaN.
#include "pto/ops/VectorRegs.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace pto;

TEST(VectorRegs, MinOnActiveLanesZeroesTheRest) {
  RegTensor<float> A, B, C;
  for (size_t I = 0; I < 64; ++I) {
    A.lane[I] = float(I);
    B.lane[I] = 5.0f;
    C.lane[I] = -1.0f;
  }
  uint32_t N = 10;
  MaskReg M = plt_b32(N, POST_UPDATE);
  EXPECT_EQ(N, 0u);
  vmin(C, A, B, M, MODE_ZEROING);
  EXPECT_EQ(C.lane[0], 0.0f);
  EXPECT_EQ(C.lane[7], 5.0f);
  EXPECT_EQ(C.lane[9], 5.0f);
  EXPECT_EQ(C.lane[10], 0.0f);
  EXPECT_EQ(C.lane[63], 0.0f);
}

TEST(VectorRegs, MergingKeepsInactiveLanes) {
  RegTensor<int16_t> A, B, C;
  for (size_t I = 0; I < 128; ++I) {
    A.lane[I] = int16_t(I);
    B.lane[I] = int16_t(100 - int(I));
    C.lane[I] = 7;
  }
  MaskReg M = pset_b16(PAT_VL16);
  vmax(C, A, B, M, MODE_MERGING);
  EXPECT_EQ(C.lane[0], 100);
  EXPECT_EQ(C.lane[15], 85);
  EXPECT_EQ(C.lane[16], 7);
}

TEST(VectorRegs, NaNFollowsTheDocumentedCSemantics) {
  RegTensor<float> A, B, C;
  A.lane[0] = NAN;
  B.lane[0] = 1.0f;
  A.lane[1] = 1.0f;
  B.lane[1] = NAN;
  MaskReg All = pset_b32(PAT_ALL);
  vmin(C, A, B, All);
  EXPECT_EQ(C.lane[0], 1.0f);          // (a < b) ? a : b with a = NaN gives b
  EXPECT_TRUE(std::isnan(C.lane[1]));  // and with b = NaN gives b
}

TEST(VectorRegs, MismatchedGranularityEnablesOtherLanes) {
  RegTensor<float> A, B, C;
  for (size_t I = 0; I < 64; ++I) {
    A.lane[I] = 1.0f;
    B.lane[I] = 2.0f;
  }
  uint32_t N = 8; // meant: 8 float lanes
  MaskReg M16 = plt_b16(N, NO_UPDATE);
  vmin(C, A, B, M16);
  EXPECT_EQ(C.lane[3], 1.0f);
  EXPECT_EQ(C.lane[4], 0.0f); // only 16 bytes = 4 float lanes are enabled
  MaskReg All8 = pge_b8(PAT_ALL);
  vmin(C, A, B, All8);
  EXPECT_EQ(C.lane[63], 1.0f); // all-true at any granularity enables every lane
}

TEST(VectorRegs, PredicateAndOrUnderAGate) {
  uint32_t Ten = 10, Twenty = 20;
  MaskReg A = plt_b32(Ten, POST_UPDATE), B = plt_b32(Twenty, POST_UPDATE), All = pset_b32(PAT_ALL);
  MaskReg Vl8 = pset_b32(PAT_VL8), D;
  pand(D, A, B, All);
  EXPECT_EQ(D.activeBytes, 40u); // 10 lanes of 4 bytes
  por(D, A, B, All);
  EXPECT_EQ(D.activeBytes, 80u);
  por(D, A, B, Vl8); // the gate keeps 8 lanes
  EXPECT_EQ(D.activeBytes, 32u);
}
