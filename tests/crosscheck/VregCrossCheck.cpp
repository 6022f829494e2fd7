// tests: vmin/vmax register rules vs the A5 register model on random configurations: pto-vmin-mask-width is
// violated exactly when some element count makes the predicate enable other lanes than intended.
#include "checker/Engine.h"
#include "pto/ops/VectorRegs.hpp"

#include <gtest/gtest.h>

#include <random>

using namespace pto;

namespace {

template <typename T> size_t activeLanes(const MaskReg &M) {
  RegTensor<T> A, B, C;
  for (size_t I = 0; I < RegTensor<T>::Lanes; ++I) {
    A.lane[I] = T(1);
    B.lane[I] = T(2);
  }
  vmin(C, A, B, const_cast<MaskReg &>(M), MODE_ZEROING);
  size_t N = 0;
  for (size_t I = 0; I < RegTensor<T>::Lanes; ++I)
    N += C.lane[I] == T(1);
  return N;
}

MaskReg make(unsigned Kind, unsigned Width, uint32_t Count) {
  uint32_t C = Count;
  if (Kind == 0) // plt
    return Width == 8 ? plt_b8(C, NO_UPDATE) : Width == 16 ? plt_b16(C, NO_UPDATE) : plt_b32(C, NO_UPDATE);
  auto P = Kind == 1 ? PAT_ALL : static_cast<PredicatePattern>(1 + Count % 8);
  return Width == 8 ? pset_b8(P) : Width == 16 ? pset_b16(P) : pset_b32(P);
}

checker::TileFacts reg(const char *Expr, checker::DType D, const char *Name) {
  checker::TileFacts T;
  T.isReg = true;
  T.expr = Expr;
  T.dtype = D;
  T.dtypeName = Name;
  return T;
}

/// True if, for some element count, the predicate built with Width enables other lanes of T than the
/// same predicate built with T's own width would.
template <typename T> bool wrongLanesForSome(unsigned Kind, unsigned Width) {
  for (uint32_t Count = 1; Count <= 256; ++Count)
    if (activeLanes<T>(make(Kind, Width, Count)) != activeLanes<T>(make(Kind, 8 * sizeof(T), Count)))
      return true;
  return false;
}

TEST(VregCrossCheck, MaskWidthRuleMatchesModel) {
  checker::EngineOptions O;
  O.targets = {checker::Target::A5};
  O.enable = {"pto-vmin-mask-width"};
  checker::Engine E(checker::RuleSet::builtin(), O);
  std::mt19937 Rng(5);
  const unsigned Widths[] = {8, 16, 32};
  unsigned Violated = 0, Proved = 0;
  for (int I = 0; I < 10000; ++I) {
    unsigned Kind = Rng() % 3, Width = Widths[Rng() % 3], Ty = Rng() % 3;
    checker::CallSite C;
    C.op = Rng() % 2 ? "vmin" : "vmax";
    C.overload = "reg";
    C.loc = {"r.cpp", 1, 1};
    checker::DType D = Ty == 0 ? checker::DType::I8 : Ty == 1 ? checker::DType::F16 : checker::DType::F32;
    const char *N = Ty == 0 ? "int8_t" : Ty == 1 ? "half" : "float";
    for (const char *Role : {"dst", "src0", "src1"})
      C.operands.push_back({Role, reg(Role, D, N)});
    checker::TileFacts M;
    M.isMask = true;
    M.expr = "p";
    M.maskWidth = Width;
    M.maskPartial = Kind == 1 ? 0 : 1;
    M.maskOrigin = "p";
    C.operands.push_back({"mask", M});
    C.constants.emplace_back("op.invecscope", 1);
    std::vector<checker::Finding> Fs;
    checker::Tally T;
    E.check(C, Fs, T);
    bool RuleFails = !Fs.empty();
    bool ModelWrong = Ty == 0 ? wrongLanesForSome<int8_t>(Kind, Width)
                              : Ty == 1 ? wrongLanesForSome<int16_t>(Kind, Width) : wrongLanesForSome<float>(Kind, Width);
    ASSERT_EQ(RuleFails, ModelWrong) << C.op << " T=" << N << " kind=" << Kind << " width=" << Width;
    (RuleFails ? Violated : Proved)++;
  }
  EXPECT_GT(Violated, 2000u);
  EXPECT_GT(Proved, 2000u);
}

} // namespace
