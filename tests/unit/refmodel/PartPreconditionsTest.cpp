// Preconditions of the TPARTMIN/TPARTMAX reference model per target: element types, layouts, tile locations,
// validity patterns, the a5 64-bit column limit and the tile rules, with the ids of the pto-lint rules.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "pto/ref/Part.hpp"

using namespace pto::ref;

namespace {

PartTile tile(Elem E, int Rows, int Cols, int VR, int VC, bool RowMajor = true, bool Vec = true) {
  return PartTile{E, Rows, Cols, VR, VC, TileKind{Vec, RowMajor, false}};
}

/// A call with three equal float 16x64 tiles, valid as given.
PartConfig call(Target T, int DR, int DC, int R0, int C0, int R1, int C1, Elem E = Elem::F32) {
  return PartConfig{T, false, tile(E, 16, 64, DR, DC), tile(E, 16, 64, R0, C0), tile(E, 16, 64, R1, C1)};
}

std::set<std::string> ids(const PartConfig &Cfg) {
  std::set<std::string> Out;
  for (const Precondition &P : partPreconditions(Cfg))
    Out.insert(P.id);
  return Out;
}

const Precondition *find(const std::vector<Precondition> &Ps, const std::string &Id) {
  for (const Precondition &P : Ps)
    if (P.id == Id)
      return &P;
  return nullptr;
}

using Ids = std::set<std::string>;

TEST(PartPreconditions, LegalCallsReportNothing) {
  for (Target T : {Target::A2A3, Target::A5, Target::CPU}) {
    EXPECT_EQ(ids(call(T, 16, 64, 16, 64, 16, 64)), Ids{}) << targetName(T);
    EXPECT_EQ(ids(call(T, 16, 64, 16, 64, 3, 5)), Ids{}) << targetName(T);
    EXPECT_EQ(ids(call(T, 16, 64, 0, 0, 16, 64)), Ids{}) << targetName(T);
    EXPECT_EQ(ids(call(T, 10, 40, 10, 40, 10, 0)), Ids{}) << targetName(T);
  }
}

TEST(PartPreconditions, ElementTypePerTarget) {
  struct Case {
    Elem e;
    bool a2a3, a5, cpu; // accepted?
  } Cases[] = {{Elem::F32, true, true, true},   {Elem::F16, true, true, true},   {Elem::I32, true, true, true},
               {Elem::I16, true, true, true},   {Elem::U16, false, true, false}, {Elem::U32, false, true, false},
               {Elem::I8, false, true, true},   {Elem::U8, false, true, true},   {Elem::BF16, false, true, true},
               {Elem::I64, false, true, false}, {Elem::U64, false, true, false}, {Elem::F64, false, false, false}};
  for (const Case &C : Cases) {
    const int Cols = 64; // 64 elements are a multiple of 32 B for every width
    auto Has = [&](Target T) {
      return ids(PartConfig{T, true, tile(C.e, 2, Cols, 2, Cols), tile(C.e, 2, Cols, 2, Cols),
                            tile(C.e, 2, Cols, 2, Cols)})
          .count("pto-part-dtype");
    };
    EXPECT_EQ(Has(Target::A2A3), !C.a2a3) << elemName(C.e);
    EXPECT_EQ(Has(Target::A5), !C.a5) << elemName(C.e);
    EXPECT_EQ(Has(Target::CPU), !C.cpu) << elemName(C.e);
  }
  const auto P = partPreconditions(call(Target::A2A3, 16, 64, 16, 64, 16, 64, Elem::U16));
  ASSERT_NE(find(P, "pto-part-dtype"), nullptr);
  EXPECT_EQ(find(P, "pto-part-dtype")->message, "dst element type is u16 but TPARTMIN on a2a3 requires i16, i32, f16 or f32");
  EXPECT_EQ(find(P, "pto-part-dtype")->kind, CheckKind::Static);
}

TEST(PartPreconditions, CpuChecksSrc0sTypeAndEveryTargetTheMatch) {
  // dst u16, sources i16: cpu's type check looks at src0 (i16, accepted); a2a3 and a5 look at dst.
  PartConfig C{Target::CPU, false, tile(Elem::U16, 2, 16, 2, 16), tile(Elem::I16, 2, 16, 2, 16),
               tile(Elem::I16, 2, 16, 2, 16)};
  EXPECT_EQ(ids(C), (Ids{"pto-part-dtype-match"}));
  C.target = Target::A2A3;
  EXPECT_EQ(ids(C), (Ids{"pto-part-dtype", "pto-part-dtype-match"}));
  C.target = Target::A5;
  EXPECT_EQ(ids(C), (Ids{"pto-part-dtype-match"}));
  // Only src1 differs.
  PartConfig M{Target::A5, true, tile(Elem::F32, 2, 16, 2, 16), tile(Elem::F32, 2, 16, 2, 16),
               tile(Elem::I32, 2, 16, 2, 16)};
  const auto P = partPreconditions(M);
  ASSERT_NE(find(P, "pto-part-dtype-match"), nullptr);
  EXPECT_EQ(find(P, "pto-part-dtype-match")->message,
            "element types are dst f32, src0 f32, src1 i32 but TPARTMAX on a5 requires all three equal");
}

TEST(PartPreconditions, LayoutIsAnErrorOnA2A3AWarningOnA5AndFineOnCpu) {
  for (int Which = 0; Which < 3; ++Which) {
    PartConfig C = call(Target::A2A3, 16, 64, 16, 64, 16, 64);
    PartTile &T = Which == 0 ? C.dst : Which == 1 ? C.src0 : C.src1;
    T.kind.rowMajor = false;
    T.rows = 16; // 16 floats = 64 B columns
    auto P = partPreconditions(C);
    ASSERT_NE(find(P, "pto-part-layout"), nullptr) << Which;
    EXPECT_EQ(find(P, "pto-part-layout")->severity, Severity::Error);
    EXPECT_EQ(find(P, "pto-part-layout")->kind, CheckKind::Static);
    C.target = Target::A5;
    P = partPreconditions(C);
    ASSERT_NE(find(P, "pto-part-layout"), nullptr) << Which;
    EXPECT_EQ(find(P, "pto-part-layout")->severity, Severity::Warning);
    EXPECT_EQ(find(P, "pto-part-layout")->kind, CheckKind::Derived);
    C.target = Target::CPU;
    EXPECT_EQ(ids(C), Ids{}) << Which;
  }
}

TEST(PartPreconditions, TileLocationOnNpuTargetsOnly) {
  PartConfig C = call(Target::A2A3, 16, 64, 16, 64, 16, 64);
  C.src1.kind.vec = false;
  EXPECT_EQ(ids(C), Ids{"pto-part-tile-loc"});
  C.target = Target::A5;
  EXPECT_EQ(ids(C), Ids{"pto-part-tile-loc"});
  C.target = Target::CPU;
  EXPECT_EQ(ids(C), Ids{});
}

TEST(PartPreconditions, ValidityPatterns) {
  struct Case {
    int dr, dc, r0, c0, r1, c1;
    bool a2a3, a5; // pattern accepted? (always on cpu)
  } Cases[] = {
      {16, 64, 16, 64, 16, 64, true, true},  // all equal
      {16, 64, 16, 64, 8, 64, true, true},   // src1 fewer rows
      {16, 64, 16, 64, 16, 32, true, true},  // src1 fewer columns
      {16, 64, 4, 8, 16, 64, true, true},    // src0 smaller in both
      {16, 64, 16, 64, 0, 0, true, true},    // empty src1
      {16, 64, 8, 64, 16, 32, false, false}, // neither equals dst
      {16, 64, 16, 64, 16, 65, false, false}, // src1 wider than dst
      {16, 32, 16, 32, 17, 8, false, false},  // src1 taller than dst
      {8, 32, 16, 64, 16, 64, false, false},  // dst smaller than both
      {0, 64, 16, 64, 4, 4, true, false},     // empty dst: a2a3 returns first, a5 asserts first
      {16, 0, 16, 64, 16, 64, true, false},
      {0, 0, 0, 0, 0, 0, true, true},
  };
  for (const Case &K : Cases) {
    auto Has = [&](Target T) { return ids(call(T, K.dr, K.dc, K.r0, K.c0, K.r1, K.c1)).count("pto-part-valid-pattern"); };
    const std::string What = std::to_string(K.dr) + "x" + std::to_string(K.dc) + " " + std::to_string(K.r0) + "x" +
                             std::to_string(K.c0) + " " + std::to_string(K.r1) + "x" + std::to_string(K.c1);
    EXPECT_EQ(Has(Target::A2A3), !K.a2a3) << What;
    EXPECT_EQ(Has(Target::A5), !K.a5) << What;
    EXPECT_EQ(Has(Target::CPU), 0u) << What;
  }
  const auto P = partPreconditions(call(Target::A2A3, 16, 64, 8, 64, 16, 32));
  ASSERT_NE(find(P, "pto-part-valid-pattern"), nullptr);
  EXPECT_EQ(find(P, "pto-part-valid-pattern")->message,
            "valid shapes are dst 16x64, src0 8x64, src1 16x32 but TPARTMIN on a2a3 requires one source equal to dst "
            "and the other within it (otherwise dst is left untouched)");
  EXPECT_EQ(find(P, "pto-part-valid-pattern")->kind, CheckKind::DebugAssert);
}

TEST(PartPreconditions, A5Int64ColumnLimit) {
  auto Call = [](Target T, Elem E, int VC) {
    return PartConfig{T, false, tile(E, 2, 128, 2, VC), tile(E, 2, 128, 2, VC), tile(E, 2, 128, 2, VC)};
  };
  EXPECT_EQ(ids(Call(Target::A5, Elem::I64, 64)), Ids{});
  EXPECT_EQ(ids(Call(Target::A5, Elem::I64, 65)), Ids{"pto-part-int64-cols"});
  EXPECT_EQ(ids(Call(Target::A5, Elem::U64, 128)), Ids{"pto-part-int64-cols"});
  EXPECT_EQ(ids(Call(Target::A5, Elem::F64, 128)), Ids{"pto-part-dtype"}); // double: rejected, not limited
  EXPECT_EQ(ids(Call(Target::A5, Elem::I32, 128)), Ids{});
  EXPECT_EQ(ids(Call(Target::CPU, Elem::I64, 128)), Ids{"pto-part-dtype"});
  const auto P = partPreconditions(Call(Target::A5, Elem::U64, 100));
  ASSERT_NE(find(P, "pto-part-int64-cols"), nullptr);
  EXPECT_EQ(find(P, "pto-part-int64-cols")->severity, Severity::Warning);
  EXPECT_EQ(find(P, "pto-part-int64-cols")->message, "dst validCol is 100 but TPARTMIN on a5 computes only 64 columns of u64 tiles");
}

TEST(PartPreconditions, TileRules) {
  PartConfig C = call(Target::CPU, 16, 64, 16, 64, 16, 64);
  C.src0.validRow = 17; // beyond the 16 rows
  EXPECT_EQ(ids(C), Ids{"pto-tile-valid-bounds"}); // cpu has no pattern rule
  C.target = Target::A2A3;
  EXPECT_EQ(ids(C), (Ids{"pto-tile-valid-bounds", "pto-part-valid-pattern"})); // 17x64 is not within 16x64
  PartConfig N = call(Target::A5, 16, 64, 16, 64, 16, 64);
  N.dst.validCol = -1;
  EXPECT_TRUE(ids(N).count("pto-tile-valid-bounds"));
  // Row-major float tiles: 24 columns are 96 B (3 blocks), 20 columns 80 B (not a whole number of blocks).
  PartConfig P = call(Target::A5, 4, 20, 4, 20, 4, 20);
  P.src1.cols = 20;
  P.dst.cols = P.src0.cols = 24;
  const auto Ps = partPreconditions(P);
  ASSERT_EQ(ids(P), Ids{"pto-tile-row-pitch"});
  EXPECT_EQ(find(Ps, "pto-tile-row-pitch")->message, "src1 lines are 80 B long but must be a multiple of 32 B");
  // A column-major tile's lines are its columns: 4 rows of float are 16 B.
  P = call(Target::CPU, 4, 16, 4, 16, 4, 16);
  P.dst.kind.rowMajor = false;
  P.dst.rows = 4;
  EXPECT_EQ(ids(P), Ids{"pto-tile-row-pitch"});
  P.dst.rows = 8;
  EXPECT_EQ(ids(P), Ids{});
}

} // namespace
