// clangfe: what reaches a call within its function: writes to variables, dominance, and the guards on its path.
#include "ExtractImpl.h"

using namespace clang;

namespace pto::clangfe::extract {

ModifiedVars::ModifiedVars(const FunctionDecl *FD) {
  if (FD->getBody())
    TraverseStmt(FD->getBody());
}

void ModifiedVars::write(const VarDecl *V, const Expr *W) {
  Vars.insert(V);
  Writes[V].push_back(W);
}

bool ModifiedVars::VisitBinaryOperator(BinaryOperator *B) {
  if (B->isAssignmentOp())
    if (const VarDecl *V = referencedVar(B->getLHS()))
      write(V, B);
  return true;
}

bool ModifiedVars::VisitUnaryOperator(UnaryOperator *U) {
  if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
    if (const VarDecl *V = referencedVar(U->getSubExpr()))
      write(V, U->getOpcode() == UO_AddrOf ? nullptr : U); // address taken: any write possible
  return true;
}

bool ModifiedVars::VisitForStmt(ForStmt *F) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        LoopOf[V] = F;
  return true;
}

bool ModifiedVars::VisitVarDecl(VarDecl *D) {
  QualType T = D->getType();
  if (T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified())
    if (const VarDecl *V = referencedVar(D->getInit()))
      write(V, nullptr);
  return true;
}

bool ModifiedVars::VisitLambdaExpr(LambdaExpr *L) {
  for (const LambdaCapture &C : L->captures())
    if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
      if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
        write(V, nullptr);
  return true;
}

bool ModifiedVars::VisitCallExpr(CallExpr *C) {
  const FunctionDecl *FD = C->getDirectCallee();
  if (FD && FD->getIdentifier() && FD->getName() == "TASSIGN" && inPtoNamespace(FD) && C->getNumArgs() >= 1)
    if (const VarDecl *V = referencedVar(C->getArg(0)))
      Assigns[V].push_back(C);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C)) {
    if (const VarDecl *V = referencedVar(MC->getImplicitObjectArgument())) {
      StringRef N = MC->getMethodDecl() ? MC->getMethodDecl()->getName() : "";
      if (N == "SetValidShape" || N == "SetValidRow" || N == "SetValidCol")
        ShapeSets[V].push_back(MC);
      if (N.starts_with("Set"))
        Reshaped.insert(V);
    }
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(C); OC && OC->isAssignmentOp() && OC->getNumArgs() > 0)
    if (const VarDecl *V = referencedVar(OC->getArg(0)))
      Reshaped.insert(V);
  if (!FD)
    return true;
  // Passing a variable to a non-const reference parameter may change it.
  unsigned Offset = isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(FD) ? 1 : 0;
  for (unsigned I = Offset; I < C->getNumArgs(); ++I) {
    unsigned P = I - Offset;
    if (P >= FD->getNumParams())
      break;
    QualType PT = FD->getParamDecl(P)->getType();
    if (PT->isLValueReferenceType() && !PT.getNonReferenceType().isConstQualified())
      if (const VarDecl *V = referencedVar(C->getArg(I)); V && V->getType()->isIntegralOrEnumerationType())
        write(V, nullptr);
  }
  return true;
}

ModifiedVars &Finder::mods(const FunctionDecl *FD) {
  auto &P = ModCache[FD];
  if (!P)
    P = std::make_unique<ModifiedVars>(FD);
  return *P;
}

/// Statement parents within Fn's body. A per-function ParentMap, not ASTContext::getParents: that one indexes the
/// whole translation unit (system headers included) on first use, which cost more than everything else pto-lint
/// does on a typical kernel.
const Stmt *Finder::parent(const Stmt *S, const FunctionDecl *Fn) {
  if (!Fn)
    return nullptr;
  if (Fn != LastParentsOf) { // (the walks ask many parents in one function in a row)
    if (!Fn->getBody())
      return nullptr;
    auto &PM = Parents[Fn];
    if (!PM)
      PM = std::make_unique<ParentMap>(Fn->getBody());
    LastParentsOf = Fn;
    LastParents = PM.get();
  }
  return LastParents->getParent(S);
}

/// The innermost loop S is in, within the current function (a lambda's body ends the search), or null.
const Stmt *Finder::loopOf(const Stmt *S) {
  auto [It, New] = Loops.try_emplace(S, nullptr); // (a statement is in one function)
  if (!New)
    return It->second;
  const Stmt *P = S;
  for (int Depth = 0; Depth < 256; ++Depth) {
    P = parent(P);
    if (!P || isa<LambdaExpr>(P))
      break;
    if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) || isa<CXXForRangeStmt>(P)) {
      It->second = P;
      break;
    }
  }
  return It->second;
}

/// True if S is a full statement of a compound statement that encloses Target, before it.
bool Finder::dominates(const Stmt *S, const Stmt *Target) {
  // Walk S up to its statement in a compound.
  const Stmt *Child = S, *Parent = nullptr;
  while (true) {
    Parent = parent(Child);
    if (!Parent)
      return false;
    if (isa<CompoundStmt>(Parent))
      break;
    if (!isa<Expr>(Parent) && !isa<ExprWithCleanups>(Parent))
      return false; // inside an if/loop: not unconditional
    Child = Parent;
  }
  const auto *Block = cast<CompoundStmt>(Parent);
  // Is Target inside Block after Child?
  const Stmt *C2 = Target;
  while (true) {
    const Stmt *Parent = parent(C2);
    if (!Parent)
      return false;
    if (Parent == Block) {
      for (const Stmt *St : Block->body()) {
        if (St == Child)
          return true;
        if (St == C2)
          return false;
      }
      return false;
    }
    C2 = Parent;
  }
}

void Finder::addPath(CallSite &Site, CallTranslator &Tr, const Expr *Cond, bool Holds) {
  term::Term T = Tr.boolTerm(Cond);
  auto [It, New] = PathTexts.try_emplace(Cond);
  if (New)
    It->second = sourceText(Ctx, Cond->getSourceRange());
  const std::string &Text = It->second;
  Site.path.push_back({Holds ? T : term::Term::apply(term::Op::Not, {T}), Holds ? Text : "!(" + Text + ")",
                       locOf(Cond->getBeginLoc())});
}

static bool alwaysExits(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<CXXThrowExpr>(S) || isa<ContinueStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return !CS->body_empty() && alwaysExits(CS->body_back());
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee())
      return FD->isNoReturn();
  if (const auto *E = dyn_cast<ExprWithCleanups>(S))
    return alwaysExits(E->getSubExpr());
  return false;
}

/// Guards that hold whenever the call runs: enclosing if/else branches, loop conditions, && / ?: operands,
/// and earlier `if (c) return;` (continue, throw, noreturn call) and `assert(c)` statements of enclosing blocks.
void Finder::collectPath(const CallExpr *CE, CallTranslator &Tr, CallSite &Site) {
  const Stmt *Child = CE;
  for (int Depth = 0; Depth < 256; ++Depth) {
    const Stmt *Parent = parent(Child);
    if (!Parent)
      return; // reached the function (or a non-statement)
    if (isa<LambdaExpr>(Parent))
      return;
    if (const auto *If = dyn_cast<IfStmt>(Parent)) {
      if (!If->isConsteval()) {
        if (Child == If->getThen())
          addPath(Site, Tr, If->getCond(), true);
        else if (Child == If->getElse())
          addPath(Site, Tr, If->getCond(), false);
      }
    } else if (const auto *W = dyn_cast<WhileStmt>(Parent)) {
      if (Child == W->getBody())
        addPath(Site, Tr, W->getCond(), true);
    } else if (const auto *Fo = dyn_cast<ForStmt>(Parent)) {
      if (Child == Fo->getBody() && Fo->getCond())
        addPath(Site, Tr, Fo->getCond(), true);
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(Parent)) {
      if (Child == CO->getTrueExpr())
        addPath(Site, Tr, CO->getCond(), true);
      else if (Child == CO->getFalseExpr())
        addPath(Site, Tr, CO->getCond(), false);
    } else if (const auto *B = dyn_cast<BinaryOperator>(Parent)) {
      if (Child == B->getRHS() && B->getOpcode() == BO_LAnd)
        addPath(Site, Tr, B->getLHS(), true);
      else if (Child == B->getRHS() && B->getOpcode() == BO_LOr)
        addPath(Site, Tr, B->getLHS(), false);
    } else if (const auto *CS = dyn_cast<CompoundStmt>(Parent)) {
      exitGuards(CS, Child, Tr, Site);
    }
    Child = Parent;
  }
}

/// The guards of the statements of CS before Child that leave the block unless they hold: `if (c) return;` (or
/// continue, throw, a noreturn call) and `assert(c)`.
void Finder::exitGuards(const CompoundStmt *CS, const Stmt *Child, CallTranslator &Tr, CallSite &Site) {
  for (const Stmt *S : CS->body()) {
    if (S == Child)
      break;
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (If->isConsteval() || If->getConditionVariable())
        continue;
      if (alwaysExits(If->getThen()) && (!If->getElse() || !alwaysExits(If->getElse())))
        addPath(Site, Tr, If->getCond(), false);
      else if (If->getElse() && alwaysExits(If->getElse()) && !alwaysExits(If->getThen()))
        addPath(Site, Tr, If->getCond(), true);
    } else if (const auto *CO = isa<Expr>(S) ? dyn_cast<ConditionalOperator>(cast<Expr>(S)->IgnoreParenImpCasts())
                                              : nullptr) {
      // assert(c) expands to `c ? (void)0 : __assert_fail(...)`.
      if (alwaysExits(CO->getFalseExpr()->IgnoreParenImpCasts()))
        addPath(Site, Tr, CO->getCond(), true);
    }
  }
}

} // namespace pto::clangfe::extract
