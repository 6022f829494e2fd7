// clangfe: integer values as terms: constants, variables followed to their values, parameters,
// loop counters, the block index, casts, and a tile's valid shape at the call; the symbols they are over.
#include "ExtractImpl.h"

#include "driver/NpuCommand.h"
#include "llvm/Support/Path.h"
#include "support/Decimal.h"

using namespace clang;
using pto::checker::Symbol;
using pto::term::Op;

namespace pto::clangfe::extract {

std::string CallTranslator::freshName(const std::string &Base) {
  std::string N = SymbolPrefix + Base;
  for (unsigned K = 2;; ++K) {
    bool Taken = false;
    for (const Symbol &S : Site.symbols)
      Taken |= S.name == N;
    if (!Taken)
      return N;
    N = SymbolPrefix + Base + "." + std::to_string(K);
  }
}

CallTranslator::Term CallTranslator::asInt(const Term &T) {
  return T.sort() == pto::term::Sort::Int ? T : Term::apply(Op::Ite, {T, Term::literal(1), Term::literal(0)});
}

CallTranslator::Term CallTranslator::asBool(const Term &T) {
  return T.sort() == pto::term::Sort::Bool ? T : Term::apply(Op::Not, {Term::apply(Op::Eq, {T, Term::literal(0)})});
}

CallTranslator::Term CallTranslator::symbol(const std::string &Base, const std::string &Display, int64_t Lo,
                                            int64_t Hi, bool Understood, const std::string &Why, SourceLocation L) {
  for (const Symbol &S : Site.symbols)
    if (S.display == Display && S.understood == Understood && Understood)
      return Term::var(S.name);
  Symbol S;
  S.name = freshName(Base);
  S.display = Display;
  S.lo = Lo;
  S.hi = Hi;
  S.understood = Understood;
  S.why = Why;
  S.loc = toLoc(Ctx, L);
  Site.symbols.push_back(S);
  if (!Understood)
    Site.notUnderstood.push_back(Display);
  return Term::var(S.name);
}

CallTranslator::Term CallTranslator::opaque(const Expr *E, const std::string &Why, const std::string &Part) {
  // One occurrence of an expression (and part of it) is one value, however often the call's facts reach it.
  SourceLoc At = toLoc(Ctx, E->getBeginLoc());
  std::string Text = sourceText(Ctx, E->getSourceRange());
  std::string Display = Part.empty() ? (Text.empty() ? "<expression>" : Text) : Part;
  for (const Symbol &S : Site.symbols)
    if (!S.understood && S.why == Why && S.display == Display && S.loc == At)
      return Term::var(S.name);
  return symbol("opaque" + std::to_string(++Opaque), Display, INT64_MIN / 4, INT64_MAX / 4, false, Why,
                E->getBeginLoc());
}

std::pair<int64_t, int64_t> CallTranslator::range(QualType T) {
  T = T.getCanonicalType();
  if (T->isBooleanType())
    return {0, 1};
  if (!T->isIntegralOrEnumerationType())
    return {INT64_MIN / 4, INT64_MAX / 4};
  uint64_t Bits = Ctx.getTypeSize(T);
  bool Signed = T->isSignedIntegerOrEnumerationType();
  if (Bits >= 63)
    return Signed ? std::pair<int64_t, int64_t>{INT64_MIN / 4, INT64_MAX / 4}
                  : std::pair<int64_t, int64_t>{0, INT64_MAX / 4};
  int64_t Span = int64_t(1) << Bits;
  return Signed ? std::pair<int64_t, int64_t>{-Span / 2, Span / 2 - 1} : std::pair<int64_t, int64_t>{0, Span - 1};
}

/// For a counter of an enclosing `for` loop that only its increment changes, by a constant step: the step. Read in
/// another value (Nested > 0), the counter is the call's only where that value is read anew in each iteration,
/// before the call (ReadAt in the loop's body): its increment runs after the body, so it has not changed since.
std::optional<int64_t> CallTranslator::inductionStep(const VarDecl *VD) {
  auto L = Mods.LoopOf.find(VD);
  if (L == Mods.LoopOf.end() || !L->second->getInc() || !L->second->getBody() || !VD->getInit())
    return std::nullopt;
  const ForStmt *F = L->second;
  const SourceManager &SM = Ctx.getSourceManager();
  if (!SM.isPointWithin(CallLoc, F->getBody()->getBeginLoc(), F->getBody()->getEndLoc()))
    return std::nullopt; // the call is not in this loop's body
  if (Nested > 0 &&
      (!ReadAt || !SM.isPointWithin(ReadAt->getBeginLoc(), F->getBody()->getBeginLoc(), F->getBody()->getEndLoc())))
    return std::nullopt; // read before the loop, or where the iteration it was read in is not known
  std::optional<int64_t> Step;
  for (const Expr *W : Mods.Writes[VD]) {
    if (!W || !SM.isPointWithin(W->getBeginLoc(), F->getInc()->getBeginLoc(), F->getInc()->getEndLoc()))
      return std::nullopt;
    int64_t S = 0;
    if (const auto *U = dyn_cast<UnaryOperator>(W)) {
      S = U->isIncrementOp() ? 1 : -1;
    } else if (const auto *B = dyn_cast<CompoundAssignOperator>(W)) {
      Expr::EvalResult R;
      if ((B->getOpcode() != BO_AddAssign && B->getOpcode() != BO_SubAssign) || !B->getRHS()->EvaluateAsInt(R, Ctx))
        return std::nullopt;
      S = R.Val.getInt().getExtValue() * (B->getOpcode() == BO_AddAssign ? 1 : -1);
    } else {
      return std::nullopt;
    }
    if (S == 0 || (Step && *Step != S))
      return std::nullopt;
    Step = S;
  }
  return Step;
}

/// A loop counter read in its loop's body: any value from its start onwards (in the step's direction) that
/// satisfies the loop condition, which collectPath adds from the enclosing ForStmt.
CallTranslator::Term CallTranslator::loopCounter(const VarDecl *VD, int64_t Step) {
  std::string Name = VD->getName().str();
  auto [Lo, Hi] = range(VD->getType());
  Term Sym = symbol(Name, Name, Lo, Hi, true, "", VD->getLocation());
  Term Start = asInt(readAt(VD->getInit(), VD->getInit())); // read where the loop starts
  std::string StartText = sourceText(Ctx, VD->getInit()->getSourceRange());
  Term Cond = Term::apply(Step > 0 ? Op::Ge : Op::Le, {Sym, Start});
  auto Add = [&](const Term &T, const std::string &Text) {
    for (const checker::PathCondition &P : Site.path)
      if (pto::term::equal(P.term, T))
        return;
    Site.path.push_back({T, Text, toLoc(Ctx, VD->getLocation())});
  };
  Add(Cond, Name + (Step > 0 ? " >= " : " <= ") + StartText + " (loop counter)");
  if (Step != 1 && Step != -1)
    Add(Term::apply(Op::Eq, {Term::apply(Op::Mod, {Term::apply(Op::Sub, {Sym, Start}),
                                                   Term::literal(Step < 0 ? -Step : Step)}),
                             Term::literal(0)}),
        Name + " advances in steps of " + std::to_string(Step));
  return Sym;
}

CallTranslator::Term CallTranslator::readAt(const Expr *E, const Stmt *At) {
  if (Depth >= 64)
    return opaque(E, "values are read in values too deeply");
  const Stmt *Saved = ReadAt;
  // Read inside a value whose reading point is not known, the point stays unknown (a static local's initialiser
  // runs once, whatever the locals it reads).
  ReadAt = Nested > 0 && !Saved ? nullptr : At;
  ++Nested;
  ++Depth;
  Term T = translate(E);
  --Depth;
  --Nested;
  ReadAt = Saved;
  return T;
}

CallTranslator::Term CallTranslator::varRef(const VarDecl *VD, const Expr *E) {
  if (const auto *P = dyn_cast<ParmVarDecl>(VD))
    if (auto It = Bound.find(P); It != Bound.end())
      return It->second;
  bool Modified = Mods.Vars.count(VD) > 0;
  if (const auto *P = dyn_cast<ParmVarDecl>(VD); P && !Modified && ParamValue)
    if (std::optional<Term> T = ParamValue(P))
      return *T;
  std::string Name = VD->getName().str();
  if (Modified)
    if (std::optional<int64_t> Step = inductionStep(VD))
      return loopCounter(VD, *Step);
  if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
    if (!Modified) {
      auto [Lo, Hi] = range(P->getType());
      return symbol(Name, Name, Lo, Hi, true, "", P->getLocation());
    }
  } else if (VD->getInit() && !Modified &&
             ((VD->hasLocalStorage() && !VD->getType()->isReferenceType()) || VD->getType().isConstQualified())) {
    // A local never changed after its initialisation, or a constant: its value is the initialiser's,
    // evaluated where it is declared. A static one is initialised once, where is not known.
    return readAt(VD->getInit(), VD->hasLocalStorage() ? VD->getInit() : nullptr);
  }
  if (Modified && !isa<ParmVarDecl>(VD) && VD->hasLocalStorage() && (Nested == 0 || ReadAt)) {
    // A local assigned with `=`: the assignment that reaches the call (or, read in another value, the point where
    // that value is read), or the initialiser if none comes before it. Values on the right are read where they
    // are written.
    std::vector<const BinaryOperator *> Assigns;
    bool Plain = true;
    for (const Expr *W : Mods.Writes[VD]) {
      const auto *B = dyn_cast_or_null<BinaryOperator>(W);
      if (!B || B->getOpcode() != BO_Assign)
        Plain = false;
      else
        Assigns.push_back(B);
    }
    if (Plain) {
      const SourceManager &SM = Ctx.getSourceManager();
      const Stmt *At = Nested > 0 ? ReadAt : nullptr;
      SourceLocation AtLoc = At ? At->getBeginLoc() : CallLoc;
      bool AnyBefore = false;
      for (const BinaryOperator *B : Assigns)
        AnyBefore |= SM.isBeforeInTranslationUnit(B->getBeginLoc(), AtLoc);
      if (const BinaryOperator *B = At ? reachingAt(Assigns, At) : reaching(Assigns))
        return readAt(B->getRHS(), B);
      if (std::optional<Term> V = conditionalAssigns(VD, Assigns, At))
        return *V;
      bool InLoop = At ? !InLoopAt || InLoopAt(At) : CallInLoop;
      if (!AnyBefore && !InLoop && VD->getInit())
        return readAt(VD->getInit(), VD->getInit());
    }
  }
  if (!Modified)
    return opaque(E, "the value of '" + Name + "' is not known here");
  if (Nested > 0 && !ReadAt)
    return opaque(E, "'" + Name + "' is read in another variable's value and changes before the call");
  return opaque(E, "'" + Name + "' is changed in the function in a way pto-lint does not follow (a conditional or "
                                "compound assignment, or a loop)");
}

/// A local whose every assignment before the read point (At, else the call) is the whole then-branch of an `if`
/// without else that always runs before that point, which is in no loop (`bool eq = a == b; if (eq && c) eq = d;`,
/// pto-isa a2a3 TRowExpandAdd.hpp:52-55): its initialiser, then in order each assignment's value where its `if`'s
/// condition holds, each read where it is written. Null when the assignments are not all of that form.
std::optional<CallTranslator::Term>
CallTranslator::conditionalAssigns(const VarDecl *VD, const std::vector<const BinaryOperator *> &Assigns,
                                   const Stmt *At) {
  if (!ParentOf || !VD->getInit() || Assigns.empty())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&SM](SourceLocation A, SourceLocation B) { return SM.isBeforeInTranslationUnit(A, B); };
  SourceLocation AtLoc = At ? At->getBeginLoc() : CallLoc;
  if (At ? !InLoopAt || InLoopAt(At) : CallInLoop)
    return std::nullopt;
  std::vector<std::pair<const IfStmt *, const BinaryOperator *>> Chain;
  for (const BinaryOperator *B : Assigns) {
    if (!Before(B->getBeginLoc(), AtLoc))
      continue; // after the read point, which is in no loop
    const Stmt *Then = B, *P = ParentOf(B);
    if (const auto *C = dyn_cast_or_null<CompoundStmt>(P); C && C->size() == 1) {
      Then = C;
      P = ParentOf(C);
    }
    const auto *If = dyn_cast_or_null<IfStmt>(P);
    if (!If || If->getThen() != Then || If->getElse() || If->getInit() || If->getConditionVariable() ||
        If->isConstexpr() || If->isConsteval() || !Before(If->getEndLoc(), AtLoc) ||
        !(At ? DominatesAt && DominatesAt(If, At) : SetDominates && SetDominates(If)))
      return std::nullopt;
    Chain.emplace_back(If, B);
  }
  if (Chain.empty())
    return std::nullopt;
  std::sort(Chain.begin(), Chain.end(),
            [&](const auto &X, const auto &Y) { return Before(X.first->getBeginLoc(), Y.first->getBeginLoc()); });
  Term V = asInt(wrapTo(readAt(VD->getInit(), VD->getInit()), VD->getType()));
  for (const auto &[If, B] : Chain) {
    Term New = asInt(wrapTo(readAt(B->getRHS(), B), VD->getType()));
    V = Term::apply(Op::Ite, {asBool(readAt(If->getCond(), If)), New, V});
  }
  return VD->getType()->isBooleanType() ? asBool(V) : V;
}

/// `block_idx` / `get_block_idx()` (bisheng built-ins): below the block count of every launch of the kernel in
/// the TU; not known when the kernel is launched elsewhere or with a block count that is not a constant.
std::optional<CallTranslator::Term> CallTranslator::blockIndex(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  const NamedDecl *D = nullptr;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    D = dyn_cast<VarDecl>(DR->getDecl());
  else if (const auto *CE = dyn_cast<CallExpr>(E); CE && CE->getNumArgs() == 0)
    D = CE->getDirectCallee();
  if (!D || !D->getDeclContext()->getRedeclContext()->isTranslationUnit() ||
      (D->getName() != "block_idx" && D->getName() != "get_block_idx"))
    return std::nullopt;
  std::optional<int64_t> Blocks = LaunchBlocks && Fn ? LaunchBlocks(Fn) : std::nullopt;
  if (!Blocks)
    return opaque(E, "the block index is known only for a kernel launched in this file with a constant block "
                     "count (`kernel<<<blocks, ...>>>`)");
  return symbol("block_idx", "block_idx", 0, *Blocks - 1, true, "", E->getBeginLoc());
}

/// (mod X K), with (mod (mod x m) K) written (mod x K) when the literal K divides the literal m: the same value, and
/// Z3 takes seconds to see through the nested form that the remainder of a value converted to a narrower unsigned
/// type makes (`(uint16_t)(i * 32) % 16`).
static CallTranslator::Term modTerm(const CallTranslator::Term &X, const CallTranslator::Term &K) {
  using T = CallTranslator::Term;
  auto Positive = [](const T &L) { return L && L.op() == Op::Int && L.fits() && L.value() > 0; };
  if (Positive(K) && X.op() == Op::Mod && Positive(X.args()[1]) && X.args()[1].value() % K.value() == 0)
    return T::apply(Op::Mod, {X.args()[0], K});
  return T::apply(Op::Mod, {X, K});
}

/// True if E's value is never negative by its type: a value of an unsigned type, also after an implicit conversion
/// to a wider signed type (the integral promotions: `uint16_t x; x % 16` is an int remainder of a non-negative int).
static bool nonNegativeByType(const ASTContext &Ctx, const Expr *E) {
  for (E = E->IgnoreParens();;) {
    if (E->getType()->isUnsignedIntegerOrEnumerationType())
      return true;
    const auto *C = dyn_cast<ImplicitCastExpr>(E);
    if (!C || (C->getCastKind() != CK_IntegralCast && C->getCastKind() != CK_LValueToRValue &&
               C->getCastKind() != CK_NoOp))
      return false;
    const Expr *Sub = C->getSubExpr()->IgnoreParens();
    if (C->getCastKind() == CK_IntegralCast && (!Sub->getType()->isUnsignedIntegerOrEnumerationType() ||
                                                Ctx.getIntWidth(Sub->getType()) >= Ctx.getIntWidth(C->getType())))
      return false;
    E = Sub;
  }
}

/// Operands arrive converted to their common type (the implicit casts in the AST); unsigned results wrap modulo
/// 2^N. Signed overflow is undefined behaviour, assumed not to happen.
CallTranslator::Term CallTranslator::binary(const BinaryOperator *B) {
  // Pointers (a tile's data()) are compared as addresses; arithmetic on them is not modelled (it scales).
  if ((B->getLHS()->getType()->isPointerType() || B->getRHS()->getType()->isPointerType()) &&
      B->getOpcode() != BO_EQ && B->getOpcode() != BO_NE)
    return opaque(B, "pointer arithmetic is not modelled");
  Term L = translate(B->getLHS()), Rt = translate(B->getRHS());
  auto Bin = [&](Op O) { return Term::apply(O, {asInt(L), asInt(Rt)}); };
  auto Arith = [&](Op O) { return wrapUnsigned(Bin(O), B->getType()); };
  // C division is SMT-LIB's div/mod when the dividend is not negative (the quotient truncates toward zero, the
  // remainder takes the dividend's sign), which unsigned operands are; only a signed one that may be negative needs
  // the truncating forms (prelude).
  bool Unsigned = B->getType()->isUnsignedIntegerOrEnumerationType();
  bool Euclidean = Unsigned || nonNegativeByType(Ctx, B->getLHS());
  auto Truncating = [&](const char *Fun) {
    return wrapUnsigned(Term::call(Fun, {asInt(L), asInt(Rt)}, pto::term::Sort::Int), B->getType());
  };
  switch (B->getOpcode()) {
  case BO_Add: return Arith(Op::Add);
  case BO_Sub: return Arith(Op::Sub);
  case BO_Mul: return Arith(Op::Mul);
  case BO_Div: return Euclidean ? Arith(Op::Div) : Truncating("cdiv");
  case BO_Rem: return Euclidean ? wrapUnsigned(modTerm(asInt(L), asInt(Rt)), B->getType()) : Truncating("crem");
  case BO_LT: return Bin(Op::Lt);
  case BO_GT: return Bin(Op::Gt);
  case BO_LE: return Bin(Op::Le);
  case BO_GE: return Bin(Op::Ge);
  case BO_EQ: return Bin(Op::Eq);
  case BO_NE: return Term::apply(Op::Not, {Bin(Op::Eq)});
  case BO_LAnd: return Term::apply(Op::And, {asBool(L), asBool(Rt)});
  case BO_LOr: return Term::apply(Op::Or, {asBool(L), asBool(Rt)});
  case BO_Comma: return Rt;
  default: return opaque(B, "operator '" + B->getOpcodeStr().str() + "' is not modelled");
  }
}

namespace {
/// Whether reading the variable E names is a value clang's constant evaluator cannot know outside a call it
/// evaluates: a function parameter ("function parameter with unknown value") or a local variable that is neither const
/// nor constexpr ("read of non-const variable is not allowed in a constant expression"). References are not: the
/// object they name may be.
bool namesRuntimeVariable(const Expr *E) {
  const auto *DR = dyn_cast<clang::DeclRefExpr>(E->IgnoreParens());
  const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!V || V->getType()->isReferenceType())
    return false;
  if (isa<ParmVarDecl>(V))
    return true;
  QualType T = V->getType();
  return V->hasLocalStorage() && !V->isConstexpr() && !T.isConstQualified() && T->isIntegralOrEnumerationType();
}

/// Whether clang's constant evaluator has to read such a variable to evaluate E, through operators that need every
/// operand (casts, arithmetic and comparisons; not `&&`, `||`, `?:`, the comma or an unevaluated operand). Asked
/// before each evaluation of a condition's levels, which fails there anyway.
bool readsRuntimeValue(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    if (C->getCastKind() == clang::CK_LValueToRValue && namesRuntimeVariable(C->getSubExpr()))
      return true;
    return readsRuntimeValue(C->getSubExpr());
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isLogicalOp() && !B->isCommaOp() && !B->isAssignmentOp() &&
           (readsRuntimeValue(B->getLHS()) || readsRuntimeValue(B->getRHS()));
  if (const auto *U = dyn_cast<clang::UnaryOperator>(E))
    switch (U->getOpcode()) {
    case clang::UO_Minus:
    case clang::UO_Plus:
    case clang::UO_Not:
    case clang::UO_LNot:
      return readsRuntimeValue(U->getSubExpr());
    default:
      return false;
    }
  return false;
}

bool integral(const Expr *E) { return E->getType()->isIntegralOrEnumerationType(); }
} // namespace

/// Whether E may have an integer value by clang's evaluator, as far as its operands' values tell (each evaluated once
/// and kept, so the translation's descent asks the evaluator once per node, not once per level above it). Exact, from
/// clang's evaluator:
/// - a parameter or a local variable that is neither const nor constexpr has no value outside a call it evaluates;
/// - a call has one only of a constexpr function or a builtin (`strlen` is folded too);
/// - an arithmetic, bitwise or comparison operator on integers fails when an operand fails, and computes an integer
///   only from integer operands; `&&` and `||` fail when both operands fail (`x && 0` is 0, with a side effect);
/// - an integer conversion and `-`, `+`, `~` need their operand's integer value.
/// Not `!` or a conversion to bool (which convert an address cast to an integer too), `?:`, the comma, nor operands of
/// other types (a float comparison has a value with no integer operand): those are evaluated.
bool CallTranslator::mayBeConstant(const Expr *E) {
  E = E->IgnoreParens();
  if (namesRuntimeVariable(E))
    return false;
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = C->getDirectCallee();
    return !F || F->isConstexpr() || F->getBuiltinID();
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isCommaOp() || B->isAssignmentOp() || !integral(B->getLHS()) || !integral(B->getRHS()))
      return true;
    bool Left = constantValue(B->getLHS()).has_value();
    return B->isLogicalOp() ? Left || constantValue(B->getRHS()) : Left && constantValue(B->getRHS());
  }
  // A conversion or unary operator that needs its operand's integer value.
  const Expr *Operand = nullptr;
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E)) {
    clang::CastKind K = C->getCastKind();
    if (K == clang::CK_IntegralCast || K == clang::CK_NoOp || K == clang::CK_LValueToRValue)
      Operand = C->getSubExpr();
  } else if (const auto *U = dyn_cast<clang::UnaryOperator>(E)) {
    clang::UnaryOperatorKind K = U->getOpcode();
    if (K == clang::UO_Minus || K == clang::UO_Plus || K == clang::UO_Not)
      Operand = U->getSubExpr();
  }
  return !Operand || !integral(Operand) || constantValue(Operand);
}

std::optional<int64_t> CallTranslator::constantValue(const Expr *E) {
  std::optional<int64_t> *Kept = nullptr;
  if (Evaluated) {
    auto [It, New] = Evaluated->try_emplace(E);
    if (!New)
      return It->second;
    Kept = &It->second;
  }
  std::optional<int64_t> Out;
  Expr::EvalResult R;
  if (mayBeConstant(E) && E->EvaluateAsInt(R, Ctx)) {
    llvm::APSInt V = R.Val.getInt();
    Out = V.isSigned() ? V.getExtValue() : static_cast<int64_t>(V.getZExtValue());
  }
  if (Kept)
    *Kept = Out; // an unordered_map's elements stay where they are when the operands' are added
  return Out;
}

CallTranslator::Term CallTranslator::translate(const Expr *E) {
  if (!E)
    return Term::literal(0);
  if (std::optional<Term> B = blockIndex(E))
    return *B;
  if (E->isValueDependent() || E->isTypeDependent())
    return opaque(E, "dependent expression");
  // Clang's error recovery gives a declaration that does not compile a value (a constexpr whose initialiser has a
  // syntax error is kept without one, and an instantiation value-initialises it to 0): not the program's value.
  const VarDecl *Named = referencedVar(E);
  const Expr *NamedInit = Named && Named->getInit() ? Named->getInit()->IgnoreImplicit() : nullptr;
  // A static constexpr member of a specialization whose initialiser clang did not instantiate: the substituted one.
  if (Named && !NamedInit && StaticInit && Named->isStaticDataMember() && Named->isConstexpr() &&
      !Named->isInvalidDecl() && !E->containsErrors() && Named->getType()->isIntegralOrEnumerationType())
    if (const Expr *Init = StaticInit(Named))
      return wrapTo(translate(Init), Named->getType());
  if (E->containsErrors() ||
      (Named && (Named->isInvalidDecl() || (NamedInit && NamedInit->containsErrors()) ||
                 (Named->isConstexpr() && (!NamedInit || isa<ImplicitValueInitExpr>(NamedInit))))))
    return opaque(E, Named ? "the declaration of '" + Named->getName().str() + "' does not compile"
                           : "the expression does not compile");
  if (E->getType()->isIntegralOrEnumerationType() && !readsRuntimeValue(E))
    if (std::optional<int64_t> X = constantValue(E))
      return Term::literal(*X);
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E))
    return cast(C);
  if (const auto *EW = dyn_cast<ExprWithCleanups>(E))
    return translate(EW->getSubExpr());
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return translate(M->getSubExpr());
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
      if (VD->getType()->isIntegralOrEnumerationType() || VD->getType()->isBooleanType())
        return varRef(VD, E);
    return opaque(E, "not an integer variable");
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return binary(B);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    Term S = translate(U->getSubExpr());
    switch (U->getOpcode()) {
    case UO_Minus: return wrapUnsigned(Term::apply(Op::Sub, {asInt(S)}), U->getType());
    case UO_Plus: return S;
    case UO_LNot: return Term::apply(Op::Not, {asBool(S)});
    default: return opaque(E, "operator '" + UnaryOperator::getOpcodeStr(U->getOpcode()).str() + "' is not modelled");
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Term Cn = translate(CO->getCond()), T = translate(CO->getTrueExpr()), F = translate(CO->getFalseExpr());
    return Term::apply(Op::Ite, {asBool(Cn), asInt(T), asInt(F)});
  }
  // Accessors of tiles and global tensors, called on an object (a static one too: `src.GetValidRow()` of a tile
  // with static valid dims is no constant expression when `src` is a reference parameter).
  const CallExpr *Call = dyn_cast<CallExpr>(E);
  const Expr *Obj = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    Obj = MC->getImplicitObjectArgument();
  else if (const auto *ME = Call ? dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts()) : nullptr)
    if (const auto *MD = dyn_cast<CXXMethodDecl>(ME->getMemberDecl()); MD && MD->isStatic())
      Obj = ME->getBase();
  if (Obj) {
    const FunctionDecl *M = Call->getDirectCallee();
    StringRef N = M && M->getIdentifier() ? M->getName() : "";
    bool ValidDim = N == "GetValidRow" || N == "GetValidCol";
    if ((ValidDim || (TileAddresses && N == "data" && Call->getNumArgs() == 0)) && tileSpecialization(Obj->getType())) {
      std::optional<TileFacts> Own;
      const TileFacts *T = callerTile(Obj);
      if (!T)
        T = &Own.emplace(tile(Obj->IgnoreParenImpCasts()));
      if (ValidDim)
        return (N == "GetValidRow" ? T->validRow : T->validCol).asTerm();
      // A tile's data(): the address TASSIGN placed it at (TileAddresses).
      if (T->hasAddr)
        return T->addr.asTerm();
      return opaque(E, "the address of '" + T->expr + "' is not known (no TASSIGN of it before the call)");
    }
    // A global tensor's GetShape(dim) / GetStride(dim) with a constant dim.
    Expr::EvalResult D;
    if ((N == "GetShape" || N == "GetStride") && Call->getNumArgs() == 1 && !Call->getArg(0)->isValueDependent() &&
        Call->getArg(0)->EvaluateAsInt(D, Ctx))
      return globalDim(Obj, static_cast<unsigned>(D.Val.getInt().getZExtValue()), N == "GetStride");
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (const FunctionDecl *FD = CE->getDirectCallee()) {
      StringRef N = FD->getName();
      // std::min/max, and the CCE scalar builtins (bisheng's min/max of two scalars, which a5 TPartBinOps.hpp:155
      // calls), declared by pto-lint's prelude (clangfe/prelude, `max(X, Y)`: X < Y ? Y : X).
      auto Builtin = [&] {
        const SourceManager &SM = Ctx.getSourceManager();
        return FD->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
               llvm::sys::path::filename(SM.getFilename(SM.getSpellingLoc(FD->getLocation()))) ==
                   driver::NpuPreludeFile;
      };
      if ((N == "min" || N == "max") && CE->getNumArgs() == 2 && (FD->isInStdNamespace() || Builtin()))
        return Term::call(N == "min" ? "min2" : "max2", {intTerm(CE->getArg(0)), intTerm(CE->getArg(1))},
                          pto::term::Sort::Int);
      if (!Obj)
        if (std::optional<Term> R = inlined(CE, FD))
          return *R;
    }
  }
  if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
    return Term::boolean(BL->getValue());
  return opaque(E, "expression not understood");
}

/// A call of a function whose body only returns, `if (c) return a; ... return b;`, over its parameters and constants:
/// the value it returns with the parameters bound to the call's arguments, constexpr or not (pto-isa's CeilDivision,
/// common/utils.hpp:71, which a2a3 TRem.hpp:196 asserts with). Nothing else is inlined.
std::optional<CallTranslator::Term> CallTranslator::inlined(const CallExpr *CE, const FunctionDecl *FD) {
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->hasBody() || Inlining >= 4 || isa<CXXMethodDecl>(Def) || Def->isVariadic() ||
      Def->getNumParams() != CE->getNumArgs() || !Def->getReturnType()->isIntegralOrEnumerationType())
    return std::nullopt;
  const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
  if (!Body || Body->body_empty())
    return std::nullopt;
  std::vector<std::pair<const Expr *, const Expr *>> Early; // (condition, value) of each `if (c) return v;`
  const Expr *Last = nullptr;
  for (const Stmt *S : Body->body()) {
    if (Last)
      return std::nullopt;
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      if (!(Last = R->getRetValue()))
        return std::nullopt;
      continue;
    }
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If || If->getElse() || If->getInit() || If->getConditionVariable() || If->isConstexpr() || If->isConsteval())
      return std::nullopt;
    const Stmt *Then = If->getThen();
    if (const auto *C = dyn_cast<CompoundStmt>(Then); C && C->size() == 1)
      Then = C->body_front();
    const auto *R = dyn_cast<ReturnStmt>(Then);
    if (!R || !R->getRetValue())
      return std::nullopt;
    Early.emplace_back(If->getCond(), R->getRetValue());
  }
  if (!Last)
    return std::nullopt;
  std::vector<Term> Args;
  for (const Expr *A : CE->arguments())
    Args.push_back(translate(A));
  BoundScope Scope(Bound);
  for (unsigned I = 0; I < Def->getNumParams(); ++I)
    Bound[Def->getParamDecl(I)] = Args[I];
  ++Inlining;
  QualType RT = Def->getReturnType();
  Term V = wrapTo(translate(Last), RT);
  for (auto It = Early.rbegin(); It != Early.rend(); ++It)
    V = Term::apply(Op::Ite, {asBool(translate(It->first)), asInt(wrapTo(translate(It->second), RT)), asInt(V)});
  --Inlining;
  return V;
}

/// 2^W as a literal (W <= 64), made once per W.
static CallTranslator::Term pow2(unsigned W) {
  static const std::vector<CallTranslator::Term> Powers = [] {
    std::vector<CallTranslator::Term> Out;
    for (unsigned I = 0; I <= 64; ++I)
      Out.push_back(CallTranslator::Term::numeral(support::decimal(static_cast<__int128>(1) << I)));
    return Out;
  }();
  return Powers.at(W);
}

/// The value of T converted to integer type Ty, as C++ converts: modulo 2^N into Ty's range.
CallTranslator::Term CallTranslator::wrapTo(const Term &T, QualType Ty) {
  Ty = Ty.getCanonicalType();
  if (Ty->isBooleanType())
    return asBool(T);
  if (!Ty->isIntegralOrEnumerationType())
    return T;
  unsigned W = static_cast<unsigned>(Ctx.getIntWidth(Ty));
  if (W == 0 || W > 64)
    return T;
  if (!Ty->isSignedIntegerOrEnumerationType())
    return modTerm(asInt(T), pow2(W));
  Term H = pow2(W - 1);
  return Term::apply(Op::Sub, {Term::apply(Op::Mod, {Term::apply(Op::Add, {asInt(T), H}), pow2(W)}), H});
}

CallTranslator::Term CallTranslator::wrapUnsigned(const Term &T, QualType Ty) {
  Ty = Ty.getCanonicalType();
  return Ty->isUnsignedIntegerOrEnumerationType() && !Ty->isBooleanType() ? wrapTo(T, Ty) : T;
}

/// True if every value of integer type From is a value of integer type To.
bool CallTranslator::fits(QualType From, QualType To) {
  From = From.getCanonicalType();
  To = To.getCanonicalType();
  if (!From->isIntegralOrEnumerationType() || !To->isIntegralOrEnumerationType() || To->isBooleanType())
    return false;
  if (From->isBooleanType())
    return true;
  uint64_t WF = Ctx.getIntWidth(From), WT = Ctx.getIntWidth(To);
  bool SF = From->isSignedIntegerOrEnumerationType(), ST = To->isSignedIntegerOrEnumerationType();
  return SF == ST ? WF <= WT : (!SF && ST && WF < WT);
}

/// Casts: value-preserving ones pass through; integral conversions wrap; anything else is not followed.
CallTranslator::Term CallTranslator::cast(const CastExpr *C) {
  const Expr *Sub = C->getSubExpr();
  switch (C->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp:
  case CK_ConstructorConversion:
  case CK_UserDefinedConversion:
    return translate(Sub);
  case CK_IntegralCast:
  case CK_BooleanToSignedIntegral:
    if (fits(Sub->getType(), C->getType()))
      return translate(Sub);
    return wrapTo(translate(Sub), C->getType());
  case CK_IntegralToBoolean:
    return asBool(translate(Sub));
  default:
    return opaque(C, std::string("conversion '") + C->getCastKindName() + "' is not modelled");
  }
}

/// A term that is an integer literal (of at most 17 digits) is a known fact.
IntFact CallTranslator::factOf(const Term &T) {
  bool Neg = T && T.op() == Op::Sub && T.args().size() == 1;
  const Term &Lit = Neg ? T.args()[0] : T;
  if (Lit && Lit.op() == Op::Int && Lit.name().size() < 18)
    return IntFact::known(Neg ? -Lit.value() : Lit.value());
  return IntFact::symbolic(T);
}

/// The valid row (or column) of tile variable VD at the call.
IntFact CallTranslator::dim(const VarDecl *VD, const Expr *E, TileFacts &T, bool Row) {
  int64_t Decl = Row ? T.declValidRow : T.declValidCol;
  if (Decl != -1)
    return IntFact::known(Decl);
  const char *What = Row ? "validRow" : "validCol";
  int64_t Bound = Row ? T.rows : T.cols;
  if (!VD)
    return IntFact::symbolic(opaque(E, std::string("the ") + What + " of a tile that is not a named variable"));
  auto Key = std::make_pair(VD, Row);
  if (auto It = DimCache.find(Key); It != DimCache.end())
    return factOf(It->second);
  std::string Name = VD->getName().str();
  Term Value;
  auto Sets = Mods.ShapeSets.find(VD);
  if (isa<ParmVarDecl>(VD)) {
    // A tile passed in: its valid region is the caller's; the caller's construction is checked there.
    Value = symbol(Name + "." + What, Name + "." + (Row ? "GetValidRow()" : "GetValidCol()"), 0, Bound, true, "",
                  VD->getLocation());
    T.validOrigin = "its valid region comes from the caller";
  } else if (Sets != Mods.ShapeSets.end()) {
    // SetValidShape sets both dims; SetValidRow/SetValidCol only theirs.
    std::vector<const CXXMemberCallExpr *> Relevant;
    for (const CXXMemberCallExpr *C : Sets->second) {
      StringRef N = C->getMethodDecl()->getName();
      if (N == "SetValidShape" || (N == "SetValidRow") == Row)
        Relevant.push_back(C);
    }
    const CXXMemberCallExpr *Set = reaching(Relevant);
    const Expr *Arg = nullptr;
    if (Set) {
      StringRef N = Set->getMethodDecl()->getName();
      if (N == "SetValidShape" && Set->getNumArgs() == 2)
        Arg = Set->getArg(Row ? 0 : 1);
      else if ((N == "SetValidRow") == Row && Set->getNumArgs() == 1)
        Arg = Set->getArg(0);
    }
    if (Arg) {
      Value = asInt(readAt(Arg, Set)); // the value when the region is set
      T.validOrigin = "valid region set at line " + std::to_string(toLoc(Ctx, Set->getBeginLoc()).line);
    } else {
      Value = opaque(E, std::string("'") + Name + "' has its valid region changed by SetValid* calls pto-lint does "
                                                  "not follow yet");
    }
  } else if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr)) {
    bool BothDynamic = T.declValidRow == -1 && T.declValidCol == -1;
    const Expr *Arg = nullptr;
    if (CE->getNumArgs() == 2 && BothDynamic)
      Arg = CE->getArg(Row ? 0 : 1);
    else if (CE->getNumArgs() == 1 && !BothDynamic && !CE->getArg(0)->getType()->getAsCXXRecordDecl())
      Arg = CE->getArg(0);
    if (Arg) {
      // The value when the tile is constructed, which later writes of the variables it reads do not change.
      Value = asInt(readAt(Arg, VD->hasLocalStorage() ? VD->getInit() : nullptr));
      T.validOrigin = "valid region from its constructor";
    } else if (CE->getNumArgs() == 0) {
      Value = opaque(E, std::string("'") + Name + "' is default-constructed, so its dynamic " + What +
                            " is never set");
    } else {
      Value = opaque(E, std::string("the constructor of '") + Name + "' is not understood");
    }
  } else {
    Value = opaque(E, std::string("the ") + What + " of '" + Name + "' is not known here");
  }
  DimCache[Key] = Value;
  return factOf(Value);
}

/// Records a launch of a kernel, `K<<<blocks, ...>>>(...)`, for launchBlocks.
void Finder::noteLaunch(const clang::CUDAKernelCallExpr *K) {
  const FunctionDecl *Kernel = K->getDirectCallee();
  if (!Kernel)
    return;
  Kernel = Kernel->getCanonicalDecl();
  const CallExpr *Config = K->getConfig();
  Expr::EvalResult R;
  std::optional<int64_t> Blocks;
  if (Config && Config->getNumArgs() > 0 && !Config->getArg(0)->isValueDependent() &&
      Config->getArg(0)->getType()->isIntegralOrEnumerationType() && Config->getArg(0)->EvaluateAsInt(R, Ctx) &&
      R.Val.getInt().getExtValue() >= 1)
    Blocks = R.Val.getInt().getExtValue();
  auto [It, New] = Launches.emplace(Kernel, Blocks);
  if (!New)
    It->second = It->second && Blocks ? std::optional<int64_t>(std::max(*It->second, *Blocks)) : std::nullopt;
}

/// The largest constant block count of the launches of kernel F in the TU (nullopt: none, or one not a constant).
std::optional<int64_t> Finder::launchBlocks(const FunctionDecl *F) {
  auto It = Launches.find(F->getCanonicalDecl());
  return It == Launches.end() ? std::nullopt : It->second;
}

} // namespace pto::clangfe::extract
