// pto-lint prelude: a small stand-in for the CANN runtime header <acl/acl.h>, so kernels' host launchers parse.
//
// Found through -isystem after the user's include paths, so a real CANN installation takes precedence. The
// functions are catch-alls that accept any arguments; the linter never runs them.
#ifndef PTO_LINT_ACL_ACL_H
#define PTO_LINT_ACL_ACL_H
#pragma clang system_header

#include <stddef.h>
#include <stdint.h>

typedef int aclError;
typedef uint16_t aclFloat16;
typedef void *aclrtStream;
typedef void *aclrtContext;
typedef void *aclrtEvent;

enum { ACL_SUCCESS = 0, ACL_ERROR_NONE = 0 };
enum aclDataType {
  ACL_DT_UNDEFINED = -1, ACL_FLOAT = 0, ACL_FLOAT16 = 1, ACL_INT8 = 2, ACL_INT32 = 3, ACL_UINT8 = 4, ACL_INT16 = 6,
  ACL_UINT16 = 7, ACL_UINT32 = 8, ACL_INT64 = 9, ACL_UINT64 = 10, ACL_DOUBLE = 11, ACL_BOOL = 12, ACL_BF16 = 27
};
enum aclFormat {
  ACL_FORMAT_UNDEFINED = -1, ACL_FORMAT_NCHW = 0, ACL_FORMAT_NHWC = 1, ACL_FORMAT_ND = 2, ACL_FORMAT_FRACTAL_NZ = 29
};
enum aclrtMemMallocPolicy { ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEM_MALLOC_HUGE_ONLY, ACL_MEM_MALLOC_NORMAL_ONLY };
enum aclrtStreamAttr { ACL_STREAM_ATTR_FAILURE_MODE = 1 };
enum { ACL_STREAM_FAST_LAUNCH = 1, ACL_STREAM_FAST_SYNC = 2 };
enum aclrtCmoType { ACL_RT_CMO_TYPE_PREFETCH = 0, ACL_RT_CMO_TYPE_INVALID = 4 };
struct aclrtStreamAttrValue {
  uint64_t failureMode;
};
enum aclrtMemcpyKind {
  ACL_MEMCPY_HOST_TO_HOST, ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST, ACL_MEMCPY_DEVICE_TO_DEVICE
};

#define PTO_LINT_ACL_FN(Ret, Name)                                                                              \
  template <class... PtoLintA> inline Ret Name(PtoLintA &&...) { return {}; }
PTO_LINT_ACL_FN(aclError, aclInit) PTO_LINT_ACL_FN(aclError, aclFinalize) PTO_LINT_ACL_FN(aclError, aclrtSetDevice)
PTO_LINT_ACL_FN(aclError, aclrtResetDevice) PTO_LINT_ACL_FN(aclError, aclrtGetDevice)
PTO_LINT_ACL_FN(aclError, aclrtGetDeviceCount) PTO_LINT_ACL_FN(aclError, aclrtCreateContext)
PTO_LINT_ACL_FN(aclError, aclrtDestroyContext) PTO_LINT_ACL_FN(aclError, aclrtSetCurrentContext)
PTO_LINT_ACL_FN(aclError, aclrtCreateStream) PTO_LINT_ACL_FN(aclError, aclrtDestroyStream)
PTO_LINT_ACL_FN(aclError, aclrtSynchronizeStream) PTO_LINT_ACL_FN(aclError, aclrtSynchronizeDevice)
PTO_LINT_ACL_FN(aclError, aclrtCreateEvent) PTO_LINT_ACL_FN(aclError, aclrtDestroyEvent)
PTO_LINT_ACL_FN(aclError, aclrtRecordEvent) PTO_LINT_ACL_FN(aclError, aclrtSynchronizeEvent)
PTO_LINT_ACL_FN(aclError, aclrtMalloc) PTO_LINT_ACL_FN(aclError, aclrtMallocHost) PTO_LINT_ACL_FN(aclError, aclrtFree)
PTO_LINT_ACL_FN(aclError, aclrtFreeHost) PTO_LINT_ACL_FN(aclError, aclrtMemcpy)
PTO_LINT_ACL_FN(aclError, aclrtMemcpyAsync) PTO_LINT_ACL_FN(aclError, aclrtMemset)
PTO_LINT_ACL_FN(aclError, aclrtMemsetAsync) PTO_LINT_ACL_FN(const char *, aclGetRecentErrMsg)
PTO_LINT_ACL_FN(const char *, aclrtGetSocName) PTO_LINT_ACL_FN(float, aclFloat16ToFloat)
PTO_LINT_ACL_FN(aclFloat16, aclFloatToFloat16) PTO_LINT_ACL_FN(aclError, aclrtCreateStreamWithConfig)
PTO_LINT_ACL_FN(aclError, aclrtGetCurrentContext) PTO_LINT_ACL_FN(aclError, aclrtStreamGetId)
PTO_LINT_ACL_FN(aclError, aclrtSetStreamAttribute) PTO_LINT_ACL_FN(aclError, aclrtCmoAsync)
#undef PTO_LINT_ACL_FN

#endif // PTO_LINT_ACL_ACL_H
