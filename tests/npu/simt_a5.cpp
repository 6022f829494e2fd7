// tests/npu: an A5 SIMT kernel (a __simt_vf__ function launched per thread with cce::async_invoke), parsed as bisheng
// would see it: the thread registers through bisheng's getters (__cce_simt_get_TID_X and its family) and through
// threadIdx/blockDim, a warp barrier; compiled with the commands translateNpuCommand builds for dav-c310-vec.
#include <stdint.h>

constexpr uint32_t Lanes = 32;
constexpr uint32_t Warps = 8;

// Each thread adds the elements it owns: rows by warp (TID_Y), columns by lane (TID_X).
__simt_vf__ __aicore__ LAUNCH_BOUND(1024) inline void addRows(__gm__ float *out, __gm__ const float *a,
                                                            __gm__ const float *b, uint32_t rows, uint32_t cols) {
  const uint32_t lane = __cce_simt_get_TID_X();
  const uint32_t warp = __cce_simt_get_TID_Y();
  for (uint32_t r = warp; r < rows; r += __cce_simt_get_BLOCK_DIM_Y()) {
    for (int32_t c = static_cast<int32_t>(lane); c < static_cast<int32_t>(cols); c += __cce_simt_get_BLOCK_DIM_X())
      out[r * cols + c] = a[r * cols + c] + b[r * cols + c];
  }
  __sync_workitems();
  if (threadIdx.x == 0 && threadIdx.y == 0 && __cce_simt_get_laneID() == 0) {
    uint64_t t0 = __cce_simt_get_CLOCK64();
    (void)t0;
    (void)__cce_simt_get_LANEMASK_LT();
  }
}

extern "C" __global__ __aicore__ void simtAdd(__gm__ float *out, __gm__ const float *a, __gm__ const float *b) {
  cce::async_invoke<addRows>(cce::dim3{Lanes, Warps}, out, a, b, 64u, 96u);
}
