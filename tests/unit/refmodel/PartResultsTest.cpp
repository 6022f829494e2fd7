// Results of the TPARTMIN/TPARTMAX reference model per target: validity patterns (union, a2a3 no-op and padding
// copies, a5 merge, cpu zero fill), NaN and signed zeros, column-major addressing, the a5 64-bit limit, aliasing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "pto/ref/Part.hpp"

using namespace pto::ref;

namespace {

constexpr int32_t X = -1; // dst sentinel: an element the call must not write

PartTile tile(Elem E, int Rows, int Cols, int VR, int VC, bool RowMajor = true) {
  return PartTile{E, Rows, Cols, VR, VC, TileKind{true, RowMajor, false}};
}

PartConfig config(Target T, bool IsMax, PartTile D, PartTile S0, PartTile S1) { return PartConfig{T, IsMax, D, S0, S1}; }

/// Runs Cfg with dst starting as X everywhere; returns dst's storage.
template <class E>
std::vector<E> run(const PartConfig &Cfg, const std::vector<E> &Src0, const std::vector<E> &Src1, E Sentinel) {
  std::vector<E> Dst(size_t(Cfg.dst.rows) * Cfg.dst.cols, Sentinel);
  partExecute<E>(Cfg, Dst.data(), Src0.data(), Src1.data());
  return Dst;
}

std::vector<int32_t> runI32(const PartConfig &Cfg, const std::vector<int32_t> &Src0, const std::vector<int32_t> &Src1) {
  return run<int32_t>(Cfg, Src0, Src1, X);
}

// 4x8 int32 sources used by most cases: src0(r, c) = 100 + 10 r + c.
const std::vector<int32_t> Src0 = {100, 101, 102, 103, 104, 105, 106, 107, //
                                   110, 111, 112, 113, 114, 115, 116, 117, //
                                   120, 121, 122, 123, 124, 125, 126, 127, //
                                   130, 131, 132, 133, 134, 135, 136, 137};
const std::vector<int32_t> Src1 = {105, 99,  200, 50,  61, 62, 63, 64, //
                                   0,   200, 111, 112, 71, 72, 73, 74, //
                                   1,   2,   3,   4,   81, 82, 83, 84, //
                                   9,   9,   9,   9,   9,  9,  9,  9};

// dst 3x6, src0 3x6 (equals dst), src1 2x4 (within it in both dimensions): the documented pattern.
TEST(PartResults, SmallerSourceInBothDimensions) {
  const PartTile D = tile(Elem::I32, 4, 8, 3, 6), S0 = tile(Elem::I32, 4, 8, 3, 6), S1 = tile(Elem::I32, 4, 8, 2, 4);
  const std::vector<int32_t> Union = {100, 99,  102, 50,  104, 105, X, X, //
                                      0,   111, 111, 112, 114, 115, X, X, //
                                      120, 121, 122, 123, 124, 125, X, X, //
                                      X,   X,   X,   X,   X,   X,   X, X};
  EXPECT_EQ(runI32(config(Target::CPU, false, D, S0, S1), Src0, Src1), Union);
  EXPECT_EQ(runI32(config(Target::A5, false, D, S0, S1), Src0, Src1), Union);
  // a2a3 copies src0 first, as whole rows because dst and src0 have the same Cols: src0's padding columns 6
  // and 7 land in dst's padding of rows 0..2 (TPartOp.hpp:18-41).
  const std::vector<int32_t> A2A3 = {100, 99,  102, 50,  104, 105, 106, 107, //
                                     0,   111, 111, 112, 114, 115, 116, 117, //
                                     120, 121, 122, 123, 124, 125, 126, 127, //
                                     X,   X,   X,   X,   X,   X,   X,   X};
  EXPECT_EQ(runI32(config(Target::A2A3, false, D, S0, S1), Src0, Src1), A2A3);

  const std::vector<int32_t> UnionMax = {105, 101, 200, 103, 104, 105, X, X, //
                                         110, 200, 112, 113, 114, 115, X, X, //
                                         120, 121, 122, 123, 124, 125, X, X, //
                                         X,   X,   X,   X,   X,   X,   X, X};
  EXPECT_EQ(runI32(config(Target::CPU, true, D, S0, S1), Src0, Src1), UnionMax);
  EXPECT_EQ(runI32(config(Target::A5, true, D, S0, S1), Src0, Src1), UnionMax);
}

// dst 3x6, src1 3x6 (equals dst), src0 1x6: fewer rows only. The roles of the sources are swapped on purpose.
TEST(PartResults, SmallerSourceInRowsOnly) {
  const PartTile D = tile(Elem::I32, 4, 8, 3, 6), S0 = tile(Elem::I32, 4, 8, 1, 6), S1 = tile(Elem::I32, 4, 8, 3, 6);
  const std::vector<int32_t> Union = {100, 99,  102, 50,  61, 62, X, X, //
                                      0,   200, 111, 112, 71, 72, X, X, //
                                      1,   2,   3,   4,   81, 82, X, X, //
                                      X,   X,   X,   X,   X,  X,  X, X};
  EXPECT_EQ(runI32(config(Target::CPU, false, D, S0, S1), Src0, Src1), Union);
  EXPECT_EQ(runI32(config(Target::A5, false, D, S0, S1), Src0, Src1), Union);
  // a2a3: op on row 0 (6 columns exactly), then rows 1..2 of src1 copied as whole rows, padding included.
  const std::vector<int32_t> A2A3 = {100, 99,  102, 50,  61, 62, X,  X, //
                                     0,   200, 111, 112, 71, 72, 73, 74, //
                                     1,   2,   3,   4,   81, 82, 83, 84, //
                                     X,   X,   X,   X,   X,  X,  X,  X};
  EXPECT_EQ(runI32(config(Target::A2A3, false, D, S0, S1), Src0, Src1), A2A3);
}

// With different Cols the a2a3 copy goes row by row in whole 32-byte blocks: 6 int32 round up to 8.
TEST(PartResults, A2A3RowCopyRoundsToBlocks) {
  const PartTile D = tile(Elem::I32, 4, 16, 3, 6), S0 = tile(Elem::I32, 4, 8, 3, 6), S1 = tile(Elem::I32, 4, 8, 2, 4);
  std::vector<int32_t> Want(64, X);
  const int32_t Rows[3][8] = {{100, 99, 102, 50, 104, 105, 106, 107},
                              {0, 111, 111, 112, 114, 115, 116, 117},
                              {120, 121, 122, 123, 124, 125, 126, 127}};
  for (int R = 0; R < 3; ++R)
    for (int C = 0; C < 8; ++C)
      Want[R * 16 + C] = Rows[R][C];
  EXPECT_EQ(runI32(config(Target::A2A3, false, D, S0, S1), Src0, Src1), Want);
  // cpu writes the valid 3x6 only.
  for (int R = 0; R < 3; ++R)
    Want[R * 16 + 6] = Want[R * 16 + 7] = X;
  EXPECT_EQ(runI32(config(Target::CPU, false, D, S0, S1), Src0, Src1), Want);
}

// Neither source equals dst: src0 2x6, src1 3x4, dst 3x6.
TEST(PartResults, UnsupportedPatternPerTarget) {
  const PartTile D = tile(Elem::I32, 4, 8, 3, 6), S0 = tile(Elem::I32, 4, 8, 2, 6), S1 = tile(Elem::I32, 4, 8, 3, 4);
  // cpu: the generic union; row 2, columns 4..5 are covered by neither source and become 0.
  EXPECT_EQ(runI32(config(Target::CPU, false, D, S0, S1), Src0, Src1),
            (std::vector<int32_t>{100, 99,  102, 50,  104, 105, X, X, //
                                  0,   111, 111, 112, 114, 115, X, X, //
                                  1,   2,   3,   4,   0,   0,   X, X, //
                                  X,   X,   X,   X,   X,   X,   X, X}));
  // a2a3: silent no-op.
  EXPECT_EQ(runI32(config(Target::A2A3, false, D, S0, S1), Src0, Src1), std::vector<int32_t>(32, X));
  // a5: src1 has more rows, so it is the "big" source: outside the 2x4 overlap dst gets src1, including src1's
  // padding columns 4..5.
  EXPECT_EQ(runI32(config(Target::A5, false, D, S0, S1), Src0, Src1),
            (std::vector<int32_t>{100, 99,  102, 50,  61, 62, X, X, //
                                  0,   111, 111, 112, 71, 72, X, X, //
                                  1,   2,   3,   4,   81, 82, X, X, //
                                  X,   X,   X,   X,   X,  X,  X, X}));
}

// dst 1x8 is smaller than both 2x8 sources.
TEST(PartResults, DstSmallerThanBothSources) {
  const PartTile D = tile(Elem::I32, 4, 8, 1, 8), S = tile(Elem::I32, 4, 8, 2, 8);
  const std::vector<int32_t> Row0 = {100, 99, 102, 50, 61, 62, 63, 64};
  const std::vector<int32_t> Row1 = {0, 111, 111, 112, 71, 72, 73, 74};
  std::vector<int32_t> Cpu(32, X), A5(32, X);
  std::copy(Row0.begin(), Row0.end(), Cpu.begin());
  std::copy(Row0.begin(), Row0.end(), A5.begin());
  std::copy(Row1.begin(), Row1.end(), A5.begin() + 8); // a5 merges as many rows as the smaller source has
  EXPECT_EQ(runI32(config(Target::CPU, false, D, S, S), Src0, Src1), Cpu);
  EXPECT_EQ(runI32(config(Target::A5, false, D, S, S), Src0, Src1), A5);
  EXPECT_EQ(runI32(config(Target::A2A3, false, D, S, S), Src0, Src1), std::vector<int32_t>(32, X));
}

TEST(PartResults, EmptySources) {
  const PartTile D = tile(Elem::I32, 4, 8, 3, 6), Full = tile(Elem::I32, 4, 8, 3, 6);
  // src1 0x4 is within dst: every target copies src0 (a2a3 again with src0's padding columns).
  const PartTile Empty = tile(Elem::I32, 4, 8, 0, 4);
  std::vector<int32_t> Copy(32, X);
  for (int R = 0; R < 3; ++R)
    for (int C = 0; C < 6; ++C)
      Copy[R * 8 + C] = Src0[R * 8 + C];
  EXPECT_EQ(runI32(config(Target::CPU, false, D, Full, Empty), Src0, Src1), Copy);
  EXPECT_EQ(runI32(config(Target::A5, false, D, Full, Empty), Src0, Src1), Copy);
  std::vector<int32_t> CopyRows(32, X);
  std::copy(Src0.begin(), Src0.begin() + 24, CopyRows.begin());
  EXPECT_EQ(runI32(config(Target::A2A3, false, D, Full, Empty), Src0, Src1), CopyRows);

  // Both sources empty: cpu fills dst's valid region with 0, a5 copies nothing, a2a3 does nothing.
  const PartTile None = tile(Elem::I32, 4, 8, 0, 0);
  std::vector<int32_t> Zeros(32, X);
  for (int R = 0; R < 3; ++R)
    for (int C = 0; C < 6; ++C)
      Zeros[R * 8 + C] = 0;
  EXPECT_EQ(runI32(config(Target::CPU, false, D, None, None), Src0, Src1), Zeros);
  EXPECT_EQ(runI32(config(Target::A5, false, D, None, None), Src0, Src1), std::vector<int32_t>(32, X));
  EXPECT_EQ(runI32(config(Target::A2A3, false, D, None, None), Src0, Src1), std::vector<int32_t>(32, X));
}

TEST(PartResults, EmptyDstWritesNothing) {
  const PartTile S = tile(Elem::I32, 4, 8, 3, 6);
  for (Target T : {Target::A2A3, Target::A5, Target::CPU}) {
    EXPECT_EQ(runI32(config(T, false, tile(Elem::I32, 4, 8, 0, 6), S, S), Src0, Src1), std::vector<int32_t>(32, X))
        << targetName(T);
    EXPECT_EQ(runI32(config(T, true, tile(Elem::I32, 4, 8, 3, 0), S, S), Src0, Src1), std::vector<int32_t>(32, X))
        << targetName(T);
  }
}

uint32_t bits(float F) {
  uint32_t U;
  std::memcpy(&U, &F, 4);
  return U;
}

TEST(PartResults, NaNAndSignedZeros) {
  const float NaN = std::numeric_limits<float>::quiet_NaN(), Inf = std::numeric_limits<float>::infinity();
  const std::vector<float> A = {NaN, 1, -0.0f, 0.0f, 5, 2, -Inf, NaN};
  const std::vector<float> B = {1, NaN, 0.0f, -0.0f, 5, 7, 0, NaN};
  const PartTile T = tile(Elem::F32, 1, 8, 1, 8);
  auto Run = [&](Target Tg, bool IsMax) { return run<float>(config(Tg, IsMax, T, T, T), A, B, -7.0f); };
  auto Expect = [](const std::vector<float> &Got, const std::vector<float> &Want, const char *What) {
    for (size_t K = 0; K < Want.size(); ++K) {
      if (std::isnan(Want[K]))
        EXPECT_TRUE(std::isnan(Got[K])) << What << " col " << K;
      else
        EXPECT_EQ(bits(Got[K]), bits(Want[K])) << What << " col " << K << ": " << Got[K] << " vs " << Want[K];
    }
  };
  // cpu: std::min(src0, src1) / std::max(src0, src1): src0's NaN propagates, src1's is dropped, equal values
  // (-0.0 == +0.0) give src0.
  Expect(Run(Target::CPU, false), {NaN, 1, -0.0f, 0.0f, 5, 2, -Inf, NaN}, "cpu min");
  Expect(Run(Target::CPU, true), {NaN, 1, -0.0f, 0.0f, 5, 7, 0, NaN}, "cpu max");
  // a2a3 and a5 (inferred vmin/vmax): any NaN propagates, -0.0 < +0.0.
  for (Target Tg : {Target::A2A3, Target::A5}) {
    Expect(Run(Tg, false), {NaN, NaN, -0.0f, -0.0f, 5, 2, -Inf, NaN}, targetName(Tg));
    Expect(Run(Tg, true), {NaN, NaN, 0.0f, 0.0f, 5, 7, 0, NaN}, targetName(Tg));
  }
}

TEST(PartResults, HalfEncodings) {
  // 0x7E00 NaN, 0x3C00 1.0, 0x4000 2.0, 0xC000 -2.0, 0x8000 -0.0, 0x0000 +0.0, 0x7C00 +inf, 0x0001 smallest subnormal.
  std::vector<uint16_t> A(16, 0x3C00), B(16, 0x4000);
  const uint16_t A0[] = {0x7E00, 0x3C00, 0x8000, 0x0000, 0xC000, 0x7C00, 0x0001};
  const uint16_t B0[] = {0x3C00, 0x7E00, 0x0000, 0x8000, 0x4000, 0x3C00, 0x0000};
  std::copy(std::begin(A0), std::end(A0), A.begin());
  std::copy(std::begin(B0), std::end(B0), B.begin());
  const PartTile T = tile(Elem::F16, 1, 16, 1, 7);
  auto Run = [&](Target Tg) { return run<uint16_t>(config(Tg, false, T, T, T), A, B, 0x5555); };
  std::vector<uint16_t> Cpu(16, 0x5555), Npu(16, 0x5555);
  const uint16_t CpuMin[] = {0x7E00, 0x3C00, 0x8000, 0x0000, 0xC000, 0x3C00, 0x0000};
  const uint16_t NpuMin[] = {0x7E00, 0x7E00, 0x8000, 0x8000, 0xC000, 0x3C00, 0x0000};
  std::copy(std::begin(CpuMin), std::end(CpuMin), Cpu.begin());
  std::copy(std::begin(NpuMin), std::end(NpuMin), Npu.begin());
  EXPECT_EQ(Run(Target::CPU), Cpu);
  EXPECT_EQ(Run(Target::A2A3), Npu);
  EXPECT_EQ(Run(Target::A5), Npu);
}

TEST(PartResults, UnsignedAndByteElementsCompareByValue) {
  // u8 on a5 (cpu rejects u16/u32 but takes u8): 200 > 100 as unsigned, not as int8.
  std::vector<uint8_t> A(32, 1), B(32, 2);
  A[0] = 200;
  B[0] = 100;
  A[1] = 0;
  B[1] = 255;
  const PartTile T = tile(Elem::U8, 1, 32, 1, 2);
  for (Target Tg : {Target::A5, Target::CPU}) {
    const auto Min = run<uint8_t>(config(Tg, false, T, T, T), A, B, 77);
    EXPECT_EQ(Min[0], 100) << targetName(Tg);
    EXPECT_EQ(Min[1], 0) << targetName(Tg);
    EXPECT_EQ(Min[2], 77) << targetName(Tg);
    const auto Max = run<uint8_t>(config(Tg, true, T, T, T), A, B, 77);
    EXPECT_EQ(Max[0], 200) << targetName(Tg);
    EXPECT_EQ(Max[1], 255) << targetName(Tg);
  }
  // int8: -56 < 100.
  std::vector<int8_t> C(32, 0), E(32, 0);
  C[0] = -56;
  E[0] = 100;
  const PartTile T8 = tile(Elem::I8, 1, 32, 1, 1);
  EXPECT_EQ(run<int8_t>(config(Target::CPU, false, T8, T8, T8), C, E, 9)[0], -56);
  EXPECT_EQ(run<int8_t>(config(Target::A5, true, T8, T8, T8), C, E, 9)[0], 100);
}

// All three tiles 8x4 column-major (a5 warns, a2a3 rejects, cpu addresses them correctly), valid 2x3.
TEST(PartResults, ColumnMajorAddressing) {
  std::vector<int32_t> A(32), B(32);
  for (int K = 0; K < 32; ++K) {
    A[K] = 100 + K;
    B[K] = 104 - 2 * K;
  }
  const PartTile T = tile(Elem::I32, 8, 4, 2, 3, /*RowMajor=*/false);
  // cpu: element (r, c) at r + 8 c: storage 0, 1, 8, 9, 16, 17.
  std::vector<int32_t> Cpu(32, X);
  Cpu[0] = 100;
  Cpu[1] = 101;
  Cpu[8] = 88;
  Cpu[9] = 86;
  Cpu[16] = 72;
  Cpu[17] = 70;
  EXPECT_EQ(runI32(config(Target::CPU, false, T, T, T), A, B), Cpu);
  // a5: RowStride is 1 for a column-major tile, so (r, c) lands at r + c: storage 0..3.
  std::vector<int32_t> A5(32, X);
  A5[0] = 100;
  A5[1] = 101;
  A5[2] = 100;
  A5[3] = 98;
  EXPECT_EQ(runI32(config(Target::A5, false, T, T, T), A, B), A5);
  // a2a3: does not compile upstream; the model leaves dst untouched.
  EXPECT_EQ(runI32(config(Target::A2A3, false, T, T, T), A, B), std::vector<int32_t>(32, X));
}

TEST(PartResults, A5Int64ComputesTheFirst64ColumnsOnly) {
  std::vector<int64_t> A(256), B(256);
  for (int K = 0; K < 256; ++K) {
    A[K] = int64_t(1) << 40 | K;
    B[K] = K % 2 ? -(int64_t(1) << 50) : int64_t(1) << 50;
  }
  const PartTile T = tile(Elem::I64, 2, 128, 2, 100);
  const auto Got = run<int64_t>(config(Target::A5, false, T, T, T), A, B, -9);
  for (int R = 0; R < 2; ++R)
    for (int C = 0; C < 128; ++C) {
      const int K = R * 128 + C;
      const int64_t Want = C < 64 ? (C % 2 ? B[K] : A[K]) : -9;
      EXPECT_EQ(Got[K], Want) << "row " << R << " col " << C;
    }
  // 64-bit tiles do not compile on a2a3 and cpu: untouched.
  EXPECT_EQ(run<int64_t>(config(Target::CPU, false, T, T, T), A, B, -9), std::vector<int64_t>(256, -9));
  EXPECT_EQ(run<int64_t>(config(Target::A2A3, false, T, T, T), A, B, -9), std::vector<int64_t>(256, -9));
}

TEST(PartResults, StaticViolationsLeaveDstUntouched) {
  // u16 is an a5 type only; a2a3 and cpu reject it at compile time.
  std::vector<uint16_t> A(16, 3), B(16, 4);
  const PartTile T = tile(Elem::U16, 1, 16, 1, 16);
  EXPECT_EQ(run<uint16_t>(config(Target::A2A3, false, T, T, T), A, B, 9), std::vector<uint16_t>(16, 9));
  EXPECT_EQ(run<uint16_t>(config(Target::CPU, false, T, T, T), A, B, 9), std::vector<uint16_t>(16, 9));
  EXPECT_EQ(run<uint16_t>(config(Target::A5, false, T, T, T), A, B, 9), std::vector<uint16_t>(16, 3));
  // Mixed element types never compile.
  const PartTile I16 = tile(Elem::I16, 1, 16, 1, 16);
  for (Target Tg : {Target::A2A3, Target::A5, Target::CPU})
    EXPECT_FALSE(partRuns(config(Tg, false, I16, T, I16))) << targetName(Tg);
}

// dst shares its storage with src1, the smaller source (an in-place call). a2a3 first copies src0 over dst, which
// destroys src1 before the op reads it; cpu and a5 read each element before writing it.
TEST(PartResults, InPlaceOnTheSmallerSource) {
  const PartTile D = tile(Elem::I32, 4, 8, 3, 6), S0 = tile(Elem::I32, 4, 8, 3, 6), S1 = tile(Elem::I32, 4, 8, 2, 4);
  auto RunInPlace = [&](Target T) {
    std::vector<int32_t> Shared = Src1;
    partExecute<int32_t>(config(T, false, D, S0, S1), Shared.data(), Src0.data(), Shared.data());
    return Shared;
  };
  const std::vector<int32_t> Union = {100, 99,  102, 50,  104, 105, 63, 64, //
                                      0,   111, 111, 112, 114, 115, 73, 74, //
                                      120, 121, 122, 123, 124, 125, 83, 84, //
                                      9,   9,   9,   9,   9,   9,   9,  9};
  EXPECT_EQ(RunInPlace(Target::CPU), Union);
  EXPECT_EQ(RunInPlace(Target::A5), Union);
  std::vector<int32_t> A2A3 = Src0;
  std::fill(A2A3.begin() + 24, A2A3.end(), 9);
  EXPECT_EQ(RunInPlace(Target::A2A3), A2A3);
}

} // namespace
