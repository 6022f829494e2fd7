// tests/rules: pto-vmin-same-type: dst, src0 and src1 registers share one element type (a5).
#include <pto/pto-inst.hpp>

using namespace pto;

// The vendor builtin is not a template over one T, so mixed registers reach the hardware; this stand-in
// declares such an overload to model it.
void vmin(RegTensor<float> &, RegTensor<int32_t> &, RegTensor<float> &, MaskReg &);

void kernel() {
  __VEC_SCOPE__ {
    MaskReg all = pset_b32(PAT_ALL);
    RegTensor<float> a, b, c;
    RegTensor<int32_t> i;
    vmin(c, a, b, all, MODE_ZEROING);
    vmin(c, i, b, all); // expect[a5]: error pto-vmin-same-type: vmin mixes RegTensor<float>, RegTensor<int32_t> and RegTensor<float> on a5
  }
}
