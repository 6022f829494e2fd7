// tests/npu: the tmp sizing of upstream's own TCOLARGMIN system tests (tmp Tile<T, 1, 32> for every case), in the
// style of an NPU kernel. On a2a3 every case under-allocates tmp (pto-ops-facts.md §13.2); a5 ignores tmp.
#include <pto/pto-inst.hpp>

#include "acl/acl.h"

using namespace pto;

template <typename T, int SrcRows, int Cols, int ValidRows, int ValidCols>
__global__ AICORE void tcolargminCase(__gm__ uint32_t *out, __gm__ T *in) {
  Tile<TileType::Vec, T, SrcRows, Cols, BLayout::RowMajor, -1, -1> src(ValidRows, ValidCols);
  Tile<TileType::Vec, uint32_t, 1, Cols, BLayout::RowMajor, -1, -1> dst(1, ValidCols);
  Tile<TileType::Vec, T, 1, 32> tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, SrcRows * Cols * sizeof(T));
  TASSIGN(tmp, SrcRows * Cols * sizeof(T) + Cols * sizeof(uint32_t));
  copy_gm_to_ubuf(src.data(), in, 0, 1, SrcRows * Cols * sizeof(T) / 32, 0, 0);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  TCOLARGMIN(dst, src, tmp);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  copy_ubuf_to_gm(out, dst.data(), 0, 1, Cols * sizeof(uint32_t) / 32, 0, 0);
}

template <typename T, int SrcRows, int Cols, int ValidRows, int ValidCols>
void launchCase(uint32_t *out, T *in, aclrtStream stream) {
  tcolargminCase<T, SrcRows, Cols, ValidRows, ValidCols><<<1, nullptr, stream>>>(out, in);
}

template void launchCase<float, 1, 256, 1, 255>(uint32_t *, float *, aclrtStream);
template void launchCase<float, 16, 128, 16, 127>(uint32_t *, float *, aclrtStream);
template void launchCase<half, 16, 256, 15, 255>(uint32_t *, half *, aclrtStream);
