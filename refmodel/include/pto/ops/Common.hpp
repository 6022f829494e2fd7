// Clean-room PTO-style API common to every op: tiles, TASSIGN, events, TSYNC (shared by pto/ops/*.hpp).
#ifndef PTO_OPS_COMMON_HPP
#define PTO_OPS_COMMON_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "pto/ScalarTypes.hpp"
#include "pto/Tile.hpp"
#include "pto/ref/Elem.hpp"
#include "pto/ref/Runtime.hpp"

// Function qualifiers kernels write as they do with upstream's headers (where AICORE names the NPU core
// attribute): empty here, as on upstream's CPU simulator.
#ifndef AICORE
#define AICORE
#endif

// Op bodies run the reference model for pto::ref::activeTarget() (set with PTO_REF_TARGET_A2A3 /
// PTO_REF_TARGET_A5, default cpu, or pto::ref::ScopedTarget). A call never aborts: the preconditions it
// violates are left in pto::ref::lastViolations(), and the call then runs as the target would run it,
// confined to the simulated UB. Op preconditions are deliberately not static_asserts: reporting them is
// pto-lint's job.

namespace pto {

/// Returned by every op; assigning it to an Event records that event.
struct RecordEvent {};

/// The ops an Event may connect (a subset of upstream's list, same spelling).
enum class Op : uint16_t {
  TLOAD,
  TSTORE_VEC,
  SCALAR,
  VECTOR,
  TMIN,
  TMAX,
  TCOLMAX,
  TCOLMIN,
  TROWMAX,
  TROWMIN,
  TPARTMAX,
  TPARTMIN,
  TROWEXPANDMAX,
  TROWEXPANDMIN,
  TPARTARGMAX,
  TPARTARGMIN,
  TCOLARGMAX,
  TCOLARGMIN,
  TROWARGMAX,
  TROWARGMIN
};

struct EventBaseTag {};

/// Synchronisation event from SrcOp to DstOp. Ops run in program order here, so an event only counts
/// how often it was recorded and waited on (tests use that to see which overload ran).
template <Op SrcOp, Op DstOp> struct Event : EventBaseTag {
  Event() = default;
  Event(RecordEvent) { Record(); }
  Event &operator=(RecordEvent) { return Record(); }
  Event &Init() { return Record(); }
  Event &Record() {
    ++Records;
    return *this;
  }
  Event &Wait() {
    ++Waits;
    return *this;
  }

  unsigned Records = 0;
  unsigned Waits = 0;
};

namespace detail {
template <class T> constexpr bool IsEventV = std::is_base_of<EventBaseTag, std::remove_cv_t<T>>::value;
template <class... Ts> constexpr bool AllEventsV = (IsEventV<Ts> && ...);
} // namespace detail

template <class... WaitEvents> void TSYNC(WaitEvents &...Events) { (Events.Wait(), ...); }

namespace ref::detail {

/// Bytes the model may touch behind a tile pointer: up to the end of the UB when the tile lives there
/// (so overruns clobber neighbours as on hardware), else the declared tile size.
inline size_t bytesBehind(const void *P, size_t DeclaredBytes) {
  if (!P)
    return 0;
  const size_t InUb = simUbBytesFrom(P);
  return InUb ? InUb : DeclaredBytes;
}

template <class TileT> size_t declaredBytes() { return size_t(TileT::Numel) * sizeof(typename TileT::DType); }

/// A tile the op reads or writes must have been placed with TASSIGN: records pto-tile-unassigned for Role if
/// not. Returns whether it was placed.
inline bool requireAssigned(std::vector<Precondition> &Out, const void *P, const char *Role, const std::string &Op) {
  if (P)
    return true;
  Out.push_back({"pto-tile-unassigned", std::string(Role) + " tile is used by " + Op + " before TASSIGN",
                 Severity::Error, CheckKind::Derived});
  return false;
}

} // namespace ref::detail

} // namespace pto

#endif // PTO_OPS_COMMON_HPP
