// checker: the fact vocabulary and the rule-term checker pto-rulegen runs (a typo fails the build).
#include "Vocabulary.h"

#include "Rule.h"
#include "support/Spelling.h"
#include "term/Sexp.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <functional>
#include <set>

namespace pto::checker {

using nlohmann::json;

namespace {

struct Named {
  FactSource source;
  const char *name;
};
// The spelling of each source in rules/facts.json: the TileFacts member it reads (checker/Facts.h), or what it derives.
constexpr Named SourceNames[] = {
    {FactSource::RoleIsDst, "roleIsDst"},   {FactSource::RoleIsTmp, "roleIsTmp"},
    {FactSource::IsTile, "isTile"},         {FactSource::IsEvent, "isEvent"},
    {FactSource::IsReg, "isReg"},           {FactSource::HasAddr, "hasAddr"},
    {FactSource::Loc, "loc"},               {FactSource::Blayout, "blayout"},
    {FactSource::Slayout, "slayout"},       {FactSource::Dtype, "dtype"},
    {FactSource::DtypeSize, "dtypeSize"},   {FactSource::Rows, "rows"},
    {FactSource::Cols, "cols"},             {FactSource::SfractalSize, "sfractalSize"},
    {FactSource::Bytes, "bytes"},           {FactSource::ValidRow, "validRow"},
    {FactSource::ValidCol, "validCol"},     {FactSource::Addr, "addr"},
    {FactSource::MaskWidth, "maskWidth"},   {FactSource::MaskPartial, "maskPartial"},
    {FactSource::Expr, "expr"},             {FactSource::TypeSpelling, "typeSpelling"},
    {FactSource::MaskOrigin, "maskOrigin"},
};

bool enumerated(FactSource S) { return S == FactSource::Loc || S == FactSource::Blayout || S == FactSource::Slayout; }

/// The `{name}`s of a template, in order; false if a '{' is not closed.
bool fieldsOf(const std::string &Tmpl, std::vector<std::string> &Out) {
  for (size_t I = Tmpl.find('{'); I != std::string::npos; I = Tmpl.find('{', I + 1)) {
    size_t E = Tmpl.find('}', I);
    if (E == std::string::npos)
      return false;
    Out.push_back(Tmpl.substr(I + 1, E - I - 1));
  }
  return true;
}

} // namespace

const char *scopeName(FactScope S) {
  switch (S) {
  case FactScope::Operand: return "operand";
  case FactScope::Op: return "op";
  case FactScope::Call: return "call";
  }
  return "operand";
}

const char *sortName(FactSort S) { return S == FactSort::Text ? "Text" : "Int"; }

const char *kindName(OperandKind K) {
  switch (K) {
  case OperandKind::Tile: return "tile";
  case OperandKind::Reg: return "reg";
  case OperandKind::Mask: return "mask";
  case OperandKind::NonTile: return "nontile";
  }
  return "tile";
}

const char *sourceName(FactSource S) {
  for (const Named &N : SourceNames)
    if (N.source == S)
      return N.name;
  return "";
}

std::optional<FactSource> sourceNamed(const std::string &Name) {
  for (const Named &N : SourceNames)
    if (Name == N.name)
      return N.source;
  return std::nullopt;
}

bool textSource(FactSource S) {
  return S == FactSource::Expr || S == FactSource::TypeSpelling || S == FactSource::MaskOrigin;
}

bool sourceHasText(FactSource S) { return textSource(S) || enumerated(S) || S == FactSource::Dtype; }

bool FactDecl::of(OperandKind K) const {
  return kinds.empty() || std::find(kinds.begin(), kinds.end(), K) != kinds.end();
}

const FactDecl *Vocabulary::operandFact(const std::string &Name) const {
  for (const FactDecl &F : facts)
    if (F.scope == FactScope::Operand && F.name == Name)
      return &F;
  return nullptr;
}

const FactDecl *Vocabulary::callFact(const std::string &Name) const {
  for (const FactDecl &F : facts)
    if (F.scope != FactScope::Operand && F.name == Name)
      return &F;
  return nullptr;
}

namespace {

using ErrorSink = std::function<void(const std::string &)>;

/// What the engine's table takes from an operand fact (its C++ name, source, text and enumerators), checked.
void readEngineFields(FactDecl &D, const std::string &From, const ErrorSink &Err) {
  // The engine's table names an operand fact in C++ (build/CompiledFacts.h).
  if (D.name.empty() || !std::islower(static_cast<unsigned char>(D.name[0])) ||
      D.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789") != std::string::npos)
    Err("fact \"" + D.name + "\": an operand fact's name is lowercase letters and digits");
  D.from = sourceNamed(From);
  if (!D.from) {
    std::string Known;
    for (const Named &N : SourceNames)
      Known += std::string(Known.empty() ? "" : ", ") + N.name;
    Err("fact \"" + D.name + "\": \"from\" must name how the engine computes it: one of " + Known);
    return;
  }
  if ((D.sort == FactSort::Text) != textSource(*D.from))
    Err("fact \"" + D.name + "\": a " + sortName(D.sort) + " fact cannot come from " + sourceName(*D.from));
  if (!D.text.empty() && (D.sort == FactSort::Text || !sourceHasText(*D.from)))
    Err("fact \"" + D.name + "\": \"text\" is for an Int fact whose source has a text form (an enumerator or "
        "element type as written)");
  if (enumerated(*D.from) == D.enumerators.empty())
    Err("fact \"" + D.name + "\": \"enumerators\" (name -> prelude constant) are given exactly for the sources "
        "loc, blayout and slayout");
}

/// The fields of one fact; Err reports a problem.
FactDecl readFact(const json &F, const ErrorSink &Err) {
  static const std::set<std::string> Keys = {"name",  "scope",   "sort", "domain", "meaning",    "text",
                                             "kinds", "sources", "from", "shown",  "enumerators"};
  FactDecl D;
  for (auto It = F.begin(); It != F.end(); ++It)
    if (!Keys.count(It.key()))
      Err("unknown key \"" + It.key() + "\" in a fact");
  auto Str = [&](const char *K) { return F.contains(K) && F[K].is_string() ? F[K].get<std::string>() : std::string(); };
  D.name = Str("name");
  D.domain = Str("domain");
  D.meaning = Str("meaning");
  D.text = Str("text");
  D.shown = Str("shown");
  std::string Scope = Str("scope"), Sort = Str("sort"), From = Str("from");
  if (D.name.empty() || D.meaning.empty())
    Err("fact \"" + D.name + "\" needs a name and a meaning");
  if (Scope == "op" || Scope == "call")
    D.scope = Scope == "op" ? FactScope::Op : FactScope::Call;
  else if (Scope != "operand")
    Err("fact \"" + D.name + "\": scope must be operand, op or call");
  if (Sort == "Text")
    D.sort = FactSort::Text;
  else if (Sort != "Int")
    Err("fact \"" + D.name + "\": sort must be Int or Text");
  if (F.contains("kinds"))
    for (const json &K : F["kinds"]) {
      std::string N = K.get<std::string>();
      if (N == "tile" || N == "reg" || N == "mask")
        D.kinds.push_back(N == "tile" ? OperandKind::Tile : N == "reg" ? OperandKind::Reg : OperandKind::Mask);
      else
        Err("fact \"" + D.name + "\": kind \"" + N + "\" is not tile, reg or mask");
    }
  if (F.contains("sources"))
    for (auto It = F["sources"].begin(); It != F["sources"].end(); ++It)
      D.sources.emplace_back(It.key(), It.value().get<std::string>());
  if (F.contains("enumerators"))
    for (auto It = F["enumerators"].begin(); It != F["enumerators"].end(); ++It)
      D.enumerators.emplace_back(It.key(), It.value().get<std::string>());
  if ((D.scope == FactScope::Operand) == (D.name.find('.') != std::string::npos))
    Err("fact \"" + D.name + "\": operand facts are named without a role, op and call facts as op.NAME");
  if (D.scope != FactScope::Operand) {
    if (!From.empty() || !D.shown.empty() || !D.enumerators.empty())
      Err("fact \"" + D.name + "\": from, shown and enumerators are for operand facts (op and call facts are "
          "constants of rules/ops.json and the front ends)");
  } else {
    readEngineFields(D, From, Err);
  }
  return D;
}

/// A shown text names the operand's text facts.
void checkShown(const Vocabulary &V, const ErrorSink &Err) {
  for (const FactDecl &D : V.facts) {
    std::vector<std::string> Names;
    if (!fieldsOf(D.shown, Names))
      Err("fact \"" + D.name + "\": unclosed '{' in \"shown\"");
    for (const std::string &N : Names) {
      const FactDecl *T = V.operandFact(N);
      if (!T || !T->from || !sourceHasText(*T->from))
        Err("fact \"" + D.name + "\": \"shown\" names '{" + N + "}', which is not an operand's text");
    }
  }
}

/// Every kind declares exactly its Int facts (a non-tile: the facts of every kind, and the tile facts as unknowns).
void readDeclarationOrder(const json &Order, Vocabulary &V, const ErrorSink &Err) {
  for (auto It = Order.begin(); It != Order.end(); ++It)
    if (It.key() != "comment" && std::none_of(std::begin(OperandKinds), std::end(OperandKinds),
                                              [&](OperandKind K) { return It.key() == kindName(K); }))
      Err("declarationOrder: \"" + It.key() + "\" is not an operand kind (tile, reg, mask, nontile)");
  for (OperandKind K : OperandKinds) {
    std::vector<std::string> &List = V.declarationOrder[K];
    if (Order.contains(kindName(K)))
      List = Order[kindName(K)].get<std::vector<std::string>>();
    std::set<std::string> Want, Got;
    for (const FactDecl &D : V.facts)
      if (D.scope == FactScope::Operand && D.sort == FactSort::Int &&
          (K == OperandKind::NonTile ? D.of(OperandKind::Tile) : D.of(K)))
        Want.insert(D.name);
    for (const std::string &N : List)
      if (!Got.insert(N).second || !Want.count(N))
        Err(std::string("declarationOrder.") + kindName(K) + ": '" + N +
            "' is not an Int operand fact of that kind, or is listed twice");
    for (const std::string &N : Want)
      if (!Got.count(N))
        Err(std::string("declarationOrder.") + kindName(K) + ": '" + N + "' is missing (append a new fact at the end: "
            "the order of the others fixes counterexample values)");
  }
}

} // namespace

bool Vocabulary::load(const std::string &File, const std::string &Text, std::vector<std::string> &Errors) {
  size_t Before = Errors.size();
  auto Err = [&](const std::string &M) { Errors.push_back(File + ": " + M); };
  json J = json::parse(Text, nullptr, false, true);
  if (J.is_discarded() || !J.is_object() || !J.contains("facts") || !J["facts"].is_array()) {
    Err("not a fact vocabulary (an object with a \"facts\" list)");
    return false;
  }
  for (auto It = J.begin(); It != J.end(); ++It)
    if (It.key() != "comment" && It.key() != "facts" && It.key() != "fields" && It.key() != "declarationOrder")
      Err("unknown key \"" + It.key() + "\"");
  std::set<std::string> Seen;
  for (const json &F : J["facts"]) {
    if (!F.is_object()) {
      Err("a fact is not an object");
      continue;
    }
    FactDecl D = readFact(F, Err);
    if (!Seen.insert(std::string(scopeName(D.scope)) + " " + D.name).second)
      Err("fact \"" + D.name + "\" is declared twice");
    facts.push_back(std::move(D));
  }
  if (J.contains("fields"))
    for (const json &F : J["fields"])
      fields.emplace_back(F.value("name", ""), F.value("meaning", ""));
  checkShown(*this, Err);
  readDeclarationOrder(J.value("declarationOrder", json::object()), *this, Err);
  loaded = Errors.size() == Before;
  return loaded;
}

namespace {

/// Checks the terms and messages of one rule.
class RuleChecker {
public:
  RuleChecker(const RuleSet &S, const term::Signature &Sig, const Rule &R, std::vector<std::string> &Errors)
      : S(S), V(S.vocabulary()), Sig(Sig), R(R), Errors(Errors) {
    for (const OpSignature &O : S.ops())
      if (R.appliesTo(O.name))
        for (const Overload &Ov : O.overloads)
          if (R.overloads.empty() || std::count(R.overloads.begin(), R.overloads.end(), Ov.name))
            Roles.insert(Ov.roles.begin(), Ov.roles.end());
    if (R.perOperand)
      Roles.insert("T");
    if (R.perPair)
      Roles.insert({"A", "B"});
    for (const FactDecl &F : V.facts)
      (F.scope == FactScope::Operand ? OperandNames : CallNames).push_back(F.name);
  }

  void run() {
    for (size_t I = 0; I < R.variants.size(); ++I) {
      const RuleVariant &Vr = R.variants[I];
      std::string Where = "variant " + std::to_string(I + 1);
      std::map<std::string, term::Sort> Lets;
      for (const auto &[N, T] : Vr.let) {
        if (N.find('.') != std::string::npos || Sig.functions().count(N) || Lets.count(N))
          error(Where + " let '" + N + "': a let name may not contain '.' or reuse a name");
        // Lets are Int: the engine declares each as an Int constant equal to its term (an Int flag: ite 1 0).
        if (auto S = check(Where + " let '" + N + "'", T, term::Sort::Int, Lets))
          Lets[N] = *S;
      }
      check(Where + " require", Vr.require, term::Sort::Bool, Lets);
      for (const auto &[What, Tmpl] : std::vector<std::pair<const char *, const std::string *>>{
               {"message", &Vr.message}, {"note", &Vr.note}, {"help", &Vr.help}, {"pto message", &Vr.pto.message},
               {"pto note", &Vr.pto.note}, {"pto help", &Vr.pto.help}})
        placeholders(Where + " " + What, *Tmpl, Lets);
      for (const FixSpec &F : Vr.fix)
        fix(Where + " fix", F, Lets);
      VariantLets.push_back(std::move(Lets));
    }
    // The rule's fix is computed with the lets of each variant that can fail and has no fix of its own.
    for (const FixSpec &F : R.fix)
      for (size_t I = 0; I < R.variants.size(); ++I)
        if (R.variants[I].fix.empty() && R.variants[I].require != "true")
          fix("fix (with variant " + std::to_string(I + 1) + ")", F, VariantLets[I]);
    // Rule-level templates are rendered with each variant's lets: a let they name must exist in every variant
    // that does not replace the template (and can fail: a variant whose condition is `true` renders nothing).
    for (const auto &[What, Tmpl, Field] : std::vector<std::tuple<const char *, const std::string *, int>>{
             {"summary", &R.summary, -1}, {"message", &R.message, 0}, {"note", &R.note, 1}, {"help", &R.help, 2},
             {"pto message", &R.pto.message, 3}, {"pto note", &R.pto.note, 4}, {"pto help", &R.pto.help, 5}})
      for (size_t I = 0; I < R.variants.size(); ++I) {
        const RuleVariant &Vr = R.variants[I];
        const std::string *Own = Field == 0   ? &Vr.message
                                 : Field == 1 ? &Vr.note
                                 : Field == 2 ? &Vr.help
                                 : Field == 3 ? &Vr.pto.message
                                 : Field == 4 ? &Vr.pto.note
                                 : Field == 5 ? &Vr.pto.help
                                              : nullptr;
        if ((Own && !Own->empty()) || Vr.require == "true")
          continue;
        placeholders(std::string(What) + " (with variant " + std::to_string(I + 1) + ")", *Tmpl, VariantLets[I]);
      }
  }

private:
  const RuleSet &S;
  const Vocabulary &V;
  const term::Signature &Sig;
  const Rule &R;
  std::vector<std::string> &Errors;
  std::set<std::string> Roles;
  std::vector<std::string> OperandNames, CallNames;
  std::vector<std::map<std::string, term::Sort>> VariantLets;
  std::set<std::string> Reported;

  void error(const std::string &M) {
    if (Reported.insert(M).second)
      Errors.push_back(R.file + ": " + M);
  }

  /// The declaration a dotted name refers to, or null with a reason in Hint.
  const FactDecl *resolve(const std::string &Name, std::string &Hint) {
    size_t Dot = Name.find('.');
    if (Dot == std::string::npos)
      return nullptr;
    std::string Pre = Name.substr(0, Dot), Fact = Name.substr(Dot + 1);
    if (Pre == "op") {
      if (const FactDecl *F = V.callFact(Name))
        return F;
      std::string Near = support::closest(Name, CallNames);
      Hint = "no op fact '" + Name + "' in rules/facts.json" + (Near.empty() ? "" : "; did you mean '" + Near + "'?");
      return nullptr;
    }
    if (!Roles.count(Pre)) {
      std::string Known;
      for (const std::string &Rl : Roles)
        Known += (Known.empty() ? "" : ", ") + Rl;
      std::string Near = support::closest(Pre, std::vector<std::string>(Roles.begin(), Roles.end()));
      Hint = "'" + Pre + "' is not an operand of " + (R.ops.size() == 1 ? R.ops[0] : "the rule's ops") + " (" +
             Known + ")" + (Near.empty() ? "" : "; did you mean '" + Near + "." + Fact + "'?");
      return nullptr;
    }
    if (const FactDecl *F = V.operandFact(Fact))
      return F;
    std::string Near = support::closest(Fact, OperandNames);
    Hint = "no operand fact '" + Fact + "' in rules/facts.json" +
           (Near.empty() ? "" : "; did you mean '" + Pre + "." + Near + "'?");
    return nullptr;
  }

  std::optional<term::Sort> check(const std::string &Where, const std::string &Text, std::optional<term::Sort> Want,
                                  const std::map<std::string, term::Sort> &Lets) {
    std::string PErr;
    auto T = term::parseOne(Text, &PErr);
    if (!T) {
      error(Where + ": syntax error: " + PErr + " in '" + Text + "'");
      return std::nullopt;
    }
    std::vector<std::string> Es;
    auto Sort = term::checkSort(*T, Want, Sig,
                                [&](const std::string &N, std::string &Hint) -> std::optional<term::Sort> {
                                  if (auto It = Lets.find(N); It != Lets.end())
                                    return It->second;
                                  const FactDecl *F = resolve(N, Hint);
                                  if (F && F->sort == FactSort::Text) {
                                    Hint = "'" + N + "' is text, for messages only";
                                    return std::nullopt;
                                  }
                                  return F ? std::optional<term::Sort>(term::Sort::Int) : std::nullopt;
                                },
                                Es);
    for (const std::string &E : Es)
      error(Where + ": " + E);
    return Es.empty() ? Sort : std::nullopt;
  }

  void fix(const std::string &Where, const FixSpec &F, const std::map<std::string, term::Sort> &Lets) {
    if (!Roles.count(F.role) || F.role == "A" || F.role == "B")
      error(Where + ": '" + F.role + "' is not an operand of " + (R.ops.size() == 1 ? R.ops[0] : "the rule's ops"));
    for (const auto &[Arg, Term] : F.set)
      check(Where + " " + Arg, Term, term::Sort::Int, Lets);
  }

  void placeholders(const std::string &Where, const std::string &Tmpl, const std::map<std::string, term::Sort> &Lets) {
    for (size_t I = Tmpl.find('{'); I != std::string::npos; I = Tmpl.find('{', I + 1)) {
      size_t E = Tmpl.find('}', I);
      if (E == std::string::npos) {
        error(Where + ": unclosed '{' in '" + Tmpl + "'");
        return;
      }
      std::string K = Tmpl.substr(I + 1, E - I - 1), Hint;
      bool Field = std::any_of(V.fields.begin(), V.fields.end(), [&](const auto &F) { return F.first == K; });
      if (Field || Lets.count(K) || resolve(K, Hint))
        continue;
      std::vector<std::string> Names;
      for (const auto &[N, S] : Lets)
        Names.push_back(N);
      for (const auto &[N, M] : V.fields)
        Names.push_back(N);
      std::string Near = K.find('.') == std::string::npos ? support::closest(K, Names) : "";
      error(Where + ": unknown field '{" + K + "}'" +
            (!Hint.empty() ? " (" + Hint + ")" : Near.empty() ? "" : " (did you mean '{" + Near + "}'?)"));
    }
  }
};

} // namespace

void checkRuleTerms(const RuleSet &S, std::vector<std::string> &Errors) {
  term::Signature Sig;
  std::vector<std::string> PErrors;
  if (!Sig.addDefinitions(S.prelude(), PErrors))
    for (const std::string &E : PErrors)
      Errors.push_back("rules/prelude.smt2: " + E);
  for (const Rule &R : S.rules())
    RuleChecker(S, Sig, R, Errors).run();
  const Vocabulary &V = S.vocabulary();
  for (const OpSignature &O : S.ops()) {
    auto Declared = [&](const std::string &N) {
      const FactDecl *F = V.callFact(N);
      if (!F || F->scope != FactScope::Op)
        Errors.push_back("rules/ops.json: " + O.name + ": constant '" + N + "' is not an op fact of rules/facts.json");
    };
    for (const auto &[N, X] : O.constants)
      Declared(N);
    for (const Overload &Ov : O.overloads)
      for (const auto &[N, X] : Ov.constants)
        Declared(N);
  }
  for (const FactDecl &F : V.facts)
    for (const auto &[Name, Code] : F.enumerators)
      if (Sig.constant(Code) != term::Sort::Int)
        Errors.push_back("rules/facts.json: fact \"" + F.name + "\": enumerator " + Name + " is coded as '" + Code +
                         "', which is not an Int constant of rules/prelude.smt2");
}

std::string factsMarkdown(const RuleSet &S) {
  const Vocabulary &V = S.vocabulary();
  std::string Out =
      "# Facts: the rule vocabulary\n\n"
      "<!-- Generated from rules/facts.json and rules/prelude.smt2 by `RuleData.FactsPageIsCurrent`; do not edit. "
      "Regenerate with PTOLINT_BLESS=1. -->\n\n"
      "A rule condition (`require`, `let`) is an SMT-LIB2 term over the facts below, the rule's own `let` names and "
      "the prelude's definitions. `pto-rulegen` parses and sort-checks every condition, placeholder and message "
      "field against this vocabulary at build time: an unknown fact, an operand the rule's ops do not have, or a "
      "sort error fails the build with the file, the variant and a suggestion.\n\n"
      "## Operand facts\n\n"
      "Written `ROLE.name` (`src.vcol`), or `T.name` in `perOperand` rules and `A.name`/`B.name` in `perPair` "
      "rules. Roles come from the op schema (`rules/ops.json`).\n\n"
      "| fact | sort | domain | meaning | C++ front end | `.pto` front end (`ptotext/`) |\n|---|---|---|---|---|---|\n";
  auto Src = [](const FactDecl &F, const char *Fe) {
    for (const auto &[K, X] : F.sources)
      if (K == Fe)
        return X;
    return std::string();
  };
  auto Row = [&](const FactDecl &F, const std::string &Name) {
    std::string Kinds;
    for (OperandKind K : F.kinds)
      Kinds += (Kinds.empty() ? " (" : ", ") + std::string(kindName(K));
    if (!Kinds.empty())
      Kinds += " operands)";
    return "| `" + Name + "` | " + sortName(F.sort) + " | " + F.domain + " | " + F.meaning + Kinds +
           (F.text.empty() ? "" : "; in messages: " + F.text) + " | " + Src(F, "cpp") + " | " + Src(F, "pto") + " |\n";
  };
  for (const FactDecl &F : V.facts)
    if (F.scope == FactScope::Operand)
      Out += Row(F, "R." + F.name);
  Out += "\n## Op and call facts\n\n| fact | sort | domain | meaning | C++ front end | `.pto` front end (`ptotext/`) |\n"
         "|---|---|---|---|---|---|\n";
  for (const FactDecl &F : V.facts)
    if (F.scope != FactScope::Operand)
      Out += Row(F, F.name);
  Out += "\n## Message fields\n\nBesides facts and `let` names, messages may use:\n\n";
  for (const auto &[N, M] : V.fields)
    Out += "- `{" + N + "}`: " + M + "\n";
  Out += "\n## Prelude (`rules/prelude.smt2`)\n\n| name | arguments | sort |\n|---|---|---|\n";
  term::Signature Builtins, Sig;
  std::vector<std::string> Es;
  Sig.addDefinitions(S.prelude(), Es);
  for (const auto &[N, F] : Sig.functions()) {
    if (Builtins.functions().count(N))
      continue;
    std::string Args;
    for (term::Sort A : F.args)
      Args += std::string(Args.empty() ? "" : " ") + term::sortName(A);
    Out += "| `" + N + "` | " + (Args.empty() ? "(constant)" : Args) + " | " + term::sortName(*F.result) + " |\n";
  }
  Out += "\nBuilt in: `+ - * div mod abs < <= > >= = distinct and or xor => not ite` (the fragment the ground "
         "evaluator decides; Z3 decides the rest of a query).\n";
  return Out;
}

} // namespace pto::checker
