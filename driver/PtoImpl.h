// driver: upstream's checks for textual PTO's tile ops without rules of their own. A `.pto` tile op is a call of
// pto-isa's implementation once ptoas's emitc backend has compiled it (ptotext/Lowering.h); the C++ front end reads
// that call, with the PTO_ASSERTs it reaches, from a translation unit of pto-lint's own. The run's `.pto` files are
// read once up front for the calls their statements make; each (pto-isa checkout, target, core) gets one unit of all
// its distinct calls, parsed when a file first needs it and shared by every file after (cache per signature).
#ifndef PTOLINT_DRIVER_PTOIMPL_H
#define PTOLINT_DRIVER_PTOIMPL_H

#include "driver/Run.h"
#include "ptotext/Reader.h"

#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace pto::driver {

/// The pto-isa checkout textual PTO is checked against: Options::ptoIsa, else $PTOISA_DIR; "" when neither names a
/// directory with include/pto/pto-inst.hpp.
std::string ptoIsaDir(const Options &O);
/// Why Dir cannot be used (no include/pto/pto-inst.hpp), or "".
std::string ptoIsaProblem(const std::string &Dir);

/// The NPU targets a `.pto` file's calls are checked for: the given ones, else the file's own, else the default.
std::vector<checker::Target> ptoTargets(const Options &O, std::optional<checker::Target> FileTarget);

class PtoImpl {
public:
  explicit PtoImpl(CppFrontEnd &FE) : FE(FE) {}

  /// Notes the calls a file's statements make (before any file is linted).
  void want(const std::string &Isa, const std::vector<checker::Target> &Targets,
            const std::vector<ptotext::ImplCall> &Calls);
  /// The statements of one file as calls with upstream's checks, the ones that cannot be said why (Skipped: its
  /// place, op, reason), and the files the instantiations read (for the result cache).
  void resolve(const std::string &Isa, const std::vector<checker::Target> &Targets,
               const std::vector<ptotext::ImplCall> &Calls, std::vector<checker::CallSite> &Out,
               std::vector<std::tuple<checker::SourceLoc, std::string, std::string>> &Skipped,
               std::set<std::string> &Read);

private:
  struct Group {
    std::string isa;
    checker::Target target;
    bool cube;
    bool operator<(const Group &O) const {
      return std::tie(isa, target, cube) < std::tie(O.isa, O.target, O.cube);
    }
  };
  struct Entry {
    std::optional<checker::CallSite> call; // the C++ call read, or
    std::string why;                       // why there is none
  };
  struct Built {
    std::map<std::string, Entry> byFunction;
    std::set<std::string> read;
  };
  CppFrontEnd &FE;
  std::mutex M;
  std::map<Group, std::set<std::string>> Wanted; // functions (named "F") per group
  std::map<Group, Built> Done;

  const Built &built(const Group &G); // under M
};

} // namespace pto::driver

#endif
