// Clean-room TROWEXPANDMIN / TROWEXPANDMAX API (3- and 4-operand forms) on the model of pto/ref/RowExpand.hpp.
#ifndef PTO_OPS_ROWEXPAND_HPP
#define PTO_OPS_ROWEXPAND_HPP

#include <string>
#include <type_traits>

#include "pto/ops/Common.hpp"
#include "pto/ref/RowExpand.hpp"

namespace pto {

namespace ref {
namespace detail {

/// The model's view of a tile: shape, layout, valid region and, when it lives in the simulated UB, its address.
template <class TileT> RowExpandTile rowExpandTileOf(const TileT &X) {
  RowExpandTile T{ElemOf<typename TileT::DType>::value,
                  TileT::Rows,
                  TileT::Cols,
                  TileT::isRowMajor,
                  pto::detail::validRowOf(X),
                  pto::detail::validColOf(X)};
  if (const size_t Left = simUbBytesFrom(X.data())) {
    T.placed = true;
    T.addr = static_cast<long long>(kSimUbBytes - Left);
  }
  return T;
}

/// Bytes the model may touch behind a tile: up to the end of the UB when the tile lives there (so overruns
/// clobber neighbours as on hardware), else its declared size.
inline size_t rowExpandReach(const void *P, size_t DeclaredBytes) {
  const size_t InUb = simUbBytesFrom(P);
  return P ? (InUb ? InUb : DeclaredBytes) : 0;
}

/// Builds the configuration of a call from its tiles, records its violations and runs it. Tmp is the fourth
/// argument of the 4-operand form (a tile, or an event the overload bound there) and unused otherwise.
template <class DstT, class Src0T, class Src1T, class TmpT>
void runRowExpand(bool IsMax, bool WithTmp, DstT &Dst, Src0T &Src0, Src1T &Src1, TmpT &Tmp) {
  using E = typename DstT::DType;
  using E0 = typename Src0T::DType;
  using E1 = typename Src1T::DType;
  std::vector<Precondition> &Violations = lastViolations();
  Violations.clear();
  const std::string Op = IsMax ? "TROWEXPANDMAX" : "TROWEXPANDMIN";
  if constexpr (!ElemOf<E>::known || !ElemOf<E0>::known || !ElemOf<E1>::known) {
    Violations.push_back({ElemOf<E>::known ? "pto-rowexpand-dtype-match" : "pto-rowexpand-dtype",
                          "a tile element type is not a PTO element type but " + Op + " requires one", Severity::Error,
                          CheckKind::Static});
    return;
  } else {
    RowExpandConfig C{activeTarget(),       IsMax, WithTmp, rowExpandTileOf(Dst), rowExpandTileOf(Src0),
                      rowExpandTileOf(Src1)};
    if constexpr (pto::detail::IsTileV<TmpT>) {
      using TmpE = typename TmpT::DType;
      if constexpr (ElemOf<TmpE>::known)
        C.tmp = rowExpandTileOf(Tmp);
      else // tmp's type is never checked; only its size matters
        C.tmp = RowExpandTile{Elem::U8, 1, int(TmpT::Numel * sizeof(TmpE)), true, 1, int(TmpT::Numel * sizeof(TmpE))};
    } else {
      C.tmpIsEvent = WithTmp;
    }
    Violations = rowExpandPreconditions(C);
    if (!rowExpandCompiles(Violations))
      return;

    bool Assigned = true;
    auto RequireAssigned = [&](const void *P, const char *Role) {
      Assigned &= ref::detail::requireAssigned(Violations, P, Role, Op);
    };
    RequireAssigned(Dst.data(), "dst");
    RequireAssigned(Src0.data(), "src0");
    RequireAssigned(Src1.data(), "src1");
    uint8_t *Scratch = nullptr;
    size_t ScratchBytes = 0;
    if (C.target == Target::A2A3) { // a5 and cpu use no scratch
      if constexpr (pto::detail::IsTileV<TmpT>) {
        if (WithTmp) {
          RequireAssigned(Tmp.data(), "tmp");
          Scratch = reinterpret_cast<uint8_t *>(Tmp.data());
          ScratchBytes = rowExpandReach(Tmp.data(), size_t(TmpT::Numel) * sizeof(typename TmpT::DType));
        }
      }
      if (!WithTmp) {
        Scratch = simUb() + kRowExpandScratchOffset;
        ScratchBytes = kRowExpandScratchBytes;
      }
    }
    if (!Assigned)
      return;
    rowExpandExecute(
        C, RowExpandBuffers{reinterpret_cast<uint8_t *>(Dst.data()), rowExpandReach(Dst.data(), C.dst.bytes()),
                            reinterpret_cast<const uint8_t *>(Src0.data()), rowExpandReach(Src0.data(), C.src0.bytes()),
                            reinterpret_cast<const uint8_t *>(Src1.data()), rowExpandReach(Src1.data(), C.src1.bytes()),
                            Scratch, ScratchBytes});
  }
}

} // namespace detail
} // namespace ref

/// dst[i][j] = min(full[i][j], broadcast value of row i): one source has dst's valid shape, the other holds one
/// value per row (ColMajor R x 1) or one 32-byte block per row (RowMajor R x 32/sizeof(T)). 3-operand form.
template <class TileDataDst, class TileDataSrc0, class TileDataSrc1, class... WaitEvents>
RecordEvent TROWEXPANDMIN(TileDataDst &dst, TileDataSrc0 &src0, TileDataSrc1 &src1, WaitEvents &...events) {
  TSYNC(events...);
  ref::detail::runRowExpand(false, false, dst, src0, src1, dst);
  return {};
}

/// TROWEXPANDMIN with a tmp tile (used for the broadcast on a2a3). Like upstream, nothing checks that tmp is a tile:
/// TROWEXPANDMIN(dst, src0, src1, event) selects this overload and binds the event as tmp (it is not waited on).
template <class TileDataDst, class TileDataSrc0, class TileDataSrc1, class TileDataTmp, class... WaitEvents,
          std::enable_if_t<detail::IsTileV<TileDataTmp> || detail::IsEventV<TileDataTmp>, int> = 0>
RecordEvent TROWEXPANDMIN(TileDataDst &dst, TileDataSrc0 &src0, TileDataSrc1 &src1, TileDataTmp &tmp,
                          WaitEvents &...events) {
  TSYNC(events...);
  ref::detail::runRowExpand(false, true, dst, src0, src1, tmp);
  return {};
}

/// TROWEXPANDMIN with maximum instead of minimum (3-operand form).
template <class TileDataDst, class TileDataSrc0, class TileDataSrc1, class... WaitEvents>
RecordEvent TROWEXPANDMAX(TileDataDst &dst, TileDataSrc0 &src0, TileDataSrc1 &src1, WaitEvents &...events) {
  TSYNC(events...);
  ref::detail::runRowExpand(true, false, dst, src0, src1, dst);
  return {};
}

/// TROWEXPANDMIN with maximum instead of minimum (4-operand form; an event in tmp's place binds as tmp).
template <class TileDataDst, class TileDataSrc0, class TileDataSrc1, class TileDataTmp, class... WaitEvents,
          std::enable_if_t<detail::IsTileV<TileDataTmp> || detail::IsEventV<TileDataTmp>, int> = 0>
RecordEvent TROWEXPANDMAX(TileDataDst &dst, TileDataSrc0 &src0, TileDataSrc1 &src1, TileDataTmp &tmp,
                          WaitEvents &...events) {
  TSYNC(events...);
  ref::detail::runRowExpand(true, true, dst, src0, src1, tmp);
  return {};
}

} // namespace pto

#endif // PTO_OPS_ROWEXPAND_HPP
