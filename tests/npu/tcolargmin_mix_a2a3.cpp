// tests/npu: an A2/A3 mix (cube + vector) kernel in the style of the NPU system tests, parsed once per core.
//
// One source for both core kinds, split by __DAV_CUBE__ / __DAV_VEC__, with cross-core flags; compiled with
// the two commands translateNpuCommand builds for --cce-aicore-arch=dav-c220.
#include <pto/pto-inst.hpp>

#include "acl/acl.h"

using namespace pto;

namespace {
constexpr uint16_t CubeReadyFlag = 3;

// A helper spelled with bisheng's literal core attribute (used by the cube core only).
[aicore] [[maybe_unused]] inline uint64_t crossCoreMessage(uint64_t mode, uint64_t flag) {
  return 1 | (mode << 4) | (flag << 8);
}
} // namespace

template <typename T, int Rows, int Cols>
__global__ AICORE void tcolArgMinMixKernel(__gm__ uint32_t *out, __gm__ T *in, __gm__ uint8_t *ffts) {
  set_ffts_base_addr(reinterpret_cast<uint64_t>(ffts));
#if defined(__DAV_CUBE__)
  // The cube core only stages the input and tells the vector cores it is ready.
  (void)out;
  Tile<TileType::Mat, T, Rows, Cols> staged;
  TASSIGN(staged, 0x0);
  copy_gm_to_cbuf(staged.data(), in, 0, 1, Rows * Cols * sizeof(T) / 32, 0, 0, PAD_NONE);
  pipe_barrier(PIPE_ALL);
  ffts_cross_core_sync(PIPE_MTE3, crossCoreMessage(2, CubeReadyFlag));
#elif defined(__DAV_VEC__)
  wait_flag_dev(CubeReadyFlag);
  Tile<TileType::Vec, T, Rows, Cols> src;
  Tile<TileType::Vec, uint32_t, 1, Cols> dst;
  Tile<TileType::Vec, T, 1, 128> tmp; // 512 B: enough for any float source on A2/A3
  TASSIGN(src, 0x0);
  TASSIGN(dst, Rows * Cols * sizeof(T));
  TASSIGN(tmp, Rows * Cols * sizeof(T) + Cols * sizeof(uint32_t));
  int64_t subblock = get_subblockid();
  copy_gm_to_ubuf(src.data(), in + subblock * Rows * Cols, 0, 1, Rows * Cols * sizeof(T) / 32, 0, 0);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  TCOLARGMIN(dst, src, tmp);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  copy_ubuf_to_gm(out + subblock * Cols, dst.data(), 0, 1, Cols * sizeof(uint32_t) / 32, 0, 0);
#endif
}

template <typename T, int Rows, int Cols>
void launchTColArgMinMix(uint32_t *out, T *in, uint8_t *ffts, uint32_t blocks, aclrtStream stream) {
  tcolArgMinMixKernel<T, Rows, Cols><<<blocks, nullptr, stream>>>(out, in, ffts);
}

template void launchTColArgMinMix<float, 8, 64>(uint32_t *, float *, uint8_t *, uint32_t, aclrtStream);
