// Targets and element types of the reference model, with their sizes, names and the C++ type mapping.
#ifndef PTO_REF_ELEM_HPP
#define PTO_REF_ELEM_HPP

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "pto/ScalarTypes.hpp"

namespace pto {
namespace ref {

enum class Target { A2A3, A5, CPU };

enum class Elem { I8, U8, I16, U16, I32, U32, I64, U64, F16, BF16, F32, F64 };

inline size_t elemSize(Elem E) {
  switch (E) {
  case Elem::I8:
  case Elem::U8:
    return 1;
  case Elem::I16:
  case Elem::U16:
  case Elem::F16:
  case Elem::BF16:
    return 2;
  case Elem::I32:
  case Elem::U32:
  case Elem::F32:
    return 4;
  case Elem::I64:
  case Elem::U64:
  case Elem::F64:
    return 8;
  }
  return 0;
}

inline bool isFloatElem(Elem E) { return E == Elem::F16 || E == Elem::BF16 || E == Elem::F32 || E == Elem::F64; }

inline bool isSignedIntElem(Elem E) { return E == Elem::I8 || E == Elem::I16 || E == Elem::I32 || E == Elem::I64; }

/// Short names as used in diagnostics: i8 u8 i16 u16 i32 u32 i64 u64 f16 bf16 f32 f64.
inline const char *elemName(Elem E) {
  switch (E) {
  case Elem::I8:
    return "i8";
  case Elem::U8:
    return "u8";
  case Elem::I16:
    return "i16";
  case Elem::U16:
    return "u16";
  case Elem::I32:
    return "i32";
  case Elem::U32:
    return "u32";
  case Elem::I64:
    return "i64";
  case Elem::U64:
    return "u64";
  case Elem::F16:
    return "f16";
  case Elem::BF16:
    return "bf16";
  case Elem::F32:
    return "f32";
  case Elem::F64:
    return "f64";
  }
  return "?";
}

inline const char *targetName(Target T) {
  switch (T) {
  case Target::A2A3:
    return "a2a3";
  case Target::A5:
    return "a5";
  case Target::CPU:
    return "cpu";
  }
  return "?";
}

/// ElemOf<T>::value is the Elem of a C++ element type; ElemOf<T>::known is false for unmapped types.
template <class T, class = void> struct ElemOf {
  static constexpr bool known = false;
  static constexpr Elem value = Elem::U8;
};

namespace detail {
template <Elem E> struct ElemIs {
  static constexpr bool known = true;
  static constexpr Elem value = E;
};
template <class T, size_t Size> constexpr bool isIntOfSize() {
  return std::is_integral<T>::value && !std::is_same<T, bool>::value && sizeof(T) == Size;
}
} // namespace detail

// Integers are mapped by signedness and size so that int/long/long long spellings all work.
template <class T>
struct ElemOf<T, std::enable_if_t<detail::isIntOfSize<T, 1>() && std::is_signed<T>::value>> : detail::ElemIs<Elem::I8> {
};
template <class T>
struct ElemOf<T, std::enable_if_t<detail::isIntOfSize<T, 1>() && !std::is_signed<T>::value>>
    : detail::ElemIs<Elem::U8> {};
template <class T>
struct ElemOf<T, std::enable_if_t<detail::isIntOfSize<T, 2>() && std::is_signed<T>::value>>
    : detail::ElemIs<Elem::I16> {};
template <class T>
struct ElemOf<T, std::enable_if_t<detail::isIntOfSize<T, 2>() && !std::is_signed<T>::value>>
    : detail::ElemIs<Elem::U16> {};
template <class T>
struct ElemOf<T, std::enable_if_t<detail::isIntOfSize<T, 4>() && std::is_signed<T>::value>>
    : detail::ElemIs<Elem::I32> {};
template <class T>
struct ElemOf<T, std::enable_if_t<detail::isIntOfSize<T, 4>() && !std::is_signed<T>::value>>
    : detail::ElemIs<Elem::U32> {};
template <class T>
struct ElemOf<T, std::enable_if_t<detail::isIntOfSize<T, 8>() && std::is_signed<T>::value>>
    : detail::ElemIs<Elem::I64> {};
template <class T>
struct ElemOf<T, std::enable_if_t<detail::isIntOfSize<T, 8>() && !std::is_signed<T>::value>>
    : detail::ElemIs<Elem::U64> {};
template <> struct ElemOf<pto::half> : detail::ElemIs<Elem::F16> {};
template <> struct ElemOf<pto::bfloat16_t> : detail::ElemIs<Elem::BF16> {};
template <> struct ElemOf<float> : detail::ElemIs<Elem::F32> {};
template <> struct ElemOf<double> : detail::ElemIs<Elem::F64> {};

} // namespace ref
} // namespace pto

#endif // PTO_REF_ELEM_HPP
