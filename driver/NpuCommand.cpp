// driver: translation of CCE compile commands into clang commands (plain string work, no Clang dependency).
#include "NpuCommand.h"

#include "support/Targets.h"

namespace pto::driver {
namespace {

bool startsWith(const std::string &S, const std::string &Prefix) { return S.compare(0, Prefix.size(), Prefix) == 0; }

bool endsWith(const std::string &S, const std::string &Suffix) {
  return S.size() >= Suffix.size() && S.compare(S.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

/// What an architecture name implies for the predefined macros.
struct ArchInfo {
  std::string target;             // a2a3 | a5
  std::string npuArch;            // __NPU_ARCH__
  std::string aicore;             // __CCE_AICORE__
  std::string family;             // "C220" gives __DAV_C220__ and __DAV_C220_VEC__ / _CUBE__; "" gives none
  std::vector<std::string> cores; // vec and/or cube
};

ArchInfo infoOf(const support::NpuArch &A, std::vector<std::string> Cores) {
  return {support::targetName(A.target), A.npuArch, A.aicore, A.family, std::move(Cores)};
}

/// --cce-aicore-arch=dav-c220[-vec|-cube] | dav-c310[-vec|-cube]; no suffix means a mix kernel.
bool aicoreArch(const std::string &Name, ArchInfo &Info) {
  std::string Base = Name;
  std::vector<std::string> Cores{"vec", "cube"};
  for (const char *Core : {"vec", "cube"})
    if (endsWith(Name, std::string("-") + Core)) {
      Base = Name.substr(0, Name.size() - 1 - std::string(Core).size());
      Cores = {Core};
    }
  const support::NpuArch *A = support::npuArchOfAicore(Base);
  if (!A)
    return false;
  Info = infoOf(*A, Cores);
  return true;
}

/// --npu-arch=dav-<__NPU_ARCH__> (newer bisheng); both core kinds.
bool npuArch(const std::string &Name, ArchInfo &Info) {
  const support::NpuArch *A = support::npuArchOfOption(Name);
  if (!A)
    return false;
  Info = infoOf(*A, {"vec", "cube"});
  return true;
}

/// The spellings an option accepts, for its error message.
std::string knownArchs(const std::string &Option) {
  std::string Known;
  for (const support::NpuArch &A : support::npuArchs()) {
    std::string Name = Option == "--cce-aicore-arch" ? (A.aicoreArch ? std::string(A.aicoreArch) + "[-vec|-cube]" : "")
                       : A.npuArchOption             ? std::string("dav-") + A.npuArch
                                                     : "";
    if (!Name.empty())
      Known += (Known.empty() ? "" : ", ") + Name;
  }
  return Known;
}

/// Vendor-only options dropped together with their separate value.
bool dropsNextArg(const std::string &A) {
  return A == "-x" || A == "-mllvm" || A == "--cce-aicore-arch" || A == "--npu-arch" || A == "--dependent-libraries";
}

/// Vendor-only options dropped alone. `-x<lang>` goes too: every command gets `-x hip` up front.
bool dropsArg(const std::string &A) {
  static const char *const Exact[] = {"-Xhost-start", "-Xhost-end", "-Xaicore-start", "-Xaicore-end", "--enable-simt"};
  for (const char *E : Exact)
    if (A == E)
      return true;
  static const char *const Prefixes[] = {"-x", "--cce-", "-cce-", "--npu-arch=", "-march=", "-mcpu=", "-mtune="};
  for (const char *P : Prefixes)
    if (startsWith(A, P))
      return true;
  return false;
}

} // namespace

NpuTranslation translateNpuCommand(const std::vector<std::string> &Args, const std::string &PreludeDir) {
  NpuTranslation T;
  std::string ArchOption; // the option that named T.arch; the last one wins, as with any compiler option
  for (size_t I = 1; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    bool HasNext = I + 1 < Args.size();
    if (A == "-xcce" || A == "-xasc" || (A == "-x" && HasNext && (Args[I + 1] == "cce" || Args[I + 1] == "asc")))
      T.isNpu = true;
    for (const char *Option : {"--cce-aicore-arch", "--npu-arch"}) {
      if (startsWith(A, std::string(Option) + "="))
        T.arch = A.substr(std::string(Option).size() + 1);
      else if (A == Option && HasNext)
        T.arch = Args[I + 1];
      else
        continue;
      T.isNpu = true;
      ArchOption = Option;
    }
  }
  if (!T.isNpu)
    return T;

  ArchInfo Info;
  if (ArchOption.empty()) {
    T.error = "no NPU architecture in the CCE command (give --cce-aicore-arch=... or --npu-arch=...)";
    return T;
  }
  if (ArchOption == "--cce-aicore-arch" ? !aicoreArch(T.arch, Info) : !npuArch(T.arch, Info)) {
    T.error = "unknown " + ArchOption + " '" + T.arch + "' (known: " + knownArchs(ArchOption) + ")";
    return T;
  }
  T.target = Info.target;

  std::vector<std::string> UserArgs;
  for (size_t I = 1; I < Args.size(); ++I) {
    if (dropsNextArg(Args[I]))
      ++I;
    else if (!dropsArg(Args[I]))
      UserArgs.push_back(Args[I]);
  }

  std::string Dir = PreludeDir.empty() ? "." : PreludeDir;
  if (Dir.back() == '/')
    Dir.pop_back();
  for (const std::string &Core : Info.cores) {
    std::string Kind = Core == "vec" ? "VEC" : "CUBE";
    // HIP, host side only: C++ plus `k<<<...>>>(...)`; --hipstdpar lets kernels call unattributed functions.
    NpuCore C{Core,
              {"clang++", "-x", "hip", "--cuda-host-only", "-nogpuinc", "-nogpulib", "-Xclang", "--hipstdpar",
               "-D__CCE_AICORE__=" + Info.aicore, "-D__NPU_ARCH__=" + Info.npuArch}};
    if (!Info.family.empty()) {
      C.args.push_back("-D__DAV_" + Info.family + "__");
      C.args.push_back("-D__DAV_" + Info.family + "_" + Kind + "__");
    }
    C.args.push_back("-D__DAV_" + Kind + "__");
    C.args.insert(C.args.end(), {"-include", Dir + "/" + NpuPreludeFile});
    C.args.insert(C.args.end(), UserArgs.begin(), UserArgs.end());
    C.args.insert(C.args.end(),
                  {"-isystem", Dir, "-fsyntax-only", "-ferror-limit=0", "-Qunused-arguments", "-Wno-error", "-Wno-unknown-attributes",
                   "-Wno-ignored-attributes", "-Wno-macro-redefined", "-Wno-compound-token-split-by-macro"});
    T.cores.push_back(std::move(C));
  }
  return T;
}

std::vector<std::string> retargetNpuCommand(const std::vector<std::string> &Args, const std::string &Target) {
  NpuTranslation T = translateNpuCommand(Args, "");
  if (!T.isNpu || !T.error.empty() || T.target == Target || Args.empty())
    return {};
  const support::NpuArch *To = nullptr;
  for (const support::NpuArch &A : support::npuArchs())
    if (support::targetName(A.target) == Target && A.aicoreArch && !To)
      To = &A;
  if (!To)
    return {};
  std::vector<std::string> Out{Args.front()};
  for (size_t I = 1; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    if (A == "--cce-aicore-arch" || A == "--npu-arch")
      ++I; // and its value
    else if (!startsWith(A, "--cce-aicore-arch=") && !startsWith(A, "--npu-arch="))
      Out.push_back(A);
  }
  Out.push_back("--cce-aicore-arch=" + std::string(To->aicoreArch) +
                (T.cores.size() == 1 ? "-" + T.cores.front().name : std::string()));
  return Out;
}

} // namespace pto::driver
