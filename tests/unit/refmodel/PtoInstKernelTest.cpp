// Kernels written against the clean-room pto-inst.hpp (Tile, TASSIGN, events, TCOLARGMIN/MAX) run end to end per
// target.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "pto/pto-inst.hpp"

using namespace pto;
using pto::ref::lastViolations;
using pto::ref::ScopedTarget;
using pto::ref::Target;

namespace {

bool violated(const std::string &Id) {
  for (const auto &P : lastViolations())
    if (P.id == Id)
      return true;
  return false;
}

std::string violationText() {
  std::string S;
  for (const auto &P : lastViolations())
    S += ref::formatViolation(P) + "\n";
  return S;
}

/// Column argmin over the valid region of a row-major matrix, first row on ties.
template <class T> std::vector<int32_t> expectedArgMin(const std::vector<T> &M, int Cols, int ValidRow, int ValidCol) {
  std::vector<int32_t> Out(ValidCol, 0);
  for (int C = 0; C < ValidCol; ++C)
    for (int R = 1; R < ValidRow; ++R)
      if (M[size_t(R) * Cols + C] < M[size_t(Out[C]) * Cols + C])
        Out[C] = R;
  return Out;
}

// The kernel under test: the shape of the upstream tcolargmin ST kernel (src, u32/i32 dst, small tmp tile),
// with element copies standing in for TLOAD/TSTORE.
template <class T, int Rows, int Cols, int ValidRow, int ValidCol, int TmpCols> struct ColArgMinKernel {
  using SrcTile = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, ValidRow, ValidCol>;
  using IdxTile = Tile<TileType::Vec, int32_t, 1, Cols, BLayout::RowMajor, 1, ValidCol>;
  using TmpTile = Tile<TileType::Vec, T, 1, TmpCols>;
  using GuardTile = Tile<TileType::Vec, float, 1, 128>;

  static constexpr size_t SrcAddr = 0;
  static constexpr size_t IdxAddr = SrcAddr + sizeof(T) * Rows * Cols;
  static constexpr size_t TmpAddr = IdxAddr + sizeof(int32_t) * Cols;
  static constexpr size_t GuardAddr = TmpAddr + sizeof(T) * TmpCols; // the tile placed right after tmp

  std::vector<int32_t> Out;
  std::vector<float> Guard;

  void run(const std::vector<T> &In) {
    SrcTile Src;
    IdxTile Idx;
    TmpTile Tmp;
    GuardTile Neighbour;
    TASSIGN(Src, SrcAddr);
    TASSIGN(Idx, IdxAddr);
    TASSIGN(Tmp, TmpAddr);
    TASSIGN(Neighbour, GuardAddr);
    for (int R = 0; R < Rows; ++R)
      for (int C = 0; C < Cols; ++C)
        Src.SetElement(R, C, In[size_t(R) * Cols + C]);
    for (int C = 0; C < Cols; ++C)
      Idx.SetElement(0, C, -1);
    for (int C = 0; C < 128; ++C)
      Neighbour.SetElement(0, C, 7.0f);

    TCOLARGMIN(Idx, Src, Tmp);

    Out.clear();
    Guard.clear();
    for (int C = 0; C < Cols; ++C)
      Out.push_back(Idx.GetElement(0, C));
    for (int C = 0; C < 128; ++C)
      Guard.push_back(Neighbour.GetElement(0, C));
  }
};

std::vector<float> testMatrix(int Rows, int Cols) {
  std::vector<float> M(size_t(Rows) * Cols);
  for (size_t K = 0; K < M.size(); ++K)
    M[K] = float((K * 7919) % 101) - 50.0f;
  return M;
}

TEST(PtoInstKernel, RunsOnTheCpuTargetByDefault) {
  EXPECT_EQ(ref::activeTarget(), Target::CPU);
  {
    ScopedTarget A2(Target::A2A3);
    EXPECT_EQ(ref::activeTarget(), Target::A2A3);
  }
  EXPECT_EQ(ref::activeTarget(), Target::CPU);
}

TEST(PtoInstKernel, ColArgMinEndToEndOnCpu) {
  const auto In = testMatrix(16, 256);
  ColArgMinKernel<float, 16, 256, 16, 255, 32> K;
  K.run(In);
  EXPECT_TRUE(lastViolations().empty()) << violationText();
  const auto Expected = expectedArgMin(In, 256, 16, 255);
  EXPECT_EQ(std::vector<int32_t>(K.Out.begin(), K.Out.begin() + 255), Expected);
  EXPECT_EQ(K.Out[255], -1) << "column outside the valid region must stay untouched";
  EXPECT_EQ(K.Guard, std::vector<float>(128, 7.0f));
}

TEST(PtoInstKernel, UndersizedTmpOverwritesTheNeighbourOnA2A3) {
  ScopedTarget Target(Target::A2A3);
  const auto In = testMatrix(16, 256);
  ColArgMinKernel<float, 16, 256, 16, 255, 32> Small; // 128 B of tmp, 512 B needed
  Small.run(In);
  EXPECT_TRUE(violated("pto-colargmin-tmp-size")) << violationText();
  EXPECT_EQ(lastViolations().size(), 1u) << violationText();
  const auto Expected = expectedArgMin(In, 256, 16, 255);
  EXPECT_EQ(std::vector<int32_t>(Small.Out.begin(), Small.Out.begin() + 255), Expected)
      << "the result is still right, which is why upstream's tests pass";
  EXPECT_NE(Small.Guard[0], 7.0f) << "bytes [128, 512) of tmp land in the next tile";
  EXPECT_EQ(Small.Guard[96], 7.0f) << "nothing beyond the 512-B footprint is touched";

  ColArgMinKernel<float, 16, 256, 16, 255, 128> Enough;
  Enough.run(In);
  EXPECT_TRUE(lastViolations().empty()) << violationText();
  EXPECT_EQ(Enough.Guard, std::vector<float>(128, 7.0f));
  EXPECT_EQ(Enough.Out, Small.Out);
}

TEST(PtoInstKernel, HalfKernelAgreesAcrossTargets) {
  std::vector<half> In(32 * 128);
  for (size_t K = 0; K < In.size(); ++K)
    In[K] = static_cast<half>(float((K * 31) % 23) * 0.25f);
  std::vector<std::vector<int32_t>> Results;
  for (Target T : {Target::A2A3, Target::A5, Target::CPU}) {
    ScopedTarget Guard(T);
    ColArgMinKernel<half, 32, 128, 30, 127, 384> K; // 768 B of tmp: the 16-bit 3-operand footprint
    K.run(In);
    EXPECT_TRUE(lastViolations().empty()) << ref::targetName(T) << "\n" << violationText();
    Results.push_back(K.Out);
  }
  EXPECT_EQ(Results[0], Results[2]);
  EXPECT_EQ(Results[1], Results[2]);
  EXPECT_EQ(Results[2][127], -1);
}

using Src8x8 = Tile<TileType::Vec, float, 8, 8>;
using Idx1x8 = Tile<TileType::Vec, int32_t, 1, 8>;
using Val1x8 = Tile<TileType::Vec, float, 1, 8>;
using Tmp1x64 = Tile<TileType::Vec, float, 1, 64>;

struct Operands {
  Src8x8 Src;
  Idx1x8 Idx;
  Val1x8 Val;
  Tmp1x64 Tmp;
  Operands() {
    TASSIGN(Src, 0x0);
    TASSIGN<0x100>(Idx);
    TASSIGN<0x120>(Val);
    TASSIGN(Tmp, 0x140);
    for (int R = 0; R < 8; ++R)
      for (int C = 0; C < 8; ++C)
        Src.SetElement(R, C, float((R * 3 + C * 5) % 8));
    for (int C = 0; C < 8; ++C) {
      Idx.SetElement(0, C, -1);
      Val.SetElement(0, C, -1.0f);
    }
  }
};

TEST(PtoInstKernel, OverloadsFollowTheUpstreamRules) {
  Operands Ops;
  Event<Op::TLOAD, Op::TCOLARGMIN> Ev;

  // (dst, src, tmp, event): the 4-operand form does not apply, the event is waited on.
  TCOLARGMIN(Ops.Idx, Ops.Src, Ops.Tmp, Ev);
  EXPECT_EQ(Ev.Waits, 1u);
  EXPECT_EQ(Ops.Val.GetElement(0, 0), -1.0f);
  EXPECT_EQ(Ops.Idx.GetElement(0, 0), 0);
  EXPECT_EQ(Ops.Idx.GetElement(0, 1), 1); // column 1 holds (3r + 5) % 8: 0 at row 1
  EXPECT_TRUE(lastViolations().empty()) << violationText();

  // (dstVal, dstIdx, src, tmp [, event]): value+index.
  Event<Op::TCOLARGMAX, Op::TSTORE_VEC> Done;
  Done = TCOLARGMAX(Ops.Val, Ops.Idx, Ops.Src, Ops.Tmp, Ev);
  EXPECT_EQ(Ev.Waits, 2u);
  EXPECT_EQ(Done.Records, 1u);
  EXPECT_TRUE(lastViolations().empty()) << violationText();
  for (int C = 0; C < 8; ++C) {
    const int Row = Ops.Idx.GetElement(0, C);
    EXPECT_EQ(Ops.Val.GetElement(0, C), 7.0f);
    EXPECT_EQ(Ops.Src.GetElement(Row, C), 7.0f);
  }
}

TEST(PtoInstKernel, ViolationsAreReportedNotFatal) {
  Operands Ops;
  using BadIdx = Tile<TileType::Vec, int16_t, 2, 16, BLayout::RowMajor, 2, 16>;
  BadIdx Idx;
  TASSIGN(Idx, 0x400);
  ScopedTarget A2(Target::A2A3);
  TCOLARGMIN(Idx, Ops.Src, Ops.Tmp);
  EXPECT_TRUE(violated("pto-colargmin-idx-dtype")) << violationText();
  EXPECT_TRUE(violated("pto-colargmin-dst-validrow"));
  EXPECT_TRUE(violated("pto-colargmin-dst-validcol"));

  // The next call starts a fresh list.
  TCOLARGMIN(Ops.Idx, Ops.Src, Ops.Tmp);
  EXPECT_TRUE(lastViolations().empty()) << violationText();
}

TEST(PtoInstKernel, TileTypesFeedTheTypeAndLayoutRules) {
  Operands Ops;
  Tile<TileType::Vec, half, 1, 16> HalfVal; // dstVal of the wrong element type
  Tile<TileType::Vec, uint32_t, 1, 8> U32Tmp;
  Tile<TileType::Mat, int32_t, 1, 8> MatIdx;
  TASSIGN(HalfVal, 0x400);
  TASSIGN(U32Tmp, 0x440);
  TASSIGN(MatIdx, 0x460);
  ScopedTarget A2(Target::A2A3);
  TCOLARGMIN(HalfVal, Ops.Idx, Ops.Src, Ops.Tmp);
  EXPECT_TRUE(violated("pto-colargmin-val-dtype")) << violationText();
  TCOLARGMIN(Ops.Idx, Ops.Src, U32Tmp);
  EXPECT_TRUE(violated("pto-colargmin-tmp-dtype")) << violationText();
  TCOLARGMIN(MatIdx, Ops.Src, Ops.Tmp);
  EXPECT_TRUE(violated("pto-colargmin-tile-loc")) << violationText();
}

TEST(PtoInstKernel, UnassignedTileIsReportedAndSkipped) {
  Src8x8 Src;
  Idx1x8 Idx;
  Tmp1x64 Tmp;
  TASSIGN(Idx, 0);
  TCOLARGMIN(Idx, Src, Tmp);
  EXPECT_TRUE(violated("pto-tile-unassigned")) << violationText();
}

TEST(PtoInstKernel, ColumnMajorSourcePerTarget) {
  using DnSrc = Tile<TileType::Vec, float, 8, 8, BLayout::ColMajor>;
  DnSrc Src;
  Idx1x8 Idx;
  Tmp1x64 Tmp;
  TASSIGN(Src, 0);
  TASSIGN(Idx, 0x100);
  TASSIGN(Tmp, 0x140);
  EXPECT_EQ(DnSrc::offsetOf(1, 0), 1u);
  EXPECT_EQ(DnSrc::offsetOf(0, 1), 8u);
  for (int R = 0; R < 8; ++R)
    for (int C = 0; C < 8; ++C)
      Src.SetElement(R, C, R == (C + 3) % 8 ? -1.0f : float(R + C)); // the minimum of column c is at row c+3
  TCOLARGMIN(Idx, Src, Tmp);
  EXPECT_TRUE(lastViolations().empty()) << violationText();
  for (int C = 0; C < 8; ++C)
    EXPECT_EQ(Idx.GetElement(0, C), (C + 3) % 8);

  ScopedTarget A2(Target::A2A3);
  TCOLARGMIN(Idx, Src, Tmp);
  ASSERT_TRUE(violated("pto-colargmin-src-layout")) << violationText();
  EXPECT_EQ(lastViolations()[0].severity, ref::Severity::Warning);
  bool AnyWrong = false;
  for (int C = 0; C < 8; ++C)
    AnyWrong |= Idx.GetElement(0, C) != (C + 3) % 8;
  EXPECT_TRUE(AnyWrong) << "a2a3 reads a DN source as if it were row-major";
}

TEST(PtoInstKernel, TassignChecksTheSimulatedUb) {
  Tile<TileType::Vec, float, 16, 64> T; // 4096 B
  EXPECT_NO_THROW(TASSIGN(T, ref::kSimUbBytes - 4096));
  EXPECT_EQ(reinterpret_cast<uint8_t *>(T.data()), ref::simUb() + ref::kSimUbBytes - 4096);
  EXPECT_THROW(TASSIGN(T, ref::kSimUbBytes - 4095), std::out_of_range);
  EXPECT_THROW(TASSIGN(T, -32), std::out_of_range);
  EXPECT_THROW(TASSIGN<ref::kSimUbBytes>(T), std::out_of_range);
  TASSIGN<0x2000>(T);
  EXPECT_EQ(reinterpret_cast<uint8_t *>(T.data()), ref::simUb() + 0x2000);
  Tile<TileType::Vec, float, 16, 64> Unassigned;
  EXPECT_THROW(Unassigned.GetElement(0, 0), std::logic_error);
  EXPECT_THROW(T.GetElement(16, 0), std::out_of_range);
}

TEST(PtoInstKernel, TileDeclarationAndDynamicValidShape) {
  using Nd = Tile<TileType::Vec, half, 4, 16, BLayout::RowMajor, 3, 10>;
  static_assert(Nd::Numel == 64 && Nd::isRowMajor && Nd::RowStride == 16 && Nd::ColStride == 1, "");
  static_assert(Nd::GetValidRow() == 3 && Nd::GetValidCol() == 10, "static valid dims are constexpr");
  static_assert(std::is_same<Nd::DType, half>::value && Nd::Loc == TileType::Vec, "");

  using Both = Tile<TileType::Vec, float, 8, 8, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
  using RowDyn = Tile<TileType::Vec, float, 8, 8, BLayout::RowMajor, DYNAMIC, 8>;
  using ColDyn = Tile<TileType::Vec, float, 8, 8, BLayout::RowMajor, 8, DYNAMIC>;
  using Static = Tile<TileType::Vec, float, 8, 8>;
  static_assert(std::is_constructible<Both, unsigned, unsigned>::value, "");
  static_assert(!std::is_constructible<Both, unsigned>::value, "");
  static_assert(std::is_constructible<RowDyn, unsigned>::value, "");
  static_assert(!std::is_constructible<RowDyn, unsigned, unsigned>::value, "");
  static_assert(std::is_constructible<ColDyn, unsigned>::value, "");
  static_assert(!std::is_constructible<Static, unsigned>::value, "");
  static_assert(!std::is_constructible<Static, unsigned, unsigned>::value, "");

  Both B(3, 5);
  EXPECT_EQ(B.GetValidRow(), 3u);
  EXPECT_EQ(B.GetValidCol(), 5u);
  B.SetValidShape(2, 4);
  EXPECT_EQ(B.GetValidRow(), 2u);
  RowDyn R(6);
  EXPECT_EQ(R.GetValidRow(), 6u);
  EXPECT_EQ(R.GetValidCol(), 8u);
  ColDyn C(7);
  C.SetValidCol(1);
  EXPECT_EQ(C.GetValidCol(), 1u);
}

TEST(PtoInstKernel, DynamicValidShapeFeedsThePreconditions) {
  using DynSrc = Tile<TileType::Vec, float, 8, 8, BLayout::RowMajor, DYNAMIC, DYNAMIC>;
  using DynIdx = Tile<TileType::Vec, int32_t, 1, 8, BLayout::RowMajor, 1, DYNAMIC>;
  DynSrc Src(9, 8); // more valid rows than declared: the constructor does not check
  DynIdx Idx(8);
  Tmp1x64 Tmp;
  TASSIGN(Src, 0);
  TASSIGN(Idx, 0x100);
  TASSIGN(Tmp, 0x140);
  TCOLARGMIN(Idx, Src, Tmp);
  EXPECT_TRUE(violated("pto-tile-valid-bounds")) << violationText();
  DynSrc Forgotten; // valid shape never set
  TASSIGN(Forgotten, 0);
  TCOLARGMIN(Idx, Forgotten, Tmp);
  EXPECT_TRUE(violated("pto-colargmin-valid-nonzero")) << violationText();
}

} // namespace
