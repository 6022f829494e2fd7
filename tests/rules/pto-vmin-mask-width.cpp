// tests/rules: pto-vmin-mask-width: a partial predicate's granularity equals the gated registers' lane width (a5).
#include <pto/pto-inst.hpp>

using namespace pto;

void kernel(uint32_t n) {
  __VEC_SCOPE__ {
    RegTensor<float> f0, f1, f2;
    RegTensor<half> h0, h1, h2;
    MaskReg p32 = plt_b32(n, POST_UPDATE);
    MaskReg p16 = plt_b16(n, POST_UPDATE);
    vmin(f0, f1, f2, p32, MODE_ZEROING);
    vmin(h0, h1, h2, p16, MODE_ZEROING);
    vmax(h0, h1, h2, p32, MODE_ZEROING); // expect[a5]: error pto-vmin-mask-width: the predicate from 'plt_b32(n, POST_UPDATE)' has 32-bit lanes but RegTensor<half> has 16-bit lanes
    MaskReg vl8 = pset_b8(PAT_VL8);
    vmin(f0, f1, f2, vl8, MODE_ZEROING); // expect[a5]: error pto-vmin-mask-width: the predicate from 'pset_b8(PAT_VL8)' has 8-bit lanes but RegTensor<float> has 32-bit lanes
    MaskReg all8 = pge_b8(PAT_ALL); // all-true: any granularity is fine
    vmin(f0, f1, f2, all8, MODE_ZEROING);
    vmax(f0, f1, f2, p32);
  }
}
