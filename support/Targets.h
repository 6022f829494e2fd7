// support: the targets pto-lint judges a call for, their names, and the NPU architectures that denote them (one
// table for the CCE command translation, the compiler's predefined __NPU_ARCH__ and the textual PTO arch names).
#ifndef PTOLINT_SUPPORT_TARGETS_H
#define PTOLINT_SUPPORT_TARGETS_H

#include <optional>
#include <string>
#include <vector>

namespace pto::support {

enum class Target { A2A3, A5, CPU };
/// "a2a3", "a5", "cpu".
const char *targetName(Target T);
/// A target's name; "a2" and "a3" name a2a3 too.
std::optional<Target> parseTarget(const std::string &S);
/// Parses "a2a3,a5" (or "all") into targets; returns the first bad name in Bad on failure.
bool parseTargetList(const std::string &S, std::vector<Target> &Out, std::string &Bad);
inline std::vector<Target> allTargets() { return {Target::A2A3, Target::A5, Target::CPU}; }

/// One NPU architecture as the vendor compiler names it.
struct NpuArch {
  const char *npuArch;    // __NPU_ARCH__, and `--npu-arch=dav-<npuArch>` when npuArchOption
  Target target;          // a2a3 | a5
  const char *aicore;     // __CCE_AICORE__
  const char *family;     // "C220" gives __DAV_C220__ and __DAV_C220_VEC__ / _CUBE__; "" gives none
  const char *aicoreArch; // `--cce-aicore-arch=<aicoreArch>[-vec|-cube]`; null: not spelled that way
  bool npuArchOption;     // accepted as `--npu-arch=dav-<npuArch>` (newer bisheng)
};
/// Every NPU architecture pto-lint knows (pto-isa maps 3510 to A5, arch_macro.hpp).
const std::vector<NpuArch> &npuArchs();
/// The architecture whose __NPU_ARCH__ is Value ("2201"), or null.
const NpuArch *npuArchOfMacro(const std::string &Value);
/// The architecture `--cce-aicore-arch=Base` names (Base without its -vec/-cube suffix), or null.
const NpuArch *npuArchOfAicore(const std::string &Base);
/// The architecture `--npu-arch=Name` names ("dav-2201"), or null.
const NpuArch *npuArchOfOption(const std::string &Name);
/// The target a PTOAS arch name denotes (a5; a2, a3, a2a3 -> a2a3).
std::optional<Target> ptoArchTarget(const std::string &Arch);

} // namespace pto::support

#endif
