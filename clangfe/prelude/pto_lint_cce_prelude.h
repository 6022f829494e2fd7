// pto-lint prelude: permissive stand-ins for the CCE compiler's (bisheng's) built-ins, so clang parses NPU kernels.
//
// Force-included (-include) by the commands that translateNpuCommand (driver/NpuCommand.h) produces.
//
// Assumptions (cpu-sim-semantics.md §3):
// * Address-space qualifiers and core attributes are erased: `__gm__ T *` is `T *`.
// * Intrinsics are catch-all templates: any arguments, any explicit template arguments, and a result that
//   converts to anything (getters return integers). Wrong arity or operand types of raw intrinsics are not
//   detected. The name lists are best-effort (public kernels and ISA docs); extend them when a kernel reports
//   "use of undeclared identifier". tests/conformance/UpstreamHeadersTest.cpp fails when a header of upstream's
//   include/pto calls a builtin that is missing here.
// * Kernel launches `k<<<blocks, l2ctrlOrUbBytes, stream>>>(...)` parse in HIP host-only mode (`__HIP__`), where
//   `__global__` is the offload-kernel attribute; in plain C++ mode `__global__` is empty and the launches must
//   have been blanked out of the source first.
// * The prelude declares only what bisheng has built in; it includes no pto-isa header, so kernels include the
//   real headers in their own order and configuration. The two places where the real headers need bisheng's
//   syntax (`[aicore]` after decl-specifiers, a `__gm__` specialization) are handled by the preprocessor
//   fixups of clangfe/CceSyntax.h, which the pragma below installs in every preprocessor that reads this.
#ifndef PTO_LINT_CCE_PRELUDE_H
#define PTO_LINT_CCE_PRELUDE_H
#pragma pto_lint cce_syntax
#pragma clang system_header

#include <stddef.h>
#include <stdint.h>

// ---- Kernel and launch syntax ---------------------------------------------------------------------------------
#if defined(__HIP__) || defined(__CUDA__)
#define __global__ __attribute__((global))
/// Target of `k<<<a, b, c>>>(...)`: bisheng's second argument is an L2-control pointer or dynamic UB bytes.
template <class Blocks, class Second = int, class Stream = void *, class Extra = int>
inline int __hipPushCallConfiguration(Blocks, Second = Second(), Stream = Stream(), Extra = Extra()) { return 0; }
template <class Blocks, class Second = int, class Stream = void *, class Extra = int>
inline int __cudaPushCallConfiguration(Blocks, Second = Second(), Stream = Stream(), Extra = Extra()) { return 0; }
#else
#define __global__
#endif

#define __aicore__
#define __gm__
#define __ubuf__
#define __cbuf__
#define __ca__
#define __cb__
#define __cc__
#define __fbuf__
#define __biasbuf__
#define __ssbuf__
#define __in__
#define __out__
#define __tf__
#define __VEC_SCOPE__
#define __simd_vf__
#define __simt_vf__
#define __simt_callee__
#define LAUNCH_BOUND(...)
#define __cce_get_tile_ptr(X) (X)
#define aicore [ ]
#define __fp16 _Float16

// ---- Scalar types and the pto-isa fixups ------------------------------------------------------------------------
typedef _Float16 half;

typedef __bf16 bfloat16_t; // distinct from half: A5 code specializes templates for both
typedef half float16_t;
typedef float float32_t;

// ---- Catch-all intrinsics ---------------------------------------------------------------------------------------
/// What an intrinsic returns: converts to any (copyable) type. Definitions are given everywhere so that
/// arguments of types without linkage (unnamed enums, local classes) need no other translation unit.
struct __pto_lint_any {
  template <class T> operator T() const { return *reinterpret_cast<const T *>(this); }
};

/// Declares Name for any arguments, with optional explicit type (`f<T>(...)`) or value (`f<PIPE_V>(...)`)
/// template arguments.
#define PTO_LINT_INTRINSIC_RET(Ret, Name)                                                                        \
  template <class... PtoLintT, class... PtoLintA> inline Ret Name(PtoLintA &&...) { return {}; }                \
  template <auto PtoLintV0, auto... PtoLintV, class... PtoLintA> inline Ret Name(PtoLintA &&...) { return {}; }
#define PTO_LINT_INTRINSIC(Name) PTO_LINT_INTRINSIC_RET(__pto_lint_any, Name)
#define PTO_LINT_GETTER(Name) PTO_LINT_INTRINSIC_RET(uint64_t, Name)
#define PTO_LINT_BLOCK_GETTER(Name) PTO_LINT_INTRINSIC_RET(int64_t, Name)
/// A conversion and its rounding-mode variants (r: rint, a: away, f: floor, c: ceil, z: zero, o: odd).
#define PTO_LINT_ROUNDED(Name)                                                                                    \
  PTO_LINT_INTRINSIC(Name) PTO_LINT_INTRINSIC(Name##r) PTO_LINT_INTRINSIC(Name##a) PTO_LINT_INTRINSIC(Name##f)     \
  PTO_LINT_INTRINSIC(Name##c) PTO_LINT_INTRINSIC(Name##z) PTO_LINT_INTRINSIC(Name##o)

// Core, block and control registers.
PTO_LINT_BLOCK_GETTER(get_block_idx) PTO_LINT_BLOCK_GETTER(get_block_num) PTO_LINT_BLOCK_GETTER(get_subblockid)
PTO_LINT_BLOCK_GETTER(get_subblockdim)
PTO_LINT_GETTER(get_sys_cnt) PTO_LINT_GETTER(get_ctrl) PTO_LINT_GETTER(get_status) PTO_LINT_GETTER(get_cmpmask)
PTO_LINT_GETTER(get_vms4_sr) PTO_LINT_GETTER(get_max_min_cnt) PTO_LINT_GETTER(get_coreid)
PTO_LINT_GETTER(get_ffts_base_addr) PTO_LINT_GETTER(sbitset0) PTO_LINT_GETTER(sbitset1) PTO_LINT_GETTER(ld_dev)
PTO_LINT_GETTER(get_imm) PTO_LINT_GETTER(get_rsvd_cnt) PTO_LINT_GETTER(get_icache_prl_st)
extern int64_t block_idx;
extern int64_t block_num;

// Synchronisation.
PTO_LINT_INTRINSIC(set_flag) PTO_LINT_INTRINSIC(wait_flag) PTO_LINT_INTRINSIC(pipe_barrier)
PTO_LINT_INTRINSIC(set_flag_dev) PTO_LINT_INTRINSIC(wait_flag_dev) PTO_LINT_INTRINSIC(ffts_cross_core_sync)
PTO_LINT_INTRINSIC(set_ffts_base_addr) PTO_LINT_INTRINSIC(set_intra_block) PTO_LINT_INTRINSIC(wait_intra_block)
PTO_LINT_INTRINSIC(set_cross_core) PTO_LINT_INTRINSIC(wait_intra_core) PTO_LINT_INTRINSIC(get_buf)
PTO_LINT_INTRINSIC(rls_buf) PTO_LINT_INTRINSIC(mem_bar) PTO_LINT_INTRINSIC(dsb) PTO_LINT_INTRINSIC(dcci)
PTO_LINT_INTRINSIC(st_dev) PTO_LINT_INTRINSIC(st_atomic) PTO_LINT_INTRINSIC(preload)
PTO_LINT_INTRINSIC(sprclr) PTO_LINT_INTRINSIC(sprsts)

// Tile storage: a view aliasing another tile's buffer (pto-isa npu/a2a3/TSubView.hpp:41, TReshape.hpp:53,
// TPush.hpp:710), a tile's buffer in auto mode (common/pto_tile.hpp:1264, under __PTO_AUTO__), the MX scale tile of
// a tile (npu/a5/TGetScaleAddr.hpp:27).
PTO_LINT_INTRINSIC(__cce_alias) PTO_LINT_INTRINSIC(__cce_tinit) PTO_LINT_INTRINSIC(__cce_pto_get_mx_scale_tile)

// Modes and masks.
PTO_LINT_INTRINSIC(set_ctrl) PTO_LINT_INTRINSIC(set_vector_mask) PTO_LINT_INTRINSIC(set_mask_norm)
PTO_LINT_INTRINSIC(set_mask_count) PTO_LINT_INTRINSIC(set_cmpmask) PTO_LINT_INTRINSIC(set_va_reg)
PTO_LINT_INTRINSIC(set_va_reg_sb) PTO_LINT_INTRINSIC(set_deqscale) PTO_LINT_INTRINSIC(set_quant_pre)
PTO_LINT_INTRINSIC(set_fpc) PTO_LINT_INTRINSIC(set_atomic_none) PTO_LINT_INTRINSIC(set_atomic_add)
PTO_LINT_INTRINSIC(set_atomic_max) PTO_LINT_INTRINSIC(set_atomic_min) PTO_LINT_INTRINSIC(set_atomic_f32)
PTO_LINT_INTRINSIC(set_atomic_f16) PTO_LINT_INTRINSIC(set_atomic_bf16) PTO_LINT_INTRINSIC(set_atomic_s8)
PTO_LINT_INTRINSIC(set_atomic_s16) PTO_LINT_INTRINSIC(set_atomic_s32) PTO_LINT_INTRINSIC(set_st_atomic_cfg)
PTO_LINT_INTRINSIC(atomicAdd) PTO_LINT_INTRINSIC(atomicMax) PTO_LINT_INTRINSIC(atomicMin)

// Data movement (DMA, MTE) and cube.
PTO_LINT_INTRINSIC(copy_gm_to_ubuf) PTO_LINT_INTRINSIC(copy_ubuf_to_gm) PTO_LINT_INTRINSIC(copy_ubuf_to_ubuf)
PTO_LINT_INTRINSIC(copy_gm_to_cbuf) PTO_LINT_INTRINSIC(copy_cbuf_to_gm) PTO_LINT_INTRINSIC(copy_cbuf_to_ubuf)
PTO_LINT_INTRINSIC(copy_ubuf_to_cbuf) PTO_LINT_INTRINSIC(copy_gm_to_ubuf_align_b8)
PTO_LINT_INTRINSIC(copy_gm_to_ubuf_align_b16) PTO_LINT_INTRINSIC(copy_gm_to_ubuf_align_b32)
PTO_LINT_INTRINSIC(copy_ubuf_to_gm_align_b8) PTO_LINT_INTRINSIC(copy_ubuf_to_gm_align_b16)
PTO_LINT_INTRINSIC(copy_ubuf_to_gm_align_b32) PTO_LINT_INTRINSIC(copy_gm_to_ubuf_align_v2)
PTO_LINT_INTRINSIC(copy_ubuf_to_gm_align_v2) PTO_LINT_INTRINSIC(copy_gm_to_cbuf_align_v2)
PTO_LINT_INTRINSIC(copy_gm_to_cbuf_multi_nd2nz) PTO_LINT_INTRINSIC(copy_gm_to_cbuf_multi_nd2nz_b8)
PTO_LINT_INTRINSIC(copy_gm_to_cbuf_multi_nd2nz_b16) PTO_LINT_INTRINSIC(copy_gm_to_cbuf_multi_nd2nz_b32s)
PTO_LINT_INTRINSIC(copy_gm_to_cbuf_multi_dn2nz) PTO_LINT_INTRINSIC(copy_matrix_cc_to_gm)
PTO_LINT_INTRINSIC(copy_matrix_cc_to_cbuf) PTO_LINT_INTRINSIC(copy_matrix_cc_to_ubuf)
PTO_LINT_INTRINSIC(load_gm_to_cbuf) PTO_LINT_INTRINSIC(load_gm_to_ca) PTO_LINT_INTRINSIC(load_gm_to_cb)
PTO_LINT_INTRINSIC(load_cbuf_to_ca) PTO_LINT_INTRINSIC(load_cbuf_to_cb) PTO_LINT_INTRINSIC(load_cbuf_to_ca_transpose)
PTO_LINT_INTRINSIC(load_cbuf_to_cb_transpose) PTO_LINT_INTRINSIC(img2colv2_cbuf_to_ca)
PTO_LINT_INTRINSIC(img2colv2_cbuf_to_cb) PTO_LINT_INTRINSIC(create_ca_matrix) PTO_LINT_INTRINSIC(create_cb_matrix)
PTO_LINT_INTRINSIC(create_cbuf_matrix) PTO_LINT_INTRINSIC(create_cbuf_matrix_bf16) PTO_LINT_INTRINSIC(mad)
PTO_LINT_INTRINSIC(set_fmatrix) PTO_LINT_INTRINSIC(set_fmatrix_b) PTO_LINT_INTRINSIC(set_padding)
PTO_LINT_INTRINSIC(set_l3d_rpt) PTO_LINT_INTRINSIC(set_nd_para) PTO_LINT_INTRINSIC(set_mov_pad_val)
PTO_LINT_INTRINSIC(set_pad_val_outtoub) PTO_LINT_INTRINSIC(set_pad_val_outtol1)
PTO_LINT_INTRINSIC(set_l0_set_value_ui) PTO_LINT_INTRINSIC(set_l0_set_value_h) PTO_LINT_INTRINSIC(set_l1_2d)
PTO_LINT_INTRINSIC(set_loop_size_outtoub) PTO_LINT_INTRINSIC(set_loop_size_ubtoout)
PTO_LINT_INTRINSIC(set_loop1_stride_outtoub) PTO_LINT_INTRINSIC(set_loop2_stride_outtoub)
PTO_LINT_INTRINSIC(set_loop1_stride_ubtoout) PTO_LINT_INTRINSIC(set_loop2_stride_ubtoout)
PTO_LINT_INTRINSIC(set_loop_size_outtol1) PTO_LINT_INTRINSIC(set_loop1_stride_outtol1)
PTO_LINT_INTRINSIC(set_loop2_stride_outtol1) PTO_LINT_INTRINSIC(set_loop3_para) PTO_LINT_INTRINSIC(set_channel_para)
PTO_LINT_INTRINSIC(set_mte2_nz_para) PTO_LINT_INTRINSIC(set_padding_b) PTO_LINT_INTRINSIC(set_l3d_rpt_b)
PTO_LINT_INTRINSIC(copy_cbuf_to_bt) PTO_LINT_INTRINSIC(copy_cbuf_to_fbuf) PTO_LINT_INTRINSIC(copy_matrix_cc_to_ub)
PTO_LINT_INTRINSIC(load_cbuf_to_ca_mx) PTO_LINT_INTRINSIC(load_cbuf_to_cb_mx) PTO_LINT_INTRINSIC(load_cbuf_to_ca_s4)
PTO_LINT_INTRINSIC(load_cbuf_to_cb_s4) PTO_LINT_INTRINSIC(mad_mx)

// Vector operations. A2/A3 spells them with memory operands, A5 with registers; names are shared.
PTO_LINT_INTRINSIC(vadd) PTO_LINT_INTRINSIC(vsub) PTO_LINT_INTRINSIC(vmul) PTO_LINT_INTRINSIC(vdiv)
PTO_LINT_INTRINSIC(vmax) PTO_LINT_INTRINSIC(vmin) PTO_LINT_INTRINSIC(vand) PTO_LINT_INTRINSIC(vor)
PTO_LINT_INTRINSIC(vxor) PTO_LINT_INTRINSIC(vshl) PTO_LINT_INTRINSIC(vshr) PTO_LINT_INTRINSIC(vaddc)
PTO_LINT_INTRINSIC(vsubc) PTO_LINT_INTRINSIC(vadds) PTO_LINT_INTRINSIC(vsubs) PTO_LINT_INTRINSIC(vmuls)
PTO_LINT_INTRINSIC(vmaxs) PTO_LINT_INTRINSIC(vmins) PTO_LINT_INTRINSIC(vands) PTO_LINT_INTRINSIC(vors)
PTO_LINT_INTRINSIC(vxors) PTO_LINT_INTRINSIC(vshls) PTO_LINT_INTRINSIC(vshrs) PTO_LINT_INTRINSIC(vaddcs)
PTO_LINT_INTRINSIC(vsubcs) PTO_LINT_INTRINSIC(vlrelu) PTO_LINT_INTRINSIC(vabs) PTO_LINT_INTRINSIC(vneg)
PTO_LINT_INTRINSIC(vnot) PTO_LINT_INTRINSIC(vexp) PTO_LINT_INTRINSIC(vln) PTO_LINT_INTRINSIC(vsqrt)
PTO_LINT_INTRINSIC(vrsqrt) PTO_LINT_INTRINSIC(vrec) PTO_LINT_INTRINSIC(vrelu) PTO_LINT_INTRINSIC(vbcnt)
PTO_LINT_INTRINSIC(vcls) PTO_LINT_INTRINSIC(vmov) PTO_LINT_INTRINSIC(vaxpy) PTO_LINT_INTRINSIC(vmla)
PTO_LINT_INTRINSIC(vmadd) PTO_LINT_INTRINSIC(vmaddrelu) PTO_LINT_INTRINSIC(vmula) PTO_LINT_INTRINSIC(vmull)
PTO_LINT_INTRINSIC(vmulconv) PTO_LINT_INTRINSIC(vaddrelu) PTO_LINT_INTRINSIC(vsubrelu)
PTO_LINT_INTRINSIC(vaddreluconv) PTO_LINT_INTRINSIC(vprelu) PTO_LINT_INTRINSIC(vexpdif) PTO_LINT_INTRINSIC(vexpdiff)
PTO_LINT_INTRINSIC(vcmp) PTO_LINT_INTRINSIC(vcmps) PTO_LINT_INTRINSIC(vcmp_eq) PTO_LINT_INTRINSIC(vcmp_ne)
PTO_LINT_INTRINSIC(vcmp_lt) PTO_LINT_INTRINSIC(vcmp_le) PTO_LINT_INTRINSIC(vcmp_gt) PTO_LINT_INTRINSIC(vcmp_ge)
PTO_LINT_INTRINSIC(vcmps_eq) PTO_LINT_INTRINSIC(vcmps_ne) PTO_LINT_INTRINSIC(vcmps_lt) PTO_LINT_INTRINSIC(vcmps_le)
PTO_LINT_INTRINSIC(vcmps_gt) PTO_LINT_INTRINSIC(vcmps_ge) PTO_LINT_INTRINSIC(vcmpv_eq) PTO_LINT_INTRINSIC(vcmpv_ne)
PTO_LINT_INTRINSIC(vcmpv_lt) PTO_LINT_INTRINSIC(vcmpv_le) PTO_LINT_INTRINSIC(vcmpv_gt) PTO_LINT_INTRINSIC(vcmpv_ge)
PTO_LINT_INTRINSIC(vcmpvs_eq) PTO_LINT_INTRINSIC(vcmpvs_ne) PTO_LINT_INTRINSIC(vcmpvs_lt)
PTO_LINT_INTRINSIC(vcmpvs_le) PTO_LINT_INTRINSIC(vcmpvs_gt) PTO_LINT_INTRINSIC(vcmpvs_ge) PTO_LINT_INTRINSIC(vsel)
PTO_LINT_INTRINSIC(vselr) PTO_LINT_INTRINSIC(vselrv2) PTO_LINT_INTRINSIC(vcadd) PTO_LINT_INTRINSIC(vcmax)
PTO_LINT_INTRINSIC(vcmin) PTO_LINT_INTRINSIC(vcgadd) PTO_LINT_INTRINSIC(vcgmax) PTO_LINT_INTRINSIC(vcgmin)
PTO_LINT_INTRINSIC(vcpadd) PTO_LINT_INTRINSIC(vector_dup) PTO_LINT_INTRINSIC(vcopy) PTO_LINT_INTRINSIC(vbrcb)
PTO_LINT_INTRINSIC(vtranspose) PTO_LINT_INTRINSIC(vgather) PTO_LINT_INTRINSIC(vgatherb) PTO_LINT_INTRINSIC(vgather2)
PTO_LINT_INTRINSIC(vgather2_bc) PTO_LINT_INTRINSIC(vscatter) PTO_LINT_INTRINSIC(vreduce) PTO_LINT_INTRINSIC(vreducev2)
PTO_LINT_INTRINSIC(vmrgsort) PTO_LINT_INTRINSIC(vmrgsort4) PTO_LINT_INTRINSIC(vbitsort) PTO_LINT_INTRINSIC(vsort32)
PTO_LINT_INTRINSIC(scatter_vnchwconv_b8) PTO_LINT_INTRINSIC(scatter_vnchwconv_b16)
PTO_LINT_INTRINSIC(scatter_vnchwconv_b32)
PTO_LINT_ROUNDED(vconv_f322f16) PTO_LINT_ROUNDED(vconv_f162f32) PTO_LINT_ROUNDED(vconv_f322s32)
PTO_LINT_ROUNDED(vconv_s322f32) PTO_LINT_ROUNDED(vconv_f322s64) PTO_LINT_ROUNDED(vconv_s642f32)
PTO_LINT_ROUNDED(vconv_f322s16) PTO_LINT_ROUNDED(vconv_f322bf16) PTO_LINT_ROUNDED(vconv_bf162f32)
PTO_LINT_ROUNDED(vconv_f162s32) PTO_LINT_ROUNDED(vconv_f162s16) PTO_LINT_ROUNDED(vconv_s162f16)
PTO_LINT_ROUNDED(vconv_f162s8) PTO_LINT_ROUNDED(vconv_f162u8) PTO_LINT_ROUNDED(vconv_s82f16)
PTO_LINT_ROUNDED(vconv_u82f16) PTO_LINT_ROUNDED(vconv_s322f16) PTO_LINT_ROUNDED(vconv_f162s4)
PTO_LINT_INTRINSIC(vconv_deq) PTO_LINT_INTRINSIC(vconv_vdeq) PTO_LINT_INTRINSIC(vconv_s322s16)
PTO_LINT_INTRINSIC(vconv_s162s32)
PTO_LINT_ROUNDED(vconv_f322f32) PTO_LINT_ROUNDED(vconv_s162f32) PTO_LINT_ROUNDED(vconv_s42f16)
PTO_LINT_ROUNDED(vconv_s322s64) PTO_LINT_ROUNDED(vconv_s642s32)
PTO_LINT_INTRINSIC(vaddreluconv_f322f16) PTO_LINT_INTRINSIC(vaddreluconv_f162s8) PTO_LINT_INTRINSIC(vaddreluconv_s162s8)
PTO_LINT_INTRINSIC(vsubreluconv_f322f16) PTO_LINT_INTRINSIC(vsubreluconv_f162s8) PTO_LINT_INTRINSIC(vsubreluconv_s162s8)
PTO_LINT_INTRINSIC(vmod)

// A5 register-file operations: loads/stores, rearrangement, predicates.
PTO_LINT_INTRINSIC(vlds) PTO_LINT_INTRINSIC(vsts) PTO_LINT_INTRINSIC(vldas) PTO_LINT_INTRINSIC(vldus)
PTO_LINT_INTRINSIC(vldx2) PTO_LINT_INTRINSIC(vldsx2) PTO_LINT_INTRINSIC(vsld) PTO_LINT_INTRINSIC(vsldb)
PTO_LINT_INTRINSIC(vsst) PTO_LINT_INTRINSIC(vsstb) PTO_LINT_INTRINSIC(vsta) PTO_LINT_INTRINSIC(vstas)
PTO_LINT_INTRINSIC(vstar) PTO_LINT_INTRINSIC(vstu) PTO_LINT_INTRINSIC(vstus) PTO_LINT_INTRINSIC(vstur)
PTO_LINT_INTRINSIC(vstx2) PTO_LINT_INTRINSIC(vstsx2) PTO_LINT_INTRINSIC(vdup) PTO_LINT_INTRINSIC(vbr)
PTO_LINT_INTRINSIC(vci) PTO_LINT_INTRINSIC(vcvt) PTO_LINT_INTRINSIC(vtrc) PTO_LINT_INTRINSIC(vbitcast)
PTO_LINT_INTRINSIC(vintlv) PTO_LINT_INTRINSIC(vdintlv) PTO_LINT_INTRINSIC(vintlvv2) PTO_LINT_INTRINSIC(vdintlvv2)
PTO_LINT_INTRINSIC(vpack) PTO_LINT_INTRINSIC(vperm) PTO_LINT_INTRINSIC(vshift) PTO_LINT_INTRINSIC(vslide)
PTO_LINT_INTRINSIC(vsqz) PTO_LINT_INTRINSIC(vusqz) PTO_LINT_INTRINSIC(vsunpack) PTO_LINT_INTRINSIC(vzunpack)
PTO_LINT_INTRINSIC(pset_b8) PTO_LINT_INTRINSIC(pset_b16) PTO_LINT_INTRINSIC(pset_b32) PTO_LINT_INTRINSIC(pge_b8)
PTO_LINT_INTRINSIC(pge_b16) PTO_LINT_INTRINSIC(pge_b32) PTO_LINT_INTRINSIC(plt_b8) PTO_LINT_INTRINSIC(plt_b16)
PTO_LINT_INTRINSIC(plt_b32) PTO_LINT_INTRINSIC(pintlv_b8) PTO_LINT_INTRINSIC(pintlv_b16)
PTO_LINT_INTRINSIC(pintlv_b32) PTO_LINT_INTRINSIC(pdintlv_b8) PTO_LINT_INTRINSIC(pdintlv_b16)
PTO_LINT_INTRINSIC(pdintlv_b32) PTO_LINT_INTRINSIC(pand) PTO_LINT_INTRINSIC(por) PTO_LINT_INTRINSIC(pxor)
PTO_LINT_INTRINSIC(pnot) PTO_LINT_INTRINSIC(psel) PTO_LINT_INTRINSIC(ppack) PTO_LINT_INTRINSIC(punpack)
PTO_LINT_INTRINSIC(pbitcast) PTO_LINT_INTRINSIC(pld) PTO_LINT_INTRINSIC(pldi) PTO_LINT_INTRINSIC(plds)
PTO_LINT_INTRINSIC(pst) PTO_LINT_INTRINSIC(psti) PTO_LINT_INTRINSIC(psts) PTO_LINT_INTRINSIC(pstu)
PTO_LINT_INTRINSIC(chistv2)

/// Scalar min/max builtins. With `using namespace std`, std::min/max stay the better match for equal types.
template <class A, class B> constexpr auto min(A X, B Y) { return Y < X ? Y : X; }
template <class A, class B> constexpr auto max(A X, B Y) { return X < Y ? Y : X; }

// ---- Enumerations and mode constants ----------------------------------------------------------------------------
enum pipe_t : int {
  PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX
};
enum event_t : int { EVENT_ID0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7 };
enum pad_t : int { PAD_NONE, PAD_MODE1, PAD_MODE2, PAD_MODE3, PAD_MODE4, PAD_MODE5, PAD_MODE6, PAD_MODE7, PAD_MODE8 };
enum mem_dsb_t : int { DSB_ALL, DSB_DDR, DSB_UB, DSB_SEQ };
enum cache_line_t : int { SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE };
enum dcci_dst_t : int { CACHELINE_ALL, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
enum ub_addr8_t : int { VA0, VA1, VA2, VA3, VA4, VA5, VA6, VA7 };
enum : int { VALUE_INDEX, ONLY_VALUE, ONLY_INDEX }; // vcmax/vcmin result orders
enum atomic_type_t : int { ATOMIC_NONE, ATOMIC_F32, ATOMIC_F16, ATOMIC_S16, ATOMIC_S32, ATOMIC_S8, ATOMIC_BF16 };
enum atomic_op_t : int { ATOMIC_SUM, ATOMIC_MAX, ATOMIC_MIN };
/// Memory barriers between vector loads and stores (mem_bar).
enum mem_bar_t : int { VV_ALL, VST_VLD, VLD_VST, VST_VST, VLD_VLD, VS_ALL, SV_ALL };
enum QuantMode_t : int {
  NoQuant, F322F16, F322BF16, DEQF16, VDEQF16, REQ8, VREQ8, QF322B8_PRE, VQF322B8_PRE, QF322HIF8_PRE, VQF322HIF8_PRE,
  QF322F16_PRE, VQF322F16_PRE, QF322BF16_PRE, VQF322BF16_PRE, QF322FP8_PRE, VQF322FP8_PRE, QF322F32_PRE,
  VQF322F32_PRE, QS322BF16_PRE, VQS322BF16_PRE, DEQS16, VDEQS16, QF162B8_PRE, VQF162B8_PRE, QF162S16_PRE,
  VQF162S16_PRE, SHIFTS322S16, VSHIFTS322S16
};
namespace __cce_scalar {
enum addr_cal_mode_t : int { inc, dec };
} // namespace __cce_scalar

// ---- A5 (dav-c310 / dav-3510): vector registers, SIMD modes, SIMT -----------------------------------------------
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3101 || __NPU_ARCH__ == 3510)
/// A vector-register type: distinct per element type, explicitly convertible to the other register types.
#define PTO_LINT_VREG(Name)                                                                                       \
  struct Name {                                                                                                   \
    using PtoLintVregTag = void;                                                                                  \
    Name() = default;                                                                                             \
    template <class Other, class = typename Other::PtoLintVregTag> explicit Name(const Other &) {}               \
  };
PTO_LINT_VREG(vector_s8) PTO_LINT_VREG(vector_u8) PTO_LINT_VREG(vector_s16) PTO_LINT_VREG(vector_u16)
PTO_LINT_VREG(vector_s32) PTO_LINT_VREG(vector_u32) PTO_LINT_VREG(vector_s64) PTO_LINT_VREG(vector_u64)
PTO_LINT_VREG(vector_f16) PTO_LINT_VREG(vector_bf16) PTO_LINT_VREG(vector_f32) PTO_LINT_VREG(vector_f8e4m3)
PTO_LINT_VREG(vector_f8e5m2) PTO_LINT_VREG(vector_f8e8m0) PTO_LINT_VREG(vector_hif8) PTO_LINT_VREG(vector_f4e2m1x2)
PTO_LINT_VREG(vector_f4e1m2x2) PTO_LINT_VREG(vector_bool) PTO_LINT_VREG(vector_align) PTO_LINT_VREG(vector_address)

/// An 8-bit (or packed 4-bit) floating-point scalar: storage only, explicit conversions.
#define PTO_LINT_SMALL_FLOAT(Name)                                                                                \
  struct Name {                                                                                                   \
    uint8_t bits;                                                                                                 \
    Name() = default;                                                                                             \
    template <class T> explicit Name(T) : bits(0) {}                                                              \
    explicit operator float() const { return 0.0f; }                                                              \
  };
PTO_LINT_SMALL_FLOAT(float8_e4m3_t) PTO_LINT_SMALL_FLOAT(float8_e5m2_t) PTO_LINT_SMALL_FLOAT(float8_e8m0_t)
PTO_LINT_SMALL_FLOAT(hifloat8_t) PTO_LINT_SMALL_FLOAT(float4_e2m1x2_t) PTO_LINT_SMALL_FLOAT(float4_e1m2x2_t)

/// Store/load distributions (pto converts its own pto::DistVST with static_cast).
enum class DistVST : int {
  DIST_NORM_B8, DIST_NORM_B16, DIST_NORM_B32, DIST_ONEPT_B8, DIST_ONEPT_B16, DIST_ONEPT_B32, DIST_PK_B16,
  DIST_PK_B32, DIST_INTLV_B8, DIST_INTLV_B16, DIST_PK_B64, DIST_INTLV_B32, DIST_PK4_B32, DIST_MRG4CHN_B8,
  DIST_MRG2CHN_B8, DIST_MRG2CHN_B16, DIST_NORM, DIST_ONEPT
};
enum class Dist : int {
  DIST_NORM, DIST_BRC_B8, DIST_BRC_B16, DIST_BRC_B32, DIST_US_B8, DIST_US_B16, DIST_DS_B8, DIST_DS_B16,
  DIST_UNPK_B8, DIST_UNPK_B16, DIST_UNPK_B32, DIST_DINTLV_B8, DIST_DINTLV_B16, DIST_DINTLV_B32, DIST_BLK, DIST_US,
  DIST_DS
};
/// Special-purpose registers (sprclr, sprsts).
enum Spr : int { SPR_AR = 1 };
enum class HiloPart : int { Lower, Higher };

namespace __cce_simd {
// Mode tokens. Each is a constant of its own type, as kernels select overloads and types with them
// (`decltype(PK)`, `decltype(ROUND_Z)`), that converts to a distinct non-zero int (so constant expressions never
// divide by zero). Qualified names (__cce_simd::NORM) always work; unqualified ones come from the using-directives
// below.
constexpr int CCE_VL = 256, ELE_CNT_B8 = 256, ELE_CNT_B16 = 128, ELE_CNT_B32 = 64, ELE_CNT_B64 = 32;
#define PTO_LINT_MODE(Name)                                                                                       \
  struct __pto_lint_mode_##Name {                                                                                 \
    constexpr operator int() const { return __COUNTER__ + 1; }                                                   \
  };                                                                                                              \
  inline constexpr __pto_lint_mode_##Name Name{};
#define PTO_LINT_ROUND(Letter)                                                                                    \
  struct Round##Letter##Type {                                                                                    \
    constexpr operator int() const { return __COUNTER__ + 1; }                                                   \
  };                                                                                                              \
  inline constexpr Round##Letter##Type ROUND_##Letter{};
inline namespace __pto_lint_modes {
PTO_LINT_ROUND(R) PTO_LINT_ROUND(A) PTO_LINT_ROUND(F) PTO_LINT_ROUND(C) PTO_LINT_ROUND(Z) PTO_LINT_ROUND(O)
PTO_LINT_MODE(MODE_UNKNOWN) PTO_LINT_MODE(NO_POST_UPDATE) PTO_LINT_MODE(PART_EVEN) PTO_LINT_MODE(PART_ODD)
PTO_LINT_MODE(PART_P0) PTO_LINT_MODE(PART_P1) PTO_LINT_MODE(PART_P2) PTO_LINT_MODE(PART_P3) PTO_LINT_MODE(LOWER)
PTO_LINT_MODE(HIGHER) PTO_LINT_MODE(Bin_N0) PTO_LINT_MODE(Bin_N1) PTO_LINT_MODE(NORM) PTO_LINT_MODE(NORM_B8)
PTO_LINT_MODE(NORM_B16) PTO_LINT_MODE(NORM_B32) PTO_LINT_MODE(ONEPT_B8) PTO_LINT_MODE(ONEPT_B16)
PTO_LINT_MODE(ONEPT_B32) PTO_LINT_MODE(PK) PTO_LINT_MODE(PK_B16) PTO_LINT_MODE(PK_B32) PTO_LINT_MODE(PK_B64)
PTO_LINT_MODE(PK4_B32) PTO_LINT_MODE(INTLV_B8) PTO_LINT_MODE(INTLV_B16) PTO_LINT_MODE(INTLV_B32)
PTO_LINT_MODE(DINTLV_B8) PTO_LINT_MODE(DINTLV_B16) PTO_LINT_MODE(DINTLV_B32) PTO_LINT_MODE(BRC_B8)
PTO_LINT_MODE(BRC_B16) PTO_LINT_MODE(BRC_B32) PTO_LINT_MODE(BRC_BLK) PTO_LINT_MODE(BLK) PTO_LINT_MODE(US)
PTO_LINT_MODE(DS) PTO_LINT_MODE(US_B8) PTO_LINT_MODE(US_B16) PTO_LINT_MODE(DS_B8) PTO_LINT_MODE(DS_B16)
PTO_LINT_MODE(UNPK_B8) PTO_LINT_MODE(UNPK_B16) PTO_LINT_MODE(UNPK_B32) PTO_LINT_MODE(UNPK4_B8)
PTO_LINT_MODE(E2B_B16) PTO_LINT_MODE(E2B_B32) PTO_LINT_MODE(BDINTLV) PTO_LINT_MODE(MRG2CHN_B8)
PTO_LINT_MODE(MRG2CHN_B16) PTO_LINT_MODE(MRG4CHN_B8) PTO_LINT_MODE(SPLT2CHN_B8) PTO_LINT_MODE(SPLT2CHN_B16)
PTO_LINT_MODE(SPLT4CHN_B8) PTO_LINT_MODE(PAT_ALLF) PTO_LINT_MODE(PAT_H) PTO_LINT_MODE(PAT_Q) PTO_LINT_MODE(PAT_M3)
PTO_LINT_MODE(PAT_M4) PTO_LINT_MODE(PAT_VL3) PTO_LINT_MODE(RS_ENABLE) PTO_LINT_MODE(RS_DISABLE)
PTO_LINT_MODE(SAT_ENABLE) PTO_LINT_MODE(SAT_DISABLE) PTO_LINT_MODE(MODE_STORED) PTO_LINT_MODE(MODE_UNSTORED)
PTO_LINT_MODE(INC_ORDER) PTO_LINT_MODE(DEC_ORDER) PTO_LINT_MODE(POS_LOWEST) PTO_LINT_MODE(POS_HIGHEST)
} // namespace __pto_lint_modes
/// The tokens that the project's clean-room API (refmodel, pto/ops/VectorRegs.hpp) models in namespace pto.
inline namespace __pto_lint_cleanroom_modes {
PTO_LINT_MODE(MODE_ZEROING) PTO_LINT_MODE(MODE_MERGING) PTO_LINT_MODE(POST_UPDATE) PTO_LINT_MODE(PAT_ALL)
PTO_LINT_MODE(PAT_VL1) PTO_LINT_MODE(PAT_VL2) PTO_LINT_MODE(PAT_VL4) PTO_LINT_MODE(PAT_VL8) PTO_LINT_MODE(PAT_VL16)
PTO_LINT_MODE(PAT_VL32) PTO_LINT_MODE(PAT_VL64) PTO_LINT_MODE(PAT_VL128)
} // namespace __pto_lint_cleanroom_modes
#undef PTO_LINT_MODE
#undef PTO_LINT_ROUND
} // namespace __cce_simd
using namespace __cce_simd::__pto_lint_modes;
using __cce_simd::CCE_VL, __cce_simd::ELE_CNT_B8, __cce_simd::ELE_CNT_B16, __cce_simd::ELE_CNT_B32,
    __cce_simd::ELE_CNT_B64;
// Kernels say `using namespace pto;`: with the clean-room API on the include path a second, global copy of its
// tokens would make every unqualified use ambiguous, so they are left to it.
#if !__has_include(<pto/ops/VectorRegs.hpp>)
using namespace __cce_simd::__pto_lint_cleanroom_modes;
#endif

namespace cce {
struct dim3 {
  uint32_t x = 1, y = 1, z = 1;
  dim3(uint32_t X = 1, uint32_t Y = 1, uint32_t Z = 1) : x(X), y(Y), z(Z) {}
};
template <class... A> inline __pto_lint_any async_invoke(A &&...) { return {}; }
/// `async_invoke<kernel>(dim3, args...)`: the SIMT kernel to launch is an explicit template argument.
template <auto Kernel, auto... More, class... A> inline __pto_lint_any async_invoke(A &&...) { return {}; }
} // namespace cce
extern const cce::dim3 threadIdx, blockIdx, blockDim, gridDim;

/// SIMT registers, as bisheng spells their getters in `__simt_vf__` code (`__cce_simt_get_TID_X()`). The registers
/// and their widths are PTOAS's SIMT query ops (ptoas include/PTO/IR/VPTOOps.td:631-651: get_tid_x .. get_lanemask_gt,
/// i32; get_clock64, i64), lowered to llvm.hivm.get.TID.X etc. (lib/PTO/Transforms/VPTOCANN900LLVMEmitter.cpp:2535).
#define PTO_LINT_SIMT32(Name) PTO_LINT_INTRINSIC_RET(int32_t, __cce_simt_get_##Name)
PTO_LINT_SIMT32(TID_X) PTO_LINT_SIMT32(TID_Y) PTO_LINT_SIMT32(TID_Z) PTO_LINT_SIMT32(BLOCK_DIM_X)
PTO_LINT_SIMT32(BLOCK_DIM_Y) PTO_LINT_SIMT32(BLOCK_DIM_Z) PTO_LINT_SIMT32(GRID_DIM_X) PTO_LINT_SIMT32(GRID_DIM_Y)
PTO_LINT_SIMT32(GRID_DIM_Z) PTO_LINT_SIMT32(BLOCK_IDX_X) PTO_LINT_SIMT32(BLOCK_IDX_Y) PTO_LINT_SIMT32(BLOCK_IDX_Z)
PTO_LINT_SIMT32(BLOCKID) PTO_LINT_SIMT32(BLOCKDIM) PTO_LINT_SIMT32(SUBBLOCKID) PTO_LINT_SIMT32(SUBBLOCKDIM)
PTO_LINT_SIMT32(VECCOREID) PTO_LINT_SIMT32(COREID) PTO_LINT_SIMT32(laneID) PTO_LINT_SIMT32(CLOCK32)
PTO_LINT_SIMT32(LANEMASK_EQ) PTO_LINT_SIMT32(LANEMASK_LE) PTO_LINT_SIMT32(LANEMASK_LT) PTO_LINT_SIMT32(LANEMASK_GE)
PTO_LINT_SIMT32(LANEMASK_GT)
PTO_LINT_INTRINSIC_RET(uint64_t, __cce_simt_get_CLOCK64)
#undef PTO_LINT_SIMT32
/// SIMT barriers and fences (PTOAS's pto.syncthreads, pto.threadfence, pto.threadfence_block).
PTO_LINT_INTRINSIC(__sync_workitems) PTO_LINT_INTRINSIC(__fence_workitems) PTO_LINT_INTRINSIC(__fenceblock_workitems)
#endif

/// Device-side printf, on every NPU (pto-isa npu/a2a3/TPrint.hpp:47, npu/{a2a3,a5}/custom/TSyncCVID.hpp).
namespace cce {
template <class... A> inline int printf(const char *, A &&...) { return 0; }
} // namespace cce

#undef PTO_LINT_INTRINSIC_RET
#undef PTO_LINT_INTRINSIC
#undef PTO_LINT_GETTER
#undef PTO_LINT_BLOCK_GETTER
#undef PTO_LINT_ROUNDED
#undef PTO_LINT_VREG
#undef PTO_LINT_SMALL_FLOAT

#endif // PTO_LINT_CCE_PRELUDE_H
