// tests: rules vs reference model on random TCOLMAX/TCOLMIN configurations, per op and target: the set of rules
// pto-lint finds violated equals the set of preconditions the model reports, and a call the model finds legal
// computes the column maxima/minima of src's valid region into dst's valid columns and writes nothing else (but
// the rest of the 32-B block of row 0 on a2a3).
//
// Rules in scope: every rule that applies to TCOLMAX/TCOLMIN (rules/colreduce and the tile rules). The address
// rules pto-tile-overlap, pto-tile-ub-align and pto-tile-ub-capacity only speak about tiles placed with TASSIGN;
// the sampled tiles are not placed (hasaddr = 0), so those rules hold on every sample and the model (which does
// not model placement) reports none of them. They are not compared with the model here; that is deliberate.
// There is no scratch tile, so there is no footprint property to check.
#include "CrossCheckUtil.hpp"
#include "checker/Engine.h"
#include "pto/ref/ColReduce.hpp"

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

std::string describe(const ref::ColReduceConfig &C) {
  return std::string(C.isMax ? "TCOLMAX" : "TCOLMIN") + " on " + ref::targetName(C.target) + ": dst " + show(C.dst) +
         ", src " + show(C.src);
}

int roundUp(int X, int M) { return (X + M - 1) / M * M; }

ref::ColReduceConfig randomConfig(std::mt19937 &Rng, ref::Target T, bool IsMax) {
  auto Pick = [&](int N) { return static_cast<int>(Rng() % unsigned(N)); };
  auto Chance = [&](int Percent) { return Pick(100) < Percent; };
  using ref::Elem;
  static const Elem Common[] = {Elem::F16, Elem::F32, Elem::I16, Elem::I32, Elem::I8, Elem::BF16};
  static const Elem Any[] = {Elem::I8, Elem::U8, Elem::I16, Elem::U16, Elem::I32, Elem::U32,
                             Elem::I64, Elem::U64, Elem::F16, Elem::BF16, Elem::F32, Elem::F64};
  ref::ColReduceConfig C{T, IsMax, {}, {}};
  ref::ColReduceTile &S = C.src, &D = C.dst;
  S.elem = Chance(70) ? Common[Pick(6)] : Any[Pick(12)];
  if (Chance(85))
    D.elem = S.elem;
  else if ((S.elem == Elem::F16 || S.elem == Elem::BF16) && Chance(50))
    D.elem = Elem::F32;
  else
    D.elem = Any[Pick(12)];
  const int SS = int(ref::elemSize(S.elem)), DS = int(ref::elemSize(D.elem));
  const int SB = 32 / SS, DB = 32 / DS;

  S.kind = ref::TileKind{!Chance(4), !Chance(6), Chance(4)};
  D.kind = ref::TileKind{!Chance(4), !Chance(5), Chance(4)};
  S.rows = 1 + Pick(40);
  S.cols = SB * (1 + Pick(std::max(2, 160 / SB)));
  if (!S.kind.rowMajor)
    S.rows = roundUp(S.rows, SB);
  if (Chance(3))
    S.cols += 1 + Pick(SB); // a row pitch that is not a whole number of 32-B blocks (for most types)
  S.validRow = Chance(5) ? 0 : 1 + Pick(S.rows);
  S.validCol = Chance(5) ? 0 : 1 + Pick(S.cols);
  if (Chance(2))
    S.validRow = S.rows + 1;
  if (Chance(3))
    S.validCol = S.cols + 1 + Pick(8);

  D.rows = Chance(85) ? 1 : 2 + Pick(3);
  const int Pct = Pick(100);
  D.cols = Pct < 75 ? S.cols : Pct < 90 ? roundUp(std::max(1, S.validCol), DB) : S.cols + DB * (1 + Pick(4));
  if (!D.kind.rowMajor)
    D.rows = roundUp(D.rows, DB);
  D.validRow = Chance(90) ? 1 : Pick(D.rows + 1);
  D.validCol = Chance(90) ? S.validCol : std::max(0, S.validCol + (Chance(50) ? 1 : -1));
  return C;
}

checker::CallSite callSite(const ref::ColReduceConfig &C) {
  checker::CallSite K;
  K.op = C.isMax ? "TCOLMAX" : "TCOLMIN";
  K.overload = "plain";
  K.loc = {"random.cpp", 1, 1};
  K.operands.push_back({"dst", facts("dst", C.dst)});
  K.operands.push_back({"src", facts("src", C.src)});
  return K;
}

/// Element offset of (Row, Col) through a NoneBox tile's layout.
size_t offset(const ref::ColReduceTile &P, int Row, int Col) {
  return P.kind.rowMajor ? size_t(Row) * P.cols + Col : size_t(Row) + size_t(Col) * P.rows;
}

/// Checks that a legal call computes the column reduction of the valid region and writes nothing else (a2a3: but
/// the rest of row 0's 32-B blocks, which take src row 0's values). Legal calls are ND on a2a3 and a5; on cpu the
/// tiles may be DN. Run for a few element types, src and dst of the same type.
template <class T> void checkResult(std::mt19937 &Rng, const ref::ColReduceConfig &C, unsigned &Checked) {
  std::vector<T> Src(size_t(C.src.rows) * C.src.cols), Dst(size_t(C.dst.rows) * C.dst.cols, T(-3));
  for (T &V : Src)
    V = static_cast<T>(float(int(Rng() % 61) - 30));
  std::vector<float> Want(Dst.size(), -3.0f);
  const int Block = 32 / int(sizeof(T));
  const int Copied = C.target == ref::Target::A2A3 ? roundUp(C.src.validCol, Block) : C.src.validCol;
  for (int Col = 0; Col < Copied; ++Col) {
    float V = float(Src[offset(C.src, 0, Col)]);
    for (int R = 1; Col < C.src.validCol && R < C.src.validRow; ++R) {
      const float X = float(Src[offset(C.src, R, Col)]);
      V = C.isMax ? std::max(V, X) : std::min(V, X);
    }
    Want[offset(C.dst, 0, Col)] = V;
  }
  ref::colReduceExecute<T, T>(C, Src.data(), Dst.data());
  for (size_t K = 0; K < Dst.size(); ++K)
    ASSERT_EQ(float(Dst[K]), Want[K]) << describe(C) << " at dst element " << K;
  ++Checked;
}

using Param = std::tuple<ref::Target, bool>;

class ColReduceCrossCheck : public ::testing::TestWithParam<Param> {};

TEST_P(ColReduceCrossCheck, RulesAgreeWithReferenceModel) {
  const ref::Target T = std::get<0>(GetParam());
  const bool IsMax = std::get<1>(GetParam());
  checker::EngineOptions O;
  O.targets = {crosscheck::checkerTarget(T)};
  checker::Engine E(checker::RuleSet::builtin(), O);
  std::mt19937 Rng(20261122u + 7u * static_cast<unsigned>(T) + (IsMax ? 1u : 0u));
  unsigned Legal = 0, Mismatches = 0, ResultsChecked = 0;
  std::map<std::string, unsigned> Violated;
  for (int I = 0; I < Configs; ++I) {
    const ref::ColReduceConfig C = randomConfig(Rng, T, IsMax);
    std::set<std::string> Model;
    ASSERT_NO_FATAL_FAILURE(
        crosscheck::compareWithModel(E, callSite(C), ref::colReducePreconditions(C), describe(C), Mismatches, Model));
    for (const std::string &Id : Model)
      ++Violated[Id];
    if (!Model.empty())
      continue;
    ++Legal;
    if (C.dst.elem != C.src.elem || C.src.kind.boxed || C.dst.kind.boxed)
      continue; // mixed types (cpu) and fractal tiles (cpu) are covered by the unit tests
    switch (C.src.elem) {
    case ref::Elem::F32:
      checkResult<float>(Rng, C, ResultsChecked);
      break;
    case ref::Elem::I32:
      checkResult<int32_t>(Rng, C, ResultsChecked);
      break;
    case ref::Elem::I16:
      checkResult<int16_t>(Rng, C, ResultsChecked);
      break;
    case ref::Elem::I8:
      checkResult<int8_t>(Rng, C, ResultsChecked);
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
  std::vector<std::string> Expected = {"pto-colreduce-src-dtype",    "pto-colreduce-dst-dtype",
                                       "pto-colreduce-dst-validcol", "pto-colreduce-dst-validrow",
                                       "pto-colreduce-empty",        "pto-tile-row-pitch",
                                       "pto-tile-valid-bounds"};
  if (T != ref::Target::CPU)
    Expected.insert(Expected.end(), {"pto-colreduce-tile-loc", "pto-colreduce-src-layout", "pto-colreduce-dst-layout"});
  if (T == ref::Target::CPU && IsMax)
    Expected.push_back("pto-colreduce-dst-cols");
  if (T == ref::Target::A5)
    Expected.push_back("pto-colreduce-int64-cols");
  if (T == ref::Target::CPU && !IsMax) // the cpu simulator's TCOLMIN checks no element type
    Expected.erase(Expected.begin(), Expected.begin() + 2);
  for (const std::string &Id : Expected)
    EXPECT_GE(Violated[Id], 40u) << Id << " is rarely violated in the sample";
  for (const auto &[Id, N] : Violated)
    EXPECT_NE(std::find(Expected.begin(), Expected.end(), Id), Expected.end())
        << Id << " violated " << N << " times but has no variant for this op and target";

  std::string Counts;
  for (const auto &[Id, N] : Violated)
    Counts += " " + Id + "=" + std::to_string(N);
  std::printf("[ crosscheck ] %s %s: %d configurations, %u legal (%u results checked); violated:%s\n",
              IsMax ? "TCOLMAX" : "TCOLMIN", ref::targetName(T), Configs, Legal, ResultsChecked, Counts.c_str());
}

INSTANTIATE_TEST_SUITE_P(Targets, ColReduceCrossCheck,
                         ::testing::Combine(::testing::Values(ref::Target::A2A3, ref::Target::A5, ref::Target::CPU),
                                            ::testing::Bool()),
                         [](const auto &I) {
                           return std::string(std::get<1>(I.param) ? "TCOLMAX_" : "TCOLMIN_") +
                                  ref::targetName(std::get<0>(I.param));
                         });

} // namespace
