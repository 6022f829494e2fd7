// tests: helpers in the miniature of pto-isa's layout (namespace pto, in a header), for the policy on calls of checked
// ops inside upstream's code (docs/user-guide.md, "Findings in upstream's headers"): one that works on its caller's
// tiles, one whose tiles are its own. Written for pto-lint's tests; the names are made up.
#ifndef PTOLINT_TEST_UPSTREAM_HELPERS_HPP
#define PTOLINT_TEST_UPSTREAM_HELPERS_HPP

#include <pto/pto-inst.hpp>

namespace pto {

/// The caller's tiles: whether the call holds depends on them.
template <typename DstT, typename SrcT, typename TmpT> void DemoColArgMin(DstT &dst, SrcT &src, TmpT &tmp) {
  TCOLARGMIN(dst, src, tmp);
}

/// Tiles of its own, with a scratch tile too small for its source: the same for every user of the header.
inline void DemoOwnScratch() {
  Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1> src(16, 64);
  Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1> dst(1, 64);
  Tile<TileType::Vec, float, 1, 8> tmp;
  TCOLARGMIN(dst, src, tmp);
}

} // namespace pto

#endif
