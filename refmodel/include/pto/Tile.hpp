// Clean-room PTO-style Tile template and TASSIGN over the simulated unified buffer.
#ifndef PTO_TILE_HPP
#define PTO_TILE_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "pto/ScalarTypes.hpp"
#include "pto/ref/Runtime.hpp"

// Names and template-parameter order follow the upstream API (pto-ops-facts.md §1.2) so that kernels compile
// against either header set; the code is this project's own.

namespace pto {

enum class TileType { Vec, Mat, Left, Right, Acc, Bias, Scaling, ScaleLeft, ScaleRight, Ctrl };
enum class BLayout { RowMajor = 0, ColMajor = 1 };
enum class SLayout { NoneBox = 0, RowMajor = 1, ColMajor = 2 };
enum class PadValue { Null, Zero, Max, Min };
enum class CompactMode { Null, Normal, RowPlusOne, RowAlignedPadding };

/// Marks a valid dimension that is set at run time.
constexpr int DYNAMIC = -1;

template <TileType Loc_, typename Element_, int Rows_, int Cols_, BLayout BFractal_ = BLayout::RowMajor,
          int RowValid_ = Rows_, int ColValid_ = Cols_, SLayout SFractal_ = SLayout::NoneBox, int SFractalSize_ = 512,
          auto PadVal_ = PadValue::Null, CompactMode Compact_ = CompactMode::Null>
struct Tile {
  using DType = Element_;
  using TileDType = DType *;

  static constexpr TileType Loc = Loc_;
  static constexpr int Rows = Rows_;
  static constexpr int Cols = Cols_;
  static constexpr int ValidRow = RowValid_;
  static constexpr int ValidCol = ColValid_;
  static constexpr BLayout BFractal = BFractal_;
  static constexpr SLayout SFractal = SFractal_;
  static constexpr int SFractalSize = SFractalSize_;
  static constexpr auto PadVal = PadVal_;
  static constexpr CompactMode Compact = Compact_;
  static constexpr int Numel = Rows_ * Cols_;
  static constexpr bool isRowMajor = BFractal_ == BLayout::RowMajor;
  static constexpr bool isBoxedLayout = SFractal_ != SLayout::NoneBox;
  static constexpr int RowStride = isRowMajor ? Cols_ : 1;
  static constexpr int ColStride = isRowMajor ? 1 : Rows_;

  // Declaration checks (§1.2). Like upstream, DYNAMIC (-1) valid dims pass the <= comparisons.
  static_assert(Rows_ > 0 && Cols_ > 0, "Tile: Rows and Cols must be positive");
  static_assert(RowValid_ <= Rows_ && ColValid_ <= Cols_, "Tile: valid dims must not exceed Rows/Cols");
  static_assert(isBoxedLayout || !isRowMajor || (Cols_ * sizeof(Element_)) % 32 == 0,
                "Tile: a row-major NoneBox tile needs Cols * sizeof(element) to be a multiple of 32 bytes");
  static_assert(isBoxedLayout || isRowMajor || (Rows_ * sizeof(Element_)) % 32 == 0,
                "Tile: a column-major NoneBox tile needs Rows * sizeof(element) to be a multiple of 32 bytes");

  Tile() = default;

  /// Both valid dims set at run time; only for Tile<..., DYNAMIC, DYNAMIC>.
  template <int VR = RowValid_, int VC = ColValid_, std::enable_if_t<VR == DYNAMIC && VC == DYNAMIC, int> = 0>
  Tile(unsigned ValidRows, unsigned ValidCols) : DynValidRow(ValidRows), DynValidCol(ValidCols) {}

  /// Valid rows set at run time, valid cols static.
  template <int VR = RowValid_, int VC = ColValid_, std::enable_if_t<VR == DYNAMIC && (VC > 0), int> = 0>
  Tile(unsigned ValidRows) : DynValidRow(ValidRows) {}

  /// Valid cols set at run time, valid rows static.
  template <int VR = RowValid_, int VC = ColValid_, std::enable_if_t<(VR > 0) && VC == DYNAMIC, int> = 0>
  Tile(unsigned ValidCols) : DynValidCol(ValidCols) {}

  // Valid dims: static ones are constexpr, DYNAMIC ones are run-time state. A static 0 (or < -1) has no accessor.
  template <int VR = RowValid_, std::enable_if_t<(VR > 0), int> = 0> static constexpr unsigned GetValidRow() {
    return VR;
  }
  template <int VR = RowValid_, std::enable_if_t<VR == DYNAMIC, int> = 0> unsigned GetValidRow() const {
    return DynValidRow;
  }
  template <int VC = ColValid_, std::enable_if_t<(VC > 0), int> = 0> static constexpr unsigned GetValidCol() {
    return VC;
  }
  template <int VC = ColValid_, std::enable_if_t<VC == DYNAMIC, int> = 0> unsigned GetValidCol() const {
    return DynValidCol;
  }

  // Setters exist for DYNAMIC dims only. Like upstream release builds they do not check against Rows/Cols;
  // pto-lint reports that (pto-tile-valid-bounds).
  template <int VR = RowValid_, std::enable_if_t<VR == DYNAMIC, int> = 0> void SetValidRow(unsigned V) {
    DynValidRow = V;
  }
  template <int VC = ColValid_, std::enable_if_t<VC == DYNAMIC, int> = 0> void SetValidCol(unsigned V) {
    DynValidCol = V;
  }
  template <int VR = RowValid_, int VC = ColValid_, std::enable_if_t<VR == DYNAMIC && VC == DYNAMIC, int> = 0>
  void SetValidShape(unsigned ValidRows, unsigned ValidCols) {
    DynValidRow = ValidRows;
    DynValidCol = ValidCols;
  }

  TileDType &data() { return Data; }
  const TileDType &data() const { return Data; }

  /// Element offset of (Row, Col) for NoneBox layouts (§1.2 GetTileOffset).
  template <bool Boxed = isBoxedLayout, std::enable_if_t<!Boxed, int> = 0>
  static constexpr size_t offsetOf(int Row, int Col) {
    return size_t(Row) * RowStride + size_t(Col) * ColStride;
  }

  /// Element at (Row, Col) of the declared shape; throws if unassigned or out of the declared shape.
  template <bool Boxed = isBoxedLayout, std::enable_if_t<!Boxed, int> = 0> DType GetElement(int Row, int Col) const {
    DType V;
    std::memcpy(&V, checkedAddress(Row, Col), sizeof V);
    return V;
  }

  template <bool Boxed = isBoxedLayout, std::enable_if_t<!Boxed, int> = 0>
  void SetElement(int Row, int Col, const DType &V) {
    std::memcpy(checkedAddress(Row, Col), &V, sizeof V);
  }

private:
  DType *checkedAddress(int Row, int Col) const {
    if (!Data)
      throw std::logic_error("tile element accessed before TASSIGN");
    if (Row < 0 || Row >= Rows_ || Col < 0 || Col >= Cols_)
      throw std::out_of_range("tile element (" + std::to_string(Row) + ", " + std::to_string(Col) +
                              ") is outside the declared " + std::to_string(Rows_) + "x" + std::to_string(Cols_) +
                              " shape");
    return Data + offsetOf(Row, Col);
  }

  TileDType Data = nullptr;
  // Upstream leaves these uninitialised (§1.2); 0 makes a forgotten SetValid* visible as a zero valid shape.
  unsigned DynValidRow = 0;
  unsigned DynValidCol = 0;
};

namespace detail {
template <class T> struct IsTile : std::false_type {};
template <TileType L, typename E, int R, int C, BLayout B, int VR, int VC, SLayout S, int SS, auto P, CompactMode M>
struct IsTile<Tile<L, E, R, C, B, VR, VC, S, SS, P, M>> : std::true_type {};
template <class T> constexpr bool IsTileV = IsTile<std::remove_cv_t<T>>::value;

/// Valid rows/cols of any tile, including the static 0 that GetValidRow() rejects.
template <class TileT> int validRowOf(const TileT &T) {
  if constexpr (TileT::ValidRow == DYNAMIC)
    return static_cast<int>(T.GetValidRow());
  else
    return TileT::ValidRow;
}
template <class TileT> int validColOf(const TileT &T) {
  if constexpr (TileT::ValidCol == DYNAMIC)
    return static_cast<int>(T.GetValidCol());
  else
    return TileT::ValidCol;
}
} // namespace detail

/// Places the tile at byte Addr of the simulated UB; throws std::out_of_range if the declared tile does not fit.
/// No alignment check, as on the CPU simulator (§1.3).
template <class TileT, class AddrT, std::enable_if_t<detail::IsTileV<TileT> && std::is_integral<AddrT>::value, int> = 0>
void TASSIGN(TileT &T, AddrT Addr) {
  using E = typename TileT::DType;
  uint8_t *P = ref::simUbPlace(static_cast<long long>(Addr), size_t(TileT::Numel) * sizeof(E));
  T.data() = reinterpret_cast<E *>(P);
}

/// Compile-time address form TASSIGN<Addr>(tile); checked at run time like the other form.
template <auto Addr, class TileT, std::enable_if_t<detail::IsTileV<TileT>, int> = 0> void TASSIGN(TileT &T) {
  TASSIGN(T, Addr);
}

} // namespace pto

#endif // PTO_TILE_HPP
