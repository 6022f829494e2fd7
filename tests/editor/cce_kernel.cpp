// tests/editor: a CCE kernel on the real pto-isa headers for the LSP session test (lsp_session.py). Its tmp tile
// holds 128 B where the a2a3 TCOLARGMIN uses 512 B (pto-colargmin-tmp-size); the quick fix widens it.
#include <pto/pto-inst.hpp>

using namespace pto;

template <int Cols>
__global__ AICORE void colArgMin(__gm__ uint32_t *out, __gm__ float *in) {
  Tile<TileType::Vec, float, 16, 256, BLayout::RowMajor, -1, -1> src(16, Cols);
  Tile<TileType::Vec, uint32_t, 1, 256, BLayout::RowMajor, -1, -1> dst(1, Cols);
  Tile<TileType::Vec, float, 1, 32, BLayout::RowMajor, -1, -1> tmp(1, 32);
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x4000);
  TASSIGN(tmp, 0x5000);
  TCOLARGMIN(dst, src, tmp);
}

template __global__ AICORE void colArgMin<255>(__gm__ uint32_t *, __gm__ float *);
