// Clean-room TCOLARGMIN / TCOLARGMAX API (3- and 4-operand forms) running on the reference model (pto/ref/ColArg.hpp).
#ifndef PTO_OPS_COLARG_HPP
#define PTO_OPS_COLARG_HPP

#include "pto/ops/Common.hpp"
#include "pto/ref/ColArg.hpp"

namespace pto {

namespace ref {
namespace detail {

template <class TileT> TileKind kindOf() {
  return TileKind{TileT::Loc == TileType::Vec, TileT::isRowMajor, TileT::isBoxedLayout};
}

/// Builds the configuration of a call from its tiles, records its violations and runs it.
/// ValTile is null for the 3-operand form.
template <class DstValT, class DstIdxT, class SrcT, class TmpT>
void runColArg(bool IsMax, DstValT *ValTile, DstIdxT &Idx, SrcT &Src, TmpT &Tmp) {
  using SrcE = typename SrcT::DType;
  using IdxE = typename DstIdxT::DType;
  std::vector<Precondition> &Violations = lastViolations();
  Violations.clear();
  const std::string Op = IsMax ? "TCOLARGMAX" : "TCOLARGMIN";
  if constexpr (!ElemOf<SrcE>::known || !ElemOf<IdxE>::known) {
    if (!ElemOf<SrcE>::known)
      Violations.push_back({"pto-colargmin-src-dtype",
                            "src element type is not a PTO element type but " + Op + " requires one", Severity::Error,
                            CheckKind::Static});
    if (!ElemOf<IdxE>::known)
      Violations.push_back({"pto-colargmin-idx-dtype",
                            "dstIdx element type is not a PTO element type but " + Op + " requires one",
                            Severity::Error, CheckKind::Static});
    return;
  } else {
    ColArgConfig Cfg{activeTarget(),
                     IsMax,
                     ValTile != nullptr,
                     ElemOf<SrcE>::value,
                     ElemOf<IdxE>::value,
                     SrcT::Rows,
                     SrcT::Cols,
                     SrcT::isRowMajor,
                     pto::detail::validRowOf(Src),
                     pto::detail::validColOf(Src),
                     DstIdxT::Rows,
                     DstIdxT::Cols,
                     pto::detail::validRowOf(Idx),
                     pto::detail::validColOf(Idx),
                     declaredBytes<TmpT>()};
    Cfg.srcBoxed = SrcT::isBoxedLayout;
    Cfg.srcVec = SrcT::Loc == TileType::Vec;
    Cfg.dstIdxKind = kindOf<DstIdxT>();
    using TmpE = typename TmpT::DType;
    if constexpr (ElemOf<TmpE>::known)
      Cfg.tmpElem = ElemOf<TmpE>::value;
    if (ValTile) {
      using ValE = typename DstValT::DType;
      Cfg.dstValKind = kindOf<DstValT>();
      if constexpr (ElemOf<ValE>::known)
        Cfg.valElem = ElemOf<ValE>::value;
      Cfg.dstVal =
          TileShape{DstValT::Rows, DstValT::Cols, pto::detail::validRowOf(*ValTile), pto::detail::validColOf(*ValTile)};
    }
    Violations = colArgPreconditions(Cfg);

    bool Assigned = true;
    auto RequireAssigned = [&](const void *P, const char *Role) {
      Assigned &= ref::detail::requireAssigned(Violations, P, Role, Op);
    };
    RequireAssigned(Src.data(), "src");
    RequireAssigned(Idx.data(), ValTile ? "dstIdx" : "dst");
    if (ValTile)
      RequireAssigned(ValTile->data(), "dstVal");
    if (Cfg.target == Target::A2A3) // a5 and cpu never touch tmp
      RequireAssigned(Tmp.data(), "tmp");
    if (!Assigned)
      return;

    SrcE *ValData = ValTile ? reinterpret_cast<SrcE *>(ValTile->data()) : nullptr;
    const ExecLimits Limits{bytesBehind(Src.data(), declaredBytes<SrcT>()),
                            ValTile ? bytesBehind(ValTile->data(), declaredBytes<DstValT>()) : 0,
                            bytesBehind(Idx.data(), declaredBytes<DstIdxT>()),
                            bytesBehind(Tmp.data(), declaredBytes<TmpT>())};
    colArgExecute<SrcE, IdxE>(Cfg, Src.data(), ValData, Idx.data(), reinterpret_cast<uint8_t *>(Tmp.data()), Limits);
  }
}

} // namespace detail
} // namespace ref

/// dst[0, j] = row index of the minimum of column j of src's valid region (3-operand form).
template <class TileDataOutIdx, class TileDataIn, class TileDataTmp, class... WaitEvents>
RecordEvent TCOLARGMIN(TileDataOutIdx &dst, TileDataIn &src, TileDataTmp &tmp, WaitEvents &...events) {
  TSYNC(events...);
  ref::detail::runColArg(false, static_cast<TileDataIn *>(nullptr), dst, src, tmp);
  return {};
}

/// dstVal[0, j] = minimum of column j, dstIdx[0, j] = its row index. Chosen only when tmp is a tile and
/// every further argument is an event, so (dst, src, tmp, event) still selects the 3-operand form.
template <class TileDataOutVal, class TileDataOutIdx, class TileDataIn, class TileDataTmp, class... WaitEvents,
          std::enable_if_t<detail::IsTileV<TileDataTmp> && detail::AllEventsV<WaitEvents...>, int> = 0>
RecordEvent TCOLARGMIN(TileDataOutVal &dstVal, TileDataOutIdx &dstIdx, TileDataIn &src, TileDataTmp &tmp,
                       WaitEvents &...events) {
  TSYNC(events...);
  ref::detail::runColArg(false, &dstVal, dstIdx, src, tmp);
  return {};
}

/// TCOLARGMIN with maximum instead of minimum (3-operand form).
template <class TileDataOutIdx, class TileDataIn, class TileDataTmp, class... WaitEvents>
RecordEvent TCOLARGMAX(TileDataOutIdx &dst, TileDataIn &src, TileDataTmp &tmp, WaitEvents &...events) {
  TSYNC(events...);
  ref::detail::runColArg(true, static_cast<TileDataIn *>(nullptr), dst, src, tmp);
  return {};
}

/// TCOLARGMIN with maximum instead of minimum (value+index form).
template <class TileDataOutVal, class TileDataOutIdx, class TileDataIn, class TileDataTmp, class... WaitEvents,
          std::enable_if_t<detail::IsTileV<TileDataTmp> && detail::AllEventsV<WaitEvents...>, int> = 0>
RecordEvent TCOLARGMAX(TileDataOutVal &dstVal, TileDataOutIdx &dstIdx, TileDataIn &src, TileDataTmp &tmp,
                       WaitEvents &...events) {
  TSYNC(events...);
  ref::detail::runColArg(true, &dstVal, dstIdx, src, tmp);
  return {};
}

} // namespace pto

#endif // PTO_OPS_COLARG_HPP
