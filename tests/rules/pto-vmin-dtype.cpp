// tests/rules: pto-vmin-dtype: A5 register vmin/vmax element types (the rule applies to a5 only).
#include <pto/pto-inst.hpp>

using namespace pto;

void kernel() {
  __VEC_SCOPE__ {
    MaskReg all = pset_b8(PAT_ALL);
    RegTensor<float> f0, f1, f2;
    vmin(f0, f1, f2, all, MODE_ZEROING);
    RegTensor<int8_t> b0, b1, b2;
    vmax(b0, b1, b2, all, MODE_ZEROING);
    RegTensor<half> h0, h1, h2;
    vmin(h0, h1, h2, all);
    RegTensor<int64_t> l0, l1, l2;
    vmin(l0, l1, l2, all, MODE_ZEROING); // expect[a5]: error pto-vmin-dtype: vmin on RegTensor<int64_t> registers is not supported on a5
    RegTensor<double> d0, d1, d2;
    vmax(d0, d1, d2, all, MODE_ZEROING); // expect[a5]: error pto-vmin-dtype: vmax on RegTensor<double> registers is not supported on a5
  }
}
