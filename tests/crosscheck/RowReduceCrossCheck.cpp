// tests: TROWMAX/TROWMIN rules vs the reference model, through the family harness (Family.hpp). The adapter:
// random calls, their facts, and the result a legal call must compute (dst(i, 0) = max/min of src's valid row i;
// nothing else of dst written).
#include "Family.hpp"
#include "pto/ref/RowReduce.hpp"

#include <algorithm>
#include <vector>

using namespace pto;

namespace {

int roundUp(int X, int M) { return (X + M - 1) / M * M; }

struct RowReduceFamily {
  using Config = ref::RowReduceConfig;

  static Config random(std::mt19937 &Rng, ref::Target T, bool IsMax) {
    auto Pick = [&](int N) { return static_cast<int>(Rng() % unsigned(N)); };
    auto Chance = [&](int Percent) { return Pick(100) < Percent; };
    using ref::Elem;
    static const Elem Common[] = {Elem::F32, Elem::F16, Elem::I32, Elem::I16, Elem::I8, Elem::F32};
    static const Elem Any[] = {Elem::I8, Elem::U8, Elem::I16, Elem::U16, Elem::I32, Elem::U32,
                               Elem::I64, Elem::U64, Elem::F16, Elem::BF16, Elem::F32, Elem::F64};
    Config C{T, IsMax, {}, {}, {}};
    ref::RowReduceTile &S = C.src, &D = C.dst, &M = C.tmp;
    S.elem = Chance(85) ? Common[Pick(6)] : Any[Pick(12)];
    D.elem = Chance(92) ? S.elem : Any[Pick(12)];
    M.elem = Chance(85) ? S.elem : Any[Pick(12)];
    const int SB = 32 / int(ref::elemSize(S.elem)), DB = 32 / int(ref::elemSize(D.elem)),
              MB = 32 / int(ref::elemSize(M.elem));
    S.kind = ref::TileKind{!Chance(3), !Chance(4), Chance(3)};
    D.kind = ref::TileKind{!Chance(3), Chance(30), Chance(3)};
    M.kind = ref::TileKind{!Chance(5), true, false};
    S.rows = 1 + Pick(24);
    S.cols = SB * (1 + Pick(std::max(2, 320 / SB)));
    if (!S.kind.rowMajor)
      S.rows = roundUp(S.rows, SB);
    if (Chance(2))
      S.cols += 1 + Pick(SB);
    S.validRow = Chance(4) ? 0 : 1 + Pick(S.rows);
    S.validCol = Chance(4) ? 0 : 1 + Pick(S.cols);
    if (Chance(2))
      S.validRow = S.rows + 1;
    // dst: a column (DN, one column) or row-major rows; its valid rows usually src's.
    D.rows = std::max(S.rows, 1);
    D.cols = D.kind.rowMajor ? DB * (1 + Pick(2)) : (Chance(90) ? 1 : 2);
    if (!D.kind.rowMajor)
      D.rows = roundUp(D.rows, DB);
    D.validRow = Chance(90) ? S.validRow : Pick(D.rows + 1);
    D.validCol = 1;
    // tmp: src's shape (the documented safe choice), or something narrower, shorter or smaller.
    const int Pct = Pick(100);
    if (Pct < 45) {
      M.rows = S.rows;
      M.cols = std::max(MB, roundUp(S.cols * int(ref::elemSize(S.elem)), 32) / int(ref::elemSize(M.elem)));
    } else if (Pct < 70) {
      M.rows = 1 + Pick(std::max(1, S.rows));
      M.cols = MB * (1 + Pick(std::max(2, 320 / MB)));
    } else if (Pct < 85) {
      M.rows = S.rows + Pick(64);
      M.cols = MB * (1 + Pick(std::max(1, 128 / MB)));
    } else {
      M.rows = 1;
      M.cols = MB;
    }
    M.validRow = M.rows;
    M.validCol = M.cols;
    // Now and then a static FP32 shape with the dedicated A2A3 path.
    if (T == ref::Target::A2A3 && Chance(3)) {
      static const int Shapes[4][2] = {{64, 128}, {32, 256}, {16, 512}, {8, 1024}};
      const int K = Pick(4);
      S = ref::RowReduceTile{Elem::F32, Shapes[K][0], Shapes[K][1], Shapes[K][0], Shapes[K][1], {}};
      D = ref::RowReduceTile{Elem::F32, Shapes[K][0], 1, Shapes[K][0], 1, ref::TileKind{true, false, false}};
      M = ref::RowReduceTile{Elem::F32, 1 + Pick(16), 64, 0, 64, {}};
      M.validRow = M.rows;
    }
    return C;
  }

  static checker::CallSite callSite(const Config &C) {
    checker::CallSite K;
    K.op = C.isMax ? "TROWMAX" : "TROWMIN";
    K.overload = "plain";
    K.loc = {"random.cpp", 1, 1};
    K.operands = {{"dst", crosscheck::facts("dst", C.dst)}, {"src", crosscheck::facts("src", C.src)},
                  {"tmp", crosscheck::facts("tmp", C.tmp)}};
    return K;
  }

  static std::vector<ref::Precondition> preconditions(const Config &C) { return ref::rowReducePreconditions(C); }

  static std::string describe(const Config &C) {
    return std::string(C.isMax ? "TROWMAX" : "TROWMIN") + " on " + ref::targetName(C.target) + ": dst " +
           crosscheck::show(C.dst) + ", src " + crosscheck::show(C.src) + ", tmp " + crosscheck::show(C.tmp);
  }

  template <class T> static void run(std::mt19937 &Rng, const Config &C) {
    std::vector<T> Src(size_t(C.src.rows) * C.src.cols), Dst(size_t(C.dst.rows) * C.dst.cols, T(-3));
    for (T &V : Src)
      V = static_cast<T>(float(int(Rng() % 61) - 30));
    std::vector<float> Want(Dst.size(), -3.0f);
    for (int R = 0; R < C.src.validRow && C.src.validCol > 0; ++R) {
      float V = float(Src[ref::tileaccess::layoutOffset(C.src, R, 0)]);
      for (int Col = 1; Col < C.src.validCol; ++Col) {
        const float X = float(Src[ref::tileaccess::layoutOffset(C.src, R, Col)]);
        V = C.isMax ? std::max(V, X) : std::min(V, X);
      }
      Want[ref::tileaccess::layoutOffset(C.dst, R, 0)] = V;
    }
    ref::rowReduceExecute<T>(C, Src.data(), Dst.data());
    for (size_t K = 0; K < Dst.size(); ++K)
      ASSERT_EQ(float(Dst[K]), Want[K]) << describe(C) << " at dst element " << K;
  }

  static bool checkResult(std::mt19937 &Rng, const Config &C) {
    if (C.dst.elem != C.src.elem || C.src.kind.boxed || C.dst.kind.boxed)
      return false; // mixed types and fractal tiles (cpu only) are not executed here
    switch (C.src.elem) {
    case ref::Elem::F32: run<float>(Rng, C); return true;
    case ref::Elem::I32: run<int32_t>(Rng, C); return true;
    case ref::Elem::I16: run<int16_t>(Rng, C); return true;
    case ref::Elem::I8: run<int8_t>(Rng, C); return true;
    default: return false;
    }
  }
};

using Param = std::tuple<ref::Target, bool>;
class RowReduceCrossCheck : public ::testing::TestWithParam<Param> {};

TEST_P(RowReduceCrossCheck, RulesAgreeWithReferenceModel) {
  const bool IsMax = std::get<1>(GetParam());
  crosscheck::runFamilyCrossCheck<RowReduceFamily>(std::get<0>(GetParam()), IsMax, IsMax ? "TROWMAX" : "TROWMIN");
}

INSTANTIATE_TEST_SUITE_P(Targets, RowReduceCrossCheck,
                         ::testing::Combine(::testing::Values(ref::Target::A2A3, ref::Target::A5, ref::Target::CPU),
                                            ::testing::Bool()),
                         [](const auto &I) {
                           return std::string(std::get<1>(I.param) ? "TROWMAX_" : "TROWMIN_") +
                                  ref::targetName(std::get<0>(I.param));
                         });

} // namespace
