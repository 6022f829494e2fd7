// tests: rules vs reference model on random TPARTMIN/TPARTMAX configurations, per op and target: the set of rules
// pto-lint finds violated equals the set of preconditions the model reports; a call the model finds legal computes
// the documented result (op where both sources are valid, the valid source elsewhere, no other write); and on a2a3
// a call whose only fault is its validity pattern leaves dst untouched (the silent no-op pto-part-valid-pattern
// reports).
//
// Rules in scope: every rule that applies to TPARTMIN/TPARTMAX. The address rules pto-tile-overlap,
// pto-tile-ub-align and pto-tile-ub-capacity only speak about tiles placed with TASSIGN; the sampled tiles are
// not placed (hasaddr = 0), so those rules hold on every sample and the model (which does not model placement)
// reports none of them. They are checked against the model nowhere else; this is a deliberate omission.
#include "CrossCheckUtil.hpp"
#include "checker/Engine.h"
#include "pto/ref/Part.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <tuple>

using namespace pto;

namespace {

constexpr int Configs = 10000;

using crosscheck::facts;
using crosscheck::show;
using crosscheck::toDType;

std::string describe(const ref::PartConfig &C) {
  return std::string(C.isMax ? "TPARTMAX" : "TPARTMIN") + " on " + ref::targetName(C.target) + ": dst " + show(C.dst) +
         ", src0 " + show(C.src0) + ", src1 " + show(C.src1);
}

struct Gen {
  std::mt19937 &Rng;
  int pick(int N) { return static_cast<int>(Rng() % unsigned(N)); }
  bool chance(int Percent) { return pick(100) < Percent; }
  int upTo(int N) { return N <= 0 ? 0 : pick(N + 1); } // 0..N

  ref::Elem elem() {
    using ref::Elem;
    static const Elem Common[] = {Elem::F32, Elem::F16, Elem::I32, Elem::I16};
    static const Elem Any[] = {Elem::I8,  Elem::U8,  Elem::I16,  Elem::U16, Elem::I32, Elem::U32,
                               Elem::I64, Elem::U64, Elem::F16, Elem::BF16, Elem::F32, Elem::F64};
    return chance(60) ? Common[pick(4)] : Any[pick(12)];
  }

  /// A tile of element E that can hold VR x VC valid elements (declared at least that large).
  ref::PartTile tile(ref::Elem E, int VR, int VC) {
    ref::PartTile T{E, 1, 1, VR, VC, ref::TileKind{}};
    T.kind.vec = !chance(3);
    T.kind.rowMajor = !chance(6);
    T.kind.boxed = chance(2);
    const int S = static_cast<int>(ref::elemSize(E)), B = 32 / S;
    int Rows = std::max(VR, 1) + (chance(40) ? pick(6) : 0);
    int Cols = std::max(VC, 1) + (chance(40) ? pick(3 * B) : 0);
    // Lines of whole 32-byte blocks, except now and then.
    if (!chance(3)) {
      if (T.kind.rowMajor)
        Cols = (Cols + B - 1) / B * B;
      else
        Rows = (Rows + B - 1) / B * B;
    }
    T.rows = Rows;
    T.cols = Cols;
    return T;
  }
};

ref::PartConfig randomConfig(std::mt19937 &Rng, ref::Target T, bool IsMax) {
  Gen G{Rng};
  ref::PartConfig C;
  C.target = T;
  C.isMax = IsMax;
  const ref::Elem E = G.elem();
  const int S = static_cast<int>(ref::elemSize(E));
  // dst valid region; 64-bit elements get wide rows now and then (the a5 64-column limit).
  int DR = 1 + G.pick(20);
  int DC = 1 + G.pick(S == 8 && G.chance(50) ? 140 : 80);
  if (G.chance(4))
    DR = 0;
  if (G.chance(4))
    DC = 0;
  // Source valid regions by pattern.
  int R0, C0, R1, C1;
  const int Kind = G.pick(100);
  auto Within = [&](int &R, int &Cc) {
    R = G.chance(30) ? DR : G.upTo(DR);
    Cc = G.chance(30) ? DC : G.upTo(DC);
  };
  if (Kind < 50) { // documented pattern: one source equals dst, the other within it
    int OR, OC;
    Within(OR, OC);
    if (G.chance(50))
      std::tie(R0, C0, R1, C1) = std::make_tuple(DR, DC, OR, OC);
    else
      std::tie(R0, C0, R1, C1) = std::make_tuple(OR, OC, DR, DC);
  } else if (Kind < 65) { // one source equals dst, the other sticks out in a dimension
    int OR = DR + (G.chance(50) ? 1 + G.pick(4) : -G.upTo(DR));
    int OC = DC + (OR <= DR ? 1 + G.pick(8) : G.upTo(4) - 2);
    OC = std::max(OC, 0);
    if (G.chance(50))
      std::tie(R0, C0, R1, C1) = std::make_tuple(DR, DC, OR, OC);
    else
      std::tie(R0, C0, R1, C1) = std::make_tuple(OR, OC, DR, DC);
  } else if (Kind < 75) { // dst smaller than (or equal to) the sources
    R0 = DR + G.upTo(4);
    C0 = DC + G.upTo(8);
    R1 = G.chance(50) ? R0 : DR + G.upTo(4);
    C1 = G.chance(50) ? C0 : DC + G.upTo(8);
  } else { // anything
    R0 = G.upTo(DR + 3);
    C0 = G.upTo(DC + 8);
    R1 = G.upTo(DR + 3);
    C1 = G.upTo(DC + 8);
  }
  C.dst = G.tile(E, DR, DC);
  C.src0 = G.tile(G.chance(5) ? G.elem() : E, R0, C0);
  C.src1 = G.tile(G.chance(5) ? G.elem() : E, R1, C1);
  // Tiles of the same shape as dst, as kernels usually have.
  if (G.chance(50)) {
    for (ref::PartTile *P : {&C.src0, &C.src1})
      if (P->elem == E && P->kind.rowMajor == C.dst.kind.rowMajor && P->validRow <= C.dst.rows &&
          P->validCol <= C.dst.cols) {
        P->rows = C.dst.rows;
        P->cols = C.dst.cols;
      }
  }
  // Valid regions beyond the tile, or negative.
  for (ref::PartTile *P : {&C.dst, &C.src0, &C.src1}) {
    if (G.chance(2))
      P->validRow = P->rows + 1 + G.pick(3);
    if (G.chance(2))
      P->validCol = P->cols + 1 + G.pick(3);
    if (G.chance(1))
      P->validCol = -1;
  }
  return C;
}

checker::CallSite callSite(const ref::PartConfig &C) {
  checker::CallSite K;
  K.op = C.isMax ? "TPARTMAX" : "TPARTMIN";
  K.overload = "plain";
  K.loc = {"random.cpp", 1, 1};
  K.operands.push_back({"dst", facts("dst", C.dst)});
  K.operands.push_back({"src0", facts("src0", C.src0)});
  K.operands.push_back({"src1", facts("src1", C.src1)});
  return K;
}

size_t bytesOf(const ref::PartTile &P) { return size_t(P.rows) * P.cols * ref::elemSize(P.elem); }

/// Byte offset of (R, C) in a NoneBox tile laid out as declared.
size_t at(const ref::PartTile &P, int R, int C) {
  const size_t S = ref::elemSize(P.elem);
  return (P.kind.rowMajor ? size_t(R) * P.cols + C : size_t(R) + size_t(C) * P.rows) * S;
}

uint64_t load(const std::vector<uint8_t> &M, size_t Off, size_t S) {
  uint64_t V = 0;
  std::memcpy(&V, M.data() + Off, S);
  return V;
}

struct Stats {
  unsigned legal = 0, executedLegal = 0, notModelled = 0, a2a3NoOps = 0, paddingCopies = 0;
  std::map<std::string, unsigned> violated;
};

/// The documented result of a legal call (pto-ops-facts.md §5): over dst's valid region the target's min/max where
/// both sources are valid, the valid source where only one is. Everything else stays, except that a2a3 may copy
/// the full source's padding columns into dst's padding in dst's valid rows (§5.1 TPartCopyInstr). Returns an
/// empty string when the model's result has that shape, else a description of the first difference.
std::string checkDocumentedResult(const ref::PartConfig &C, const std::vector<uint8_t> &D0,
                                  const std::vector<uint8_t> &D, const std::vector<uint8_t> &A,
                                  const std::vector<uint8_t> &B, Stats &St) {
  const size_t S = ref::elemSize(C.dst.elem);
  const bool Eq0 = C.src0.validRow == C.dst.validRow && C.src0.validCol == C.dst.validCol;
  const ref::PartTile &Full = Eq0 ? C.src0 : C.src1;
  const std::vector<uint8_t> &FullMem = Eq0 ? A : B;
  bool CopiedPadding = false;
  for (int R = 0; R < C.dst.rows; ++R)
    for (int Cl = 0; Cl < C.dst.cols; ++Cl) {
      const size_t Off = at(C.dst, R, Cl);
      const uint64_t Got = load(D, Off, S), Before = load(D0, Off, S);
      const bool InDst = R < C.dst.validRow && Cl < C.dst.validCol;
      std::ostringstream Where;
      Where << "dst(" << R << ", " << Cl << ")";
      if (InDst) {
        const bool In0 = R < C.src0.validRow && Cl < C.src0.validCol;
        const bool In1 = R < C.src1.validRow && Cl < C.src1.validCol;
        uint64_t Want = 0; // cpu: neither source valid gives 0 (any pattern is legal there)
        if (!In0 && !In1 && C.target != ref::Target::CPU)
          return Where.str() + " is covered by neither source in a legal call";
        if (In0 && In1)
          Want = ref::partScalar(C.target, C.dst.elem, C.isMax, load(A, at(C.src0, R, Cl), S),
                                 load(B, at(C.src1, R, Cl), S));
        else if (In0 || In1)
          Want = In0 ? load(A, at(C.src0, R, Cl), S) : load(B, at(C.src1, R, Cl), S);
        // Which NaN a vmin/vmax returns depends on the operand order the a2a3 branch uses (inferred anyway).
        const bool BothNaN = C.target != ref::Target::CPU && ref::detail::partIsNan(C.dst.elem, Got) &&
                             ref::detail::partIsNan(C.dst.elem, Want);
        if (Got != Want && !BothNaN)
          return Where.str() + " is " + std::to_string(Got) + ", expected " + std::to_string(Want);
      } else if (Got != Before) {
        const bool Spill = C.target == ref::Target::A2A3 && R < C.dst.validRow && Cl < Full.cols &&
                           Got == load(FullMem, at(Full, R, Cl), S);
        if (!Spill)
          return Where.str() + " is outside the valid region but was overwritten";
        CopiedPadding = true;
      }
    }
  St.paddingCopies += CopiedPadding;
  return {};
}

class PartCrossCheck : public ::testing::TestWithParam<std::tuple<ref::Target, bool>> {};

TEST_P(PartCrossCheck, RulesAgreeWithReferenceModel) {
  const ref::Target T = std::get<0>(GetParam());
  const bool IsMax = std::get<1>(GetParam());
  checker::EngineOptions O;
  O.targets = {crosscheck::checkerTarget(T)};
  checker::Engine E(checker::RuleSet::builtin(), O);
  std::mt19937 Rng(20261123u + 2u * static_cast<unsigned>(T) + (IsMax ? 1u : 0u));
  Stats St;
  unsigned Mismatches = 0, BehaviourFailures = 0;
  for (int I = 0; I < Configs; ++I) {
    const ref::PartConfig C = randomConfig(Rng, T, IsMax);
    std::set<std::string> Model;
    ASSERT_NO_FATAL_FAILURE(
        crosscheck::compareWithModel(E, callSite(C), ref::partPreconditions(C), describe(C), Mismatches, Model));
    for (const auto &Id : Model)
      ++St.violated[Id];
    St.legal += Model.empty();

    // Behaviour: run the model on random bytes (every config, so bad ones must not crash it either).
    std::vector<uint8_t> A(bytesOf(C.src0)), B(bytesOf(C.src1)), D(bytesOf(C.dst));
    for (auto *M : {&A, &B, &D})
      for (uint8_t &X : *M)
        X = static_cast<uint8_t>(Rng());
    const std::vector<uint8_t> A0 = A, B0 = B, D0 = D;
    ref::partExecute(C, D.data(), A.data(), B.data(), ref::PartLimits{D.size(), A.size(), B.size()});
    EXPECT_TRUE(A == A0 && B == B0) << describe(C) << ": a source was written";
    const bool CpuBoxed = T == ref::Target::CPU && (C.dst.kind.boxed || C.src0.kind.boxed || C.src1.kind.boxed);
    if (Model.empty() && CpuBoxed) {
      ++St.notModelled; // the model does not implement the cpu simulator's fractal addressing (see partRuns)
    } else if (Model.empty()) {
      const std::string Why = checkDocumentedResult(C, D0, D, A, B, St);
      if (!Why.empty() && ++BehaviourFailures <= 10)
        ADD_FAILURE() << describe(C) << ": " << Why;
      ++St.executedLegal;
    } else if (T == ref::Target::A2A3 && Model == std::set<std::string>{"pto-part-valid-pattern"}) {
      EXPECT_EQ(D, D0) << describe(C) << ": an unsupported pattern must leave dst untouched on a2a3";
      ++St.a2a3NoOps;
    }
  }
  EXPECT_EQ(Mismatches, 0u);
  EXPECT_EQ(BehaviourFailures, 0u);

  // The sample must exercise both sides of every rule that can fail on this target.
  EXPECT_GT(St.legal, unsigned(Configs / 10));
  std::vector<std::pair<std::string, unsigned>> Need = {{"pto-part-dtype", 300},
                                                        {"pto-part-dtype-match", 300},
                                                        {"pto-tile-valid-bounds", 300},
                                                        {"pto-tile-row-pitch", 100}};
  if (T != ref::Target::CPU) {
    Need.push_back({"pto-part-layout", 300});
    Need.push_back({"pto-part-tile-loc", 300});
    Need.push_back({"pto-part-valid-pattern", 1000});
  }
  if (T == ref::Target::A5)
    Need.push_back({"pto-part-int64-cols", 50});
  for (const auto &[Id, Min] : Need)
    EXPECT_GT(St.violated[Id], Min) << Id << " is violated too rarely to be tested";
  if (T == ref::Target::A2A3) {
    EXPECT_GT(St.a2a3NoOps, 300u);
    EXPECT_GT(St.paddingCopies, 100u);
  }
  std::string Counts;
  for (const auto &[Id, N] : St.violated)
    Counts += " " + Id + "=" + std::to_string(N);
  std::printf("[ crosscheck ] %s %s: %d configurations, %u legal (%u results checked, %u boxed on cpu not "
              "modelled), a2a3 no-ops %u, a2a3 padding copies %u; violated:%s\n",
              IsMax ? "TPARTMAX" : "TPARTMIN", ref::targetName(T), Configs, St.legal, St.executedLegal, St.notModelled,
              St.a2a3NoOps, St.paddingCopies, Counts.c_str());
}

INSTANTIATE_TEST_SUITE_P(Targets, PartCrossCheck,
                         ::testing::Combine(::testing::Values(ref::Target::A2A3, ref::Target::A5, ref::Target::CPU),
                                            ::testing::Bool()),
                         [](const auto &I) {
                           return std::string(std::get<1>(I.param) ? "TPARTMAX_" : "TPARTMIN_") +
                                  ref::targetName(std::get<0>(I.param));
                         });

} // namespace
