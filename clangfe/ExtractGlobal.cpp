// clangfe: global tensors (pto::GlobalTensor<T, Shape<...>, Stride<...>, Layout>): a dimension of the shape or the
// stride, from the type (a static dimension) or from the values the tensor was constructed with.
//
// Facts (pto-isa@3186c381 include/pto/common/pto_tile.hpp): `DYNAMIC` is -1 (:27); Shape<N1..N5> and
// Stride<S1..S5> keep the static dims as template arguments (:29-30); their 5-argument constructors set each
// dynamic dim from its own argument, the k-argument ones (k = the number of dynamic dims) the dynamic dims in order
// (:31-112, and Stride the same), the default constructor sets every dynamic dim of a Shape to 1 (:46-58);
// GlobalTensor(data, shape = defaultShape, stride = defaultStride) copies the dynamic dims (:286-325), and
// GetShape(dim)/GetStride(dim) return the static dim or the stored one (:329-363).
#include "ExtractImpl.h"


using namespace clang;

namespace pto::clangfe::extract {

namespace {

/// The specialization of class template pto::<Name> that T is (references and qualifiers aside).
const ClassTemplateSpecializationDecl *ptoClass(QualType T, StringRef Name) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T->getAsCXXRecordDecl());
  return S && S->getName() == Name && inPtoNamespace(S) ? S : nullptr;
}

/// The constructor call an object is made by: through temporaries, copies and named variables initialised so.
const CXXConstructExpr *construction(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 8)
    return nullptr;
  E = E->IgnoreImplicit()->IgnoreParens();
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    // A copy or move of another object: that object's construction.
    if (C->getConstructor() && C->getConstructor()->isCopyOrMoveConstructor() && C->getNumArgs() == 1)
      return construction(C->getArg(0), Depth + 1);
    return C;
  }
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
    return construction(F->getSubExpr(), Depth + 1);
  if (const VarDecl *VD = referencedVar(E); VD && VD->getType().isConstQualified() && VD->getInit())
    return construction(VD->getInit(), Depth + 1);
  return nullptr;
}

} // namespace

CallTranslator::Term CallTranslator::globalDim(const Expr *Obj, unsigned Dim, bool Stride) {
  const char *What = Stride ? "stride" : "shape";
  const Expr *E = Obj->IgnoreParenImpCasts();
  // Each dim of a tensor is a value of its own, also when none of them is understood.
  std::string Part = sourceText(Ctx, E->getSourceRange()) + (Stride ? ".GetStride(" : ".GetShape(") +
                     std::to_string(Dim) + ")";
  auto opaque = [&](const Expr *O, const std::string &Why) { return this->opaque(O, Why, Part); };
  const ClassTemplateSpecializationDecl *G = ptoClass(E->getType(), "GlobalTensor");
  if (!G || G->getTemplateArgs().size() < 3 || Dim >= 5)
    return opaque(Obj, std::string("the ") + What + " of an object that is not a pto::GlobalTensor");
  const TemplateArgument &DimsArg = G->getTemplateArgs()[Stride ? 2 : 1];
  // Shape/Stride, or a class derived from one (pto-isa's TileShape2D/BaseShape2D, pto_tile.hpp:684-850).
  const ClassTemplateSpecializationDecl *Dims =
      DimsArg.getKind() == TemplateArgument::Type ? ptoSpecialization(DimsArg.getAsType(), Stride ? "Stride" : "Shape")
                                                  : nullptr;
  if (!Dims || Dims->getTemplateArgs().size() != 5)
    return opaque(Obj, std::string("the ") + What + " type of a global tensor is not understood");
  std::optional<int64_t> Static[5];
  for (unsigned K = 0; K < 5; ++K)
    Static[K] = intArg(Dims->getTemplateArgs()[K]);
  if (Static[Dim] && *Static[Dim] != -1)
    return Term::literal(*Static[Dim]);

  // A dynamic dimension: the value the tensor was constructed with.
  const VarDecl *VD = referencedVar(E);
  std::string Name = VD ? VD->getName().str() : sourceText(Ctx, E->getSourceRange());
  if (const auto *P = dyn_cast_or_null<ParmVarDecl>(VD); P && ParamGlobalDim && !Mods.Reshaped.count(VD))
    if (std::optional<Term> T = ParamGlobalDim(P, Dim, Stride))
      return *T;
  if (!VD || isa<ParmVarDecl>(VD) || !VD->getInit())
    return opaque(Obj, "the dynamic " + std::string(What) + " of '" + Name + "' is not known here");
  if (Mods.Reshaped.count(VD))
    return opaque(Obj, "'" + Name + "' has its " + What + " changed after its construction");
  const CXXConstructExpr *GC = construction(VD->getInit());
  unsigned ArgIdx = Stride ? 2 : 1;
  if (!GC || GC->getNumArgs() <= ArgIdx)
    return opaque(Obj, "the construction of '" + Name + "' is not understood");
  const Expr *DimsExpr = GC->getArg(ArgIdx);
  // Left out: the default Shape, every dynamic dim 1; the default Stride is not modelled.
  const CXXConstructExpr *DC = isa<CXXDefaultArgExpr>(DimsExpr) ? nullptr : construction(DimsExpr);
  if (isa<CXXDefaultArgExpr>(DimsExpr) && !Stride)
    return Term::literal(1);
  // A derived class's constructor: its base initialiser, the constructor's parameters bound to its arguments (read
  // where the tensor is made); an inherited one (`using Parent::Parent`) passes its arguments on as they are.
  const Stmt *At = VD->hasLocalStorage() ? VD->getInit() : nullptr;
  BoundScope Scope(Bound);
  for (int Level = 0; DC && Level < 4; ++Level) {
    const CXXRecordDecl *RD = DC->getType()->getAsCXXRecordDecl();
    const CXXConstructorDecl *CD = DC->getConstructor();
    if (!RD || RD->getCanonicalDecl() == Dims->getCanonicalDecl() || !CD || CD->isInheritingConstructor())
      break;
    const CXXConstructExpr *BaseInit = nullptr;
    for (const CXXCtorInitializer *I : CD->inits())
      if (I->isBaseInitializer() && I->getInit())
        BaseInit = dyn_cast<CXXConstructExpr>(I->getInit()->IgnoreImplicit());
    if (!BaseInit || CD->getNumParams() != DC->getNumArgs()) {
      DC = nullptr;
      break;
    }
    std::vector<Term> Args;
    for (const Expr *A : DC->arguments())
      Args.push_back(readAt(A, At));
    for (unsigned I = 0; I < CD->getNumParams(); ++I)
      Bound[CD->getParamDecl(I)] = Args[I];
    DC = BaseInit;
  }
  if (!DC)
    return opaque(Obj, std::string("the ") + What + " '" + Name + "' was constructed with is not understood");
  const Expr *Value = nullptr;
  unsigned N = DC->getNumArgs();
  if (N == 5) {
    Value = DC->getArg(Dim);
  } else if (N == 0 && !Stride) {
    return Term::literal(1);
  } else {
    // k arguments: the dynamic dims in order.
    unsigned Before = 0;
    for (unsigned K = 0; K < Dim; ++K)
      Before += Static[K] && *Static[K] == -1;
    if (Before < N)
      Value = DC->getArg(Before);
  }
  if (!Value)
    return opaque(Obj, std::string("the ") + What + " '" + Name + "' was constructed with is not understood");
  // Read where the tensor is made, not at the call.
  return readAt(Value, At);
}

} // namespace pto::clangfe::extract
