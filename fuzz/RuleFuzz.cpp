// fuzz: libFuzzer target for the rule loader and validator (checker/RuleSet.cpp, Vocabulary.cpp) and the rule compiler
// (checker/RuleGen.cpp), as pto-rulegen runs them. The input is one rule-data file; it joins the real rules/ops.json,
// rules/facts.json and rules/prelude.smt2, replacing the one of its kind (a "facts" list: facts.json; "ops" without
// an "id": ops.json; an s-expression: the prelude; anything else: a rule file). Loading must end in a result or in
// errors, never a crash or an exception. A set that loads must compile to C++ whose string literals read back as the
// rule data, and the engine must check one call of each op its rules name without failing.
#include "checker/Engine.h"
#include "checker/Rule.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace pto::checker {
const std::vector<std::pair<std::string, std::string>> &embeddedRuleFiles();
std::string emitRuleSetSource(const RuleSet &S);
} // namespace pto::checker

using namespace pto::checker;

namespace {

[[noreturn]] void fail(const std::string &What) {
  std::fprintf(stderr, "rule-fuzz: %s\n", What.c_str());
  __builtin_trap();
}

/// The file name the loader would see for Text: which real file it stands in for.
std::string nameFor(const std::string &Text) {
  size_t First = Text.find_first_not_of(" \t\r\n");
  if (First != std::string::npos && (Text[First] == '(' || Text[First] == ';'))
    return "rules/prelude.smt2";
  if (Text.find("\"facts\"") != std::string::npos)
    return "rules/facts.json";
  if (Text.find("\"ops\"") != std::string::npos && Text.find("\"id\"") == std::string::npos)
    return "rules/ops.json";
  return "rules/fuzz/pto-fuzz-rule.json";
}

/// Every raw string literal R"d(...)d" of generated C++, decoded; fails on a delimiter C++ does not accept.
std::vector<std::string> rawLiterals(const std::string &Src) {
  std::vector<std::string> Out;
  for (size_t At = Src.find("R\""); At != std::string::npos; At = Src.find("R\"", At)) {
    size_t Open = Src.find('(', At + 2);
    if (Open == std::string::npos)
      fail("unterminated raw literal delimiter in generated source");
    std::string Delim = Src.substr(At + 2, Open - At - 2);
    if (Delim.size() > 16) // [lex.string]: a d-char-sequence has at most 16 characters
      fail("raw literal delimiter of " + std::to_string(Delim.size()) + " characters in generated source");
    size_t Close = Src.find(")" + Delim + "\"", Open + 1);
    if (Close == std::string::npos)
      fail("unterminated raw literal in generated source");
    Out.push_back(Src.substr(Open + 1, Close - Open - 1));
    At = Close + Delim.size() + 2;
  }
  return Out;
}

/// The literals must be the rule data, in the order RuleGen writes it: spot-check the fields most likely to hold
/// odd text (every rule's id, message, require terms; the prelude).
void checkGenerated(const RuleSet &S) {
  std::string Src = emitRuleSetSource(S);
  std::vector<std::string> Lits = rawLiterals(Src);
  auto Has = [&](const std::string &Text, const char *What) {
    for (const std::string &L : Lits)
      if (L == Text)
        return;
    fail(std::string("generated source lost ") + What + ": '" + Text.substr(0, 80) + "'");
  };
  for (const Rule &R : S.rules()) {
    Has(R.id, "a rule id");
    Has(R.message, "a message");
    for (const RuleVariant &V : R.variants)
      Has(V.require, "a require term");
  }
  Has(S.prelude(), "the prelude");
}

/// One call of Op with every fact known: the engine must decide every check or say why not, never fail.
void checkEngine(const RuleSet &S, const OpSignature &Op) {
  for (const Overload &Ov : Op.overloads) {
    CallSite C;
    C.op = Op.name;
    C.overload = Ov.name;
    C.loc = {"k.cpp", 1, 1};
    for (const std::string &Role : Ov.roles) {
      TileFacts T;
      T.isTile = !Op.builtin;
      T.isReg = Op.builtin && S.roleKind(Role) != RoleKind::Mask;
      T.isMask = Op.builtin && S.roleKind(Role) == RoleKind::Mask;
      T.maskWidth = 8, T.maskPartial = 0;
      T.expr = Role;
      T.loc = "Vec";
      T.dtype = DType::F32;
      T.dtypeName = "float";
      T.rows = 8, T.cols = 64;
      T.blayout = "RowMajor", T.slayout = "NoneBox";
      T.declValidRow = 8, T.declValidCol = 64;
      T.validRow = IntFact::known(8), T.validCol = IntFact::known(64);
      C.operands.push_back({Role, T});
    }
    EngineOptions O;
    O.budget.timeoutMs = 200;
    O.budget.tuMillis = 1000;
    Engine E(S, O);
    std::vector<Finding> Fs;
    Tally T;
    E.check(C, Fs, T);
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const std::vector<std::pair<std::string, std::string>> Base = [] {
    std::vector<std::pair<std::string, std::string>> Out;
    for (const auto &[Name, Text] : embeddedRuleFiles())
      if (Name == "rules/ops.json" || Name == "rules/facts.json" || Name == "rules/prelude.smt2")
        Out.emplace_back(Name, Text);
    return Out;
  }();
  const std::string Text(reinterpret_cast<const char *>(Data), Size);
  const std::string Name = nameFor(Text);
  std::vector<std::pair<std::string, std::string>> Files;
  for (const auto &F : Base)
    if (F.first != Name)
      Files.push_back(F);
  Files.emplace_back(Name, Text);

  RuleSet S;
  std::vector<std::string> Errors;
  bool Ok = S.load(Files, Errors);
  if (Ok != Errors.empty())
    fail(Ok ? "loaded with errors" : "rejected without an error");
  if (!Ok)
    return 0;
  checkGenerated(S);
  // The engine on the ops the input's rule names.
  for (const OpSignature &Op : S.ops())
    for (const Rule &R : S.rules())
      if (R.file == Name && R.appliesTo(Op.name)) {
        checkEngine(S, Op);
        break;
      }
  return 0;
}
