// Helpers shared by the TROWEXPANDMIN/TROWEXPANDMAX reference-model tests: tile and config builders, a typed runner.
#ifndef PTOLINT_TESTS_REFMODEL_ROWEXPANDTESTUTIL_HPP
#define PTOLINT_TESTS_REFMODEL_ROWEXPANDTESTUTIL_HPP

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "pto/ref/RowExpand.hpp"

namespace pto {
namespace ref {
namespace test {

inline RowExpandTile reTile(Elem E, int Rows, int Cols, int ValidRow, int ValidCol, bool RowMajor = true) {
  return RowExpandTile{E, Rows, Cols, RowMajor, ValidRow, ValidCol};
}

/// dst and src0 Rows x Cols (valid VR x VC), src1 a ColMajor Rows x 1 column (valid VR x 1): a legal mode-1 call.
inline RowExpandConfig reConfig(Target T, Elem E, int Rows, int Cols, int VR, int VC, bool IsMax = false,
                                bool WithTmp = false) {
  RowExpandConfig C{T,
                    IsMax,
                    WithTmp,
                    reTile(E, Rows, Cols, VR, VC),
                    reTile(E, Rows, Cols, VR, VC),
                    reTile(E, Rows, 1, VR, 1, /*RowMajor=*/false)};
  return C;
}

/// Tile storage in the declared layout; dst starts as Sentinel, the scratch as 0xEE bytes.
template <class T> struct RowExpandRun {
  std::vector<T> dst, src0, src1;
  std::vector<uint8_t> scratch;
};

template <class T>
RowExpandRun<T> runRowExpand(const RowExpandConfig &C, const std::vector<T> &Src0, const std::vector<T> &Src1,
                             T Sentinel, size_t ScratchBytes = kRowExpandScratchBytes) {
  RowExpandRun<T> R;
  R.dst.assign(size_t(C.dst.rows) * C.dst.cols, Sentinel);
  R.src0 = Src0;
  R.src1 = Src1;
  R.src0.resize(size_t(C.src0.rows) * C.src0.cols);
  R.src1.resize(size_t(C.src1.rows) * C.src1.cols);
  R.scratch.assign(ScratchBytes, 0xEE);
  rowExpandExecute<T>(C, R.dst.data(), R.src0.data(), R.src1.data(), R.scratch.data(), R.scratch.size());
  return R;
}

inline std::set<std::string> idsOf(const std::vector<Precondition> &Ps) {
  std::set<std::string> S;
  for (const Precondition &P : Ps)
    S.insert(P.id);
  return S;
}

inline const Precondition *findPrecondition(const std::vector<Precondition> &Ps, const std::string &Id) {
  for (const Precondition &P : Ps)
    if (P.id == Id)
      return &P;
  return nullptr;
}

} // namespace test
} // namespace ref
} // namespace pto

#endif // PTOLINT_TESTS_REFMODEL_ROWEXPANDTESTUTIL_HPP
