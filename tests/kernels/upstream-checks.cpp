// Fixture: upstream's own checks (pto-upstream-assert, docs/upstream-checks.md). The ops come from a miniature of
// pto-isa's layout (upstream/pto/common/pto_instr.hpp) whose a2a3 implementation asserts, compiled out, what the
// real headers assert: a tile's valid region against a global tensor's shape, an index within the source. Each
// assert is a check of the user's call, on the target whose implementation has it (a2a3 only here); a guard that
// makes it hold proves it; an assert in a loop, whose iteration is not modelled, is counted as not followed.
// pto-lint-options: --upstream-checks
#include "upstream/pto/common/pto_instr.hpp"

using namespace pto;

using TileT = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using GShape = Shape<1, 1, 1, -1, 64>;
using Global = GlobalTensor<float, GShape, Stride<1, 1, 1, 64, 1>>;

// The tile's valid columns are dynamic, the global tensor's last dim is 64.
void loadAnyCols(float *src, int rows, int cols) {
  if (rows < 0 || rows > 16 || cols < 0 || cols > 64) // a valid region within the tile (pto-tile-valid-bounds)
    return;
  TileT t(rows, cols);
  Global g(src, GShape(rows));
  // expect@+2[a2a3]: warning pto-upstream-assert: TDEMOLOAD: upstream's check 'validCol == gShape4' fails on a2a3: "The validCol of TileData must be equal to the 5th dim of the shape!"
  // expect-note@+1[a2a3]: fails for example when rows = 1, cols = 0
  TDEMOLOAD(t, g);
}

// The same call behind a guard that makes upstream's check hold: proved.
void loadGuarded(float *src, int rows, int cols) {
  if (cols != 64 || rows < 0 || rows > 16)
    return;
  TileT t(rows, cols);
  Global g(src, GShape(rows));
  TDEMOLOAD(t, g);
}

// An index that may run past the source's valid rows.
void extractAt(unsigned indexRow) {
  TileT src(16, 64);
  TileT dst(8, 64);
  // expect@+1[a2a3]: warning pto-upstream-assert: TDEMOEXTRACT: upstream's check 'indexRow + dst.GetValidRow() <= src.GetValidRow()' fails on a2a3: "The extracted rows must lie within src!"
  TDEMOEXTRACT(dst, src, indexRow);
  if (indexRow <= 8)
    TDEMOEXTRACT(dst, src, indexRow);
}

// Always past the end: a source with fewer valid rows than the destination.
void extractTooFew() {
  TileT src(4, 64);
  TileT dst(8, 64);
  // expect@+1[a2a3]: error pto-upstream-assert: TDEMOEXTRACT: upstream's check 'indexRow + dst.GetValidRow() <= src.GetValidRow()' fails on a2a3
  TDEMOEXTRACT(dst, src, 0);
}

// Windows of a 16-row source, the last one shorter: the window's rows are computed in the iteration of the call from
// the loop's counter, which has not changed since, so the loop's condition bounds them: proved.
void extractTail() {
  TileT src(16, 64);
  for (unsigned r = 0; r < 16; r += 6) {
    unsigned rows = 16 - r < 6 ? 16 - r : 6;
    TileT dst(rows, 64);
    TDEMOEXTRACT(dst, src, r);
  }
}

// A tile keeps the valid rows it was made with (8), not the 2 that 'rows' holds at the call.
void extractMadeBeforeAChange() {
  unsigned rows = 8;
  TileT src(4, 64);
  TileT dst(rows, 64);
  rows = 2;
  // expect@+1[a2a3]: error pto-upstream-assert: TDEMOEXTRACT: upstream's check 'indexRow + dst.GetValidRow() <= src.GetValidRow()' fails on a2a3
  TDEMOEXTRACT(dst, src, 0);
}

// A column index from a loop's counter, converted to the op's uint16_t: in steps of 32 it is 16-aligned in every
// iteration (the remainder of the converted value is decided: proved); in steps of 8 it is not.
void sliceEvery32(int n) {
  TileT src(16, 64);
  TileT dst(16, 64);
  for (int i = 0; i < n; ++i)
    TDEMOSLICE(dst, src, i * 32);
}

void sliceEvery8(int n) {
  TileT src(16, 64);
  TileT dst(16, 64);
  for (int i = 0; i < n; ++i)
    // expect@+2[a2a3]: warning pto-upstream-assert: TDEMOSLICE: upstream's check '(indexCol % 16) == 0' fails on a2a3: "The column index must be 16-aligned!"
    // expect-note@+1[a2a3]: fails for example when i = 1
    TDEMOSLICE(dst, src, i * 8);
}

// One call, checked in each of its calling contexts: the index is the context's, read only by upstream's check, so
// the walk of the first context is not the second's (it is replayed only where no context is read).
void extractFrom(unsigned indexRow) {
  TileT src(16, 64);
  TileT dst(8, 64);
  // expect@+2[a2a3]: error pto-upstream-assert: TDEMOEXTRACT: upstream's check 'indexRow + dst.GetValidRow() <= src.GetValidRow()' fails on a2a3
  // expect-note@+1[a2a3]: in the call from 'extractFromTwoPlaces' here, with its operands
  TDEMOEXTRACT(dst, src, indexRow);
}

void extractFromTwoPlaces() {
  extractFrom(8);
  extractFrom(12);
}

// The same call with a constant index: its walk reads no context, and is the same in both.
void extractFirstRows() {
  TileT src(4, 64);
  TileT dst(8, 64);
  // expect@+1[a2a3]: error pto-upstream-assert: TDEMOEXTRACT: upstream's check 'indexRow + dst.GetValidRow() <= src.GetValidRow()' fails on a2a3
  TDEMOEXTRACT(dst, src, 0);
}

void extractFirstRowsTwice() {
  extractFirstRows();
  extractFirstRows();
}

// Names in scope where the assert is: its `rows` is the destination's (8), which hides the source's (16), so n <= 8
// fits; with any n it does not, nor does the count of the helper that is not a template. The other asserts hold
// (`PTO_TEST_DEMO_LIMIT`, undefined after the header, is 64 at the assert) or are not followed (a condition naming
// nothing declared: --coverage lists it).
void scopeOfNames(unsigned n) {
  TileT src(16, 64);
  TileT dst(8, 64);
  if (n <= 8)
    TDEMOSCOPE(dst, src, n);
  // expect@+4[a2a3]: warning pto-upstream-assert: TDEMOSCOPE: upstream's check 'rows + n <= TileData::Rows' fails on a2a3: "The rows and n must fit in the tile!"
  // expect-note@+3[a2a3]: fails for example when n = 9
  // expect@+2[a2a3]: warning pto-upstream-assert: TDEMOSCOPE: upstream's check 'count <= 1024' fails on a2a3: "The count must be at most 1024!"
  // expect-note@+1[a2a3]: fails for example when n = 1025
  TDEMOSCOPE(dst, src, n);
}

// One instantiation of the op (the same tile and global tensor types) called from three instantiations of a template:
// the walk of its implementation is reused for a call that answers what it read alike (Finder::LiftMemo), and walked
// again for one that does not. Valid columns 64 hold in both instantiations that have them; 32 fails.
template <int Cols, int Tag> void loadStaticCols(float *src) {
  TileT t(16, Cols);
  Global g(src, GShape(16));
  // expect@+1[a2a3]: error pto-upstream-assert: TDEMOLOAD: upstream's check 'validCol == gShape4' fails on a2a3
  TDEMOLOAD(t, g);
}
template void loadStaticCols<64, 0>(float *);
template void loadStaticCols<64, 1>(float *);
template void loadStaticCols<32, 0>(float *);
