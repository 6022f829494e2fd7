// checker: renders findings as clang-style text, pto-lint JSON (schema 1) and SARIF 2.1.0.
#include "Emit.h"
#include "Render.h"
#include "support/Spelling.h"

#include <functional>
#include <tuple>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <set>

namespace pto::checker {

using Json = nlohmann::ordered_json;

/// File as written in reports: relative to BaseDir when it lies under it, else unchanged.
std::string relPath(const std::string &File, const std::string &BaseDir) {
  if (BaseDir.empty())
    return File;
  std::string B = BaseDir;
  while (B.size() > 1 && B.back() == '/')
    B.pop_back();
  if (B == "/")
    return File.size() > 1 && File[0] == '/' ? File.substr(1) : File;
  if (File.size() > B.size() + 1 && File.compare(0, B.size(), B) == 0 && File[B.size()] == '/')
    return File.substr(B.size() + 1);
  return File;
}

namespace {

/// `file:line:col: ` (or less, as far as the location is known); Tool when there is no file.
std::string locPrefix(const SourceLoc &L, const std::string &BaseDir, const std::string &Tool) {
  if (L.file.empty())
    return Tool.empty() ? "" : Tool + ": ";
  std::string S = relPath(L.file, BaseDir);
  if (L.valid()) {
    S += ":" + std::to_string(L.line);
    if (L.col)
      S += ":" + std::to_string(L.col);
  }
  return S + ": ";
}

std::vector<Target> findingTargets(const Finding &F) {
  return F.targets.empty() ? std::vector<Target>{F.target} : F.targets;
}

Json targetNames(const std::vector<Target> &Ts) {
  Json A = Json::array();
  for (Target T : Ts)
    A.push_back(targetName(T));
  return A;
}

std::string dump(const Json &J) {
  // Replace rather than throw on invalid UTF-8 in user-controlled text (file names, expressions).
  return J.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

/// Percent-encodes everything but RFC 3986 unreserved characters and '/'.
std::string uriEncode(const std::string &Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (std::isalnum(C) || C == '-' || C == '.' || C == '_' || C == '~' || C == '/') {
      Out += static_cast<char>(C);
    } else {
      char Buf[4];
      std::snprintf(Buf, sizeof Buf, "%%%02X", C);
      Out += Buf;
    }
  }
  return Out;
}

/// "pto-colargmin-tmp-size" -> "ColargminTmpSize".
std::string camelName(const std::string &Id) {
  return support::upperCamel(Id.compare(0, 4, "pto-") == 0 ? Id.substr(4) : Id);
}

Json physicalLocation(const SourceLoc &L, const std::string &BaseDir) {
  Json Art;
  std::string Rel = relPath(L.file, BaseDir);
  if (!Rel.empty() && Rel[0] == '/') {
    Art["uri"] = "file://" + uriEncode(Rel);
  } else {
    Art["uri"] = uriEncode(Rel);
    Art["uriBaseId"] = "%SRCROOT%";
  }
  Json P;
  P["artifactLocation"] = Art;
  if (L.valid()) {
    Json Region;
    Region["startLine"] = L.line;
    if (L.col)
      Region["startColumn"] = L.col;
    P["region"] = Region;
  }
  return P;
}

Json ruleDescriptor(const Rule &R) {
  std::string Help = R.help;
  for (const RuleVariant &V : R.variants)
    if (Help.empty() && !V.help.empty())
      Help = V.help;
  std::string Full = R.description.empty() ? R.summary : R.description;
  std::vector<std::string> Sources = R.sources;
  for (const RuleVariant &V : R.variants)
    for (const std::string &S : V.sources)
      if (std::find(Sources.begin(), Sources.end(), S) == Sources.end())
        Sources.push_back(S);
  std::string Md = "**" + R.id + "**: " + R.summary + "\n\n";
  if (!R.description.empty())
    Md += R.description + "\n\n";
  if (!Help.empty())
    Md += "**How to fix:** " + Help + "\n\n";
  if (!Sources.empty()) {
    Md += "**Upstream:**";
    for (const std::string &S : Sources)
      Md += "\n- `" + S + "`";
    Md += "\n";
  }

  Json D;
  D["id"] = R.id;
  D["name"] = camelName(R.id);
  D["shortDescription"]["text"] = R.summary;
  D["fullDescription"]["text"] = Full;
  D["help"]["text"] = Help.empty() ? R.summary : Help;
  D["help"]["markdown"] = Md;
  D["defaultConfiguration"]["level"] = severityName(R.severity);
  D["properties"]["tags"] = Json::array({"pto", ruleKindName(R.kind)});
  return D;
}

/// For ids the engine reports itself (pto-operand-unrecognised, ...), which have no rule declaration.
Json metaDescriptor(const Finding &F) {
  std::string Text = "pto-lint diagnostic " + F.ruleId;
  Json D;
  D["id"] = F.ruleId;
  D["name"] = camelName(F.ruleId);
  D["shortDescription"]["text"] = Text;
  D["fullDescription"]["text"] = Text;
  D["help"]["text"] = F.help.empty() ? Text : F.help;
  D["help"]["markdown"] = "**" + F.ruleId + "**: " + Text + "\n\n" + (F.help.empty() ? "" : "**How to fix:** " + F.help + "\n");
  D["defaultConfiguration"]["level"] = severityName(F.severity);
  D["properties"]["tags"] = Json::array({"pto"});
  return D;
}

/// The engine's path-condition notes ("assuming '<guard>' here", checker/Engine.cpp): the guards a verdict rests on.
bool isPathCondition(const Note &N) {
  const std::string Head = "assuming '", Tail = "' here";
  return N.loc.valid() && !N.loc.file.empty() && N.text.size() > Head.size() + Tail.size() &&
         N.text.compare(0, Head.size(), Head) == 0 &&
         N.text.compare(N.text.size() - Tail.size(), Tail.size(), Tail) == 0;
}

/// "cols = 81, rows = 16".
std::string assignments(const std::map<std::string, int64_t> &Cex) {
  std::string S;
  for (const auto &[Name, Value] : Cex)
    S += (S.empty() ? "" : ", ") + Name + " = " + std::to_string(Value);
  return S;
}

/// One thread flow: each path condition where it is assumed, then the call, whose state is the counterexample
/// (SARIF 2.1.0 §3.36-3.38). Null when the finding has neither, or no location.
Json codeFlow(const Finding &F, const std::string &BaseDir) {
  Json Steps = Json::array();
  for (const Note &N : F.notes)
    if (isPathCondition(N))
      Steps.push_back({{"location", {{"physicalLocation", physicalLocation(N.loc, BaseDir)}, {"message", {{"text", N.text}}}}},
                       {"kinds", Json::array({"branch"})}});
  if ((Steps.empty() && F.counterexample.empty()) || F.loc.file.empty())
    return nullptr;
  std::string Call = (F.op.empty() ? std::string("the call") : F.op) + " fails here";
  if (!F.counterexample.empty())
    Call += (F.status == Status::ViolatedAlways ? " (e.g. " : " for ") + assignments(F.counterexample) +
            (F.status == Status::ViolatedAlways ? ")" : "");
  Json Last = {{"location", {{"physicalLocation", physicalLocation(F.loc, BaseDir)}, {"message", {{"text", Call}}}}},
               {"kinds", Json::array({"call"})}};
  if (!F.counterexample.empty()) {
    Json State = Json::object();
    for (const auto &[Name, Value] : F.counterexample)
      State[Name] = {{"text", std::to_string(Value)}};
    Last["state"] = State;
  }
  Steps.push_back(Last);
  std::string What = Steps.size() > 1 ? "the path conditions pto-lint assumed, then the failing call"
                                      : "the failing call";
  return {{"message", {{"text", What}}}, {"threadFlows", Json::array({{{"locations", Steps}}})}};
}

std::string plural(unsigned N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

} // namespace

std::string diagnosticText(const SourceLoc &L, const std::string &Level, const std::string &Message, const RunInfo &Info) {
  return locPrefix(L, Info.baseDir, Info.toolName) + Level + ": " + Message + "\n";
}

namespace {
/// Text lines: a note without a place of its own is shown at the finding's.
class TextSink : public FindingSink {
public:
  TextSink(std::string &Out, const RunInfo &Info) : Out(Out), Info(Info) {}
  bool headline(const Finding &F, const std::string &Message, const Fix *) override {
    Out += diagnosticText(F.loc, severityName(F.severity), Message, Info);
    return true;
  }
  void note(const Finding &F, const SourceLoc &At, const std::string &Text) override {
    Out += diagnosticText(At.valid() ? At : F.loc, "note", Text, Info);
  }

private:
  std::string &Out;
  const RunInfo &Info;
};
} // namespace

std::string toText(const std::vector<Finding> &Fs, const RunInfo &Info) {
  std::string Out;
  TextSink Sink(Out, Info);
  for (const Finding &F : Fs)
    renderFinding(F, Sink);
  return Out;
}

namespace {

/// A located place as the JSON report writes it.
Json placeJson(const SourceLoc &L, const std::string &BaseDir) {
  return {{"file", relPath(L.file, BaseDir)}, {"line", L.line}, {"column", L.col}};
}

/// One tile operand of a finding (Finding::tiles); values not known are left out.
Json tileJson(const TileView &T, const std::string &BaseDir) {
  Json J;
  J["role"] = T.role;
  J["expr"] = T.expr;
  J["type"] = T.type;
  J["memory"] = T.memory;
  J["dtype"] = T.dtype;
  J["elemBytes"] = T.elemBytes;
  J["rows"] = T.rows;
  J["cols"] = T.cols;
  if (T.validRow)
    J["validRow"] = *T.validRow;
  if (T.validCol)
    J["validCol"] = *T.validCol;
  J["placed"] = T.placed;
  if (T.addr)
    J["addr"] = *T.addr;
  if (T.usedBytes)
    J["usedBytes"] = *T.usedBytes;
  J["fromCounterexample"] = T.fromModel;
  J["subject"] = T.subject;
  if (T.declLoc.valid())
    J["declared"] = placeJson(T.declLoc, BaseDir);
  return J;
}

/// One finding of the JSON report (schema 1's finding object); SARIF results carry it too (properties.finding).
Json findingJson(const Finding &F, const std::string &BaseDir) {
  std::string File = relPath(F.loc.file, BaseDir);
  Json Notes = Json::array();
  for (const Note &N : F.notes) {
    Json P = placeJson(N.loc.valid() ? N.loc : F.loc, BaseDir);
    P["message"] = N.text;
    Notes.push_back(std::move(P));
  }
  Json Cex = Json::object();
  for (const auto &[Name, Value] : F.counterexample)
    Cex[Name] = Value;
  Json E;
  E["ruleId"] = F.ruleId;
  E["op"] = F.op;
  E["status"] = statusName(F.status);
  E["severity"] = severityName(F.severity);
  E["targets"] = targetNames(findingTargets(F));
  E["file"] = File;
  E["line"] = F.loc.line;
  E["column"] = F.loc.col;
  E["function"] = F.function;
  E["message"] = F.message;
  E["notes"] = Notes;
  E["help"] = F.help;
  E["counterexample"] = Cex;
  E["citation"] = F.citation;
  E["fingerprint"] = fingerprint(F, BaseDir);
  if (F.fix) {
    Json Edits = Json::array();
    for (const Edit &Ed : F.fix->edits) {
      Json P = placeJson(Ed.loc, BaseDir);
      P["length"] = Ed.length;
      P["text"] = Ed.text;
      Edits.push_back(std::move(P));
    }
    E["fix"] = {{"title", F.fix->title}, {"edits", Edits}};
  }
  if (!F.tiles.empty()) {
    Json Tiles = Json::array();
    for (const TileView &T : F.tiles)
      Tiles.push_back(tileJson(T, BaseDir));
    E["tiles"] = Tiles;
  }
  return E;
}

} // namespace

/// One op's (or all ops') tally of upstream's checks, for the JSON summary.
static Json upstreamJson(const Tally::Upstream &U) {
  return {{"calls", U.calls},   {"callsDecided", U.decided}, {"checks", U.checks},
          {"proved", U.proved}, {"violated", U.violated},    {"notFollowed", U.notFollowed}};
}

Json summaryJson(const RunInfo &Info) {
  const Tally &T = Info.tally;
  Json S = {{"callSites", T.callSites}, {"checks", T.checks},   {"proved", T.proved},
            {"violated", T.violated},   {"unknown", T.unknown}, {"errors", T.errors}};
  S["ops"] = Json::object();
  for (const auto &[Op, N] : T.opCalls) {
    Json Locs = Json::array();
    if (T.opLocations.count(Op))
      for (const auto &[File, Line, Col] : T.opLocations.at(Op))
        Locs.push_back(relPath(File, Info.baseDir) + ":" + std::to_string(Line) + ":" + std::to_string(Col));
    S["ops"][Op] = {{"calls", N}, {"locations", Locs}};
  }
  // Upstream's checks (--upstream-checks), per op and in all: only in runs that lifted some.
  if (!T.upstreamOps.empty()) {
    Tally::Upstream All;
    for (const auto &[Op, U] : T.upstreamOps) {
      All.add(U);
      S["ops"][Op]["upstream"] = upstreamJson(U);
    }
    S["upstream"] = upstreamJson(All);
  }
  // Upstream's checks that were not decided (what --coverage lists), with the calls that reached each.
  if (!T.notFollowed.empty()) {
    Json List = Json::array();
    for (const auto &[K, N] : T.notFollowed) {
      const auto &[File, Line, Op, Why] = K;
      Json Calls = Json::array();
      if (auto It = T.notFollowedCalls.find(K); It != T.notFollowedCalls.end())
        for (const auto &[CFile, CLine, CCol] : It->second)
          Calls.push_back(relPath(CFile, Info.baseDir) + ":" + std::to_string(CLine) + ":" + std::to_string(CCol));
      List.push_back({{"check", relPath(File, Info.baseDir) + ":" + std::to_string(Line)},
                      {"op", Op},
                      {"why", Why},
                      {"count", N},
                      {"calls", Calls}});
    }
    S["notFollowed"] = List;
  }
  // Per kernel: each op's calls per target by how they ended.
  S["kernels"] = Json::object();
  for (const auto &[File, KS] : Info.kernels) {
    Json &K = S["kernels"][relPath(File, Info.baseDir)];
    K["ops"] = Json::object();
    for (const auto &[OpTarget, E] : KS.ends)
      K["ops"][OpTarget.first][targetName(OpTarget.second)] = {
          {"proved", E.proved}, {"notFollowed", E.notFollowed}, {"unknown", E.unknown}, {"violated", E.violated}};
    // Placed tiles per function: [tile, memory, addr, bytes] each (compact: a kernel template instantiated a hundred
    // times places its tiles in each instantiation).
    K["placed"] = Json::object();
    for (const PlacedTile &P : KS.placed)
      K["placed"][P.function].push_back({P.expr, P.memory, P.addr, P.bytes});
    K["unplaced"] = KS.unplaced.size();
  }
  return S;
}

namespace {
int64_t intField(const Json &J, const std::string &Key) {
  auto It = J.find(Key);
  return It != J.end() && It->is_number_integer() ? It->get<int64_t>() : 0;
}
/// Adds the integer fields of From into Into (both objects; other fields of From are left out).
void addCounts(Json &Into, const Json &From) {
  if (!From.is_object())
    return;
  for (const auto &[K, V] : From.items())
    if (V.is_number_integer())
      Into[K] = intField(Into, K) + V.get<int64_t>();
}
} // namespace

namespace {
/// A place written "file:line:column" (Fields 2) or "file:line" (1) as (file, line, column), for sorting places as a
/// run orders them (numbers as numbers); a string without them sorts as its file.
std::tuple<std::string, long, long> placeKey(const std::string &S, int Fields) {
  size_t C = S.rfind(':');
  size_t R = Fields == 1 || C == std::string::npos || C == 0 ? C : S.rfind(':', C - 1);
  if (C == std::string::npos || R == std::string::npos)
    return {S, 0L, 0L};
  if (Fields == 1)
    return {S.substr(0, C), std::atol(S.c_str() + C + 1), 0L};
  return {S.substr(0, R), std::atol(S.c_str() + R + 1), std::atol(S.c_str() + C + 1)};
}

/// J[Key] when J is an object and that is an object (or array), else an empty one: summaries are read from logs and
/// reports users hand in, so a field of the wrong type is left out, never an exception.
Json objectAt(const Json &J, const char *Key) {
  if (J.is_object())
    if (auto It = J.find(Key); It != J.end() && It->is_object())
      return *It;
  return Json::object();
}
Json arrayAt(const Json &J, const char *Key) {
  if (J.is_object())
    if (auto It = J.find(Key); It != J.end() && It->is_array())
      return *It;
  return Json::array();
}
} // namespace

void addSummary(Json &Into, const Json &S) {
  if (!S.is_object())
    return;
  if (!Into.is_object())
    Into = {{"callSites", 0}, {"checks", 0}, {"proved", 0}, {"violated", 0}, {"unknown", 0}, {"errors", 0},
            {"ops", Json::object()}};
  for (const char *K : {"callSites", "checks", "proved", "violated", "unknown", "errors"})
    Into[K] = intField(Into, K) + intField(S, K);
  const Json Ops = objectAt(S, "ops"); // (items() of a temporary would dangle)
  for (const auto &[Op, O] : Ops.items()) {
    if (!O.is_object())
      continue;
    Json &M = Into["ops"][Op];
    M["calls"] = intField(M, "calls") + intField(O, "calls");
    Json Locs = arrayAt(M, "locations");
    for (const Json &L : arrayAt(O, "locations"))
      if (L.is_string() && std::find(Locs.begin(), Locs.end(), L) == Locs.end())
        Locs.push_back(L);
    // In (file, line, column) order, as one run writes them.
    std::stable_sort(Locs.begin(), Locs.end(), [](const Json &A, const Json &B) {
      return placeKey(A.get<std::string>(), 2) < placeKey(B.get<std::string>(), 2);
    });
    M["locations"] = Locs;
    if (O.contains("upstream"))
      addCounts(M["upstream"], objectAt(O, "upstream"));
  }
  if (S.contains("upstream"))
    addCounts(Into["upstream"], objectAt(S, "upstream"));
  // Not-followed checks: one entry per (check, op, why), counts added, calls united, in one run's order.
  if (const Json More = arrayAt(S, "notFollowed"); !More.empty()) {
    auto Text = [](const Json &E, const char *K) {
      auto It = E.find(K);
      return It != E.end() && It->is_string() ? It->get<std::string>() : std::string();
    };
    auto ByPlace = [](const std::string &A, const std::string &B) { return placeKey(A, 2) < placeKey(B, 2); };
    using Calls = std::set<std::string, decltype(ByPlace)>;
    std::map<std::tuple<std::tuple<std::string, long, long>, std::string, std::string, std::string>,
             std::pair<int64_t, Calls>>
        All;
    for (const Json *From : {static_cast<const Json *>(&Into), &S})
      for (const Json &E : arrayAt(*From, "notFollowed")) {
        std::string Check = E.is_object() ? Text(E, "check") : "";
        if (Check.empty() || Text(E, "op").empty())
          continue;
        auto It = All.try_emplace({placeKey(Check, 1), Check, Text(E, "op"), Text(E, "why")}, 0, Calls(ByPlace)).first;
        It->second.first += intField(E, "count");
        for (const Json &L : arrayAt(E, "calls"))
          if (L.is_string())
            It->second.second.insert(L.get<std::string>());
      }
    Json List = Json::array();
    for (const auto &[K, V] : All)
      List.push_back({{"check", std::get<1>(K)},
                      {"op", std::get<2>(K)},
                      {"why", std::get<3>(K)},
                      {"count", V.first},
                      {"calls", Json(std::vector<std::string>(V.second.begin(), V.second.end()))}});
    Into["notFollowed"] = List;
  }
  // Shards lint disjoint files: a kernel's calls add up; its placements are the first report's that has it.
  const Json Kernels = objectAt(S, "kernels");
  for (const auto &[File, K] : Kernels.items()) {
    if (!K.is_object())
      continue;
    Json &Mine = Into["kernels"][File];
    bool First = !Mine.is_object();
    if (First)
      Mine = {{"ops", Json::object()}, {"placed", Json::object()}, {"unplaced", 0}};
    const Json KernelOps = objectAt(K, "ops");
    for (const auto &[Op, ByTarget] : KernelOps.items())
      if (ByTarget.is_object())
        for (const auto &[Tg, E] : ByTarget.items())
          if (E.is_object())
            addCounts(Mine["ops"][Op][Tg], E);
    if (First) {
      Mine["placed"] = objectAt(K, "placed");
      Mine["unplaced"] = intField(K, "unplaced");
    }
  }
  // In name order, as one run over all inputs writes them.
  for (const char *Key : {"ops", "kernels"})
    if (Into.contains(Key) && Into[Key].is_object()) {
      std::map<std::string, Json> Sorted;
      for (auto &[K, V] : Into[Key].items())
        Sorted.emplace(K, std::move(V));
      Json O = Json::object();
      for (auto &[K, V] : Sorted)
        O[K] = std::move(V);
      Into[Key] = std::move(O);
    }
}

std::string toJson(const std::vector<Finding> &Fs, const RunInfo &Info) {
  Json J;
  J["version"] = 1;
  J["tool"]["name"] = Info.toolName;
  J["tool"]["version"] = Info.toolVersion;
  J["targets"] = targetNames(Info.targets);
  J["summary"] = summaryJson(Info);
  J["findings"] = Json::array();
  for (const Finding &F : Fs)
    J["findings"].push_back(findingJson(F, Info.baseDir));
  return dump(J);
}

namespace {

/// Where a SARIF result is: its first location's artifact URI, line and column ("" and 0 without one).
std::tuple<std::string, long, long> sarifPlace(const Json &Res) {
  const Json *L = Res.contains("locations") && !Res["locations"].empty() ? &Res["locations"][0] : nullptr;
  if (!L || !L->contains("physicalLocation"))
    return {"", 0, 0};
  const Json &P = (*L)["physicalLocation"];
  std::string Uri = P.value("/artifactLocation/uri"_json_pointer, std::string());
  long Line = P.value("/region/startLine"_json_pointer, 0L), Col = P.value("/region/startColumn"_json_pointer, 0L);
  return {Uri, Line, Col};
}

/// The run object for Results (ruleIndex not yet set): results in one order whatever order they came in (by
/// location, then rule; results at one place keep their order), one result per (place, rule, message), the
/// descriptors of the rules they use in the rule set's order (then any others, as Describe gives them).
Json sarifRun(Json Results, const RuleSet &Rules, const std::function<Json(const std::string &)> &Describe,
              Json Driver, Json BaseIds, bool Successful) {
  std::vector<Json> Rs(Results.begin(), Results.end());
  std::stable_sort(Rs.begin(), Rs.end(), [](const Json &A, const Json &B) {
    return std::tuple_cat(sarifPlace(A), std::make_tuple(A.value("ruleId", std::string()))) <
           std::tuple_cat(sarifPlace(B), std::make_tuple(B.value("ruleId", std::string())));
  });
  std::set<std::tuple<std::string, long, long, std::string, std::string>> Seen;
  std::vector<Json> Unique;
  for (Json &R : Rs) {
    auto [Uri, Line, Col] = sarifPlace(R);
    if (Seen.insert({Uri, Line, Col, R.value("ruleId", std::string()), R.value("/message/text"_json_pointer, std::string())})
            .second)
      Unique.push_back(std::move(R));
  }
  std::set<std::string> Used;
  for (const Json &R : Unique)
    Used.insert(R.value("ruleId", std::string()));
  Json Descriptors = Json::array();
  std::map<std::string, size_t> Index;
  for (const Rule &R : Rules.rules())
    if (Used.count(R.id)) {
      Index.emplace(R.id, Descriptors.size());
      Descriptors.push_back(ruleDescriptor(R));
    }
  Json Out = Json::array();
  for (Json &R : Unique) {
    std::string Id = R.value("ruleId", std::string());
    auto It = Index.find(Id);
    if (It == Index.end()) {
      It = Index.emplace(Id, Descriptors.size()).first;
      Descriptors.push_back(Describe(Id));
    }
    // ruleIndex right after ruleId, as the results were always written.
    Json Ordered;
    for (auto &[K, V] : R.items()) {
      Ordered[K] = V;
      if (K == "ruleId")
        Ordered["ruleIndex"] = It->second;
    }
    Out.push_back(std::move(Ordered));
  }
  Driver["rules"] = Descriptors;
  Json Run;
  Run["tool"]["driver"] = Driver;
  if (!BaseIds.is_null())
    Run["originalUriBaseIds"] = BaseIds;
  Run["invocations"] = Json::array({{{"executionSuccessful", Successful}}});
  Run["results"] = Out;
  return Run;
}

Json sarifLog(Json Run) {
  Json Log;
  Log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  Log["version"] = "2.1.0";
  Log["runs"] = Json::array({std::move(Run)});
  return Log;
}

} // namespace

std::string toSarif(const std::vector<Finding> &Fs, const RuleSet &Rules, const RunInfo &Info) {
  std::map<std::string, Json> Meta; // descriptors of ids the rule set does not have
  Json Results = Json::array();
  for (const Finding &F : Fs) {
    if (!Rules.find(F.ruleId) && !Meta.count(F.ruleId))
      Meta.emplace(F.ruleId, metaDescriptor(F));
    // A sentence break keeps the headline whole where GitHub shows only the first sentence.
    std::string Text = F.message;
    if (!F.counterexample.empty())
      Text += ". Counterexample: " + assignments(F.counterexample) + ".";
    Json Res;
    Res["ruleId"] = F.ruleId;
    Res["level"] = severityName(F.severity);
    Res["message"]["text"] = Text;
    Res["locations"] = Json::array();
    if (!F.loc.file.empty())
      Res["locations"].push_back({{"physicalLocation", physicalLocation(F.loc, Info.baseDir)}});
    Json Related = Json::array();
    for (const Note &N : F.notes)
      if (N.loc.valid() && !N.loc.file.empty())
        Related.push_back({{"id", Related.size() + 1},
                           {"physicalLocation", physicalLocation(N.loc, Info.baseDir)},
                           {"message", {{"text", N.text}}}});
    if (!Related.empty())
      Res["relatedLocations"] = Related;
    if (Json Flow = codeFlow(F, Info.baseDir); !Flow.is_null())
      Res["codeFlows"] = Json::array({Flow});
    if (F.fix) {
      // One artifactChange per file, its replacements in order (SARIF 2.1.0 §3.55-3.57; columns count bytes here).
      Json Changes = Json::array();
      for (const Edit &Ed : F.fix->edits) {
        Json Art = physicalLocation(Ed.loc, Info.baseDir)["artifactLocation"];
        if (Changes.empty() || Changes.back()["artifactLocation"] != Art)
          Changes.push_back({{"artifactLocation", Art}, {"replacements", Json::array()}});
        Json Region = {{"startLine", Ed.loc.line}, {"startColumn", Ed.loc.col}, {"endColumn", Ed.loc.col + Ed.length}};
        Changes.back()["replacements"].push_back({{"deletedRegion", Region}, {"insertedContent", {{"text", Ed.text}}}});
      }
      Res["fixes"] = Json::array({{{"description", {{"text", F.fix->title}}}, {"artifactChanges", Changes}}});
    }
    Res["partialFingerprints"]["primaryLocationLineHash"] = fingerprint(F, Info.baseDir);
    Res["properties"]["status"] = statusName(F.status);
    Res["properties"]["targets"] = targetNames(findingTargets(F));
    // Everything the JSON report says of it (unlocated notes, help, tiles): `pto-lint report` reads it back.
    Res["properties"]["finding"] = findingJson(F, Info.baseDir);
    Results.push_back(Res);
  }

  Json Driver;
  Driver["name"] = Info.toolName;
  if (!Info.informationUri.empty())
    Driver["informationUri"] = Info.informationUri;
  if (!Info.toolVersion.empty())
    Driver["semanticVersion"] = Info.toolVersion;
  Json BaseIds;
  if (!Info.baseDir.empty() && Info.baseDir[0] == '/') {
    std::string B = Info.baseDir;
    while (B.size() > 1 && B.back() == '/')
      B.pop_back();
    BaseIds["%SRCROOT%"]["uri"] = "file://" + uriEncode(B == "/" ? B : B + "/");
  }
  Json Run = sarifRun(std::move(Results), Rules, [&](const std::string &Id) { return Meta.at(Id); },
                      std::move(Driver), std::move(BaseIds), Info.tally.errors == 0);
  // What the JSON report says beyond its findings: the targets and the summary (the HTML report reads them).
  Run["properties"]["targets"] = targetNames(Info.targets);
  Run["properties"]["summary"] = summaryJson(Info);
  return dump(sarifLog(std::move(Run)));
}

namespace {
std::string mergeLogs(const std::vector<std::string> &Logs, const RuleSet &Rules, std::string &Err);
}

std::string mergeSarif(const std::vector<std::string> &Logs, const RuleSet &Rules, std::string &Err) {
  try {
    return mergeLogs(Logs, Rules, Err);
  } catch (const std::exception &E) { // a field of an unexpected type: not a log pto-lint wrote
    Err = std::string("not a pto-lint SARIF log: ") + E.what();
    return "";
  }
}

namespace {
std::string mergeLogs(const std::vector<std::string> &Logs, const RuleSet &Rules, std::string &Err) {
  Json Results = Json::array(), Driver, BaseIds, Summary, Targets = Json::array();
  std::map<std::string, Json> Descriptors;
  bool Successful = true, Summarised = true;
  for (size_t I = 0; I < Logs.size(); ++I) {
    const std::string Which = "log " + std::to_string(I + 1);
    Json Log = Json::parse(Logs[I], nullptr, /*allow_exceptions=*/false);
    if (Log.is_discarded() || !Log.is_object() || Log.value("version", std::string()) != "2.1.0" ||
        !Log.contains("runs") || !Log["runs"].is_array() || Log["runs"].size() != 1 || !Log["runs"][0].is_object()) {
      Err = Which + " is not a SARIF 2.1.0 log with one run";
      return "";
    }
    Json &Run = Log["runs"][0];
    Json D = Run.value("/tool/driver"_json_pointer, Json());
    if (!D.is_object() || D.value("name", std::string()) != "pto-lint") {
      Err = Which + " was not written by pto-lint";
      return "";
    }
    Json Rs = D.value("rules", Json::array());
    D.erase("rules");
    Json Ids = Run.value("originalUriBaseIds", Json());
    if (I == 0) {
      Driver = D;
      BaseIds = Ids;
    } else if (D != Driver) {
      Err = Which + " was written by another pto-lint (" + D.value("semanticVersion", std::string("?")) + ")";
      return "";
    } else if (Ids != BaseIds) {
      Err = Which + " has another source root (%SRCROOT%): shards must run in one checkout path";
      return "";
    }
    if (Rs.is_array())
      for (const Json &R : Rs)
        if (R.is_object() && R.contains("id") && R["id"].is_string())
          Descriptors.emplace(R["id"].get<std::string>(), R);
    for (const Json &Inv : Run.value("invocations", Json::array()))
      Successful &= Inv.value("executionSuccessful", true);
    for (Json R : Run.value("results", Json::array())) {
      if (!R.is_object() || !R.contains("ruleId") || !R["ruleId"].is_string()) {
        Err = Which + " has a result without a ruleId";
        return "";
      }
      R.erase("ruleIndex");
      Results.push_back(std::move(R));
    }
    // The shards' summaries add up (inputs are disjoint); a log without one leaves the merged log without one.
    const Json *S = Run.contains("properties") ? &Run["properties"] : nullptr;
    if (S && S->contains("summary") && (*S)["summary"].is_object() && Summarised)
      addSummary(Summary, (*S)["summary"]);
    else
      Summarised = false;
    if (S && S->contains("targets") && (*S)["targets"].is_array())
      for (const Json &T : (*S)["targets"])
        if (std::find(Targets.begin(), Targets.end(), T) == Targets.end())
          Targets.push_back(T);
  }
  Json Run = sarifRun(std::move(Results), Rules,
                      [&](const std::string &Id) { return Descriptors.count(Id) ? Descriptors[Id] : Json{{"id", Id}}; },
                      std::move(Driver), std::move(BaseIds), Successful);
  if (!Targets.empty())
    Run["properties"]["targets"] = std::move(Targets);
  if (Summarised && Summary.is_object())
    Run["properties"]["summary"] = std::move(Summary);
  return dump(sarifLog(std::move(Run)));
}
} // namespace

std::string summaryLine(const Tally &T) {
  std::string S = plural(T.callSites, "call site") + ", " + plural(T.checks, "check") + ": " +
                  std::to_string(T.proved) + " proved, " + std::to_string(T.violated) + " violated, " +
                  std::to_string(T.unknown) + " unknown";
  if (T.errors)
    S += ", " + plural(T.errors, "error");
  return S;
}

std::string fingerprint(const Finding &F, const std::string &BaseDir) {
  // FNV-1a 64; a NUL after each field keeps ("ab","c") apart from ("a","bc"). The line is left out on purpose.
  uint64_t H = 0xcbf29ce484222325ULL;
  const std::string File = relPath(F.loc.file, BaseDir);
  for (const std::string *Field : {&F.ruleId, &File, &F.op, &F.function, &F.message}) {
    for (unsigned char C : *Field) {
      H ^= C;
      H *= 0x100000001b3ULL;
    }
    H *= 0x100000001b3ULL; // the NUL separator (0 xor is a no-op)
  }
  char Buf[17];
  std::snprintf(Buf, sizeof Buf, "%016llx", static_cast<unsigned long long>(H));
  return Buf;
}

} // namespace pto::checker
