// Executable reference model of the element-wise TMIN / TMAX per target: preconditions and results.
#ifndef PTO_REF_ELEMENTWISE_HPP
#define PTO_REF_ELEMENTWISE_HPP

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

// A bare § reference points into shared/reference/pto-ops-facts.md.

namespace pto {
namespace ref {

/// One tile operand of TMIN / TMAX: element type, declared and valid shape, location and layout.
struct ElementwiseTile {
  Elem elem;
  int rows, cols, validRow, validCol;
  TileKind kind = {}; ///< Vec, row-major, NoneBox unless set
};

/// One TMIN / TMAX call as the model sees it.
struct ElementwiseConfig {
  Target target;
  bool isMax;
  ElementwiseTile dst, src0, src1;
};

/// Bytes the execution may touch behind each pointer; accesses beyond them are dropped (reads yield 0).
struct ElementwiseLimits {
  size_t dstBytes, src0Bytes, src1Bytes;
};

namespace elementwise {

using namespace tileaccess; // checkTile, shapeText, native, isNan, View, layoutOffset, nonNegative

/// Element offset as the NPU code computes it: Row * RowStride + Col, RowStride = Cols (row-major) or 1.
inline size_t npuOffset(const ElementwiseTile &T, size_t Row, size_t Col) {
  return Row * (T.kind.rowMajor ? nonNegative(T.cols) : 1u) + Col;
}

} // namespace elementwise

// -------------------------------------------------------------------------------------------------
// Public API.

/// What the target's implementation requires of the call (static_asserts and debug-only checks). Empty for a
/// legal call.
inline std::vector<Precondition> elementwisePreconditions(const ElementwiseConfig &Cfg) {
  using elementwise::shapeText;
  std::vector<Precondition> Out;
  const std::string Op = Cfg.isMax ? "TMAX" : "TMIN";
  const std::string On = std::string(" on ") + targetName(Cfg.target);
  const Elem D = Cfg.dst.elem;
  auto Add = [&](const char *Id, std::string Msg, Severity Sev, CheckKind Kind) {
    Out.push_back(Precondition{Id, std::move(Msg), Sev, Kind});
  };

  // Element type: §9 a2a3 static 62-66, a5 static 59-64; the cpu simulator takes any type.
  bool TypeOk = true;
  std::string Allowed;
  if (Cfg.target == Target::A2A3) {
    TypeOk = D == Elem::I32 || D == Elem::I16 || D == Elem::F16 || D == Elem::F32;
    Allowed = "i32, i16, f16 or f32";
  } else if (Cfg.target == Target::A5) {
    TypeOk = D != Elem::F64;
    Allowed = "an integer, f16, bf16 or f32 type";
  }
  if (!TypeOk)
    Add("pto-elementwise-dtype", std::string("dst element type is ") + elemName(D) + " but " + Op + On + " requires " + Allowed,
        Severity::Error, CheckKind::Static);
  // §9 a2a3 static 59-61, a5 static 68-70, cpu static ElementTileOp.h:21-24 / TMax.hpp:33-36.
  if (Cfg.src0.elem != D || Cfg.src1.elem != D)
    Add("pto-elementwise-dtype-match",
        std::string("src0/src1 element types are ") + elemName(Cfg.src0.elem) + "/" + elemName(Cfg.src1.elem) + " but " +
            Op + On + " requires dst's " + elemName(D),
        Severity::Error, CheckKind::Static);
  // §9 a2a3 static 67-69, a5 static 65-67; the cpu simulator accepts any layout.
  if (Cfg.target != Target::CPU && (!Cfg.dst.kind.rowMajor || !Cfg.src0.kind.rowMajor || !Cfg.src1.kind.rowMajor))
    Add("pto-elementwise-layout", "a tile is column-major but " + Op + On + " requires row-major tiles", Severity::Error,
        CheckKind::Static);
  // §9 PTO_ASSERT (a2a3 72-77, a5 73-78, cpu TMAX 39-44) / plain assert (cpu TMIN, ElementTileOp.h:26-29).
  auto SameShape = [&](const ElementwiseTile &S) {
    return S.validRow == Cfg.dst.validRow && S.validCol == Cfg.dst.validCol;
  };
  if (!SameShape(Cfg.src0) || !SameShape(Cfg.src1))
    Add("pto-elementwise-valid-shape",
        "src0/src1 valid shapes are " + shapeText(Cfg.src0.validRow, Cfg.src0.validCol) + "/" +
            shapeText(Cfg.src1.validRow, Cfg.src1.validCol) + " but " + Op + On + " requires dst's " +
            shapeText(Cfg.dst.validRow, Cfg.dst.validCol),
        Severity::Error, CheckKind::DebugAssert);

  elementwise::checkTile(Out, "dst", Cfg.dst);
  elementwise::checkTile(Out, "src0", Cfg.src0);
  elementwise::checkTile(Out, "src1", Cfg.src1);
  return Out;
}

/// Runs the call on raw tile storage, all three tiles read and written as elements of T (dst's type; the
/// implementations cast every pointer to it). The iteration domain is dst's valid region; each source is read
/// at the same (row, col). Only dst's valid region is written.
///
/// a2a3, a5: vmin / vmax. Inferred (§10, §11; the hardware NaN rule is not stated upstream): a NaN operand
/// propagates (src0's if both are NaN), equal values give src0, so min(-0.0, +0.0) is src0's zero. Addresses
/// are Row * RowStride + Col per tile, as the implementations compute them.
/// cpu (cpu-sim-semantics.md §2 item 7): std::min(src0, src1) = (src1 < src0) ? src1 : src0 and
/// std::max(src0, src1) = (src0 < src1) ? src1 : src0, so a NaN in src0 propagates, a NaN in src1 is dropped,
/// and ties give src0. Addresses follow each tile's layout; boxed (fractal) tiles are not executed.
template <class T>
void elementwiseExecute(const ElementwiseConfig &Cfg, T *Dst, const T *Src0, const T *Src1,
                        const ElementwiseLimits &Limits) {
  using elementwise::native;
  using elementwise::nonNegative;
  using elementwise::View;
  if (sizeof(T) != elemSize(Cfg.dst.elem))
    return; // the storage type does not match the configuration
  View<T> DstV{reinterpret_cast<const uint8_t *>(Dst), reinterpret_cast<uint8_t *>(Dst), Dst ? Limits.dstBytes : 0};
  const View<T> A{reinterpret_cast<const uint8_t *>(Src0), nullptr, Src0 ? Limits.src0Bytes : 0};
  const View<T> B{reinterpret_cast<const uint8_t *>(Src1), nullptr, Src1 ? Limits.src1Bytes : 0};
  const unsigned R = nonNegative(Cfg.dst.validRow), C = nonNegative(Cfg.dst.validCol);
  const bool Cpu = Cfg.target == Target::CPU;
  if (Cpu && (Cfg.dst.kind.boxed || Cfg.src0.kind.boxed || Cfg.src1.kind.boxed))
    return;
  auto Offset = [&](const ElementwiseTile &Tl, size_t Row, size_t Col) {
    return Cpu ? elementwise::layoutOffset(Tl, Row, Col) : elementwise::npuOffset(Tl, Row, Col);
  };
  for (size_t Row = 0; Row < R; ++Row)
    for (size_t Col = 0; Col < C; ++Col) {
      const T X = A.load(Offset(Cfg.src0, Row, Col)), Y = B.load(Offset(Cfg.src1, Row, Col));
      bool TakeY; // an if, not `?:` on the values: clang widens a conditional of __bf16 values to float and back
      if (Cpu)
        TakeY = Cfg.isMax ? native(X) < native(Y) : native(Y) < native(X);
      else if (elementwise::isNan(X))
        TakeY = false;
      else if (elementwise::isNan(Y))
        TakeY = true;
      else
        TakeY = Cfg.isMax ? native(X) < native(Y) : native(Y) < native(X);
      if (TakeY)
        DstV.store(Offset(Cfg.dst, Row, Col), Y);
      else
        DstV.store(Offset(Cfg.dst, Row, Col), X);
    }
}

/// elementwiseExecute with the limits of the declared tile shapes.
template <class T> void elementwiseExecute(const ElementwiseConfig &Cfg, T *Dst, const T *Src0, const T *Src1) {
  auto Bytes = [](const ElementwiseTile &Tl) {
    return size_t(elementwise::nonNegative(Tl.rows)) * elementwise::nonNegative(Tl.cols) * elemSize(Tl.elem);
  };
  elementwiseExecute<T>(Cfg, Dst, Src0, Src1, ElementwiseLimits{Bytes(Cfg.dst), Bytes(Cfg.src0), Bytes(Cfg.src1)});
}

} // namespace ref
} // namespace pto

#endif // PTO_REF_ELEMENTWISE_HPP
