// driver: upstream's checks for textual PTO's tile ops without rules of their own (see PtoImpl.h).
#include "PtoImpl.h"

#include "ptotext/Lowering.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace std::string_literals;

namespace pto::driver {

std::string ptoIsaProblem(const std::string &Dir) {
  llvm::SmallString<256> Inst(Dir);
  llvm::sys::path::append(Inst, "include", "pto", "pto-inst.hpp");
  if (!llvm::sys::fs::exists(Inst))
    return "'" + Dir + "' is not a pto-isa checkout (no include/pto/pto-inst.hpp)";
  return "";
}

std::string ptoIsaDir(const Options &O) {
  std::string Dir = O.ptoIsa;
  if (Dir.empty())
    if (const char *E = std::getenv("PTOISA_DIR"))
      Dir = E;
  if (Dir.empty() || !ptoIsaProblem(Dir).empty())
    return "";
  llvm::SmallString<256> Abs(Dir);
  llvm::sys::fs::make_absolute(Abs);
  return std::string(Abs);
}

std::vector<checker::Target> ptoTargets(const Options &O, std::optional<checker::Target> FileTarget) {
  std::vector<checker::Target> Given = O.engine.targets;
  if (!O.targetsExplicit && FileTarget)
    Given = {*FileTarget};
  std::vector<checker::Target> Npu;
  for (checker::Target T : Given)
    if (T == checker::Target::A2A3 || T == checker::Target::A5)
      Npu.push_back(T);
  return Npu;
}

void PtoImpl::want(const std::string &Isa, const std::vector<checker::Target> &Targets,
                   const std::vector<ptotext::ImplCall> &Calls) {
  std::lock_guard<std::mutex> L(M);
  for (const ptotext::ImplCall &C : Calls) {
    std::string Why, F = C.why.empty() ? ptotext::cxxFunction(C, "F", Why) : "";
    if (F.empty())
      continue;
    for (checker::Target T : Targets)
      Wanted[{Isa, T, C.cube()}].insert(F);
  }
}

const PtoImpl::Built &PtoImpl::built(const Group &G) {
  auto It = Done.find(G);
  if (It != Done.end())
    return It->second;
  Built &B = Done[G];
  const std::set<std::string> &Fs = Wanted[G];
  // One unit: the headers, then each call's function, named by its index, with the lines it takes.
  std::string Source = "// pto-lint: textual PTO's tile ops as ptoas's emitc backend calls pto-isa\n"
                       "#include <pto/pto-inst.hpp>\nusing namespace pto;\n";
  unsigned Line = 4;
  std::vector<std::tuple<unsigned, unsigned, std::string>> Lines; // first, last line, function
  for (const std::string &F : Fs) {
    std::string Named = "ptolint_f" + std::to_string(Lines.size()) + F.substr(F.find('('));
    Named = F.substr(0, F.find(" F(") + 1) + Named;
    unsigned N = unsigned(std::count(Named.begin(), Named.end(), '\n'));
    Lines.emplace_back(Line, Line + N - 1, F);
    Source += Named;
    Line += N;
  }
  std::string Name = G.isa + "/pto-lint-tile-ops-"s + checker::targetName(G.target) + (G.cube ? "-cube" : "-vec") +
                     ".cpp"; // a file of the tool's own, never written
  CppFrontEnd::Instantiation In = FE.instantiate(Source, Name, G.target, G.cube, G.isa);
  for (const std::string &R : In.read)
    if (R != Name) // the unit itself is in memory only
      B.read.insert(R);
  std::string Target = checker::targetName(G.target);
  for (const auto &[First, Last, F] : Lines) {
    Entry &E = B.byFunction[F];
    auto Err = In.errors.lower_bound(First);
    if (Err != In.errors.end() && Err->first <= Last) {
      E.why = "its pto-isa call does not compile for " + Target + ": " + Err->second;
      continue;
    }
    for (const checker::CallSite &C : In.calls)
      if (!C.inUpstreamCode && C.loc.line >= First && C.loc.line <= Last && C.unresolved.empty()) {
        E.call = C;
        break;
      }
    if (!E.call)
      E.why = In.failed.empty() ? "the C++ front end reads no pto-isa op call in its " + Target + " form"
                                : "pto-isa's headers do not compile for " + Target + ": " + In.failed;
  }
  return B;
}

void PtoImpl::resolve(const std::string &Isa, const std::vector<checker::Target> &Targets,
                      const std::vector<ptotext::ImplCall> &Calls, std::vector<checker::CallSite> &Out,
                      std::vector<std::tuple<checker::SourceLoc, std::string, std::string>> &Skipped,
                      std::set<std::string> &Read) {
  for (const ptotext::ImplCall &C : Calls) {
    std::string Why = C.why, F = Why.empty() ? ptotext::cxxFunction(C, "F", Why) : "";
    if (Why.empty() && Isa.empty())
      Why = "no pto-isa headers to check it against (--pto-isa=DIR or PTOISA_DIR)";
    if (Why.empty() && Targets.empty())
      Why = "checked for no NPU target";
    if (!Why.empty()) {
      Skipped.emplace_back(C.call.loc, C.ptoOp, Why);
      continue;
    }
    std::optional<checker::CallSite> Merged;
    std::vector<std::string> Whys; // per target without the call
    for (checker::Target T : Targets) {
      std::lock_guard<std::mutex> L(M);
      const Built &B = built({Isa, T, C.cube()});
      Read.insert(B.read.begin(), B.read.end());
      auto It = B.byFunction.find(F);
      if (It == B.byFunction.end() || !It->second.call) {
        Whys.push_back(It == B.byFunction.end() ? "not instantiated for "s + checker::targetName(T) : It->second.why);
        continue;
      }
      checker::CallSite One = ptotext::instantiated(C, *It->second.call);
      for (checker::UpstreamCheck &U : One.upstream.own())
        U.target = T; // this target's implementation, common headers included
      if (!Merged) {
        Merged = std::move(One);
        continue;
      }
      for (checker::UpstreamCheck &U : One.upstream.own())
        Merged->upstream.push_back(std::move(U));
      for (checker::Symbol &S : One.symbols)
        if (std::none_of(Merged->symbols.begin(), Merged->symbols.end(),
                         [&](const checker::Symbol &E) { return E.name == S.name; }))
          Merged->symbols.push_back(std::move(S));
    }
    if (Merged)
      Out.push_back(std::move(*Merged));
    for (const std::string &W : Whys) // a target whose checks the call does not get
      Skipped.emplace_back(C.call.loc, C.ptoOp, W);
  }
}

} // namespace pto::driver
