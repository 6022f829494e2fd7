// Clean-room TPARTMIN / TPARTMAX API running on the reference model (pto/ref/Part.hpp).
#ifndef PTO_OPS_PART_HPP
#define PTO_OPS_PART_HPP

#include <string>
#include <vector>

#include "pto/ops/Common.hpp"
#include "pto/ref/Part.hpp"

namespace pto {

namespace ref {
namespace detail {

template <class TileT> PartTile partTileOf(const TileT &T) {
  return PartTile{ElemOf<typename TileT::DType>::value,
                  TileT::Rows,
                  TileT::Cols,
                  pto::detail::validRowOf(T),
                  pto::detail::validColOf(T),
                  TileKind{TileT::Loc == TileType::Vec, TileT::isRowMajor, TileT::isBoxedLayout}};
}

/// Builds the configuration of a call from its tiles, records its violations and runs it.
template <class DstT, class Src0T, class Src1T> void runPart(bool IsMax, DstT &Dst, Src0T &Src0, Src1T &Src1) {
  std::vector<Precondition> &Violations = lastViolations();
  Violations.clear();
  const std::string Op = IsMax ? "TPARTMAX" : "TPARTMIN";
  using DE = typename DstT::DType;
  using E0 = typename Src0T::DType;
  using E1 = typename Src1T::DType;
  if constexpr (!ElemOf<DE>::known || !ElemOf<E0>::known || !ElemOf<E1>::known) {
    Violations.push_back({"pto-part-dtype", "a tile's element type is not a PTO element type but " + Op +
                                                " requires one",
                          Severity::Error, CheckKind::Static});
    return;
  } else {
    const PartConfig Cfg{activeTarget(), IsMax, partTileOf(Dst), partTileOf(Src0), partTileOf(Src1)};
    Violations = partPreconditions(Cfg);

    bool Assigned = true;
    auto RequireAssigned = [&](const void *P, const char *Role) {
      Assigned &= ref::detail::requireAssigned(Violations, P, Role, Op);
    };
    RequireAssigned(Dst.data(), "dst");
    RequireAssigned(Src0.data(), "src0");
    RequireAssigned(Src1.data(), "src1");
    if (!Assigned)
      return;

    const PartLimits Limits{bytesBehind(Dst.data(), declaredBytes<DstT>()),
                            bytesBehind(Src0.data(), declaredBytes<Src0T>()),
                            bytesBehind(Src1.data(), declaredBytes<Src1T>())};
    partExecute(Cfg, reinterpret_cast<uint8_t *>(Dst.data()), reinterpret_cast<const uint8_t *>(Src0.data()),
                reinterpret_cast<const uint8_t *>(Src1.data()), Limits);
  }
}

} // namespace detail
} // namespace ref

/// dst = elementwise minimum of src0 and src1 over dst's valid region, where both are valid; the valid source's
/// value where only one is (see pto/ref/Part.hpp for each target's treatment of other validity patterns).
template <class TileDataDst, class TileDataSrc0, class TileDataSrc1, class... WaitEvents>
RecordEvent TPARTMIN(TileDataDst &dst, TileDataSrc0 &src0, TileDataSrc1 &src1, WaitEvents &...events) {
  TSYNC(events...);
  ref::detail::runPart(false, dst, src0, src1);
  return {};
}

/// TPARTMIN with maximum instead of minimum.
template <class TileDataDst, class TileDataSrc0, class TileDataSrc1, class... WaitEvents>
RecordEvent TPARTMAX(TileDataDst &dst, TileDataSrc0 &src0, TileDataSrc1 &src1, WaitEvents &...events) {
  TSYNC(events...);
  ref::detail::runPart(true, dst, src0, src1);
  return {};
}

} // namespace pto

#endif // PTO_OPS_PART_HPP
