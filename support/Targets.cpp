// support: targets and NPU architectures (see Targets.h).
#include "Targets.h"

#include <algorithm>

namespace pto::support {

const char *targetName(Target T) {
  switch (T) {
  case Target::A2A3: return "a2a3";
  case Target::A5: return "a5";
  case Target::CPU: return "cpu";
  }
  return "?";
}

std::optional<Target> parseTarget(const std::string &S) {
  if (S == "a2a3" || S == "a2" || S == "a3")
    return Target::A2A3;
  if (S == "a5")
    return Target::A5;
  if (S == "cpu")
    return Target::CPU;
  return std::nullopt;
}

bool parseTargetList(const std::string &S, std::vector<Target> &Out, std::string &Bad) {
  Out.clear();
  size_t Pos = 0;
  while (Pos <= S.size()) {
    size_t Comma = S.find(',', Pos);
    std::string Name = S.substr(Pos, Comma == std::string::npos ? std::string::npos : Comma - Pos);
    if (Name == "all") {
      for (Target T : allTargets())
        if (std::find(Out.begin(), Out.end(), T) == Out.end())
          Out.push_back(T);
    } else {
      auto T = parseTarget(Name);
      if (!T) {
        Bad = Name;
        return false;
      }
      if (std::find(Out.begin(), Out.end(), *T) == Out.end())
        Out.push_back(*T);
    }
    if (Comma == std::string::npos)
      break;
    Pos = Comma + 1;
  }
  return !Out.empty();
}

const std::vector<NpuArch> &npuArchs() {
  static const std::vector<NpuArch> Table = {
      // npuArch  target        aicore  family  aicoreArch   npuArchOption
      {"2201", Target::A2A3, "220", "C220", "dav-c220", true},
      {"3101", Target::A5, "310", "C310", "dav-c310", false},
      {"3510", Target::A5, "310", "", nullptr, true},
  };
  return Table;
}

const NpuArch *npuArchOfMacro(const std::string &Value) {
  for (const NpuArch &A : npuArchs())
    if (Value == A.npuArch)
      return &A;
  return nullptr;
}

const NpuArch *npuArchOfAicore(const std::string &Base) {
  for (const NpuArch &A : npuArchs())
    if (A.aicoreArch && Base == A.aicoreArch)
      return &A;
  return nullptr;
}

const NpuArch *npuArchOfOption(const std::string &Name) {
  for (const NpuArch &A : npuArchs())
    if (A.npuArchOption && Name == std::string("dav-") + A.npuArch)
      return &A;
  return nullptr;
}

std::optional<Target> ptoArchTarget(const std::string &Arch) {
  std::optional<Target> T = parseTarget(Arch);
  if (T == Target::CPU)
    return std::nullopt; // PTOAS targets NPUs only
  return T;
}

} // namespace pto::support
