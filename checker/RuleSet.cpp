// checker: loads and validates rule data (rules/*.json, rules/ops.json, rules/prelude.smt2).
#include "Rule.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <regex>
#include <set>

namespace pto::checker {

using nlohmann::json;

unsigned dtypeSize(DType D) {
  switch (D) {
  case DType::I8: case DType::U8: return 1;
  case DType::F8E4M3: case DType::F8E5M2: case DType::HIF8: case DType::F8E8M0: return 1;
  case DType::F4E1M2X2: case DType::F4E2M1X2: return 1; // a pair of 4-bit values per byte
  case DType::I16: case DType::U16: case DType::F16: case DType::BF16: case DType::HIF8X2: return 2;
  case DType::I32: case DType::U32: case DType::F32: case DType::BF16X2: return 4;
  case DType::I64: case DType::U64: case DType::F64: return 8;
  case DType::Unknown: return 0;
  }
  return 0;
}

const char *dtypeCode(DType D) {
  static const char *Names[] = {"?",      "I8",     "U8",   "I16",    "U16",    "I32",      "U32",
                                "I64",    "U64",    "F16",  "BF16",   "F32",    "F64",      "F8E4M3",
                                "F8E5M2", "HIF8",   "F8E8M0", "HIF8X2", "F4E1M2X2", "F4E2M1X2", "BF16X2"};
  return Names[static_cast<int>(D)];
}

const char *severityName(Severity S) {
  switch (S) {
  case Severity::Note: return "note";
  case Severity::Warning: return "warning";
  case Severity::Error: return "error";
  }
  return "?";
}

const char *statusName(Status S) {
  switch (S) {
  case Status::ViolatedAlways: return "violated-always";
  case Status::ViolatedSometimes: return "violated-sometimes";
  case Status::Unknown: return "unknown";
  case Status::Error: return "error";
  }
  return "?";
}

const char *callEndName(CallEnd E) {
  switch (E) {
  case CallEnd::Proved: return "proved";
  case CallEnd::NotFollowed: return "notFollowed";
  case CallEnd::Unknown: return "unknown";
  case CallEnd::Violated: return "violated";
  }
  return "?";
}

static std::optional<Severity> parseSeverity(const std::string &S) {
  if (S == "error") return Severity::Error;
  if (S == "warning") return Severity::Warning;
  if (S == "note") return Severity::Note;
  return std::nullopt;
}

namespace {
const std::pair<RuleKind, const char *> RuleKindNames[] = {
    {RuleKind::Type, "type"}, {RuleKind::Layout, "layout"}, {RuleKind::ValidShape, "valid-shape"},
    {RuleKind::TmpSize, "tmp-size"}, {RuleKind::Mode, "mode"}, {RuleKind::Pattern, "pattern"},
    {RuleKind::Portability, "portability"}, {RuleKind::Tile, "tile"}};
const std::pair<RoleKind, const char *> RoleKindNames[] = {
    {RoleKind::Dst, "dst"}, {RoleKind::Src, "src"}, {RoleKind::Tmp, "tmp"}, {RoleKind::Mask, "mask"}};
} // namespace

const char *ruleKindName(RuleKind K) {
  for (const auto &[Kind, Name] : RuleKindNames)
    if (Kind == K)
      return Name;
  return "";
}

std::optional<RuleKind> parseRuleKind(const std::string &Name) {
  for (const auto &[Kind, N] : RuleKindNames)
    if (Name == N)
      return Kind;
  return std::nullopt;
}

const char *roleKindName(RoleKind K) {
  for (const auto &[Kind, Name] : RoleKindNames)
    if (Kind == K)
      return Name;
  return "";
}

int fixArgument(const std::string &Arg) {
  static const std::pair<const char *, int> Positions[] = {
      {"dtype", 1}, {"rows", 2}, {"cols", 3}, {"blayout", 4}, {"slayout", 7}};
  for (const auto &[Name, Pos] : Positions)
    if (Arg == Name)
      return Pos;
  return -1;
}

bool Rule::appliesTo(const std::string &Op) const {
  return std::find(ops.begin(), ops.end(), Op) != ops.end() ||
         std::find(ops.begin(), ops.end(), "*") != ops.end();
}

static bool contains(const std::vector<std::string> &V, const std::string &S) {
  return V.empty() || std::find(V.begin(), V.end(), S) != V.end();
}

const RuleVariant *Rule::variantFor(Target T, const std::string &Overload) const {
  if (!contains(overloads, Overload))
    return nullptr;
  for (const RuleVariant &V : variants)
    if (std::find(V.targets.begin(), V.targets.end(), T) != V.targets.end() && contains(V.overloads, Overload))
      return &V;
  return nullptr;
}

const Overload *OpSignature::byArity(size_t N) const {
  const Overload *Found = nullptr;
  for (const Overload &O : overloads)
    if (O.cpp && O.roles.size() == N) {
      if (Found)
        return nullptr;
      Found = &O;
    }
  return Found;
}

const Rule *RuleSet::find(const std::string &Id) const {
  for (const Rule &R : Rules)
    if (R.id == Id)
      return &R;
  for (const auto &[Old, New] : Renames)
    if (Old == Id)
      return find(New);
  return nullptr;
}

const OpSignature *RuleSet::op(const std::string &Name) const {
  for (const OpSignature &O : Ops)
    if (O.name == Name)
      return &O;
  return nullptr;
}

namespace {
/// Collects problems with one file instead of stopping at the first.
struct Reader {
  std::string File;
  std::vector<std::string> &Errors;

  void error(const std::string &Msg) { Errors.push_back(File + ": " + Msg); }

  std::string str(const json &J, const char *Key, bool Required) {
    if (!J.contains(Key)) {
      if (Required)
        error(std::string("missing \"") + Key + "\"");
      return {};
    }
    if (!J[Key].is_string()) {
      error(std::string("\"") + Key + "\" must be a string");
      return {};
    }
    return J[Key].get<std::string>();
  }

  std::vector<std::string> strs(const json &J, const char *Key) {
    std::vector<std::string> Out;
    if (!J.contains(Key))
      return Out;
    if (J[Key].is_string())
      return {J[Key].get<std::string>()};
    if (!J[Key].is_array()) {
      error(std::string("\"") + Key + "\" must be a list of strings");
      return Out;
    }
    for (const json &E : J[Key]) {
      if (!E.is_string())
        error(std::string("\"") + Key + "\" must be a list of strings");
      else
        Out.push_back(E.get<std::string>());
    }
    return Out;
  }

  void onlyKeys(const json &J, std::initializer_list<const char *> Keys, const std::string &Where) {
    for (auto It = J.begin(); It != J.end(); ++It)
      if (std::none_of(Keys.begin(), Keys.end(), [&](const char *K) { return It.key() == K; }))
        error("unknown key \"" + It.key() + "\" in " + Where);
  }

  std::vector<std::pair<std::string, int64_t>> constants(const json &J) {
    std::vector<std::pair<std::string, int64_t>> Out;
    if (!J.contains("constants"))
      return Out;
    for (auto It = J["constants"].begin(); It != J["constants"].end(); ++It) {
      if (!It.value().is_number_integer())
        error("constant \"" + It.key() + "\" must be an integer");
      else
        Out.emplace_back(It.key(), It.value().get<int64_t>());
    }
    return Out;
  }
};
} // namespace

void RuleSet::loadFile(const std::string &Name, const std::string &Text, std::vector<std::string> &Errors) {
  static const std::regex IdRe("pto(-[a-z0-9]+)+");
  Reader Rd{Name, Errors};
  if (Name.size() > 5 && Name.compare(Name.size() - 5, 5, ".smt2") == 0) {
    Prelude += Text;
    return;
  }
  if (Name.size() >= 10 && Name.compare(Name.size() - 10, 10, "facts.json") == 0) {
    Vocab.load(Name, Text, Errors);
    return;
  }
  json J = json::parse(Text, nullptr, /*allow_exceptions=*/false, /*ignore_comments=*/true);
  if (J.is_discarded() || !J.is_object()) {
    Rd.error("not a JSON object");
    return;
  }
  if (J.contains("ops") && !J.contains("id")) { // rules/ops.json
    Rd.onlyKeys(J, {"comment", "roles", "ops", "renames"}, "ops file");
    if (J.contains("roles"))
      for (auto It = J["roles"].begin(); It != J["roles"].end(); ++It) {
        std::string K = It.value().is_string() ? It.value().get<std::string>() : "";
        RoleKind Kind = RoleKind::None;
        for (const auto &[Rk, Name] : RoleKindNames)
          if (K == Name)
            Kind = Rk;
        if (Kind == RoleKind::None)
          Rd.error("role \"" + It.key() + "\": kind must be dst, src, tmp or mask");
        RoleKinds.emplace_back(It.key(), Kind);
      }
    for (const json &O : J["ops"]) {
      OpSignature S;
      S.name = Rd.str(O, "name", true);
      Rd.onlyKeys(O, {"name", "family", "model", "pto", "match", "constants", "overloads", "source"}, "op " + S.name);
      S.family = Rd.str(O, "family", true);
      S.citation = Rd.str(O, "source", true);
      S.model = Rd.str(O, "model", true);
      S.pto = Rd.str(O, "pto", false);
      S.constants = Rd.constants(O);
      S.builtin = O.value("match", std::string("pto")) == "builtin";
      for (const json &OV : O.value("overloads", json::array())) {
        Overload Ov;
        Ov.name = Rd.str(OV, "name", true);
        const std::string Where = S.name + " overload " + Ov.name;
        Rd.onlyKeys(OV, {"name", "roles", "constants", "pto", "cpp"}, Where);
        Ov.roles = Rd.strs(OV, "roles");
        Ov.constants = Rd.constants(OV);
        Ov.cpp = OV.value("cpp", true);
        if (OV.contains("pto")) {
          Rd.onlyKeys(OV["pto"], {"ins", "outs", "optional", "operands", "results"}, Where + " pto binding");
          Ov.ptoSsa = OV["pto"].contains("operands") || OV["pto"].contains("results");
          if (Ov.ptoSsa && (OV["pto"].contains("ins") || OV["pto"].contains("outs")))
            Rd.error(Where + ": a pto binding is either ins/outs (DPS) or operands/results (SSA)");
          Ov.ptoIns = Rd.strs(OV["pto"], Ov.ptoSsa ? "operands" : "ins");
          Ov.ptoOuts = Rd.strs(OV["pto"], Ov.ptoSsa ? "results" : "outs");
          Ov.ptoOptional = Rd.strs(OV["pto"], "optional");
          if (S.pto.empty())
            Rd.error(Where + ": a pto binding needs the op's \"pto\" name");
        }
        S.overloads.push_back(Ov);
      }
      Ops.push_back(S);
    }
    if (J.contains("renames"))
      for (auto It = J["renames"].begin(); It != J["renames"].end(); ++It)
        Renames.emplace_back(It.key(), It.value().get<std::string>());
    return;
  }
  Rd.onlyKeys(J, {"id", "ops", "overloads", "kind", "severity", "summary", "description", "perOperand", "perPair",
                  "message", "note", "help", "pto", "fix", "tmpBytes", "hiddenScratch", "sources", "variants"},
              "rule");
  Rule R;
  R.file = Name;
  R.id = Rd.str(J, "id", true);
  if (!std::regex_match(R.id, IdRe))
    Rd.error("rule id \"" + R.id + "\" is not of the form pto-<op>-<property>");
  R.ops = Rd.strs(J, "ops");
  if (R.ops.empty())
    Rd.error("rule has no \"ops\"");
  R.overloads = Rd.strs(J, "overloads");
  std::string Kind = Rd.str(J, "kind", true);
  if (std::optional<RuleKind> K = parseRuleKind(Kind))
    R.kind = *K;
  else
    Rd.error("unknown kind \"" + Kind + "\"");
  auto Sev = parseSeverity(Rd.str(J, "severity", true));
  if (!Sev)
    Rd.error("severity must be error, warning or note");
  R.severity = Sev.value_or(Severity::Error);
  R.summary = Rd.str(J, "summary", true);
  R.description = Rd.str(J, "description", false);
  R.perOperand = J.value("perOperand", false);
  R.perPair = J.value("perPair", false);
  R.message = Rd.str(J, "message", true);
  auto Forms = [&](const json &Obj, TextForms &T, const std::string &Where) {
    if (!Obj.contains("pto"))
      return;
    Rd.onlyKeys(Obj["pto"], {"message", "note", "help"}, Where + " pto forms");
    T.message = Rd.str(Obj["pto"], "message", false);
    T.note = Rd.str(Obj["pto"], "note", false);
    T.help = Rd.str(Obj["pto"], "help", false);
  };
  Forms(J, R.pto, "rule");
  // "fix": [{"role": R, "set": {"cols": TERM, ...}}, ...]
  auto Fix = [&](const json &Obj, std::vector<FixSpec> &Fs, const std::string &Where) {
    if (!Obj.contains("fix"))
      return;
    if (!Obj["fix"].is_array() || Obj["fix"].empty()) {
      Rd.error(Where + " \"fix\" must be a non-empty list of {\"role\", \"set\"} objects");
      return;
    }
    for (const json &FJ : Obj["fix"]) {
    if (!FJ.is_object()) {
      Rd.error(Where + " \"fix\" entries must be objects");
      return;
    }
    FixSpec &F = Fs.emplace_back();
    Rd.onlyKeys(FJ, {"role", "set"}, Where + " fix");
    F.role = Rd.str(FJ, "role", true);
    if (!FJ.contains("set") || !FJ["set"].is_object() || FJ["set"].empty()) {
      Rd.error(Where + " fix needs a non-empty \"set\" object (argument -> term)");
      return;
    }
    for (auto It = FJ["set"].begin(); It != FJ["set"].end(); ++It) {
      if (fixArgument(It.key()) < 0)
        Rd.error(Where + " fix sets unknown tile argument \"" + It.key() +
                 "\" (dtype, rows, cols, blayout or slayout)");
      else if (!It.value().is_string())
        Rd.error(Where + " fix: the value of \"" + It.key() + "\" must be a term (a string)");
      else
        F.set.emplace_back(It.key(), It.value().get<std::string>());
    }
    }
  };
  Fix(J, R.fix, "rule");
  R.note = Rd.str(J, "note", false);
  R.help = Rd.str(J, "help", false);
  R.sources = Rd.strs(J, "sources");
  if (!J.contains("variants") || !J["variants"].is_array() || J["variants"].empty())
    Rd.error("rule needs a non-empty \"variants\" list");
  else
    for (const json &VJ : J["variants"]) {
      Rd.onlyKeys(VJ, {"targets", "overloads", "severity", "let", "require", "message", "note", "help", "pto", "fix",
                       "sources"},
                  "variant");
      RuleVariant V;
      for (const std::string &T : Rd.strs(VJ, "targets")) {
        std::vector<Target> Ts;
        std::string Bad;
        if (!parseTargetList(T, Ts, Bad))
          Rd.error("unknown target \"" + Bad + "\"");
        V.targets.insert(V.targets.end(), Ts.begin(), Ts.end());
      }
      if (V.targets.empty())
        Rd.error("variant has no \"targets\"");
      V.overloads = Rd.strs(VJ, "overloads");
      if (VJ.contains("severity")) {
        V.severity = parseSeverity(Rd.str(VJ, "severity", true));
        if (!V.severity)
          Rd.error("variant severity must be error, warning or note");
      }
      if (VJ.contains("let")) {
        for (const json &L : VJ["let"]) {
          if (!L.is_array() || L.size() != 2 || !L[0].is_string() || !L[1].is_string())
            Rd.error("\"let\" entries are [\"name\", \"term\"] pairs");
          else
            V.let.emplace_back(L[0].get<std::string>(), L[1].get<std::string>());
        }
      }
      V.require = Rd.str(VJ, "require", true);
      V.message = Rd.str(VJ, "message", false);
      V.note = Rd.str(VJ, "note", false);
      V.help = Rd.str(VJ, "help", false);
      Forms(VJ, V.pto, "variant");
      Fix(VJ, V.fix, "variant");
      V.sources = Rd.strs(VJ, "sources");
      if (V.sources.empty() && R.sources.empty())
        Rd.error("every variant needs an upstream citation in \"sources\"");
      R.variants.push_back(V);
    }
  R.tmpBytes = Rd.str(J, "tmpBytes", false);
  if (!R.tmpBytes.empty()) {
    bool Defined = false;
    for (const RuleVariant &V : R.variants)
      for (const auto &L : V.let)
        Defined |= L.first == R.tmpBytes;
    if (R.kind != RuleKind::TmpSize)
      Rd.error("\"tmpBytes\" belongs to rules of kind tmp-size");
    else if (!Defined)
      Rd.error("\"tmpBytes\" names \"" + R.tmpBytes + "\", which no variant's \"let\" defines");
  }
  if (J.contains("hiddenScratch")) {
    Rd.onlyKeys(J["hiddenScratch"], {"at", "bytes"}, "rule hiddenScratch");
    R.hiddenAt = Rd.str(J["hiddenScratch"], "at", true);
    R.hiddenBytes = Rd.str(J["hiddenScratch"], "bytes", true);
    for (const std::string *N : {&R.hiddenAt, &R.hiddenBytes}) {
      // A number (at most 18 digits: it fits int64_t) or a let.
      bool Defined = !N->empty() && N->size() <= 18 && N->find_first_not_of("0123456789") == std::string::npos;
      for (const RuleVariant &V : R.variants)
        for (const auto &L : V.let)
          Defined |= L.first == *N;
      if (!Defined)
        Rd.error("\"hiddenScratch\" names \"" + *N + "\", which is neither a number nor a variant's \"let\"");
    }
  }
  if (find(R.id))
    Rd.error("duplicate rule id \"" + R.id + "\"");
  Rules.push_back(std::move(R));
}

bool RuleSet::load(const std::vector<std::pair<std::string, std::string>> &Files, std::vector<std::string> &Errors) {
  size_t Before = Errors.size();
  for (const auto &[Name, Text] : Files) {
    // A value of the wrong JSON type (a number where a flag belongs, a string where a list of objects does) makes
    // nlohmann throw in the middle of a file: that is one error for the file, never an exception out of the loader.
    try {
      loadFile(Name, Text, Errors);
    } catch (const json::exception &E) {
      std::string What = E.what();
      if (size_t Bracket = What.find("] "); What[0] == '[' && Bracket != std::string::npos)
        What = What.substr(Bracket + 2);
      Errors.push_back(Name + ": a value has the wrong JSON type (" + What + ")");
    }
  }
  std::sort(Rules.begin(), Rules.end(), [](const Rule &A, const Rule &B) { return A.id < B.id; });
  for (const Rule &R : Rules)
    for (const std::string &Op : R.ops)
      if (Op != "*" && !op(Op))
        Errors.push_back(R.file + ": op \"" + Op + "\" is not declared in rules/ops.json");
  // Op schemas: every role has a kind; a PTOAS binding names each role once, destinations as outs and the rest
  // as ins, and only scratch operands may be optional.
  for (const OpSignature &O : Ops)
    for (const Overload &Ov : O.overloads) {
      const std::string Where = "rules/ops.json: " + O.name + " overload " + Ov.name + ": ";
      for (const std::string &R : Ov.roles)
        if (roleKind(R) == RoleKind::None)
          Errors.push_back(Where + "role \"" + R + "\" has no kind in \"roles\"");
      if (Ov.ptoIns.empty() && Ov.ptoOuts.empty())
        continue;
      std::vector<std::string> Bound = Ov.ptoIns;
      Bound.insert(Bound.end(), Ov.ptoOuts.begin(), Ov.ptoOuts.end());
      std::vector<std::string> A = Bound, B = Ov.roles;
      std::sort(A.begin(), A.end());
      std::sort(B.begin(), B.end());
      if (A != B)
        Errors.push_back(Where + "the pto binding must name every role exactly once");
      for (const std::string &R : Ov.ptoOuts)
        if (roleKind(R) != RoleKind::Dst)
          Errors.push_back(Where + "pto outs(" + R + ") is not a destination");
      for (const std::string &R : Ov.ptoIns)
        if (roleKind(R) == RoleKind::Dst)
          Errors.push_back(Where + "pto ins(" + R + ") is a destination");
      for (const std::string &R : Ov.ptoOptional)
        if (roleKind(R) != RoleKind::Tmp || std::find(Bound.begin(), Bound.end(), R) == Bound.end())
          Errors.push_back(Where + "only a bound tmp operand may be optional, not \"" + R + "\"");
    }
  // With a vocabulary (rules/facts.json), every condition and message is parsed and sort-checked against it.
  if (Vocab.loaded && Errors.size() == Before)
    checkRuleTerms(*this, Errors);
  return Errors.size() == Before;
}

} // namespace pto::checker
