// The simulated A2A3 tmp trace of TCOLARGMIN/TCOLARGMAX against the closed-form footprint and worked examples.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "ColArgTestUtil.hpp"
#include "pto/ref/ColArg.hpp"

using namespace pto::ref;
using pto::ref::test::makeConfig;

namespace {

/// pto-ops-facts.md §2.1.2: bytes = s * ((K - 1) * G + min(C, E)), K = 3 for a 16-bit 3-operand call else 2,
/// G = min(E, roundup(C, B)). Written independently of the simulation on purpose.
size_t closedFormBytes(Elem Src, bool WithVal, size_t C) {
  const size_t S = elemSize(Src), E = 256 / S, B = 32 / S;
  const size_t K = (S == 2 && !WithVal) ? 3 : 2;
  const size_t G = std::min(E, (C + B - 1) / B * B);
  return S * ((K - 1) * G + std::min(C, E));
}

ColArgConfig a2a3Config(Elem Src, bool WithVal, int Rows, int ValidCol) {
  const Elem Idx = (elemSize(Src) == 2 && WithVal) ? Elem::I16 : Elem::I32;
  const int Cols = std::max(ValidCol, 16);
  return makeConfig(Target::A2A3, Src, Idx, Rows, Cols, Rows, ValidCol, WithVal);
}

size_t traceExtent(const AccessTrace &T) { return std::max(extentBytes(T.tmpWrites), extentBytes(T.tmpReads)); }

TEST(ColArgTmpTrace, ExtentEqualsClosedFormForEveryWidth) {
  for (Elem Src : {Elem::F16, Elem::U16, Elem::F32, Elem::U32}) {
    for (bool WithVal : {false, true}) {
      for (int C = 1; C <= 1024; ++C) {
        const ColArgConfig Cfg = a2a3Config(Src, WithVal, /*Rows=*/2, C);
        const AccessTrace Trace = colArgTmpTrace(Cfg);
        ASSERT_EQ(traceExtent(Trace), closedFormBytes(Src, WithVal, size_t(C)))
            << elemName(Src) << (WithVal ? " value+index" : " index-only") << " C=" << C;
        ASSERT_EQ(colArgTmpExtent(Cfg), traceExtent(Trace));
      }
    }
  }
}

TEST(ColArgTmpTrace, WorkedExamplesOfTheFactSheet) {
  struct Example {
    Elem src;
    bool withVal;
    int cols;
    size_t bytes;
  };
  const Example Examples[] = {
      {Elem::F32, false, 255, 512}, {Elem::F16, false, 255, 768}, {Elem::F16, false, 127, 766},
      {Elem::F16, false, 32, 192},  {Elem::F32, false, 31, 252},  {Elem::F16, false, 16, 96},
      {Elem::F32, false, 8, 64},
  };
  for (const Example &Ex : Examples) {
    const AccessTrace Trace = colArgTmpTrace(a2a3Config(Ex.src, Ex.withVal, 16, Ex.cols));
    EXPECT_EQ(traceExtent(Trace), Ex.bytes) << elemName(Ex.src) << " C=" << Ex.cols;
  }
}

TEST(ColArgTmpTrace, ExtentDoesNotDependOnRows) {
  for (int Rows : {1, 2, 7, 300})
    EXPECT_EQ(traceExtent(colArgTmpTrace(a2a3Config(Elem::F16, false, Rows, 200))), 768u) << Rows;
}

TEST(ColArgTmpTrace, RegionsSitAtZeroGAndTwoG) {
  // f16, 3-operand, C = 32: G = 32 halves = 64 B; counter, running value and index are 64 B each.
  const AccessTrace T = colArgTmpTrace(a2a3Config(Elem::F16, false, 3, 32));
  std::vector<std::pair<size_t, size_t>> Writes;
  for (const ByteRange &R : T.tmpWrites)
    Writes.emplace_back(R.begin, R.end);
  std::sort(Writes.begin(), Writes.end());
  Writes.erase(std::unique(Writes.begin(), Writes.end()), Writes.end());
  EXPECT_EQ(Writes, (std::vector<std::pair<size_t, size_t>>{{0, 64}, {64, 128}, {128, 192}}));

  // f32, value+index, C = 200: three full blocks of 64 (G = 64 -> 256 B) and a remainder of 8 in counter mode.
  const AccessTrace V = colArgTmpTrace(a2a3Config(Elem::F32, true, 3, 200));
  Writes.clear();
  for (const ByteRange &R : V.tmpWrites)
    Writes.emplace_back(R.begin, R.end);
  std::sort(Writes.begin(), Writes.end());
  Writes.erase(std::unique(Writes.begin(), Writes.end()), Writes.end());
  EXPECT_EQ(Writes, (std::vector<std::pair<size_t, size_t>>{{0, 32}, {0, 256}, {256, 288}, {256, 512}}));
}

TEST(ColArgTmpTrace, EveryReadIsOfBytesWrittenBefore) {
  for (Elem Src : {Elem::F16, Elem::F32}) {
    for (bool WithVal : {false, true}) {
      const AccessTrace T = colArgTmpTrace(a2a3Config(Src, WithVal, 4, 300));
      ASSERT_FALSE(T.tmpReads.empty());
      for (const ByteRange &R : T.tmpReads) {
        const bool Covered = std::any_of(T.tmpWrites.begin(), T.tmpWrites.end(),
                                         [&](const ByteRange &W) { return W.begin <= R.begin && R.end <= W.end; });
        EXPECT_TRUE(Covered) << "[" << R.begin << ", " << R.end << ")";
      }
    }
  }
}

TEST(ColArgTmpTrace, EmptyWhenTheTargetIgnoresTmp) {
  for (Target T : {Target::A5, Target::CPU}) {
    ColArgConfig Cfg = a2a3Config(Elem::F16, false, 16, 255);
    Cfg.target = T;
    const AccessTrace Trace = colArgTmpTrace(Cfg);
    EXPECT_TRUE(Trace.tmpWrites.empty()) << targetName(T);
    EXPECT_TRUE(Trace.tmpReads.empty()) << targetName(T);
    EXPECT_EQ(colArgTmpExtent(Cfg), 0u);
  }
}

TEST(ColArgTmpTrace, EmptyWithoutValidColumns) {
  EXPECT_TRUE(colArgTmpTrace(a2a3Config(Elem::F32, false, 4, 0)).tmpWrites.empty());
}

TEST(ColArgTmpTrace, ExtentBytesIsTheLargestEnd) {
  EXPECT_EQ(extentBytes({}), 0u);
  EXPECT_EQ(extentBytes({{0, 8}, {100, 132}, {16, 40}}), 132u);
}

} // namespace
