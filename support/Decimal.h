// support: exact decimal text of integers wider than 64 bits (tile sizes past INT64_MAX, 2^64 for conversions).
#ifndef PTOLINT_SUPPORT_DECIMAL_H
#define PTOLINT_SUPPORT_DECIMAL_H

#include <string>

namespace pto::support {

/// The decimal digits of V, with a leading '-' when negative (V > INT128_MIN).
std::string decimal(__int128 V);
/// A decimal integer (optionally negative) times a small factor, exactly, as decimal text.
std::string decimalTimes(const std::string &Decimal, unsigned Factor);

} // namespace pto::support

#endif
