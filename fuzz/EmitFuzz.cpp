// fuzz: libFuzzer target for the report emitters (checker/Emit.cpp): structured random findings -> JSON and SARIF ->
// parsed back (nlohmann) -> every field present and equal to what was emitted. Strings carry any bytes: the reports
// must stay valid JSON, and a string that is not valid UTF-8 comes back as its replacement-character form (U+FFFD for
// each bad sequence, as Emit's dump asks of nlohmann), every other string unchanged. The text form must not crash.
#include "checker/Emit.h"

#include <fuzzer/FuzzedDataProvider.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

using namespace pto::checker;
using Json = nlohmann::json;

namespace {

[[noreturn]] void fail(const std::string &What) {
  std::fprintf(stderr, "emit-fuzz: %s\n", What.c_str());
  __builtin_trap();
}

/// S as it reads back from a report: unchanged when it is UTF-8, else with each bad sequence replaced.
std::string readBack(const std::string &S) {
  return Json::parse(Json(S).dump(-1, ' ', false, Json::error_handler_t::replace)).get<std::string>();
}

void expectStr(const Json &J, const char *Key, const std::string &Want, const std::string &Where) {
  if (!J.contains(Key) || !J[Key].is_string())
    fail(Where + ": \"" + Key + "\" missing or not a string");
  if (J[Key].get<std::string>() != readBack(Want))
    fail(Where + ": \"" + Key + "\" is '" + J[Key].get<std::string>() + "', not '" + readBack(Want) + "'");
}

void expectNum(const Json &J, const char *Key, uint64_t Want, const std::string &Where) {
  if (!J.contains(Key) || !J[Key].is_number_unsigned() || J[Key].get<uint64_t>() != Want)
    fail(Where + ": \"" + Key + "\" is not " + std::to_string(Want));
}

SourceLoc loc(FuzzedDataProvider &P) {
  SourceLoc L;
  static const char *Files[] = {"k.cpp", "/work/src/k.cpp", "/other/k.cpp", "", "dir/a b%.cpp"};
  L.file = P.ConsumeBool() ? Files[P.ConsumeIntegralInRange<size_t>(0, 4)] : P.ConsumeRandomLengthString(40);
  L.line = P.ConsumeBool() ? P.ConsumeIntegralInRange<unsigned>(0, 50) : P.ConsumeIntegral<unsigned>();
  L.col = P.ConsumeIntegralInRange<unsigned>(0, 200);
  return L;
}

Finding finding(FuzzedDataProvider &P, const RuleSet &Rules) {
  Finding F;
  const auto &Rs = Rules.rules();
  F.ruleId = P.ConsumeBool() && !Rs.empty() ? Rs[P.ConsumeIntegralInRange<size_t>(0, Rs.size() - 1)].id
                                           : P.ConsumeRandomLengthString(30);
  F.op = P.ConsumeRandomLengthString(20);
  F.target = static_cast<Target>(P.ConsumeIntegralInRange<int>(0, 2));
  for (int N = P.ConsumeIntegralInRange<int>(0, 3); N > 0; --N)
    F.targets.push_back(static_cast<Target>(P.ConsumeIntegralInRange<int>(0, 2)));
  F.status = static_cast<Status>(P.ConsumeIntegralInRange<int>(0, 3));
  F.severity = static_cast<Severity>(P.ConsumeIntegralInRange<int>(0, 2));
  F.loc = loc(P);
  F.message = P.ConsumeRandomLengthString(80);
  for (int N = P.ConsumeIntegralInRange<int>(0, 4); N > 0; --N) {
    Note Nt;
    Nt.loc = loc(P);
    // Path-condition notes take the code-flow branch of the SARIF writer.
    Nt.text = P.ConsumeBool() ? "assuming '" + P.ConsumeRandomLengthString(20) + "' here" : P.ConsumeRandomLengthString(60);
    F.notes.push_back(Nt);
  }
  F.help = P.ConsumeRandomLengthString(60);
  for (int N = P.ConsumeIntegralInRange<int>(0, 3); N > 0; --N)
    F.counterexample[P.ConsumeRandomLengthString(12)] = P.ConsumeIntegral<int64_t>();
  F.citation = P.ConsumeRandomLengthString(40);
  F.function = P.ConsumeRandomLengthString(40);
  if (P.ConsumeBool()) {
    Fix X;
    for (int N = P.ConsumeIntegralInRange<int>(1, 3); N > 0; --N) {
      Edit E;
      E.loc = loc(P);
      E.length = P.ConsumeIntegralInRange<unsigned>(0, 40);
      E.text = P.ConsumeRandomLengthString(20);
      X.edits.push_back(E);
    }
    X.title = P.ConsumeRandomLengthString(30);
    F.fix = X;
  }
  return F;
}

std::vector<std::string> targetsOf(const Finding &F) {
  std::vector<std::string> Out;
  for (Target T : F.targets.empty() ? std::vector<Target>{F.target} : F.targets)
    Out.push_back(targetName(T));
  return Out;
}

void checkJson(const std::vector<Finding> &Fs, const RunInfo &Info) {
  Json J = Json::parse(toJson(Fs, Info), nullptr, false);
  if (J.is_discarded())
    fail("toJson wrote something that is not JSON");
  expectNum(J, "version", 1, "report");
  expectNum(J["summary"], "callSites", Info.tally.callSites, "summary");
  expectNum(J["summary"], "checks", Info.tally.checks, "summary");
  expectNum(J["summary"], "errors", Info.tally.errors, "summary");
  if (!J["findings"].is_array() || J["findings"].size() != Fs.size())
    fail("findings: not one entry per finding");
  for (size_t I = 0; I < Fs.size(); ++I) {
    const Finding &F = Fs[I];
    const Json &E = J["findings"][I];
    const std::string W = "finding " + std::to_string(I);
    expectStr(E, "ruleId", F.ruleId, W);
    expectStr(E, "op", F.op, W);
    expectStr(E, "status", statusName(F.status), W);
    expectStr(E, "severity", severityName(F.severity), W);
    if (E["targets"].get<std::vector<std::string>>() != targetsOf(F))
      fail(W + ": targets differ");
    if (Info.baseDir.empty())
      expectStr(E, "file", F.loc.file, W);
    expectNum(E, "line", F.loc.line, W);
    expectNum(E, "column", F.loc.col, W);
    expectStr(E, "function", F.function, W);
    expectStr(E, "message", F.message, W);
    expectStr(E, "help", F.help, W);
    expectStr(E, "citation", F.citation, W);
    expectStr(E, "fingerprint", fingerprint(F, Info.baseDir), W);
    if (!E["notes"].is_array() || E["notes"].size() != F.notes.size())
      fail(W + ": not one note entry per note");
    for (size_t K = 0; K < F.notes.size(); ++K) {
      expectStr(E["notes"][K], "message", F.notes[K].text, W + " note");
      expectNum(E["notes"][K], "line", (F.notes[K].loc.valid() ? F.notes[K].loc : F.loc).line, W + " note");
    }
    std::map<std::string, int64_t> Cex;
    for (const auto &[Name, V] : F.counterexample)
      Cex[readBack(Name)] = V;
    if (E["counterexample"].get<std::map<std::string, int64_t>>() != Cex)
      fail(W + ": counterexample differs");
    if (F.fix.has_value() != E.contains("fix"))
      fail(W + ": fix present in one and not the other");
    if (F.fix) {
      expectStr(E["fix"], "title", F.fix->title, W + " fix");
      if (E["fix"]["edits"].size() != F.fix->edits.size())
        fail(W + ": not one entry per edit");
      for (size_t K = 0; K < F.fix->edits.size(); ++K) {
        expectStr(E["fix"]["edits"][K], "text", F.fix->edits[K].text, W + " edit");
        expectNum(E["fix"]["edits"][K], "length", F.fix->edits[K].length, W + " edit");
      }
    }
  }
}

/// An artifact URI as Emit writes it: RFC 3986 unreserved characters, '/', percent escapes, and the file scheme.
void checkUri(const std::string &U, const std::string &W) {
  std::string Rest = U.rfind("file://", 0) == 0 ? U.substr(7) : U;
  for (size_t I = 0; I < Rest.size(); ++I) {
    unsigned char C = Rest[I];
    if (C == '%' && I + 2 < Rest.size() && std::isxdigit(static_cast<unsigned char>(Rest[I + 1])) &&
        std::isxdigit(static_cast<unsigned char>(Rest[I + 2])))
      I += 2;
    else if (!(std::isalnum(C) || C == '-' || C == '.' || C == '_' || C == '~' || C == '/'))
      fail(W + ": URI '" + U + "' has an unescaped character");
  }
}

void checkSarif(const std::vector<Finding> &Fs, const RuleSet &Rules, const RunInfo &Info) {
  Json J = Json::parse(toSarif(Fs, Rules, Info), nullptr, false);
  if (J.is_discarded())
    fail("toSarif wrote something that is not JSON");
  expectStr(J, "version", "2.1.0", "log");
  const Json &Run = J["runs"][0];
  const Json &Rs = Run["tool"]["driver"]["rules"];
  const Json &Results = Run["results"];
  if (!Results.is_array() || Results.size() != Fs.size())
    fail("results: not one per finding");
  for (size_t I = 0; I < Fs.size(); ++I) {
    const Finding &F = Fs[I];
    const Json &R = Results[I];
    const std::string W = "result " + std::to_string(I);
    expectStr(R, "ruleId", F.ruleId, W);
    size_t Index = R["ruleIndex"].get<size_t>();
    if (Index >= Rs.size() || Rs[Index]["id"] != R["ruleId"])
      fail(W + ": ruleIndex does not point at its rule");
    expectStr(R, "level", severityName(F.severity), W);
    if (R["message"]["text"].get<std::string>().rfind(readBack(F.message), 0) != 0)
      fail(W + ": the message text does not start with the message");
    if (R["locations"].size() != (F.loc.file.empty() ? 0u : 1u))
      fail(W + ": locations");
    if (!F.loc.file.empty()) {
      const Json &Ph = R["locations"][0]["physicalLocation"];
      checkUri(Ph["artifactLocation"]["uri"].get<std::string>(), W);
      if (F.loc.valid())
        expectNum(Ph["region"], "startLine", F.loc.line, W);
      else if (Ph.contains("region"))
        fail(W + ": a region for a location without a line");
    }
    size_t Related = 0;
    for (const Note &N : F.notes)
      Related += N.loc.valid() && !N.loc.file.empty();
    if (Related != (R.contains("relatedLocations") ? R["relatedLocations"].size() : 0))
      fail(W + ": not one related location per located note");
    expectStr(R["partialFingerprints"], "primaryLocationLineHash", fingerprint(F, Info.baseDir), W);
    expectStr(R["properties"], "status", statusName(F.status), W);
    if (R["properties"]["targets"].get<std::vector<std::string>>() != targetsOf(F))
      fail(W + ": targets differ");
    if (F.fix.has_value() != R.contains("fixes"))
      fail(W + ": fixes present in one and not the other");
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const RuleSet &Rules = RuleSet::builtin();
  FuzzedDataProvider P(Data, Size);
  RunInfo Info;
  Info.toolVersion = P.ConsumeBool() ? "0.1.0" : "";
  static const char *Bases[] = {"", "/work/src", "/", "/work/src/", "rel"};
  Info.baseDir = Bases[P.ConsumeIntegralInRange<size_t>(0, 4)];
  Info.targets = {Target::A2A3, Target::A5};
  Info.tally.callSites = P.ConsumeIntegral<uint16_t>();
  Info.tally.checks = P.ConsumeIntegral<uint16_t>();
  Info.tally.errors = P.ConsumeIntegralInRange<unsigned>(0, 2);
  if (P.ConsumeBool())
    Info.tally.opCalls[P.ConsumeRandomLengthString(10)] = 1;
  std::vector<Finding> Fs;
  for (int N = P.ConsumeIntegralInRange<int>(0, 4); N > 0 && P.remaining_bytes(); --N)
    Fs.push_back(finding(P, Rules));
  (void)toText(Fs, Info);
  (void)summaryLine(Info.tally);
  checkJson(Fs, Info);
  checkSarif(Fs, Rules, Info);
  return 0;
}
