// Clean-room TROWMIN / TROWMAX API running on the reference model (pto/ref/RowReduce.hpp).
#ifndef PTO_OPS_ROWREDUCE_HPP
#define PTO_OPS_ROWREDUCE_HPP

#include "pto/ops/ColReduce.hpp" // ref::colreduce::tileOf
#include "pto/ops/Common.hpp"
#include "pto/ref/RowReduce.hpp"

namespace pto {

namespace ref {
namespace rowreduce {

/// Builds the configuration of a call from its tiles, records its violations and runs it.
template <class DstT, class SrcT, class TmpT> void run(bool IsMax, DstT &Dst, SrcT &Src, TmpT &Tmp) {
  using SrcE = typename SrcT::DType;
  std::vector<Precondition> &Violations = lastViolations();
  Violations.clear();
  const std::string Op = IsMax ? "TROWMAX" : "TROWMIN";
  if constexpr (!ElemOf<SrcE>::known || !ElemOf<typename DstT::DType>::known || !ElemOf<typename TmpT::DType>::known) {
    Violations.push_back({"pto-rowreduce-src-dtype", "an operand's element type is not a PTO element type but " + Op +
                                                         " requires one",
                          Severity::Error, CheckKind::Static});
  } else {
    const RowReduceConfig Cfg{activeTarget(), IsMax, colreduce::tileOf(Dst), colreduce::tileOf(Src),
                              colreduce::tileOf(Tmp)};
    Violations = rowReducePreconditions(Cfg);
    bool Assigned = true;
    for (const auto &[P, Name] : {std::pair<const void *, const char *>{Src.data(), "src"}, {Dst.data(), "dst"}})
      Assigned &= ref::detail::requireAssigned(Violations, P, Name, Op);
    if (Assigned && Violations.empty() && std::is_same_v<SrcE, typename DstT::DType>)
      rowReduceExecute<SrcE>(Cfg, Src.data(), reinterpret_cast<SrcE *>(Dst.data()));
  }
}

} // namespace rowreduce
} // namespace ref

/// dst[i, 0] = maximum of src's valid row i. tmp: scratch (A2A3 float/half and integer paths).
template <class TileDataOut, class TileDataIn, class TileDataTmp, class... WaitEvents>
RecordEvent TROWMAX(TileDataOut &dst, TileDataIn &src, TileDataTmp &tmp, WaitEvents &...events) {
  TSYNC(events...);
  ref::rowreduce::run(true, dst, src, tmp);
  return {};
}

/// dst[i, 0] = minimum of src's valid row i.
template <class TileDataOut, class TileDataIn, class TileDataTmp, class... WaitEvents>
RecordEvent TROWMIN(TileDataOut &dst, TileDataIn &src, TileDataTmp &tmp, WaitEvents &...events) {
  TSYNC(events...);
  ref::rowreduce::run(false, dst, src, tmp);
  return {};
}

} // namespace pto

#endif // PTO_OPS_ROWREDUCE_HPP
