// Preconditions of the TCOLMAX/TCOLMIN reference model per target: ids, severities and where they come from.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "pto/ref/ColReduce.hpp"

using namespace pto::ref;

namespace {

ColReduceConfig legal(Target T, bool IsMax, Elem E = Elem::F32) {
  const int Cols = 64;
  return ColReduceConfig{T, IsMax, ColReduceTile{E, 1, Cols, 1, Cols}, ColReduceTile{E, 16, Cols, 16, Cols}};
}

std::set<std::string> ids(const ColReduceConfig &Cfg) {
  std::set<std::string> Out;
  for (const Precondition &P : colReducePreconditions(Cfg))
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

TEST(ColReducePreconditions, LegalCallsHaveNone) {
  for (Target T : {Target::A2A3, Target::A5, Target::CPU})
    for (bool IsMax : {false, true})
      for (Elem E : {Elem::F32, Elem::F16})
        EXPECT_EQ(ids(legal(T, IsMax, E)), Ids{}) << targetName(T);
}

TEST(ColReducePreconditions, SourceTypesPerTarget) {
  // a2a3: f16, f32, i16, i32 only.
  EXPECT_EQ(ids(legal(Target::A2A3, true, Elem::I16)), Ids{});
  EXPECT_EQ(ids(legal(Target::A2A3, false, Elem::U16)), Ids{"pto-colreduce-src-dtype"});
  EXPECT_EQ(ids(legal(Target::A2A3, true, Elem::BF16)), Ids{"pto-colreduce-src-dtype"});
  // a5: everything but double.
  for (Elem E : {Elem::I8, Elem::U8, Elem::U16, Elem::U32, Elem::I64, Elem::U64, Elem::BF16})
    EXPECT_EQ(ids(legal(Target::A5, true, E)), Ids{}) << elemName(E);
  EXPECT_EQ(ids(legal(Target::A5, false, Elem::F64)), Ids{"pto-colreduce-src-dtype"});
  // cpu: TCOLMAX takes f16, bf16, f32, i8, u8; TCOLMIN anything.
  for (Elem E : {Elem::I16, Elem::I32, Elem::U16, Elem::U32, Elem::I64, Elem::F64}) {
    EXPECT_EQ(ids(legal(Target::CPU, true, E)), Ids{"pto-colreduce-src-dtype"}) << elemName(E);
    EXPECT_EQ(ids(legal(Target::CPU, false, E)), Ids{}) << elemName(E);
  }
  for (Elem E : {Elem::I8, Elem::U8, Elem::BF16})
    EXPECT_EQ(ids(legal(Target::CPU, true, E)), Ids{}) << elemName(E);
  const auto Ps = colReducePreconditions(legal(Target::CPU, true, Elem::I32));
  ASSERT_EQ(Ps.size(), 1u);
  EXPECT_EQ(Ps[0].kind, CheckKind::Static);
  EXPECT_EQ(Ps[0].severity, Severity::Error);
  EXPECT_EQ(Ps[0].message, "src element type is i32 but TCOLMAX on cpu requires f16, bf16, f32, i8 or u8");
}

TEST(ColReducePreconditions, DestinationTypePerTarget) {
  auto Mixed = [](Target T, bool IsMax, Elem S, Elem D) {
    ColReduceConfig Cfg = legal(T, IsMax, S);
    Cfg.dst.elem = D;
    return ids(Cfg);
  };
  for (Target T : {Target::A2A3, Target::A5})
    for (bool IsMax : {false, true})
      EXPECT_EQ(Mixed(T, IsMax, Elem::F16, Elem::F32), Ids{"pto-colreduce-dst-dtype"}) << targetName(T);
  // cpu TCOLMAX: half/bf16 -> float is accepted, nothing else; cpu TCOLMIN: anything.
  EXPECT_EQ(Mixed(Target::CPU, true, Elem::F16, Elem::F32), Ids{});
  EXPECT_EQ(Mixed(Target::CPU, true, Elem::BF16, Elem::F32), Ids{});
  EXPECT_EQ(Mixed(Target::CPU, true, Elem::F32, Elem::F16), Ids{"pto-colreduce-dst-dtype"});
  EXPECT_EQ(Mixed(Target::CPU, true, Elem::I8, Elem::I32), Ids{"pto-colreduce-dst-dtype"});
  EXPECT_EQ(Mixed(Target::CPU, false, Elem::F32, Elem::F16), Ids{});
  EXPECT_EQ(Mixed(Target::CPU, false, Elem::I32, Elem::I8), Ids{});
}

TEST(ColReducePreconditions, LocationAndLayoutOnTheNpuOnly) {
  for (bool IsMax : {false, true}) {
    ColReduceConfig Mat = legal(Target::A2A3, IsMax);
    Mat.src.kind.vec = false;
    EXPECT_EQ(ids(Mat), Ids{"pto-colreduce-tile-loc"});
    ColReduceConfig DnSrc = legal(Target::A5, IsMax);
    DnSrc.src = ColReduceTile{Elem::F32, 64, 64, 16, 64, TileKind{true, false, false}};
    EXPECT_EQ(ids(DnSrc), Ids{"pto-colreduce-src-layout"});
    ColReduceConfig BoxedDst = legal(Target::A2A3, IsMax);
    BoxedDst.dst.kind.boxed = true;
    EXPECT_EQ(ids(BoxedDst), Ids{"pto-colreduce-dst-layout"});
    for (ColReduceConfig Cfg : {Mat, DnSrc, BoxedDst}) {
      Cfg.target = Target::CPU;
      EXPECT_EQ(ids(Cfg), Ids{});
    }
  }
}

TEST(ColReducePreconditions, CpuColMaxNeedsEqualCols) {
  ColReduceConfig Wide = legal(Target::CPU, true);
  Wide.dst.cols = 128;
  EXPECT_EQ(ids(Wide), Ids{"pto-colreduce-dst-cols"});
  Wide.isMax = false;
  EXPECT_EQ(ids(Wide), Ids{});
  Wide.isMax = true;
  for (Target T : {Target::A2A3, Target::A5}) {
    Wide.target = T;
    EXPECT_EQ(ids(Wide), Ids{}) << targetName(T);
  }
}

TEST(ColReducePreconditions, ValidShapes) {
  for (Target T : {Target::A2A3, Target::A5, Target::CPU}) {
    ColReduceConfig Cols = legal(T, true);
    Cols.dst.validCol = 32;
    const auto Ps = colReducePreconditions(Cols);
    ASSERT_EQ(Ps.size(), 1u) << targetName(T);
    EXPECT_EQ(Ps[0].id, "pto-colreduce-dst-validcol");
    EXPECT_EQ(Ps[0].severity, Severity::Error);
    EXPECT_EQ(Ps[0].kind, T == Target::CPU ? CheckKind::Derived : CheckKind::DebugAssert);

    ColReduceConfig Rows = legal(T, false);
    Rows.dst.rows = 4;
    Rows.dst.validRow = 4;
    const auto Pr = colReducePreconditions(Rows);
    ASSERT_EQ(Pr.size(), 1u);
    EXPECT_EQ(Pr[0].id, "pto-colreduce-dst-validrow");
    EXPECT_EQ(Pr[0].severity, Severity::Warning);

    ColReduceConfig Empty = legal(T, true);
    Empty.src.validRow = 0;
    const auto Pe = colReducePreconditions(Empty);
    ASSERT_EQ(Pe.size(), 1u);
    EXPECT_EQ(Pe[0].id, "pto-colreduce-empty");
    EXPECT_EQ(Pe[0].severity, Severity::Warning);
    Empty.src.validRow = 16;
    Empty.src.validCol = Empty.dst.validCol = 0;
    EXPECT_EQ(ids(Empty), Ids{"pto-colreduce-empty"});
  }
}

TEST(ColReducePreconditions, A5SixtyFourBitColumns) {
  ColReduceConfig Cfg{Target::A5, false, ColReduceTile{Elem::I64, 1, 128, 1, 65}, ColReduceTile{Elem::I64, 4, 128, 4, 65}};
  EXPECT_EQ(ids(Cfg), Ids{"pto-colreduce-int64-cols"});
  EXPECT_EQ(find(colReducePreconditions(Cfg), "pto-colreduce-int64-cols")->severity, Severity::Warning);
  Cfg.src.validCol = Cfg.dst.validCol = 64;
  EXPECT_EQ(ids(Cfg), Ids{});
  Cfg.src.validCol = Cfg.dst.validCol = 128;
  Cfg.src.elem = Cfg.dst.elem = Elem::U64;
  EXPECT_EQ(ids(Cfg), Ids{"pto-colreduce-int64-cols"});
  Cfg.src.elem = Cfg.dst.elem = Elem::I32; // 128 32-bit columns are fine
  EXPECT_EQ(ids(Cfg), Ids{});
  Cfg.src.elem = Cfg.dst.elem = Elem::U64;
  Cfg.target = Target::CPU; // the limit is a5's
  EXPECT_EQ(ids(Cfg), Ids{});
}

TEST(ColReducePreconditions, TileChecks) {
  ColReduceConfig Cfg = legal(Target::A2A3, true);
  Cfg.src.validRow = 17; // beyond 16 rows
  EXPECT_EQ(ids(Cfg), Ids{"pto-tile-valid-bounds"});
  Cfg = legal(Target::CPU, false, Elem::F16);
  Cfg.src.cols = Cfg.dst.cols = 40; // 80 B rows
  Cfg.src.validCol = Cfg.dst.validCol = 40;
  EXPECT_EQ(ids(Cfg), Ids{"pto-tile-row-pitch"});
  Cfg.src.kind.boxed = Cfg.dst.kind.boxed = true; // fractal tiles are not pitch-checked
  EXPECT_EQ(ids(Cfg), Ids{});
}

} // namespace
