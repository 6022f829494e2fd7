// tests/rules: pto-vmin-vecscope: register vmin/vmax only inside __VEC_SCOPE__ blocks or __simd_vf__ functions (a5).
#include <pto/pto-inst.hpp>

using namespace pto;

#define __simd_vf__

void inScope() {
  RegTensor<float> a, b, c;
  __VEC_SCOPE__ {
    MaskReg all = pset_b32(PAT_ALL);
    vmin(c, a, b, all, MODE_ZEROING);
    if (a.lane[0] > 0) {
      vmax(c, a, b, all, MODE_ZEROING); // nested blocks inside the scope are fine
    }
  }
}

__simd_vf__ void vectorFunction(RegTensor<float> &a, RegTensor<float> &b, RegTensor<float> &c) {
  MaskReg all = pset_b32(PAT_ALL);
  vmin(c, a, b, all, MODE_ZEROING);
}

void outOfScope() {
  RegTensor<float> a, b, c;
  MaskReg all = pset_b32(PAT_ALL);
  vmin(c, a, b, all, MODE_ZEROING); // expect[a5]: error pto-vmin-vecscope: vmin on vector registers outside a __VEC_SCOPE__ block on a5
  {
    vmax(c, a, b, all); // expect[a5]: error pto-vmin-vecscope: vmax on vector registers outside
  }
}
