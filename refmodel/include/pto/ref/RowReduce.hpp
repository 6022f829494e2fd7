// Executable reference model of TROWMAX / TROWMIN per target: preconditions, the A2A3 scratch footprint, results.
#ifndef PTO_REF_ROWREDUCE_HPP
#define PTO_REF_ROWREDUCE_HPP

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "pto/ref/ColReduce.hpp" // colreduce::npuMinMax
#include "pto/ref/TileAccess.hpp"

// A bare § reference points into shared/reference/pto-ops-facts.md (§6: TROWMIN / TROWMAX).

namespace pto {
namespace ref {

/// One tile operand of a row reduction (same shape as a column reduction's).
using RowReduceTile = ColReduceTile;

/// One TROWMAX / TROWMIN call as the model sees it: dst[i, 0] = max/min of src's valid row i.
struct RowReduceConfig {
  Target target;
  bool isMax;
  RowReduceTile dst, src, tmp;
};

namespace rowreduce {

using namespace tileaccess;

/// The four FP32 shapes A2A3 reduces on a dedicated path (TRowReduceOps.hpp:236-269): src rows x cols, all
/// valid, and a DN dst of one valid column. Static shapes only upstream; the model takes the values.
inline bool fp32Special(const RowReduceConfig &C) {
  const RowReduceTile &S = C.src, &D = C.dst;
  const bool Shape = (S.rows == 64 && S.cols == 128) || (S.rows == 32 && S.cols == 256) ||
                     (S.rows == 16 && S.cols == 512) || (S.rows == 8 && S.cols == 1024);
  return S.elem == Elem::F32 && !D.kind.rowMajor && !D.kind.boxed && D.validCol == 1 && S.validRow == S.rows &&
         S.validCol == S.cols && Shape;
}

/// Bytes of tmp the A2A3 reduction writes, simulated per source row (§6.1): integer sources accumulate in one 32-B
/// block; half/float sources wider than one 256-B repeat keep row i's 256 B of partial results at tmp row
/// i * tmp::Cols (in src elements); the FP32 special shapes use 4096 B (the smaller of the two is required, since
/// which path runs depends on whether the shape is static). 0: tmp is not used.
inline size_t a2a3TmpBytes(const RowReduceConfig &C) {
  const size_t S = elemSize(C.src.elem);
  if (C.src.validRow <= 0)
    return 0; // no row: no repeat writes tmp
  if (C.src.elem == Elem::I16 || C.src.elem == Elem::I32)
    return 32;
  if (C.src.elem != Elem::F16 && C.src.elem != Elem::F32)
    return 0;
  const size_t E = 256 / S;
  if (C.src.validCol <= 0 || size_t(C.src.validCol) <= E)
    return 0;
  size_t End = 0;
  for (int Row = 0; Row < C.src.validRow; ++Row)
    End = std::max(End, size_t(Row) * nonNegative(C.tmp.cols) * S + 256);
  return fp32Special(C) ? std::min<size_t>(End, 4096) : End;
}

} // namespace rowreduce

/// What the target's implementation requires of the call (static_asserts, debug-only PTO_ASSERTs, the A2A3 use of
/// tmp). Empty for a legal call.
inline std::vector<Precondition> rowReducePreconditions(const RowReduceConfig &Cfg) {
  using rowreduce::shapeText;
  std::vector<Precondition> Out;
  const std::string Op = Cfg.isMax ? "TROWMAX" : "TROWMIN";
  const std::string On = std::string(" on ") + targetName(Cfg.target);
  const Elem S = Cfg.src.elem;
  auto Add = [&](const char *Id, std::string Msg, CheckKind Kind) {
    Out.push_back(Precondition{Id, std::move(Msg), Severity::Error, Kind});
  };
  auto OneOf = [&](std::initializer_list<Elem> Set) { return std::find(Set.begin(), Set.end(), S) != Set.end(); };
  if (Cfg.target != Target::CPU) { // §6.1, §6.2; the cpu simulator checks none of these (§6.3)
    const bool SrcOk = Cfg.target == Target::A2A3
                           ? OneOf({Elem::F16, Elem::F32, Elem::I16, Elem::I32})
                           : OneOf({Elem::F16, Elem::F32, Elem::I16, Elem::I32, Elem::I8, Elem::U8, Elem::I64, Elem::U64});
    if (!SrcOk)
      Add("pto-rowreduce-src-dtype", std::string("src element type is ") + elemName(S) + " but " + Op + On +
                                         " does not support it", CheckKind::Static);
    if (Cfg.dst.elem != S)
      Add("pto-rowreduce-dst-dtype", std::string("dst element type is ") + elemName(Cfg.dst.elem) + " but " + Op + On +
                                         " requires the src type", CheckKind::Static);
    if (!Cfg.src.kind.vec || !Cfg.dst.kind.vec)
      Add("pto-rowreduce-tile-loc", Op + On + " requires Vec tiles", CheckKind::Static);
    if (!Cfg.src.kind.rowMajor || Cfg.src.kind.boxed)
      Add("pto-rowreduce-src-layout", "src is not ND but " + Op + On + " requires it", CheckKind::Static);
    if (Cfg.dst.kind.boxed || (!Cfg.dst.kind.rowMajor && Cfg.dst.cols != 1))
      Add("pto-rowreduce-dst-layout", "dst is neither ND nor DN with one column but " + Op + On + " requires it",
          CheckKind::Static);
    if (Cfg.src.validRow == 0 || Cfg.src.validCol == 0)
      Add("pto-rowreduce-valid-nonzero", "src valid shape is " + shapeText(Cfg.src.validRow, Cfg.src.validCol) +
                                             " but " + Op + On + " needs at least one element", CheckKind::DebugAssert);
    if (Cfg.dst.validRow != Cfg.src.validRow)
      Add("pto-rowreduce-dst-validrow", "dst has " + std::to_string(Cfg.dst.validRow) + " valid rows but src has " +
                                            std::to_string(Cfg.src.validRow), CheckKind::DebugAssert);
  }
  if (Cfg.target == Target::A2A3) { // §6.1, §12 #24: tmp is never checked upstream
    const size_t Need = rowreduce::a2a3TmpBytes(Cfg);
    const size_t Have = size_t(rowreduce::nonNegative(Cfg.tmp.rows)) * rowreduce::nonNegative(Cfg.tmp.cols) *
                        elemSize(Cfg.tmp.elem);
    if (Need > Have)
      Add("pto-rowreduce-tmp-size", "tmp holds " + std::to_string(Have) + " B but " + Op + On + " writes " +
                                        std::to_string(Need) + " B into it", CheckKind::Derived);
    const size_t E = 256 / elemSize(S);
    if ((S == Elem::F16 || S == Elem::F32) && Cfg.src.validCol > 0 && size_t(Cfg.src.validCol) > E &&
        !rowreduce::fp32Special(Cfg) && size_t(rowreduce::nonNegative(Cfg.tmp.cols)) * elemSize(S) < 256)
      Add("pto-rowreduce-tmp-pitch", "tmp rows are less than 256 B apart but " + Op + On + " writes 256 B per row",
          CheckKind::Derived);
  }
  rowreduce::checkTile(Out, "dst", Cfg.dst);
  rowreduce::checkTile(Out, "src", Cfg.src);
  rowreduce::checkTile(Out, "tmp", Cfg.tmp);
  return Out;
}

/// Runs a legal call on raw tile storage: dst(i, 0) = max/min of src's valid row i, for i < src's valid rows;
/// nothing else of dst is written. NPU targets take vmin/vmax's NaN rule (colreduce::npuMinMax); the cpu
/// simulator keeps the running value unless a later one compares smaller (greater), as std::min/std::max do.
template <class T> void rowReduceExecute(const RowReduceConfig &Cfg, const T *Src, T *Dst) {
  using rowreduce::layoutOffset;
  using rowreduce::native;
  if (Cfg.src.validRow <= 0 || Cfg.src.validCol <= 0)
    return; // every target: nothing to reduce (the cpu simulator returns early; NPU calls are illegal)
  for (int Row = 0; Row < Cfg.src.validRow; ++Row) {
    T Acc = Src[layoutOffset(Cfg.src, Row, 0)];
    for (int Col = 1; Col < Cfg.src.validCol; ++Col) {
      const T V = Src[layoutOffset(Cfg.src, Row, Col)];
      if (Cfg.target == Target::CPU)
        Acc = Cfg.isMax ? (native(Acc) < native(V) ? V : Acc) : (native(V) < native(Acc) ? V : Acc);
      else
        Acc = colreduce::npuMinMax(Cfg.isMax, Acc, V);
    }
    Dst[layoutOffset(Cfg.dst, Row, 0)] = Acc;
  }
}

} // namespace ref
} // namespace pto

#endif // PTO_REF_ROWREDUCE_HPP
