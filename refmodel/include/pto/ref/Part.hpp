// Executable reference model of TPARTMIN / TPARTMAX per target: preconditions and results.
#ifndef PTO_REF_PART_HPP
#define PTO_REF_PART_HPP

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "pto/ref/ColArg.hpp" // Precondition, Severity, CheckKind, TileKind, detail::Region and scalar helpers
#include "pto/ref/Elem.hpp"

// A bare § reference points into shared/reference/pto-ops-facts.md. The model follows the implementations
// at pto-isa@3186c381 (§5.1 a2a3, §5.2 a5, §5.3 cpu); where they rely on hardware behaviour the sources do not
// state (NaN and signed zeros in vmin/vmax, the a5 64-bit path), the choice is marked "inferred".

namespace pto {
namespace ref {

/// One operand of a TPARTMIN / TPARTMAX call.
struct PartTile {
  Elem elem;
  int rows, cols;               ///< declared shape
  int validRow, validCol;       ///< valid region at the call
  TileKind kind = {};           ///< location (Vec) and layout (BLayout, boxed SLayout)
};

/// One TPARTMIN / TPARTMAX call as the model sees it.
struct PartConfig {
  Target target;
  bool isMax;
  PartTile dst, src0, src1;
};

/// Byte sizes the execution may touch behind each pointer; accesses beyond them are dropped (reads yield 0).
struct PartLimits {
  size_t dstBytes, src0Bytes, src1Bytes;
};

namespace detail {

inline bool partIsNan(Elem E, uint64_t Bits) { return isFloatElem(E) && std::isnan(floatValue(E, Bits)); }

inline bool partIsZero(Elem E, uint64_t Bits) { return isFloatElem(E) && floatValue(E, Bits) == 0.0; }

inline bool partSignBit(Elem E, uint64_t Bits) { return std::signbit(floatValue(E, Bits)); }

inline bool partSameShape(const PartTile &A, const PartTile &B) {
  return A.validRow == B.validRow && A.validCol == B.validCol;
}

inline unsigned partDim(int V) { return V > 0 ? static_cast<unsigned>(V) : 0u; }

} // namespace detail

/// The target's scalar minimum (isMax: maximum) of A (the instruction's first operand) and B, on raw encodings.
/// cpu: std::min(A, B) = B < A ? B : A and std::max(A, B) = A < B ? B : A (cpu/TPartMin.hpp, TPartMax.hpp), so a
/// NaN in A propagates, a NaN in B is dropped, and equal values (-0.0 and +0.0) give A (cpu-sim-semantics.md §2
/// item 5). a2a3 / a5: vmin / vmax. Inferred (§10: the vmin documentation says a NaN operand gives NaN; signed
/// zeros are not stated): a NaN operand propagates (A's if both are NaN) and -0.0 orders below +0.0, so the
/// result does not depend on the operand order the implementation happens to use.
inline uint64_t partScalar(Target T, Elem E, bool IsMax, uint64_t A, uint64_t B) {
  if (T == Target::CPU) {
    if (IsMax)
      return detail::lessThan(E, A, B) ? B : A;
    return detail::lessThan(E, B, A) ? B : A;
  }
  if (isFloatElem(E)) {
    if (detail::partIsNan(E, A))
      return A;
    if (detail::partIsNan(E, B))
      return B;
    if (detail::partIsZero(E, A) && detail::partIsZero(E, B) &&
        detail::partSignBit(E, A) != detail::partSignBit(E, B)) {
      const bool ANegative = detail::partSignBit(E, A);
      return (IsMax != ANegative) ? A : B;
    }
  }
  if (IsMax)
    return detail::lessThan(E, A, B) ? B : A;
  return detail::lessThan(E, B, A) ? B : A;
}

/// What the target's implementation requires of the call (static_asserts, debug-only PTO_ASSERTs and limits
/// implied by the algorithm), with the ids of the pto-lint rules. Empty for a legal call.
inline std::vector<Precondition> partPreconditions(const PartConfig &Cfg) {
  std::vector<Precondition> Out;
  const std::string Op = Cfg.isMax ? "TPARTMAX" : "TPARTMIN";
  const std::string On = std::string(" on ") + targetName(Cfg.target);
  const PartTile &D = Cfg.dst, &S0 = Cfg.src0, &S1 = Cfg.src1;
  auto Add = [&](const char *Id, std::string Msg, Severity Sev, CheckKind Kind) {
    Out.push_back(Precondition{Id, std::move(Msg), Sev, Kind});
  };
  auto Shape = [](int R, int C) { return std::to_string(R) + "x" + std::to_string(C); };
  auto In = [](Elem E, std::initializer_list<Elem> Set) { return std::find(Set.begin(), Set.end(), E) != Set.end(); };

  // Element type the implementation accepts: dst's on a2a3 (§5.1 static 74-80) and a5 (§5.2 static 34-39),
  // src0's on cpu (§5.3 static 79-83).
  switch (Cfg.target) {
  case Target::A2A3:
    if (!In(D.elem, {Elem::I16, Elem::I32, Elem::F16, Elem::F32}))
      Add("pto-part-dtype",
          std::string("dst element type is ") + elemName(D.elem) + " but " + Op + On + " requires i16, i32, f16 or f32",
          Severity::Error, CheckKind::Static);
    break;
  case Target::A5:
    if (D.elem == Elem::F64)
      Add("pto-part-dtype", "dst element type is f64 but " + Op + On + " requires an integer, f16, bf16 or f32 type",
          Severity::Error, CheckKind::Static);
    break;
  case Target::CPU:
    if (!In(S0.elem, {Elem::I8, Elem::U8, Elem::I16, Elem::I32, Elem::F16, Elem::BF16, Elem::F32}))
      Add("pto-part-dtype",
          std::string("src0 element type is ") + elemName(S0.elem) + " but " + Op + On +
              " requires i8, u8, i16, i32, f16, bf16 or f32",
          Severity::Error, CheckKind::Static);
    break;
  }
  // §5.1 static 70-73, §5.2 static 31-33, §5.3 static 84-86.
  if (S0.elem != D.elem || S1.elem != D.elem)
    Add("pto-part-dtype-match",
        std::string("element types are dst ") + elemName(D.elem) + ", src0 " + elemName(S0.elem) + ", src1 " +
            elemName(S1.elem) + " but " + Op + On + " requires all three equal",
        Severity::Error, CheckKind::Static);

  const bool AllRowMajor = D.kind.rowMajor && S0.kind.rowMajor && S1.kind.rowMajor;
  if (Cfg.target == Target::A2A3 && !AllRowMajor) // §5.1 static 81-83
    Add("pto-part-layout", "a tile is column-major but " + Op + On + " requires row-major tiles", Severity::Error,
        CheckKind::Static);
  if (Cfg.target == Target::A5 && !AllRowMajor) // §5.2: no check, RowStride addressing; §12 #21
    Add("pto-part-layout",
        "a tile is column-major but " + Op + On + " addresses every tile as row-major, giving wrong results",
        Severity::Warning, CheckKind::Derived);

  // §14 common: the vector unit addresses the UB, where Vec tiles live; nothing checks it upstream.
  if (Cfg.target != Target::CPU && !(D.kind.vec && S0.kind.vec && S1.kind.vec))
    Add("pto-part-tile-loc", "a tile is not a Vec tile but " + Op + On + " requires Vec tiles", Severity::Error,
        CheckKind::Derived);

  // Validity pattern (§5.1, §5.2, §11, §12 #22-#23).
  const bool Eq0 = detail::partSameShape(S0, D), Eq1 = detail::partSameShape(S1, D);
  auto Within = [&](const PartTile &S) { return S.validRow <= D.validRow && S.validCol <= D.validCol; };
  bool PatternOk = true;
  if (Cfg.target == Target::A2A3) // 92-94 empty dst returns first; 44-46 and TPartOp.hpp:187-189 otherwise
    PatternOk = D.validRow == 0 || D.validCol == 0 || (Eq0 && Within(S1)) || (Eq1 && Within(S0));
  else if (Cfg.target == Target::A5) // TPartBinOps.hpp:155-159, before the empty-dst return
    PatternOk = (Eq0 || Eq1) && std::max(S0.validRow, S1.validRow) == D.validRow &&
                std::max(S0.validCol, S1.validCol) == D.validCol;
  if (!PatternOk)
    Add("pto-part-valid-pattern",
        "valid shapes are dst " + Shape(D.validRow, D.validCol) + ", src0 " + Shape(S0.validRow, S0.validCol) +
            ", src1 " + Shape(S1.validRow, S1.validCol) + " but " + Op + On +
            " requires one source equal to dst and the other within it" +
            (Cfg.target == Target::A2A3 ? " (otherwise dst is left untouched)" : ""),
        Severity::Error, CheckKind::DebugAssert);

  // §5.2, §12 #29 (inferred): the a5 64-bit path computes one 64-lane chunk per row.
  if (Cfg.target == Target::A5 && (D.elem == Elem::I64 || D.elem == Elem::U64) && D.validCol > 64)
    Add("pto-part-int64-cols",
        "dst validCol is " + std::to_string(D.validCol) + " but " + Op + On + " computes only 64 columns of " +
            elemName(D.elem) + " tiles",
        Severity::Warning, CheckKind::Derived);

  // Tile rules (§1.2), per operand.
  const std::pair<const char *, const PartTile *> Operands[] = {{"dst", &D}, {"src0", &S0}, {"src1", &S1}};
  for (const auto &[Name, TP] : Operands) {
    const PartTile &T = *TP;
    if (validRegionOutsideTile(T.validRow, T.validCol, T.rows, T.cols))
      Add("pto-tile-valid-bounds",
          std::string(Name) + " valid shape is " + Shape(T.validRow, T.validCol) + " but the " + Name +
              " tile is declared " + Shape(T.rows, T.cols),
          Severity::Error, CheckKind::Derived);
    const long long Pitch = static_cast<long long>(elemSize(T.elem)) * (T.kind.rowMajor ? T.cols : T.rows);
    if (!T.kind.boxed && Pitch % 32 != 0)
      Add("pto-tile-row-pitch",
          std::string(Name) + " lines are " + std::to_string(Pitch) + " B long but must be a multiple of 32 B",
          Severity::Error, CheckKind::Static);
  }
  return Out;
}

/// Whether partExecute runs the call: false when the call does not compile upstream (a static precondition of
/// the op fails; dst stays untouched) or is not modelled (a boxed tile on cpu, whose fractal addressing the
/// model does not implement).
inline bool partRuns(const PartConfig &Cfg) {
  for (const Precondition &P : partPreconditions(Cfg))
    if (P.kind == CheckKind::Static && P.id.compare(0, 9, "pto-part-") == 0)
      return false;
  if (Cfg.target == Target::CPU && (Cfg.dst.kind.boxed || Cfg.src0.kind.boxed || Cfg.src1.kind.boxed))
    return false;
  return true;
}

namespace detail {

/// A tile's storage with the target's addressing.
struct PartMem {
  Region region;
  const PartTile *tile;
  size_t s;
  bool npu;

  /// Byte offset of (Row, Col). The NPU implementations use RowStride (Cols if row-major, else 1) whatever the
  /// layout (§5.1, §5.2); the cpu simulator addresses each layout correctly (§5.3, NoneBox only here).
  size_t offset(size_t Row, size_t Col) const {
    const size_t Rows = partDim(tile->rows), Cols = partDim(tile->cols);
    if (tile->kind.rowMajor)
      return (Row * Cols + Col) * s;
    return npu ? (Row + Col) * s : (Row + Col * Rows) * s;
  }
  uint64_t load(size_t Row, size_t Col) const { return region.load(offset(Row, Col), s); }
  void store(size_t Row, size_t Col, uint64_t Bits) { region.store(offset(Row, Col), s, Bits); }
  /// Rows at or beyond this index start past the region, so nothing there can be written.
  size_t rowLimit() const {
    const size_t Stride = tile->kind.rowMajor ? std::max<size_t>(1, partDim(tile->cols)) : 1;
    return region.size / s / Stride + 1;
  }
  size_t colLimit() const {
    const size_t Stride = (!tile->kind.rowMajor && !npu) ? std::max<size_t>(1, partDim(tile->rows)) : 1;
    return region.size / s / Stride + 1;
  }
};

/// dst[r][c] = op(A[r][c], B[r][c]) for r < Rows, c < Cols, one row at a time (reads before writes, as a
/// vector instruction does).
inline void partVecOp(const PartConfig &Cfg, PartMem &Dst, const PartMem &A, const PartMem &B, size_t Rows,
                      size_t Cols) {
  Rows = std::min(Rows, Dst.rowLimit());
  Cols = std::min(Cols, Dst.colLimit());
  std::vector<uint64_t> Row(Cols);
  for (size_t R = 0; R < Rows; ++R) {
    for (size_t C = 0; C < Cols; ++C)
      Row[C] = partScalar(Cfg.target, Cfg.dst.elem, Cfg.isMax, A.load(R, C), B.load(R, C));
    for (size_t C = 0; C < Cols; ++C)
      Dst.store(R, C, Row[C]);
  }
}

/// a2a3 TPartCopyInstr (§5.1, TPartOp.hpp:18-41): rows [Start, End) of Full into dst, in whole 32-byte blocks.
/// With equal Cols it copies the rows contiguously, padding columns included; otherwise roundup(ValidCol * s, 32)
/// bytes per row. Either way dst columns beyond its valid region may receive Full's padding.
inline void partA2A3Copy(PartMem &Dst, const PartMem &Full, size_t Start, size_t End, size_t ValidCol) {
  if (End <= Start)
    return;
  const size_t S = Dst.s, DstCols = partDim(Dst.tile->cols), FullCols = partDim(Full.tile->cols);
  auto CopyBytes = [&](size_t DstOff, size_t SrcOff, size_t Bytes) {
    std::vector<uint8_t> Buf(Bytes);
    for (size_t K = 0; K < Bytes; ++K)
      Buf[K] = static_cast<uint8_t>(Full.region.load(SrcOff + K, 1));
    for (size_t K = 0; K < Bytes; ++K)
      Dst.region.store(DstOff + K, 1, Buf[K]);
  };
  auto RoundUp32 = [](size_t Bytes) { return (Bytes + 31) / 32 * 32; };
  if (DstCols == FullCols) {
    const size_t Bytes = RoundUp32(DstCols * (End - Start) * S);
    CopyBytes(Start * DstCols * S, Start * FullCols * S, std::min(Bytes, Dst.region.size));
    return;
  }
  const size_t Bytes = RoundUp32(ValidCol * S);
  End = std::min(End, Dst.rowLimit());
  for (size_t R = Start; R < End; ++R)
    CopyBytes(R * DstCols * S, R * FullCols * S, std::min(Bytes, Dst.region.size));
}

/// a2a3: npu/a2a3/TPartMin.hpp and TPartOp.hpp (§5.1).
inline void partRunA2A3(const PartConfig &Cfg, PartMem &Dst, const PartMem &M0, const PartMem &M1) {
  const PartTile &D = Cfg.dst;
  const size_t R = partDim(D.validRow), C = partDim(D.validCol);
  if (R == 0 || C == 0) // 92-94
    return;
  const bool Eq0 = partSameShape(Cfg.src0, D), Eq1 = partSameShape(Cfg.src1, D);
  if (!Eq0 && !Eq1) // 44-46 (debug-only assert), 54-64: no branch taken
    return;
  const PartMem &Full = Eq0 ? M0 : M1, &Other = Eq0 ? M1 : M0;
  const size_t OR = partDim(Other.tile->validRow), OC = partDim(Other.tile->validCol);
  const size_t FullRows = partDim(Full.tile->validRow);
  if (OR < R && OC == C) { // TPartOp.hpp:163: op on the other's rows, then copy the remaining rows of Full
    if (OR != 0)
      partVecOp(Cfg, Dst, Full, Other, OR, OC);
    partA2A3Copy(Dst, Full, OR, FullRows, C);
  } else if (OR <= R && OC < C) { // 164: copy Full, then dst = op(other, dst) on the other's region
    partA2A3Copy(Dst, Full, 0, FullRows, C);
    if (OC != 0)
      partVecOp(Cfg, Dst, Other, Dst, OR, OC);
  } else if (OR == R && OC == C) {
    partVecOp(Cfg, Dst, Full, Other, R, C);
  }
  // Otherwise the other source is larger than dst in a dimension: PTO_ASSERT (187-189), nothing written.
}

/// a5: npu/a5/TPartMin.hpp and TPartBinOps.hpp (§5.2), valid for any pattern since release builds skip the assert.
inline void partRunA5(const PartConfig &Cfg, PartMem &Dst, const PartMem &M0, const PartMem &M1) {
  const PartTile &D = Cfg.dst, &S0 = Cfg.src0, &S1 = Cfg.src1;
  size_t R = partDim(D.validRow), C = partDim(D.validCol);
  if (R == 0 || C == 0) // 97-99
    return;
  // Inferred (§5.2, §12 #29): the 64-bit path computes the first 64 columns of each row only.
  const size_t ColLimit = elemSize(D.elem) == 8 ? 64 : C;
  C = std::min({C, ColLimit, Dst.colLimit()});
  auto Copy = [&](const PartMem &From, size_t Row0, size_t Row1, size_t Cols) {
    Row1 = std::min(Row1, Dst.rowLimit());
    std::vector<uint64_t> Row(Cols);
    for (size_t Rw = Row0; Rw < Row1; ++Rw) {
      for (size_t Cl = 0; Cl < Cols; ++Cl)
        Row[Cl] = From.load(Rw, Cl);
      for (size_t Cl = 0; Cl < Cols; ++Cl)
        Dst.store(Rw, Cl, Row[Cl]);
    }
  };
  const bool Empty0 = S0.validRow <= 0 || S0.validCol <= 0, Empty1 = S1.validRow <= 0 || S1.validCol <= 0;
  if (Empty0 || Empty1) { // 100-109: copy the other source over min(dst, source) and return
    const PartMem &X = Empty0 ? M1 : M0;
    const size_t XR = partDim(X.tile->validRow), XC = partDim(X.tile->validCol);
    Copy(X, 0, std::min(R, XR), std::min(C, XC));
    return;
  }
  if (partSameShape(S0, D) && partSameShape(S1, D)) { // 110-115
    partVecOp(Cfg, Dst, M0, M1, R, C);
    return;
  }
  // 116 onwards: rows below the smaller sources' rows merge op (on the smaller columns) into the bigger source's
  // row; later rows copy the bigger source. Columns follow dst's valid columns, rows the smaller region's, so a
  // dst shorter than both sources gets rows beyond its valid region written.
  const bool Src1Bigger = S0.validRow < S1.validRow || S0.validCol < S1.validCol;
  const PartMem &Big = Src1Bigger ? M1 : M0;
  const size_t SR = std::min(partDim(S0.validRow), partDim(S1.validRow));
  const size_t SC = std::min(partDim(S0.validCol), partDim(S1.validCol));
  const size_t MergeRows = std::min(SR, Dst.rowLimit());
  std::vector<uint64_t> Row(C);
  for (size_t Rw = 0; Rw < MergeRows; ++Rw) {
    for (size_t Cl = 0; Cl < C; ++Cl)
      Row[Cl] = Cl < SC ? partScalar(Cfg.target, D.elem, Cfg.isMax, M0.load(Rw, Cl), M1.load(Rw, Cl)) : Big.load(Rw, Cl);
    for (size_t Cl = 0; Cl < C; ++Cl)
      Dst.store(Rw, Cl, Row[Cl]);
  }
  Copy(Big, SR, R, C);
}

/// cpu: cpu/TPartOp.hpp:18-41 (§5.3, cpu-sim-semantics.md §2 item 5): over dst's valid region, op where both
/// sources are valid, the valid one where only one is, 0 where neither is; element by element in row order.
inline void partRunCpu(const PartConfig &Cfg, PartMem &Dst, const PartMem &M0, const PartMem &M1) {
  const PartTile &D = Cfg.dst, &S0 = Cfg.src0, &S1 = Cfg.src1;
  const size_t R = std::min<size_t>(partDim(D.validRow), Dst.rowLimit());
  const size_t C = std::min<size_t>(partDim(D.validCol), Dst.colLimit());
  for (size_t Rw = 0; Rw < R; ++Rw)
    for (size_t Cl = 0; Cl < C; ++Cl) {
      const bool In0 = long(Rw) < S0.validRow && long(Cl) < S0.validCol;
      const bool In1 = long(Rw) < S1.validRow && long(Cl) < S1.validCol;
      uint64_t V = 0;
      if (In0 && In1)
        V = partScalar(Cfg.target, D.elem, Cfg.isMax, M0.load(Rw, Cl), M1.load(Rw, Cl));
      else if (In0)
        V = M0.load(Rw, Cl);
      else if (In1)
        V = M1.load(Rw, Cl);
      Dst.store(Rw, Cl, V);
    }
}

} // namespace detail

/// Runs the call on raw tile storage (each tile in its declared shape and layout). dst may alias a source.
/// Accesses beyond Limits are dropped, so a bad configuration never touches memory outside the buffers.
/// Does nothing unless partRuns(Cfg).
inline void partExecute(const PartConfig &Cfg, uint8_t *Dst, const uint8_t *Src0, const uint8_t *Src1,
                        const PartLimits &Limits) {
  if (!partRuns(Cfg))
    return;
  const size_t S = elemSize(Cfg.dst.elem);
  const bool Npu = Cfg.target != Target::CPU;
  detail::PartMem MD{detail::Region{Dst, Dst, Dst ? Limits.dstBytes : 0}, &Cfg.dst, S, Npu};
  const detail::PartMem M0{detail::Region{Src0, nullptr, Src0 ? Limits.src0Bytes : 0}, &Cfg.src0, S, Npu};
  const detail::PartMem M1{detail::Region{Src1, nullptr, Src1 ? Limits.src1Bytes : 0}, &Cfg.src1, S, Npu};
  switch (Cfg.target) {
  case Target::A2A3:
    detail::partRunA2A3(Cfg, MD, M0, M1);
    break;
  case Target::A5:
    detail::partRunA5(Cfg, MD, M0, M1);
    break;
  case Target::CPU:
    detail::partRunCpu(Cfg, MD, M0, M1);
    break;
  }
}

/// partExecute with the limits implied by the declared tile shapes.
template <class T> void partExecute(const PartConfig &Cfg, T *Dst, const T *Src0, const T *Src1) {
  if (sizeof(T) != elemSize(Cfg.dst.elem))
    return; // the storage type does not match the configuration
  auto Bytes = [](const PartTile &P) { return size_t(detail::partDim(P.rows)) * detail::partDim(P.cols) * sizeof(T); };
  partExecute(Cfg, reinterpret_cast<uint8_t *>(Dst), reinterpret_cast<const uint8_t *>(Src0),
              reinterpret_cast<const uint8_t *>(Src1), PartLimits{Bytes(Cfg.dst), Bytes(Cfg.src0), Bytes(Cfg.src1)});
}

} // namespace ref
} // namespace pto

#endif // PTO_REF_PART_HPP
