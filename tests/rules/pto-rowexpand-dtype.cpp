// Fixture for pto-rowexpand-dtype: the element types each target's TROWEXPANDMIN/TROWEXPANDMAX supports.
#include <pto/pto-inst.hpp>

using namespace pto;

// a2a3: int16_t, int32_t, half, float. a5: also uint16_t, uint32_t, bfloat16_t, int8_t, uint8_t.
// cpu: int16_t, uint16_t, int32_t, uint32_t, half, float.
// Every call has a 16 x 64 full source and a 16 x 1 ColMajor (mode 1) or 16 x 32/sizeof(T) RowMajor (mode 2)
// broadcast source; the 4-operand calls get 512 B of tmp (a2a3 needs 256 * ceil(16 / 8) = 512 B). 8-bit tiles
// have 32 rows, so that a ColMajor column spans 32 B.
template <typename T> using Full = Tile<TileType::Vec, T, 16, 64>;
template <typename T> using Col = Tile<TileType::Vec, T, 16, 1, BLayout::ColMajor>;
template <typename T> using Blk = Tile<TileType::Vec, T, 16, 32 / sizeof(T)>;
template <typename T> using Full8 = Tile<TileType::Vec, T, 32, 64>;
template <typename T> using Col8 = Tile<TileType::Vec, T, 32, 1, BLayout::ColMajor>;
template <typename T> using Blk8 = Tile<TileType::Vec, T, 32, 32>;
using Tmp = Tile<TileType::Vec, float, 1, 128>;

void legalEverywhere() {
  Full<float> dF, sF;
  Col<float> cF;
  Full<half> dH, sH;
  Blk<half> bH;
  Full<int16_t> dI16, sI16;
  Col<int16_t> cI16;
  Full<int32_t> dI32, sI32;
  Blk<int32_t> bI32;
  Tmp tmp;
  TROWEXPANDMIN(dF, sF, cF);
  TROWEXPANDMAX(dH, bH, sH); // the broadcast source may come first
  TROWEXPANDMIN(dI16, sI16, cI16, tmp);
  TROWEXPANDMAX(dI32, sI32, bI32);
}

void unsignedElements() {
  Full<uint16_t> d16, s16;
  Col<uint16_t> c16;
  Full<uint32_t> d32, s32;
  Blk<uint32_t> b32;
  Tmp tmp;
  // expect@+2[a2a3]: error pto-rowexpand-dtype: TROWEXPANDMIN does not support uint16_t elements on a2a3
  // expect-note@+1[a2a3]: help: use int16_t, int32_t, half or float tiles on a2a3
  TROWEXPANDMIN(d16, s16, c16);
  TROWEXPANDMAX(d32, s32, b32); // expect[a2a3]: error pto-rowexpand-dtype: TROWEXPANDMAX does not support uint32_t elements on a2a3
  TROWEXPANDMAX(d16, s16, c16, tmp); // expect[a2a3]: error pto-rowexpand-dtype: TROWEXPANDMAX does not support uint16_t elements on a2a3
}

void eightBit() {
  Full8<int8_t> d8, s8;
  Col8<int8_t> c8;
  Full8<uint8_t> dU8, sU8;
  Blk8<uint8_t> bU8;
  // expect@+3[a2a3]: error pto-rowexpand-dtype: TROWEXPANDMIN does not support int8_t elements on a2a3
  // expect@+2[cpu]: error pto-rowexpand-dtype: TROWEXPANDMIN does not support int8_t elements on cpu
  // expect-note@+1[cpu]: help: use int16_t, uint16_t, int32_t, uint32_t, half or float tiles on cpu
  TROWEXPANDMIN(d8, s8, c8);
  // expect@+2[a2a3]: error pto-rowexpand-dtype: TROWEXPANDMAX does not support uint8_t elements on a2a3
  // expect@+1[cpu]: error pto-rowexpand-dtype: TROWEXPANDMAX does not support uint8_t elements on cpu
  TROWEXPANDMAX(dU8, bU8, sU8);
}

// The CPU simulator's type list has no bfloat16_t (its default build aliases it to half).
void bfloat16() {
  Full<bfloat16_t> d, s;
  Col<bfloat16_t> c;
  // expect@+2[a2a3]: error pto-rowexpand-dtype: TROWEXPANDMIN does not support bfloat16_t elements on a2a3
  // expect@+1[cpu]: error pto-rowexpand-dtype: TROWEXPANDMIN does not support bfloat16_t elements on cpu
  TROWEXPANDMIN(d, s, c);
}

void doublePrecision() {
  Full<double> d, s;
  Blk<double> b; // 4 doubles per 32-byte block
  // expect@+4[a2a3]: error pto-rowexpand-dtype: TROWEXPANDMAX does not support double elements on a2a3
  // expect@+3[a5]: error pto-rowexpand-dtype: TROWEXPANDMAX does not support double elements on a5
  // expect@+2[cpu]: error pto-rowexpand-dtype: TROWEXPANDMAX does not support double elements on cpu
  // expect-note@+1[a5]: help: use an 8-, 16- or 32-bit integer, half, bfloat16_t or float tile on a5
  TROWEXPANDMAX(d, s, b);
}

using DynFullU16 = Tile<TileType::Vec, uint16_t, 16, 64, BLayout::RowMajor, -1, -1>;
using DynColU16 = Tile<TileType::Vec, uint16_t, 16, 1, BLayout::ColMajor, -1, 1>;
using DynFullF16 = Tile<TileType::Vec, half, 16, 64, BLayout::RowMajor, -1, -1>;
using DynColF16 = Tile<TileType::Vec, half, 16, 1, BLayout::ColMajor, -1, 1>;

// Dynamic valid shapes do not change the element type: the a2a3 finding is an error for every value.
void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 0 || cols > 64)
    return;
  DynFullU16 dU(rows, cols), sU(rows, cols);
  DynColU16 cU(rows);
  DynFullF16 dH(rows, cols), sH(rows, cols);
  DynColF16 cH(rows);
  TROWEXPANDMIN(dH, sH, cH);
  TROWEXPANDMAX(dU, sU, cU); // expect[a2a3]: error pto-rowexpand-dtype: TROWEXPANDMAX does not support uint16_t elements on a2a3
}
