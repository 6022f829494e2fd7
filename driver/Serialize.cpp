// driver: lossless JSON form of Results (see Serialize.h).
#include "Serialize.h"

#include <stdexcept>

namespace pto::driver {

using checker::Finding;
using Json = nlohmann::json;

namespace {

Json loc(const checker::SourceLoc &L) { return Json::array({L.file, L.line, L.col}); }
checker::SourceLoc loc(const Json &J) {
  return {J.at(0).get<std::string>(), J.at(1).get<unsigned>(), J.at(2).get<unsigned>()};
}

/// An enumerator stored as its number, checked against the enumeration's range on the way back.
template <typename E> E enumerator(const Json &J, int Last) {
  int V = J.get<int>();
  if (V < 0 || V > Last)
    throw std::runtime_error("enumerator out of range");
  return static_cast<E>(V);
}
constexpr int LastTarget = static_cast<int>(checker::Target::CPU);

} // namespace

Json findingToJson(const Finding &F) {
  Json J;
  J["rule"] = F.ruleId;
  J["op"] = F.op;
  J["target"] = static_cast<int>(F.target);
  J["targets"] = Json::array();
  for (checker::Target T : F.targets)
    J["targets"].push_back(static_cast<int>(T));
  J["status"] = static_cast<int>(F.status);
  J["severity"] = static_cast<int>(F.severity);
  J["loc"] = loc(F.loc);
  J["message"] = F.message;
  J["notes"] = Json::array();
  for (const checker::Note &N : F.notes)
    J["notes"].push_back({loc(N.loc), N.text});
  J["help"] = F.help;
  if (F.fix) {
    Json Edits = Json::array();
    for (const checker::Edit &E : F.fix->edits)
      Edits.push_back({loc(E.loc), E.length, E.text, E.what, E.operand, E.value});
    J["fix"] = {{"title", F.fix->title}, {"edits", Edits}};
  }
  J["counterexample"] = F.counterexample;
  J["citation"] = F.citation;
  J["function"] = F.function;
  J["instantiation"] = F.instantiation;
  J["instantiationLoc"] = loc(F.instantiationLoc);
  J["callText"] = F.callText;
  J["operandTypes"] = F.operandTypes;
  J["upstreamOnly"] = F.upstreamOnly;
  J["tiles"] = Json::array();
  auto Opt = [](const std::optional<int64_t> &V) { return V ? Json(*V) : Json(nullptr); };
  for (const checker::TileView &T : F.tiles)
    J["tiles"].push_back({T.role, T.expr, T.type, T.memory, T.dtype, T.elemBytes, T.rows, T.cols, Opt(T.validRow),
                          Opt(T.validCol), Opt(T.addr), T.placed, T.fromModel, T.subject, loc(T.declLoc),
                          Opt(T.usedBytes)});
  return J;
}

Finding findingFromJson(const Json &J) {
  Finding F;
  F.ruleId = J.at("rule").get<std::string>();
  F.op = J.at("op").get<std::string>();
  F.target = enumerator<checker::Target>(J.at("target"), LastTarget);
  for (const Json &T : J.at("targets"))
    F.targets.push_back(enumerator<checker::Target>(T, LastTarget));
  F.status = enumerator<checker::Status>(J.at("status"), static_cast<int>(checker::Status::Error));
  F.severity = enumerator<checker::Severity>(J.at("severity"), static_cast<int>(checker::Severity::Error));
  F.loc = loc(J.at("loc"));
  F.message = J.at("message").get<std::string>();
  for (const Json &N : J.at("notes"))
    F.notes.push_back({loc(N.at(0)), N.at(1).get<std::string>()});
  F.help = J.at("help").get<std::string>();
  if (J.contains("fix")) {
    checker::Fix X;
    X.title = J["fix"].at("title").get<std::string>();
    for (const Json &E : J["fix"].at("edits"))
      X.edits.push_back({loc(E.at(0)), E.at(1).get<unsigned>(), E.at(2).get<std::string>(), E.at(3).get<std::string>(),
                         E.at(4).get<std::string>(), E.at(5).get<int64_t>()});
    F.fix = std::move(X);
  }
  F.counterexample = J.at("counterexample").get<std::map<std::string, int64_t>>();
  F.citation = J.at("citation").get<std::string>();
  F.function = J.at("function").get<std::string>();
  F.instantiation = J.at("instantiation").get<std::string>();
  F.instantiationLoc = loc(J.at("instantiationLoc"));
  F.callText = J.at("callText").get<std::string>();
  F.operandTypes = J.at("operandTypes").get<std::vector<std::string>>();
  F.upstreamOnly = J.at("upstreamOnly").get<bool>();
  auto Opt = [](const Json &V) { return V.is_null() ? std::nullopt : std::optional<int64_t>(V.get<int64_t>()); };
  for (const Json &T : J.at("tiles")) {
    checker::TileView V;
    V.role = T.at(0).get<std::string>();
    V.expr = T.at(1).get<std::string>();
    V.type = T.at(2).get<std::string>();
    V.memory = T.at(3).get<std::string>();
    V.dtype = T.at(4).get<std::string>();
    V.elemBytes = T.at(5).get<unsigned>();
    V.rows = T.at(6).get<int64_t>();
    V.cols = T.at(7).get<int64_t>();
    V.validRow = Opt(T.at(8));
    V.validCol = Opt(T.at(9));
    V.addr = Opt(T.at(10));
    V.placed = T.at(11).get<bool>();
    V.fromModel = T.at(12).get<bool>();
    V.subject = T.at(13).get<bool>();
    V.declLoc = loc(T.at(14));
    V.usedBytes = Opt(T.at(15));
    F.tiles.push_back(std::move(V));
  }
  return F;
}

Json resultsToJson(const Results &R) {
  Json J;
  J["findings"] = Json::array();
  for (const Finding &F : R.findings)
    J["findings"].push_back(findingToJson(F));
  const checker::Tally &T = R.tally;
  J["tally"] = {T.callSites, T.checks, T.proved, T.violated, T.unknown, T.errors};
  Json Locs = Json::object();
  for (const auto &[Op, Set] : T.opLocations) {
    Json A = Json::array();
    for (const auto &[File, Line, Col] : Set)
      A.push_back({File, Line, Col});
    Locs[Op] = A;
  }
  J["opLocations"] = Locs;
  J["opCalls"] = T.opCalls;
  J["notFollowed"] = Json::array();
  for (const auto &[K, N] : T.notFollowed) {
    Json Calls = Json::array();
    if (auto It = T.notFollowedCalls.find(K); It != T.notFollowedCalls.end())
      for (const auto &[File, Line, Col] : It->second)
        Calls.push_back({File, Line, Col});
    J["notFollowed"].push_back({std::get<0>(K), std::get<1>(K), std::get<2>(K), std::get<3>(K), N, Calls});
  }
  J["notFollowedTotal"] = T.notFollowedTotal;
  J["upstreamOps"] = Json::object();
  for (const auto &[Op, U] : T.upstreamOps)
    J["upstreamOps"][Op] = {U.calls, U.decided, U.checks, U.proved, U.violated, U.notFollowed};
  J["baselined"] = Json::array();
  for (const Finding &F : R.baselined)
    J["baselined"].push_back(findingToJson(F));
  J["counts"] = {R.suppressed,      R.internalErrors, R.translationUnits,       R.failedTranslationUnits,
                 R.headerFiltered, R.advisoryOff,   R.compilerWarningsHidden, R.upstreamOnly};
  J["mainFiles"] = R.mainFiles;
  J["kernels"] = Json::object();
  for (const auto &[File, K] : R.kernels) {
    Json Ends = Json::array(), Placed = Json::array(), Unplaced = Json::array();
    for (const auto &[Key, E] : K.ends)
      Ends.push_back({Key.first, checker::targetName(Key.second), E.proved, E.notFollowed, E.unknown, E.violated});
    for (const checker::PlacedTile &P : K.placed)
      Placed.push_back({P.function, P.expr, P.memory, P.addr, P.bytes});
    for (const auto &[Fn, Tile] : K.unplaced)
      Unplaced.push_back({Fn, Tile});
    J["kernels"][File] = {Ends, Placed, Unplaced};
  }
  Json Skipped = Json::array();
  for (const auto &[K, N] : R.ptoImplSkipped)
    Skipped.push_back({std::get<0>(K), std::get<1>(K), std::get<2>(K), std::get<3>(K), N});
  J["ptoImpl"] = {R.ptoImplStatements, R.ptoImplChecked, Skipped};
  return J;
}

Results resultsFromJson(const Json &J) {
  Results R;
  for (const Json &F : J.at("findings"))
    R.findings.push_back(findingFromJson(F));
  for (const Json &F : J.at("baselined"))
    R.baselined.push_back(findingFromJson(F));
  const Json &T = J.at("tally");
  checker::Tally &Y = R.tally;
  unsigned *Fields[] = {&Y.callSites, &Y.checks, &Y.proved, &Y.violated, &Y.unknown, &Y.errors};
  if (T.size() != std::size(Fields))
    throw std::runtime_error("tally has the wrong size");
  for (size_t I = 0; I < std::size(Fields); ++I)
    *Fields[I] = T.at(I).get<unsigned>();
  for (const auto &[Op, A] : J.at("opLocations").items())
    for (const Json &L : A)
      Y.opLocations[Op].insert({L.at(0).get<std::string>(), L.at(1).get<unsigned>(), L.at(2).get<unsigned>()});
  Y.opCalls = J.at("opCalls").get<std::map<std::string, unsigned>>();
  for (const Json &E : J.at("notFollowed")) {
    checker::Tally::NotFollowedKey K{E.at(0).get<std::string>(), E.at(1).get<unsigned>(), E.at(2).get<std::string>(),
                                     E.at(3).get<std::string>()};
    Y.notFollowed[K] = E.at(4).get<unsigned>();
    for (const Json &L : E.at(5))
      Y.notFollowedCalls[K].insert({L.at(0).get<std::string>(), L.at(1).get<unsigned>(), L.at(2).get<unsigned>()});
  }
  Y.notFollowedTotal = J.at("notFollowedTotal").get<unsigned>();
  for (const auto &[Op, A] : J.at("upstreamOps").items()) {
    checker::Tally::Upstream &U = Y.upstreamOps[Op];
    unsigned *Fields[] = {&U.calls, &U.decided, &U.checks, &U.proved, &U.violated, &U.notFollowed};
    for (size_t I = 0; I < 6; ++I)
      *Fields[I] = A.at(I).get<unsigned>();
  }
  const Json &C = J.at("counts");
  unsigned *Counts[] = {&R.suppressed,      &R.internalErrors, &R.translationUnits,       &R.failedTranslationUnits,
                        &R.headerFiltered, &R.advisoryOff,   &R.compilerWarningsHidden, &R.upstreamOnly};
  if (C.size() != std::size(Counts))
    throw std::runtime_error("counts have the wrong size");
  for (size_t I = 0; I < std::size(Counts); ++I)
    *Counts[I] = C.at(I).get<unsigned>();
  R.mainFiles = J.at("mainFiles").get<std::set<std::string>>();
  for (const auto &[File, A] : J.at("kernels").items()) {
    checker::KernelSummary &K = R.kernels[File];
    for (const Json &E : A.at(0)) {
      std::optional<checker::Target> Tg = checker::parseTarget(E.at(1).get<std::string>());
      if (!Tg)
        throw std::runtime_error("kernels: unknown target");
      checker::CallEnds &C = K.ends[{E.at(0).get<std::string>(), *Tg}];
      unsigned *Fields[] = {&C.proved, &C.notFollowed, &C.unknown, &C.violated};
      for (size_t I = 0; I < std::size(Fields); ++I)
        *Fields[I] = E.at(I + 2).get<unsigned>();
    }
    for (const Json &E : A.at(1))
      K.placed.insert({E.at(0).get<std::string>(), E.at(1).get<std::string>(), E.at(2).get<std::string>(),
                       E.at(3).get<int64_t>(), E.at(4).get<int64_t>()});
    for (const Json &E : A.at(2))
      K.unplaced.emplace(E.at(0).get<std::string>(), E.at(1).get<std::string>());
  }
  const Json &P = J.at("ptoImpl");
  R.ptoImplStatements = P.at(0).get<unsigned>();
  R.ptoImplChecked = P.at(1).get<unsigned>();
  for (const Json &E : P.at(2))
    R.ptoImplSkipped[{E.at(0).get<std::string>(), E.at(1).get<unsigned>(), E.at(2).get<std::string>(),
                      E.at(3).get<std::string>()}] = E.at(4).get<unsigned>();
  return R;
}

} // namespace pto::driver
