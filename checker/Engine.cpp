// checker: builds one z3model query per (call, target, rule) and turns verdicts into findings.
#include "Engine.h"

#include "CompiledFacts.h" // build/: the operand facts of rules/facts.json (pto-rulegen)
#include "support/Decimal.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>

namespace pto::checker {

using z3model::Decl;
using z3model::Query;
using z3model::Verdict;

Engine::Engine(const RuleSet &Rules, EngineOptions O) : Rules(Rules), Opts(std::move(O)), Solver(Opts.budget) {
  PreludeLoaded = Prelude.loadPrelude(Rules.prelude());
  if (PreludeLoaded)
    Solver.usePrelude(Rules.prelude(), Prelude); // (read once for both)
  PreludeOk = Opts.precheck && Opts.budget.groundFastPath && PreludeLoaded;
}
Engine::~Engine() = default;

bool Engine::enabled(const std::string &Id) const {
  bool On = Opts.enable.empty();
  for (const std::string &G : Opts.enable)
    On |= globMatch(G, Id);
  for (const std::string &G : Opts.disable)
    if (globMatch(G, Id))
      On = false;
  return On && globListMatch(Opts.checks, Id, true);
}

namespace {

using term::Term;

/// The constants a term mentions.
std::set<std::string> tokens(const Term &T) {
  std::set<std::string> Out;
  term::forEachVar(T, [&](const Term &V) { Out.insert(V.name()); });
  return Out;
}

/// A rule's term for one check: its placeholders (`T.` per operand, `A.`/`B.` per pair) named after the operand(s)
/// of a role spec: "r" (per operand), "a&b" (per pair), or "" (the whole call). Empty when the text is not a term.
Term roleTerm(const std::string &Text, const std::string &Spec, const term::Prelude *P) {
  Term T = term::parse(Text, P);
  if (Spec.empty() || !T)
    return T;
  size_t Amp = Spec.find('&');
  std::vector<std::pair<std::string, std::string>> Prefixes; // placeholder -> role
  if (Amp == std::string::npos)
    Prefixes = {{"T.", Spec}};
  else
    Prefixes = {{"A.", Spec.substr(0, Amp)}, {"B.", Spec.substr(Amp + 1)}};
  return term::rename(T, [&](const std::string &N) -> std::string {
    for (const auto &[Pre, Role] : Prefixes)
      if (N.compare(0, Pre.size(), Pre) == 0)
        return Role + "." + N.substr(Pre.size());
    return "";
  });
}

/// Everything the engine knows about a call, as query declarations plus how to show each to a user.
struct FactTable {
  std::vector<Decl> Decls;
  std::set<std::string> Opaque;              // free values the extractor did not understand
  std::map<std::string, std::string> Text;   // names rendered as text in messages
  std::map<std::string, std::string> Display; // decl name -> what users call it
  std::map<std::string, std::set<std::string>> Deps; // decl -> decl names its definition mentions
  std::vector<Term> WellFormed;              // hypotheses: symbolic valid dims within their tile
  std::vector<Term> Path;                    // the call's path conditions, read (CallSite::path, in order)
  std::vector<std::string> Minimize;
  const term::Prelude *Macros = nullptr;     // the macros front-end terms may apply

  void known(const std::string &Name, int64_t V) { Decls.push_back({Name, std::nullopt, std::nullopt, Term::integer(V)}); }
  void defined(const std::string &Name, const Term &T) {
    Decls.push_back({Name, std::nullopt, std::nullopt, T});
    Deps[Name] = tokens(T);
  }
  /// A prelude constant (F16, VEC, B_ROWMAJOR).
  void coded(const std::string &Name, const char *Code) { defined(Name, Term::call(Code, {}, term::Sort::Int)); }
  /// A front end's term of sort S; an empty Term if it is not a well-formed one (the queries that read it fail
  /// closed, as they did when such a term was text no reader took).
  Term frontEnd(const Term &T, term::Sort S) const {
    return T && T.sort() == S && term::wellFormed(T, Macros) ? T : Term();
  }
  void read(const std::string &Name, const Term &T) { defined(Name, frontEnd(T, term::Sort::Int)); }
  void opaque(const std::string &Name, const std::string &Shown) {
    Decls.push_back({Name, std::nullopt, std::nullopt, std::nullopt});
    Opaque.insert(Name);
    Display[Name] = Shown;
  }
};

/// The first operand fact computed from S (rules/facts.json "from"), by name.
const char *factFrom(FactSource S) {
  for (const facts::OperandFactInfo &I : facts::OperandFacts)
    if (I.from == S)
      return I.name;
  return "";
}

/// What an operand is, for the facts it has.
OperandKind kindOf(const TileFacts &T) {
  return T.isReg    ? OperandKind::Reg
         : T.isMask ? OperandKind::Mask
         : T.isTile ? OperandKind::Tile
                    : OperandKind::NonTile;
}

/// The text messages show for a fact with a text form: the Text facts, and enumerators and element types as written.
std::string textOf(FactSource S, const TileFacts &T) {
  auto OrUnknown = [](const std::string &X) { return X.empty() ? std::string("unknown") : X; };
  switch (S) {
  case FactSource::Expr: return T.expr;
  case FactSource::TypeSpelling: return T.typeSpelling;
  case FactSource::MaskOrigin: return OrUnknown(T.maskOrigin);
  case FactSource::Dtype: return T.dtypeName;
  case FactSource::Loc: return OrUnknown(T.loc);
  case FactSource::Blayout: return OrUnknown(T.blayout);
  case FactSource::Slayout: return OrUnknown(T.slayout);
  default: return "";
  }
}

/// How notes name a fact of an operand: its "shown" text with the operand's texts filled in.
std::string shownOf(const facts::OperandFactInfo &I, const TileFacts &T) {
  std::string Out, Shown = I.shown;
  for (size_t P = 0; P < Shown.size(); ++P) {
    size_t E = Shown[P] == '{' ? Shown.find('}', P) : std::string::npos;
    if (E == std::string::npos) {
      Out += Shown[P];
      continue;
    }
    std::string Name = Shown.substr(P + 1, E - P - 1);
    for (const facts::OperandFactInfo &J : facts::OperandFacts)
      if (Name == J.name)
        Out += textOf(J.from, T);
    P = E;
  }
  return Out;
}

/// Declares one Int fact of operand R, computed from the front end's facts as rules/facts.json says ("from"). A value
/// the front end could not read is opaque, and one it gives as a term over the call's symbols may be shown in a
/// counterexample: notes name both as the fact's "shown" text says.
void declareFact(FactTable &F, const std::string &R, const facts::OperandFactInfo &I, RoleKind Kind,
                 const TileFacts &T) {
  std::string N = R + "." + I.name;
  auto Shown = [&] { return *I.shown ? shownOf(I, T) : N; };
  auto Opaque = [&] { F.opaque(N, Shown()); };
  auto Read = [&](const Term &V) {
    F.read(N, V);
    F.Display[N] = Shown();
  };
  bool Typed = T.dtype != DType::Unknown;
  switch (I.from) {
  case FactSource::RoleIsDst: return F.known(N, Kind == RoleKind::Dst ? 1 : 0);
  case FactSource::RoleIsTmp: return F.known(N, Kind == RoleKind::Tmp ? 1 : 0);
  case FactSource::IsTile: return F.known(N, T.isTile ? 1 : 0);
  case FactSource::IsEvent: return F.known(N, T.isEvent ? 1 : 0);
  case FactSource::IsReg: return F.known(N, T.isReg ? 1 : 0);
  case FactSource::HasAddr: return F.known(N, T.hasAddr ? 1 : 0);
  case FactSource::Loc:
  case FactSource::Blayout:
  case FactSource::Slayout: {
    const std::string &Name = I.from == FactSource::Loc ? T.loc : I.from == FactSource::Blayout ? T.blayout : T.slayout;
    for (size_t E = 0; E < I.enumeratorCount; ++E)
      if (Name == I.enumerators[E].name)
        return F.coded(N, I.enumerators[E].code);
    return Opaque();
  }
  case FactSource::Dtype: return Typed ? F.coded(N, dtypeCode(T.dtype)) : Opaque();
  case FactSource::DtypeSize: return Typed ? F.known(N, dtypeSize(T.dtype)) : Opaque();
  case FactSource::Rows: return F.known(N, T.rows);
  case FactSource::Cols: return F.known(N, T.cols);
  case FactSource::SfractalSize: return F.known(N, T.sfractalSize);
  case FactSource::Bytes: {
    if (!Typed)
      return Opaque();
    // Exact even where the product leaves 64 bits (shapes near INT32_MAX, any shape a .pto file writes): then it is
    // a term, which the ground evaluator leaves to Z3's unbounded integers.
    // Rows*Cols fits 128 bits (each is 64-bit); times the element size may not (INT64_MAX^2 * 8): then the exact
    // text is the decimal product (found by UBSan on Faults.HugeConstantsAreDiagnosedNotCrashed).
    __int128 Cells = static_cast<__int128>(T.rows) * T.cols, Bytes = 0;
    bool Beyond128 = __builtin_mul_overflow(Cells, static_cast<__int128>(dtypeSize(T.dtype)), &Bytes);
    if (!Beyond128 && Bytes >= INT64_MIN && Bytes <= INT64_MAX)
      return F.known(N, static_cast<int64_t>(Bytes));
    F.defined(N, Term::apply(term::Op::Mul, {Term::integer(T.rows), Term::integer(T.cols),
                                             Term::integer(dtypeSize(T.dtype))}));
    // Models hold 64-bit values: messages take the exact size from here.
    F.Text[N] =
        Beyond128 ? support::decimalTimes(support::decimal(Cells), dtypeSize(T.dtype)) : support::decimal(Bytes);
    return;
  }
  case FactSource::ValidRow:
  case FactSource::ValidCol: {
    bool Row = I.from == FactSource::ValidRow;
    const IntFact &V = Row ? T.validRow : T.validCol;
    if (V.value)
      return F.known(N, *V.value);
    Read(V.term);
    Term Dim = Term::var(N), Bound = Term::var(R + "." + factFrom(Row ? FactSource::Rows : FactSource::Cols));
    F.WellFormed.push_back(Term::apply(term::Op::And, {Term::apply(term::Op::Le, {Term::integer(0), Dim}),
                                                       Term::apply(term::Op::Le, {Dim, Bound})}));
    return;
  }
  case FactSource::Addr:
    if (!T.hasAddr)
      return F.known(N, 0);
    return T.addr.value ? F.known(N, *T.addr.value) : Read(T.addr.term);
  case FactSource::MaskWidth:
  case FactSource::MaskPartial: {
    bool Known = I.from == FactSource::MaskWidth ? T.maskWidth != 0 : T.maskPartial >= 0;
    if (Known)
      return F.known(N, I.from == FactSource::MaskWidth ? T.maskWidth : T.maskPartial);
    // Why the predicate was not followed, when the front end knows (several producers that disagree, a parameter).
    return F.opaque(N, Shown() + (T.maskWhy.empty() ? "" : " (" + T.maskWhy + ")"));
  }
  case FactSource::Expr:
  case FactSource::TypeSpelling:
  case FactSource::MaskOrigin: return; // text (the loader keeps Text facts out of the declaration order)
  }
}

/// An operand's facts, as rules/facts.json declares them (build/CompiledFacts.h): the texts of its kind, then its Int
/// facts in its kind's declaration order. Something bound where a tile belongs that is none (an event) has the facts
/// of every operand; its tile facts do not exist and are opaque.
void addOperand(FactTable &F, const std::string &R, RoleKind Kind, const TileFacts &T) {
  OperandKind K = kindOf(T);
  for (const facts::OperandFactInfo &I : facts::OperandFacts)
    if ((I.sort == FactSort::Text || I.text) && (I.kinds & facts::kindBit(K)))
      F.Text[R + "." + I.name] = textOf(I.from, T);
  const facts::Order &Order = facts::DeclarationOrder[static_cast<unsigned>(K)];
  for (size_t J = 0; J < Order.size; ++J) {
    const facts::OperandFactInfo &I = facts::info(Order.facts[J]);
    if (I.kinds & facts::kindBit(K))
      declareFact(F, R, I, Kind, T);
    else
      F.opaque(R + "." + I.name, std::string(I.name) + " of '" + T.expr + "', which is not a tile");
  }
}

FactTable buildFacts(const RuleSet &Rules, const CallSite &C, const OpSignature *Sig, const Overload *Ov,
                     const term::Prelude *Macros) {
  FactTable F;
  F.Macros = Macros;
  F.Decls.reserve(64 + C.symbols.size() + 16 * C.operands.size());
  for (const PathCondition &P : C.path)
    F.Path.push_back(F.frontEnd(P.term, term::Sort::Bool));
  for (const Symbol &S : C.symbols) {
    F.Decls.push_back({S.name, S.lo, S.hi, std::nullopt});
    F.Display[S.name] = S.display;
    if (!S.understood)
      F.Opaque.insert(S.name);
    else
      F.Minimize.push_back(S.name);
  }
  for (const Symbol &S : C.symbols)
    if (!S.understood)
      F.Minimize.push_back(S.name);
  if (Sig)
    for (const auto &[N, V] : Sig->constants)
      F.known(N, V);
  if (Ov)
    for (const auto &[N, V] : Ov->constants)
      F.known(N, V);
  for (const auto &[N, V] : C.constants)
    F.known(N, V);
  for (const Operand &O : C.operands)
    addOperand(F, O.role, Rules.roleKind(O.role), O.tile);
  return F;
}

/// Names a term depends on, transitively through definitions.
std::set<std::string> closure(const FactTable &F, std::set<std::string> Work) {
  std::set<std::string> Seen;
  while (!Work.empty()) {
    std::string N = *Work.begin();
    Work.erase(Work.begin());
    if (!Seen.insert(N).second)
      continue;
    auto It = F.Deps.find(N);
    if (It != F.Deps.end())
      for (const std::string &D : It->second)
        Work.insert(D);
  }
  return Seen;
}

/// Text in which the targets a finding holds for are a field: its parts are the text between the fields, so that
/// findings of several targets compare, and merge, before the targets are known, and the targets are filled in once.
class TargetText {
public:
  TargetText() = default;
  TargetText(std::string S) : Parts{std::move(S)} {}
  TargetText(const char *S) : Parts{S} {}
  TargetText &operator+=(const std::string &S) {
    Parts.back() += S;
    return *this;
  }
  TargetText &operator+=(const char *S) {
    Parts.back() += S;
    return *this;
  }
  TargetText &operator+=(const TargetText &T) {
    Parts.back() += T.Parts.front();
    Parts.insert(Parts.end(), T.Parts.begin() + 1, T.Parts.end());
    return *this;
  }
  /// Appends the targets field.
  TargetText &target() {
    Parts.emplace_back();
    return *this;
  }
  /// The text with the field spelled Targets.
  std::string str(const std::string &Targets) const {
    std::string S = Parts.front();
    for (size_t I = 1; I < Parts.size(); ++I)
      S += Targets + Parts[I];
    return S;
  }
  bool operator==(const TargetText &O) const { return Parts == O.Parts; }

private:
  std::vector<std::string> Parts{std::string()};
};

TargetText operator+(std::string S, const TargetText &T) { return TargetText(std::move(S)) += T; }

/// A message template with its `{field}`s filled from Vals; `{target}` stays a field of the text.
TargetText render(const std::string &Tmpl, const std::map<std::string, std::string> &Vals) {
  TargetText Out;
  std::string Run;
  for (size_t I = 0; I < Tmpl.size(); ++I) {
    if (Tmpl[I] == '{') {
      size_t E = Tmpl.find('}', I);
      if (E != std::string::npos) {
        std::string Key = Tmpl.substr(I + 1, E - I - 1);
        if (Key == "target") {
          (Out += Run).target();
          Run.clear();
        } else {
          auto It = Vals.find(Key);
          Run += It != Vals.end() ? It->second : "{" + Key + "}";
        }
        I = E;
        continue;
      }
    }
    Run += Tmpl[I];
  }
  return Out += Run;
}

/// Bounds of a call's facts, for the precheck: a value if the fact has one whatever the free inputs are (known,
/// or defined from known facts), else a range over every feasible value: the free inputs' ranges (their C++
/// types) narrowed by the path's guards, propagated through the facts' definitions. A fact that is exactly a free
/// input plus a constant says so (the input's slot is its tag), so facts of one input compare exactly.
class CallBounds {
public:
  CallBounds(const z3model::GroundEvaluator &Prelude, const CallSite &C, const FactTable &F)
      : Prelude(Prelude), C(C), F(F) {}

  std::optional<z3model::Interval> of(const std::string &Fact) {
    auto [It, New] = Memo.try_emplace(Fact);
    if (New) {
      if (!P)
        build();
      // A fact the call does not have gets a slot with neither value nor range: unbounded.
      It->second = P->rangeOf(P->slot(Fact));
    }
    return It->second;
  }

private:
  const z3model::GroundEvaluator &Prelude;
  const CallSite &C;
  const FactTable &F;
  std::unique_ptr<z3model::Program> P; // the call's facts and free inputs; made on first use
  std::unordered_map<std::string, std::optional<z3model::Interval>> Memo;

  void build() {
    P = std::make_unique<z3model::Program>(Prelude);
    z3model::Bounds B;
    B.Consts = P.get();
    for (const Symbol &S : C.symbols)
      B.Range[S.name] = {S.lo, S.hi};
    for (const Decl &D : F.Decls)
      if (!D.definition || !*D.definition) {
        continue;
      } else if (const Term &T = *D.definition; T.op() == term::Op::Int && T.fits()) {
        P->set(P->slot(D.name), T.value()); // most facts are numbers
      } else {
        P->define(D.name, T);
        if (T.op() == term::Op::Var)
          B.Alias[D.name] = T.name();
      }
    for (const Term &PC : F.Path)
      B.narrow(PC, true);
    bool Feasible = true; // an empty range is a dead path: leave it to the solver
    for (const auto &[Name, R] : B.Range)
      Feasible &= R.first <= R.second;
    if (Feasible)
      for (const auto &[Name, R] : B.Range)
        P->setRange(P->slot(Name), R.first, R.second, P->slot(Name));
  }
};

/// The precheck: the rule's property evaluated over the call's bounds. True there is true at every feasible
/// point, so the rule is proved, as the solver would say; anything else (false, or not decided by the bounds)
/// goes to the solver, which is exact and finds counterexamples.
bool provedByBounds(const Engine::Reading &Rd, CallBounds &B) {
  Rd.program->reset();
  for (const auto &[Slot, N] : Rd.inputs)
    if (std::optional<z3model::Interval> X = B.of(N))
      X->point() ? Rd.program->set(Slot, X->lo) : Rd.program->setRange(Slot, X->lo, X->hi, X->sym, X->off);
  std::optional<z3model::Interval> P = Rd.program->range(Rd.propertyTerm);
  return P && P->definitelyTrue();
}

std::string joinTargets(const std::vector<Target> &Ts) {
  std::string S;
  for (size_t I = 0; I < Ts.size(); ++I)
    S += (I ? (I + 1 == Ts.size() ? " and " : ", ") : "") + std::string(targetName(Ts[I]));
  return S;
}

/// The C++ spelling of a type code for a fix: as an operand of the call spells it, else the usual name.
std::string dtypeSpelling(int64_t Code, const CallSite &C) {
  static const char *const Names[] = {"",        "int8_t",   "uint8_t", "int16_t",    "uint16_t", "int32_t", "uint32_t",
                                      "int64_t", "uint64_t", "half",    "bfloat16_t", "float",    "double"};
  if (Code <= 0 || Code >= int64_t(std::size(Names)))
    return "";
  for (const Operand &O : C.operands)
    if (O.tile.isTile && int64_t(O.tile.dtype) == Code && !O.tile.dtypeName.empty())
      return O.tile.dtypeName;
  return Names[Code];
}

/// The text of a written template argument with its value replaced (enumerators keep their qualifier).
std::string respell(const std::string &Written, const std::string &Name) {
  size_t Colon = Written.rfind("::");
  return Colon == std::string::npos ? Name : Written.substr(0, Colon + 2) + Name;
}

/// The edits of one part of a rule's fix: the operand's written `Tile<...>` arguments set to the part's values.
/// Rows and columns take the largest value the term has over every feasible input of the call (so the tile holds
/// what any run needs) and only ever grow; element types and layouts must have one value. False when the type is
/// not written where a fix can change it for this tile alone, or an argument to change is not a literal.
bool fixEdits(const FixSpec &FS, const RuleVariant &V, const std::string &Role, const CallSite &C,
              const z3model::GroundEvaluator &Prelude, CallBounds &Bounds, std::vector<Edit> &Out) {
  const Operand *O = C.operand(FS.role == "T" ? Role : FS.role);
  if (!O || !O->tile.isTile || O->tile.writtenArgs.empty())
    return false;
  const TileFacts &T = O->tile;
  z3model::Program P(Prelude);
  std::set<std::string> Lets;
  for (const auto &[N, Text] : V.let) {
    Term S = roleTerm(Text, Role, Prelude.prelude());
    if (!S)
      return false;
    P.define(N, S);
    Lets.insert(N);
  }
  std::vector<std::pair<std::string, int>> Terms;
  for (const auto &[Arg, Text] : FS.set) {
    Term S = roleTerm(Text, Role, Prelude.prelude());
    if (!S)
      return false;
    Terms.emplace_back(Arg, P.compile(S));
  }
  P.reset();
  for (const auto &[Name, Slot] : P.slots())
    if (!Lets.count(Name))
      if (std::optional<z3model::Interval> X = Bounds.of(Name))
        X->point() ? P.set(Slot, X->lo) : P.setRange(Slot, X->lo, X->hi);

  for (const auto &[Arg, Term] : Terms) {
    std::optional<z3model::Interval> X = P.range(Term);
    if (!X)
      return false;
    size_t Pos = size_t(fixArgument(Arg));
    std::string Text;
    if (Arg == "rows" || Arg == "cols") {
      if (X->hi <= (Arg == "rows" ? T.rows : T.cols))
        continue;
      if (X->hi > (int64_t(1) << 20))
        return false; // not a tile anyone declares: the bound is too loose to be a useful fix
      Text = std::to_string(X->hi);
    } else if (!X->point()) {
      return false;
    } else if (Arg == "dtype") {
      if (X->lo == int64_t(T.dtype))
        continue;
      Text = dtypeSpelling(X->lo, C);
    } else {
      bool B = Arg == "blayout";
      std::string Name = layoutName(B, X->lo);
      if (Name.empty())
        return false;
      if (Name == (B ? T.blayout : T.slayout))
        continue;
      Text = Pos < T.writtenArgs.size() ? respell(T.writtenArgs[Pos].text, Name)
                                        : std::string(B ? "BLayout::" : "SLayout::") + Name;
    }
    if (Text.empty())
      return false;
    Edit E;
    E.what = Arg;
    E.operand = T.expr;
    E.text = Text;
    E.value = Arg == "rows" || Arg == "cols" ? X->hi : X->lo;
    if (Pos < T.writtenArgs.size()) {
      const WrittenArg &W = T.writtenArgs[Pos];
      if (!W.literal)
        return false;
      E.loc = W.loc;
      E.length = W.length;
    } else if (Pos == T.writtenArgs.size() && T.writtenArgsEnd.valid()) {
      E.loc = T.writtenArgsEnd; // the argument right after the written ones: insert it
      E.text = ", " + Text;
    } else {
      return false;
    }
    Out.push_back(std::move(E));
  }
  return true;
}

/// The rule's fix for a failing check: every part's edits, or none if a part cannot be made.
std::optional<Fix> makeFix(const std::vector<FixSpec> &Specs, const RuleVariant &V, const std::string &Role,
                           const CallSite &C, const z3model::GroundEvaluator &Prelude, CallBounds &Bounds) {
  Fix F;
  for (const FixSpec &FS : Specs)
    if (!fixEdits(FS, V, Role, C, Prelude, Bounds, F.edits))
      return std::nullopt;
  if (F.edits.empty())
    return std::nullopt;
  F.title = fixTitle(F);
  return F;
}

} // namespace

const Engine::Reading &Engine::reading(const RuleVariant &V, const std::string &Role) {
  auto [It, New] = Readings.try_emplace({&V, Role});
  Reading &R = It->second;
  if (New) {
    const term::Prelude *Macros = Prelude.prelude();
    R.property = roleTerm(V.require, Role, Macros);
    R.used = tokens(R.property);
    for (const auto &[N, Text] : V.let) {
      Term T = roleTerm(Text, Role, Macros);
      auto Tk = tokens(T);
      R.used.insert(Tk.begin(), Tk.end());
      R.letTerms[N] = std::move(T);
    }
    bool Read = bool(R.property);
    for (const auto &[N, T] : R.letTerms)
      Read &= bool(T);
    if (PreludeOk && Read) {
      // Fact names all contain a '.', prelude macros never do: every slot left after inlining the macros is
      // a let or a fact of the call.
      auto P = std::make_unique<z3model::Program>(Prelude);
      for (const auto &[N, T] : R.letTerms)
        P->define(N, T);
      R.propertyTerm = P->compile(R.property);
      for (const auto &[N, Slot] : P->slots())
        if (!R.letTerms.count(N))
          R.inputs.emplace_back(Slot, N);
      R.program = std::move(P);
    }
  }
  return R;
}

/// One call's checks, in stages: plan (the rule x target x operand checks the call needs), decide (one answer per
/// rule variant and operand, shared by the targets that ask the same question), explain (a finding for each check
/// that is not proved, its texts holding the target as a field), fix (the rules' repairs, reconciled once across
/// the call's findings), merge (findings that agree on everything but the target become one).
class Engine::CallRun {
public:
  CallRun(Engine &E, const CallSite &C, Tally &T)
      : E(E), C(C), T(T), Sig(E.Rules.op(C.op)), Ov(Sig ? Sig->overload(C.overload) : nullptr),
        Facts(buildFacts(E.Rules, C, Sig, Ov, E.Prelude.prelude())), Bounds(E.Prelude, C, Facts) {}

  /// One rule on one target, for one operand (per-operand rules), one pair (per-pair rules) or the whole call.
  struct Check {
    const Rule *rule;
    const RuleVariant *variant;
    std::string role; // "" (the call), "src" (an operand), "src0&src1" (a pair)
    Target target;
    const Reading *reading;
    std::string key() const { return rule->id + "|" + role; }
  };

  /// A check that did not prove: its finding, with message, help and notes kept apart until merge knows every
  /// target that says the same.
  struct Explained {
    Finding finding;
    TargetText message, help;
    std::vector<std::pair<SourceLoc, TargetText>> notes;
    std::string key; // Check::key
    void note(SourceLoc L, TargetText Text) { notes.emplace_back(std::move(L), std::move(Text)); }
    /// Equal but for the target: one finding for several targets.
    bool sameBut(const Explained &O) const {
      if (O.finding.ruleId != finding.ruleId || O.finding.status != finding.status ||
          O.finding.severity != finding.severity || !(O.message == message) || !(O.help == help) ||
          O.notes.size() != notes.size())
        return false;
      for (size_t I = 0; I < notes.size(); ++I)
        if (!(O.notes[I].second == notes[I].second))
          return false;
      return true;
    }
  };

  std::vector<Check> plan();
  z3model::Result decide(const Check &K);
  Explained explain(const Check &K, const z3model::Result &Res);
  void classify(Finding &F, Verdict V, bool Opaque, Severity RuleSev);
  FactTable localFacts(const Check &K);
  void counterexample(Explained &X, const z3model::Result &Res, const std::set<std::string> &Deps);
  void contextNotes(Explained &X, const std::set<std::string> &Deps);
  void fix(const std::vector<Check> &Failed, std::vector<Explained> &Xs);
  void upstream(std::vector<Explained> &Xs);
  /// What EngineOptions::assumeRules adds to the upstream stage's queries on one target: the obligation of every
  /// check planned for it, with each rule's lets declared under names of their own, and whether the call's path and
  /// those obligations admit a value at all (otherwise every lifted check would be proved vacuously).
  struct Assumption {
    std::vector<Decl> decls;     // facts a rule names that the call does not have (free), then the lets
    std::vector<Term> hypotheses; // the rules' `require`s
    std::string skip;             // non-empty: why the lifted checks are not compared on this target
  };
  const Assumption &assumed(Target Tg);
  void merge(std::vector<Explained> Xs, std::vector<Finding> &Out);
  /// A check of the call on target Tg ended so (the call's end there is the worst of them, Tally::ends).
  void ended(Target Tg, CallEnd End) {
    auto [It, New] = Ends.emplace(Tg, End);
    if (!New && End > It->second)
      It->second = End;
  }
  void ended(const std::vector<Target> &Ts, CallEnd End) {
    for (Target Tg : Ts)
      ended(Tg, End);
  }
  /// Counts the call's ends into the tally, once it is checked.
  void tallyEnds() {
    for (const auto &[Tg, End] : Ends)
      ++T.ends[{C.op, Tg}][End];
  }

private:
  std::map<Target, CallEnd> Ends;
  Engine &E;
  const CallSite &C;
  Tally &T;
  const OpSignature *Sig;
  const Overload *Ov;
  FactTable Facts;
  CallBounds Bounds;
  std::map<std::pair<const RuleVariant *, std::string>, z3model::Result> Answered; // (variant, role) -> answer
  std::map<std::string, std::vector<Target>> Holds; // Check::key -> targets where it was proved
  std::vector<Check> Planned;                       // plan()'s checks, for EngineOptions::assumeRules
  std::map<Target, Assumption> Assumptions;         // assumed(), per target

  // What solver queries about this call share, made when the first one is asked (most calls need none): the
  // facts, and the hypotheses: its path and, except for tile rules, that symbolic valid dims lie within their
  // tiles.
  struct ForSolver {
    std::set<std::string> Declared; // every fact this call has
    std::shared_ptr<const z3model::DeclTable> Shared;
    std::vector<size_t> PathOnly, PathAndWellFormed;
  };
  std::unique_ptr<ForSolver> SolverSide;
  const ForSolver &forQueries();
  /// Whether the call's path implies that its symbolic valid dims lie within their tiles (the hypotheses
  /// PathAndWellFormed adds; pto-tile-valid-bounds checks them), asked once; true when there are none.
  bool wellFormed();
  std::optional<bool> WellFormedHolds;
  /// Facts a check's rule names that this call does not have (a front end that could not provide them): values
  /// pto-lint does not know, opaque constants, so the verdict can only be proved or unknown.
  std::vector<std::string> missingFacts(const Reading &Rd);
  friend class Engine;
};

const Engine::CallRun::ForSolver &Engine::CallRun::forQueries() {
  if (!SolverSide) {
    SolverSide = std::make_unique<ForSolver>();
    for (const Decl &D : Facts.Decls)
      SolverSide->Declared.insert(D.name);
    std::vector<Term> Hyps = Facts.Path;
    Hyps.insert(Hyps.end(), Facts.WellFormed.begin(), Facts.WellFormed.end());
    for (size_t J = 0; J < Hyps.size(); ++J) {
      if (J < C.path.size())
        SolverSide->PathOnly.push_back(J);
      SolverSide->PathAndWellFormed.push_back(J);
    }
    SolverSide->Shared = std::make_shared<const z3model::DeclTable>(Facts.Decls, std::move(Hyps));
  }
  return *SolverSide;
}

bool Engine::CallRun::wellFormed() {
  if (!WellFormedHolds) {
    WellFormedHolds = true;
    if (!Facts.WellFormed.empty()) {
      Query Q;
      Q.name = "well-formed " + C.loc.file + ":" + std::to_string(C.loc.line);
      Q.prelude = E.Rules.prelude();
      Q.shared = forQueries().Shared;
      Q.sharedHypotheses = forQueries().PathOnly;
      Q.property = Facts.WellFormed.size() == 1 ? Facts.WellFormed.front() : Term::apply(term::Op::And, Facts.WellFormed);
      Q.pool = 1;
      // Only a proof changes the hypotheses: a point of the path with a valid dim past its tile answers without Z3.
      Q.proofOnly = "the path does not show the valid dims within their tiles";
      WellFormedHolds = E.Solver.check(Q).verdict == Verdict::Proved;
    }
  }
  return *WellFormedHolds;
}

std::vector<std::string> Engine::CallRun::missingFacts(const Reading &Rd) {
  std::vector<std::string> Missing;
  for (const std::string &Tk : Rd.used)
    if (Tk.find('.') != std::string::npos && !forQueries().Declared.count(Tk) && !Rd.letTerms.count(Tk) &&
        Tk.find_first_not_of("0123456789.") != std::string::npos)
      Missing.push_back(Tk);
  return Missing;
}

std::vector<Engine::CallRun::Check> Engine::CallRun::plan() {
  // An op the rules do not describe: upstream's own checks apply, and of the rules only the one every tile operand
  // of every op obeys whatever the op's schema: its valid region lies within the tile. Upstream's checks take that
  // as given (the engine's well-formedness hypotheses), so without it a valid region past the tile would prove them
  // (an a5 TEXTRACT's `indexRow + validRow <= Rows` with a dynamic valid row: tests/oracle, docs/oracle.md). Such an
  // op without upstream checks has nothing to plan and never gets here (checkCall).
  std::set<std::string> Absent; // roles of the overload the call does not have
  if (Ov)
    for (const std::string &R : Ov->roles)
      if (!C.operand(R))
        Absent.insert(R);
  auto [Ap, NewOp] = E.Applicable.try_emplace(C.op);
  if (NewOp)
    for (const Rule &R : E.Rules.rules())
      if (R.appliesTo(C.op) && E.enabled(R.id) && (Sig || R.id == "pto-tile-valid-bounds"))
        Ap->second.push_back(&R);
  std::vector<Check> Plan;
  for (Target Tg : E.Opts.targets)
    for (const Rule *R : Ap->second) {
      const RuleVariant *V = R->variantFor(Tg, C.overload);
      if (!V)
        continue;
      std::vector<std::string> Roles;
      if (R->perOperand) {
        for (const Operand &O : C.operands)
          if (O.tile.isTile)
            Roles.push_back(O.role);
      } else if (R->perPair) {
        for (size_t I = 0; I < C.operands.size(); ++I)
          for (size_t J = I + 1; J < C.operands.size(); ++J)
            if (C.operands[I].tile.isTile && C.operands[J].tile.isTile)
              Roles.push_back(C.operands[I].role + "&" + C.operands[J].role);
      } else {
        Roles.push_back("");
      }
      for (const std::string &Role : Roles) {
        const Reading &Rd = E.reading(*V, Role);
        // An operand the overload declares but the call leaves out (a PTOAS op whose optional tmp the assembler
        // provides): rules about it do not apply to this call.
        if (!Absent.empty() && std::any_of(Rd.used.begin(), Rd.used.end(), [&](const std::string &Tk) {
              size_t Dot = Tk.find('.');
              return Dot != std::string::npos && Absent.count(Tk.substr(0, Dot));
            }))
          continue;
        Plan.push_back({R, V, Role, Tg, &Rd});
      }
    }
  return Plan;
}

z3model::Result Engine::CallRun::decide(const Check &K) {
  auto Known = Answered.find({K.variant, K.role});
  if (Known != Answered.end())
    return Known->second; // targets that share a variant ask the same question about this call
  const Reading &Rd = *K.reading;
  z3model::Result Res;
  auto Start = std::chrono::steady_clock::now();
  if (Rd.program && E.Opts.dumpDir.empty() && provedByBounds(Rd, Bounds)) {
    ++E.Prechecked;
    Res.verdict = Verdict::Proved;
  } else {
    Query Q;
    Q.name = K.rule->id + " " + targetName(K.target) + " " + C.loc.file + ":" + std::to_string(C.loc.line) +
             (K.role.empty() ? "" : " " + K.role);
    Q.prelude = E.Rules.prelude();
    Q.shared = forQueries().Shared;
    for (const std::string &Tk : missingFacts(Rd))
      Q.decls.push_back({Tk, std::nullopt, std::nullopt, std::nullopt});
    for (const auto &[N, Text] : K.variant->let)
      Q.decls.push_back({N, std::nullopt, std::nullopt, Rd.letTerms.at(N)});
    Q.property = Rd.property;
    Q.sharedHypotheses = K.rule->kind == RuleKind::Tile ? forQueries().PathOnly : forQueries().PathAndWellFormed;
    Q.pool = Sig ? 0 : 1; // a rule planned only because upstream's checks are on spends their budget
    if (!Sig) {
      // For such an op a verdict that depends on values pto-lint does not follow is not reported (not followed, as
      // its upstream checks): only a proof is worth solver time.
      FactTable Local = localFacts(K);
      for (const std::string &D : closure(Local, Rd.used))
        if (Local.Opaque.count(D)) {
          Q.proofOnly = "it depends on values pto-lint does not follow";
          break;
        }
    }
    Q.minimize = Facts.Minimize;
    if (!E.Opts.dumpDir.empty())
      std::ofstream(E.Opts.dumpDir + "/" + K.rule->id + "-" + std::to_string(++E.Dumped) + ".smt2")
          << z3model::Solver::toSmtLib(Q);
    Res = E.Solver.check(Q);
  }
  E.Decisions.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - Start).count());
  Answered.emplace(std::make_pair(K.variant, K.role), Res);
  return Res;
}

/// The finding's status and severity for a verdict that is not "proved", counted in the tally. A counterexample
/// that depends on values pto-lint could not follow (Opaque) is an unknown, never a violation.
void Engine::CallRun::classify(Finding &F, Verdict V, bool Opaque, Severity RuleSev) {
  switch (V) {
  case Verdict::ViolatedAlways:
    F.status = Status::ViolatedAlways;
    F.severity = RuleSev;
    ++T.violated;
    break;
  case Verdict::ViolatedSometimes:
    if (Opaque) {
      F.status = Status::Unknown;
      F.severity = Severity::Warning;
      ++T.unknown;
    } else {
      F.status = Status::ViolatedSometimes;
      F.severity = std::min(RuleSev, Severity::Warning);
      ++T.violated;
    }
    break;
  case Verdict::Unknown:
    F.status = Status::Unknown;
    F.severity = Severity::Warning;
    ++T.unknown;
    break;
  default:
    F.status = Status::Error;
    F.severity = Severity::Error;
    ++T.errors;
    break;
  }
}

/// Places F where the user can act on call C: C itself, or for a call in upstream's headers where the user's code
/// reaches it, with C's place as a note (returned); reached by no code of the user's, the verdict is upstream's
/// alone (CallSite::inUpstreamCode).
static std::optional<std::string> anchor(Finding &F, const CallSite &C) {
  F.loc = C.loc;
  F.upstreamOnly = C.inUpstreamCode && !C.userLoc.valid();
  if (!C.inUpstreamCode || !C.userLoc.valid())
    return std::nullopt;
  F.loc = C.userLoc;
  return "in upstream's '" + C.function + "', which this call reaches: the check is about the call there";
}

/// The call's tile operands as reports draw them (Finding::tiles). Model: a violation's counterexample, whose values
/// stand in for the symbolic valid dims and addresses it names (null: only what the front end knows). Deps: the
/// facts the rule reads (an operand it reads is the finding's subject).
static std::vector<TileView> tileViews(const CallSite &C, const std::map<std::string, int64_t> *Model,
                                       const std::set<std::string> &Deps) {
  std::vector<TileView> Vs;
  for (const Operand &O : C.operands) {
    const TileFacts &T = O.tile;
    if (!T.isTile || T.isReg || T.isMask)
      continue;
    TileView V;
    V.role = O.role;
    V.expr = T.expr;
    V.type = T.typeSpelling;
    V.memory = T.loc;
    V.dtype = T.dtypeName;
    V.elemBytes = dtypeSize(T.dtype);
    V.rows = T.rows;
    V.cols = T.cols;
    V.placed = T.hasAddr;
    V.declLoc = T.declLoc;
    for (const std::string &D : Deps)
      V.subject |= D.compare(0, O.role.size() + 1, O.role + ".") == 0;
    // A known value, else the model's value of the fact or of the one symbol it is.
    auto Value = [&](const IntFact &F, FactSource S) -> std::optional<int64_t> {
      if (F.value)
        return F.value;
      if (!Model)
        return std::nullopt;
      auto It = Model->find(O.role + "." + factFrom(S));
      if (It == Model->end() && F.term && F.term.op() == term::Op::Var)
        It = Model->find(F.term.name());
      if (It == Model->end())
        return std::nullopt;
      V.fromModel = true;
      return It->second;
    };
    V.validRow = Value(T.validRow, FactSource::ValidRow);
    V.validCol = Value(T.validCol, FactSource::ValidCol);
    if (T.hasAddr)
      V.addr = Value(T.addr, FactSource::Addr);
    Vs.push_back(std::move(V));
  }
  return Vs;
}

/// Counterexample notes: the free inputs the rule depends on and the symbolic tile facts they feed, at the model's
/// values, and the guards that restrict them, shown as assumptions.
void Engine::CallRun::counterexample(Explained &X, const z3model::Result &Res, const std::set<std::string> &Deps) {
  Finding &F = X.finding;
  std::vector<std::string> Parts;
  for (const Symbol &S : C.symbols)
    if (Deps.count(S.name) && S.understood && Res.model.count(S.name)) {
      Parts.push_back(S.display + " = " + std::to_string(Res.model.at(S.name)));
      F.counterexample[S.display] = Res.model.at(S.name);
    }
  for (const Operand &O : C.operands)
    for (FactSource Dim : {FactSource::ValidRow, FactSource::ValidCol}) {
      // Only a tile has valid dims (an event or register bound where a tile belongs has none: its facts of that
      // name are opaque or missing, and the finding says so in its notes).
      if (!O.tile.isTile || O.tile.isReg || O.tile.isMask)
        continue;
      std::string N = O.role + "." + factFrom(Dim);
      const IntFact &IF = Dim == FactSource::ValidRow ? O.tile.validRow : O.tile.validCol;
      // A valid dim that is just one of the symbols above adds nothing to the counterexample.
      bool IsSymbol = false;
      for (const Symbol &S : C.symbols)
        IsSymbol |= !IF.value && IF.term && IF.term.op() == term::Op::Var && IF.term.name() == S.name;
      if (!IF.value && !IsSymbol && Deps.count(N) && Res.model.count(N)) {
        std::string Shown = Facts.Display.at(N), Part = Shown + " = " + std::to_string(Res.model.at(N));
        if (std::find(Parts.begin(), Parts.end(), Part) == Parts.end())
          Parts.push_back(Part);
        F.counterexample[Shown] = Res.model.at(N);
      }
    }
  if (!Parts.empty()) {
    std::string J;
    for (size_t I = 0; I < Parts.size(); ++I)
      J += (I ? ", " : "") + Parts[I];
    if (F.status == Status::ViolatedSometimes)
      X.note({}, "fails for example when " + J);
    else if (F.status == Status::ViolatedAlways)
      X.note({}, "fails for every feasible value (e.g. " + J + ")");
  }
  // Guards that restrict the values above are part of the verdict: show them as assumptions.
  for (size_t I = 0; I < C.path.size(); ++I) {
    bool Relevant = false;
    for (const std::string &Tk : tokens(Facts.Path[I]))
      Relevant |= Deps.count(Tk) > 0;
    if (Relevant)
      X.note(C.path[I].loc, "assuming '" + C.path[I].text + "' here");
  }
}

/// Where the check's operands come from: the declarations of the tiles the rule reads, the calling context, the
/// instantiation chain.
void Engine::CallRun::contextNotes(Explained &X, const std::set<std::string> &Deps) {
  // Tile declarations the rule talks about.
  for (const Operand &O : C.operands) {
    if (!O.tile.declLoc.valid())
      continue;
    bool Mentioned = false;
    for (const std::string &D : Deps)
      Mentioned |= D.compare(0, O.role.size() + 1, O.role + ".") == 0;
    if (Mentioned)
      X.note(O.tile.declLoc, "'" + O.tile.expr + "'" + (O.tile.expr == O.role ? "" : " (" + O.role + ")") +
                               " declared here as '" + O.tile.typeSpelling + "'" +
                               (O.tile.validOrigin.empty() ? "" : "; " + O.tile.validOrigin));
  }
  for (const auto &[At, Caller] : C.callers)
    X.note(At, "in the call from '" + Caller + "' here, with its operands");
  for (size_t I = 0; I < C.instantiatedFrom.size(); ++I)
    X.note(C.instantiatedFrom[I], "in instantiation of '" + C.instantiationNames[I] + "' requested here");
}

/// The call's facts as check K reads them: facts its rule needs that the call does not have are opaque, its `let`
/// names depend on what they are defined from.
FactTable Engine::CallRun::localFacts(const Check &K) {
  FactTable Local = Facts;
  for (const std::string &Tk : missingFacts(*K.reading)) {
    Local.Opaque.insert(Tk);
    Local.Display[Tk] = Tk + " (not available for this call)";
  }
  for (const auto &[N, T] : K.reading->letTerms)
    Local.Deps[N] = tokens(T);
  return Local;
}

Engine::CallRun::Explained Engine::CallRun::explain(const Check &K, const z3model::Result &Res) {
  const Rule &R = *K.rule;
  const RuleVariant *V = K.variant;
  const std::string &Role = K.role;
  // Only findings need to know what the verdict depends on.
  FactTable Local = localFacts(K);
  std::set<std::string> Deps = closure(Local, K.reading->used);

  Explained X;
  X.key = K.key();
  Finding &F = X.finding;
  F.ruleId = R.id;
  F.op = C.op;
  F.target = K.target;
  F.targets = {K.target};
  if (std::optional<std::string> Where = anchor(F, C))
    X.note(C.loc, *Where);
  F.function = C.function;
  F.instantiation = C.instantiationNames.empty() ? "" : C.instantiationNames.front();
  if (!C.instantiatedFrom.empty())
    F.instantiationLoc = C.instantiatedFrom.front();
  for (const std::string &S : V->sources.empty() ? R.sources : V->sources)
    F.citation += (F.citation.empty() ? "" : "; ") + S;

  // Values for message fields: text facts, then numbers from the model (or the known facts). The target is a field
  // of the texts themselves ({target}), filled in by merge.
  std::map<std::string, std::string> Vals;
  // Placeholder names (T., A., B.) for the operands this check is about.
  std::vector<std::pair<std::string, std::string>> Aliases; // prefix -> role
  if (size_t Amp = Role.find('&'); Amp != std::string::npos)
    Aliases = {{"A.", Role.substr(0, Amp)}, {"B.", Role.substr(Amp + 1)}};
  else if (!Role.empty())
    Aliases = {{"T.", Role}};
  auto Set = [&](const std::string &Key, const std::string &Value) {
    Vals[Key] = Value;
    for (const auto &[Pre, Rl] : Aliases)
      if (Key.compare(0, Rl.size() + 1, Rl + ".") == 0)
        Vals[Pre + Key.substr(Rl.size() + 1)] = Value;
  };
  for (const auto &[Key, S] : Facts.Text)
    Set(Key, S);
  Vals["op"] = C.op;
  Vals["role"] = Role;
  for (const auto &[Key, N] : Res.model)
    if (!Facts.Text.count(Key)) // enum-coded facts read as text ("float", "Vec"), not as their codes
      Set(Key, std::to_string(N));

  std::set<std::string> OpaqueDeps;
  for (const std::string &D : Deps)
    if (Local.Opaque.count(D))
      OpaqueDeps.insert(D);

  // A call read from textual PTO takes the textual forms where the rule has them.
  auto Pick = [&](const std::string &VText, const std::string &RText, const std::string &VPto,
                  const std::string &RPto) -> const std::string & {
    if (C.textual && !VPto.empty())
      return VPto;
    if (C.textual && !RPto.empty() && VText.empty())
      return RPto;
    return !VText.empty() ? VText : RText;
  };
  const std::string &Msg = Pick(V->message, R.message, V->pto.message, R.pto.message);
  const std::string &Why = Pick(V->note, R.note, V->pto.note, R.pto.note);
  const std::string &Help = Pick(V->help, R.help, V->pto.help, R.pto.help);

  classify(F, Res.verdict, !OpaqueDeps.empty(), V->severity.value_or(R.severity));
  // Undecided because of facts pto-lint could not follow: a value the model gives for them, or for what is computed
  // from them, is made up. It reads as "?", and a help that would quote one is not given (it would suggest a spelling
  // such as `!pto.mask<b0>` that means nothing).
  std::set<std::string> MadeUp;
  if (F.status == Status::Unknown)
    for (const auto &[Key, N] : Res.model) {
      if (Facts.Text.count(Key))
        continue;
      std::set<std::string> From = closure(Local, {Key});
      if (std::none_of(From.begin(), From.end(), [&](const std::string &D) { return Local.Opaque.count(D) > 0; }))
        continue;
      Set(Key, "?");
      MadeUp.insert(Key);
      for (const auto &[Pre, Rl] : Aliases)
        if (Key.compare(0, Rl.size() + 1, Rl + ".") == 0)
          MadeUp.insert(Pre + Key.substr(Rl.size() + 1));
    }
  auto QuotesMadeUp = [&](const std::string &Tmpl) {
    return std::any_of(MadeUp.begin(), MadeUp.end(), [&](const std::string &K) {
      return Tmpl.find("{" + K + "}") != std::string::npos;
    });
  };
  // "cannot prove that <summary> for 'src' on <targets>"
  auto CannotProve = [&] {
    TargetText S = "cannot prove that " + render(R.summary, Vals);
    if (!Role.empty())
      S += Role.find('&') == std::string::npos ? " for '" + Vals["T.expr"] + "'"
                                               : " for '" + Vals["A.expr"] + "' and '" + Vals["B.expr"] + "'";
    return (S += " on ").target();
  };

  if (F.status == Status::Error) {
    X.message = "internal error while checking " + R.id + ": " + Res.reason;
  } else if (Res.verdict == Verdict::Unknown) {
    (X.message = CannotProve()) += ": " + Res.reason;
    X.note({}, Res.reason.find("tu-timeout") != std::string::npos
                 ? "raise the translation unit's solver time with --tu-timeout=MS (plugin: tu-timeout=MS)"
             : Res.reason.find(", timeout)") != std::string::npos
                 ? "raise the time cap of one solver call with --timeout=MS (plugin: timeout=MS)"
                 : "raise the solver's resource limit with --budget=N (plugin: budget=N)");
  } else if (F.status == Status::Unknown) {
    (X.message = CannotProve()) += "; it fails for values pto-lint could not follow";
    X.note({}, TargetText("would fail with: ") += render(Msg, Vals));
    for (const std::string &D : OpaqueDeps) {
      std::string Why2;
      for (const Symbol &S : C.symbols)
        if (S.name == D)
          Why2 = S.why;
      auto It = Local.Display.find(D);
      X.note({}, "not understood: " + (It != Local.Display.end() ? It->second : D) + (Why2.empty() ? "" : " (" + Why2 + ")"));
    }
  } else {
    X.message = render(Msg, Vals);
  }

  bool Violated = F.status == Status::ViolatedAlways || F.status == Status::ViolatedSometimes;
  F.tiles = tileViews(C, Violated ? &Res.model : nullptr, Deps);
  // A tmp-size rule: the bytes of tmp the implementation touches, at the counterexample, for reports to draw.
  if (Violated && !R.tmpBytes.empty())
    if (auto It = Res.model.find(R.tmpBytes); It != Res.model.end())
      for (TileView &TV : F.tiles)
        if (E.Rules.roleKind(TV.role) == RoleKind::Tmp)
          TV.usedBytes = It->second;
  // A region the implementation writes that no operand names: drawn with the operands' placements.
  if (Violated && !R.hiddenAt.empty()) {
    auto Value = [&](const std::string &N) -> std::optional<int64_t> {
      if (!N.empty() && N.size() <= 18 && N.find_first_not_of("0123456789") == std::string::npos)
        return std::stoll(N); // the loader allows no other number
      auto It = Res.model.find(N);
      return It == Res.model.end() ? std::nullopt : std::optional<int64_t>(It->second);
    };
    std::optional<int64_t> At = Value(R.hiddenAt), Bytes = Value(R.hiddenBytes);
    if (At && Bytes && *Bytes > 0) {
      TileView H;
      H.role = "hidden";
      H.expr = "hidden scratch of " + C.op;
      H.memory = "Vec";
      H.dtype = "byte";
      H.elemBytes = 1;
      H.rows = 1;
      H.cols = *Bytes;
      H.addr = At;
      H.placed = true;
      H.fromModel = true;
      F.tiles.push_back(std::move(H));
    }
  }
  if (Res.verdict == Verdict::ViolatedSometimes || Res.verdict == Verdict::ViolatedAlways)
    counterexample(X, Res, Deps);
  if (!Why.empty() && F.status != Status::Error)
    X.note({}, render(Why, Vals));
  contextNotes(X, Deps);
  if (F.status != Status::Error && !Help.empty() && !QuotesMadeUp(Help))
    X.help = render(Help, Vals);
  return X;
}

void Engine::CallRun::fix(const std::vector<Check> &Failed, std::vector<Explained> &Xs) {
  if (!E.Opts.fixes || !E.PreludeLoaded || C.inUpstreamCode) // upstream's code is not the user's to edit
    return;
  std::vector<Finding *> Fs;
  for (size_t I = 0; I < Xs.size(); ++I) {
    Finding &F = Xs[I].finding;
    const Check &K = Failed[I];
    const std::vector<FixSpec> &FS = K.variant->fix.empty() ? K.rule->fix : K.variant->fix;
    if ((F.status == Status::ViolatedAlways || F.status == Status::ViolatedSometimes) && !FS.empty())
      F.fix = makeFix(FS, *K.variant, K.role, C, E.Prelude, Bounds);
    Fs.push_back(&F);
  }
  // The call's scope: targets that need different sizes of one tile get the fix that serves them all, before merge
  // joins their findings and keeps one fix (proved later, in the unit's stage, against every call of the unit).
  fixStage(Fs);
}

/// Upstream's own checks the call reaches (CallSite::upstream), each decided like a rule for the target whose
/// implementation asserts it. A violation is reported only when the path to the assert is known exactly and the
/// counterexample is made of the call's own values; anything else not proved is counted as not followed (the
/// summary, --coverage), not reported per call. Under EngineOptions::assumeRules each target is asked on its own,
/// with the rules planned for the call on it as hypotheses (assumed).
void Engine::CallRun::upstream(std::vector<Explained> &Xs) {
  if (C.upstream.empty() || !E.enabled(UpstreamAssertId))
    return;
  Tally::Upstream Op; // this call's, added to the op's when it reached a check
  // Each check with the targets that share its question: all of its targets, or under assumeRules each on its own.
  std::vector<std::pair<const UpstreamCheck *, std::vector<Target>>> Asked;
  for (const UpstreamCheck &U : C.upstream) {
    std::vector<Target> Ts;
    for (Target Tg : E.Opts.targets)
      if (!U.target || *U.target == Tg)
        Ts.push_back(Tg);
    if (Ts.empty())
      continue;
    if (!E.Opts.assumeRules)
      Asked.emplace_back(&U, Ts);
    else
      for (Target Tg : Ts)
        Asked.emplace_back(&U, std::vector<Target>{Tg});
  }
  // A violated check, reported on each of its targets.
  auto Report = [&](const UpstreamCheck &U, const std::vector<Target> &Ts, const z3model::Result &Res,
                    const std::set<std::string> &Deps, const Assumption *A) {
    T.checks += Ts.size();
    ++Op.violated;
    ended(Ts, CallEnd::Violated);
    for (Target Tg : Ts) {
      Explained X;
      X.key = std::string(UpstreamAssertId) + "|" + U.loc.file + ":" + std::to_string(U.loc.line) + "|" +
              term::print(U.term);
      Finding &F = X.finding;
      F.ruleId = UpstreamAssertId;
      F.op = C.op;
      F.target = Tg;
      F.targets = {Tg};
      F.loc = C.loc;
      F.function = C.function;
      F.instantiation = C.instantiationNames.empty() ? "" : C.instantiationNames.front();
      if (!C.instantiatedFrom.empty())
        F.instantiationLoc = C.instantiatedFrom.front();
      std::string Quoted = U.message.empty() ? std::string() : ": \"" + U.message + "\"";
      if (U.compileTime) { // the call does not compile for this target
        F.citation = "pto-isa " + U.loc.file + ":" + std::to_string(U.loc.line) + " (static_assert)";
        classify(F, Res.verdict, false, Severity::Error);
        X.message = (TargetText(C.op + ": does not compile for ").target() += ", upstream's static_assert fails" +
                     (U.text.empty() ? std::string() : " (" + U.text + ")") + Quoted);
        // The headers of another target are not the unit's files: the note says where, whatever renders it.
        X.note(U.loc, "upstream static_asserts it at " + U.loc.file + ":" + std::to_string(U.loc.line) +
                          "; the kernel's build for that target stops there");
        X.help = "give the call operands that target's implementation accepts (its element types, layouts and "
                 "shapes), or do not build the kernel for it";
        Xs.push_back(std::move(X));
        continue;
      }
      F.citation = "pto-isa " + U.loc.file + ":" + std::to_string(U.loc.line) + " (PTO_ASSERT)";
      classify(F, Res.verdict, false, Severity::Error);
      X.message = (TargetText(C.op + ": upstream's check '" + U.text + "' fails on ").target() += Quoted);
      counterexample(X, Res, Deps);
      if (A)
        X.note({}, TargetText("every rule pto-lint checks for this call on ").target() +=
                   " holds for these values (assume-rules): the rules accept what upstream's implementation rejects");
      X.note(U.loc, "upstream asserts '" + U.text + "' here; PTO_ASSERT is compiled out of release builds");
      for (auto It = U.chain.rbegin(); It != U.chain.rend(); ++It)
        X.note(It->first, "in '" + It->second + "', called here");
      contextNotes(X, Deps);
      X.help = "give the call operands that satisfy upstream's check; a release build runs the call anyway, with "
               "wrong results";
      Xs.push_back(std::move(X));
    }
  };
  for (const auto &Each : Asked) {
    const UpstreamCheck &U = *Each.first;
    const std::vector<Target> &Ts = Each.second;
    ++Op.checks;
    auto NotFollowed = [&](const std::string &Why) {
      T.notFollow({U.loc.file, U.loc.line, C.op, Why}, C.loc);
      ++Op.notFollowed;
      ended(Ts, CallEnd::NotFollowed);
    };
    auto Proved = [&] {
      T.checks += Ts.size();
      T.proved += Ts.size();
      ++Op.proved;
      ended(Ts, CallEnd::Proved);
    };
    auto Decided = [&](std::chrono::steady_clock::time_point Start) {
      E.Decisions.push_back(
          std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - Start).count());
    };
    if (!U.notFollowed.empty()) {
      NotFollowed(U.notFollowed);
      continue;
    }
    if (U.compileTime) { // a compile error of that target: no question for the solver
      z3model::Result Fails;
      Fails.verdict = Verdict::ViolatedAlways;
      Report(U, Ts, Fails, {}, nullptr);
      continue;
    }
    const Assumption *A = E.Opts.assumeRules ? &assumed(Ts.front()) : nullptr;
    if (A && !A->skip.empty()) {
      NotFollowed(A->skip);
      continue;
    }
    std::vector<Term> Hypotheses;
    bool Read = true;
    for (const PathCondition &P : U.path) {
      Hypotheses.push_back(Facts.frontEnd(P.term, term::Sort::Bool));
      Read &= bool(Hypotheses.back());
    }
    Term Property = Facts.frontEnd(U.term, term::Sort::Bool);
    if (!Read || !Property) {
      NotFollowed("its condition could not be read");
      continue;
    }
    // A condition with no value to vary (the operands' shapes are static) that holds: proved on every path, as the
    // solver would answer the query, which is not made.
    if (E.Opts.dumpDir.empty()) {
      auto Start = std::chrono::steady_clock::now();
      if (E.Solver.provedGround(Property, E.Rules.prelude())) {
        Decided(Start);
        Proved();
        continue;
      }
    }
    Query Q;
    Q.name = std::string(UpstreamAssertId) + (A ? " " + std::string(targetName(Ts.front())) : "") + " " +
             C.loc.file + ":" + std::to_string(C.loc.line) + " " + U.loc.file + ":" + std::to_string(U.loc.line);
    Q.prelude = E.Rules.prelude();
    Q.shared = forQueries().Shared;
    Q.sharedHypotheses = forQueries().PathAndWellFormed;
    for (const Symbol &S : U.symbols)
      Q.decls.push_back({S.name, S.lo, S.hi, std::nullopt});
    Q.hypotheses = std::move(Hypotheses);
    Q.property = std::move(Property);
    Q.minimize = Facts.Minimize;
    Q.pool = 1; // upstream's checks spend a solver budget of their own: the rules' verdicts never depend on them
    // What the verdict depends on: a value pto-lint does not follow makes a violation unreportable (a proof still
    // counts), so such a query only gets a short try at a proof.
    std::set<std::string> Used = tokens(Q.property);
    for (const Term &H : Q.hypotheses)
      for (const std::string &Tk : tokens(H))
        Used.insert(Tk);
    std::set<std::string> Deps = closure(Facts, Used);
    std::string Why;
    for (const Symbol &S : U.symbols)
      if (Deps.count(S.name) && Why.empty())
        Why = "it depends on '" + S.display + "' of the implementation" + (S.understood ? "" : " (" + S.why + ")");
    for (const Symbol &S : C.symbols)
      if (Deps.count(S.name) && !S.understood && Why.empty())
        Why = "it depends on '" + S.display + "', which pto-lint could not follow (" + S.why + ")";
    if (!Why.empty())
      Q.proofOnly = Why;
    if (A) {
      Q.decls.insert(Q.decls.end(), A->decls.begin(), A->decls.end());
      Q.hypotheses.insert(Q.hypotheses.end(), A->hypotheses.begin(), A->hypotheses.end());
    }
    // Decided with the valid dims within their tiles, which only pto-tile-valid-bounds checks, where the call's path
    // implies that. Elsewhere the check is decided without it: a proof is one; a check that depends on a value
    // pto-lint does not follow is not followed, as anywhere; otherwise, with them, a proof means it holds only within
    // the tiles (not followed), and a violation is one for some values (those within the tiles), not for all.
    auto Start = std::chrono::steady_clock::now();
    bool Bounded = A || wellFormed();
    if (!Bounded)
      Q.sharedHypotheses = forQueries().PathOnly;
    if (!E.Opts.dumpDir.empty())
      std::ofstream(E.Opts.dumpDir + "/" + UpstreamAssertId + "-" + std::to_string(++E.Dumped) + ".smt2")
          << z3model::Solver::toSmtLib(Q);
    z3model::Result Res = E.Solver.check(Q);
    if (!Bounded && Res.verdict != Verdict::Proved && Why.empty()) {
      Q.sharedHypotheses = forQueries().PathAndWellFormed;
      Res = E.Solver.check(Q);
      if (Res.verdict == Verdict::Proved) {
        NotFollowed("it holds only while the valid dims lie within their tiles, which the call's path does not imply "
                    "(pto-tile-valid-bounds)");
        continue;
      }
      if (Res.verdict == Verdict::ViolatedAlways)
        Res.verdict = Verdict::ViolatedSometimes;
    }
    Decided(Start);
    if (Res.verdict == Verdict::Proved) {
      Proved();
      continue;
    }
    if (!Why.empty()) {
      NotFollowed(Why);
      continue;
    }
    if (Res.verdict != Verdict::ViolatedAlways && Res.verdict != Verdict::ViolatedSometimes) {
      NotFollowed("not decided (" + Res.reason + ")");
      continue;
    }
    if (!U.exact) {
      // Under assumeRules, say that the rules accept values that fail it: a disagreement only the guard can undo.
      NotFollowed(std::string("a guard on its path is not modelled") +
                  (A ? " (the rules accept values that fail it: assume-rules)" : ""));
      continue;
    }
    Report(U, Ts, Res, Deps, A);
  }
  if (Op.checks) {
    Op.calls = 1;
    Op.decided = Op.notFollowed ? 0 : 1;
    T.upstreamOps[C.op].add(Op);
  }
}

const Engine::CallRun::Assumption &Engine::CallRun::assumed(Target Tg) {
  auto [It, New] = Assumptions.try_emplace(Tg);
  Assumption &A = It->second;
  if (!New)
    return A;
  std::set<std::string> Free;
  for (const Check &K : Planned) {
    if (K.target != Tg)
      continue;
    const Reading &Rd = *K.reading;
    // A fact the rule names that the call does not have is a free value, as in decide.
    for (const std::string &Tk : missingFacts(Rd))
      if (Free.insert(Tk).second)
        A.decls.push_back({Tk, std::nullopt, std::nullopt, std::nullopt});
    // The rule's lets under names of the check's own: rules share let names (E, need), and a rule checked per
    // operand has other lets for each.
    std::string Prefix = K.rule->id + "/" + (K.role.empty() ? "call" : K.role) + "/";
    auto Own = [&](const Term &X) {
      return X ? term::rename(X, [&](const std::string &N) { return Rd.letTerms.count(N) ? Prefix + N : ""; })
               : Term();
    };
    bool Read = bool(Rd.property);
    for (const auto &[N, Text] : K.variant->let) {
      A.decls.push_back({Prefix + N, std::nullopt, std::nullopt, Own(Rd.letTerms.at(N))});
      Read &= bool(*A.decls.back().definition);
    }
    A.hypotheses.push_back(Own(Rd.property));
    if (!Read && A.skip.empty())
      A.skip = "the terms of rule " + K.rule->id + " could not be read (assume-rules)";
  }
  if (!A.skip.empty())
    return A;
  // Lifted checks are compared only where the rules accept some value of the call: under obligations no value
  // meets (a rule that always fails, or rules that contradict each other) every check would be proved.
  Query Q;
  Q.name = std::string(UpstreamAssertId) + " assume-rules " + targetName(Tg) + " " + C.loc.file + ":" +
           std::to_string(C.loc.line);
  Q.prelude = E.Rules.prelude();
  Q.shared = forQueries().Shared;
  Q.sharedHypotheses = forQueries().PathAndWellFormed;
  Q.decls = A.decls;
  Q.hypotheses = A.hypotheses;
  Q.property = Term::boolean(false);
  Q.pool = 1;
  z3model::Result Res = E.Solver.check(Q);
  if (Res.verdict == Verdict::Proved)
    A.skip = "the rules planned for the call on " + std::string(targetName(Tg)) +
             " accept none of its values (assume-rules): nothing to compare";
  else if (Res.verdict != Verdict::ViolatedAlways && Res.verdict != Verdict::ViolatedSometimes)
    A.skip = "whether the rules planned for the call on " + std::string(targetName(Tg)) +
             " accept one of its values was not decided (assume-rules; " + Res.reason + ")";
  return A;
}

void Engine::CallRun::merge(std::vector<Explained> Xs, std::vector<Finding> &Out) {
  std::vector<Explained> Merged;
  for (Explained &X : Xs) {
    auto It = std::find_if(Merged.begin(), Merged.end(), [&](const Explained &M) { return M.sameBut(X); });
    if (It != Merged.end())
      It->finding.targets.push_back(X.finding.target);
    else
      Merged.push_back(std::move(X));
  }
  for (Explained &X : Merged) {
    Finding &F = X.finding;
    // Portability: with several targets configured, say where the call is fine.
    auto H = Holds.find(X.key);
    if (E.Opts.targets.size() > 1 && H != Holds.end() && F.status != Status::Error)
      X.note({}, TargetText("portability: legal on " + joinTargets(H->second) + ", " +
                            (F.status == Status::Unknown ? "not proved" : "illegal") + " on ")
                     .target());
    std::string Ts = joinTargets(F.targets);
    F.message = X.message.str(Ts);
    F.help = X.help.str(Ts);
    for (auto &[L, Text] : X.notes)
      F.notes.push_back({L, Text.str(Ts)});
    Out.push_back(std::move(F));
  }
}

void Engine::check(const CallSite &C, std::vector<Finding> &Out, Tally &T) {
  size_t From = Out.size();
  checkCall(C, Out, T);
  // What a baseline fingerprint is made of besides rule, op and file (driver/Baseline.h).
  std::vector<std::string> Types;
  for (const Operand &O : C.operands)
    Types.push_back(O.tile.typeSpelling);
  for (size_t I = From; I < Out.size(); ++I) {
    Out[I].callText = C.text;
    Out[I].operandTypes = Types;
    if (Out[I].tiles.empty()) // findings the rules' explanation did not make (upstream's checks)
      Out[I].tiles = tileViews(C, nullptr, {});
  }
}

void Engine::checkCall(const CallSite &C, std::vector<Finding> &Out, Tally &T) {
  ++T.callSites;
  ++T.opCalls[C.op];
  T.opLocations[C.op].emplace(C.loc.file, C.loc.line, C.loc.col);
  // A call none of whose rules can be decided: one unknown finding for the whole call, with the reason.
  auto Undecidable = [&](const char *Id, const std::string &Why, const char *Help) {
    Finding F;
    F.ruleId = Id;
    F.op = C.op;
    F.status = Status::Unknown;
    F.severity = Severity::Warning;
    if (std::optional<std::string> Where = anchor(F, C))
      F.notes.push_back({C.loc, *Where});
    F.function = C.function;
    F.message = "cannot check " + C.op + ": " + Why;
    F.targets = Opts.targets;
    F.target = Opts.targets.empty() ? Target::A2A3 : Opts.targets.front();
    F.help = Help;
    ++T.unknown;
    for (Target Tg : F.targets)
      ++T.ends[{C.op, Tg}].unknown;
    Out.push_back(F);
  };
  // A call the front end could not resolve: nothing of it can be proved.
  if (!C.unresolved.empty())
    return Undecidable(CallUnresolvedId, C.unresolved,
                       "fix the compile errors reported for this file; pto-lint checks the call once it resolves");
  // An operand that is not a recognised tile makes every rule of the call undecidable.
  for (const Operand &O : C.operands)
    if (!O.tile.isTile && !O.tile.isEvent && !O.tile.isReg && !O.tile.isMask)
      return Undecidable(OperandUnrecognisedId,
                         "operand '" + O.tile.expr + "' has type '" + O.tile.typeSpelling +
                             "', which is not a recognised pto::Tile",
                         "pass a pto::Tile (or a type derived from one) so pto-lint can read its shape");
  // An op only upstream's checks describe whose implementation reaches none (TASSIGN): nothing to decide, so not
  // even the call's facts are made.
  if (!decides(C))
    return;

  CallRun Run(*this, C, T);
  std::vector<CallRun::Check> Failed;
  std::vector<CallRun::Explained> Xs;
  Run.Planned = Run.plan();
  for (const CallRun::Check &K : Run.Planned) {
    ++T.checks;
    z3model::Result Res = Run.decide(K);
    if (Res.verdict == Verdict::Proved) {
      ++T.proved;
      Run.Holds[K.key()].push_back(K.target);
      Run.ended(K.target, CallEnd::Proved);
      continue;
    }
    CallRun::Explained X = Run.explain(K, Res);
    if (!Run.Sig && X.finding.status == Status::Unknown) {
      // An op only upstream's checks describe: what the rule planned for it does not decide is not followed, as its
      // upstream checks are (counted, listed by --coverage), not a warning on the user's line.
      --T.checks;
      --T.unknown;
      T.notFollow({C.loc.file, C.loc.line, C.op,
                   K.rule->id + ": " + (Res.reason.empty() ? "it depends on values pto-lint does not follow"
                                                            : Res.reason)},
                  C.loc);
      Run.ended(K.target, CallEnd::NotFollowed);
      continue;
    }
    bool Violated = X.finding.status == Status::ViolatedAlways || X.finding.status == Status::ViolatedSometimes;
    Run.ended(K.target, Violated ? CallEnd::Violated : CallEnd::Unknown);
    Xs.push_back(std::move(X));
    Failed.push_back(K);
  }
  Run.fix(Failed, Xs);
  Run.upstream(Xs);
  Run.merge(std::move(Xs), Out);
  Run.tallyEnds();
}

std::vector<std::string> factNames(const CallSite &C, const RuleSet &Rules) {
  const OpSignature *Sig = Rules.op(C.op);
  FactTable F = buildFacts(Rules, C, Sig, Sig ? Sig->overload(C.overload) : nullptr, nullptr);
  std::set<std::string> Names;
  for (const Decl &D : F.Decls)
    Names.insert(D.name);
  for (const auto &[N, T] : F.Text)
    Names.insert(N);
  for (const Symbol &S : C.symbols)
    Names.erase(S.name);
  return {Names.begin(), Names.end()};
}

void sortFindings(std::vector<Finding> &Fs) {
  std::stable_sort(Fs.begin(), Fs.end(), [](const Finding &A, const Finding &B) {
    return std::tie(A.loc.file, A.loc.line, A.loc.col, A.ruleId) < std::tie(B.loc.file, B.loc.line, B.loc.col, B.ruleId);
  });
}

} // namespace pto::checker
