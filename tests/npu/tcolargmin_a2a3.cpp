// tests/npu: an A2/A3 vector kernel in the style of the NPU system tests, parsed as bisheng would see it.
//
// TCOLARGMIN on float and half tiles, raw DMA and pipe flags, host launchers with <<<...>>> and explicit
// instantiations; compiled with the commands translateNpuCommand builds for --cce-aicore-arch=dav-c220-vec.
#include <pto/pto-inst.hpp>

#include "acl/acl.h"

using namespace pto;

// tmp sizes follow the A2/A3 footprint (pto-colargmin-tmp-size): 512 B for float with 127 valid columns,
// 768 B (766 B rounded to whole 32-byte rows) for an index-only half call.
template <typename T, int Rows, int Cols, int ValidCols, int TmpCols>
__global__ AICORE void tcolArgMinKernel(__gm__ uint32_t *out, __gm__ T *in) {
  using SrcTile = Tile<TileType::Vec, T, Rows, Cols, BLayout::RowMajor, Rows, ValidCols>;
  using IdxTile = Tile<TileType::Vec, uint32_t, 1, Cols, BLayout::RowMajor, 1, ValidCols>;
  using TmpTile = Tile<TileType::Vec, T, 1, TmpCols>;
  constexpr uint32_t SrcBytes = Rows * Cols * sizeof(T);
  constexpr uint32_t IdxBytes = Cols * sizeof(uint32_t);

  SrcTile src;
  IdxTile dst;
  TmpTile tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, SrcBytes);
  TASSIGN(tmp, SrcBytes + IdxBytes);

  copy_gm_to_ubuf(src.data(), in, 0, 1, SrcBytes / 32, 0, 0);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  TCOLARGMIN(dst, src, tmp);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  copy_ubuf_to_gm(out, dst.data(), 0, 1, IdxBytes / 32, 0, 0);
  pipe_barrier(PIPE_ALL);
}

template <typename T, int Rows, int Cols, int ValidCols, int TmpCols>
void launchTColArgMin(uint32_t *out, T *in, void *stream) {
  tcolArgMinKernel<T, Rows, Cols, ValidCols, TmpCols><<<1, nullptr, stream>>>(out, in);
}

// Host code passes half data as aclFloat16; the second launch argument may be a dynamic UB size.
template <int Rows, int Cols, int ValidCols, int TmpCols>
void launchTColArgMinHalf(uint32_t *out, aclFloat16 *in, aclrtStream stream) {
  tcolArgMinKernel<half, Rows, Cols, ValidCols, TmpCols><<<1, 0, stream>>>(out, reinterpret_cast<half *>(in));
}

template void launchTColArgMin<float, 16, 128, 127, 128>(uint32_t *, float *, void *);
template void launchTColArgMinHalf<16, 128, 127, 384>(uint32_t *, aclFloat16 *, aclrtStream);
// An explicitly instantiated kernel (CUDA-mode parsing rejects this; HIP host-only mode accepts it).
template __global__ AICORE void tcolArgMinKernel<float, 1, 256, 255, 128>(__gm__ uint32_t *, __gm__ float *);

int runTColArgMin(size_t Rows, size_t Cols) {
  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  void *in = nullptr;
  void *out = nullptr;
  aclrtMalloc(&in, Rows * Cols * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&out, Cols * sizeof(uint32_t), ACL_MEM_MALLOC_HUGE_FIRST);
  launchTColArgMin<float, 16, 128, 127, 128>(static_cast<uint32_t *>(out), static_cast<float *>(in), stream);
  aclError status = aclrtSynchronizeStream(stream);
  aclrtFree(in);
  aclrtFree(out);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  return status == ACL_SUCCESS ? 0 : 1;
}
