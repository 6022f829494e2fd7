// driver: translates a vendor CCE compile command (bisheng, ccec) into clang commands, one per AI core kind.
#ifndef PTOLINT_DRIVER_NPUCOMMAND_H
#define PTOLINT_DRIVER_NPUCOMMAND_H

#include <string>
#include <vector>

namespace pto::driver {

/// One core kind to analyse and the clang command that parses the source as that core sees it.
struct NpuCore {
  std::string name;              // "vec" or "cube"
  std::vector<std::string> args; // argv[0] is "clang++"
};

struct NpuTranslation {
  bool isNpu = false;         // the command is a CCE command (-xcce, -x cce, -xasc, --cce-aicore-arch, --npu-arch)
  std::string target;         // "a2a3" or "a5" ("" if not NPU or the architecture is unknown)
  std::string arch;           // as given, e.g. "dav-c220-vec"
  std::vector<NpuCore> cores; // a mix architecture gives vec and cube
  std::string error;          // non-empty: cannot translate; a message naming the problem
};

/// The prelude that every translated command force-includes, in the PreludeDir given below.
inline constexpr const char *NpuPreludeFile = "pto_lint_cce_prelude.h";

/// Args is a whole compile command (argv[0] = compiler). PreludeDir holds the prelude headers
/// (clangfe/prelude: NpuPreludeFile and the acl/acl.h stand-in).
///
/// A non-NPU command gives isNpu == false and nothing else: use it as it is. Otherwise each core's command
///  * parses the source as HIP, host side only (`-x hip --cuda-host-only -nogpuinc -nogpulib`): C++ plus the
///    `kernel<<<blocks, l2ctrl, stream>>>(...)` launch syntax, with the prelude's `__global__` being the
///    offload-kernel attribute. The cc1 flag `--hipstdpar` lets kernels call host functions, so nothing in
///    the source needs host/device attributes, and explicit instantiations of kernel templates keep working;
///    the source file is parsed unchanged;
///  * predefines what bisheng predefines for that core: __CCE_AICORE__, __NPU_ARCH__, __DAV_VEC__ or
///    __DAV_CUBE__, and for the dav-c220 / dav-c310 families __DAV_C220__ + __DAV_C220_VEC__ (etc.);
///  * keeps the user's flags in order (-D, -U, -I, -isystem, -include, -std, warnings, ...), dropping the
///    vendor-only ones: -x <lang>, --cce-* / -cce-*, --npu-arch, -mllvm <arg>, --dependent-libraries <arg>,
///    -Xhost-start/-Xhost-end/-Xaicore-start/-Xaicore-end (their contents are kept), --enable-simt and
///    -march=/-mcpu=/-mtune= (they name the NPU or the vendor host, not the linting host);
///  * force-includes the prelude first and searches PreludeDir last (-isystem), so a real CANN acl/acl.h wins;
///  * ends with -fsyntax-only -Qunused-arguments -Wno-error and -Wno-* for what the prelude causes.
NpuTranslation translateNpuCommand(const std::vector<std::string> &Args, const std::string &PreludeDir);

/// The CCE command Args (one translateNpuCommand takes without error) as it would name Target ("a2a3", "a5")
/// instead: its architecture option replaced by `--cce-aicore-arch=` of Target's architecture for the same core
/// kinds, everything else as written. Empty when Args is not such a command, already names Target, or Target has no
/// `--cce-aicore-arch` spelling. (A kernel checked for several targets is parsed once per target.)
std::vector<std::string> retargetNpuCommand(const std::vector<std::string> &Args, const std::string &Target);

} // namespace pto::driver

#endif
