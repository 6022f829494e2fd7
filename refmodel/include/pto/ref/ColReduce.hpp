// Executable reference model of TCOLMAX / TCOLMIN per target: preconditions and results.
#ifndef PTO_REF_COLREDUCE_HPP
#define PTO_REF_COLREDUCE_HPP

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "pto/ScalarTypes.hpp"
#include "pto/ref/ColArg.hpp" // Precondition, Severity, CheckKind, TileKind
#include "pto/ref/Elem.hpp"
#include "pto/ref/TileAccess.hpp"

// A bare § reference points into shared/reference/pto-ops-facts.md. Inferred hardware behaviour (NaN and
// signed-zero results of vmin/vmax) is marked as such where it is modelled.

namespace pto {
namespace ref {

/// One tile operand of a column reduction: element type, declared and valid shape, location and layout.
struct ColReduceTile {
  Elem elem;
  int rows, cols, validRow, validCol;
  TileKind kind = {}; ///< Vec, row-major, NoneBox unless set
};

/// One TCOLMAX / TCOLMIN call as the model sees it.
struct ColReduceConfig {
  Target target;
  bool isMax;
  ColReduceTile dst, src;
};

/// Bytes the execution may touch behind each pointer; accesses beyond them are dropped (reads yield 0).
struct ColReduceLimits {
  size_t srcBytes, dstBytes;
};

namespace colreduce {

using namespace tileaccess; // checkTile, shapeText, native, isNan, View, layoutOffset, nonNegative

inline bool isOneOf(Elem E, std::initializer_list<Elem> Set) {
  return std::find(Set.begin(), Set.end(), E) != Set.end();
}

// ---------------------------------------------------------------------------------------------
// Typed element access and scalar semantics.

/// vmin / vmax of the NPU vector units on (running, new). Inferred (§2.1.3, §11; the hardware NaN rule is not
/// stated upstream): a NaN operand propagates, the first one if both are NaN; equal values keep the first
/// operand, so -0.0 and +0.0 keep the running value.
template <class T> T npuMinMax(bool IsMax, const T &A, const T &B) {
  if (isNan(A))
    return A;
  if (isNan(B))
    return B;
  const bool TakeB = IsMax ? native(A) < native(B) : native(B) < native(A);
  if (TakeB) // not `?:`: clang widens a conditional of __bf16 values to float and back
    return B;
  return A;
}

} // namespace colreduce

// -------------------------------------------------------------------------------------------------
// Public API.

/// What the target's implementation requires of the call (static_asserts, debug-only PTO_ASSERTs, limits
/// of the algorithm) plus the warnings of rules/colreduce. Empty for a legal call that does something.
inline std::vector<Precondition> colReducePreconditions(const ColReduceConfig &Cfg) {
  using colreduce::isOneOf;
  using colreduce::shapeText;
  std::vector<Precondition> Out;
  const std::string Op = Cfg.isMax ? "TCOLMAX" : "TCOLMIN";
  const std::string On = std::string(" on ") + targetName(Cfg.target);
  const bool Npu = Cfg.target != Target::CPU;
  const Elem S = Cfg.src.elem, D = Cfg.dst.elem;
  auto Add = [&](const char *Id, std::string Msg, Severity Sev, CheckKind Kind) {
    Out.push_back(Precondition{Id, std::move(Msg), Sev, Kind});
  };

  // Source element type: §3.1 static 87-89, §3.2 static 31-36, §3.3 TCOLMAX static 39-48 (TCOLMIN: none).
  bool SrcOk = true;
  std::string Allowed;
  switch (Cfg.target) {
  case Target::A2A3:
    SrcOk = isOneOf(S, {Elem::F16, Elem::F32, Elem::I16, Elem::I32});
    Allowed = "f16, f32, i16 or i32";
    break;
  case Target::A5:
    SrcOk = S != Elem::F64;
    Allowed = "an integer, f16, bf16 or f32 type";
    break;
  case Target::CPU:
    SrcOk = !Cfg.isMax || isOneOf(S, {Elem::F16, Elem::BF16, Elem::F32, Elem::I8, Elem::U8});
    Allowed = "f16, bf16, f32, i8 or u8";
    break;
  }
  if (!SrcOk)
    Add("pto-colreduce-src-dtype",
        std::string("src element type is ") + elemName(S) + " but " + Op + On + " requires " + Allowed, Severity::Error,
        CheckKind::Static);

  // Destination element type: §3.1 static 90-92, §3.2 static 38-40; cpu TCOLMAX pairs §3.3 static 39-48 (also
  // half/bf16 -> float), cpu TCOLMIN none.
  const bool DstOk = Npu ? D == S
                         : (!Cfg.isMax || D == S || ((S == Elem::F16 || S == Elem::BF16) && D == Elem::F32));
  if (!DstOk)
    Add("pto-colreduce-dst-dtype",
        std::string("dst element type is ") + elemName(D) + " but " + Op + On + " requires the src type " +
            elemName(S) + (Npu ? "" : " (or f32 for an f16/bf16 src)"),
        Severity::Error, CheckKind::Static);

  if (Npu) {
    // §3.1 static 78-86, §3.2 static 21-29. The cpu simulator checks neither (§3.3).
    if (!Cfg.src.kind.vec || !Cfg.dst.kind.vec)
      Add("pto-colreduce-tile-loc",
          std::string(!Cfg.src.kind.vec ? "src" : "dst") + " is not a Vec tile but " + Op + On + " requires Vec tiles",
          Severity::Error, CheckKind::Static);
    if (!Cfg.src.kind.rowMajor || Cfg.src.kind.boxed)
      Add("pto-colreduce-src-layout", "src is not a row-major NoneBox tile but " + Op + On + " requires an ND src",
          Severity::Error, CheckKind::Static);
    if (!Cfg.dst.kind.rowMajor || Cfg.dst.kind.boxed)
      Add("pto-colreduce-dst-layout", "dst is not a row-major NoneBox tile but " + Op + On + " requires an ND dst",
          Severity::Error, CheckKind::Static);
  } else if (Cfg.isMax && Cfg.dst.cols != Cfg.src.cols) { // §3.3 static 49
    Add("pto-colreduce-dst-cols",
        "dst tile has " + std::to_string(Cfg.dst.cols) + " columns but " + Op + On + " requires the src's " +
            std::to_string(Cfg.src.cols),
        Severity::Error, CheckKind::Static);
  }

  // Valid shapes. §3.1 PTO_ASSERT 93-94, §3.2 41-42; the cpu simulator does not look at dst's valid shape, the
  // documented requirement stays (§3.4).
  if (Cfg.dst.validCol != Cfg.src.validCol)
    Add("pto-colreduce-dst-validcol",
        "dst validCol is " + std::to_string(Cfg.dst.validCol) + " but " + Op + On + " requires the src validCol " +
            std::to_string(Cfg.src.validCol),
        Severity::Error, Npu ? CheckKind::DebugAssert : CheckKind::Derived);
  if (Cfg.dst.validRow != 1) // §3.1, §14: one row by semantics, checked nowhere
    Add("pto-colreduce-dst-validrow",
        "dst validRow is " + std::to_string(Cfg.dst.validRow) + " but " + Op + On + " writes exactly one row",
        Severity::Warning, CheckKind::Derived);
  if (Cfg.src.validRow == 0 || Cfg.src.validCol == 0) // §3.1-§3.3 early return (cpu TCOLMAX: none)
    Add("pto-colreduce-empty",
        "src valid shape is " + shapeText(Cfg.src.validRow, Cfg.src.validCol) + ", so " + Op + On +
            " reduces nothing",
        Severity::Warning, CheckKind::Derived);
  if (Cfg.target == Target::A5 && (S == Elem::I64 || S == Elem::U64) && Cfg.src.validCol > 64) // §3.2, §12 #29
    Add("pto-colreduce-int64-cols",
        "src validCol is " + std::to_string(Cfg.src.validCol) + " but " + Op + On + " reduces only the first 64 " +
            elemName(S) + " columns",
        Severity::Warning, CheckKind::Derived);

  colreduce::checkTile(Out, "dst", Cfg.dst);
  colreduce::checkTile(Out, "src", Cfg.src);
  return Out;
}

/// Runs the call on raw tile storage. Src and Dst point at the tiles' first elements; the model addresses
/// them as the target's implementation does. Only dst's valid columns of row 0 are written, except that
/// a2a3 copies row 0 in whole 32-B blocks (columns up to roundup(validCol, 32 B) take src row 0's values) and
/// a5 writes at most 64 columns of a 64-bit source. Boxed (fractal) tiles are not executed on cpu.
/// On a2a3 and a5 dst is written through a pointer of the source type, as the implementations cast it.
template <class TD, class TS>
void colReduceExecute(const ColReduceConfig &Cfg, const TS *Src, TD *Dst, const ColReduceLimits &Limits) {
  using colreduce::nonNegative;
  using colreduce::npuMinMax;
  using colreduce::View;
  if (sizeof(TS) != elemSize(Cfg.src.elem) || sizeof(TD) != elemSize(Cfg.dst.elem))
    return; // the storage types do not match the configuration
  const View<TS> SrcV{reinterpret_cast<const uint8_t *>(Src), nullptr, Src ? Limits.srcBytes : 0};
  const unsigned R = nonNegative(Cfg.src.validRow), C = nonNegative(Cfg.src.validCol);

  if (Cfg.target == Target::A2A3) {
    // §3.1 TColMax/TColMin.hpp:44-46 guard; ColReduceInstr 49-73.
    if (R == 0 || C == 0)
      return;
    View<TS> DstV{reinterpret_cast<const uint8_t *>(Dst), reinterpret_cast<uint8_t *>(Dst), Dst ? Limits.dstBytes : 0};
    const size_t S = sizeof(TS), Block = 32 / S;
    // Row 0 is copied in whole 32-B blocks: ceil(validCol * s / 32) of them.
    const size_t Copied = (size_t(C) + Block - 1) / Block * Block;
    for (size_t K = 0; K < Copied; ++K)
      DstV.store(K, SrcV.load(K));
    if (R == 1)
      return;
    // Rows 1.. are combined into the valid columns only (counter mode, then a continuous mask for the remainder);
    // the source row stride is the declared row stride rounded up to whole 32-B blocks.
    const size_t DeclStride = Cfg.src.kind.rowMajor ? nonNegative(Cfg.src.cols) : 1;
    const size_t RowStride = (DeclStride * S + 31) / 32 * Block;
    for (size_t Col = 0; Col < C; ++Col) {
      TS Acc = DstV.load(Col);
      for (size_t Row = 1; Row < R; ++Row)
        Acc = npuMinMax(Cfg.isMax, Acc, SrcV.load(Row * RowStride + Col));
      DstV.store(Col, Acc);
    }
    return;
  }

  if (Cfg.target == Target::A5) {
    // §3.2 TColMax/TColMin.hpp:49-51 guard. Rows are addressed with the source's Cols as stride (whatever its
    // layout); stores are predicated to the valid columns.
    if (R == 0 || C == 0)
      return;
    View<TS> DstV{reinterpret_cast<const uint8_t *>(Dst), reinterpret_cast<uint8_t *>(Dst), Dst ? Limits.dstBytes : 0};
    const size_t Stride = nonNegative(Cfg.src.cols);
    const bool Wide = Cfg.src.elem == Elem::I64 || Cfg.src.elem == Elem::U64;
    const size_t Cols = Wide ? std::min<size_t>(C, 64) : C; // §3.2, §12 #29: one 64-lane chunk, no column loop
    for (size_t Col = 0; Col < Cols; ++Col) {
      TS Acc = SrcV.load(Col);
      if (Wide) {
        for (size_t Row = 1; Row < R; ++Row)
          Acc = npuMinMax(Cfg.isMax, Acc, SrcV.load(Row * Stride + Col));
      } else {
        // Rows 1.. in pairs: tmp = op(row 2j+1, row 2j+2), acc = op(acc, tmp); an odd last row alone.
        const size_t Pairs = (R - 1) / 2;
        for (size_t J = 0; J < Pairs; ++J) {
          const TS Pair = npuMinMax(Cfg.isMax, SrcV.load((2 * J + 1) * Stride + Col), SrcV.load((2 * J + 2) * Stride + Col));
          Acc = npuMinMax(Cfg.isMax, Acc, Pair);
        }
        if ((R - 1) % 2)
          Acc = npuMinMax(Cfg.isMax, Acc, SrcV.load((2 * Pairs + 1) * Stride + Col));
      }
      DstV.store(Col, Acc);
    }
    return;
  }

  // cpu (§3.3, cpu-sim-semantics.md §2 item 2): a strict comparison seeded with row 0 in dst's element type,
  // so ties keep the first row, a NaN in row 0 stays and a NaN in a later row is ignored. TCOLMAX has uint16_t
  // loop bounds and no empty-region guard; TCOLMIN returns early on an empty region.
  if (Cfg.src.kind.boxed || Cfg.dst.kind.boxed)
    return;
  View<TD> DstV{reinterpret_cast<const uint8_t *>(Dst), reinterpret_cast<uint8_t *>(Dst), Dst ? Limits.dstBytes : 0};
  using colreduce::layoutOffset;
  using colreduce::native;
  const unsigned M = Cfg.isMax ? (R & 0xFFFFu) : R, N = Cfg.isMax ? (C & 0xFFFFu) : C;
  if (!Cfg.isMax && (M == 0 || N == 0))
    return;
  for (size_t Col = 0; Col < N; ++Col) {
    TD Acc = static_cast<TD>(SrcV.load(layoutOffset(Cfg.src, 0, Col)));
    for (size_t Row = 1; Row < M; ++Row) {
      const TS V = SrcV.load(layoutOffset(Cfg.src, Row, Col));
      if (Cfg.isMax ? native(V) > native(Acc) : native(V) < native(Acc))
        Acc = static_cast<TD>(V);
    }
    DstV.store(layoutOffset(Cfg.dst, 0, Col), Acc);
  }
}

/// colReduceExecute with the limits of the declared tile shapes.
template <class TD, class TS> void colReduceExecute(const ColReduceConfig &Cfg, const TS *Src, TD *Dst) {
  auto Bytes = [](const ColReduceTile &T) {
    return size_t(colreduce::nonNegative(T.rows)) * colreduce::nonNegative(T.cols) * elemSize(T.elem);
  };
  colReduceExecute<TD, TS>(Cfg, Src, Dst, ColReduceLimits{Bytes(Cfg.src), Bytes(Cfg.dst)});
}

} // namespace ref
} // namespace pto

#endif // PTO_REF_COLREDUCE_HPP
