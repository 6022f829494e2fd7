// clang-plugin: walks the AST, reads pto::Tile template arguments, and translates valid-shape values and
// the guards on the path to a call into SMT-LIB2 terms over named symbols.
#include "Extract.h"

#include "z3model/Solver.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"

#include <regex>

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

using namespace clang;
using pto::checker::CallSite;
using pto::checker::DType;
using pto::checker::IntFact;
using pto::checker::SourceLoc;
using pto::checker::Symbol;
using pto::checker::TileFacts;

namespace pto::clangfe {

namespace {

SourceLoc toLoc(const ASTContext &Ctx, SourceLocation L) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLoc Out;
  if (L.isInvalid())
    return Out;
  L = SM.getFileLoc(L);
  FileID F = SM.getFileID(L);
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(F);
  if (!FE)
    return Out;
  Out.file = FE->getName().str();
  Out.line = SM.getSpellingLineNumber(L);
  Out.col = SM.getSpellingColumnNumber(L);
  return Out;
}

std::string sourceText(const ASTContext &Ctx, SourceRange R) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR = CharSourceRange::getTokenRange(SM.getFileLoc(R.getBegin()), SM.getFileLoc(R.getEnd()));
  StringRef T = Lexer::getSourceText(CR, SM, Ctx.getLangOpts());
  return T.str();
}

/// True if D is declared directly in namespace pto (inline namespaces in between are fine).
bool inPtoNamespace(const Decl *D) {
  const DeclContext *DC = D->getDeclContext();
  while (DC && DC->isInlineNamespace())
    DC = DC->getParent();
  const auto *NS = dyn_cast_or_null<NamespaceDecl>(DC);
  if (!NS || NS->getName() != "pto")
    return false;
  const DeclContext *P = NS->getParent();
  while (P && P->isInlineNamespace())
    P = P->getParent();
  return P && P->isTranslationUnit();
}

/// The pto::Tile specialization a type is or derives from.
const ClassTemplateSpecializationDecl *tileSpecialization(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  for (int Depth = 0; RD && Depth < 8; ++Depth) {
    if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      if (S->getName() == "Tile" && inPtoNamespace(S))
        return S;
    if (!RD->hasDefinition() || RD->getNumBases() != 1)
      return nullptr;
    RD = RD->bases_begin()->getType()->getAsCXXRecordDecl();
  }
  return nullptr;
}

/// True if T is (or derives from) a specialization of pto::Event.
bool isEventType(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  for (int Depth = 0; RD && Depth < 8; ++Depth) {
    if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      if (S->getName() == "Event" && inPtoNamespace(S))
        return true;
    if (!RD->hasDefinition() || RD->getNumBases() != 1)
      return false;
    RD = RD->bases_begin()->getType()->getAsCXXRecordDecl();
  }
  return false;
}

/// A5 vector register RegTensor<T> (in namespace pto, or global as some vendor headers spell it).
const ClassTemplateSpecializationDecl *regSpecialization(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  if (!S || S->getName() != "RegTensor" || S->getTemplateArgs().size() < 1 ||
      S->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return nullptr;
  const DeclContext *DC = S->getDeclContext();
  return (DC->isTranslationUnit() || inPtoNamespace(S)) ? S : nullptr;
}

/// A predicate register: MaskReg (pto) or the vendor's vector_bool, however it is spelled.
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

/// Enumerator name of an integral template argument of enum type ("" if not an enum).
std::string enumName(const TemplateArgument &A) {
  if (A.getKind() != TemplateArgument::Integral)
    return {};
  const EnumType *ET = A.getIntegralType()->getAs<EnumType>();
  if (!ET)
    return {};
  for (const EnumConstantDecl *E : ET->getDecl()->enumerators())
    if (llvm::APSInt::isSameValue(E->getInitVal(), A.getAsIntegral()))
      return E->getName().str();
  return {};
}

std::optional<int64_t> intArg(const TemplateArgument &A) {
  if (A.getKind() == TemplateArgument::Integral)
    return A.getAsIntegral().getExtValue();
  return std::nullopt;
}

std::pair<DType, std::string> dtypeOf(const ASTContext &Ctx, QualType T) {
  QualType C = T.getCanonicalType().getUnqualifiedType();
  if (const auto *B = C->getAs<BuiltinType>()) {
    switch (B->getKind()) {
    case BuiltinType::Float: return {DType::F32, "float"};
    case BuiltinType::Double: return {DType::F64, "double"};
    case BuiltinType::Float16:
    case BuiltinType::Half: return {DType::F16, "half"};
    case BuiltinType::BFloat16: return {DType::BF16, "bfloat16_t"};
    default: break;
    }
    if (B->isInteger() && !B->isBooleanType()) {
      uint64_t Bits = Ctx.getTypeSize(C);
      bool S = B->isSignedInteger();
      switch (Bits) {
      case 8: return {S ? DType::I8 : DType::U8, S ? "int8_t" : "uint8_t"};
      case 16: return {S ? DType::I16 : DType::U16, S ? "int16_t" : "uint16_t"};
      case 32: return {S ? DType::I32 : DType::U32, S ? "int32_t" : "uint32_t"};
      case 64: return {S ? DType::I64 : DType::U64, S ? "int64_t" : "uint64_t"};
      default: break;
      }
    }
  }
  return {DType::Unknown, T.getAsString(Ctx.getPrintingPolicy())};
}

/// Variables whose value may change after their initialisation (assignment, ++/--, address taken,
/// non-const reference binding, by-reference lambda capture, or a SetValid* member call on a tile).
class ModifiedVars : public RecursiveASTVisitor<ModifiedVars> {
public:
  std::set<const VarDecl *> Vars;
  std::map<const VarDecl *, std::vector<const Expr *>> Writes; // assignments and ++/-- per variable
  std::map<const VarDecl *, const ForStmt *> LoopOf;          // variables declared in a for-init
  std::map<const VarDecl *, std::vector<const CXXMemberCallExpr *>> ShapeSets;

  static const VarDecl *var(const Expr *E) {
    if (!E)
      return nullptr;
    if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      return dyn_cast<VarDecl>(DR->getDecl());
    return nullptr;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      if (const VarDecl *V = var(B->getLHS())) {
        Vars.insert(V);
        Writes[V].push_back(B);
      }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = var(U->getSubExpr())) {
        Vars.insert(V);
        Writes[V].push_back(U->getOpcode() == UO_AddrOf ? nullptr : U); // address taken: any write possible
      }
    return true;
  }
  bool VisitForStmt(ForStmt *F) {
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit()))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          LoopOf[V] = F;
    return true;
  }
  bool VisitVarDecl(VarDecl *D) {
    QualType T = D->getType();
    if (T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified())
      if (const VarDecl *V = var(D->getInit())) {
        Vars.insert(V);
        Writes[V].push_back(nullptr);
      }
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar())) {
          Vars.insert(V);
          Writes[V].push_back(nullptr);
        }
    return true;
  }
  std::map<const VarDecl *, std::vector<const CallExpr *>> Assigns; // TASSIGN(tile, addr) / TASSIGN<addr>(tile)

  bool VisitCallExpr(CallExpr *C) {
    // Passing a variable to a non-const reference parameter may change it.
    const FunctionDecl *FD = C->getDirectCallee();
    if (FD && FD->getIdentifier() && FD->getName() == "TASSIGN" && inPtoNamespace(FD) && C->getNumArgs() >= 1)
      if (const VarDecl *V = var(C->getArg(0)))
        Assigns[V].push_back(C);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C)) {
      if (const VarDecl *V = var(MC->getImplicitObjectArgument())) {
        StringRef N = MC->getMethodDecl() ? MC->getMethodDecl()->getName() : "";
        if (N == "SetValidShape" || N == "SetValidRow" || N == "SetValidCol")
          ShapeSets[V].push_back(MC);
      }
    }
    if (!FD)
      return true;
    unsigned Offset = isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(FD) ? 1 : 0;
    for (unsigned I = Offset; I < C->getNumArgs(); ++I) {
      unsigned P = I - Offset;
      if (P >= FD->getNumParams())
        break;
      QualType PT = FD->getParamDecl(P)->getType();
      if (PT->isLValueReferenceType() && !PT.getNonReferenceType().isConstQualified())
        if (const VarDecl *V = var(C->getArg(I)); V && V->getType()->isIntegralOrEnumerationType()) {
          Vars.insert(V);
          Writes[V].push_back(nullptr);
        }
    }
    return true;
  }
};

bool alwaysExits(const Stmt *S) {
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

/// How often the main file writes each type spelling, for fix-its, which may rewrite a spelling only one tile
/// uses: aliases by their uses (keyed by where the alias is declared, which its instantiations share), and the
/// start of each declared type (variables of one declaration share one). Template patterns only: what is written.
class TypeUses : public RecursiveASTVisitor<TypeUses> {
public:
  explicit TypeUses(ASTContext &Ctx) : Ctx(Ctx) {}
  unsigned aliasUses(const TypedefNameDecl *D) {
    build();
    return Alias[D->getLocation().getRawEncoding()];
  }
  unsigned declsAt(SourceLocation TypeStart) {
    build();
    return Starts[TypeStart.getRawEncoding()];
  }

  bool TraverseDecl(Decl *D) {
    const SourceManager &SM = Ctx.getSourceManager();
    if (D && !isa<TranslationUnitDecl>(D) && !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  // Instantiations repeat what their pattern writes. (clangd walks an explicit instantiation at the top level.)
  bool TraverseFunctionDecl(FunctionDecl *D) {
    return D->isTemplateInstantiation() || RecursiveASTVisitor::TraverseFunctionDecl(D);
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *D) {
    return D->isTemplateInstantiation() || RecursiveASTVisitor::TraverseCXXMethodDecl(D);
  }
  bool TraverseClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl *D) {
    return D->getTemplateSpecializationKind() != TSK_ExplicitSpecialization ||
           RecursiveASTVisitor::TraverseClassTemplateSpecializationDecl(D);
  }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    ++Alias[TL.getTypedefNameDecl()->getLocation().getRawEncoding()];
    return true;
  }
  bool VisitDeclaratorDecl(DeclaratorDecl *D) {
    ++Starts[D->getTypeSpecStartLoc().getRawEncoding()];
    return true;
  }

private:
  ASTContext &Ctx;
  bool Built = false;
  std::unordered_map<SourceLocation::UIntTy, unsigned> Alias, Starts;
  void build() {
    if (!Built) {
      Built = true;
      TraverseDecl(Ctx.getTranslationUnitDecl());
    }
  }
};

/// A template argument written the same way for every instantiation: a number, an enumerator, or a type that is
/// not a template parameter.
bool literalArg(const TemplateArgumentLoc &AL) {
  const TemplateArgument &A = AL.getArgument();
  if (A.getKind() == TemplateArgument::Type) {
    const TypeSourceInfo *TSI = AL.getTypeSourceInfo();
    return TSI && !TSI->getType()->isDependentType() && !isa<SubstTemplateTypeParmType>(TSI->getType().getTypePtr());
  }
  const Expr *E = A.getKind() == TemplateArgument::Expression ? A.getAsExpr() : AL.getSourceExpression();
  if (!E)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Minus)
    E = U->getSubExpr()->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(E))
    return true;
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  return DR && isa<EnumConstantDecl>(DR->getDecl());
}

/// Translates the facts of one call site.
class CallTranslator {
public:
  CallTranslator(ASTContext &Ctx, const FunctionDecl *Fn, ModifiedVars &Mods, CallSite &Site)
      : Ctx(Ctx), Fn(Fn), Mods(Mods), Site(Site) {}

  enum class Sort { Int, Bool };
  struct Term {
    std::string text;
    Sort sort;
  };

  std::string intTerm(const Expr *E) { return asInt(translate(E)); }
  Term term(const Expr *E) { return translate(E); }
  std::string boolTerm(const Expr *E) { return asBool(translate(E)); }

  TileFacts tile(const Expr *Arg) {
    TileFacts T;
    const Expr *E = Arg->IgnoreParenImpCasts();
    T.expr = sourceText(Ctx, E->getSourceRange());
    QualType Ty = E->getType();
    T.typeSpelling = Ty.getNonReferenceType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    if (const ClassTemplateSpecializationDecl *R = regSpecialization(Ty)) {
      T.isReg = true;
      std::tie(T.dtype, T.dtypeName) = dtypeOf(Ctx, R->getTemplateArgs()[0].getAsType());
      T.typeSpelling = "RegTensor<" + T.dtypeName + ">";
      if (const VarDecl *VD = ModifiedVars::var(E))
        T.declLoc = toLoc(Ctx, VD->getLocation());
      return T;
    }
    if (isMaskType(Ty)) {
      T.isMask = true;
      mask(E, T);
      return T;
    }
    const ClassTemplateSpecializationDecl *S = tileSpecialization(Ty);
    if (!S || S->getTemplateArgs().size() < 7) {
      T.isEvent = isEventType(Ty);
      return T;
    }
    const TemplateArgumentList &A = S->getTemplateArgs();
    T.isTile = true;
    T.loc = enumName(A[0]);
    if (A[1].getKind() == TemplateArgument::Type)
      std::tie(T.dtype, T.dtypeName) = dtypeOf(Ctx, A[1].getAsType());
    T.rows = intArg(A[2]).value_or(0);
    T.cols = intArg(A[3]).value_or(0);
    T.blayout = enumName(A[4]);
    T.declValidRow = intArg(A[5]).value_or(0);
    T.declValidCol = intArg(A[6]).value_or(0);
    T.slayout = A.size() > 7 ? enumName(A[7]) : "NoneBox";
    T.sfractalSize = A.size() > 8 ? intArg(A[8]).value_or(512) : 512;
    T.typeSpelling = "Tile<TileType::" + (T.loc.empty() ? "?" : T.loc) + ", " + T.dtypeName + ", " +
                     std::to_string(T.rows) + ", " + std::to_string(T.cols);
    bool DefaultValid = T.declValidRow == T.rows && T.declValidCol == T.cols;
    if (T.blayout != "RowMajor" || !DefaultValid || T.slayout != "NoneBox")
      T.typeSpelling += ", BLayout::" + T.blayout;
    if (!DefaultValid || T.slayout != "NoneBox")
      T.typeSpelling += ", " + std::to_string(T.declValidRow) + ", " + std::to_string(T.declValidCol);
    if (T.slayout != "NoneBox")
      T.typeSpelling += ", SLayout::" + T.slayout;
    T.typeSpelling += ">";

    const VarDecl *VD = ModifiedVars::var(E);
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(VD); P && ParamTile && !Mods.ShapeSets.count(VD) &&
                                                              !Mods.Assigns.count(VD))
      if (std::optional<TileFacts> Caller = ParamTile(P))
        return *Caller; // the caller's tile, as the caller has it at the call
    if (VD) {
      T.declLoc = toLoc(Ctx, VD->getLocation());
      writtenType(VD, T);
    }
    T.validRow = dim(VD, E, T, true);
    T.validCol = dim(VD, E, T, false);
    placement(VD, E, T);
    return T;
  }

  /// The `Tile<...>` VD's type is written as, for fix-its: in VD's own declaration or through aliases, in the main
  /// file, used by VD alone. Parameters are left out: their caller's tile is the one to change.
  void writtenType(const VarDecl *VD, TileFacts &T) {
    const SourceManager &SM = Ctx.getSourceManager();
    if (!Uses || isa<ParmVarDecl>(VD) || !VD->getTypeSourceInfo() ||
        !SM.isInMainFile(SM.getExpansionLoc(VD->getLocation())) || Uses->declsAt(VD->getTypeSpecStartLoc()) != 1)
      return;
    TypeLoc TL = VD->getTypeSourceInfo()->getTypeLoc();
    for (int Hops = 0; Hops < 6; ++Hops) {
      TL = TL.getUnqualifiedLoc();
      if (auto E = TL.getAs<ElaboratedTypeLoc>()) {
        TL = E.getNamedTypeLoc();
      } else if (auto TD = TL.getAs<TypedefTypeLoc>()) {
        const TypedefNameDecl *D = TD.getTypedefNameDecl();
        if (!D->getTypeSourceInfo() || !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())) ||
            Uses->aliasUses(D) != 1)
          return;
        TL = D->getTypeSourceInfo()->getTypeLoc();
      } else {
        break;
      }
    }
    auto TS = TL.getAs<TemplateSpecializationTypeLoc>();
    const TemplateDecl *Tmpl = TS ? TS.getTypePtr()->getTemplateName().getAsTemplateDecl() : nullptr;
    if (!Tmpl || !isa<ClassTemplateDecl>(Tmpl) || Tmpl->getName() != "Tile" || TS.getNumArgs() == 0)
      return;
    std::vector<checker::WrittenArg> Args;
    for (unsigned I = 0; I < TS.getNumArgs(); ++I) {
      const TemplateArgumentLoc &AL = TS.getArgLoc(I);
      SourceRange R = AL.getSourceRange();
      if (R.isInvalid() || R.getBegin().isMacroID() || R.getEnd().isMacroID())
        return;
      checker::WrittenArg W;
      W.text = sourceText(Ctx, R);
      if (W.text.empty() || W.text.find('\n') != std::string::npos)
        return;
      W.loc = toLoc(Ctx, R.getBegin());
      W.length = unsigned(W.text.size());
      W.literal = literalArg(AL);
      Args.push_back(std::move(W));
    }
    T.writtenArgs = std::move(Args);
    T.writtenArgsEnd = toLoc(Ctx, Lexer::getLocForEndOfToken(TS.getArgLoc(TS.getNumArgs() - 1).getSourceRange().getEnd(),
                                                             0, SM, Ctx.getLangOpts()));
  }

  /// Where a predicate comes from: `plt_bN(...)` (partial, N bits), `pset_bN(PAT_...)` / `pge_bN(PAT_...)`
  /// (all-true for PAT_ALL, partial for other patterns), directly or through an unchanged local.
  void mask(const Expr *E, TileFacts &T) {
    const Expr *Src = E->IgnoreParenImpCasts();
    if (const VarDecl *VD = ModifiedVars::var(Src)) {
      T.declLoc = toLoc(Ctx, VD->getLocation());
      if (Mods.Vars.count(VD) || !VD->getInit()) {
        T.maskOrigin = "'" + VD->getName().str() + "' (assigned more than once)";
        return;
      }
      Src = VD->getInit()->IgnoreImplicit();
      if (const auto *CE = dyn_cast<CXXConstructExpr>(Src); CE && CE->getNumArgs() == 1)
        Src = CE->getArg(0)->IgnoreImplicit();
    }
    const auto *Call = dyn_cast<CallExpr>(Src->IgnoreParenImpCasts());
    const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
    if (!FD || !FD->getIdentifier())
      return;
    static const std::regex Re("(plt|pset|pge|pgt)_b(8|16|32)");
    std::smatch M;
    std::string Name = FD->getName().str();
    if (!std::regex_match(Name, M, Re))
      return;
    T.maskOrigin = sourceText(Ctx, Call->getSourceRange());
    T.maskWidth = std::stoi(M[2].str());
    if (M[1].str() == "plt") {
      T.maskPartial = 1;
      return;
    }
    if (Call->getNumArgs() >= 1)
      if (const auto *DR = dyn_cast<DeclRefExpr>(Call->getArg(0)->IgnoreParenImpCasts()))
        if (isa<EnumConstantDecl>(DR->getDecl()) || isa<VarDecl>(DR->getDecl())) // pattern token: enum or constant
          T.maskPartial = DR->getDecl()->getName() == "PAT_ALL" ? 0 : 1;
  }

  /// The UB address from the TASSIGN that places VD before the call (runtime or compile-time form).
  void placement(const VarDecl *VD, const Expr *E, TileFacts &T) {
    if (!VD)
      return;
    auto It = Mods.Assigns.find(VD);
    if (It == Mods.Assigns.end())
      return; // never placed in this function: not a user placement (a parameter, or compiler-allocated)
    T.hasAddr = true;
    const CallExpr *A = reaching(It->second);
    if (A) {
      if (A->getNumArgs() >= 2) {
        T.addr = factOf(intTerm(A->getArg(1)));
        return;
      }
      if (const FunctionDecl *FD = A->getDirectCallee())
        if (const TemplateArgumentList *TA = FD->getTemplateSpecializationArgs())
          if (TA->size() >= 1)
            if (auto V = intArg(TA->get(0))) {
              T.addr = IntFact::known(*V);
              return;
            }
    }
    T.addr = IntFact::symbolic(opaque(E, "'" + VD->getName().str() + "' is placed by TASSIGN calls pto-lint does "
                                                                    "not follow yet (several, or under a condition)")
                                   .text);
  }

private:
  ASTContext &Ctx;
  const FunctionDecl *Fn;
  ModifiedVars &Mods;
  CallSite &Site;
  std::map<std::pair<const VarDecl *, bool>, std::string> DimCache;
  unsigned Opaque = 0;
  unsigned Depth = 0;
  unsigned Nested = 0; // > 0 while translating a value read at another point than the call

  static std::string asInt(const Term &T) { return T.sort == Sort::Int ? T.text : "(ite " + T.text + " 1 0)"; }
  static std::string asBool(const Term &T) { return T.sort == Sort::Bool ? T.text : "(not (= " + T.text + " 0))"; }

  std::string freshName(const std::string &Base) {
    std::string N = "s." + Base;
    for (unsigned K = 2;; ++K) {
      bool Taken = false;
      for (const Symbol &S : Site.symbols)
        Taken |= S.name == N;
      if (!Taken)
        return N;
      N = "s." + Base + "." + std::to_string(K);
    }
  }

  std::string symbol(const std::string &Base, const std::string &Display, int64_t Lo, int64_t Hi, bool Understood,
                     const std::string &Why, SourceLocation L) {
    for (const Symbol &S : Site.symbols)
      if (S.display == Display && S.understood == Understood && Understood)
        return "|" + S.name + "|";
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
    return "|" + S.name + "|";
  }

  Term opaque(const Expr *E, const std::string &Why) {
    // One occurrence of an expression is one value, however often the call's facts reach it.
    SourceLoc At = toLoc(Ctx, E->getBeginLoc());
    for (const Symbol &S : Site.symbols)
      if (!S.understood && S.why == Why && S.loc.file == At.file && S.loc.line == At.line && S.loc.col == At.col)
        return {"|" + S.name + "|", Sort::Int};
    std::string Text = sourceText(Ctx, E->getSourceRange());
    return {symbol("opaque" + std::to_string(++Opaque), Text.empty() ? "<expression>" : Text, INT64_MIN / 4,
                   INT64_MAX / 4, false, Why, E->getBeginLoc()),
            Sort::Int};
  }

  std::pair<int64_t, int64_t> range(QualType T) {
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

  /// For a counter of an enclosing `for` loop that only its increment changes, by a constant step: the step.
  std::optional<int64_t> inductionStep(const VarDecl *VD) {
    auto L = Mods.LoopOf.find(VD);
    if (L == Mods.LoopOf.end() || !L->second->getInc() || !L->second->getBody() || !VD->getInit())
      return std::nullopt;
    const ForStmt *F = L->second;
    const SourceManager &SM = Ctx.getSourceManager();
    if (!SM.isPointWithin(CallLoc, F->getBody()->getBeginLoc(), F->getBody()->getEndLoc()))
      return std::nullopt; // the call is not in this loop's body
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

  Term varRef(const VarDecl *VD, const Expr *E) {
    bool Modified = Mods.Vars.count(VD) > 0;
    if (const auto *P = dyn_cast<ParmVarDecl>(VD); P && !Modified && ParamValue)
      if (std::optional<Term> T = ParamValue(P))
        return *T;
    std::string Name = VD->getName().str();
    if (Modified && Nested == 0) {
      if (auto Step = inductionStep(VD)) {
        // Inside the loop the counter is any value from its start onwards (in the step's direction) that
        // satisfies the loop condition, which collectPath adds from the enclosing ForStmt.
        auto [Lo, Hi] = range(VD->getType());
        std::string Sym = symbol(Name, Name, Lo, Hi, true, "", VD->getLocation());
        std::string Start = intTerm(VD->getInit());
        std::string StartText = sourceText(Ctx, VD->getInit()->getSourceRange());
        std::string Cond = *Step > 0 ? "(>= " + Sym + " " + Start + ")" : "(<= " + Sym + " " + Start + ")";
        auto Add = [&](const std::string &Term, const std::string &Text) {
          for (const checker::PathCondition &P : Site.path)
            if (P.term == Term)
              return;
          Site.path.push_back({Term, Text, toLoc(Ctx, VD->getLocation())});
        };
        Add(Cond, Name + (*Step > 0 ? " >= " : " <= ") + StartText + " (loop counter)");
        if (*Step != 1 && *Step != -1)
          Add("(= (mod (- " + Sym + " " + Start + ") " + std::to_string(*Step < 0 ? -*Step : *Step) + ") 0)",
              Name + " advances in steps of " + std::to_string(*Step));
        return {Sym, Sort::Int};
      }
    }
    if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
      if (!Modified) {
        auto [Lo, Hi] = range(P->getType());
        return {symbol(Name, Name, Lo, Hi, true, "", P->getLocation()), Sort::Int};
      }
    } else if (VD->getInit() && !Modified && Depth < 64 &&
               ((VD->hasLocalStorage() && !VD->getType()->isReferenceType()) || VD->getType().isConstQualified())) {
      // A local never changed after its initialisation, or a constant: its value is the initialiser's,
      // evaluated where it is declared (so only unchanging variables are followed inside it).
      ++Depth;
      ++Nested;
      Term T = translate(VD->getInit());
      --Nested;
      --Depth;
      return T;
    }
    if (Modified && !isa<ParmVarDecl>(VD) && VD->hasLocalStorage() && Nested == 0) {
      // A local assigned with `=`: the assignment that reaches the call, or the initialiser if none comes
      // before it. Values on the right are read where they are written, so inside them only variables that
      // never change are followed (Nested > 0).
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
        bool AnyBefore = false;
        for (const BinaryOperator *B : Assigns)
          AnyBefore |= SM.isBeforeInTranslationUnit(B->getBeginLoc(), CallLoc);
        const Expr *Value = nullptr;
        if (const BinaryOperator *B = reaching(Assigns))
          Value = B->getRHS();
        else if (!AnyBefore && !CallInLoop && VD->getInit())
          Value = VD->getInit();
        if (Value) {
          ++Nested;
          Term T = translate(Value);
          --Nested;
          return T;
        }
      }
    }
    return opaque(E, !Modified ? "the value of '" + Name + "' is not known here"
                     : Nested    ? "'" + Name + "' is read in another variable's value and changes before the call"
                                 : "'" + Name + "' is changed in the function in a way pto-lint does not follow "
                                   "(a conditional or compound assignment, or a loop)");
  }

  /// `block_idx` / `get_block_idx()` (bisheng built-ins): below the block count of every launch of the kernel in
  /// the TU; not known when the kernel is launched elsewhere or with a block count that is not a constant.
  std::optional<Term> blockIndex(const Expr *E) {
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
    return Term{symbol("block_idx", "block_idx", 0, *Blocks - 1, true, "", E->getBeginLoc()), Sort::Int};
  }

  Term translate(const Expr *E) {
    if (!E)
      return {"0", Sort::Int};
    if (std::optional<Term> B = blockIndex(E))
      return *B;
    if (E->isValueDependent() || E->isTypeDependent())
      return opaque(E, "dependent expression");
    Expr::EvalResult R;
    if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx)) {
      llvm::APSInt V = R.Val.getInt();
      int64_t X = V.isSigned() ? V.getExtValue() : static_cast<int64_t>(V.getZExtValue());
      return {z3model::smtInt(X), Sort::Int};
    }
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
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      // Operands arrive converted to their common type (the implicit casts in the AST); unsigned results
      // wrap modulo 2^N. Signed overflow is undefined behaviour, assumed not to happen.
      Term L = translate(B->getLHS()), Rt = translate(B->getRHS());
      auto Bin = [&](const char *Op, Sort S) { return Term{"(" + std::string(Op) + " " + asInt(L) + " " + asInt(Rt) + ")", S}; };
      auto Arith = [&](const char *Op) { return wrapUnsigned(Bin(Op, Sort::Int), B->getType()); };
      switch (B->getOpcode()) {
      case BO_Add: return Arith("+");
      case BO_Sub: return Arith("-");
      case BO_Mul: return Arith("*");
      // For unsigned operands C division is SMT-LIB's div/mod; only signed ones need the truncating forms.
      case BO_Div: return Arith(B->getType()->isUnsignedIntegerOrEnumerationType() ? "div" : "cdiv");
      case BO_Rem: return Arith(B->getType()->isUnsignedIntegerOrEnumerationType() ? "mod" : "crem");
      case BO_LT: return Bin("<", Sort::Bool);
      case BO_GT: return Bin(">", Sort::Bool);
      case BO_LE: return Bin("<=", Sort::Bool);
      case BO_GE: return Bin(">=", Sort::Bool);
      case BO_EQ: return Bin("=", Sort::Bool);
      case BO_NE: return {"(not (= " + asInt(L) + " " + asInt(Rt) + "))", Sort::Bool};
      case BO_LAnd: return {"(and " + asBool(L) + " " + asBool(Rt) + ")", Sort::Bool};
      case BO_LOr: return {"(or " + asBool(L) + " " + asBool(Rt) + ")", Sort::Bool};
      case BO_Comma: return Rt;
      default: return opaque(E, "operator '" + B->getOpcodeStr().str() + "' is not modelled");
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      Term S = translate(U->getSubExpr());
      switch (U->getOpcode()) {
      case UO_Minus: return wrapUnsigned({"(- " + asInt(S) + ")", Sort::Int}, U->getType());
      case UO_Plus: return S;
      case UO_LNot: return {"(not " + asBool(S) + ")", Sort::Bool};
      default: return opaque(E, "operator '" + UnaryOperator::getOpcodeStr(U->getOpcode()).str() + "' is not modelled");
      }
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      Term Cn = translate(CO->getCond()), T = translate(CO->getTrueExpr()), F = translate(CO->getFalseExpr());
      return {"(ite " + asBool(Cn) + " " + asInt(T) + " " + asInt(F) + ")", Sort::Int};
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      StringRef N = MC->getMethodDecl() ? MC->getMethodDecl()->getName() : "";
      if ((N == "GetValidRow" || N == "GetValidCol") && tileSpecialization(MC->getImplicitObjectArgument()->getType())) {
        const Expr *Obj = MC->getImplicitObjectArgument()->IgnoreParenImpCasts();
        TileFacts T = tile(Obj);
        const IntFact &F = N == "GetValidRow" ? T.validRow : T.validCol;
        return {F.value ? z3model::smtInt(*F.value) : F.term, Sort::Int};
      }
    }
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      if (const FunctionDecl *FD = CE->getDirectCallee()) {
        StringRef N = FD->getName();
        if ((N == "min" || N == "max") && CE->getNumArgs() == 2 && FD->isInStdNamespace())
          return {"(" + std::string(N == "min" ? "min2 " : "max2 ") + intTerm(CE->getArg(0)) + " " +
                      intTerm(CE->getArg(1)) + ")",
                  Sort::Int};
      }
    }
    if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
      return {BL->getValue() ? "true" : "false", Sort::Bool};
    return opaque(E, "expression not understood");
  }

  static std::string pow2(unsigned W) {
    // 2^W as a decimal literal (W <= 64).
    unsigned __int128 V = static_cast<unsigned __int128>(1) << W;
    std::string D;
    do {
      D.insert(D.begin(), static_cast<char>('0' + static_cast<int>(V % 10)));
      V /= 10;
    } while (V);
    return D;
  }

  /// The value of T converted to integer type Ty, as C++ converts: modulo 2^N into Ty's range.
  Term wrapTo(const Term &T, QualType Ty) {
    Ty = Ty.getCanonicalType();
    if (Ty->isBooleanType())
      return {asBool(T), Sort::Bool};
    if (!Ty->isIntegralOrEnumerationType())
      return T;
    unsigned W = static_cast<unsigned>(Ctx.getIntWidth(Ty));
    if (W == 0 || W > 64)
      return T;
    if (!Ty->isSignedIntegerOrEnumerationType())
      return {"(mod " + asInt(T) + " " + pow2(W) + ")", Sort::Int};
    std::string H = pow2(W - 1);
    return {"(- (mod (+ " + asInt(T) + " " + H + ") " + pow2(W) + ") " + H + ")", Sort::Int};
  }

  Term wrapUnsigned(const Term &T, QualType Ty) {
    Ty = Ty.getCanonicalType();
    return Ty->isUnsignedIntegerOrEnumerationType() && !Ty->isBooleanType() ? wrapTo(T, Ty) : T;
  }

  /// True if every value of integer type From is a value of integer type To.
  bool fits(QualType From, QualType To) {
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
  Term cast(const CastExpr *C) {
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
      return {asBool(translate(Sub)), Sort::Bool};
    default:
      return opaque(C, std::string("conversion '") + C->getCastKindName() + "' is not modelled");
    }
  }

  /// A term that is an integer literal is a known fact.
  static IntFact factOf(const std::string &Term) {
    std::string T = Term;
    bool Neg = T.compare(0, 3, "(- ") == 0 && T.back() == ')';
    if (Neg)
      T = T.substr(3, T.size() - 4);
    if (!T.empty() && T.size() < 18 && T.find_first_not_of("0123456789") == std::string::npos)
      return IntFact::known(Neg ? -std::stoll(T) : std::stoll(T));
    return IntFact::symbolic(Term);
  }

  /// The valid row (or column) of tile variable VD at the call.
  IntFact dim(const VarDecl *VD, const Expr *E, TileFacts &T, bool Row) {
    int64_t Decl = Row ? T.declValidRow : T.declValidCol;
    if (Decl != -1)
      return IntFact::known(Decl);
    const char *What = Row ? "validRow" : "validCol";
    int64_t Bound = Row ? T.rows : T.cols;
    if (!VD)
      return IntFact::symbolic(opaque(E, std::string("the ") + What + " of a tile that is not a named variable").text);
    auto Key = std::make_pair(VD, Row);
    if (auto It = DimCache.find(Key); It != DimCache.end())
      return factOf(It->second);
    std::string Name = VD->getName().str();
    std::string Term;
    auto Sets = Mods.ShapeSets.find(VD);
    if (isa<ParmVarDecl>(VD)) {
      // A tile passed in: its valid region is the caller's; the caller's construction is checked there.
      Term = symbol(Name + "." + What, Name + "." + (Row ? "GetValidRow()" : "GetValidCol()"), 0, Bound, true, "",
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
        Term = intTerm(Arg);
        T.validOrigin = "valid region set at line " + std::to_string(toLoc(Ctx, Set->getBeginLoc()).line);
      } else {
        Term = opaque(E, std::string("'") + Name + "' has its valid region changed by SetValid* calls pto-lint does "
                                                   "not follow yet").text;
      }
    } else if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr)) {
      bool BothDynamic = T.declValidRow == -1 && T.declValidCol == -1;
      const Expr *Arg = nullptr;
      if (CE->getNumArgs() == 2 && BothDynamic)
        Arg = CE->getArg(Row ? 0 : 1);
      else if (CE->getNumArgs() == 1 && !BothDynamic && !CE->getArg(0)->getType()->getAsCXXRecordDecl())
        Arg = CE->getArg(0);
      if (Arg) {
        Term = intTerm(Arg);
        T.validOrigin = "valid region from its constructor";
      } else if (CE->getNumArgs() == 0) {
        Term = opaque(E, std::string("'") + Name + "' is default-constructed, so its dynamic " + What +
                             " is never set").text;
      } else {
        Term = opaque(E, std::string("the constructor of '") + Name + "' is not understood").text;
      }
    } else {
      Term = opaque(E, std::string("the ") + What + " of '" + Name + "' is not known here").text;
    }
    DimCache[Key] = Term;
    return factOf(Term);
  }

public:
  /// The definition (TASSIGN, SetValidShape, ...) whose effect holds at the call: the last one that always
  /// runs before it, provided no conditional definition comes between, and, if the call is in a loop, no
  /// definition comes after it. Null when that is not certain.
  template <class T> const T *reaching(const std::vector<const T *> &Defs) {
    const SourceManager &SM = Ctx.getSourceManager();
    const T *Last = nullptr;
    for (const T *D : Defs)
      if (SetDominates && SetDominates(D) &&
          (!Last || SM.isBeforeInTranslationUnit(Last->getBeginLoc(), D->getBeginLoc())))
        Last = D;
    if (!Last)
      return nullptr;
    for (const T *D : Defs) {
      if (D == Last)
        continue;
      bool AfterLast = SM.isBeforeInTranslationUnit(Last->getBeginLoc(), D->getBeginLoc());
      bool BeforeCall = SM.isBeforeInTranslationUnit(D->getBeginLoc(), CallLoc);
      if (AfterLast && (BeforeCall || CallInLoop))
        return nullptr;
    }
    return Last;
  }

  std::function<bool(const Stmt *)> SetDominates;
  /// Calling context: a parameter of Fn read as the caller's argument (a term, or a tile's facts), when set.
  std::function<std::optional<Term>(const ParmVarDecl *)> ParamValue;
  std::function<std::optional<TileFacts>(const ParmVarDecl *)> ParamTile;
  /// The main file's type spellings, for fix-its (null: no fix-its).
  TypeUses *Uses = nullptr;
  /// The largest block count of the launches `Fn<<<blocks, ...>>>(...)` in the TU, if every one is a constant.
  std::function<std::optional<int64_t>(const FunctionDecl *)> LaunchBlocks;
  SourceLocation CallLoc;
  bool CallInLoop = false;
};

/// Collects the calls. One instance per translation unit.
class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(ASTContext &Ctx, const checker::RuleSet &Rules, const ScopeMacros &Scopes)
      : Ctx(Ctx), Rules(Rules), Scopes(Scopes), Uses(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  /// Calls are found in function bodies of user code. Declarations in system headers (the standard library,
  /// anything included with -isystem) are not walked, as clang-tidy does not report there either, and types are
  /// not walked: an op call in a type is unevaluated. Together this is most of the AST of a typical kernel.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool TraverseTypeLoc(TypeLoc) { return true; }

  std::vector<CallSite> Calls;

  bool TraverseFunctionDecl(FunctionDecl *FD) { return withFunction(FD, [&] { return RecursiveASTVisitor::TraverseFunctionDecl(FD); }); }
  bool TraverseCXXMethodDecl(CXXMethodDecl *FD) { return withFunction(FD, [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(FD); }); }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *FD) {
    return withFunction(FD, [&] { return RecursiveASTVisitor::TraverseCXXConstructorDecl(FD); });
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (!CurFn || CurFn->isDependentContext() || CE->isTypeDependent() || CE->isValueDependent())
      return true;
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !FD->getIdentifier())
      return true;
    // Clang may have corrected a name it could not find (`TCOLARGMIN` -> `TCOLARGMAX` when the first did not
    // parse): the call the user wrote is not the one in the AST, so it is not checked as that one.
    SourceLocation NameLoc = CE->getCallee()->IgnoreParenImpCasts()->getExprLoc();
    std::string Written = NameLoc.isValid() ? Lexer::getSourceText(CharSourceRange::getTokenRange(
                                                                       Ctx.getSourceManager().getSpellingLoc(NameLoc)),
                                                                   Ctx.getSourceManager(), Ctx.getLangOpts())
                                                  .str()
                                            : "";
    if (!Written.empty() && Written != FD->getName() && Rules.op(Written) && !Rules.op(Written)->builtin) {
      recordUnresolved(CE, *Rules.op(Written), CE->getNumArgs(),
                       "'" + Written + "' is not declared here (clang read it as '" + FD->getName().str() +
                           "'): the header that declares it did not compile");
      return true;
    }
    const checker::OpSignature *Sig = Rules.op(FD->getName().str());
    if (!Sig || (!Sig->builtin && !inPtoNamespace(FD)))
      return true;
    record(CE, FD, *Sig);
    return true;
  }

  /// A call clang could not resolve (the TU has errors: a header it could not read, operands of invalid type):
  /// clang keeps it as a RecoveryExpr whose first child names the callee. A call of a PTO op is reported as
  /// unknown, with the reason, instead of vanishing.
  bool VisitRecoveryExpr(RecoveryExpr *RE) {
    if (!CurFn || CurFn->isDependentContext() || RE->subExpressions().empty())
      return true;
    const Expr *Callee = RE->subExpressions()[0]->IgnoreParenImpCasts();
    std::string Name;
    bool Declared = false;
    if (const auto *OE = dyn_cast<OverloadExpr>(Callee)) {
      Name = OE->getName().getAsString();
      Declared = OE->getNumDecls() > 0;
    } else if (const auto *DR = dyn_cast<DeclRefExpr>(Callee)) {
      Name = DR->getDecl()->getName().str();
      Declared = true;
    } else {
      return true;
    }
    const checker::OpSignature *Sig = Rules.op(Name);
    if (!Sig || Sig->builtin)
      return true;
    std::string Types;
    for (size_t I = 1; I < RE->subExpressions().size(); ++I) {
      const Expr *A = RE->subExpressions()[I];
      QualType T = A->getType();
      Types += std::string(I > 1 ? ", " : "") + "'" + sourceText(Ctx, A->getSourceRange()) + "' of type '" +
               (A->containsErrors() || T.isNull() || T->containsErrors() ? std::string("<invalid>")
                                                                          : T.getAsString(Ctx.getPrintingPolicy())) +
               "'";
    }
    recordUnresolved(RE, *Sig, RE->subExpressions().size() - 1,
                     Declared ? "no declaration of '" + Name + "' the compiler read accepts these operands (" + Types +
                                    "); the translation unit has errors"
                              : "'" + Name + "' is not declared here: the header that declares it did not compile");
    return true;
  }

  /// In a translation unit with errors, a template's call of an op that no declaration was found for (an empty
  /// lookup left for argument-dependent lookup) fails in its instantiations, which clang marks invalid and drops:
  /// report it once, from the template (only for a template with such an instantiation: an empty lookup in a
  /// template nothing instantiates is ordinary C++, resolved by ADL where it is used).
  /// A function template with an instantiation clang gave up on (marked invalid, its body dropped).
  static bool hasInvalidInstantiation(const FunctionDecl *FD) {
    if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
      for (const FunctionDecl *Spec : T->specializations())
        if (Spec->isInvalidDecl())
          return true;
    return false;
  }

  void unresolvedInPattern(const FunctionDecl *FD) {
    struct Find : RecursiveASTVisitor<Find> {
      std::vector<std::pair<const CallExpr *, std::string>> Out;
      bool VisitCallExpr(CallExpr *C) {
        if (const auto *U = dyn_cast<UnresolvedLookupExpr>(C->getCallee()->IgnoreParenImpCasts()))
          if (U->getNumDecls() == 0)
            Out.emplace_back(C, U->getName().getAsString());
        return true;
      }
    } F;
    F.TraverseStmt(FD->getBody());
    const FunctionDecl *Saved = CurFn;
    CurFn = FD;
    for (const auto &[C, Name] : F.Out)
      if (const checker::OpSignature *Sig = Rules.op(Name); Sig && !Sig->builtin)
        recordUnresolved(C, *Sig, C->getNumArgs(),
                         "'" + Name + "' is not declared here: the header that declares it did not compile");
    CurFn = Saved;
  }

  void recordUnresolved(const Expr *Call, const checker::OpSignature &Sig, size_t Args, const std::string &Why) {
    CallSite Site;
    Site.op = Sig.name;
    Site.loc = toLoc(Ctx, Call->getBeginLoc());
    Site.text = checker::normalizeCallText(sourceText(Ctx, Call->getSourceRange()));
    Site.function = functionName(CurFn);
    const checker::Overload *Ov = Sig.byArity(Args);
    Site.overload = Ov ? Ov->name : Sig.overloads.empty() ? "" : Sig.overloads.front().name;
    Site.unresolved = Why;
    SiteFns.push_back(CurFn);
    Calls.push_back(std::move(Site));
  }

  std::string functionName(const FunctionDecl *F) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    F->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
    return OS.str();
  }

private:
  ASTContext &Ctx;
  const checker::RuleSet &Rules;
  const ScopeMacros &Scopes;
  TypeUses Uses; // main-file type spellings, for fix-its (counted on first use)
  const FunctionDecl *CurFn = nullptr;

  /// Inside a block opened by `__VEC_SCOPE__ {`, or a function declared with `__simd_vf__`.
  /// A register op runs in a vector scope: inside a `__VEC_SCOPE__` block or a `__simd_vf__` function, or in a
  /// function whose every call in the TU does (helpers such as upstream's `Op::ReduceInstr`, called from inside the
  /// scope), followed up to 4 callers deep. A function that nothing in the TU calls is judged by its own text.
  bool inVectorScope(const CallExpr *CE) { return inVectorScope(CE, CurFn, 0); }

  bool inVectorScope(const CallExpr *CE, const FunctionDecl *Fn, unsigned Depth) {
    if (lexicallyInVectorScope(CE, Fn))
      return true;
    if (!Fn || Depth >= 4)
      return false;
    const std::vector<std::pair<const CallExpr *, const FunctionDecl *>> &Calls = callers(Fn);
    if (Calls.empty())
      return false;
    for (const auto &[Call, Caller] : Calls)
      if (!inVectorScope(Call, Caller, Depth + 1))
        return false;
    return true;
  }

  bool lexicallyInVectorScope(const CallExpr *CE, const FunctionDecl *Fn) {
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
  /// Callee (canonical declaration) -> its calls in the TU and the functions they are in (instantiated bodies
  /// included, system headers not). Computed on first use.
  std::optional<std::map<const FunctionDecl *, std::vector<std::pair<const CallExpr *, const FunctionDecl *>>>> CallMap;

  const std::vector<std::pair<const CallExpr *, const FunctionDecl *>> &callers(const FunctionDecl *F) {
    if (!CallMap) {
      struct Collect : RecursiveASTVisitor<Collect> {
        ASTContext &Ctx;
        std::map<const FunctionDecl *, std::vector<std::pair<const CallExpr *, const FunctionDecl *>>> &Out;
        const FunctionDecl *In = nullptr;
        Collect(ASTContext &Ctx, decltype(Out) Out) : Ctx(Ctx), Out(Out) {}
        bool shouldVisitTemplateInstantiations() const { return true; }
        bool TraverseDecl(Decl *D) {
          if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
              Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
            return true;
          auto *FD = dyn_cast_or_null<FunctionDecl>(D);
          if (FD && FD->isDependentContext())
            return true;
          const FunctionDecl *Saved = In;
          if (FD)
            In = FD;
          bool R = RecursiveASTVisitor::TraverseDecl(D);
          In = Saved;
          return R;
        }
        bool TraverseTypeLoc(TypeLoc) { return true; }
        bool VisitCallExpr(CallExpr *C) {
          if (const FunctionDecl *Callee = C->getDirectCallee(); Callee && In)
            Out[Callee->getCanonicalDecl()].emplace_back(C, In);
          return true;
        }
      };
      CallMap.emplace();
      Collect(Ctx, *CallMap).TraverseDecl(Ctx.getTranslationUnitDecl());
    }
    static const std::vector<std::pair<const CallExpr *, const FunctionDecl *>> None;
    auto It = CallMap->find(F->getCanonicalDecl());
    return It == CallMap->end() ? None : It->second;
  }

  std::map<const FunctionDecl *, std::unique_ptr<ModifiedVars>> ModCache;

  template <class F> bool withFunction(FunctionDecl *FD, F Body) {
    // A template's pattern is never checked (its instantiations are, and the visitor reaches them from the
    // template declaration, not from the pattern's body): do not walk it.
    if (FD->isDependentContext()) {
      if (FD->hasBody() && Ctx.getDiagnostics().hasErrorOccurred() && hasInvalidInstantiation(FD))
        unresolvedInPattern(FD);
      return true;
    }
    const FunctionDecl *Saved = CurFn;
    CurFn = FD;
    bool R = Body();
    CurFn = Saved;
    return R;
  }

  ModifiedVars &mods(const FunctionDecl *FD) {
    auto &P = ModCache[FD];
    if (!P) {
      P = std::make_unique<ModifiedVars>();
      if (FD->getBody())
        P->TraverseStmt(FD->getBody());
    }
    return *P;
  }

  /// Number of parameters before the trailing `events...` pack, from the template pattern.
  static size_t fixedParams(const FunctionDecl *FD) {
    const FunctionDecl *Pattern = FD;
    if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
      Pattern = T->getTemplatedDecl();
    size_t N = 0;
    for (const ParmVarDecl *P : Pattern->parameters())
      if (!P->isParameterPack())
        ++N;
    return N;
  }

  /// Statement parents within the current function's body. A per-function ParentMap, not
  /// ASTContext::getParents: that one indexes the whole translation unit (system headers included) on first use,
  /// which cost more than everything else pto-lint does on a typical kernel.
  std::map<const FunctionDecl *, std::unique_ptr<ParentMap>> Parents;
  const Stmt *parent(const Stmt *S) { return parent(S, CurFn); }
  const Stmt *parent(const Stmt *S, const FunctionDecl *Fn) {
    if (!Fn || !Fn->getBody())
      return nullptr;
    auto &PM = Parents[Fn];
    if (!PM)
      PM = std::make_unique<ParentMap>(Fn->getBody());
    return PM->getParent(S);
  }

  bool inLoop(const Stmt *S) {
    const Stmt *P = S;
    for (int Depth = 0; Depth < 256; ++Depth) {
      P = parent(P);
      if (!P || isa<LambdaExpr>(P))
        return false;
      if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) || isa<CXXForRangeStmt>(P))
        return true;
    }
    return false;
  }

  /// True if S is a full statement of a compound statement that encloses Target, before it.
  bool dominates(const Stmt *S, const Stmt *Target) {
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

  void record(const CallExpr *CE, const FunctionDecl *FD, const checker::OpSignature &Sig) {
    const checker::Overload *Ov = nullptr;
    if (Sig.builtin) {
      // A compiler builtin: the register form is the one whose first operand is a RegTensor (the A2A3
      // pointer form of the same name is another builtin); trailing mode arguments are not operands.
      if (CE->getNumArgs() == 0 || !regSpecialization(CE->getArg(0)->getType()))
        return;
      for (const checker::Overload &O : Sig.overloads)
        if (O.cpp && O.roles.size() <= CE->getNumArgs() && (!Ov || O.roles.size() > Ov->roles.size()))
          Ov = &O;
    } else {
      Ov = Sig.byArity(std::min<size_t>(fixedParams(FD), CE->getNumArgs()));
    }
    if (!Ov)
      return;
    // A function the TU calls is checked in each calling context: its parameters bound to the caller's
    // arguments and the caller's guards added, and so on up the callers (up to 3 levels) while the caller has
    // parameters and callers of its own; at most 16 contexts (with more, fewer levels; with more than 16 direct
    // callers, on its own). Register builtins (vmin, vmax) are checked on their own: their scope already follows
    // the callers (inVectorScope), and a predicate is not followed through calls.
    std::vector<Chain> Contexts;
    for (unsigned Levels = MaxLevels; Levels > 0; --Levels) {
      Contexts.clear();
      Chain C;
      if (Sig.builtin || !contexts(CurFn, C, Levels, Contexts) || Contexts.size() > MaxContexts)
        Contexts.clear();
      else
        break;
    }
    if (Contexts.empty() || (Contexts.size() == 1 && Contexts[0].empty()))
      recordIn(CE, Sig, *Ov, {});
    else
      for (const Chain &C : Contexts)
        recordIn(CE, Sig, *Ov, C);
  }

  /// A calling context: the calls from the function of the op call outwards, each with the function it is in.
  using Chain = std::vector<std::pair<const CallExpr *, const FunctionDecl *>>;
  static constexpr size_t MaxContexts = 16;
  static constexpr unsigned MaxLevels = 3;

  /// The calling contexts of F, up to Levels callers deep (a caller without parameters or callers ends a chain);
  /// false when there are more than MaxContexts.
  bool contexts(const FunctionDecl *F, Chain &Prefix, unsigned Levels, std::vector<Chain> &Out) {
    const auto &Calls = F->getNumParams() && Levels ? callers(F) : std::vector<std::pair<const CallExpr *, const FunctionDecl *>>{};
    bool Recursive = false;
    for (const auto &[Call, Caller] : Calls)
      for (const auto &[C2, G] : Prefix)
        Recursive |= G == Caller || Caller == F;
    if (Calls.empty() || Recursive) {
      Out.push_back(Prefix);
      return Out.size() <= MaxContexts;
    }
    for (const auto &[Call, Caller] : Calls) {
      Prefix.emplace_back(Call, Caller);
      bool Ok = contexts(Caller, Prefix, Levels - 1, Out);
      Prefix.pop_back();
      if (!Ok)
        return false;
    }
    return true;
  }

  template <class F> auto inFunction(const FunctionDecl *G, F Body) {
    const FunctionDecl *Saved = CurFn;
    CurFn = G;
    auto R = Body();
    CurFn = Saved;
    return R;
  }

  /// One call site: CE in CurFn, in the calling context Context (innermost call first; empty: on its own).
  void recordIn(const CallExpr *CE, const checker::OpSignature &Sig, const checker::Overload &Ov,
                const Chain &Context) {
    CallSite Site;
    Site.op = Sig.name;
    Site.loc = toLoc(Ctx, CE->getBeginLoc());
    Site.text = checker::normalizeCallText(sourceText(Ctx, CE->getSourceRange()));
    Site.function = functionName(CurFn);
    Site.overload = Ov.name;
    SiteFns.push_back(CurFn); // the instantiation chain is filled in after the traversal

    CallTranslator Tr(Ctx, CurFn, mods(CurFn), Site);
    Tr.Uses = &Uses;
    Tr.SetDominates = [&](const Stmt *S) { return dominates(S, CE); };
    Tr.LaunchBlocks = [&](const FunctionDecl *F) { return launchBlocks(F); };
    Tr.CallLoc = CE->getBeginLoc();
    Tr.CallInLoop = inLoop(CE);
    // One translator per caller; translator K reads its function's parameters as translator K+1's arguments.
    std::vector<std::unique_ptr<CallTranslator>> Outer;
    CallTranslator *Inner = &Tr;
    for (const auto &[Call, Caller] : Context) {
      Site.callers.emplace_back(toLoc(Ctx, Call->getBeginLoc()), functionName(Caller));
      Outer.push_back(std::make_unique<CallTranslator>(Ctx, Caller, mods(Caller), Site));
      CallTranslator *O = Outer.back().get();
      O->Uses = &Uses;
      const CallExpr *K = Call;
      const FunctionDecl *G = Caller;
      O->SetDominates = [this, K, G](const Stmt *S) { return inFunction(G, [&] { return dominates(S, K); }); };
      O->LaunchBlocks = [this](const FunctionDecl *F) { return launchBlocks(F); };
      O->CallLoc = K->getBeginLoc();
      O->CallInLoop = inFunction(G, [&] { return inLoop(K); });
      const FunctionDecl *Callee = K->getDirectCallee();
      unsigned Offset = isa<CXXOperatorCallExpr>(K) && Callee && isa<CXXMethodDecl>(Callee) ? 1 : 0;
      auto Arg = [K, Offset](const ParmVarDecl *P) -> const Expr * {
        unsigned I = P->getFunctionScopeIndex() + Offset;
        return I < K->getNumArgs() && !isa<CXXDefaultArgExpr>(K->getArg(I)) ? K->getArg(I) : nullptr;
      };
      Inner->ParamValue = [this, O, G, Arg](const ParmVarDecl *P) -> std::optional<CallTranslator::Term> {
        const Expr *A = Arg(P);
        if (!A)
          return std::nullopt;
        return inFunction(G, [&] { return O->term(A); });
      };
      Inner->ParamTile = [this, O, G, Arg](const ParmVarDecl *P) -> std::optional<TileFacts> {
        const Expr *A = Arg(P);
        if (!A)
          return std::nullopt;
        return inFunction(G, [&] { return O->tile(A); });
      };
      Inner = O;
    }
    for (size_t I = 0; I < Ov.roles.size(); ++I) {
      checker::Operand O;
      O.role = Ov.roles[I];
      O.tile = Tr.tile(CE->getArg(I));
      Site.operands.push_back(O);
    }
    if (Sig.builtin)
      Site.constants.emplace_back("op.invecscope", inVectorScope(CE) ? 1 : 0);
    collectPath(CE, Tr, Site);
    for (size_t I = 0; I < Context.size(); ++I)
      inFunction(Context[I].second, [&] {
        collectPath(Context[I].first, *Outer[I], Site);
        return 0;
      });
    Calls.push_back(std::move(Site));
  }

  /// Kernel (canonical declaration) -> the largest constant block count of its launches, or nullopt if one of
  /// them is not a constant. Computed on first use: most translation units never read the block index.
  std::optional<std::map<const FunctionDecl *, std::optional<int64_t>>> Launches;

  std::optional<int64_t> launchBlocks(const FunctionDecl *F) {
    if (!Launches) {
      struct Collect : RecursiveASTVisitor<Collect> {
        ASTContext &Ctx;
        std::map<const FunctionDecl *, std::optional<int64_t>> &Out;
        Collect(ASTContext &Ctx, std::map<const FunctionDecl *, std::optional<int64_t>> &Out) : Ctx(Ctx), Out(Out) {}
        bool shouldVisitTemplateInstantiations() const { return true; }
        bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
          const FunctionDecl *Kernel = K->getDirectCallee();
          if (!Kernel)
            return true;
          Kernel = Kernel->getCanonicalDecl();
          const CallExpr *Config = K->getConfig();
          Expr::EvalResult R;
          std::optional<int64_t> Blocks;
          if (Config && Config->getNumArgs() > 0 && !Config->getArg(0)->isValueDependent() &&
              Config->getArg(0)->getType()->isIntegralOrEnumerationType() &&
              Config->getArg(0)->EvaluateAsInt(R, Ctx) && R.Val.getInt().getExtValue() >= 1)
            Blocks = R.Val.getInt().getExtValue();
          auto [It, New] = Out.emplace(Kernel, Blocks);
          if (!New)
            It->second = It->second && Blocks ? std::optional<int64_t>(std::max(*It->second, *Blocks)) : std::nullopt;
          return true;
        }
      };
      Launches.emplace();
      Collect(Ctx, *Launches).TraverseDecl(Ctx.getTranslationUnitDecl());
    }
    auto It = Launches->find(F->getCanonicalDecl());
    return It == Launches->end() ? std::nullopt : It->second;
  }

public:
  /// "in instantiation of 'f<...>' requested here" notes, innermost first, following each instantiated
  /// function to the function that referred to it (up to 8 levels).
  void fillInstantiationChains() {
    for (size_t I = 0; I < Calls.size(); ++I) {
      const FunctionDecl *F = SiteFns[I];
      std::set<const FunctionDecl *> Seen;
      for (int Depth = 0; F && Depth < 8 && F->isTemplateInstantiation() && Seen.insert(F).second; ++Depth) {
        std::string S;
        llvm::raw_string_ostream OS(S);
        F->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/false);
        Calls[I].instantiatedFrom.push_back(toLoc(Ctx, F->getPointOfInstantiation()));
        Calls[I].instantiationNames.push_back(OS.str());
        auto It = Referrer.find(F);
        F = It == Referrer.end() ? nullptr : It->second;
      }
    }
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      if (CurFn && FD->isTemplateInstantiation() && !CurFn->isDependentContext())
        Referrer.emplace(FD, CurFn);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getMemberDecl()))
      if (CurFn && FD->isTemplateInstantiation() && !CurFn->isDependentContext())
        Referrer.emplace(FD, CurFn);
    return true;
  }

private:
  std::vector<const FunctionDecl *> SiteFns;
  std::map<const FunctionDecl *, const FunctionDecl *> Referrer;

  void addPath(CallSite &Site, CallTranslator &Tr, const Expr *Cond, bool Holds) {
    std::string T = Tr.boolTerm(Cond);
    std::string Text = sourceText(Ctx, Cond->getSourceRange());
    Site.path.push_back({Holds ? T : "(not " + T + ")", Holds ? Text : "!(" + Text + ")", toLoc(Ctx, Cond->getBeginLoc())});
  }

  /// Guards that hold whenever the call runs: enclosing if/else branches, loop conditions, && / ?: operands,
  /// and earlier `if (c) return;` (continue, throw, noreturn call) and `assert(c)` statements of enclosing blocks.
  void collectPath(const CallExpr *CE, CallTranslator &Tr, CallSite &Site) {
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
      Child = Parent;
    }
  }
};

} // namespace

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

void recordScopeMacros(Preprocessor &PP, std::shared_ptr<ScopeMacros> Out) {
  PP.addPPCallbacks(std::make_unique<ScopeRecorder>(std::move(Out)));
}

std::vector<CallSite> extractCalls(ASTContext &Ctx, const checker::RuleSet &Rules, const ScopeMacros &Scopes) {
  Finder F(Ctx, Rules, Scopes);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  F.fillInstantiationChains();
  return std::move(F.Calls);
}

SourceLocation toClangLoc(ASTContext &Ctx, const SourceLoc &L) {
  if (!L.valid())
    return {};
  SourceManager &SM = Ctx.getSourceManager();
  auto FE = SM.getFileManager().getOptionalFileRef(L.file);
  if (!FE)
    return {};
  return SM.translateFileLineCol(*FE, L.line, L.col);
}

std::vector<FixItHint> fixItHints(ASTContext &Ctx, const checker::Fix &F) {
  std::vector<FixItHint> Hints;
  for (const checker::Edit &E : F.edits) {
    SourceLocation B = toClangLoc(Ctx, E.loc);
    if (B.isInvalid())
      return {};
    Hints.push_back(E.length ? FixItHint::CreateReplacement(CharSourceRange::getCharRange(B, B.getLocWithOffset(E.length)),
                                                           E.text)
                             : FixItHint::CreateInsertion(B, E.text));
  }
  return Hints;
}

} // namespace pto::clangfe
