// pto-lint stand-in for the CANN runtime's <runtime/rt.h>: just enough declarations for host code in kernel files to
// parse. Searched after the user's include paths (-isystem, last), so a real CANN installation's header wins.
#ifndef PTO_LINT_RUNTIME_RT_H
#define PTO_LINT_RUNTIME_RT_H
#pragma clang system_header

#include <stddef.h>
#include <stdint.h>

typedef int32_t rtError_t;
enum { RT_ERROR_NONE = 0 };
enum { RT_DEV_BINARY_MAGIC_ELF = 0x43554245, RT_DEV_BINARY_MAGIC_ELF_AIVEC = 0x41415246,
       RT_DEV_BINARY_MAGIC_ELF_AICUBE = 0x41494343 };
typedef struct {
  uint32_t magic;
  uint32_t version;
  const void *data;
  uint64_t length;
} rtDevBinary_t;
typedef struct {
  void *args;
  void *hostInputInfoPtr;
  uint32_t argsSize;
  uint32_t tilingAddrOffset;
  uint32_t tilingDataOffset;
  uint16_t hostInputInfoNum;
  uint8_t hasTiling;
  uint8_t isNoNeedH2DCopy;
  uint8_t reserved[4];
} rtArgsEx_t;
typedef struct {
  uint8_t qos;
  uint8_t partId;
  uint8_t schemMode;
  uint8_t res[1];
} rtTaskCfgInfo_t;
typedef void *rtStream_t;

#define PTO_LINT_RT_FN(Name)                                                                                    \
  template <class... PtoLintA> inline rtError_t Name(PtoLintA &&...) { return RT_ERROR_NONE; }
PTO_LINT_RT_FN(rtRegisterAllKernel) PTO_LINT_RT_FN(rtBinaryLoadWithoutTilingKey)
PTO_LINT_RT_FN(rtKernelLaunchWithHandleV2) PTO_LINT_RT_FN(rtKernelLaunchWithHandle) PTO_LINT_RT_FN(rtDevBinaryRegister)
PTO_LINT_RT_FN(rtFunctionRegister) PTO_LINT_RT_FN(rtKernelLaunch) PTO_LINT_RT_FN(rtGetC2cCtrlAddr)
#undef PTO_LINT_RT_FN

#endif // PTO_LINT_RUNTIME_RT_H
