// tests: rules vs reference model on random TCOLARGMIN/TCOLARGMAX configurations, per target: the set of
// rules pto-lint finds violated equals the set of preconditions the model reports, and the A2A3 tmp rule is
// proved exactly when the model's simulated tmp footprint fits in tmp.
#include "CrossCheckUtil.hpp"
#include "checker/Engine.h"
#include "pto/ref/ColArg.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <sstream>

using namespace pto;

namespace {

constexpr int Configs = 10000;

checker::DType toDType(ref::Elem E) { return static_cast<checker::DType>(static_cast<int>(E) + 1); }

checker::TileFacts tile(const std::string &Expr, ref::Elem E, int Rows, int Cols, int VR, int VC, bool RowMajor = true) {
  checker::TileFacts T;
  T.isTile = true;
  T.expr = Expr;
  T.typeSpelling = "Tile";
  T.loc = "Vec";
  T.dtype = toDType(E);
  T.dtypeName = ref::elemName(E);
  T.rows = Rows;
  T.cols = Cols;
  T.blayout = RowMajor ? "RowMajor" : "ColMajor";
  T.slayout = "NoneBox";
  T.declValidRow = VR;
  T.declValidCol = VC;
  T.validRow = checker::IntFact::known(VR);
  T.validCol = checker::IntFact::known(VC);
  return T;
}

int roundUp(int X, int M) { return (X + M - 1) / M * M; }

/// One random call, as the model's config and as the checker's call site.
struct Case {
  ref::ColArgConfig cfg;
  checker::CallSite call;
  std::string describe() const {
    std::ostringstream OS;
    OS << (cfg.isMax ? "TCOLARGMAX" : "TCOLARGMIN") << (cfg.withVal ? " value+index" : " index") << " src "
       << ref::elemName(cfg.src) << " " << cfg.srcRows << "x" << cfg.srcCols << (cfg.srcRowMajor ? " ND" : " DN")
       << " valid " << cfg.validRow << "x" << cfg.validCol << ", idx " << ref::elemName(cfg.idx) << " " << cfg.dstRows
       << "x" << cfg.dstCols << " valid " << cfg.dstValidRow << "x" << cfg.dstValidCol << ", tmp " << cfg.tmpBytes
       << " B";
    return OS.str();
  }
};

Case randomCase(std::mt19937 &Rng, ref::Target T) {
  auto Pick = [&](int N) { return static_cast<int>(Rng() % N); };
  auto Chance = [&](int Percent) { return Pick(100) < Percent; };
  using ref::Elem;
  static const Elem Common[] = {Elem::F16, Elem::U16, Elem::F32, Elem::U32};
  static const Elem Any[] = {Elem::I8, Elem::U8, Elem::I16, Elem::U16, Elem::I32, Elem::U32, Elem::I64,
                             Elem::U64, Elem::F16, Elem::BF16, Elem::F32, Elem::F64};
  Case C;
  ref::ColArgConfig &G = C.cfg;
  G.target = T;
  G.isMax = Chance(50);
  G.withVal = Chance(40);
  G.src = Chance(70) ? Common[Pick(4)] : Any[Pick(12)];
  int S = static_cast<int>(ref::elemSize(G.src));
  bool Idx16 = S == 2 && G.withVal;
  if (Chance(85))
    G.idx = Idx16 ? (Chance(50) ? Elem::I16 : Elem::U16) : (Chance(50) ? Elem::I32 : Elem::U32);
  else
    G.idx = Any[Pick(12)];
  G.srcRowMajor = !Chance(8);
  int B = 32 / S > 0 ? 32 / S : 1;
  if (Chance(5) && S == 2) { // tall sources: the 16-bit index exactness limit
    G.srcRows = 2000 + Pick(200);
    G.srcCols = B;
  } else {
    G.srcRows = 1 + Pick(48);
    G.srcCols = B * (1 + Pick(512 / B / S + 1));
  }
  if (!G.srcRowMajor)
    G.srcRows = roundUp(G.srcRows, B);
  G.validRow = Chance(4) ? 0 : 1 + Pick(G.srcRows);
  G.validCol = Chance(4) ? 0 : 1 + Pick(G.srcCols);
  if (Chance(3))
    G.validCol = G.srcCols + 1 + Pick(8);
  if (Chance(2))
    G.validRow = G.srcRows + 1;
  G.dstRows = Chance(90) ? 1 : 2;
  G.dstCols = roundUp(std::max(G.srcCols, G.validCol), 32);
  G.dstValidRow = Chance(92) ? 1 : (G.dstRows == 2 ? 2 : 0);
  G.dstValidCol = Chance(92) ? G.validCol : std::max(0, G.validCol + (Chance(50) ? 1 : -1));
  int TmpRows = 1 + Pick(3), TmpCols = 32 * (1 + Pick(S == 1 ? 24 : 12 / S + 1));
  G.tmpBytes = static_cast<size_t>(TmpRows) * TmpCols * S;

  checker::CallSite &K = C.call;
  K.op = G.isMax ? "TCOLARGMAX" : "TCOLARGMIN";
  K.overload = G.withVal ? "value-index" : "index";
  K.loc = {"random.cpp", 1, 1};
  checker::TileFacts Dst = tile("dst", G.idx, G.dstRows, G.dstCols, G.dstValidRow, G.dstValidCol);
  if (G.withVal)
    K.operands.push_back({"dstVal", tile("val", G.src, G.dstRows, G.dstCols, G.dstValidRow, G.dstValidCol)});
  K.operands.push_back({"dstIdx", Dst});
  K.operands.push_back({"src", tile("src", G.src, G.srcRows, G.srcCols, G.validRow, G.validCol, G.srcRowMajor)});
  K.operands.push_back({"tmp", tile("tmp", G.src, TmpRows, TmpCols, TmpRows, TmpCols)});
  return C;
}

class CrossCheck : public ::testing::TestWithParam<ref::Target> {};

TEST_P(CrossCheck, RulesAgreeWithReferenceModel) {
  ref::Target T = GetParam();
  checker::EngineOptions O;
  O.targets = {crosscheck::checkerTarget(T)};
  checker::Engine E(checker::RuleSet::builtin(), O);
  std::mt19937 Rng(20261122u + static_cast<unsigned>(T));
  unsigned TmpFits = 0, TmpOverflows = 0, Legal = 0, Mismatches = 0;
  for (int I = 0; I < Configs; ++I) {
    Case C = randomCase(Rng, T);
    std::vector<checker::Finding> Fs;
    checker::Tally Tl;
    E.check(C.call, Fs, Tl);
    ASSERT_EQ(Tl.errors + Tl.unknown, 0u) << C.describe();
    std::set<std::string> Rules, Model;
    for (const checker::Finding &F : Fs) {
      EXPECT_EQ(F.status, checker::Status::ViolatedAlways) << C.describe();
      Rules.insert(F.ruleId);
    }
    for (const ref::Precondition &P : ref::colArgPreconditions(C.cfg))
      Model.insert(P.id);
    if (Rules != Model && ++Mismatches <= 10) {
      std::string A, B;
      for (const auto &R : Rules)
        A += R + " ";
      for (const auto &R : Model)
        B += R + " ";
      ADD_FAILURE() << C.describe() << "\n  rules: " << A << "\n  model: " << B;
    }
    Legal += Model.empty();
    // The footprint the model simulates fits in tmp exactly when the tmp rule is proved.
    bool SizeRuleProved = !Rules.count("pto-colargmin-tmp-size");
    size_t Extent = ref::colArgTmpExtent(C.cfg);
    bool Fits = Extent <= C.cfg.tmpBytes;
    bool Simulable = T != ref::Target::A2A3 || C.cfg.src == ref::Elem::F16 || C.cfg.src == ref::Elem::U16 ||
                     C.cfg.src == ref::Elem::F32 || C.cfg.src == ref::Elem::U32;
    if (Simulable) {
      EXPECT_EQ(Fits, SizeRuleProved) << C.describe() << ": footprint " << Extent << " B";
      (Fits ? TmpFits : TmpOverflows)++;
    }
  }
  EXPECT_EQ(Mismatches, 0u);
  // The sample must exercise both sides of each property.
  EXPECT_GT(Legal, Configs / 20u);
  if (T == ref::Target::A2A3) {
    EXPECT_GT(TmpFits, Configs / 10u);
    EXPECT_GT(TmpOverflows, Configs / 10u);
  }
  std::printf("[ crosscheck ] %s: %d configurations, %u legal, tmp fits %u / overflows %u\n", ref::targetName(T),
              Configs, Legal, TmpFits, TmpOverflows);
}

INSTANTIATE_TEST_SUITE_P(Targets, CrossCheck, ::testing::Values(ref::Target::A2A3, ref::Target::A5, ref::Target::CPU),
                         [](const auto &I) { return std::string(ref::targetName(I.param)); });

} // namespace
