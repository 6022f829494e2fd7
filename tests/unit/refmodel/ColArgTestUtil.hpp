// Helpers shared by the reference-model tests: config builders and a typed runner over plain vectors.
#ifndef PTOLINT_TESTS_REFMODEL_COLARGTESTUTIL_HPP
#define PTOLINT_TESTS_REFMODEL_COLARGTESTUTIL_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pto/ref/ColArg.hpp"

namespace pto {
namespace ref {
namespace test {

/// A legal-looking call: row-major src, dst 1 x srcCols with matching valid cols, generous tmp.
inline ColArgConfig makeConfig(Target T, Elem Src, Elem Idx, int Rows, int Cols, int ValidRow, int ValidCol,
                               bool WithVal = false, bool IsMax = false) {
  return ColArgConfig{T,
                      IsMax,
                      WithVal,
                      Src,
                      Idx,
                      Rows,
                      Cols,
                      /*srcRowMajor=*/true,
                      ValidRow,
                      ValidCol,
                      /*dstRows=*/1,
                      /*dstCols=*/Cols,
                      /*dstValidRow=*/1,
                      ValidCol,
                      /*tmpBytes=*/4096};
}

template <class T, class I> struct ColArgResult {
  std::vector<I> idx;
  std::vector<T> val;
};

/// Runs Cfg on Src (storage in Cfg's layout, srcRows*srcCols elements); destinations start as sentinels.
template <class T, class I>
ColArgResult<T, I> runColArg(const ColArgConfig &Cfg, const std::vector<T> &Src, I IdxSentinel = I(-1),
                             T ValSentinel = T(0x5A)) {
  ColArgResult<T, I> R;
  R.idx.assign(size_t(Cfg.dstRows) * Cfg.dstCols, IdxSentinel);
  R.val.assign(size_t(Cfg.dstRows) * Cfg.dstCols, ValSentinel);
  std::vector<uint8_t> Tmp(Cfg.tmpBytes, 0xEE);
  colArgExecute<T, I>(Cfg, Src.data(), Cfg.withVal ? R.val.data() : nullptr, R.idx.data(), Tmp.data());
  return R;
}

inline bool hasId(const std::vector<Precondition> &Ps, const std::string &Id) {
  for (const Precondition &P : Ps)
    if (P.id == Id)
      return true;
  return false;
}

/// First finding with the id (a copy, so a temporary vector may be passed).
inline std::optional<Precondition> findId(const std::vector<Precondition> &Ps, const std::string &Id) {
  for (const Precondition &P : Ps)
    if (P.id == Id)
      return P;
  return std::nullopt;
}

} // namespace test
} // namespace ref
} // namespace pto

#endif // PTOLINT_TESTS_REFMODEL_COLARGTESTUTIL_HPP
