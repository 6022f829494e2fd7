// support: integer arithmetic that says when it overflows, for sizes computed from user code and from reports.
#ifndef PTOLINT_SUPPORT_CHECKED_H
#define PTOLINT_SUPPORT_CHECKED_H

#include <cstdint>
#include <initializer_list>
#include <optional>

namespace pto::support {

/// The product of positive factors (a tile's bytes: rows, cols, element size), or none when a factor is not positive
/// or the product leaves int64_t.
inline std::optional<int64_t> positiveProduct(std::initializer_list<int64_t> Factors) {
  int64_t P = 1;
  for (int64_t F : Factors)
    if (F <= 0 || __builtin_mul_overflow(P, F, &P))
      return std::nullopt;
  return P;
}

} // namespace pto::support

#endif
