// tests: rules vs reference model on random TROWEXPANDMIN/TROWEXPANDMAX calls, per op and target: the set of rules
// pto-lint finds violated equals the set of preconditions the model reports, and on A2A3 the two footprint rules
// agree with the simulated scratch writes (tmp-size proved <=> the writes fit in tmp; hidden-scratch proved <=> the
// hidden-region writes miss every placed operand).
#include "CrossCheckUtil.hpp"
#include "checker/Engine.h"
#include "pto/ref/RowExpand.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <tuple>

using namespace pto;

namespace {

constexpr int Configs = 10000;

// Every rule of the family has a behavioural counterpart in the model, so none is left out. The tile rules are
// compared too: the sample draws valid regions past their tiles and ColMajor columns of odd length (valid-bounds,
// row-pitch); placed tiles are 32-byte aligned, pairwise disjoint or exactly in place, and inside the smallest UB
// (A2A3, 192 KB), so pto-tile-ub-align, pto-tile-ub-capacity and pto-tile-overlap hold by construction and the
// model need not model them.
constexpr long long UbBytes = 196608;

checker::DType toDType(ref::Elem E) { return static_cast<checker::DType>(static_cast<int>(E) + 1); }

checker::TileFacts facts(const std::string &Expr, const ref::RowExpandTile &T) {
  checker::TileFacts F;
  F.isTile = true;
  F.expr = Expr;
  F.typeSpelling = "Tile";
  F.loc = "Vec";
  F.dtype = toDType(T.elem);
  F.dtypeName = ref::elemName(T.elem);
  F.rows = T.rows;
  F.cols = T.cols;
  F.blayout = T.rowMajor ? "RowMajor" : "ColMajor";
  F.slayout = "NoneBox";
  F.declValidRow = T.validRow;
  F.declValidCol = T.validCol;
  F.validRow = checker::IntFact::known(T.validRow);
  F.validCol = checker::IntFact::known(T.validCol);
  if (T.placed) {
    F.hasAddr = true;
    F.addr = checker::IntFact::known(T.addr);
  }
  return F;
}

int roundUp(int X, int M) { return (X + M - 1) / M * M; }

std::string describe(const ref::RowExpandTile &T) {
  std::ostringstream OS;
  OS << ref::elemName(T.elem) << " " << T.rows << "x" << T.cols << (T.rowMajor ? " ND" : " DN") << " valid "
     << T.validRow << "x" << T.validCol;
  if (T.placed)
    OS << " @" << T.addr;
  return OS.str();
}

struct Case {
  ref::RowExpandConfig cfg;
  checker::CallSite call;
  std::string describe() const {
    std::ostringstream OS;
    OS << (cfg.isMax ? "TROWEXPANDMAX" : "TROWEXPANDMIN") << (cfg.withTmp ? " tmp" : " plain") << " on "
       << ref::targetName(cfg.target) << ": dst " << ::describe(cfg.dst) << ", src0 " << ::describe(cfg.src0)
       << ", src1 " << ::describe(cfg.src1);
    if (cfg.withTmp)
      OS << ", tmp " << (cfg.tmpIsEvent ? std::string("event") : ::describe(cfg.tmp));
    return OS.str();
  }
};

Case randomCase(std::mt19937 &Rng, ref::Target T, bool IsMax) {
  auto Pick = [&](int N) { return static_cast<int>(Rng() % unsigned(N)); };
  auto Chance = [&](int Percent) { return Pick(100) < Percent; };
  using ref::Elem;
  static const Elem Common[] = {Elem::F32, Elem::F16, Elem::I16, Elem::I32};
  static const Elem Any[] = {Elem::I8,  Elem::U8,  Elem::I16, Elem::U16,  Elem::I32, Elem::U32,
                             Elem::I64, Elem::U64, Elem::F16, Elem::BF16, Elem::F32, Elem::F64};
  Case K;
  ref::RowExpandConfig &C = K.cfg;
  C.target = T;
  C.isMax = IsMax;
  C.withTmp = Chance(40);

  const Elem E = Chance(75) ? Common[Pick(4)] : Any[Pick(12)];
  const int S = static_cast<int>(ref::elemSize(E)), B = 32 / S;
  // Declared dst shape: mostly small, sometimes tall enough for the multi-pass a2a3 path (>= 256 rows).
  const bool Tall = Chance(8);
  const int Rows = Tall ? 200 + Pick(330) : 1 + Pick(40);
  const int Cols = B * (1 + Pick(Tall ? 2 : 8));
  const int ColRows = roundUp(Rows, B); // a ColMajor column needs Rows * s % 32 == 0
  C.dst = {E, Rows, Cols, true, Chance(4) ? 0 : 1 + Pick(Rows), Chance(4) ? 0 : 1 + Pick(Cols)};
  if (Chance(2))
    C.dst.validRow = Rows + 1 + Pick(4); // past the tile
  if (Chance(3)) {                       // ColMajor dst: keep its column pitch legal
    C.dst.rowMajor = false;
    C.dst.rows = ColRows;
  }
  const int VR = C.dst.validRow, VC = C.dst.validCol;

  // The full source: dst's shape and valid region, with faults.
  ref::RowExpandTile Full{E, Rows, Cols, true, VR, VC};
  if (Chance(6))
    Full.validCol = std::max(0, VC + (Chance(50) ? 1 : -1));
  if (Chance(4))
    Full.validRow = std::max(0, VR - 1);
  if (Chance(4)) {
    Full.rowMajor = false;
    Full.rows = ColRows;
  }

  // The broadcast source: mode 1 (ColMajor column), mode 2 (RowMajor 32-byte block) or something else.
  ref::RowExpandTile Bc;
  const int Kind = Pick(100);
  if (Kind < 45) {
    Bc = {E, ColRows, Chance(85) ? 1 : 2, false, VR, 1};
    if (Chance(4))
      Bc.rows = ColRows + 1; // a column of odd length: row-pitch
  } else if (Kind < 90) {
    Bc = {E, std::max(Rows, 1), Chance(85) ? B : 2 * B, true, VR, B};
  } else {
    Bc = {E, ColRows, B, Chance(50), VR, 1 + Pick(B)};
  }
  if (Chance(6))
    Bc.validRow = std::max(0, VR + (Chance(50) ? 1 : -1));
  if (Chance(3))
    Bc.validCol = Bc.validCol + 1;
  Bc.validRow = std::min(Bc.validRow, Bc.rows + (Chance(2) ? 1 : 0));
  if (Chance(4))
    Bc.elem = Any[Pick(12)];
  if (Chance(3))
    Full.elem = Any[Pick(12)];
  // Keep mixed-type tiles' lines 32-byte multiples unless the sample wants a pitch fault.
  auto FixPitch = [&](ref::RowExpandTile &X) {
    const int XB = 32 / static_cast<int>(ref::elemSize(X.elem));
    if (X.rowMajor)
      X.cols = roundUp(X.cols, XB);
    else
      X.rows = roundUp(X.rows, XB);
  };
  FixPitch(Full);
  if (!(Bc.rows == ColRows + 1 && !Bc.rowMajor))
    FixPitch(Bc);

  const bool BroadcastFirst = Chance(50);
  C.src0 = BroadcastFirst ? Bc : Full;
  C.src1 = BroadcastFirst ? Full : Bc;

  // tmp: an event, or a tile whose size lands on both sides of the a2a3 need.
  if (C.withTmp) {
    C.tmpIsEvent = Chance(8);
    const long long R = std::max(0, VR);
    const long long Need = (C.dst.rows < 256 || R < 256) ? 256 * ((R + 7) / 8) : 7680;
    const Elem TE = Chance(80) ? E : Any[Pick(12)];
    const int TS = static_cast<int>(ref::elemSize(TE));
    long long Bytes = Chance(50) ? Need + 32 * (Pick(9) - 4) : 32LL * (1 + Pick(270));
    Bytes = std::max<long long>(32, Bytes - Bytes % 32);
    C.tmp = {TE, 1, int(Bytes / TS), true, 1, int(Bytes / TS)};
  }

  // Placement: 40% of the calls place their tiles, one of them often in or near the hidden scratch.
  if (Chance(40)) {
    std::vector<ref::RowExpandTile *> Tiles = {&C.dst, &C.src0, &C.src1};
    if (C.withTmp && !C.tmpIsEvent)
      Tiles.push_back(&C.tmp);
    const size_t Hot = size_t(Pick(int(Tiles.size())));
    long long Next = 0;
    long long HotAt = UbBytes;
    {
      ref::RowExpandTile &H = *Tiles[Hot];
      const long long HB = static_cast<long long>(H.bytes());
      const long long Lo = std::max(0LL, 188416 - HB + 32), Hi = 188416 + 8192 - 32;
      const long long Addr = (Lo + 32LL * Pick(int((Hi - Lo) / 32 + 1))) / 32 * 32;
      if (Chance(70) && Addr + HB <= UbBytes) {
        H.placed = true;
        H.addr = Addr;
        HotAt = Addr;
      }
    }
    for (size_t I = 0; I < Tiles.size(); ++I) {
      if (I == Hot)
        continue;
      ref::RowExpandTile &X = *Tiles[I];
      const long long XB = static_cast<long long>(X.bytes());
      const long long Limit = Tiles[Hot]->placed ? HotAt : UbBytes;
      if (Next + XB <= Limit && Chance(90)) {
        X.placed = true;
        X.addr = Next;
        Next = (Next + XB + 31) / 32 * 32 + 32 * Pick(3);
      }
    }
    // The in-place idiom: dst exactly on the full source, which has dst's valid region (pto-tile-overlap allows
    // aliasing only such a source).
    ref::RowExpandTile &F = BroadcastFirst ? C.src1 : C.src0;
    if (Chance(15) && F.placed && C.dst.placed && F.bytes() == C.dst.bytes() && Hot != 0 &&
        F.validRow == C.dst.validRow && F.validCol == C.dst.validCol)
      C.dst.addr = F.addr;
  }

  checker::CallSite &Site = K.call;
  Site.op = IsMax ? "TROWEXPANDMAX" : "TROWEXPANDMIN";
  Site.overload = C.withTmp ? "tmp" : "plain";
  Site.loc = {"random.cpp", 1, 1};
  Site.operands.push_back({"dst", facts("dst", C.dst)});
  Site.operands.push_back({"src0", facts("src0", C.src0)});
  Site.operands.push_back({"src1", facts("src1", C.src1)});
  if (C.withTmp) {
    if (C.tmpIsEvent) {
      checker::TileFacts Ev;
      Ev.isEvent = true;
      Ev.expr = "ev";
      Ev.typeSpelling = "Event<Op::TLOAD, Op::TROWEXPANDMIN>";
      Site.operands.push_back({"tmp", Ev});
    } else {
      Site.operands.push_back({"tmp", facts("tmp", C.tmp)});
    }
  }
  return K;
}

/// True if the simulated hidden-scratch writes of the call touch a placed dst/src0/src1.
bool hiddenWritesHitAnOperand(const ref::RowExpandConfig &C) {
  const ref::RowExpandScratchTrace Tr = ref::rowExpandScratchTrace(C);
  if (Tr.where != ref::RowExpandScratch::Hidden)
    return false;
  for (const ref::RowExpandTile *X : {&C.dst, &C.src0, &C.src1})
    for (const ref::ByteRange &W : Tr.writes) {
      const long long B = static_cast<long long>(ref::kRowExpandScratchOffset + W.begin);
      const long long E = static_cast<long long>(ref::kRowExpandScratchOffset + W.end);
      if (X->placed && W.end > W.begin && X->addr < E && B < X->addr + static_cast<long long>(X->bytes()))
        return true;
    }
  return false;
}

class RowExpandCrossCheck : public ::testing::TestWithParam<std::tuple<bool, ref::Target>> {};

TEST_P(RowExpandCrossCheck, RulesAgreeWithReferenceModel) {
  const bool IsMax = std::get<0>(GetParam());
  const ref::Target T = std::get<1>(GetParam());
  checker::EngineOptions O;
  O.targets = {crosscheck::checkerTarget(T)};
  checker::Engine E(checker::RuleSet::builtin(), O);
  std::mt19937 Rng(20261123u + 7u * static_cast<unsigned>(T) + (IsMax ? 1000u : 0u));
  unsigned Legal = 0, Mismatches = 0, TmpFits = 0, TmpOverflows = 0, HiddenClear = 0, HiddenHit = 0;
  std::map<std::string, unsigned> Violated;
  for (int I = 0; I < Configs; ++I) {
    const Case K = randomCase(Rng, T, IsMax);
    std::vector<checker::Finding> Fs;
    checker::Tally Tl;
    E.check(K.call, Fs, Tl);
    ASSERT_EQ(Tl.errors + Tl.unknown, 0u) << K.describe();
    std::set<std::string> Rules, Model;
    for (const checker::Finding &F : Fs) {
      EXPECT_EQ(F.status, checker::Status::ViolatedAlways) << K.describe();
      Rules.insert(F.ruleId);
    }
    for (const ref::Precondition &P : ref::rowExpandPreconditions(K.cfg))
      Model.insert(P.id);
    if (Rules != Model && ++Mismatches <= 10) {
      std::string A, B;
      for (const auto &R : Rules)
        A += R + " ";
      for (const auto &R : Model)
        B += R + " ";
      ADD_FAILURE() << K.describe() << "\n  rules: " << A << "\n  model: " << B;
    }
    Legal += Model.empty();
    for (const auto &R : Rules)
      ++Violated[R];

    if (T != ref::Target::A2A3)
      continue;
    // tmp-size: the simulated tmp footprint fits exactly when the rule is proved.
    if (K.cfg.withTmp && !K.cfg.tmpIsEvent) {
      const bool Fits = ref::rowExpandScratchExtent(K.cfg) <= K.cfg.tmp.bytes();
      EXPECT_EQ(Fits, !Rules.count("pto-rowexpand-tmp-size"))
          << K.describe() << ": footprint " << ref::rowExpandScratchExtent(K.cfg) << " B";
      (Fits ? TmpFits : TmpOverflows)++;
    }
    // hidden-scratch: the simulated hidden-region writes miss every placed operand exactly when the rule is proved.
    if (ref::rowExpandScratchTrace(K.cfg).where == ref::RowExpandScratch::Hidden &&
        (K.cfg.dst.placed || K.cfg.src0.placed || K.cfg.src1.placed)) {
      const bool Hit = hiddenWritesHitAnOperand(K.cfg);
      EXPECT_EQ(Hit, Rules.count("pto-rowexpand-hidden-scratch") > 0) << K.describe();
      (Hit ? HiddenHit : HiddenClear)++;
    }
  }
  EXPECT_EQ(Mismatches, 0u);

  // The sample must exercise both sides: legal calls, every rule that can fail on this target, both footprints.
  EXPECT_GT(Legal, Configs / 10u);
  std::vector<std::string> MustFail = {"pto-rowexpand-dtype",           "pto-rowexpand-dtype-match",
                                       "pto-rowexpand-dst-layout",      "pto-rowexpand-full-operand",
                                       "pto-rowexpand-broadcast-shape", "pto-rowexpand-tmp-event",
                                       "pto-tile-valid-bounds",         "pto-tile-row-pitch"};
  if (T != ref::Target::CPU)
    MustFail.push_back("pto-rowexpand-broadcast-pitch");
  if (T == ref::Target::A2A3)
    for (const char *Id : {"pto-rowexpand-mode", "pto-rowexpand-tmp-size", "pto-rowexpand-hidden-scratch"})
      MustFail.push_back(Id);
  for (const std::string &Id : MustFail)
    EXPECT_GE(Violated[Id], 40u) << Id << " is violated too rarely on " << ref::targetName(T);
  if (T == ref::Target::A2A3) {
    EXPECT_GE(TmpFits, 300u);
    EXPECT_GE(TmpOverflows, 300u);
    EXPECT_GE(HiddenClear, 300u);
    EXPECT_GE(HiddenHit, 100u);
  }
  std::string Counts;
  for (const auto &[Id, N] : Violated)
    Counts += " " + Id.substr(Id.find('-', 4) + 1) + "=" + std::to_string(N);
  std::printf("[ crosscheck ] %s %s: %d configurations, %u legal, tmp fits %u / overflows %u, hidden scratch clear "
              "%u / hit %u; violated:%s\n",
              IsMax ? "TROWEXPANDMAX" : "TROWEXPANDMIN", ref::targetName(T), Configs, Legal, TmpFits, TmpOverflows,
              HiddenClear, HiddenHit, Counts.c_str());
}

INSTANTIATE_TEST_SUITE_P(OpsAndTargets, RowExpandCrossCheck,
                         ::testing::Combine(::testing::Bool(),
                                            ::testing::Values(ref::Target::A2A3, ref::Target::A5, ref::Target::CPU)),
                         [](const auto &I) {
                           return std::string(std::get<0>(I.param) ? "Max_" : "Min_") +
                                  ref::targetName(std::get<1>(I.param));
                         });

} // namespace
