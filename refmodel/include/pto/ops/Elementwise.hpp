// Clean-room TMIN / TMAX API running on the reference model (pto/ref/Elementwise.hpp).
#ifndef PTO_OPS_ELEMENTWISE_HPP
#define PTO_OPS_ELEMENTWISE_HPP

#include "pto/ops/ColArg.hpp" // ref::detail::bytesBehind, declaredBytes, kindOf
#include "pto/ops/Common.hpp"
#include "pto/ref/Elementwise.hpp"

namespace pto {

namespace ref {
namespace elementwise {

template <class TileT> ElementwiseTile tileOf(const TileT &T) {
  return ElementwiseTile{ElemOf<typename TileT::DType>::value, TileT::Rows, TileT::Cols, pto::detail::validRowOf(T),
                         pto::detail::validColOf(T), ref::detail::kindOf<TileT>()};
}

/// Builds the configuration of a call from its tiles, records its violations and runs it.
template <class DstT, class Src0T, class Src1T> void run(bool IsMax, DstT &Dst, Src0T &Src0, Src1T &Src1) {
  using E = typename DstT::DType;
  std::vector<Precondition> &Violations = lastViolations();
  Violations.clear();
  const std::string Op = IsMax ? "TMAX" : "TMIN";
  constexpr bool Known = ElemOf<E>::known && ElemOf<typename Src0T::DType>::known &&
                         ElemOf<typename Src1T::DType>::known;
  if constexpr (!Known) {
    Violations.push_back({"pto-elementwise-dtype", "a tile's element type is not a PTO element type but " + Op +
                                                       " requires one",
                          Severity::Error, CheckKind::Static});
    return;
  } else {
    const ElementwiseConfig Cfg{activeTarget(), IsMax, tileOf(Dst), tileOf(Src0), tileOf(Src1)};
    Violations = elementwisePreconditions(Cfg);
    bool Assigned = true;
    for (const auto &[P, Name] : {std::pair<const void *, const char *>{Dst.data(), "dst"},
                                  {Src0.data(), "src0"},
                                  {Src1.data(), "src1"}})
      Assigned &= ref::detail::requireAssigned(Violations, P, Name, Op);
    if (!Assigned)
      return;
    // Every pointer is used as dst's element type, as the implementations cast them.
    const ElementwiseLimits Limits{ref::detail::bytesBehind(Dst.data(), ref::detail::declaredBytes<DstT>()),
                                   ref::detail::bytesBehind(Src0.data(), ref::detail::declaredBytes<Src0T>()),
                                   ref::detail::bytesBehind(Src1.data(), ref::detail::declaredBytes<Src1T>())};
    elementwiseExecute<E>(Cfg, Dst.data(), reinterpret_cast<const E *>(Src0.data()),
                          reinterpret_cast<const E *>(Src1.data()), Limits);
  }
}

} // namespace elementwise
} // namespace ref

/// dst = element-wise minimum of src0 and src1 over dst's valid region.
template <class TileDataDst, class TileDataSrc0, class TileDataSrc1, class... WaitEvents>
RecordEvent TMIN(TileDataDst &dst, TileDataSrc0 &src0, TileDataSrc1 &src1, WaitEvents &...events) {
  TSYNC(events...);
  ref::elementwise::run(false, dst, src0, src1);
  return {};
}

/// dst = element-wise maximum of src0 and src1 over dst's valid region.
template <class TileDataDst, class TileDataSrc0, class TileDataSrc1, class... WaitEvents>
RecordEvent TMAX(TileDataDst &dst, TileDataSrc0 &src0, TileDataSrc1 &src1, WaitEvents &...events) {
  TSYNC(events...);
  ref::elementwise::run(true, dst, src0, src1);
  return {};
}

} // namespace pto

#endif // PTO_OPS_ELEMENTWISE_HPP
