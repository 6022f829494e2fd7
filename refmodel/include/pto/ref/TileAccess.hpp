// What the element-wise reference models share (ColReduce, Elementwise): the per-operand tile checks, typed
// element access to raw tile storage, and the scalar helpers over PTO's element types.
#ifndef PTO_REF_TILEACCESS_HPP
#define PTO_REF_TILEACCESS_HPP

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "pto/ScalarTypes.hpp"
#include "pto/ref/ColArg.hpp" // Precondition, Severity, CheckKind, TileKind, detail::nonNegative
#include "pto/ref/Elem.hpp"

// A bare § reference points into shared/reference/pto-ops-facts.md.

namespace pto {
namespace ref {
namespace tileaccess {

using detail::nonNegative;

inline std::string shapeText(int R, int C) { return std::to_string(R) + "x" + std::to_string(C); }

/// pto-tile-row-pitch and pto-tile-valid-bounds for one operand (rules/tile/*.json, §1.2). Tile is a model's
/// operand struct: elem, rows, cols, validRow, validCol, kind.
template <class Tile> void checkTile(std::vector<Precondition> &Out, const std::string &Name, const Tile &T) {
  const size_t S = elemSize(T.elem);
  if (!T.kind.boxed) {
    const size_t Pitch = S * nonNegative(T.kind.rowMajor ? T.cols : T.rows);
    if (Pitch % 32 != 0)
      Out.push_back(Precondition{"pto-tile-row-pitch",
                                 Name + " has " + std::to_string(Pitch) + " B " + (T.kind.rowMajor ? "rows" : "columns") +
                                     " but a NoneBox tile's lines must be a multiple of 32 B",
                                 Severity::Error, CheckKind::Static});
  }
  if (validRegionOutsideTile(T.validRow, T.validCol, T.rows, T.cols))
    Out.push_back(Precondition{"pto-tile-valid-bounds",
                               Name + " valid shape is " + shapeText(T.validRow, T.validCol) + " but the tile is declared " +
                                   shapeText(T.rows, T.cols),
                               Severity::Error, CheckKind::Derived});
}

template <class T> struct IsFloat16Container : std::false_type {};
template <bool B> struct IsFloat16Container<Float16Container<B>> : std::true_type {};

/// The value as a C++ arithmetic operand: 16-bit containers (no native type) compare through float.
template <class T> auto native(const T &V) {
  if constexpr (IsFloat16Container<T>::value)
    return static_cast<float>(V);
  else
    return V;
}

template <class T> constexpr bool isFloatLike() {
  return std::is_floating_point<T>::value || std::is_same<T, pto::half>::value ||
         std::is_same<T, pto::bfloat16_t>::value;
}

template <class T> bool isNan(const T &V) {
  if constexpr (isFloatLike<T>())
    return std::isnan(static_cast<double>(native(V)));
  else
    return false;
}

/// A bounds-checked view of raw tile storage as elements of T (T-sized steps from the base, as the
/// implementations' casted pointers step).
template <class T> struct View {
  const uint8_t *read = nullptr;
  uint8_t *write = nullptr;
  size_t bytes = 0;

  T load(size_t Elt) const {
    T V{};
    if (read && Elt < bytes / sizeof(T))
      std::memcpy(static_cast<void *>(&V), read + Elt * sizeof(T), sizeof(T));
    return V;
  }
  void store(size_t Elt, const T &V) {
    if (write && Elt < bytes / sizeof(T))
      std::memcpy(write + Elt * sizeof(T), static_cast<const void *>(&V), sizeof(T));
  }
};

/// Element offset of (Row, Col) through the tile's own NoneBox layout (§1.2 GetTileOffset).
template <class Tile> size_t layoutOffset(const Tile &T, size_t Row, size_t Col) {
  return T.kind.rowMajor ? Row * nonNegative(T.cols) + Col : Row + Col * nonNegative(T.rows);
}

} // namespace tileaccess
} // namespace ref
} // namespace pto

#endif
