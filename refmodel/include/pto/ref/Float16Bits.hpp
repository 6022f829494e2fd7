// Bit-exact conversions between IEEE binary16, bfloat16 and binary32, written from the IEEE 754 encodings.
#ifndef PTO_REF_FLOAT16BITS_HPP
#define PTO_REF_FLOAT16BITS_HPP

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace pto {
namespace ref {

/// Rounding used when a value does not fit the target format exactly.
enum class RoundMode { NearestEven, NearestAway };

inline uint32_t floatToBits(float F) {
  uint32_t U;
  std::memcpy(&U, &F, sizeof U);
  return U;
}

inline float bitsToFloat(uint32_t U) {
  float F;
  std::memcpy(&F, &U, sizeof F);
  return F;
}

/// binary16 -> binary32; exact for every input, NaN payloads are kept.
inline float halfBitsToFloat(uint16_t H) {
  const uint32_t Sign = uint32_t(H & 0x8000u) << 16;
  const uint32_t Exp = (H >> 10) & 0x1Fu;
  const uint32_t Man = H & 0x3FFu;
  if (Exp == 0x1F)
    return bitsToFloat(Sign | 0x7F800000u | (Man << 13));
  if (Exp == 0) {
    // Zero or subnormal: Man * 2^-24, exact in binary32.
    const float Mag = std::ldexp(static_cast<float>(Man), -24);
    return Sign ? -Mag : Mag;
  }
  return bitsToFloat(Sign | ((Exp + 112u) << 23) | (Man << 13));
}

namespace detail {
/// Drops Shift low bits of Mant with the given rounding (Shift in [1, 31]).
inline uint32_t roundShift(uint32_t Mant, unsigned Shift, RoundMode Mode) {
  const uint32_t Q = Mant >> Shift;
  const uint32_t Rem = Mant & ((1u << Shift) - 1u);
  const uint32_t HalfWay = 1u << (Shift - 1);
  if (Rem > HalfWay || (Rem == HalfWay && (Mode == RoundMode::NearestAway || (Q & 1u))))
    return Q + 1;
  return Q;
}
} // namespace detail

/// binary32 -> binary16 with the given rounding; overflow gives infinity, NaN stays NaN.
inline uint16_t floatToHalfBits(float F, RoundMode Mode = RoundMode::NearestEven) {
  const uint32_t U = floatToBits(F);
  const uint16_t Sign = static_cast<uint16_t>((U >> 16) & 0x8000u);
  const uint32_t Abs = U & 0x7FFFFFFFu;
  if (Abs > 0x7F800000u) // NaN: force the quiet bit so the payload cannot become zero.
    return static_cast<uint16_t>(Sign | 0x7E00u | ((Abs >> 13) & 0x3FFu));
  if (Abs == 0x7F800000u)
    return static_cast<uint16_t>(Sign | 0x7C00u);
  if (Abs == 0)
    return Sign;
  // Value = Mant * 2^(Exp - 23) with Mant holding the implicit bit for normals.
  int Exp = static_cast<int>(Abs >> 23) - 127;
  uint32_t Mant = Abs & 0x7FFFFFu;
  if (Exp == -127)
    Exp = -126;
  else
    Mant |= 0x800000u;
  if (Exp > 15)
    return static_cast<uint16_t>(Sign | 0x7C00u);
  if (Exp >= -14) {
    const uint32_t Q = detail::roundShift(Mant, 13, Mode); // in [0x400, 0x800]
    // A carry out of the mantissa bumps the exponent; 31 << 10 is infinity.
    const uint32_t Bits = (uint32_t(Exp + 15) << 10) + (Q - 0x400u);
    return static_cast<uint16_t>(Sign | Bits);
  }
  // Subnormal half: units of 2^-24.
  const unsigned Shift = static_cast<unsigned>(13 + (-14 - Exp));
  if (Shift > 24)
    return Sign; // below half of the smallest subnormal
  return static_cast<uint16_t>(Sign | detail::roundShift(Mant, Shift, Mode));
}

/// bfloat16 -> binary32 (exact).
inline float bf16BitsToFloat(uint16_t B) { return bitsToFloat(uint32_t(B) << 16); }

/// binary32 -> bfloat16, round to nearest even; NaN stays NaN.
inline uint16_t floatToBf16Bits(float F) {
  const uint32_t U = floatToBits(F);
  if ((U & 0x7FFFFFFFu) > 0x7F800000u)
    return static_cast<uint16_t>((U >> 16) | 0x0040u);
  return static_cast<uint16_t>(detail::roundShift(U, 16, RoundMode::NearestEven));
}

/// Integer -> binary16 (exact for |V| <= 2048, rounded beyond).
inline uint16_t intToHalfBits(int32_t V, RoundMode Mode) {
  // Every int32 with |V| <= 2^24 is exact in binary32; larger ones are far above the half range anyway.
  const int32_t Clamped = V > (1 << 24) ? (1 << 24) : (V < -(1 << 24) ? -(1 << 24) : V);
  return floatToHalfBits(static_cast<float>(Clamped), Mode);
}

/// binary16 -> int32 with the given rounding; NaN gives 0 and infinities saturate.
inline int32_t halfBitsToInt(uint16_t H, RoundMode Mode) {
  const double D = halfBitsToFloat(H);
  if (std::isnan(D))
    return 0;
  if (std::isinf(D))
    return D > 0 ? std::numeric_limits<int32_t>::max() : std::numeric_limits<int32_t>::min();
  double R = std::round(D); // ties away from zero
  if (Mode == RoundMode::NearestEven && std::fabs(D - std::trunc(D)) == 0.5)
    R = 2.0 * std::round(D / 2.0);
  return static_cast<int32_t>(R);
}

} // namespace ref
} // namespace pto

#endif // PTO_REF_FLOAT16BITS_HPP
