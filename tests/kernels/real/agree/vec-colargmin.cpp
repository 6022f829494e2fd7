// tests/kernels/real/agree: TCOLARGMIN and TCOLARGMAX, both overloads, on the real pto-isa headers (pto-isa@3186c381)
// with every valid dim a kernel argument, for each element type the target's implementation takes
// (npu/a2a3/TColReduceIdx.hpp:26-29,73-88; npu/a5/TColReduceIdx.hpp:65-68,86,105-120; cpu/TReduceIdx.hpp:42-57), for
// Upstream.HandRulesImplyUpstreamChecks (--assume-rules).
#include <pto/pto-inst.hpp>

using namespace pto;

// The scratch tile holds three 256-byte repeats, the most a2a3's implementation uses (pto-colargmin-tmp-size).
template <typename T, typename Idx, int Rows, int Cols>
AICORE void colArg(int srcRows, int srcCols, int idxRows, int idxCols) {
  using Src = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, -1, -1>;
  using Dst = Tile<TileType::Vec, Idx, 1, Cols, BLayout::RowMajor, -1, -1>;
  using Tmp = Tile<TileType::Vec, T, 1, 768 / sizeof(T), BLayout::RowMajor>;
  Src src(srcRows, srcCols);
  Dst idx(idxRows, idxCols);
  Tmp tmp;
  TASSIGN(src, 0x0);
  TASSIGN(idx, 0x10000);
  TASSIGN(tmp, 0x20000);
  TCOLARGMIN(idx, src, tmp);
  TCOLARGMAX(idx, src, tmp);
}

template <typename T, typename Idx, int Rows, int Cols>
AICORE void colArgVal(int srcRows, int srcCols, int idxRows, int idxCols, int valRows, int valCols) {
  using Src = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, -1, -1>;
  using Dst = Tile<TileType::Vec, Idx, 1, Cols, BLayout::RowMajor, -1, -1>;
  using Val = Tile<TileType::Vec, T, 1, Cols, BLayout::RowMajor, -1, -1>;
  using Tmp = Tile<TileType::Vec, T, 1, 768 / sizeof(T), BLayout::RowMajor>;
  Src src(srcRows, srcCols);
  Dst idx(idxRows, idxCols);
  Val val(valRows, valCols);
  Tmp tmp;
  TASSIGN(src, 0x0);
  TASSIGN(idx, 0x10000);
  TASSIGN(val, 0x18000);
  TASSIGN(tmp, 0x20000);
  TCOLARGMIN(val, idx, src, tmp);
  TCOLARGMAX(val, idx, src, tmp);
}

#define COLARG(T, Idx, Name)                                                                                         \
  __global__ AICORE void colArg_##Name(int srcRows, int srcCols, int idxRows, int idxCols) {                        \
    colArg<T, Idx, 16, 128>(srcRows, srcCols, idxRows, idxCols);                                                   \
  }
#define COLARGVAL(T, Idx, Name)                                                                                      \
  __global__ AICORE void colArgVal_##Name(int srcRows, int srcCols, int idxRows, int idxCols, int valRows,          \
                                          int valCols) {                                                           \
    colArgVal<T, Idx, 16, 128>(srcRows, srcCols, idxRows, idxCols, valRows, valCols);                              \
  }

#if defined(__CPU_SIM) // the CPU simulator: 32-bit indices in both overloads (cpu/TReduceIdx.hpp:42-57)
COLARG(half, int32_t, f16_s32)
COLARG(float, uint32_t, f32_u32)
COLARG(int16_t, int32_t, s16_s32)
COLARG(uint8_t, int32_t, u8_s32)
COLARGVAL(half, int32_t, f16_s32)
COLARGVAL(float, uint32_t, f32_u32)
COLARGVAL(int32_t, int32_t, s32_s32)
#else
COLARG(half, int32_t, f16_s32)
COLARG(uint16_t, uint32_t, u16_u32)
COLARG(float, int32_t, f32_s32)
COLARG(uint32_t, uint32_t, u32_u32)
COLARGVAL(half, int16_t, f16_s16)
COLARGVAL(uint16_t, uint16_t, u16_u16)
COLARGVAL(float, int32_t, f32_s32)
COLARGVAL(uint32_t, uint32_t, u32_u32)
#if defined(REGISTER_BASE) // a5 takes any 8-, 16- or 32-bit element (8-bit: index only)
COLARG(int8_t, int32_t, s8_s32)
COLARG(uint8_t, uint32_t, u8_u32)
COLARG(int16_t, int32_t, s16_s32)
COLARG(bfloat16_t, int32_t, bf16_s32)
COLARG(int32_t, int32_t, s32_s32)
COLARGVAL(int16_t, int16_t, s16_s16)
COLARGVAL(bfloat16_t, uint16_t, bf16_u16)
COLARGVAL(int32_t, int32_t, s32_s32)
#endif
#endif
