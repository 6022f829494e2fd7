// clangfe: A5 vector registers (RegTensor), predicates (MaskReg) and their producers, and vector scopes.
#include "ExtractImpl.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"

#include <regex>

using namespace clang;

namespace pto::clangfe {
namespace extract {

const ClassTemplateSpecializationDecl *regSpecialization(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!S || S->getName() != "RegTensor" || S->getTemplateArgs().size() < 1 ||
      S->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return nullptr;
  const DeclContext *DC = S->getDeclContext();
  return (DC->isTranslationUnit() || inPtoNamespace(S)) ? S : nullptr;
}

bool isMaskType(QualType T) {
  T = T.getNonReferenceType();
  for (QualType Q = T; !Q.isNull();) {
    if (const auto *TD = Q->getAs<TypedefType>()) {
      StringRef N = TD->getDecl()->getName();
      if (N == "MaskReg" || N == "vector_bool")
        return true;
      Q = TD->getDecl()->getUnderlyingType();
      continue;
    }
    break;
  }
  const CXXRecordDecl *RD = T.getCanonicalType()->getAsCXXRecordDecl();
  return RD && (RD->getName() == "MaskReg" || RD->getName() == "vector_bool");
}

/// A register operand E of type R (a RegTensor specialization).
void CallTranslator::reg(const Expr *E, const ClassTemplateSpecializationDecl *R, TileFacts &T) {
  T.isReg = true;
  std::tie(T.dtype, T.dtypeName) = dtypeOf(Ctx, R->getTemplateArgs()[0].getAsType());
  T.typeSpelling = "RegTensor<" + T.dtypeName + ">";
  if (const VarDecl *VD = referencedVar(E))
    T.declLoc = toLoc(Ctx, VD->getLocation());
}

namespace {
/// The expression a predicate is read from: parentheses, implicit conversions, temporaries, copies, conversion
/// operators and casts to a predicate type (`(vector_bool &)p`) are looked through.
const Expr *peelMask(const Expr *E) {
  for (int Depth = 0; E && Depth < 32; ++Depth) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *EW = dyn_cast<ExprWithCleanups>(Next))
      Next = EW->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = B->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(Next); CE && CE->getNumArgs() == 1 &&
                                                                 isMaskType(CE->getArg(0)->getType()))
      Next = CE->getArg(0);
    else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Next);
             MC && isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
      Next = MC->getImplicitObjectArgument(); // a builtin's result converted to a predicate (the CCE prelude's)
    else if (const auto *C = dyn_cast<ExplicitCastExpr>(Next); C && isMaskType(C->getType()) &&
                                                               isMaskType(C->getSubExpr()->getType()))
      Next = C->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

MaskValue notFollowed(const std::string &Why) {
  MaskValue V;
  V.why = Why;
  return V;
}

/// A builtin that makes a predicate and returns it: `plt_bN(n, ...)` (partial, N-bit lanes), `pset_bN(PAT)` and
/// `pge_bN(PAT)` (all lanes for PAT_ALL, partial for another pattern).
std::optional<MaskValue> producer(const ASTContext &Ctx, const CallExpr *Call, const FunctionDecl *FD) {
  static const std::regex Re("(plt|pset|pge|pgt)_b(8|16|32)");
  std::smatch M;
  std::string Name = FD->getName().str();
  if (!std::regex_match(Name, M, Re))
    return std::nullopt;
  MaskValue V;
  V.origin = sourceText(Ctx, Call->getSourceRange());
  V.width = std::stoi(M[2].str());
  if (M[1].str() == "plt") {
    V.partial = 1;
    return V;
  }
  if (Call->getNumArgs() >= 1)
    if (const auto *DR = dyn_cast<DeclRefExpr>(Call->getArg(0)->IgnoreParenImpCasts()))
      if (isa<EnumConstantDecl>(DR->getDecl()) || isa<VarDecl>(DR->getDecl())) // pattern token: enum or constant
        V.partial = DR->getDecl()->getName() == "PAT_ALL" ? 0 : 1;
  if (V.partial < 0)
    V.why = "the pattern of '" + V.origin + "' is not read";
  return V;
}

/// The builtins that write a predicate through their leading arguments (A5 ISA, as pto-isa's a5 headers use them):
/// bitwise predicate ops combine their predicate operands; comparisons make a predicate of the compared registers'
/// lane width; interleaving, packing, loads and bit casts make one pto-lint does not follow. Any other builtin only
/// reads the predicates it is given.
struct MaskWriter {
  enum Kind { None, Combine, Compare, Opaque } kind = None;
  unsigned outs = 0; // how many leading arguments it writes
};
MaskWriter maskWriter(StringRef Name) {
  if (Name == "pand" || Name == "por" || Name == "pxor" || Name == "pnot" || Name == "psel" || Name == "pmov")
    return {MaskWriter::Combine, 1};
  if (Name.starts_with("vcmp"))
    return {MaskWriter::Compare, 1};
  if (Name.starts_with("pintlv_") || Name.starts_with("pdintlv_"))
    return {MaskWriter::Opaque, 2};
  if (Name == "ppack" || Name == "punpack" || Name == "pld" || Name == "pldi" || Name == "plds" ||
      Name == "pbitcast" || Name == "movp")
    return {MaskWriter::Opaque, 1};
  return {};
}

/// A builtin as the CCE prelude declares it (clangfe/prelude): a template taking any arguments (`A &&...`), whose
/// parameters say nothing about what it writes.
bool isCatchAllBuiltin(const FunctionDecl *FD) {
  const FunctionTemplateDecl *T = FD->getPrimaryTemplate();
  if (!T)
    return false;
  const FunctionDecl *Pattern = T->getTemplatedDecl();
  return Pattern->getNumParams() == 1 && Pattern->getParamDecl(0)->isParameterPack() &&
         Pattern->getParamDecl(0)->getType()->isRValueReferenceType();
}

/// The index of the parameter argument I of Call binds to (member operators take the object first), or -1.
long paramIndex(const CallExpr *Call, const FunctionDecl *FD, unsigned I) {
  unsigned Offset = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD) ? 1 : 0;
  return I < Offset ? -1 : static_cast<long>(I - Offset);
}

constexpr unsigned MaxMaskDepth = 48; // steps (an assignment, a call, a parameter) followed from one operand
} // namespace

MaskValue Predicates::join(const std::vector<MaskValue> &Vs, const std::string &What) {
  if (Vs.empty())
    return notFollowed(What + " is never set");
  for (const MaskValue &V : Vs)
    if (V.partial < 0 && V.width == 0)
      return V;
  MaskValue R = Vs.front();
  std::string Other;
  for (const MaskValue &V : Vs) {
    if (V.partial != R.partial)
      R.partial = -1;
    if (V.origin != R.origin && Other.empty())
      Other = V.origin;
  }
  // The width that matters is that of the partial producers: an all-true predicate is right at any width.
  std::optional<int64_t> W;
  bool Agree = true;
  bool AnyPartial = false;
  for (const MaskValue &V : Vs)
    AnyPartial |= V.partial != 0;
  for (const MaskValue &V : Vs) {
    if (AnyPartial && V.partial == 0)
      continue;
    if (!V.width || (W && *W != V.width))
      Agree = false;
    W = V.width;
  }
  R.width = Agree && W ? *W : 0;
  if (R.partial < 0 || !R.width) {
    for (const MaskValue &V : Vs)
      if (!V.why.empty()) {
        R.why = V.why;
        break;
      }
    if (R.why.empty())
      R.why = What + " comes from '" + R.origin + "' or '" + Other + "'";
  }
  return R;
}

const Predicates::Writes &Predicates::writes(const FunctionDecl *F, const VarDecl *V) {
  auto [It, New] = WriteCache.try_emplace(F);
  auto &Map = It->second;
  if (New && F->getBody()) {
    struct Collect : RecursiveASTVisitor<Collect> {
      Predicates &P;
      std::map<const VarDecl *, Writes> &Out;
      const FunctionDecl *F;
      Collect(Predicates &P, std::map<const VarDecl *, Writes> &Out, const FunctionDecl *F) : P(P), Out(Out), F(F) {}
      static const VarDecl *maskVar(const Expr *E) {
        const VarDecl *V = E ? referencedVar(peelMask(E)) : nullptr;
        return V && isMaskType(V->getType()) ? V : nullptr;
      }
      void escape(const VarDecl *V, const std::string &Why) {
        if (Out[V].why.empty())
          Out[V].why = Why;
      }
      bool VisitBinaryOperator(BinaryOperator *B) {
        if (const VarDecl *V = B->isAssignmentOp() ? maskVar(B->getLHS()) : nullptr)
          Out[V].defs.push_back(B);
        return true;
      }
      bool VisitUnaryOperator(UnaryOperator *U) {
        if (const VarDecl *V = U->getOpcode() == UO_AddrOf ? maskVar(U->getSubExpr()) : nullptr)
          escape(V, "its address is taken");
        return true;
      }
      bool VisitVarDecl(VarDecl *D) {
        QualType T = D->getType();
        if (T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified())
          if (const VarDecl *V = maskVar(D->getInit()))
            escape(V, "a reference to it is bound to '" + D->getName().str() + "'");
        return true;
      }
      bool VisitLambdaExpr(LambdaExpr *L) {
        for (const LambdaCapture &C : L->captures())
          if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
            if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()); V && isMaskType(V->getType()))
              escape(V, "a lambda captures it by reference");
        return true;
      }
      bool VisitCallExpr(CallExpr *C) {
        const FunctionDecl *FD = C->getDirectCallee();
        if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C); Op && Op->getOperator() == OO_Equal) {
          if (const VarDecl *V = C->getNumArgs() == 2 ? maskVar(C->getArg(0)) : nullptr)
            Out[V].defs.push_back(C);
          return true;
        }
        for (unsigned I = 0; I < C->getNumArgs(); ++I) {
          const VarDecl *V = maskVar(C->getArg(I));
          if (!V)
            continue;
          long PI = FD ? paramIndex(C, FD, I) : -1;
          if (FD && PI < 0)
            continue; // the object of a member call
          QualType PT = FD && PI < static_cast<long>(FD->getNumParams()) ? FD->getParamDecl(PI)->getType() : QualType();
          if (FD && !PT.isNull() && !(PT->isLValueReferenceType() && !PT.getNonReferenceType().isConstQualified()))
            continue; // by value or const reference: read
          std::string Name = FD && FD->getIdentifier() ? FD->getName().str() : "a function pointer";
          if (MaskWriter W = maskWriter(Name); FD && W.kind != MaskWriter::None) {
            if (I < W.outs)
              Out[V].defs.push_back(C);
          } else if (FD && (isCatchAllBuiltin(FD) || P.ReadOnly(FD))) {
            continue; // a builtin that reads the predicate (vmin, vsts, ...)
          } else if (!FD || PT.isNull() || P.writesParam(FD, static_cast<unsigned>(PI), 0)) {
            escape(V, "'" + Name + "' may write it");
          }
        }
        return true;
      }
    } C(*this, Map, F);
    C.TraverseStmt(F->getBody());
  }
  static const Writes None;
  auto W = Map.find(V);
  return W == Map.end() ? None : W->second;
}

/// Whether F (a function with a body) may write the predicate its parameter Index refers to; without a body, it
/// may.
bool Predicates::writesParam(const FunctionDecl *F, unsigned Index, unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!F->hasBody(Def) || Index >= Def->getNumParams() || Depth >= MaxMaskDepth || !Busy.insert(Def).second)
    return true;
  const Writes &W = writes(Def, Def->getParamDecl(Index));
  Busy.erase(Def);
  return !W.defs.empty() || !W.why.empty();
}

MaskValue Predicates::value(const Expr *E, const FunctionDecl *F, const ParamHook &Param, unsigned Depth) {
  E = peelMask(E);
  if (!E)
    return notFollowed("no predicate");
  std::string Text = sourceText(Ctx, E->getSourceRange());
  if (Depth >= MaxMaskDepth)
    return notFollowed("'" + Text + "' is followed " + std::to_string(MaxMaskDepth) + " steps deep and no further");
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return join({value(CO->getTrueExpr(), F, Param, Depth + 1), value(CO->getFalseExpr(), F, Param, Depth + 1)},
                "'" + Text + "'");
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->getIdentifier())
      return notFollowed("'" + Text + "' is not a call pto-lint follows");
    if (std::optional<MaskValue> V = producer(Ctx, Call, FD))
      return *V;
    const FunctionDecl *Def = nullptr;
    if (!isCatchAllBuiltin(FD) && FD->hasBody(Def))
      return returned(Def, Text, Depth + 1);
    return notFollowed("the predicate '" + FD->getName().str() + "' returns is not followed");
  }
  const VarDecl *V = referencedVar(E);
  if (!V)
    return notFollowed("'" + Text + "' is not a predicate pto-lint follows");
  return variable(V, F, Param, nullptr, Depth + 1);
}

MaskValue Predicates::variable(const VarDecl *V, const FunctionDecl *F, const ParamHook &Param, const Expr *Def,
                               unsigned Depth) {
  std::string Name = "'" + V->getName().str() + "'";
  bool Local = V->hasLocalStorage() && !V->getType()->isReferenceType();
  if (!Local && !isa<ParmVarDecl>(V))
    return notFollowed(Name + " is not a local predicate");
  const Writes &W = writes(F, V);
  if (!W.why.empty())
    return notFollowed(Name + " may change in a way pto-lint does not follow: " + W.why);
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    if (!W.defs.empty())
      return notFollowed(Name + " is a parameter assigned in its function");
    if (Param)
      if (std::optional<MaskValue> M = Param(P))
        return *M;
    return passed(P, Depth);
  }
  if (Def)
    return written(Def, V, F, Param, Depth);
  std::vector<MaskValue> Vs;
  const Expr *Init = V->getInit();
  const auto *Ctor = Init ? dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit()) : nullptr;
  // `MaskReg p;`: a register with no value yet, which the writes give it (reading it before is not judged here).
  if (Init && !(Ctor && Ctor->getNumArgs() == 0))
    Vs.push_back(value(Init, F, Param, Depth + 1));
  for (const Expr *D : W.defs)
    Vs.push_back(written(D, V, F, Param, Depth + 1));
  return join(Vs, Name);
}

/// The value the write Def (an assignment, or a builtin writing V through an argument) gives V.
MaskValue Predicates::written(const Expr *Def, const VarDecl *V, const FunctionDecl *F, const ParamHook &Param,
                              unsigned Depth) {
  if (const auto *B = dyn_cast<BinaryOperator>(Def))
    return B->getOpcode() == BO_Assign ? value(B->getRHS(), F, Param, Depth + 1)
                                       : notFollowed("'" + V->getName().str() + "' is updated with '" +
                                                     B->getOpcodeStr().str() + "'");
  const auto *Call = cast<CallExpr>(Def);
  if (isa<CXXOperatorCallExpr>(Call))
    return value(Call->getArg(1), F, Param, Depth + 1);
  const FunctionDecl *FD = Call->getDirectCallee();
  StringRef Name = FD->getName();
  MaskWriter K = maskWriter(Name);
  std::string Text = sourceText(Ctx, Call->getSourceRange());
  if (K.kind == MaskWriter::Compare) {
    MaskValue R;
    R.origin = Text;
    R.partial = 1;
    for (unsigned I = K.outs; I < Call->getNumArgs() && !R.width; ++I)
      if (const ClassTemplateSpecializationDecl *S = regSpecialization(Call->getArg(I)->IgnoreParenImpCasts()->getType()))
        if (unsigned Size = checker::dtypeSize(dtypeOf(Ctx, S->getTemplateArgs()[0].getAsType()).first))
          R.width = 8 * Size;
    if (!R.width)
      R.why = "the lane width of the registers '" + Name.str() + "' compares is not known";
    return R;
  }
  if (K.kind == MaskWriter::Combine) {
    // Lane by lane, predicates of one granularity combine into one of that granularity; it may be partial.
    std::vector<MaskValue> In;
    for (unsigned I = K.outs; I < Call->getNumArgs(); ++I)
      if (isMaskType(Call->getArg(I)->getType()))
        In.push_back(value(Call->getArg(I), F, Param, Depth + 1));
    MaskValue R = join(In, "an operand of '" + Text + "'");
    for (const MaskValue &M : In)
      if (M.width != R.width || (M.partial == 0 && !R.width))
        return notFollowed("'" + Text + "' combines predicates of different granularities");
    R.origin = Text;
    if (R.partial == 0 && Name != "pand" && Name != "por")
      R.partial = 1; // pxor, pnot and psel of all-true predicates need not be all-true
    return R;
  }
  return notFollowed("'" + Text + "' writes a predicate pto-lint does not follow");
}

MaskValue Predicates::returned(const FunctionDecl *F, const std::string &Origin, unsigned Depth) {
  auto It = Returned.find(F);
  if (It == Returned.end()) {
    if (!Busy.insert(F).second)
      return notFollowed("'" + F->getName().str() + "' is recursive");
    struct Collect : RecursiveASTVisitor<Collect> {
      std::vector<const ReturnStmt *> Out;
      bool TraverseLambdaExpr(LambdaExpr *) { return true; }
      bool VisitReturnStmt(ReturnStmt *R) {
        Out.push_back(R);
        return true;
      }
    } C;
    C.TraverseStmt(F->getBody());
    std::vector<MaskValue> Vs;
    for (const ReturnStmt *R : C.Out)
      Vs.push_back(value(R->getRetValue(), F, nullptr, Depth + 1));
    Busy.erase(F);
    It = Returned.emplace(F, join(Vs, "what '" + F->getName().str() + "' returns")).first;
  }
  MaskValue V = It->second;
  V.origin = Origin; // where the user wrote it: `CreatePredicate<T>(n)`, not the plt_bN inside
  return V;
}

/// What every caller in the TU passes for parameter P.
MaskValue Predicates::passed(const ParmVarDecl *P, unsigned Depth) {
  auto It = Passed.find(P);
  if (It != Passed.end())
    return It->second;
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  std::string Name = "'" + P->getName().str() + "'";
  if (!F || !Busy.insert(P).second)
    return notFollowed(Name + " is a parameter of a recursive function");
  const std::vector<CallRef> &Calls = Callers(F);
  std::vector<MaskValue> Vs;
  for (const auto &[Call, Caller] : Calls) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    unsigned Offset = Callee && isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
    unsigned I = P->getFunctionScopeIndex() + Offset;
    if (I >= Call->getNumArgs() || isa<CXXDefaultArgExpr>(Call->getArg(I))) {
      Vs.push_back(notFollowed(Name + " takes its default argument"));
      continue;
    }
    Vs.push_back(value(Call->getArg(I), Caller, nullptr, Depth + 1));
  }
  Busy.erase(P);
  MaskValue R = Calls.empty() ? notFollowed(Name + " is a parameter of '" + F->getName().str() +
                                            "', which nothing in the translation unit calls")
                              : join(Vs, "the " + Name + " its callers pass");
  return Passed.emplace(P, R).first->second;
}

/// In a loop, the write that reaches the call: the last one before it that always runs before it and is in the
/// call's innermost loop, when no other write comes between the two. A write after the call in the loop (upstream's
/// `p = CreatePredicate<T>(n)` at the top of the body, another predicate made below the call) reaches the call only
/// through the loop's next iteration, which runs the first write again.
const Expr *CallTranslator::reachingInLoop(const std::vector<const Expr *> &Defs) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&](SourceLocation A, SourceLocation B) { return SM.isBeforeInTranslationUnit(A, B); };
  SourceLocation LoopBegin = CallLoop->getBeginLoc(), LoopEnd = CallLoop->getEndLoc();
  const Expr *Last = nullptr;
  for (const Expr *D : Defs)
    if (SetDominates && SetDominates(D) && Before(D->getBeginLoc(), CallLoc) && Before(LoopBegin, D->getBeginLoc()) &&
        Before(D->getBeginLoc(), LoopEnd) && (!Last || Before(Last->getBeginLoc(), D->getBeginLoc())))
      Last = D;
  if (!Last)
    return nullptr;
  for (const Expr *D : Defs)
    if (D != Last && Before(Last->getBeginLoc(), D->getBeginLoc()) && Before(D->getBeginLoc(), CallLoc))
      return nullptr;
  return Last;
}

/// Where the predicate operand E comes from: a producer written at the call, a local variable (the write that
/// reaches the call, or all of them), a function returning one, or, for a parameter, the caller's argument in the
/// calling context (what every caller passes, when the call has none).
void CallTranslator::mask(const Expr *E, TileFacts &T) {
  const Expr *Src = peelMask(E);
  const VarDecl *VD = referencedVar(Src);
  if (VD)
    T.declLoc = toLoc(Ctx, VD->getLocation());
  auto Fill = [&](const MaskValue &V) {
    T.maskWidth = V.width;
    T.maskPartial = V.partial;
    T.maskOrigin = V.origin;
    T.maskWhy = V.why;
  };
  if (!Masks) {
    if (const auto *Call = dyn_cast<CallExpr>(Src); Call && Call->getDirectCallee())
      if (std::optional<MaskValue> V = producer(Ctx, Call, Call->getDirectCallee()))
        Fill(*V);
    return;
  }
  Predicates::ParamHook Param = [this](const ParmVarDecl *P) -> std::optional<MaskValue> {
    const TileFacts *Caller = ParamTile ? ParamTile(P) : nullptr;
    if (!Caller)
      return std::nullopt;
    return MaskValue{Caller->maskWidth, Caller->maskPartial, Caller->maskOrigin, Caller->maskWhy};
  };
  if (const auto *P = dyn_cast_or_null<ParmVarDecl>(VD); P && ParamTile) {
    const Predicates::Writes &W = Masks->writes(Fn, P);
    if (W.defs.empty() && W.why.empty())
      if (const TileFacts *Caller = ParamTile(P)) {
        T = *Caller; // the caller's predicate, as the caller has it at the call
        return;
      }
  }
  if (VD && !isa<ParmVarDecl>(VD) && VD->hasLocalStorage() && !VD->getType()->isReferenceType()) {
    const Predicates::Writes &W = Masks->writes(Fn, VD);
    const Expr *Reaching = W.why.empty() ? reaching(W.defs) : nullptr;
    if (!Reaching && W.why.empty() && CallLoop)
      Reaching = reachingInLoop(W.defs);
    bool AnyBefore = false;
    for (const Expr *D : W.defs)
      AnyBefore |= Ctx.getSourceManager().isBeforeInTranslationUnit(D->getBeginLoc(), CallLoc);
    if (!Reaching && W.why.empty() && !AnyBefore && !CallInLoop && VD->getInit()) {
      // No write comes before the call: the initialiser's value reaches it.
      const auto *Ctor = dyn_cast<CXXConstructExpr>(VD->getInit()->IgnoreImplicit());
      if (!Ctor || Ctor->getNumArgs() != 0) {
        Fill(Masks->value(VD->getInit(), Fn, Param));
        return;
      }
    }
    Fill(Masks->variable(VD, Fn, Param, Reaching));
    return;
  }
  Fill(Masks->value(Src, Fn, Param));
}

/// A register op runs in a vector scope: inside a `__VEC_SCOPE__` block or a `__simd_vf__` function, or in a
/// function whose every call in the TU does (helpers such as upstream's `Op::ReduceInstr`, called from inside the
/// scope), followed up to 4 callers deep. A function that nothing in the TU calls is judged by its own text.
bool Finder::inVectorScope(const CallExpr *CE, const FunctionDecl *Fn, unsigned Depth) {
  if (lexicallyInVectorScope(CE, Fn))
    return true;
  if (!Fn || Depth >= 4)
    return false;
  const std::vector<CallRef> &Calls = callers(Fn);
  if (Calls.empty())
    return false;
  for (const auto &[Call, Caller] : Calls)
    if (!inVectorScope(Call, Caller, Depth + 1))
      return false;
  return true;
}

/// Inside a block opened by `__VEC_SCOPE__ {`, or a function declared with `__simd_vf__`.
bool Finder::lexicallyInVectorScope(const CallExpr *CE, const FunctionDecl *Fn) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Follows = [&](SourceRange Macro, SourceLocation Brace) {
    Brace = SM.getFileLoc(Brace);
    SourceLocation End = SM.getFileLoc(Macro.getEnd());
    if (SM.getFileID(End) != SM.getFileID(Brace))
      return false;
    unsigned From = SM.getFileOffset(Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts()));
    unsigned To = SM.getFileOffset(Brace);
    if (From > To)
      return SM.getFileOffset(SM.getFileLoc(Macro.getBegin())) <= To; // the macro itself opens the block
    StringRef Buf = SM.getBufferData(SM.getFileID(Brace));
    return Buf.substr(From, To - From).find_first_not_of(" \t\r\n") == StringRef::npos;
  };
  const Stmt *N = CE;
  for (int Depth = 0; Depth < 256 && (N = parent(N, Fn)); ++Depth)
    if (const auto *CS = dyn_cast<CompoundStmt>(N))
      for (SourceRange R : Scopes.vecScope)
        if (Follows(R, CS->getLBracLoc()))
          return true;
  if (Fn && Fn->getBody()) {
    SourceLocation Begin = SM.getFileLoc(Fn->getSourceRange().getBegin());
    SourceLocation Body = SM.getFileLoc(Fn->getBody()->getBeginLoc());
    for (SourceRange R : Scopes.simdFunction) {
      SourceLocation L = SM.getFileLoc(R.getBegin());
      if (SM.getFileID(L) != SM.getFileID(Begin))
        continue;
      // `__simd_vf__ void f(...)`: an empty macro right before the declaration, or inside it before the body.
      if (Follows(R, Begin) || (!SM.isBeforeInTranslationUnit(L, Begin) && SM.isBeforeInTranslationUnit(L, Body)))
        return true;
    }
  }
  return false;
}

namespace {
class ScopeRecorder : public PPCallbacks {
public:
  explicit ScopeRecorder(std::shared_ptr<ScopeMacros> Out) : Out(std::move(Out)) {}
  void MacroExpands(const Token &Name, const MacroDefinition &, SourceRange Range, const MacroArgs *) override {
    if (const IdentifierInfo *II = Name.getIdentifierInfo()) {
      if (II->getName() == "__VEC_SCOPE__")
        Out->vecScope.push_back(Range);
      else if (II->getName() == "__simd_vf__")
        Out->simdFunction.push_back(Range);
    }
  }

private:
  std::shared_ptr<ScopeMacros> Out;
};
} // namespace

} // namespace extract

void recordScopeMacros(Preprocessor &PP, std::shared_ptr<ScopeMacros> Out, bool UpstreamChecks) {
  PP.addPPCallbacks(std::make_unique<extract::ScopeRecorder>(Out));
  if (UpstreamChecks) {
    Out->upstream = true;
    recordUpstreamAsserts(PP, std::move(Out));
  }
}

} // namespace pto::clangfe
