// Preconditions of the TROWEXPANDMIN/TROWEXPANDMAX reference model: legal calls, one id per fault and target,
// which source is the broadcast one, and how each is checked upstream.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "RowExpandTestUtil.hpp"
#include "pto/ref/RowExpand.hpp"

using namespace pto::ref;
using pto::ref::test::findPrecondition;
using pto::ref::test::idsOf;
using pto::ref::test::reConfig;
using pto::ref::test::reTile;

namespace {

using Ids = std::set<std::string>;
const Target AllTargets[] = {Target::A2A3, Target::A5, Target::CPU};

/// float 16 x 64 full source, ColMajor 16 x 1 column.
RowExpandConfig base(Target T, bool WithTmp = false) { return reConfig(T, Elem::F32, 16, 64, 16, 64, false, WithTmp); }

/// float 16 x 64 full source, RowMajor 16 x 8 block.
RowExpandConfig block(Target T, bool WithTmp = false) {
  RowExpandConfig C = base(T, WithTmp);
  C.src1 = reTile(Elem::F32, 16, 8, 16, 8);
  return C;
}

TEST(RowExpandPreconditions, LegalCallsHaveNone) {
  for (Target T : AllTargets) {
    for (bool WithTmp : {false, true}) {
      EXPECT_TRUE(rowExpandPreconditions(base(T, WithTmp)).empty()) << targetName(T);
      RowExpandConfig Swapped = base(T, WithTmp);
      std::swap(Swapped.src0, Swapped.src1);
      EXPECT_TRUE(rowExpandPreconditions(Swapped).empty()) << targetName(T);
    }
    EXPECT_TRUE(rowExpandPreconditions(block(T)).empty()) << targetName(T);
    for (Elem E : {Elem::I16, Elem::I32, Elem::F16}) {
      RowExpandConfig C = reConfig(T, E, 16, 64, 16, 64);
      C.src1 = reTile(E, 16, int(32 / elemSize(E)), 16, int(32 / elemSize(E)));
      EXPECT_TRUE(rowExpandPreconditions(C).empty()) << targetName(T) << " " << elemName(E);
    }
  }
}

TEST(RowExpandPreconditions, ElementTypesPerTarget) {
  struct Case {
    Elem e;
    Ids a2a3, a5, cpu;
  };
  const Ids Bad = {"pto-rowexpand-dtype"}, None = {};
  const Case Cases[] = {{Elem::U16, Bad, None, None}, {Elem::U32, Bad, None, None}, {Elem::BF16, Bad, None, Bad},
                        {Elem::I8, Bad, None, Bad},   {Elem::U8, Bad, None, Bad},   {Elem::F64, Bad, Bad, Bad},
                        {Elem::I64, Bad, Bad, Bad}};
  for (const Case &K : Cases)
    for (Target T : AllTargets) {
      // 32 rows keep a ColMajor column of 8-bit elements 32 B long.
      RowExpandConfig C = reConfig(T, K.e, 32, 64, 32, 64);
      const Ids &Want = T == Target::A2A3 ? K.a2a3 : T == Target::A5 ? K.a5 : K.cpu;
      EXPECT_EQ(idsOf(rowExpandPreconditions(C)), Want) << targetName(T) << " " << elemName(K.e);
    }
}

TEST(RowExpandPreconditions, EachIdFiresOnItsFault) {
  for (Target T : AllTargets) {
    auto Check = [&](const RowExpandConfig &C, const Ids &Want, const char *What) {
      EXPECT_EQ(idsOf(rowExpandPreconditions(C)), Want) << targetName(T) << ": " << What;
    };
    RowExpandConfig C = base(T);
    C.src1.elem = Elem::F16; // a 16 x 1 half column is still 32 B
    Check(C, {"pto-rowexpand-dtype-match"}, "half column with float dst");

    C = base(T);
    C.dst.rowMajor = false;
    Check(C, {"pto-rowexpand-dst-layout"}, "ColMajor dst");

    C = base(T);
    C.src0.validCol = 32;
    Check(C, {"pto-rowexpand-full-operand"}, "no source has dst's valid region");
    C = base(T);
    C.src0.rowMajor = false; // 16 x 64 ColMajor: 64 B columns
    Check(C, {"pto-rowexpand-full-operand"}, "the dst-shaped source is ColMajor");

    C = base(T);
    C.src1.validRow = 8;
    Check(C, {"pto-rowexpand-broadcast-shape"}, "column with 8 of 16 rows");
    C = block(T);
    C.src1.validCol = 5;
    Check(C, {"pto-rowexpand-broadcast-shape"}, "block with 5 valid columns");

    C = block(T);
    C.src1.cols = 16; // 64-byte rows, 8 valid
    Check(C, T == Target::CPU ? Ids{} : Ids{"pto-rowexpand-broadcast-pitch"}, "wide block");
    C = base(T);
    C.src1.cols = 2; // ColMajor 16 x 2, 1 valid column
    Check(C, T == Target::A5 ? Ids{"pto-rowexpand-broadcast-pitch"} : Ids{}, "two-column ColMajor source");

    C = block(T, true);
    Check(C, T == Target::A2A3 ? Ids{"pto-rowexpand-mode"} : Ids{}, "block with tmp");

    C = base(T, true);
    C.tmp = reTile(Elem::F32, 1, 64, 1, 64); // 256 B, 16 rows need 512 B on a2a3
    Check(C, T == Target::A2A3 ? Ids{"pto-rowexpand-tmp-size"} : Ids{}, "small tmp");

    C = base(T, true);
    C.tmpIsEvent = true;
    Check(C, {"pto-rowexpand-tmp-event"}, "event as tmp");

    C = base(T);
    C.src0.placed = true;
    C.src0.addr = 188416;
    Check(C, T == Target::A2A3 ? Ids{"pto-rowexpand-hidden-scratch"} : Ids{}, "src0 in the hidden scratch");

    C = base(T);
    C.dst.validCol = 65;
    C.src0.validCol = 65;
    Check(C, {"pto-tile-valid-bounds"}, "valid region beyond the tile");
    C = base(T);
    C.src1.rows = 12; // 48-byte column
    C.src1.validRow = 12;
    C.dst.validRow = C.src0.validRow = 12;
    Check(C, {"pto-tile-row-pitch"}, "ColMajor column of 48 B");
  }
}

TEST(RowExpandPreconditions, NoBroadcastChecksWithoutAFullSource) {
  for (Target T : AllTargets) {
    RowExpandConfig C = block(T, true);
    C.src0.validCol = 32; // no full source
    C.src1.cols = 16;     // would be a pitch finding
    C.src1.validCol = 5;  // would be a shape finding
    EXPECT_EQ(idsOf(rowExpandPreconditions(C)), Ids{"pto-rowexpand-full-operand"}) << targetName(T);
  }
}

// dst 16 x 1: both the ColMajor column and the RowMajor source have dst's valid region. The a2a3 3-operand form
// takes the larger row stride (the RowMajor source) as the full one; the other forms take src0.
TEST(RowExpandPreconditions, WhichSourceIsBroadcastWhenBothMatch) {
  for (Target T : AllTargets)
    for (bool WithTmp : {false, true}) {
      RowExpandConfig C{T,
                        false,
                        WithTmp,
                        reTile(Elem::F32, 16, 8, 16, 1),
                        reTile(Elem::F32, 16, 1, 16, 1, false),
                        reTile(Elem::F32, 16, 8, 16, 1)};
      const bool A2Plain = T == Target::A2A3 && !WithTmp;
      EXPECT_EQ(rowExpandBroadcastIndex(C), A2Plain ? 0 : 1) << targetName(T);
      Ids Want = A2Plain ? Ids{} : Ids{"pto-rowexpand-broadcast-shape"};
      if (T == Target::A2A3 && WithTmp)
        Want.insert("pto-rowexpand-mode");
      EXPECT_EQ(idsOf(rowExpandPreconditions(C)), Want) << targetName(T) << " tmp=" << WithTmp;
    }
}

TEST(RowExpandPreconditions, HowEachCheckIsEnforced) {
  RowExpandConfig C = base(Target::A2A3);
  C.dst.elem = C.src0.elem = C.src1.elem = Elem::U16;
  EXPECT_EQ(findPrecondition(rowExpandPreconditions(C), "pto-rowexpand-dtype")->kind, CheckKind::Static);
  C = base(Target::CPU);
  C.src1.validRow = 8;
  const auto Ps = rowExpandPreconditions(C);
  EXPECT_EQ(findPrecondition(Ps, "pto-rowexpand-broadcast-shape")->kind, CheckKind::DebugAssert);
  EXPECT_TRUE(rowExpandCompiles(Ps));
  C = block(Target::A5);
  C.src1.cols = 16;
  const auto PitchPs = rowExpandPreconditions(C);
  const Precondition *Pitch = findPrecondition(PitchPs, "pto-rowexpand-broadcast-pitch");
  ASSERT_NE(Pitch, nullptr);
  EXPECT_EQ(Pitch->severity, Severity::Warning);
  EXPECT_EQ(Pitch->kind, CheckKind::Derived);
  EXPECT_EQ(Pitch->message, "broadcast operand src1 has 16 columns but TROWEXPANDMIN on a5 reads it as 8 columns");
  // An event as tmp does not compile on a2a3 and is silently not waited on elsewhere.
  for (Target T : AllTargets) {
    RowExpandConfig E = base(T, true);
    E.tmpIsEvent = true;
    const auto EP = rowExpandPreconditions(E);
    EXPECT_EQ(findPrecondition(EP, "pto-rowexpand-tmp-event")->kind,
              T == Target::A2A3 ? CheckKind::Static : CheckKind::Derived);
    EXPECT_EQ(rowExpandCompiles(EP), T != Target::A2A3);
  }
}

} // namespace
