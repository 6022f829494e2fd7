// Preconditions of the TMIN/TMAX reference model per target: ids, severities and where they come from.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "pto/ref/Elementwise.hpp"

using namespace pto::ref;

namespace {

ElementwiseConfig legal(Target T, bool IsMax, Elem E = Elem::F32) {
  const ElementwiseTile Tl{E, 16, 64, 16, 64};
  return ElementwiseConfig{T, IsMax, Tl, Tl, Tl};
}

std::set<std::string> ids(const ElementwiseConfig &Cfg) {
  std::set<std::string> Out;
  for (const Precondition &P : elementwisePreconditions(Cfg))
    Out.insert(P.id);
  return Out;
}

using Ids = std::set<std::string>;

TEST(ElementwisePreconditions, LegalCallsHaveNone) {
  for (Target T : {Target::A2A3, Target::A5, Target::CPU})
    for (bool IsMax : {false, true})
      for (Elem E : {Elem::F32, Elem::F16, Elem::I32, Elem::I16})
        EXPECT_EQ(ids(legal(T, IsMax, E)), Ids{}) << targetName(T) << " " << elemName(E);
}

TEST(ElementwisePreconditions, ElementTypesPerTarget) {
  for (Elem E : {Elem::I8, Elem::U8, Elem::U16, Elem::U32, Elem::I64, Elem::U64, Elem::BF16}) {
    EXPECT_EQ(ids(legal(Target::A2A3, false, E)), Ids{"pto-elementwise-dtype"}) << elemName(E);
    EXPECT_EQ(ids(legal(Target::A5, true, E)), Ids{}) << elemName(E);
    EXPECT_EQ(ids(legal(Target::CPU, false, E)), Ids{}) << elemName(E);
  }
  EXPECT_EQ(ids(legal(Target::A2A3, true, Elem::F64)), Ids{"pto-elementwise-dtype"});
  EXPECT_EQ(ids(legal(Target::A5, true, Elem::F64)), Ids{"pto-elementwise-dtype"});
  EXPECT_EQ(ids(legal(Target::CPU, true, Elem::F64)), Ids{});
  const auto Ps = elementwisePreconditions(legal(Target::A2A3, false, Elem::U8));
  ASSERT_EQ(Ps.size(), 1u);
  EXPECT_EQ(Ps[0].message, "dst element type is u8 but TMIN on a2a3 requires i32, i16, f16 or f32");
  EXPECT_EQ(Ps[0].kind, CheckKind::Static);
}

TEST(ElementwisePreconditions, SourcesMatchTheDestinationTypeEverywhere) {
  for (Target T : {Target::A2A3, Target::A5, Target::CPU}) {
    ElementwiseConfig Cfg = legal(T, true);
    Cfg.src1.elem = Elem::I32;
    EXPECT_EQ(ids(Cfg), Ids{"pto-elementwise-dtype-match"}) << targetName(T);
    Cfg = legal(T, false, Elem::F16);
    Cfg.src0.elem = Cfg.src1.elem = Elem::F32; // 16 x 64 floats still have 256-B rows
    EXPECT_EQ(ids(Cfg), Ids{"pto-elementwise-dtype-match"}) << targetName(T);
  }
}

TEST(ElementwisePreconditions, RowMajorOnTheNpuOnly) {
  for (int Which = 0; Which < 3; ++Which) {
    ElementwiseConfig Cfg = legal(Target::A2A3, Which == 1);
    ElementwiseTile &Tl = Which == 0 ? Cfg.dst : Which == 1 ? Cfg.src0 : Cfg.src1;
    Tl.kind.rowMajor = false; // 16 rows of 4 B: a 64-B column
    EXPECT_EQ(ids(Cfg), Ids{"pto-elementwise-layout"});
    Cfg.target = Target::A5;
    EXPECT_EQ(ids(Cfg), Ids{"pto-elementwise-layout"});
    Cfg.target = Target::CPU;
    EXPECT_EQ(ids(Cfg), Ids{});
  }
}

TEST(ElementwisePreconditions, ValidShapesMustMatchDst) {
  for (Target T : {Target::A2A3, Target::A5, Target::CPU}) {
    ElementwiseConfig Cfg = legal(T, false);
    Cfg.src0.validRow = 8;
    auto Ps = elementwisePreconditions(Cfg);
    ASSERT_EQ(Ps.size(), 1u);
    EXPECT_EQ(Ps[0].id, "pto-elementwise-valid-shape");
    EXPECT_EQ(Ps[0].severity, Severity::Error);
    EXPECT_EQ(Ps[0].message, std::string("src0/src1 valid shapes are 8x64/16x64 but TMIN on ") + targetName(T) +
                                 " requires dst's 16x64");
    Cfg = legal(T, true);
    Cfg.dst.validCol = Cfg.src0.validCol = 32;
    EXPECT_EQ(ids(Cfg), Ids{"pto-elementwise-valid-shape"});
    Cfg.src1.validCol = 32;
    EXPECT_EQ(ids(Cfg), Ids{});
    Cfg.dst.validRow = Cfg.src0.validRow = Cfg.src1.validRow = 0; // empty, but consistent: nothing to report
    EXPECT_EQ(ids(Cfg), Ids{});
  }
}

TEST(ElementwisePreconditions, TileChecks) {
  ElementwiseConfig Cfg = legal(Target::A5, true, Elem::I8);
  Cfg.src1.cols = 48; // 48 B rows
  EXPECT_EQ(ids(Cfg), (Ids{"pto-tile-row-pitch", "pto-tile-valid-bounds"})); // valid 64 columns > 48
  Cfg.src1.validCol = Cfg.src0.validCol = Cfg.dst.validCol = 48;
  EXPECT_EQ(ids(Cfg), Ids{"pto-tile-row-pitch"});
}

} // namespace
