// Fixture: calls of checked ops inside upstream's headers (docs/user-guide.md, "Findings in upstream's headers").
// A call in a helper of the headers (namespace pto; upstream/pto/common/helpers.hpp, a miniature) is reported on the
// user's line that reaches it, with the call in the header as a note and no fix-it (the header is not the user's
// to edit). A helper whose tiles are its own (DemoOwnScratch) gives the same verdict to every user: it is upstream's,
// counted in the summary and reported only with --upstream-findings (Cli.UpstreamOnlyFindingsAreCountedNotShown).
#include "upstream/pto/common/helpers.hpp"

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using Dst = Tile<TileType::Vec, int32_t, 1, 64, BLayout::RowMajor, -1, -1>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // what a2a3 needs for any float source up to 64 columns
using SmallTmp = Tile<TileType::Vec, float, 1, 8>;

void legalKernel() {
  Src src(16, 64);
  Dst dst(1, 64);
  Tmp tmp;
  DemoColArgMin(dst, src, tmp);
}

void illegalKernel() {
  Src src(16, 64);
  Dst dst(1, 64);
  SmallTmp tmp;
  // expect@+3[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 32 B but TCOLARGMIN on a 16x64 float source needs 512 B on a2a3
  // expect-note@+2[a2a3]: in upstream's 'pto::DemoColArgMin<
  // expect-note@+1[a2a3]: in the call from 'illegalKernel' here, with its operands
  DemoColArgMin(dst, src, tmp);
}

void usesOwnScratch() { DemoOwnScratch(); }
