// Preconditions of TCOLARGMIN/TCOLARGMAX per target: each rule id fires on its fault and legal calls stay quiet.
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "ColArgTestUtil.hpp"
#include "pto/ref/ColArg.hpp"

using namespace pto::ref;
using pto::ref::test::findId;
using pto::ref::test::hasId;
using pto::ref::test::makeConfig;

namespace {

std::string ids(const std::vector<Precondition> &Ps) {
  std::string S;
  for (const Precondition &P : Ps)
    S += P.id + ": " + P.message + "\n";
  return S;
}

TEST(ColArgPreconditions, LegalCallsHaveNone) {
  std::vector<ColArgConfig> Legal = {
      // a2a3: every source type, both forms, tmp exactly the footprint.
      [] {
        auto C = makeConfig(Target::A2A3, Elem::F16, Elem::U32, 16, 256, 16, 255);
        C.tmpBytes = 768;
        return C;
      }(),
      [] {
        auto C = makeConfig(Target::A2A3, Elem::U16, Elem::I16, 16, 256, 16, 255, true);
        C.tmpBytes = 512;
        return C;
      }(),
      [] {
        auto C = makeConfig(Target::A2A3, Elem::F32, Elem::I32, 16, 256, 16, 255, true, true);
        C.tmpBytes = 512;
        return C;
      }(),
      [] {
        auto C = makeConfig(Target::A2A3, Elem::U32, Elem::U32, 4, 8, 4, 8);
        C.tmpBytes = 64;
        return C;
      }(),
      makeConfig(Target::A2A3, Elem::F16, Elem::I32, 2049, 16, 2049, 16),
      // a5: 8/16/32-bit, tmp ignored.
      [] {
        auto C = makeConfig(Target::A5, Elem::I8, Elem::I32, 16, 32, 16, 32);
        C.tmpBytes = 0;
        return C;
      }(),
      makeConfig(Target::A5, Elem::BF16, Elem::I16, 16, 32, 16, 17, true),
      makeConfig(Target::A5, Elem::U32, Elem::I32, 16, 32, 16, 17, true, true),
      makeConfig(Target::A5, Elem::F16, Elem::I32, 4000, 16, 4000, 16),
      // cpu: any integer/float type, DN allowed in the 3-operand form.
      makeConfig(Target::CPU, Elem::F32, Elem::I32, 4, 8, 4, 6, true),
      makeConfig(Target::CPU, Elem::I64, Elem::U32, 4, 8, 4, 6),
      [] {
        auto C = makeConfig(Target::CPU, Elem::F32, Elem::I32, 8, 8, 8, 8);
        C.srcRowMajor = false;
        return C;
      }(),
  };
  for (const ColArgConfig &Cfg : Legal)
    EXPECT_TRUE(colArgPreconditions(Cfg).empty()) << targetName(Cfg.target) << " " << elemName(Cfg.src) << "\n"
                                                  << ids(colArgPreconditions(Cfg));
}

struct Fault {
  const char *id;
  ColArgConfig cfg;
};

TEST(ColArgPreconditions, EachIdFiresOnItsFault) {
  auto With = [](ColArgConfig C, auto Mutate) {
    Mutate(C);
    return C;
  };
  const ColArgConfig F32A2 = makeConfig(Target::A2A3, Elem::F32, Elem::I32, 16, 64, 16, 60);
  const std::vector<Fault> Faults = {
      {"pto-colargmin-src-dtype", makeConfig(Target::A2A3, Elem::I32, Elem::I32, 4, 8, 4, 8)},
      {"pto-colargmin-src-dtype", makeConfig(Target::A2A3, Elem::BF16, Elem::I32, 4, 16, 4, 16)},
      {"pto-colargmin-src-dtype", makeConfig(Target::A5, Elem::I64, Elem::I32, 4, 8, 4, 8)},
      {"pto-colargmin-src-dtype", makeConfig(Target::A5, Elem::U8, Elem::I32, 4, 32, 4, 32, true)},
      {"pto-colargmin-src-dtype", makeConfig(Target::CPU, Elem::F64, Elem::I32, 4, 8, 4, 8)},
      {"pto-colargmin-idx-dtype", makeConfig(Target::A2A3, Elem::F16, Elem::I16, 4, 16, 4, 16)},
      {"pto-colargmin-idx-dtype", makeConfig(Target::A2A3, Elem::F16, Elem::I32, 4, 16, 4, 16, true)},
      {"pto-colargmin-idx-dtype", makeConfig(Target::A5, Elem::F32, Elem::U16, 4, 8, 4, 8, true)},
      {"pto-colargmin-idx-dtype", makeConfig(Target::CPU, Elem::F16, Elem::I16, 4, 16, 4, 16, true)},
      {"pto-colargmin-dst-validrow", With(F32A2, [](ColArgConfig &C) { C.dstRows = C.dstValidRow = 2; })},
      {"pto-colargmin-dst-validrow", With(makeConfig(Target::CPU, Elem::F32, Elem::I32, 4, 8, 4, 8, true),
                                          [](ColArgConfig &C) {
                                            C.dstVal = TileShape{4, 8, 4, 8};
                                          })},
      {"pto-colargmin-dst-validcol", With(F32A2, [](ColArgConfig &C) { C.dstValidCol = 59; })},
      {"pto-colargmin-valid-nonzero", With(F32A2, [](ColArgConfig &C) { C.validRow = 0; })},
      {"pto-colargmin-valid-nonzero", With(makeConfig(Target::A5, Elem::F32, Elem::I32, 4, 8, 4, 8),
                                           [](ColArgConfig &C) { C.validCol = C.dstValidCol = 0; })},
      {"pto-colargmin-tmp-size", With(F32A2, [](ColArgConfig &C) { C.tmpBytes = 128; })},
      {"pto-colargmin-index-exact", makeConfig(Target::A2A3, Elem::U16, Elem::I32, 2050, 16, 2050, 16)},
      {"pto-colargmin-src-layout", With(F32A2, [](ColArgConfig &C) { C.srcRowMajor = false; })},
      {"pto-colargmin-src-layout",
       With(makeConfig(Target::A5, Elem::F32, Elem::I32, 8, 8, 8, 8), [](ColArgConfig &C) { C.srcRowMajor = false; })},
      {"pto-colargmin-src-layout", With(makeConfig(Target::CPU, Elem::F32, Elem::I32, 8, 8, 8, 8, true),
                                        [](ColArgConfig &C) { C.srcRowMajor = false; })},
      {"pto-colargmin-src-nonebox",
       With(makeConfig(Target::CPU, Elem::F32, Elem::I32, 16, 16, 16, 16), [](ColArgConfig &C) { C.srcBoxed = true; })},
      {"pto-colargmin-tile-loc", With(F32A2, [](ColArgConfig &C) { C.srcVec = false; })},
      {"pto-colargmin-tile-loc", With(makeConfig(Target::CPU, Elem::F32, Elem::I32, 4, 8, 4, 8, true),
                                      [](ColArgConfig &C) { C.dstValKind.vec = false; })},
      {"pto-colargmin-dst-layout", With(F32A2, [](ColArgConfig &C) { C.dstIdxKind.rowMajor = false; })},
      {"pto-colargmin-dst-layout", With(makeConfig(Target::A5, Elem::F32, Elem::I32, 4, 8, 4, 8, true),
                                        [](ColArgConfig &C) { C.dstValKind.boxed = true; })},
      {"pto-colargmin-dst-layout", With(makeConfig(Target::CPU, Elem::F32, Elem::I32, 4, 8, 4, 8, true),
                                        [](ColArgConfig &C) { C.dstIdxKind.boxed = true; })},
      {"pto-colargmin-tmp-dtype", With(F32A2, [](ColArgConfig &C) { C.tmpElem = Elem::U32; })},
      {"pto-colargmin-val-dtype", With(makeConfig(Target::A5, Elem::F16, Elem::I16, 4, 16, 4, 16, true),
                                       [](ColArgConfig &C) { C.valElem = Elem::F32; })},
      {"pto-tile-valid-bounds", With(F32A2, [](ColArgConfig &C) { C.validRow = 17; })},
      {"pto-tile-valid-bounds", With(F32A2, [](ColArgConfig &C) { C.dstCols = 56; })},
  };
  for (const Fault &F : Faults) {
    const std::vector<Precondition> Ps = colArgPreconditions(F.cfg);
    EXPECT_TRUE(hasId(Ps, F.id)) << F.id << " on " << targetName(F.cfg.target) << "\n" << ids(Ps);
    for (const Precondition &P : Ps) {
      // Diagnostic text: lowercase start, no final period, the found/required shape (STYLE.md §4).
      EXPECT_FALSE(P.message.empty());
      EXPECT_FALSE(std::isupper(static_cast<unsigned char>(P.message.front()))) << P.message;
      EXPECT_NE(P.message.back(), '.') << P.message;
      EXPECT_NE(P.message.find(" but "), std::string::npos) << P.message;
    }
  }
}

TEST(ColArgPreconditions, TmpSizeNamesFoundAndRequiredBytes) {
  auto Cfg = makeConfig(Target::A2A3, Elem::F16, Elem::I32, 16, 256, 16, 255);
  Cfg.tmpBytes = 64; // Tile<half, 1, 32>, as in the upstream ST kernels
  const auto P = findId(colArgPreconditions(Cfg), "pto-colargmin-tmp-size");
  ASSERT_TRUE(P.has_value());
  EXPECT_EQ(P->message, "tmp tile holds 64 B but TCOLARGMIN on a 16x255 f16 source needs 768 B on a2a3");
  EXPECT_EQ(P->severity, Severity::Error);
  EXPECT_EQ(P->kind, CheckKind::Derived);
  Cfg.tmpBytes = 767;
  EXPECT_TRUE(hasId(colArgPreconditions(Cfg), "pto-colargmin-tmp-size"));
  Cfg.tmpBytes = 768;
  EXPECT_FALSE(hasId(colArgPreconditions(Cfg), "pto-colargmin-tmp-size"));
  Cfg.target = Target::A5;
  Cfg.tmpBytes = 0;
  EXPECT_FALSE(hasId(colArgPreconditions(Cfg), "pto-colargmin-tmp-size"));
}

TEST(ColArgPreconditions, IndexExactnessOnlyConcernsA2A3SixteenBitIndexOnly) {
  auto Cfg = makeConfig(Target::A2A3, Elem::F16, Elem::I32, 3000, 16, 2049, 16);
  EXPECT_FALSE(hasId(colArgPreconditions(Cfg), "pto-colargmin-index-exact"));
  Cfg.validRow = 2050;
  const auto P = findId(colArgPreconditions(Cfg), "pto-colargmin-index-exact");
  ASSERT_TRUE(P.has_value());
  EXPECT_EQ(P->severity, Severity::Warning);
  Cfg.withVal = true;
  Cfg.idx = Elem::I16;
  EXPECT_FALSE(hasId(colArgPreconditions(Cfg), "pto-colargmin-index-exact"));
  Cfg = makeConfig(Target::A2A3, Elem::F32, Elem::I32, 3000, 8, 3000, 8);
  EXPECT_FALSE(hasId(colArgPreconditions(Cfg), "pto-colargmin-index-exact"));
  Cfg = makeConfig(Target::A5, Elem::F16, Elem::I32, 3000, 16, 3000, 16);
  EXPECT_FALSE(hasId(colArgPreconditions(Cfg), "pto-colargmin-index-exact"));
}

TEST(ColArgPreconditions, ColumnMajorSourceSeverityPerTarget) {
  for (Target T : {Target::A2A3, Target::A5, Target::CPU}) {
    for (bool WithVal : {false, true}) {
      auto Cfg = makeConfig(T, Elem::F32, Elem::I32, 8, 8, 8, 8, WithVal);
      Cfg.srcRowMajor = false;
      const auto P = findId(colArgPreconditions(Cfg), "pto-colargmin-src-layout");
      if (T == Target::CPU && !WithVal) {
        EXPECT_FALSE(P.has_value()) << "the cpu simulator addresses DN sources correctly";
        continue;
      }
      ASSERT_TRUE(P.has_value()) << targetName(T);
      EXPECT_EQ(P->severity, T == Target::CPU ? Severity::Error : Severity::Warning) << targetName(T);
    }
  }
}

TEST(ColArgPreconditions, TargetSpecificLayoutAndTypeRules) {
  // cpu's value+index form checks only that dstIdx is NoneBox; a DN dstIdx or any dstVal layout passes.
  auto Cpu = makeConfig(Target::CPU, Elem::F32, Elem::I32, 4, 8, 4, 8, true);
  Cpu.dstIdxKind.rowMajor = false;
  Cpu.dstValKind.boxed = true;
  EXPECT_FALSE(hasId(colArgPreconditions(Cpu), "pto-colargmin-dst-layout")) << ids(colArgPreconditions(Cpu));
  Cpu.withVal = false;
  EXPECT_TRUE(hasId(colArgPreconditions(Cpu), "pto-colargmin-dst-layout"));
  // tmp's element type matters on a2a3 only, dstVal's only in the value+index form.
  for (Target T : {Target::A5, Target::CPU}) {
    auto Cfg = makeConfig(T, Elem::F32, Elem::I32, 4, 8, 4, 8);
    Cfg.tmpElem = Elem::U8;
    Cfg.valElem = Elem::F16;
    EXPECT_TRUE(colArgPreconditions(Cfg).empty()) << targetName(T) << "\n" << ids(colArgPreconditions(Cfg));
  }
}

TEST(ColArgPreconditions, DebugAssertsAreMarkedAsSuch) {
  auto Cfg = makeConfig(Target::A5, Elem::F32, Elem::I32, 4, 8, 4, 8);
  Cfg.dstValidCol = 7;
  const auto P = findId(colArgPreconditions(Cfg), "pto-colargmin-dst-validcol");
  ASSERT_TRUE(P.has_value());
  EXPECT_EQ(P->kind, CheckKind::DebugAssert);
  EXPECT_EQ(P->message, "dst validCol is 7 but TCOLARGMIN on a5 requires the src validCol 8");
}

TEST(ColArgPreconditions, OneFaultGivesOneFinding) {
  auto Cfg = makeConfig(Target::A2A3, Elem::F32, Elem::I32, 16, 64, 16, 60);
  Cfg.dstValidRow = 0;
  const auto Ps = colArgPreconditions(Cfg);
  ASSERT_EQ(Ps.size(), 1u) << ids(Ps);
  EXPECT_EQ(Ps[0].id, "pto-colargmin-dst-validrow");
}

} // namespace
