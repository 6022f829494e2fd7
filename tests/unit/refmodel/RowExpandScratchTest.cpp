// The scratch the A2A3 TROWEXPANDMIN/TROWEXPANDMAX implementation writes: trace per row count, which path uses
// which scratch, the bytes written, and the tmp-size / hidden-scratch preconditions derived from the trace.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "RowExpandTestUtil.hpp"
#include "pto/ref/RowExpand.hpp"

using namespace pto::ref;
using pto::ref::test::findPrecondition;
using pto::ref::test::reConfig;
using pto::ref::test::reTile;
using pto::ref::test::runRowExpand;

namespace {

/// A legal a2a3 mode-1 call with R valid rows in a dst declared with Rows rows (float, 8 columns).
RowExpandConfig rows(int Rows, int R, bool WithTmp = false) {
  return reConfig(Target::A2A3, Elem::F32, Rows, 8, R, 8, false, WithTmp);
}

std::vector<ByteRange> blocks(size_t N, size_t Bytes = 32) {
  std::vector<ByteRange> Out;
  for (size_t K = 0; K < N; ++K)
    Out.push_back(ByteRange{K * 32, K * 32 + Bytes});
  return Out;
}

TEST(RowExpandScratch, EightRowsPer256Bytes) {
  struct Case {
    int rows, valid;
    std::vector<ByteRange> writes;
    size_t extent;
  };
  const Case Cases[] = {
      {8, 1, {{0, 256}}, 256},
      {16, 16, {{0, 512}}, 512},
      {24, 17, {{0, 768}}, 768},
      {256, 255, {{0, 8192}}, 8192},           // the largest single pass: 32 groups
      {256, 256, {{0, 7680}, {0, 512}}, 7680}, // passes of 240 rows: 30 groups, then 2
      {480, 479, {{0, 7680}, {0, 7680}}, 7680},
      {488, 481, {{0, 7680}, {0, 7680}, {0, 256}}, 7680},
      {248, 256, {{0, 8192}}, 8192}, // dst declared with fewer than 256 rows: one pass whatever the valid rows
  };
  for (const Case &C : Cases)
    for (bool WithTmp : {false, true}) {
      const RowExpandScratchTrace T = rowExpandScratchTrace(rows(C.rows, C.valid, WithTmp));
      EXPECT_EQ(T.where, WithTmp ? RowExpandScratch::Tmp : RowExpandScratch::Hidden);
      EXPECT_EQ(T.writes, C.writes) << C.rows << "/" << C.valid;
      EXPECT_EQ(rowExpandScratchExtent(rows(C.rows, C.valid, WithTmp)), C.extent) << C.rows << "/" << C.valid;
    }
}

TEST(RowExpandScratch, EachRowReadsItsOwnBlock) {
  EXPECT_EQ(rowExpandScratchTrace(rows(16, 16)).reads, blocks(16));
  // Passes restart at block 0: rows 240..255 read blocks 0..15 again.
  std::vector<ByteRange> Want = blocks(240);
  for (const ByteRange &B : blocks(16))
    Want.push_back(B);
  EXPECT_EQ(rowExpandScratchTrace(rows(256, 256)).reads, Want);
  // Only the lanes of the valid columns are read: 4 halves = 8 B of each block.
  RowExpandConfig H = reConfig(Target::A2A3, Elem::F16, 16, 16, 16, 4);
  EXPECT_EQ(rowExpandScratchTrace(H).reads, blocks(16, 8));
}

TEST(RowExpandScratch, OnlyA2A3ModeOneAndTheTmpFormUseScratch) {
  RowExpandConfig Mode2{Target::A2A3,
                        false,
                        false,
                        reTile(Elem::F32, 16, 64, 16, 64),
                        reTile(Elem::F32, 16, 64, 16, 64),
                        reTile(Elem::F32, 16, 8, 16, 8)};
  EXPECT_EQ(rowExpandScratchTrace(Mode2).where, RowExpandScratch::None);
  Mode2.withTmp = true; // the tmp form expands every broadcast source through tmp
  EXPECT_EQ(rowExpandScratchTrace(Mode2).where, RowExpandScratch::Tmp);
  RowExpandConfig Event = rows(16, 16, true);
  Event.tmpIsEvent = true;
  EXPECT_EQ(rowExpandScratchTrace(Event).where, RowExpandScratch::None);
  for (Target T : {Target::A5, Target::CPU})
    for (bool WithTmp : {false, true}) {
      const RowExpandScratchTrace Tr = rowExpandScratchTrace(reConfig(T, Elem::F32, 16, 8, 16, 8, false, WithTmp));
      EXPECT_EQ(Tr.where, RowExpandScratch::None);
      EXPECT_TRUE(Tr.writes.empty() && Tr.reads.empty());
    }
}

TEST(RowExpandScratch, ExecutionWritesTheTracedBytes) {
  // 3 valid rows: one vbrcb repeat fills 8 blocks from the column's first 8 scalars; the rest stays 0xEE.
  const std::vector<float> Col = {4, 13, 30, 99, 98, 97, 96, 95};
  std::vector<float> Full(64, 100.0f);
  const auto Out = runRowExpand<float>(reConfig(Target::A2A3, Elem::F32, 8, 8, 3, 5), Full, Col, -7.0f);
  for (size_t Blk = 0; Blk < 8; ++Blk)
    for (size_t K = 0; K < 8; ++K) {
      float V;
      std::memcpy(&V, Out.scratch.data() + Blk * 32 + K * 4, 4);
      EXPECT_EQ(V, Col[Blk]) << "block " << Blk << " lane " << K;
    }
  size_t Untouched = 0;
  for (size_t B = 256; B < Out.scratch.size(); ++B)
    Untouched += Out.scratch[B] == 0xEE;
  EXPECT_EQ(Untouched, Out.scratch.size() - 256);
  // a5 and cpu leave the scratch alone.
  for (Target T : {Target::A5, Target::CPU}) {
    const auto O = runRowExpand<float>(reConfig(T, Elem::F32, 8, 8, 3, 5), Full, Col, -7.0f);
    EXPECT_EQ(O.scratch, std::vector<uint8_t>(kRowExpandScratchBytes, 0xEE)) << targetName(T);
  }
}

TEST(RowExpandScratch, LaterPassesReuseTheFrontOfTheScratch) {
  // 256 rows: pass 1 writes rows 0..239 to blocks 0..239, pass 2 rows 240..255 to blocks 0..15.
  std::vector<float> Full(256 * 8, 1000.0f), Col(256);
  for (int R = 0; R < 256; ++R)
    Col[size_t(R)] = float(R);
  const auto Out = runRowExpand<float>(rows(256, 256), Full, Col, -7.0f);
  auto BlockValue = [&](size_t Blk) {
    float V;
    std::memcpy(&V, Out.scratch.data() + Blk * 32, 4);
    return V;
  };
  EXPECT_EQ(BlockValue(0), 240.0f);
  EXPECT_EQ(BlockValue(15), 255.0f);
  EXPECT_EQ(BlockValue(16), 16.0f);
  EXPECT_EQ(BlockValue(239), 239.0f);
  EXPECT_EQ(Out.scratch[7680], 0xEE);
  EXPECT_EQ(Out.scratch[8191], 0xEE);
}

TEST(RowExpandScratch, TmpSizeFollowsTheExtent) {
  RowExpandConfig C = rows(24, 17, true);
  C.tmp = reTile(Elem::F32, 1, 192, 1, 192); // 768 B: exactly enough
  EXPECT_EQ(findPrecondition(rowExpandPreconditions(C), "pto-rowexpand-tmp-size"), nullptr);
  C.tmp = reTile(Elem::F32, 1, 128, 1, 128); // 512 B
  const auto Ps = rowExpandPreconditions(C);
  const Precondition *P = findPrecondition(Ps, "pto-rowexpand-tmp-size");
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(P->message, "tmp holds 512 B but TROWEXPANDMIN on a2a3 writes 768 B of it for 17 rows");
  EXPECT_EQ(P->kind, CheckKind::Derived);
  C.target = Target::A5;
  EXPECT_EQ(findPrecondition(rowExpandPreconditions(C), "pto-rowexpand-tmp-size"), nullptr);
}

TEST(RowExpandScratch, HiddenScratchOverlapUsesTheWrittenBytes) {
  // 16 rows write [188416, 188928). dst is 16 x 8 floats = 512 B.
  RowExpandConfig C = rows(16, 16);
  C.dst.placed = true;
  C.dst.addr = 188928; // just after the written bytes
  EXPECT_EQ(findPrecondition(rowExpandPreconditions(C), "pto-rowexpand-hidden-scratch"), nullptr);
  C.dst.addr = 187904; // [187904, 188416): just before
  EXPECT_EQ(findPrecondition(rowExpandPreconditions(C), "pto-rowexpand-hidden-scratch"), nullptr);
  C.dst.addr = 188896; // [188896, 189408): its first 32 B are written
  const auto Ps = rowExpandPreconditions(C);
  const Precondition *P = findPrecondition(Ps, "pto-rowexpand-hidden-scratch");
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(
      P->message,
      "dst occupies UB bytes [188896, 189408) but TROWEXPANDMIN on a2a3 writes its row broadcast to [188416, 188928)");
  // The same placement is harmless with a tmp tile, for mode 2, and on a5 and cpu.
  C.withTmp = true;
  EXPECT_EQ(findPrecondition(rowExpandPreconditions(C), "pto-rowexpand-hidden-scratch"), nullptr);
  C.withTmp = false;
  C.src1 = reTile(Elem::F32, 16, 8, 16, 8);
  EXPECT_EQ(findPrecondition(rowExpandPreconditions(C), "pto-rowexpand-hidden-scratch"), nullptr);
  C = rows(16, 16);
  C.src1.placed = true;
  C.src1.addr = 188800;
  EXPECT_NE(findPrecondition(rowExpandPreconditions(C), "pto-rowexpand-hidden-scratch"), nullptr);
  C.target = Target::CPU;
  EXPECT_EQ(findPrecondition(rowExpandPreconditions(C), "pto-rowexpand-hidden-scratch"), nullptr);
}

} // namespace
