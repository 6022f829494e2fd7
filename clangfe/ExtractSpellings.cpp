// clangfe: how tile types are spelled, in messages and in the source, for fix-its that rewrite them.
#include "ExtractImpl.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

namespace pto::clangfe {
namespace extract {

std::string tileSpelling(const TileFacts &T) {
  std::string S = "Tile<TileType::" + (T.loc.empty() ? "?" : T.loc) + ", " + T.dtypeName + ", " +
                  std::to_string(T.rows) + ", " + std::to_string(T.cols);
  bool DefaultValid = T.declValidRow == T.rows && T.declValidCol == T.cols;
  if (T.blayout != "RowMajor" || !DefaultValid || T.slayout != "NoneBox")
    S += ", BLayout::" + T.blayout;
  if (!DefaultValid || T.slayout != "NoneBox")
    S += ", " + std::to_string(T.declValidRow) + ", " + std::to_string(T.declValidCol);
  if (T.slayout != "NoneBox")
    S += ", SLayout::" + T.slayout;
  return S + ">";
}

unsigned TypeUses::aliasUses(const TypedefNameDecl *D) {
  build();
  return Alias[D->getLocation().getRawEncoding()];
}

unsigned TypeUses::declsAt(SourceLocation TypeStart) {
  build();
  return Starts[TypeStart.getRawEncoding()];
}

bool TypeUses::TraverseDecl(Decl *D) {
  SourceManager &SM = Ctx.getSourceManager();
  if (D && !isa<TranslationUnitDecl>(D)) {
    SourceLocation L = MainFile.expansion(SM, D->getLocation());
    if (!MainFile.get(SM, L, [&] { return SM.isInMainFile(L); }))
      return true;
  }
  return RecursiveASTVisitor::TraverseDecl(D);
}

// Instantiations repeat what their pattern writes. (clangd walks an explicit instantiation at the top level.)
bool TypeUses::TraverseFunctionDecl(FunctionDecl *D) {
  return D->isTemplateInstantiation() || RecursiveASTVisitor::TraverseFunctionDecl(D);
}

bool TypeUses::TraverseCXXMethodDecl(CXXMethodDecl *D) {
  return D->isTemplateInstantiation() || RecursiveASTVisitor::TraverseCXXMethodDecl(D);
}

bool TypeUses::TraverseClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl *D) {
  return D->getTemplateSpecializationKind() != TSK_ExplicitSpecialization ||
         RecursiveASTVisitor::TraverseClassTemplateSpecializationDecl(D);
}

bool TypeUses::VisitTypedefTypeLoc(TypedefTypeLoc TL) {
  ++Alias[TL.getTypedefNameDecl()->getLocation().getRawEncoding()];
  return true;
}

bool TypeUses::VisitDeclaratorDecl(DeclaratorDecl *D) {
  ++Starts[D->getTypeSpecStartLoc().getRawEncoding()];
  return true;
}

void TypeUses::build() {
  if (!Built) {
    Built = true;
    TraverseDecl(Ctx.getTranslationUnitDecl());
  }
}

/// A template argument written the same way for every instantiation: a number, an enumerator, or a type that is
/// not a template parameter.
static bool literalArg(const TemplateArgumentLoc &AL) {
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

/// The `Tile<...>` VD's type is written as, for fix-its: in VD's own declaration or through aliases, in the main
/// file, used by VD alone. Parameters are left out: their caller's tile is the one to change.
void CallTranslator::writtenType(const VarDecl *VD, TileFacts &T) {
  if (!Uses)
    return;
  const TypeUses::Written &W = Uses->written(VD);
  if (W.args.empty())
    return;
  T.writtenArgs = W.args;
  T.writtenArgsEnd = W.end;
}

const TypeUses::Written &TypeUses::written(const VarDecl *VD) {
  auto [It, New] = WrittenTypes.try_emplace(VD);
  Written &Out = It->second;
  if (!New)
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  if (isa<ParmVarDecl>(VD) || !VD->getTypeSourceInfo() || !SM.isInMainFile(SM.getExpansionLoc(VD->getLocation())) ||
      declsAt(VD->getTypeSpecStartLoc()) != 1)
    return Out;
  TypeLoc TL = VD->getTypeSourceInfo()->getTypeLoc();
  for (int Hops = 0; Hops < 6; ++Hops) {
    TL = TL.getUnqualifiedLoc();
    if (auto E = TL.getAs<ElaboratedTypeLoc>()) {
      TL = E.getNamedTypeLoc();
    } else if (auto TD = TL.getAs<TypedefTypeLoc>()) {
      const TypedefNameDecl *D = TD.getTypedefNameDecl();
      if (!D->getTypeSourceInfo() || !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())) || aliasUses(D) != 1)
        return Out;
      TL = D->getTypeSourceInfo()->getTypeLoc();
    } else {
      break;
    }
  }
  auto TS = TL.getAs<TemplateSpecializationTypeLoc>();
  const TemplateDecl *Tmpl = TS ? TS.getTypePtr()->getTemplateName().getAsTemplateDecl() : nullptr;
  if (!Tmpl || !isa<ClassTemplateDecl>(Tmpl) || Tmpl->getName() != "Tile" || TS.getNumArgs() == 0)
    return Out;
  std::vector<checker::WrittenArg> Args;
  for (unsigned I = 0; I < TS.getNumArgs(); ++I) {
    const TemplateArgumentLoc &AL = TS.getArgLoc(I);
    SourceRange R = AL.getSourceRange();
    if (R.isInvalid() || R.getBegin().isMacroID() || R.getEnd().isMacroID())
      return Out;
    checker::WrittenArg W;
    W.text = sourceText(Ctx, R);
    if (W.text.empty() || W.text.find('\n') != std::string::npos)
      return Out;
    W.loc = toLoc(Ctx, R.getBegin());
    W.length = unsigned(W.text.size());
    W.literal = literalArg(AL);
    Args.push_back(std::move(W));
  }
  Out.args = checker::WrittenArgs(std::move(Args));
  Out.end = toLoc(Ctx, Lexer::getLocForEndOfToken(TS.getArgLoc(TS.getNumArgs() - 1).getSourceRange().getEnd(), 0, SM,
                                                  Ctx.getLangOpts()));
  return Out;
}

} // namespace extract

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
