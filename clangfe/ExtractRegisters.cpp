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

/// Where a predicate comes from: `plt_bN(...)` (partial, N bits), `pset_bN(PAT_...)` / `pge_bN(PAT_...)`
/// (all-true for PAT_ALL, partial for other patterns), directly or through an unchanged local.
void CallTranslator::mask(const Expr *E, TileFacts &T) {
  const Expr *Src = E->IgnoreParenImpCasts();
  if (const VarDecl *VD = referencedVar(Src)) {
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
