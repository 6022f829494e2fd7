// tests/npu: an A5 vector kernel in the style of the NPU system tests, parsed as bisheng would see it.
//
// TCOLARGMIN on an int8 tile, register-file code in __VEC_SCOPE__, pipe flags, a host launcher with <<<...>>>;
// compiled with the commands translateNpuCommand builds for --cce-aicore-arch=dav-c310-vec.
#include <pto/pto-inst.hpp>

#include "acl/acl.h"

using namespace pto;

// Elementwise minimum of two float rows through vector registers; the tail is masked with a predicate.
__simd_vf__ AICORE inline void minRows(__ubuf__ float *dst, __ubuf__ float *a, __ubuf__ float *b, uint32_t count) {
  __VEC_SCOPE__ {
    RegTensor<float> va;
    RegTensor<float> vb;
    RegTensor<float> vr;
    MaskReg all = pset_b32(PAT_ALL);
    uint32_t remaining = count;
    uint16_t repeats = static_cast<uint16_t>((count + ELE_CNT_B32 - 1) / ELE_CNT_B32);
    for (uint16_t i = 0; i < repeats; ++i) {
      MaskReg mask = plt_b32(remaining, POST_UPDATE);
      vlds(va, a, i * ELE_CNT_B32, NORM);
      vlds(vb, b, i * ELE_CNT_B32, NORM);
      vmin(vr, va, vb, mask, MODE_ZEROING);
      vsel(vr, vr, va, all);
      vsts(vr, dst, i * ELE_CNT_B32, NORM_B32, mask);
    }
  }
}

// Raw register types of the compiler, converted explicitly between element types.
__simd_vf__ AICORE inline void splatOnes(__ubuf__ int32_t *dst) {
  __VEC_SCOPE__ {
    vector_f32 ones;
    vbr(ones, 1.0f);
    vector_s32 bits = static_cast<vector_s32>(ones);
    vsts(bits, dst, 0, NORM_B32, pset_b32(__cce_simd::PAT_ALL));
  }
}

// int8 sources are accepted by the A5 implementation (not by A2/A3); tmp is ignored there.
template <typename T, int Rows, int Cols>
__global__ __aicore__ void tcolArgMinKernel(__gm__ int32_t *out, __gm__ T *in, __gm__ float *rows) {
  using SrcTile = Tile<TileType::Vec, T, Rows, Cols>;
  using IdxTile = Tile<TileType::Vec, int32_t, 1, Cols>;
  using TmpTile = Tile<TileType::Vec, T, 1, 32>;
  constexpr uint32_t SrcBytes = Rows * Cols * sizeof(T);

  SrcTile src;
  IdxTile dst;
  TmpTile tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x12000);
  TASSIGN(tmp, 0x24000);

  int64_t block = get_block_idx();
  copy_gm_to_ubuf_align_v2(src.data(), in + block * Rows * Cols, 0, 1, SrcBytes, 0, 0, false, 0, 0, 0);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID1);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID1);
  TCOLARGMIN(dst, src, tmp);
  minRows(reinterpret_cast<__ubuf__ float *>(dst.data()), reinterpret_cast<__ubuf__ float *>(rows),
          reinterpret_cast<__ubuf__ float *>(rows) + 64, 64);
  splatOnes(dst.data());
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
  copy_ubuf_to_gm_align_v2(out, dst.data(), 0, 1, Cols * sizeof(int32_t), 0, 0, 0);
}

template <typename T, int Rows, int Cols>
void launchTColArgMin(int32_t *out, T *in, float *rows, uint32_t blocks, aclrtStream stream) {
  tcolArgMinKernel<T, Rows, Cols><<<blocks, nullptr, stream>>>(out, in, rows);
}

template void launchTColArgMin<int8_t, 16, 128>(int32_t *, int8_t *, float *, uint32_t, aclrtStream);
template void launchTColArgMin<float, 16, 64>(int32_t *, float *, float *, uint32_t, aclrtStream);
