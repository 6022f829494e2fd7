// Process state of the simulated PTO runtime: the unified buffer, the active target and the violations of the last op.
#ifndef PTO_REF_RUNTIME_HPP
#define PTO_REF_RUNTIME_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "pto/ref/ColArg.hpp"
#include "pto/ref/Elem.hpp"

// Target of the op bodies: PTO_REF_TARGET_A2A3 or PTO_REF_TARGET_A5, otherwise cpu. The macro only sets the
// initial value of activeTarget(), so every translation unit of a program must agree on it; tests switch
// targets at run time with ScopedTarget instead.
#if defined(PTO_REF_TARGET_A2A3)
#define PTO_REF_DEFAULT_TARGET ::pto::ref::Target::A2A3
#elif defined(PTO_REF_TARGET_A5)
#define PTO_REF_DEFAULT_TARGET ::pto::ref::Target::A5
#else
#define PTO_REF_DEFAULT_TARGET ::pto::ref::Target::CPU
#endif

namespace pto {
namespace ref {

/// Size of the simulated unified buffer (the CPU simulator's default, pto-ops-facts.md §1.3, §1.6).
constexpr size_t kSimUbBytes = 512 * 1024;

/// The simulated unified buffer: one static byte array shared by every tile of the process.
inline uint8_t *simUb() {
  alignas(64) static uint8_t Buffer[kSimUbBytes];
  return Buffer;
}

inline void fillSimUb(uint8_t Byte) { std::memset(simUb(), Byte, kSimUbBytes); }

/// Bytes from P to the end of the simulated UB (0 if P is not inside it).
inline size_t simUbBytesFrom(const void *P) {
  const uint8_t *B = static_cast<const uint8_t *>(P);
  if (!B || B < simUb() || B >= simUb() + kSimUbBytes)
    return 0;
  return static_cast<size_t>(simUb() + kSimUbBytes - B);
}

/// Pointer to byte Offset of the UB for an object of Bytes bytes; throws std::out_of_range if it does not fit.
inline uint8_t *simUbPlace(long long Offset, size_t Bytes) {
  if (Offset < 0 || static_cast<unsigned long long>(Offset) > kSimUbBytes ||
      Bytes > kSimUbBytes - static_cast<size_t>(Offset))
    throw std::out_of_range("TASSIGN places a " + std::to_string(Bytes) + " B tile at byte " + std::to_string(Offset) +
                            " but the simulated UB holds " + std::to_string(kSimUbBytes) + " B");
  return simUb() + Offset;
}

inline Target &activeTargetSlot() {
  thread_local Target Current = PTO_REF_DEFAULT_TARGET;
  return Current;
}

/// Target whose semantics the op bodies of pto-inst.hpp run.
inline Target activeTarget() { return activeTargetSlot(); }
inline void setActiveTarget(Target T) { activeTargetSlot() = T; }

/// Switches the active target for the lifetime of the object.
class ScopedTarget {
public:
  explicit ScopedTarget(Target T) : Saved(activeTarget()) { setActiveTarget(T); }
  ~ScopedTarget() { setActiveTarget(Saved); }
  ScopedTarget(const ScopedTarget &) = delete;
  ScopedTarget &operator=(const ScopedTarget &) = delete;

private:
  Target Saved;
};

/// Preconditions violated by the most recent op call on this thread (cleared by each call).
inline std::vector<Precondition> &lastViolations() {
  thread_local std::vector<Precondition> Violations;
  return Violations;
}

/// "error: <message> [<id>]" / "warning: ..." for printing.
inline std::string formatViolation(const Precondition &P) {
  return std::string(P.severity == Severity::Error ? "error: " : "warning: ") + P.message + " [" + P.id + "]";
}

} // namespace ref
} // namespace pto

#endif // PTO_REF_RUNTIME_HPP
