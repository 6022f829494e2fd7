// Unit tests for checker/Emit: golden text and JSON, SARIF structure, fingerprints, summary line.
#include "checker/Emit.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace pto::checker;
using nlohmann::json;

namespace {

const char *OpsJson = R"({"roles": {"dstIdx": "dst", "src": "src", "tmp": "tmp"}, "ops": [{"name": "TCOLARGMIN", "family": "colargmin", "model": "m.hpp", "source": "pto-isa@0 a.hpp:1",
  "overloads": [{"name": "index", "roles": ["dstIdx", "src", "tmp"]}]}], "renames": {}})";

const char *TmpSizeJson = R"({"id": "pto-colargmin-tmp-size", "ops": ["TCOLARGMIN"], "kind": "tmp-size",
  "severity": "error", "summary": "the tmp tile is large enough", "description": "TCOLARGMIN keeps partial results in tmp.",
  "message": "tmp holds {tmp.bytes} B", "help": "make tmp larger",
  "variants": [{"targets": ["a2a3"], "require": "true", "sources": ["pto-isa@0 b.hpp:2"]}]})";

const char *SrcDtypeJson = R"({"id": "pto-colargmin-src-dtype", "ops": ["TCOLARGMIN"], "kind": "type",
  "severity": "warning", "summary": "the source element type is supported", "message": "bad dtype",
  "variants": [{"targets": ["a5"], "require": "true", "help": "use half or float", "sources": ["pto-isa@0 c.hpp:3"]}]})";

RuleSet testRules() {
  RuleSet Rs;
  std::vector<std::string> Errors;
  bool Ok = Rs.load({{"ops.json", OpsJson},
                     {"pto-colargmin-tmp-size.json", TmpSizeJson},
                     {"pto-colargmin-src-dtype.json", SrcDtypeJson}},
                    Errors);
  EXPECT_TRUE(Ok);
  for (const std::string &E : Errors)
    ADD_FAILURE() << E;
  return Rs;
}

Finding tmpSizeFinding() {
  Finding F;
  F.ruleId = "pto-colargmin-tmp-size";
  F.op = "TCOLARGMIN";
  F.target = Target::A2A3;
  F.targets = {Target::A2A3, Target::A5};
  F.status = Status::ViolatedSometimes;
  F.severity = Severity::Warning;
  F.loc = {"/repo/src/k.cpp", 12, 3};
  F.message = "tmp tile holds 256 B but TCOLARGMIN needs 512 B on a2a3 and a5";
  F.notes = {{{}, "fails for example when cols = 32"},
             {{"/repo/src/k.cpp", 8, 20}, "'tmp' (tmp) declared here as 'TmpT'"}};
  F.help = "declare tmp with at least 512 B";
  F.counterexample = {{"rows", 16}, {"cols", 32}};
  F.citation = "pto-isa@0 b.hpp:2";
  F.function = "kernel<half>";
  return F;
}

Finding unrecognisedFinding() {
  Finding F;
  F.ruleId = "pto-operand-unrecognised";
  F.op = "TCOLARGMIN";
  F.targets = {Target::CPU};
  F.status = Status::Unknown;
  F.severity = Severity::Note;
  F.loc = {"/other/k2.cpp", 5, 7};
  F.message = "cannot check TCOLARGMIN: operand 'x' has type 'int'";
  F.function = "f";
  return F;
}

/// A tally with the six counts only.
Tally tally(unsigned CallSites, unsigned Checks, unsigned Proved, unsigned Violated, unsigned Unknown,
                   unsigned Errors) {
  Tally T;
  T.callSites = CallSites, T.checks = Checks, T.proved = Proved;
  T.violated = Violated, T.unknown = Unknown, T.errors = Errors;
  return T;
}

RunInfo testInfo() {
  RunInfo I;
  I.toolVersion = "0.1.0";
  I.targets = {Target::A2A3, Target::A5};
  I.baseDir = "/repo/";
  I.tally = tally(3, 45, 40, 4, 1, 0);
  I.tally.opCalls["TCOLARGMIN"] = 3; // two instantiations of one call, and one more call
  I.tally.opLocations["TCOLARGMIN"] = {{"/repo/src/k.cpp", 12, 3}, {"/repo/src/k.cpp", 20, 5}};
  // The kernel: the call violated on a2a3, proved on a5; its tmp placed at 1024.
  KernelSummary &K = I.kernels["/repo/src/k.cpp"];
  K.ends[{"TCOLARGMIN", Target::A2A3}].violated = 2;
  K.ends[{"TCOLARGMIN", Target::A5}].proved = 2;
  K.placed.insert({"kernel<half>", "tmp", "Vec", 1024, 256});
  K.unplaced.insert({"kernel<half>", "src"});
  return I;
}

} // namespace

TEST(EmitText, Golden) {
  EXPECT_EQ(toText({tmpSizeFinding(), unrecognisedFinding()}, testInfo()),
            "src/k.cpp:12:3: warning: tmp tile holds 256 B but TCOLARGMIN needs 512 B on a2a3 and a5 "
            "[pto-colargmin-tmp-size]\n"
            "src/k.cpp:12:3: note: fails for example when cols = 32\n"
            "src/k.cpp:8:20: note: 'tmp' (tmp) declared here as 'TmpT'\n"
            "src/k.cpp:12:3: note: help: declare tmp with at least 512 B\n"
            "/other/k2.cpp:5:7: note: cannot check TCOLARGMIN: operand 'x' has type 'int' [pto-operand-unrecognised]\n");
}

TEST(EmitText, NoLocationUsesToolName) {
  Finding F = unrecognisedFinding();
  F.loc = {};
  F.severity = Severity::Error;
  EXPECT_EQ(toText({F}, testInfo()),
            "pto-lint: error: cannot check TCOLARGMIN: operand 'x' has type 'int' [pto-operand-unrecognised]\n");
  EXPECT_EQ(toText({}, testInfo()), "");
}

TEST(EmitJson, Golden) {
  RunInfo I = testInfo();
  std::string Fp = fingerprint(tmpSizeFinding(), I.baseDir);
  EXPECT_EQ(toJson({tmpSizeFinding()}, I), R"({
  "version": 1,
  "tool": {
    "name": "pto-lint",
    "version": "0.1.0"
  },
  "targets": [
    "a2a3",
    "a5"
  ],
  "summary": {
    "callSites": 3,
    "checks": 45,
    "proved": 40,
    "violated": 4,
    "unknown": 1,
    "errors": 0,
    "ops": {
      "TCOLARGMIN": {
        "calls": 3,
        "locations": [
          "src/k.cpp:12:3",
          "src/k.cpp:20:5"
        ]
      }
    },
    "kernels": {
      "src/k.cpp": {
        "ops": {
          "TCOLARGMIN": {
            "a2a3": {
              "proved": 0,
              "notFollowed": 0,
              "unknown": 0,
              "violated": 2
            },
            "a5": {
              "proved": 2,
              "notFollowed": 0,
              "unknown": 0,
              "violated": 0
            }
          }
        },
        "placed": {
          "kernel<half>": [
            [
              "tmp",
              "Vec",
              1024,
              256
            ]
          ]
        },
        "unplaced": 1
      }
    }
  },
  "findings": [
    {
      "ruleId": "pto-colargmin-tmp-size",
      "op": "TCOLARGMIN",
      "status": "violated-sometimes",
      "severity": "warning",
      "targets": [
        "a2a3",
        "a5"
      ],
      "file": "src/k.cpp",
      "line": 12,
      "column": 3,
      "function": "kernel<half>",
      "message": "tmp tile holds 256 B but TCOLARGMIN needs 512 B on a2a3 and a5",
      "notes": [
        {
          "file": "src/k.cpp",
          "line": 12,
          "column": 3,
          "message": "fails for example when cols = 32"
        },
        {
          "file": "src/k.cpp",
          "line": 8,
          "column": 20,
          "message": "'tmp' (tmp) declared here as 'TmpT'"
        }
      ],
      "help": "declare tmp with at least 512 B",
      "counterexample": {
        "cols": 32,
        "rows": 16
      },
      "citation": "pto-isa@0 b.hpp:2",
      "fingerprint": ")" + Fp + R"("
    }
  ]
}
)");
}

TEST(EmitJson, EmptyFindingsAndTargetFallback) {
  json J = json::parse(toJson({}, testInfo()));
  EXPECT_TRUE(J["findings"].is_array());
  EXPECT_TRUE(J["findings"].empty());
  Finding F = unrecognisedFinding();
  F.targets.clear();
  F.target = Target::A5;
  J = json::parse(toJson({F}, testInfo()));
  EXPECT_EQ(J["findings"][0]["targets"], json::array({"a5"}));
  EXPECT_EQ(J["findings"][0]["file"], "/other/k2.cpp");
  EXPECT_TRUE(J["findings"][0]["counterexample"].is_object());
}

TEST(EmitSarif, Structure) {
  RuleSet Rs = testRules();
  RunInfo I = testInfo();
  I.tally.errors = 1;
  Finding Err = tmpSizeFinding();
  Err.ruleId = "pto-colargmin-src-dtype";
  Err.severity = Severity::Error;
  Err.counterexample.clear();
  Err.notes.clear();
  std::vector<Finding> Fs = {tmpSizeFinding(), unrecognisedFinding(), Err};
  json S = json::parse(toSarif(Fs, Rs, I));

  EXPECT_EQ(S["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
  EXPECT_EQ(S["version"], "2.1.0");
  ASSERT_EQ(S["runs"].size(), 1u);
  const json &Run = S["runs"][0];
  const json &Driver = Run["tool"]["driver"];
  EXPECT_EQ(Driver["name"], "pto-lint");
  EXPECT_EQ(Driver["semanticVersion"], "0.1.0");
  EXPECT_EQ(Driver["informationUri"], "https://pto-lint.invalid/");
  EXPECT_EQ(Run["originalUriBaseIds"]["%SRCROOT%"]["uri"], "file:///repo/");
  EXPECT_EQ(Run["invocations"][0]["executionSuccessful"], false);

  // Every rule of the set, sorted by id, then the meta id; each with the fields GitHub requires.
  const json &Rules = Driver["rules"];
  ASSERT_EQ(Rules.size(), 3u);
  EXPECT_EQ(Rules[0]["id"], "pto-colargmin-src-dtype");
  EXPECT_EQ(Rules[1]["id"], "pto-colargmin-tmp-size");
  EXPECT_EQ(Rules[2]["id"], "pto-operand-unrecognised");
  for (const json &R : Rules)
    for (const char *Key : {"shortDescription", "fullDescription", "help"}) {
      ASSERT_TRUE(R[Key]["text"].is_string()) << R["id"] << " " << Key;
      EXPECT_FALSE(R[Key]["text"].get<std::string>().empty()) << R["id"] << " " << Key;
    }
  EXPECT_EQ(Rules[1]["name"], "ColargminTmpSize");
  EXPECT_EQ(Rules[1]["shortDescription"]["text"], "the tmp tile is large enough");
  EXPECT_EQ(Rules[1]["fullDescription"]["text"], "TCOLARGMIN keeps partial results in tmp.");
  EXPECT_EQ(Rules[1]["help"]["text"], "make tmp larger");
  EXPECT_NE(Rules[1]["help"]["markdown"].get<std::string>().find("pto-isa@0 b.hpp:2"), std::string::npos);
  EXPECT_EQ(Rules[1]["defaultConfiguration"]["level"], "error");
  EXPECT_EQ(Rules[1]["properties"]["tags"], json::array({"pto", "tmp-size"}));
  EXPECT_EQ(Rules[0]["fullDescription"]["text"], "the source element type is supported"); // no description
  EXPECT_EQ(Rules[0]["help"]["text"], "use half or float");                              // variant help
  EXPECT_EQ(Rules[0]["defaultConfiguration"]["level"], "warning");

  // Results are sorted by place (artifact URI, line, column), then rule id, whatever order the findings came in:
  // a log is a function of its results, so shards merge into what one run writes.
  const json &Results = Run["results"];
  ASSERT_EQ(Results.size(), 3u);
  const std::vector<Finding> Sorted = {Fs[1], Fs[2], Fs[0]}; // file:///other/k2.cpp < src/k.cpp; src-dtype < tmp-size
  for (size_t K = 0; K < Results.size(); ++K) {
    const json &R = Results[K];
    EXPECT_EQ(R["ruleId"], Sorted[K].ruleId);
    EXPECT_EQ(Rules[R["ruleIndex"].get<size_t>()]["id"], R["ruleId"]);
    ASSERT_EQ(R["locations"].size(), 1u);
    EXPECT_EQ(R["partialFingerprints"]["primaryLocationLineHash"], fingerprint(Sorted[K], I.baseDir));
  }
  EXPECT_EQ(Results[2]["level"], "warning");
  EXPECT_EQ(Results[0]["level"], "note");
  EXPECT_EQ(Results[1]["level"], "error");

  const json &R0 = Results[2];
  EXPECT_EQ(R0["message"]["text"], "tmp tile holds 256 B but TCOLARGMIN needs 512 B on a2a3 and a5. "
                                   "Counterexample: cols = 32, rows = 16.");
  EXPECT_EQ(Results[1]["message"]["text"], Err.message);
  const json &Phys = R0["locations"][0]["physicalLocation"];
  EXPECT_EQ(Phys["artifactLocation"]["uri"], "src/k.cpp");
  EXPECT_EQ(Phys["artifactLocation"]["uriBaseId"], "%SRCROOT%");
  EXPECT_EQ(Phys["region"]["startLine"], 12);
  EXPECT_EQ(Phys["region"]["startColumn"], 3);
  ASSERT_EQ(R0["relatedLocations"].size(), 1u); // only the note with a location
  EXPECT_EQ(R0["relatedLocations"][0]["id"], 1);
  EXPECT_EQ(R0["relatedLocations"][0]["message"]["text"], "'tmp' (tmp) declared here as 'TmpT'");
  EXPECT_EQ(R0["relatedLocations"][0]["physicalLocation"]["region"]["startLine"], 8);
  EXPECT_EQ(R0["properties"]["status"], "violated-sometimes");
  EXPECT_EQ(R0["properties"]["targets"], json::array({"a2a3", "a5"}));

  // Outside baseDir: an absolute file URI, no base id.
  const json &Art1 = Results[0]["locations"][0]["physicalLocation"]["artifactLocation"];
  EXPECT_EQ(Art1["uri"], "file:///other/k2.cpp");
  EXPECT_FALSE(Art1.contains("uriBaseId"));
  EXPECT_FALSE(Results[0].contains("relatedLocations"));
}

TEST(EmitSarif, DeterministicAndSuccessful) {
  RuleSet Rs = testRules();
  RunInfo I = testInfo();
  std::vector<Finding> Fs = {tmpSizeFinding()};
  std::string A = toSarif(Fs, Rs, I);
  EXPECT_EQ(A, toSarif(Fs, Rs, I));
  json S = json::parse(A);
  EXPECT_EQ(S["runs"][0]["invocations"][0]["executionSuccessful"], true);
  // Only rules some result refers to are described (here the tmp-size rule), and no meta rule without a meta finding.
  ASSERT_EQ(S["runs"][0]["tool"]["driver"]["rules"].size(), 1u);
  EXPECT_EQ(S["runs"][0]["tool"]["driver"]["rules"][0]["id"], tmpSizeFinding().ruleId);

  I.baseDir.clear();
  I.toolVersion.clear();
  S = json::parse(toSarif(Fs, Rs, I));
  EXPECT_FALSE(S["runs"][0].contains("originalUriBaseIds"));
  EXPECT_FALSE(S["runs"][0]["tool"]["driver"].contains("semanticVersion"));
  EXPECT_EQ(S["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "file:///repo/src/k.cpp");
}

TEST(EmitSarif, CodeFlowFromPathConditionsAndCounterexample) {
  RuleSet Rs = testRules();
  Finding F = tmpSizeFinding();
  F.notes.push_back({{"/repo/src/k.cpp", 10, 5}, "assuming '!(cols > 64)' here"});
  json R = json::parse(toSarif({F}, Rs, testInfo()))["runs"][0]["results"][0];
  ASSERT_EQ(R["codeFlows"].size(), 1u);
  const json &Steps = R["codeFlows"][0]["threadFlows"][0]["locations"];
  ASSERT_EQ(Steps.size(), 2u); // the guard, then the call
  EXPECT_EQ(Steps[0]["location"]["physicalLocation"]["region"]["startLine"], 10);
  EXPECT_EQ(Steps[0]["location"]["message"]["text"], "assuming '!(cols > 64)' here");
  EXPECT_EQ(Steps[1]["location"]["physicalLocation"]["region"]["startLine"], 12);
  EXPECT_EQ(Steps[1]["location"]["message"]["text"], "TCOLARGMIN fails here for cols = 32, rows = 16");
  EXPECT_EQ(Steps[1]["state"], json({{"cols", {{"text", "32"}}}, {"rows", {{"text", "16"}}}}));
  EXPECT_EQ(R["relatedLocations"].size(), 2u); // the guard is a related location too

  // Neither a counterexample nor a path condition: no code flow.
  F = tmpSizeFinding();
  F.counterexample.clear();
  R = json::parse(toSarif({F}, Rs, testInfo()))["runs"][0]["results"][0];
  EXPECT_FALSE(R.contains("codeFlows"));
}

TEST(EmitSarif, UriEncoding) {
  RuleSet Rs = testRules();
  Finding F = tmpSizeFinding();
  F.loc.file = "/repo/my dir/k#1.cpp";
  json S = json::parse(toSarif({F}, Rs, testInfo()));
  EXPECT_EQ(S["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "my%20dir/k%231.cpp");
}

TEST(Fingerprint, StableAcrossLineChangesAndCheckouts) {
  Finding A = tmpSizeFinding();
  std::string Fp = fingerprint(A, "/repo");
  ASSERT_EQ(Fp.size(), 16u);
  EXPECT_EQ(Fp.find_first_not_of("0123456789abcdef"), std::string::npos);
  Finding B = A;
  B.loc.line = 99;
  B.loc.col = 1;
  B.notes.clear();
  EXPECT_EQ(fingerprint(B, "/repo"), Fp);
  Finding C = A;
  C.loc.file = "/elsewhere/checkout/src/k.cpp";
  EXPECT_EQ(fingerprint(C, "/elsewhere/checkout/"), Fp);
}

TEST(Fingerprint, ChangesWithIdentity) {
  Finding A = tmpSizeFinding();
  std::string Fp = fingerprint(A, "/repo");
  Finding B = A;
  B.message += "!";
  EXPECT_NE(fingerprint(B, "/repo"), Fp);
  B = A;
  B.ruleId = "pto-colargmin-src-dtype";
  EXPECT_NE(fingerprint(B, "/repo"), Fp);
  B = A;
  B.function = "kernel<float>";
  EXPECT_NE(fingerprint(B, "/repo"), Fp);
  B = A;
  B.loc.file = "/repo/src/k2.cpp";
  EXPECT_NE(fingerprint(B, "/repo"), Fp);
  // Field boundaries count: moving a character from one field to the next changes the hash.
  Finding X = A, Y = A;
  X.op = "TCOLARGMINk";
  X.function = "ernel<half>";
  EXPECT_NE(fingerprint(X, "/repo"), Fp);
  EXPECT_NE(fingerprint(X, "/repo"), fingerprint(Y, "/repo"));
}

TEST(SummaryLine, Format) {
  EXPECT_EQ(summaryLine(tally(3, 45, 40, 4, 1, 0)), "3 call sites, 45 checks: 40 proved, 4 violated, 1 unknown");
  EXPECT_EQ(summaryLine(tally(1, 1, 0, 0, 0, 1)), "1 call site, 1 check: 0 proved, 0 violated, 0 unknown, 1 error");
  EXPECT_EQ(summaryLine(tally(0, 0, 0, 0, 0, 2)), "0 call sites, 0 checks: 0 proved, 0 violated, 0 unknown, 2 errors");
}

namespace {
TEST(MergeSarif, ALogWithFieldsOfTheWrongTypeIsAnError) {
  // pto-lint merge reads logs from other jobs: a field of the wrong type is an input error, not an exception.
  std::string Err;
  std::string Log = R"({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "pto-lint"}},
    "results": [{"ruleId": "r", "locations": [{"physicalLocation": {"region": {"startLine": "x"}}}]}]}]})";
  EXPECT_EQ(pto::checker::mergeSarif({Log}, pto::checker::RuleSet::builtin(), Err), "");
  EXPECT_NE(Err.find("not a pto-lint SARIF log"), std::string::npos) << Err;
  Err.clear();
  EXPECT_EQ(pto::checker::mergeSarif({"[1, 2"}, pto::checker::RuleSet::builtin(), Err), "");
  EXPECT_NE(Err.find("log 1 is not a SARIF 2.1.0 log"), std::string::npos) << Err;
}
} // namespace

/// Shards' summaries add up to one run's; fields of the wrong type in a summary handed in are left out, never thrown.
TEST(EmitJson, ShardSummariesAddUpAndMalformedFieldsAreLeftOut) {
  RunInfo A = testInfo(), B;
  B.baseDir = "/repo/";
  B.tally = tally(2, 10, 9, 1, 0, 0);
  B.tally.opCalls["TCOLARGMIN"] = 1;
  B.tally.opLocations["TCOLARGMIN"] = {{"/repo/src/a.cpp", 9, 3}};
  B.kernels["/repo/src/a.cpp"].ends[{"TCOLARGMIN", Target::A2A3}].proved = 1;
  B.kernels["/repo/src/a.cpp"].placed.insert({"f", "src", "Vec", 0, 4096});
  // Upstream checks not followed: one in both shards (counts add up, calls unite), one in B alone.
  const Tally::NotFollowedKey Guard{"/isa/pto/npu/a2a3/TExtract.hpp", 57, "TEXTRACT", "a guard on its path"};
  A.tally.notFollow(Guard, {"/repo/src/k.cpp", 100, 3});
  A.tally.notFollow(Guard, {"/repo/src/k.cpp", 12, 3});
  B.tally.notFollow(Guard, {"/repo/src/a.cpp", 9, 3});
  B.tally.notFollow({"/isa/pto/npu/a2a3/TExtract.hpp", 9, "TEXTRACT", "a value"}, {"/repo/src/a.cpp", 9, 3});
  nlohmann::ordered_json Sum;
  addSummary(Sum, summaryJson(B)); // in the other order than one run writes them
  addSummary(Sum, summaryJson(A));
  RunInfo Both = A;
  Both.tally.add(B.tally);
  EXPECT_EQ(Sum["notFollowed"], summaryJson(Both)["notFollowed"]);
  EXPECT_EQ(Sum["notFollowed"][1],
            nlohmann::ordered_json::parse(R"({"check": "/isa/pto/npu/a2a3/TExtract.hpp:57", "op": "TEXTRACT",
              "why": "a guard on its path", "count": 3,
              "calls": ["src/a.cpp:9:3", "src/k.cpp:12:3", "src/k.cpp:100:3"]})"));
  EXPECT_EQ(Sum["callSites"], 5);
  EXPECT_EQ(Sum["checks"], 55);
  EXPECT_EQ(Sum["violated"], 5);
  EXPECT_EQ(Sum["ops"]["TCOLARGMIN"]["calls"], 4);
  // Locations in (file, line, column) order, kernels by name: as one run over both writes them.
  EXPECT_EQ(Sum["ops"]["TCOLARGMIN"]["locations"],
            nlohmann::ordered_json({"src/a.cpp:9:3", "src/k.cpp:12:3", "src/k.cpp:20:5"}));
  ASSERT_EQ(Sum["kernels"].size(), 2u);
  EXPECT_EQ(Sum["kernels"].begin().key(), "src/a.cpp");
  EXPECT_EQ(Sum["kernels"]["src/a.cpp"]["placed"]["f"][0], nlohmann::ordered_json({"src", "Vec", 0, 4096}));
  EXPECT_EQ(Sum["kernels"]["src/k.cpp"]["ops"]["TCOLARGMIN"]["a2a3"]["violated"], 2);
  EXPECT_EQ(Sum["kernels"]["src/k.cpp"]["unplaced"], 1);
  // Malformed: counts of the wrong type, ops and kernels that are not objects, entries of the wrong shape.
  for (const char *Bad : {R"({"callSites": "x", "ops": 5, "kernels": 5, "upstream": 5, "notFollowed": 5})",
                          R"({"notFollowed": [1, {"check": 2, "count": "x", "calls": [1, "k.cpp:1:1"]}]})",
                          R"({"ops": {"X": 1, "Y": {"calls": "z", "locations": [1, "k.cpp:1:1"]}}})",
                          R"({"kernels": {"k.cpp": 1, "l.cpp": {"ops": {"T": 1, "U": {"a2a3": 2}}, "placed": 3}}})",
                          R"([1, 2])"}) {
    nlohmann::ordered_json Into = Sum;
    EXPECT_NO_THROW(addSummary(Into, nlohmann::ordered_json::parse(Bad))) << Bad;
    EXPECT_EQ(Into["callSites"], 5) << Bad;
    EXPECT_TRUE(Into["ops"].is_object() && Into["kernels"].is_object()) << Bad;
    EXPECT_EQ(Into["notFollowed"], Sum["notFollowed"]) << Bad;
  }
}
