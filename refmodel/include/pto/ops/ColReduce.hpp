// Clean-room TCOLMIN / TCOLMAX API running on the reference model (pto/ref/ColReduce.hpp).
#ifndef PTO_OPS_COLREDUCE_HPP
#define PTO_OPS_COLREDUCE_HPP

#include "pto/ops/ColArg.hpp" // ref::detail::bytesBehind, declaredBytes, kindOf
#include "pto/ops/Common.hpp"
#include "pto/ref/ColReduce.hpp"

namespace pto {

namespace ref {
namespace colreduce {

template <class TileT> ColReduceTile tileOf(const TileT &T) {
  return ColReduceTile{ElemOf<typename TileT::DType>::value, TileT::Rows, TileT::Cols, pto::detail::validRowOf(T),
                       pto::detail::validColOf(T), ref::detail::kindOf<TileT>()};
}

/// Builds the configuration of a call from its tiles, records its violations and runs it.
template <class DstT, class SrcT> void run(bool IsMax, DstT &Dst, SrcT &Src) {
  using SrcE = typename SrcT::DType;
  using DstE = typename DstT::DType;
  std::vector<Precondition> &Violations = lastViolations();
  Violations.clear();
  const std::string Op = IsMax ? "TCOLMAX" : "TCOLMIN";
  if constexpr (!ElemOf<SrcE>::known || !ElemOf<DstE>::known) {
    if (!ElemOf<SrcE>::known)
      Violations.push_back({"pto-colreduce-src-dtype", "src element type is not a PTO element type but " + Op +
                                                           " requires one",
                            Severity::Error, CheckKind::Static});
    if (!ElemOf<DstE>::known)
      Violations.push_back({"pto-colreduce-dst-dtype", "dst element type is not a PTO element type but " + Op +
                                                           " requires one",
                            Severity::Error, CheckKind::Static});
    return;
  } else {
    const ColReduceConfig Cfg{activeTarget(), IsMax, tileOf(Dst), tileOf(Src)};
    Violations = colReducePreconditions(Cfg);
    bool Assigned = true;
    for (const auto &[P, Name] : {std::pair<const void *, const char *>{Src.data(), "src"}, {Dst.data(), "dst"}})
      Assigned &= ref::detail::requireAssigned(Violations, P, Name, Op);
    if (!Assigned)
      return;
    const ColReduceLimits Limits{ref::detail::bytesBehind(Src.data(), ref::detail::declaredBytes<SrcT>()),
                                 ref::detail::bytesBehind(Dst.data(), ref::detail::declaredBytes<DstT>())};
    colReduceExecute<DstE, SrcE>(Cfg, Src.data(), Dst.data(), Limits);
  }
}

} // namespace colreduce
} // namespace ref

/// dst[0, j] = maximum of column j of src's valid region, for j < src's valid columns.
template <class TileDataOut, class TileDataIn, class... WaitEvents>
RecordEvent TCOLMAX(TileDataOut &dst, TileDataIn &src, WaitEvents &...events) {
  TSYNC(events...);
  ref::colreduce::run(true, dst, src);
  return {};
}

/// dst[0, j] = minimum of column j of src's valid region, for j < src's valid columns.
template <class TileDataOut, class TileDataIn, class... WaitEvents>
RecordEvent TCOLMIN(TileDataOut &dst, TileDataIn &src, WaitEvents &...events) {
  TSYNC(events...);
  ref::colreduce::run(false, dst, src);
  return {};
}

} // namespace pto

#endif // PTO_OPS_COLREDUCE_HPP
