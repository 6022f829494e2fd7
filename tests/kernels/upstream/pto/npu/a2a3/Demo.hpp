// tests: the a2a3 "implementation" of the miniature's ops (see ../../common/pto_instr.hpp): asserts behind an early
// return, in a helper whose parameters are the op's values, under `if constexpr`, in a loop, and on a narrow unsigned
// parameter.
#ifndef PTOLINT_TEST_UPSTREAM_A2A3_DEMO_HPP
#define PTOLINT_TEST_UPSTREAM_A2A3_DEMO_HPP

namespace pto {

template <typename TileData>
inline void DemoLoadNd(int gShape3, int gShape4, int validRow, int validCol) {
  PTO_ASSERT(validCol == gShape4, "The validCol of TileData must be equal to the 5th dim of the shape!");
  PTO_ASSERT(validRow == gShape3, "The validRow of TileData must be equal to the 4th dim of the shape!");
  if constexpr (TileData::Rows > 4096) {
    PTO_ASSERT(validRow < 0, "never instantiated for small tiles");
  }
}

template <typename TileData, typename GlobalData> void TDEMOLOAD_IMPL(TileData &dst, GlobalData &src) {
  if (dst.GetValidRow() == 0)
    return;
  DemoLoadNd<TileData>(src.GetShape(3), src.GetShape(4), dst.GetValidRow(), dst.GetValidCol());
  for (unsigned I = 0; I < dst.GetValidRow(); ++I)
    PTO_ASSERT(I * 0 + src.GetShape(3) == dst.GetValidRow() + I, "a loop's iteration is not modelled");
}

template <typename TileData> void TDEMOEXTRACT_IMPL(TileData &dst, TileData &src, unsigned indexRow) {
  PTO_ASSERT(indexRow + dst.GetValidRow() <= src.GetValidRow(), "The extracted rows must lie within src!");
}

// Two dims of one tensor: distinct values, also when pto-lint does not follow how the tensor was made.
template <typename TileData, typename GlobalData> void TDEMOSQUARE_IMPL(TileData &dst, GlobalData &src) {
  PTO_ASSERT(src.GetShape(3) == src.GetShape(4), "The global tensor must be square!");
}

// An alignment check on a narrow unsigned parameter, as pto-isa@3186c381 common/arch/memory/textract_common.hpp:85-86
// checks TEXTRACT's indices (`(indexRow % 16) == 0` of a uint16_t).
template <typename TileData> void TDEMOSLICE_IMPL(TileData &dst, TileData &src, uint16_t indexCol) {
  PTO_ASSERT((indexCol % 16) == 0, "The column index must be 16-aligned!");
}

// The names of an assert's condition are those in scope where the assert is (pto-lint parses the condition there):
// a local that hides another of an outer block, a local type alias, a macro the header undefines after, a helper
// that is not a template. A condition that names nothing declared there (which the real headers can hold: the macro
// compiles it out) is not followed, and the compile is not affected.
#define PTO_TEST_DEMO_LIMIT 64
inline void DemoCheckCount(unsigned count) { PTO_ASSERT(count <= 1024, "The count must be at most 1024!"); }

template <typename TileData> void TDEMOSCOPE_IMPL(TileData &dst, TileData &src, unsigned n) {
  using T = typename TileData::DType;
  unsigned rows = src.GetValidRow();
  if (n > 0) {
    unsigned rows = dst.GetValidRow();
    PTO_ASSERT(rows + n <= TileData::Rows, "The rows and n must fit in the tile!");
  }
  PTO_ASSERT(sizeof(T) * rows <= PTO_TEST_DEMO_LIMIT * sizeof(T), "At most 64 rows!");
#ifndef _DEBUG // (where the macro compiles the condition in, it must compile)
  PTO_ASSERT(demoNotDeclaredAnywhere(n), "Never parsed: the release macro drops it");
#endif
  DemoCheckCount(n);
}
#undef PTO_TEST_DEMO_LIMIT

} // namespace pto

#endif
