// The half and bfloat16_t element types of the PTO-style API (compiler types where available, bit containers
// otherwise).
#ifndef PTO_SCALARTYPES_HPP
#define PTO_SCALARTYPES_HPP

#include <cstdint>

#include "pto/ref/Float16Bits.hpp"

// Choice of types (document of record):
// * half: _Float16 whenever the compiler offers it (clang >= 15 and g++ >= 12 on x86-64, both in C++ mode;
//   they announce it with __FLT16_MANT_DIG__). Otherwise a 16-bit container with float conversions.
// * bfloat16_t: __bf16 where it is an arithmetic type (clang >= 17; g++ >= 13, which announces it with
//   __BFLT16_MANT_DIG__). g++-12 has no usable __bf16 in C++, so there it is the 16-bit container below.
//   Unlike the upstream CPU simulator's default build, bfloat16_t is never the same type as half here.
// Define PTO_HAVE_HALF / PTO_HAVE_BFLOAT16 if the global names `half` / `bfloat16_t` are provided elsewhere.

namespace pto {
namespace ref {

/// 16-bit floating-point container: stores the encoding, converts through float.
template <bool IsBf16> struct Float16Container {
  uint16_t Bits = 0;

  Float16Container() = default;
  Float16Container(float F) : Bits(IsBf16 ? floatToBf16Bits(F) : floatToHalfBits(F)) {}
  operator float() const { return IsBf16 ? bf16BitsToFloat(Bits) : halfBitsToFloat(Bits); }
};

} // namespace ref

#if defined(__FLT16_MANT_DIG__)
#define PTO_REF_NATIVE_HALF 1
using half = _Float16;
#else
#define PTO_REF_NATIVE_HALF 0
using half = ref::Float16Container<false>;
#endif

#if (defined(__clang__) && __clang_major__ >= 17) || defined(__BFLT16_MANT_DIG__)
#define PTO_REF_NATIVE_BF16 1
using bfloat16_t = __bf16;
#else
#define PTO_REF_NATIVE_BF16 0
using bfloat16_t = ref::Float16Container<true>;
#endif

} // namespace pto

#ifndef PTO_HAVE_HALF
using half = ::pto::half;
#endif
#ifndef PTO_HAVE_BFLOAT16
using bfloat16_t = ::pto::bfloat16_t;
#endif

#endif // PTO_SCALARTYPES_HPP
