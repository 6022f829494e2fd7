// tests: rules vs reference model on random TMIN/TMAX configurations, per op and target: the set of rules pto-lint
// finds violated equals the set of preconditions the model reports, and a call the model finds legal computes the
// element-wise minimum/maximum over dst's valid region and writes nothing else.
//
// Rules in scope: every rule that applies to TMIN/TMAX (rules/elementwise and the tile rules). The address rules
// pto-tile-overlap, pto-tile-ub-align and pto-tile-ub-capacity only speak about tiles placed with TASSIGN; the
// sampled tiles are not placed (hasaddr = 0), so those rules hold on every sample and the model (which does not
// model placement) reports none of them. They are not compared with the model here; that is deliberate. There is
// no scratch tile, so there is no footprint property to check.
#include "CrossCheckUtil.hpp"
#include "checker/Engine.h"
#include "pto/ref/Elementwise.hpp"

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

using crosscheck::facts;
using crosscheck::show;
using crosscheck::toDType;

std::string describe(const ref::ElementwiseConfig &C) {
  return std::string(C.isMax ? "TMAX" : "TMIN") + " on " + ref::targetName(C.target) + ": dst " + show(C.dst) +
         ", src0 " + show(C.src0) + ", src1 " + show(C.src1);
}

int roundUp(int X, int M) { return (X + M - 1) / M * M; }

ref::ElementwiseConfig randomConfig(std::mt19937 &Rng, ref::Target T, bool IsMax) {
  auto Pick = [&](int N) { return static_cast<int>(Rng() % unsigned(N)); };
  auto Chance = [&](int Percent) { return Pick(100) < Percent; };
  using ref::Elem;
  static const Elem Common[] = {Elem::F16, Elem::F32, Elem::I16, Elem::I32};
  static const Elem Any[] = {Elem::I8, Elem::U8, Elem::I16, Elem::U16, Elem::I32, Elem::U32,
                             Elem::I64, Elem::U64, Elem::F16, Elem::BF16, Elem::F32, Elem::F64};
  ref::ElementwiseConfig C{T, IsMax, {}, {}, {}};
  ref::ElementwiseTile &D = C.dst;
  D.elem = Chance(70) ? Common[Pick(4)] : Any[Pick(12)];
  // A tile of the given element type at least VR x VC (before any deliberate fault), in a random layout.
  auto Shape = [&](ref::ElementwiseTile &Tl, int VR, int VC) {
    const int B = 32 / int(ref::elemSize(Tl.elem));
    Tl.kind = ref::TileKind{!Chance(3), !Chance(5), Chance(3)};
    Tl.rows = std::max(VR, 1) + (Chance(70) ? 0 : Pick(8));
    Tl.cols = roundUp(std::max(VC, 1), B) + (Chance(70) ? 0 : B * Pick(4));
    if (!Tl.kind.rowMajor)
      Tl.rows = roundUp(Tl.rows, B);
    if (Chance(2))
      Tl.cols += 1 + Pick(B); // a line that is not a whole number of 32-B blocks (for most types)
  };
  const int VR = Chance(4) ? 0 : 1 + Pick(24);
  const int VC = Chance(4) ? 0 : 1 + Pick(96);
  D.validRow = VR;
  D.validCol = VC;
  Shape(D, VR, VC);
  for (ref::ElementwiseTile *S : {&C.src0, &C.src1}) {
    S->elem = Chance(90) ? D.elem : Any[Pick(12)];
    S->validRow = Chance(92) ? VR : Pick(VR + 3);
    S->validCol = Chance(92) ? VC : Pick(VC + 5);
    Shape(*S, S->validRow, S->validCol);
  }
  ref::ElementwiseTile *Out = Chance(50) ? &C.dst : Chance(50) ? &C.src0 : &C.src1;
  if (Chance(3))
    Out->validRow = Out->rows + 1 + Pick(3); // valid region beyond the tile
  if (Chance(3))
    Out->validCol = Out->cols + 1 + Pick(3);
  return C;
}

checker::CallSite callSite(const ref::ElementwiseConfig &C) {
  checker::CallSite K;
  K.op = C.isMax ? "TMAX" : "TMIN";
  K.overload = "plain";
  K.loc = {"random.cpp", 1, 1};
  K.operands.push_back({"dst", facts("dst", C.dst)});
  K.operands.push_back({"src0", facts("src0", C.src0)});
  K.operands.push_back({"src1", facts("src1", C.src1)});
  return K;
}

/// Element offset of (Row, Col) through a NoneBox tile's layout.
size_t offset(const ref::ElementwiseTile &P, int Row, int Col) {
  return P.kind.rowMajor ? size_t(Row) * P.cols + Col : size_t(Row) + size_t(Col) * P.rows;
}

/// A legal call writes op(src0, src1) into dst's valid region and nothing else (legal calls are row-major on a2a3
/// and a5; on cpu the tiles may be DN). No NaNs in the data, so the targets agree.
template <class T> void checkResult(std::mt19937 &Rng, const ref::ElementwiseConfig &C, unsigned &Checked) {
  auto Fill = [&](const ref::ElementwiseTile &P) {
    std::vector<T> V(size_t(P.rows) * P.cols);
    for (T &X : V)
      X = static_cast<T>(float(int(Rng() % 61) - 30));
    return V;
  };
  const std::vector<T> A = Fill(C.src0), B = Fill(C.src1);
  std::vector<T> Dst(size_t(C.dst.rows) * C.dst.cols, T(-77));
  std::vector<float> Want(Dst.size(), -77.0f);
  for (int R = 0; R < C.dst.validRow; ++R)
    for (int Col = 0; Col < C.dst.validCol; ++Col) {
      const float X = float(A[offset(C.src0, R, Col)]), Y = float(B[offset(C.src1, R, Col)]);
      Want[offset(C.dst, R, Col)] = C.isMax ? std::max(X, Y) : std::min(X, Y);
    }
  ref::elementwiseExecute<T>(C, Dst.data(), A.data(), B.data());
  for (size_t K = 0; K < Dst.size(); ++K)
    ASSERT_EQ(float(Dst[K]), Want[K]) << describe(C) << " at dst element " << K;
  ++Checked;
}

using Param = std::tuple<ref::Target, bool>;

class ElementwiseCrossCheck : public ::testing::TestWithParam<Param> {};

TEST_P(ElementwiseCrossCheck, RulesAgreeWithReferenceModel) {
  const ref::Target T = std::get<0>(GetParam());
  const bool IsMax = std::get<1>(GetParam());
  checker::EngineOptions O;
  O.targets = {crosscheck::checkerTarget(T)};
  checker::Engine E(checker::RuleSet::builtin(), O);
  std::mt19937 Rng(20261123u + 7u * static_cast<unsigned>(T) + (IsMax ? 1u : 0u));
  unsigned Legal = 0, Mismatches = 0, ResultsChecked = 0;
  std::map<std::string, unsigned> Violated;
  for (int I = 0; I < Configs; ++I) {
    const ref::ElementwiseConfig C = randomConfig(Rng, T, IsMax);
    std::set<std::string> Model;
    ASSERT_NO_FATAL_FAILURE(
        crosscheck::compareWithModel(E, callSite(C), ref::elementwisePreconditions(C), describe(C), Mismatches, Model));
    for (const std::string &Id : Model)
      ++Violated[Id];
    if (!Model.empty())
      continue;
    ++Legal;
    if (C.dst.kind.boxed || C.src0.kind.boxed || C.src1.kind.boxed)
      continue; // fractal tiles (legal on cpu) are not executed by the model
    switch (C.dst.elem) {
    case ref::Elem::F32:
      checkResult<float>(Rng, C, ResultsChecked);
      break;
    case ref::Elem::I32:
      checkResult<int32_t>(Rng, C, ResultsChecked);
      break;
    case ref::Elem::I16:
      checkResult<int16_t>(Rng, C, ResultsChecked);
      break;
    case ref::Elem::I64:
      checkResult<int64_t>(Rng, C, ResultsChecked);
      break;
    default:
      break;
    }
  }
  EXPECT_EQ(Mismatches, 0u);

  // The sample exercises both sides: many legal calls (with results checked), and every rule that has a variant
  // for this op and target violated often.
  EXPECT_GT(Legal, Configs / 10u);
  EXPECT_GT(ResultsChecked, Configs / 20u);
  std::vector<std::string> Expected = {"pto-elementwise-dtype-match", "pto-elementwise-valid-shape",
                                       "pto-tile-row-pitch", "pto-tile-valid-bounds"};
  if (T != ref::Target::CPU)
    Expected.insert(Expected.end(), {"pto-elementwise-dtype", "pto-elementwise-layout"});
  for (const std::string &Id : Expected)
    EXPECT_GE(Violated[Id], 40u) << Id << " is rarely violated in the sample";
  for (const auto &[Id, N] : Violated)
    EXPECT_NE(std::find(Expected.begin(), Expected.end(), Id), Expected.end())
        << Id << " violated " << N << " times but has no variant for this op and target";

  std::string Counts;
  for (const auto &[Id, N] : Violated)
    Counts += " " + Id + "=" + std::to_string(N);
  std::printf("[ crosscheck ] %s %s: %d configurations, %u legal (%u results checked); violated:%s\n",
              IsMax ? "TMAX" : "TMIN", ref::targetName(T), Configs, Legal, ResultsChecked, Counts.c_str());
}

INSTANTIATE_TEST_SUITE_P(Targets, ElementwiseCrossCheck,
                         ::testing::Combine(::testing::Values(ref::Target::A2A3, ref::Target::A5, ref::Target::CPU),
                                            ::testing::Bool()),
                         [](const auto &I) {
                           return std::string(std::get<1>(I.param) ? "TMAX_" : "TMIN_") +
                                  ref::targetName(std::get<0>(I.param));
                         });

} // namespace
