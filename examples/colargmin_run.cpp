// Example kernel: TCOLARGMIN/TCOLARGMAX on the clean-room PTO API, run on the CPU reference model and printed.
//
//   g++ -std=c++17 -Irefmodel/include examples/colargmin_run.cpp -o colargmin_run && ./colargmin_run
#include <cstdio>

#include "pto/pto-inst.hpp"

using namespace pto;

namespace {

constexpr int kRows = 4, kCols = 8, kValidCols = 6;

using SrcTile = Tile<TileType::Vec, float, kRows, kCols, BLayout::RowMajor, kRows, kValidCols>;
using IdxTile = Tile<TileType::Vec, int32_t, 1, kCols, BLayout::RowMajor, 1, kValidCols>;
using ValTile = Tile<TileType::Vec, float, 1, kCols, BLayout::RowMajor, 1, kValidCols>;
using TmpTile = Tile<TileType::Vec, float, 1, 8>; // 32 B: enough for the cpu and a5, too small on a2a3

void printViolations() {
  for (const auto &P : ref::lastViolations())
    std::printf("  %s\n", ref::formatViolation(P).c_str());
}

void kernel(const float (&In)[kRows][kCols]) {
  SrcTile Src;
  IdxTile Idx;
  ValTile Val;
  TmpTile Tmp;
  TASSIGN(Src, 0x0);
  TASSIGN(Idx, 0x80);
  TASSIGN(Val, 0xA0);
  TASSIGN(Tmp, 0xC0);
  for (int R = 0; R < kRows; ++R)
    for (int C = 0; C < kCols; ++C)
      Src.SetElement(R, C, In[R][C]);

  Event<Op::TCOLARGMIN, Op::TCOLARGMAX> Ev;
  Ev = TCOLARGMIN(Idx, Src, Tmp); // expect[a2a3]: error pto-colargmin-tmp-size: tmp tile holds 32 B but TCOLARGMIN
  std::printf("TCOLARGMIN on %s, idx:", ref::targetName(ref::activeTarget()));
  for (int C = 0; C < kValidCols; ++C)
    std::printf(" %d", Idx.GetElement(0, C));
  std::printf("\n");
  printViolations();

  TCOLARGMAX(Val, Idx, Src, Tmp, Ev); // expect[a2a3]: error pto-colargmin-tmp-size: needs 56 B on a2a3
  std::printf("TCOLARGMAX on %s, (val, idx):", ref::targetName(ref::activeTarget()));
  for (int C = 0; C < kValidCols; ++C)
    std::printf(" (%g, %d)", Val.GetElement(0, C), Idx.GetElement(0, C));
  std::printf("\n");
  printViolations();
}

} // namespace

int main() {
  const float In[kRows][kCols] = {
      {3, 1, 4, 1, 5, 9, 0, 0}, {2, 7, 1, 8, 2, 8, 0, 0}, {1, 4, 1, 4, 2, 1, 0, 0}, {3, 5, 6, 2, 3, 7, 0, 0}};
  kernel(In); // cpu, the default target
  ref::ScopedTarget A2(ref::Target::A2A3);
  kernel(In); // same kernel judged and run as on a2a3
  return 0;
}
