// checker: what the engine concludes about a call: findings to report and a tally of verdicts.
#ifndef PTOLINT_CHECKER_FINDING_H
#define PTOLINT_CHECKER_FINDING_H

#include "Facts.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace pto::checker {

enum class Severity { Note, Warning, Error };
const char *severityName(Severity S);

/// How sure the finding is.
enum class Status {
  ViolatedAlways,    // fails for every feasible value of the call's inputs
  ViolatedSometimes, // fails for the counterexample values, holds for others
  Unknown,           // could not be decided (budget, or values pto-lint does not understand)
  Error              // the solver or the rule failed; fail closed
};
const char *statusName(Status S);

struct Note {
  SourceLoc loc; // may be invalid: then the note belongs to the finding's location
  std::string text;
};

/// A source edit: `length` bytes at `loc` (on one line) replaced by `text`; length 0 inserts.
struct Edit {
  SourceLoc loc;
  unsigned length = 0;
  std::string text;
  std::string what;    // the tile argument it sets: dtype, rows, cols, blayout, slayout
  std::string operand; // the tile whose type it changes, as written at the call
  int64_t value = 0;   // the argument's new value: rows/cols, a type code (dtype), a layout code
  bool operator==(const Edit &O) const {
    return loc == O.loc && length == O.length && text == O.text;
  }
};

/// A fix-it: edits of declared tile types that make the finding go away.
struct Fix {
  std::vector<Edit> edits;
  std::string title; // fixTitle(): "declare 'tmp' with Cols = 128"
};
/// What a fix does, from its edits.
std::string fixTitle(const Fix &F);
/// The enumerator a layout code of rules/prelude.smt2 stands for, as rules/facts.json's blayout and slayout
/// "enumerators" say (BLayout: RowMajor, ColMajor; SLayout: NoneBox, RowMajor, ColMajor), or "" for any other code.
std::string layoutName(bool BLayout, int64_t Code);

/// One tile operand of the call, as reports draw it (docs/report.md): its declared shape and element size, where it
/// is placed, and its valid region at the call. A value the front end knows is as extracted; a symbolic one is the
/// counterexample's (fromModel) when the finding is a violation whose query names it, else absent.
struct TileView {
  std::string role;       // "dst", "src", "tmp", ...
  std::string expr;       // the argument as written
  std::string type;       // the tile type as written or printed
  std::string memory;     // "Vec", "Mat", ... ("" = unknown)
  std::string dtype;      // as written ("float")
  unsigned elemBytes = 0; // 0 = unknown
  int64_t rows = 0, cols = 0;
  std::optional<int64_t> validRow, validCol;
  std::optional<int64_t> addr; // the TASSIGN byte address, when placed and known
  /// A scratch operand of a violated tmp-size rule: the bytes from its start the implementation touches, at the
  /// counterexample (Rule::tmpBytes).
  std::optional<int64_t> usedBytes;
  bool placed = false;         // placed by TASSIGN (addr may still be unknown)
  bool fromModel = false;      // some value above is the counterexample's
  bool subject = false;        // the rule reads this operand's facts
  SourceLoc declLoc;
};

struct Finding {
  std::string ruleId;
  std::string op;
  Target target = Target::A2A3;
  std::vector<Target> targets; // all targets that gave the same message (filled by the engine's merge)
  Status status = Status::ViolatedAlways;
  Severity severity = Severity::Error;
  SourceLoc loc;
  std::string message;   // headline, without the [rule-id] suffix
  std::vector<Note> notes;
  std::string help;      // how to fix; empty if none
  std::optional<Fix> fix; // an edit that repairs it, where the rule has one and the source allows it
  std::map<std::string, int64_t> counterexample; // user-facing name -> value
  std::string citation;
  std::string function;  // enclosing function
  std::string instantiation; // the template instantiation the call was checked in ("" outside templates)
  SourceLoc instantiationLoc; // where that instantiation was requested (innermost point of instantiation)
  /// For baseline fingerprints (driver/Baseline.h): the call's normalised text (CallSite::text) and its operands'
  /// tile types, in argument order.
  std::string callText;
  std::vector<std::string> operandTypes;
  /// The call is in upstream's headers and no code of the user's reaches it: the same for every user, reported
  /// only with the option upstream-findings (CallSite::inUpstreamCode).
  bool upstreamOnly = false;
  /// The call's tile operands (reports draw them); empty for findings about the call as a whole.
  std::vector<TileView> tiles;
};

/// How one call ended on one target (the per-kernel summary, docs/report.md): a check violated, one reported unknown,
/// none of those but one of upstream's checks not followed (counted, not reported), or every check proved. A call
/// takes the first of these that any of its checks on the target gives.
enum class CallEnd { Proved, NotFollowed, Unknown, Violated };
const char *callEndName(CallEnd E); // "proved", "notFollowed", "unknown", "violated"

/// Calls of one op on one target, by how they ended.
struct CallEnds {
  unsigned proved = 0, notFollowed = 0, unknown = 0, violated = 0;
  unsigned &operator[](CallEnd E) {
    return E == CallEnd::Proved ? proved : E == CallEnd::NotFollowed ? notFollowed : E == CallEnd::Unknown ? unknown : violated;
  }
  void add(const CallEnds &O) {
    proved += O.proved; notFollowed += O.notFollowed; unknown += O.unknown; violated += O.violated;
  }
};
/// (op, target) -> its calls by how they ended.
using OpTargetEnds = std::map<std::pair<std::string, Target>, CallEnds>;

/// A tile placed by TASSIGN at a known address, as a kernel's calls use it (the HTML report's address map).
struct PlacedTile {
  std::string function; // the function the calls are in
  std::string expr;     // the tile as written at the calls
  std::string memory;   // "Vec", "Mat", "Left", ... ("" unknown)
  int64_t addr = 0;     // its byte address
  int64_t bytes = 0;    // Rows x Cols x element size
  auto key() const { return std::tie(function, memory, addr, expr, bytes); }
  bool operator<(const PlacedTile &O) const { return key() < O.key(); }
};

/// What a report says of one kernel (main file): its calls by op, target and end, its placed tiles, and the tiles
/// (function, tile) placed at an address pto-lint does not know.
struct KernelSummary {
  OpTargetEnds ends;
  std::set<PlacedTile> placed;
  std::set<std::pair<std::string, std::string>> unplaced;
  void add(const KernelSummary &O) {
    for (const auto &[K, E] : O.ends)
      ends[K].add(E);
    placed.insert(O.placed.begin(), O.placed.end());
    unplaced.insert(O.unplaced.begin(), O.unplaced.end());
  }
};

struct Tally {
  unsigned callSites = 0, checks = 0, proved = 0, violated = 0, unknown = 0, errors = 0;
  /// Per op: the distinct call locations (file, line, column) and the calls checked (one per instantiation and
  /// translation unit), for the JSON summary and conformance tests.
  std::map<std::string, std::set<std::tuple<std::string, unsigned, unsigned>>> opLocations;
  std::map<std::string, unsigned> opCalls;
  /// Upstream's checks (CallSite::upstream) that were not decided and are not reported per call: how often each (its
  /// assert's file and line, the op, why) was reached; their total.
  using NotFollowedKey = std::tuple<std::string, unsigned, std::string, std::string>;
  std::map<NotFollowedKey, unsigned> notFollowed;
  unsigned notFollowedTotal = 0;
  /// The calls (file, line, column) that reached each of them: which calls a reader should not take as checked (the
  /// JSON report's `summary.notFollowed`).
  std::map<NotFollowedKey, std::set<std::tuple<std::string, unsigned, unsigned>>> notFollowedCalls;
  void notFollow(const NotFollowedKey &K, const SourceLoc &Call) {
    ++notFollowed[K];
    ++notFollowedTotal;
    notFollowedCalls[K].insert({Call.file, Call.line, Call.col});
  }
  /// Upstream's checks per op: the calls that reach one and those whose every reached check was decided, the
  /// checks reached (one per assert and call) and how each ended.
  struct Upstream {
    unsigned calls = 0, decided = 0, checks = 0, proved = 0, violated = 0, notFollowed = 0;
    void add(const Upstream &O) {
      calls += O.calls; decided += O.decided; checks += O.checks;
      proved += O.proved; violated += O.violated; notFollowed += O.notFollowed;
    }
  };
  std::map<std::string, Upstream> upstreamOps;
  /// Every checked call by op and target and how it ended there (a call with no check on a target is not counted).
  OpTargetEnds ends;
  void add(const Tally &O) {
    for (const auto &[K, E] : O.ends)
      ends[K].add(E);
    callSites += O.callSites; checks += O.checks; proved += O.proved;
    violated += O.violated; unknown += O.unknown; errors += O.errors;
    notFollowedTotal += O.notFollowedTotal;
    for (const auto &[K, N] : O.notFollowed)
      notFollowed[K] += N;
    for (const auto &[K, Calls] : O.notFollowedCalls)
      notFollowedCalls[K].insert(Calls.begin(), Calls.end());
    for (const auto &[Op, U] : O.upstreamOps)
      upstreamOps[Op].add(U);
    for (const auto &[Op, Locs] : O.opLocations)
      opLocations[Op].insert(Locs.begin(), Locs.end());
    for (const auto &[Op, N] : O.opCalls)
      opCalls[Op] += N;
  }
};

} // namespace pto::checker

#endif
