// Executable reference model of TROWEXPANDMIN / TROWEXPANDMAX per target: preconditions, scratch trace and results.
#ifndef PTO_REF_ROWEXPAND_HPP
#define PTO_REF_ROWEXPAND_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "pto/ref/ColArg.hpp" // Precondition, Severity, CheckKind, ByteRange, extentBytes, detail::Region, scalars
#include "pto/ref/Elem.hpp"

// A bare § reference points into shared/reference/pto-ops-facts.md. Rule ids are those of rules/rowexpand/ and
// rules/tile/; every precondition below has the rule of the same id as its static counterpart.

namespace pto {
namespace ref {

/// UB byte offset and size of the fixed scratch the A2A3 3-operand Mode-1 path writes (TMP_UB_OFFSET,
/// TMP_UB_SIZE; §1.4, §1.6, §4.1).
constexpr size_t kRowExpandScratchOffset = 188416;
constexpr size_t kRowExpandScratchBytes = 8192;

/// One tile operand of a call as the model sees it (NoneBox, Vec).
struct RowExpandTile {
  Elem elem;
  int rows, cols;
  bool rowMajor; ///< BLayout::RowMajor; false: ColMajor (DN)
  int validRow, validCol;
  bool placed = false; ///< its UB byte address is known (TASSIGN), as the rule fact hasaddr
  long long addr = 0;  ///< that address

  /// Declared capacity: Rows * Cols * element size.
  size_t bytes() const { return size_t(rows > 0 ? rows : 0) * size_t(cols > 0 ? cols : 0) * elemSize(elem); }
  /// Element distance between consecutive rows (RowStride of §1.2).
  size_t rowStride() const { return rowMajor ? size_t(cols > 0 ? cols : 0) : 1; }
  /// Element offset of (Row, Col) in the declared layout (§1.2 GetTileOffset, NoneBox).
  size_t offsetOf(size_t Row, size_t Col) const {
    return rowMajor ? Row * size_t(cols > 0 ? cols : 0) + Col : Row + Col * size_t(rows > 0 ? rows : 0);
  }
};

/// One TROWEXPANDMIN / TROWEXPANDMAX call.
struct RowExpandConfig {
  Target target;
  bool isMax;
  bool withTmp; ///< the 4-operand form (dst, src0, src1, tmp)
  RowExpandTile dst, src0, src1;
  bool tmpIsEvent = false;                                 ///< 4-operand form: an Event was bound as tmp (§12 #14)
  RowExpandTile tmp = {Elem::F32, 1, 2048, true, 1, 2048}; ///< 4-operand form with a tmp tile; 8 KB by default
};

/// Which scratch a call writes: none, the tmp tile (A2A3 4-operand form) or the hidden UB region (A2A3 3-operand
/// form with a ColMajor broadcast source).
enum class RowExpandScratch { None, Tmp, Hidden };

/// Scratch accesses of one call, as byte offsets from the scratch base (tmp, or kRowExpandScratchOffset).
struct RowExpandScratchTrace {
  RowExpandScratch where = RowExpandScratch::None;
  std::vector<ByteRange> writes, reads;
};

namespace detail {

inline bool sameValidShape(const RowExpandTile &A, const RowExpandTile &B) {
  return A.validRow == B.validRow && A.validCol == B.validCol;
}

/// One pass of the A2A3 Mode-1 algorithm (§4.1, TRowExpandBinOp.hpp 63-132): vbrcb expands `repeats` groups of
/// 8 broadcast scalars, starting at row firstRow, into scratch [0, repeats * 256); then rows
/// [firstRow, firstRow + rows) are combined with scratch block r - firstRow.
struct RowExpandPass {
  unsigned firstRow, rows, repeats;
};

inline std::vector<RowExpandPass> rowExpandPasses(const RowExpandConfig &C) {
  const unsigned R = nonNegative(C.dst.validRow);
  const unsigned Groups = (R + 7) / 8;
  // One pass unless both the declared dst (the template branch on Rows) and the valid rows reach 256.
  if (C.dst.rows < 256 || R < 256)
    return {RowExpandPass{0, R, Groups}};
  // Passes of 30 groups (240 rows, 7680 B). When the group count is a multiple of 30 but R is not a multiple of
  // 240, upstream's last pass is still sized for 240 rows (inferred from a later pto-isa revision, not confirmed
  // at 3186c381); the model keeps to the valid rows.
  std::vector<RowExpandPass> Passes;
  const unsigned Loops = Groups / 30, Rest = Groups % 30;
  for (unsigned I = 0; I < Loops; ++I)
    Passes.push_back(RowExpandPass{I * 240, std::min(240u, R - I * 240), 30});
  if (Rest)
    Passes.push_back(RowExpandPass{Loops * 240, R % 240, Rest});
  return Passes;
}

/// The min (max) of one target on raw encodings: the result is A or B.
/// NPU (A = full operand, B = broadcast value; inferred, the hardware NaN rule is not stated upstream, §10, §12 #33):
/// a NaN operand propagates, A first; equal values give A. CPU (A = src0's element, B = src1's): std::min /
/// std::max, i.e. B only if strictly smaller (larger), so a NaN in either operand gives A and ties give A
/// (cpu-sim-semantics.md §2 item 4; ElementOp.h 247-251).
inline uint64_t rowExpandCombine(const RowExpandConfig &C, uint64_t A, uint64_t B) {
  const Elem E = C.dst.elem;
  if (C.target != Target::CPU) {
    if (isNanBits(E, A))
      return A;
    if (isNanBits(E, B))
      return B;
  }
  const bool TakeB = C.isMax ? lessThan(E, A, B) : lessThan(E, B, A);
  return TakeB ? B : A;
}

} // namespace detail

/// Index of the source the implementation broadcasts: 1 (src1) when src0 is taken as the full operand, else 0.
/// The source with dst's valid region is the full one, src0 when both have it, except in the A2A3 3-operand form,
/// which then takes the one with the larger (or equal, src0) row stride (§4.1 51-55, §4.2, §4.3).
inline int rowExpandBroadcastIndex(const RowExpandConfig &C) {
  const bool Eq0 = detail::sameValidShape(C.src0, C.dst), Eq1 = detail::sameValidShape(C.src1, C.dst);
  bool Full0 = Eq0;
  if (C.target == Target::A2A3 && !C.withTmp && Eq0 && Eq1)
    Full0 = C.src0.rowStride() >= C.src1.rowStride();
  return Full0 ? 1 : 0;
}

/// The full-operand assertion of every target: some source is RowMajor with dst's valid region.
inline bool rowExpandHasFullOperand(const RowExpandConfig &C) {
  return (detail::sameValidShape(C.src0, C.dst) && C.src0.rowMajor) ||
         (detail::sameValidShape(C.src1, C.dst) && C.src1.rowMajor);
}

/// Simulated scratch accesses: on A2A3 the 4-operand form (with a tmp tile) and the 3-operand form with a ColMajor
/// broadcast source expand the broadcast values with vbrcb, 8 rows per 256 B, then read one 32-B block per row
/// (§4.1). a5 and cpu use no scratch.
inline RowExpandScratchTrace rowExpandScratchTrace(const RowExpandConfig &C) {
  RowExpandScratchTrace Trace;
  if (C.target != Target::A2A3)
    return Trace;
  const RowExpandTile &Bc = rowExpandBroadcastIndex(C) == 1 ? C.src1 : C.src0;
  if (C.withTmp) {
    if (C.tmpIsEvent)
      return Trace; // the call does not compile (§12 #14)
    Trace.where = RowExpandScratch::Tmp;
  } else if (!Bc.rowMajor) {
    Trace.where = RowExpandScratch::Hidden;
  } else {
    return Trace; // Mode 2 reads the broadcast tile directly
  }
  const size_t S = elemSize(C.dst.elem);
  const size_t Lanes = std::min<size_t>(detail::nonNegative(C.dst.validCol), 32 / S);
  for (const detail::RowExpandPass &P : detail::rowExpandPasses(C)) {
    if (P.repeats)
      Trace.writes.push_back(ByteRange{0, size_t(P.repeats) * 256});
    for (unsigned K = 0; K < P.rows && Lanes; ++K)
      Trace.reads.push_back(ByteRange{size_t(K) * 32, size_t(K) * 32 + Lanes * S});
  }
  return Trace;
}

/// Bytes of scratch the call touches (0 if it uses none).
inline size_t rowExpandScratchExtent(const RowExpandConfig &C) {
  const RowExpandScratchTrace T = rowExpandScratchTrace(C);
  return std::max(extentBytes(T.writes), extentBytes(T.reads));
}

/// What the target's implementation requires of the call: static_asserts, debug-only assertions and limits implied
/// by the algorithm, with the ids of the matching pto-lint rules. Empty for a legal call.
inline std::vector<Precondition> rowExpandPreconditions(const RowExpandConfig &C) {
  std::vector<Precondition> Out;
  const std::string Op = C.isMax ? "TROWEXPANDMAX" : "TROWEXPANDMIN";
  const std::string On = std::string(" on ") + targetName(C.target);
  const Elem T = C.dst.elem;
  const size_t S = elemSize(T);
  const int Block = static_cast<int>(32 / S);
  auto Add = [&](const char *Id, std::string Msg, Severity Sev, CheckKind Kind) {
    Out.push_back(Precondition{Id, std::move(Msg), Sev, Kind});
  };
  auto Shape = [](int R, int Cc) { return std::to_string(R) + "x" + std::to_string(Cc); };

  // Tile declarations (§1.2): valid region within the tile, 32-byte line pitch of NoneBox tiles.
  // A tmp's valid region is never read (the implementations use its address only, a2a3 TRowExpandBinOp.hpp:226-227).
  auto CheckTile = [&](const char *Name, const RowExpandTile &X) {
    if (std::string(Name) != "tmp" && validRegionOutsideTile(X.validRow, X.validCol, X.rows, X.cols))
      Add("pto-tile-valid-bounds",
          std::string(Name) + " valid shape is " + Shape(X.validRow, X.validCol) + " but the tile is declared " +
              Shape(X.rows, X.cols),
          Severity::Error, CheckKind::Derived);
    const size_t Pitch = size_t(X.rowMajor ? X.cols : X.rows) * elemSize(X.elem);
    if (Pitch % 32 != 0)
      Add("pto-tile-row-pitch",
          std::string(Name) + " lines are " + std::to_string(Pitch) + " B long but must be a multiple of 32 B",
          Severity::Error, CheckKind::Static);
  };
  CheckTile("dst", C.dst);
  CheckTile("src0", C.src0);
  CheckTile("src1", C.src1);
  if (C.withTmp && !C.tmpIsEvent)
    CheckTile("tmp", C.tmp);

  // Element types (a2a3 static 40-43/85-88, a5 55-59, cpu 22-27/36-38).
  bool TypeOk = false;
  std::string Allowed;
  switch (C.target) {
  case Target::A2A3:
    TypeOk = T == Elem::I16 || T == Elem::I32 || T == Elem::F16 || T == Elem::F32;
    Allowed = "i16, i32, f16 or f32";
    break;
  case Target::A5:
    TypeOk = S == 1 || T == Elem::I16 || T == Elem::U16 || T == Elem::F16 || T == Elem::BF16 || T == Elem::I32 ||
             T == Elem::U32 || T == Elem::F32;
    Allowed = "an 8-, 16- or 32-bit integer, f16, bf16 or f32";
    break;
  case Target::CPU:
    TypeOk = T == Elem::I16 || T == Elem::U16 || T == Elem::I32 || T == Elem::U32 || T == Elem::F16 || T == Elem::F32;
    Allowed = "i16, u16, i32, u32, f16 or f32";
    break;
  }
  if (!TypeOk)
    Add("pto-rowexpand-dtype",
        std::string("element type is ") + elemName(T) + " but " + Op + On + " requires " + Allowed, Severity::Error,
        CheckKind::Static);
  if (C.src0.elem != T || C.src1.elem != T) // a2a3 37-39/82-84, a5 52-54, cpu 33-35
    Add("pto-rowexpand-dtype-match",
        std::string("src0 is ") + elemName(C.src0.elem) + " and src1 " + elemName(C.src1.elem) + " but " + Op + On +
            " requires dst's element type " + elemName(T),
        Severity::Error, CheckKind::Static);
  if (!C.dst.rowMajor) // a2a3 44/89, a5 60, cpu 40
    Add("pto-rowexpand-dst-layout", "dst is column-major but " + Op + On + " requires a row-major dst", Severity::Error,
        CheckKind::Static);

  // Operand roles (a2a3 51-72/94-110, a5 62-92, cpu 69-89): debug-only assertions (cpu: plain assert for the
  // broadcast shape).
  const bool HasFull = rowExpandHasFullOperand(C);
  const int Bi = rowExpandBroadcastIndex(C);
  const RowExpandTile &Bc = Bi == 1 ? C.src1 : C.src0;
  const std::string BName = "broadcast operand src" + std::to_string(Bi);
  if (!HasFull)
    Add("pto-rowexpand-full-operand",
        "src0 is " + Shape(C.src0.validRow, C.src0.validCol) + " and src1 " + Shape(C.src1.validRow, C.src1.validCol) +
            " but " + Op + On + " requires a row-major source with dst's valid shape " +
            Shape(C.dst.validRow, C.dst.validCol),
        Severity::Error, CheckKind::DebugAssert);
  if (HasFull) {
    const bool Mode1 = !Bc.rowMajor && Bc.validCol == 1, Mode2 = Bc.rowMajor && Bc.validCol == Block;
    if (Bc.validRow != C.dst.validRow || !(Mode1 || Mode2))
      Add("pto-rowexpand-broadcast-shape",
          BName + " is " + (Bc.rowMajor ? "row-major " : "column-major ") + Shape(Bc.validRow, Bc.validCol) + " but " +
              Op + On + " requires " + Shape(C.dst.validRow, 1) + " column-major or " + Shape(C.dst.validRow, Block) +
              " row-major",
          Severity::Error, CheckKind::DebugAssert);
    // Derived (§4.1, §4.2, §12 #10, #11): the NPU read pitch of the broadcast tile.
    const bool PitchOk =
        C.target == Target::CPU || (Bc.rowMajor ? Bc.cols == Block : (C.target == Target::A2A3 || Bc.cols == 1));
    if (!PitchOk)
      Add("pto-rowexpand-broadcast-pitch",
          BName + " has " + std::to_string(Bc.cols) + " columns but " + Op + On + " reads it as " +
              std::to_string(Bc.rowMajor ? Block : 1) + " columns",
          Severity::Warning, CheckKind::Derived);
    if (C.target == Target::A2A3 && C.withTmp && Bc.rowMajor) // a2a3 102-104/108-110
      Add("pto-rowexpand-mode", BName + " is row-major but " + Op + " with tmp" + On + " requires column-major",
          Severity::Error, CheckKind::DebugAssert);
  }

  // Scratch (§4.1, §12 #12, #14).
  if (C.withTmp && C.tmpIsEvent)
    Add("pto-rowexpand-tmp-event",
        "tmp is an event but " + Op + On + " requires a tmp tile" +
            (C.target == Target::A2A3 ? " (the call does not compile)" : " (the event is never waited on)"),
        Severity::Error, C.target == Target::A2A3 ? CheckKind::Static : CheckKind::Derived);
  const RowExpandScratchTrace Trace = rowExpandScratchTrace(C);
  const size_t Extent = std::max(extentBytes(Trace.writes), extentBytes(Trace.reads));
  if (Trace.where == RowExpandScratch::Tmp && Extent > C.tmp.bytes())
    Add("pto-rowexpand-tmp-size",
        "tmp holds " + std::to_string(C.tmp.bytes()) + " B but " + Op + On + " writes " + std::to_string(Extent) +
            " B of it for " + std::to_string(C.dst.validRow) + " rows",
        Severity::Error, CheckKind::Derived);
  if (Trace.where == RowExpandScratch::Hidden) {
    auto Overlaps = [&](const RowExpandTile &X) {
      if (!X.placed)
        return false;
      for (const ByteRange &W : Trace.writes) {
        const long long B = static_cast<long long>(kRowExpandScratchOffset + W.begin);
        const long long E = static_cast<long long>(kRowExpandScratchOffset + W.end);
        if (W.end > W.begin && X.addr < E && B < X.addr + static_cast<long long>(X.bytes()))
          return true;
      }
      return false;
    };
    const std::pair<const char *, const RowExpandTile *> Operands[] = {
        {"dst", &C.dst}, {"src0", &C.src0}, {"src1", &C.src1}};
    for (const auto &[Name, X] : Operands)
      if (Overlaps(*X))
        Add("pto-rowexpand-hidden-scratch",
            std::string(Name) + " occupies UB bytes [" + std::to_string(X->addr) + ", " +
                std::to_string(X->addr + static_cast<long long>(X->bytes())) + ") but " + Op + On +
                " writes its row broadcast to [" + std::to_string(kRowExpandScratchOffset) + ", " +
                std::to_string(kRowExpandScratchOffset + extentBytes(Trace.writes)) + ")",
            Severity::Error, CheckKind::Derived);
  }
  return Out;
}

/// False if a precondition the compiler enforces is violated: such a call does not build, so it has no result.
inline bool rowExpandCompiles(const std::vector<Precondition> &Ps) {
  for (const Precondition &P : Ps)
    if (P.kind == CheckKind::Static)
      return false;
  return true;
}

/// Raw storage of one call and how many bytes may be touched behind each pointer; accesses beyond are dropped
/// (reads yield 0). dst may alias src0 or src1 (the in-place idiom).
struct RowExpandBuffers {
  uint8_t *dst;
  size_t dstBytes;
  const uint8_t *src0;
  size_t src0Bytes;
  const uint8_t *src1;
  size_t src1Bytes;
  uint8_t *scratch; ///< a2a3: the tmp tile (4-operand form) or the hidden region (3-operand form)
  size_t scratchBytes;
};

/// Runs the call as the target does, on raw tile storage in each tile's declared layout. Only dst's valid region
/// is written (plus the scratch on a2a3). A call that would not compile (rowExpandCompiles) does nothing.
inline void rowExpandExecute(const RowExpandConfig &C, const RowExpandBuffers &Buf) {
  if (!rowExpandCompiles(rowExpandPreconditions(C)))
    return;
  using detail::Region;
  const size_t S = elemSize(C.dst.elem);
  Region Dst{Buf.dst, Buf.dst, Buf.dst ? Buf.dstBytes : 0};
  const Region Src0{Buf.src0, nullptr, Buf.src0 ? Buf.src0Bytes : 0};
  const Region Src1{Buf.src1, nullptr, Buf.src1 ? Buf.src1Bytes : 0};
  Region Scratch{Buf.scratch, Buf.scratch, Buf.scratch ? Buf.scratchBytes : 0};
  const size_t R = detail::nonNegative(C.dst.validRow), Cols = detail::nonNegative(C.dst.validCol);
  const size_t Block = 32 / S;
  auto Store = [&](size_t Row, size_t Col, uint64_t V) { Dst.store(C.dst.offsetOf(Row, Col) * S, S, V); };

  if (C.target == Target::CPU) {
    // cpu-sim-semantics.md §2 item 4: dst(r, c) = op(src0(r, c % src0.vC), src1(r, c % src1.vC)) through each
    // tile's layout; early return on an empty dst (cpu 64-66). A zero source width would divide by zero upstream;
    // the model skips those elements.
    const size_t V0 = detail::nonNegative(C.src0.validCol), V1 = detail::nonNegative(C.src1.validCol);
    if (!V0 || !V1)
      return;
    for (size_t Row = 0; Row < R; ++Row)
      for (size_t Col = 0; Col < Cols; ++Col) {
        const uint64_t A = Src0.load(C.src0.offsetOf(Row, Col % V0) * S, S);
        const uint64_t B = Src1.load(C.src1.offsetOf(Row, Col % V1) * S, S);
        Store(Row, Col, detail::rowExpandCombine(C, A, B));
      }
    return;
  }

  const int Bi = rowExpandBroadcastIndex(C);
  const RowExpandTile &Full = Bi == 1 ? C.src0 : C.src1;
  const RowExpandTile &Bc = Bi == 1 ? C.src1 : C.src0;
  const Region &FullR = Bi == 1 ? Src0 : Src1;
  const Region &BcR = Bi == 1 ? Src1 : Src0;
  // The NPUs address the full operand with its row stride, whatever its layout (§4.1, §4.2: 2D path).
  auto FullAt = [&](size_t Row, size_t Col) { return FullR.load((Row * Full.rowStride() + Col) * S, S); };

  if (C.target == Target::A5) {
    // §4.2: Mode 2 loads one 32-B block per row at a fixed 32-B pitch; Mode 1 loads element row * Cols.
    for (size_t Row = 0; Row < R; ++Row)
      for (size_t Col = 0; Col < Cols; ++Col) {
        const size_t BOff = Bc.rowMajor ? Row * Block + Col % Block : Row * size_t(detail::nonNegative(Bc.cols));
        Store(Row, Col, detail::rowExpandCombine(C, FullAt(Row, Col), BcR.load(BOff * S, S)));
      }
    return;
  }

  // A2A3 (§4.1).
  if (!C.withTmp && Bc.rowMajor) {
    // Mode 2: a fixed 32-B pitch; passes of 255 rows advance by 255 declared rows (NormMode32B 137-156).
    const bool Chunked = C.dst.rows >= 256 && R >= 256;
    for (size_t Row = 0; Row < R; ++Row)
      for (size_t Col = 0; Col < Cols; ++Col) {
        const size_t Base = Chunked ? (Row / 255) * 255 * Bc.rowStride() + (Row % 255) * Block : Row * Block;
        Store(Row, Col, detail::rowExpandCombine(C, FullAt(Row, Col), BcR.load((Base + Col % Block) * S, S)));
      }
    return;
  }
  // Mode 1 (and every 4-operand call): vbrcb copies consecutive broadcast scalars into one 32-B scratch block
  // each, then every row is combined with its block.
  for (const detail::RowExpandPass &P : detail::rowExpandPasses(C)) {
    for (size_t J = 0; J < size_t(P.repeats) * 8; ++J) {
      const uint64_t V = BcR.load((P.firstRow + J) * S, S);
      for (size_t K = 0; K < Block; ++K)
        Scratch.store(J * 32 + K * S, S, V);
    }
    for (size_t K = 0; K < P.rows; ++K)
      for (size_t Col = 0; Col < Cols; ++Col) {
        const size_t Row = P.firstRow + K;
        const uint64_t B = Scratch.load(K * 32 + (Col % Block) * S, S);
        Store(Row, Col, detail::rowExpandCombine(C, FullAt(Row, Col), B));
      }
  }
}

/// rowExpandExecute on typed storage with the declared tile sizes as limits; Scratch holds ScratchBytes.
template <class T>
void rowExpandExecute(const RowExpandConfig &C, T *Dst, const T *Src0, const T *Src1, uint8_t *Scratch,
                      size_t ScratchBytes) {
  rowExpandExecute(C, RowExpandBuffers{reinterpret_cast<uint8_t *>(Dst), C.dst.bytes(),
                                       reinterpret_cast<const uint8_t *>(Src0), C.src0.bytes(),
                                       reinterpret_cast<const uint8_t *>(Src1), C.src1.bytes(), Scratch, ScratchBytes});
}

} // namespace ref
} // namespace pto

#endif // PTO_REF_ROWEXPAND_HPP
