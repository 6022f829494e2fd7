// Clean-room A5 vector-register API (RegTensor, MaskReg, plt/pset/pge predicates, pand/por, vmin/vmax and their binary siblings) running on the CPU.
#ifndef PTO_OPS_VECTORREGS_HPP
#define PTO_OPS_VECTORREGS_HPP

#include <cstddef>
#include <cstdint>

// Vector code runs inside `__VEC_SCOPE__ { ... }`; on the CPU the scope is an ordinary block.
#ifndef __VEC_SCOPE__
#define __VEC_SCOPE__
#endif

namespace pto {

constexpr size_t VectorBytes = 256; // CCE_VL: one vector register holds 256 bytes

/// One vector register of T: VectorBytes / sizeof(T) lanes.
template <typename T> struct RegTensor {
  static constexpr size_t Lanes = VectorBytes / sizeof(T);
  T lane[Lanes] = {};
};

/// A predicate register. Predicates are untyped (a bit per byte of the vector); the producer's granularity
/// (b8/b16/b32) decides which bytes a lane count covers. This model keeps the active byte count.
struct MaskReg {
  size_t activeBytes = VectorBytes;
};

enum PredicatePattern { PAT_ALL, PAT_VL1, PAT_VL2, PAT_VL4, PAT_VL8, PAT_VL16, PAT_VL32, PAT_VL64, PAT_VL128 };
enum PredicateUpdate { POST_UPDATE, NO_UPDATE };
enum VectorMode { MODE_ZEROING, MODE_MERGING };

namespace detail {
inline size_t patternLanes(PredicatePattern P, size_t Lanes) {
  static const size_t Count[] = {0, 1, 2, 4, 8, 16, 32, 64, 128};
  return P == PAT_ALL ? Lanes : (Count[P] < Lanes ? Count[P] : Lanes);
}
template <size_t Bits> MaskReg plt(uint32_t &Count, PredicateUpdate U) {
  constexpr size_t Lanes = VectorBytes * 8 / Bits;
  size_t Active = Count < Lanes ? Count : Lanes;
  if (U == POST_UPDATE)
    Count -= static_cast<uint32_t>(Active);
  return MaskReg{Active * Bits / 8};
}
template <size_t Bits> MaskReg pset(PredicatePattern P) {
  return MaskReg{patternLanes(P, VectorBytes * 8 / Bits) * Bits / 8};
}
} // namespace detail

/// First `count` lanes of an N-bit granularity active; POST_UPDATE subtracts them from count.
inline MaskReg plt_b8(uint32_t &Count, PredicateUpdate U = POST_UPDATE) { return detail::plt<8>(Count, U); }
inline MaskReg plt_b16(uint32_t &Count, PredicateUpdate U = POST_UPDATE) { return detail::plt<16>(Count, U); }
inline MaskReg plt_b32(uint32_t &Count, PredicateUpdate U = POST_UPDATE) { return detail::plt<32>(Count, U); }
inline MaskReg pset_b8(PredicatePattern P) { return detail::pset<8>(P); }
inline MaskReg pset_b16(PredicatePattern P) { return detail::pset<16>(P); }
inline MaskReg pset_b32(PredicatePattern P) { return detail::pset<32>(P); }
inline MaskReg pge_b8(PredicatePattern P) { return detail::pset<8>(P); }
inline MaskReg pge_b16(PredicatePattern P) { return detail::pset<16>(P); }
inline MaskReg pge_b32(PredicatePattern P) { return detail::pset<32>(P); }

/// Predicate logic under a gate: dst = a AND b (pand) or a OR b (por), on the lanes the gate g enables (the others
/// off). This model keeps predicates as a count of active leading bytes, so both are exact for prefix predicates.
inline void pand(MaskReg &Dst, const MaskReg &A, const MaskReg &B, const MaskReg &G) {
  size_t Both = A.activeBytes < B.activeBytes ? A.activeBytes : B.activeBytes;
  Dst.activeBytes = Both < G.activeBytes ? Both : G.activeBytes;
}
inline void por(MaskReg &Dst, const MaskReg &A, const MaskReg &B, const MaskReg &G) {
  size_t Either = A.activeBytes > B.activeBytes ? A.activeBytes : B.activeBytes;
  Dst.activeBytes = Either < G.activeBytes ? Either : G.activeBytes;
}

namespace detail {
/// Lane i of T is active when the mask covers all of its bytes. With a mask of another granularity the
/// covered byte count is what the producer computed for its own lane size (pto-text-forms.md §4.3).
template <typename T, typename Op>
void vbinary(RegTensor<T> &Dst, const RegTensor<T> &A, const RegTensor<T> &B, const MaskReg &P, VectorMode M, Op F) {
  for (size_t I = 0; I < RegTensor<T>::Lanes; ++I) {
    bool Active = (I + 1) * sizeof(T) <= P.activeBytes;
    if (Active)
      Dst.lane[I] = F(A.lane[I], B.lane[I]);
    else if (M == MODE_ZEROING)
      Dst.lane[I] = T(0);
  }
}
} // namespace detail

/// dst = (a < b) ? a : b on active lanes (the C semantics of the vmin documentation: a NaN in a gives b);
/// inactive lanes are zeroed (MODE_ZEROING, what every PTO use passes) or kept (MODE_MERGING).
template <typename T>
void vmin(RegTensor<T> &Dst, RegTensor<T> &A, RegTensor<T> &B, MaskReg &P, VectorMode M = MODE_ZEROING) {
  detail::vbinary(Dst, A, B, P, M, [](T X, T Y) { return X < Y ? X : Y; });
}
template <typename T>
void vmax(RegTensor<T> &Dst, RegTensor<T> &A, RegTensor<T> &B, MaskReg &P, VectorMode M = MODE_ZEROING) {
  detail::vbinary(Dst, A, B, P, M, [](T X, T Y) { return X > Y ? X : Y; });
}

/// The binary siblings (textual PTO only in pto-lint: pto.vadd, pto.vsub, pto.vmul, pto.vdiv, pto.vand, pto.vor,
/// pto.vxor) share vmin's lane semantics: the op on active lanes, zeroing or merging on the others.
template <typename T>
void vadd(RegTensor<T> &Dst, RegTensor<T> &A, RegTensor<T> &B, MaskReg &P, VectorMode M = MODE_ZEROING) {
  detail::vbinary(Dst, A, B, P, M, [](T X, T Y) { return T(X + Y); });
}
template <typename T>
void vsub(RegTensor<T> &Dst, RegTensor<T> &A, RegTensor<T> &B, MaskReg &P, VectorMode M = MODE_ZEROING) {
  detail::vbinary(Dst, A, B, P, M, [](T X, T Y) { return T(X - Y); });
}
template <typename T>
void vmul(RegTensor<T> &Dst, RegTensor<T> &A, RegTensor<T> &B, MaskReg &P, VectorMode M = MODE_ZEROING) {
  detail::vbinary(Dst, A, B, P, M, [](T X, T Y) { return T(X * Y); });
}
template <typename T>
void vdiv(RegTensor<T> &Dst, RegTensor<T> &A, RegTensor<T> &B, MaskReg &P, VectorMode M = MODE_ZEROING) {
  detail::vbinary(Dst, A, B, P, M, [](T X, T Y) { return T(X / Y); });
}
template <typename T>
void vand(RegTensor<T> &Dst, RegTensor<T> &A, RegTensor<T> &B, MaskReg &P, VectorMode M = MODE_ZEROING) {
  detail::vbinary(Dst, A, B, P, M, [](T X, T Y) { return T(X & Y); });
}
template <typename T>
void vor(RegTensor<T> &Dst, RegTensor<T> &A, RegTensor<T> &B, MaskReg &P, VectorMode M = MODE_ZEROING) {
  detail::vbinary(Dst, A, B, P, M, [](T X, T Y) { return T(X | Y); });
}
template <typename T>
void vxor(RegTensor<T> &Dst, RegTensor<T> &A, RegTensor<T> &B, MaskReg &P, VectorMode M = MODE_ZEROING) {
  detail::vbinary(Dst, A, B, P, M, [](T X, T Y) { return T(X ^ Y); });
}

} // namespace pto

#endif // PTO_OPS_VECTORREGS_HPP
