// tests/broken: a kernel that does not compile: a syntax error in the constexpr address of a tile (Cli test
// FileThatDoesNotCompileSpendsNoSolverTime). Clang recovers with a made-up value for the address, and the kernel's
// valid rows are dynamic, so deciding its calls would take Z3; in a unit that does not compile pto-lint must not
// spend the solver's time on them. The same kernel with the address written out (`(Bytes + 0xFF) / 0x100 * 0x100`)
// compiles, and then Z3 decides them.
#include <pto/pto-inst.hpp>

using namespace pto;

template <typename T, int Rows, int Cols>
void addRows(int validRows) {
  using TileT = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, -1, -1>;
  constexpr uint32_t Bytes = Rows * Cols * sizeof(T);
  constexpr uint32_t OtherAddr = (Bytes + 0xFF) / * 0x100; // the syntax error: a '/' without its divisor
  constexpr uint32_t DstAddr = OtherAddr + Bytes;
  TileT x(validRows, Cols), y(validRows, Cols), z(validRows, Cols);
  TASSIGN(x, 0x0);
  TASSIGN(y, OtherAddr);
  TASSIGN(z, DstAddr);
  TMAX(z, x, y);
  TMIN(z, z, y);
  TPARTMAX(z, x, y);
  TPARTMIN(z, z, x);
}

void kernels(int rows) {
  addRows<float, 16, 64>(rows);
  addRows<float, 8, 256>(rows);
  addRows<int32_t, 64, 64>(rows);
}
