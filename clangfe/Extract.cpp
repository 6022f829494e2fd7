// clangfe: the extractor's entry points, its source helpers, and an operand's facts read from its type.
#include "ExtractImpl.h"

#include "clang/Basic/SourceManagerInternals.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/BuryPointer.h"

using namespace clang;
using pto::checker::DType;

namespace pto::clangfe {
namespace extract {

SourceLoc toLoc(const ASTContext &Ctx, SourceLocation L) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLoc Out;
  if (L.isInvalid())
    return Out;
  L = SM.getFileLoc(L);
  // (A file location is its own spelling: one decomposition serves the file, the line and the column.)
  auto [F, Offset] = SM.getDecomposedLoc(L);
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(F);
  if (!FE)
    return Out;
  Out.file = FE->getName().str();
  Out.line = SM.getLineNumber(F, Offset);
  Out.col = SM.getColumnNumber(F, Offset);
  return Out;
}

std::string sourceText(const ASTContext &Ctx, SourceRange R) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR = CharSourceRange::getTokenRange(SM.getFileLoc(R.getBegin()), SM.getFileLoc(R.getEnd()));
  StringRef T = Lexer::getSourceText(CR, SM, Ctx.getLangOpts());
  return T.str();
}

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

bool inSystemHeader(const ASTContext &Ctx, const Decl *D) {
  return D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
         Ctx.getSourceManager().isInSystemHeader(D->getLocation());
}

SourceLocation FileRangeMemo::expansion(const SourceManager &SM, SourceLocation L) {
  // As SourceManager::getExpansionLocSlowCase: the start of the expansion of the entry holding L, until a file's.
  constexpr SourceLocation::UIntTy MacroBit = SourceLocation::UIntTy(1) << (8 * sizeof(SourceLocation::UIntTy) - 1);
  while (L.isMacroID()) {
    SourceLocation::UIntTy Offset = L.getRawEncoding() & ~MacroBit;
    unsigned N = SM.local_sloc_entry_size();
    if (N == 0 || Offset >= SM.getNextLocalOffset())
      return SM.getExpansionLoc(L); // a loaded entry (modules, PCH)
    auto Start = [&](unsigned I) { return SM.getLocalSLocEntry(I).getOffset(); };
    // The last entry starting at or before Offset (entry 0 starts at 0), searched outwards from the last one found:
    // [Lo, Hi) holds it, widened by doubling steps, then halved.
    unsigned Lo = std::min(Entry, N - 1), Hi = Lo + 1;
    if (Start(Lo) <= Offset) {
      for (unsigned Step = 1; Hi < N && Start(Hi) <= Offset; Step *= 2) {
        Lo = Hi;
        Hi = std::min<unsigned>(N, Hi + Step);
      }
    } else {
      for (unsigned Step = 1; Start(Lo) > Offset; Step *= 2) {
        Hi = Lo;
        Lo = Lo > Step ? Lo - Step : 0;
      }
    }
    while (Hi - Lo > 1) {
      unsigned Mid = Lo + (Hi - Lo) / 2;
      (Start(Mid) <= Offset ? Lo : Hi) = Mid;
    }
    Entry = Lo;
    const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(Lo);
    if (!E.isExpansion())
      return SM.getExpansionLoc(L);
    L = E.getExpansion().getExpansionLocStart();
  }
  return L;
}

bool FileRangeMemo::get(SourceManager &SM, SourceLocation L, llvm::function_ref<bool()> Answer) {
  if (L.isFileID() && L.getRawEncoding() >= Begin && L.getRawEncoding() < End)
    return Kept;
  bool Out = Answer();
  if (L.isValid() && L.isFileID()) {
    FileID F = SM.getFileID(L);
    bool Invalid = false;
    const SrcMgr::SLocEntry &E = SM.getSLocEntry(F, &Invalid);
    if (!Invalid && E.isFile()) {
      SourceLocation::UIntTy FileBegin = SM.getLocForStartOfFile(F).getRawEncoding();
      unsigned From = 0, To = SM.getFileIDSize(F), At = L.getRawEncoding() - FileBegin;
      bool Known = true;
      if (E.getFile().hasLineDirectives()) { // (then the source manager has a line table)
        Known = false;
        for (auto &[File, Entries] : SM.getLineTable())
          if (File == F) {
            auto Next = std::upper_bound(Entries.begin(), Entries.end(), At,
                                         [](unsigned O, const LineEntry &Entry) { return O < Entry.FileOffset; });
            if (Next != Entries.begin())
              From = std::prev(Next)->FileOffset;
            if (Next != Entries.end())
              To = Next->FileOffset;
            Known = true;
          }
      }
      if (Known) {
        Begin = FileBegin + From;
        End = FileBegin + To;
        Kept = Out;
      }
    }
  }
  return Out;
}

std::string functionName(const ASTContext &Ctx, const FunctionDecl *F, bool Qualified) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  F->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), Qualified);
  return OS.str();
}

const VarDecl *referencedVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DR->getDecl());
  return nullptr;
}

/// The specialization of class template pto::<Name> that T is or derives from (through single bases).
const ClassTemplateSpecializationDecl *ptoSpecialization(QualType T, StringRef Name) {
  T = T.getNonReferenceType().getCanonicalType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  for (int Depth = 0; RD && Depth < 8; ++Depth) {
    if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      if (S->getName() == Name && inPtoNamespace(S))
        return S;
    if (!RD->hasDefinition() || RD->getNumBases() != 1)
      return nullptr;
    RD = RD->bases_begin()->getType()->getAsCXXRecordDecl();
  }
  return nullptr;
}

const ClassTemplateSpecializationDecl *tileSpecialization(QualType T) { return ptoSpecialization(T, "Tile"); }

/// True if T is (or derives from) a specialization of pto::Event.
static bool isEventType(QualType T) { return ptoSpecialization(T, "Event") != nullptr; }

/// Enumerator name of an integral template argument of enum type ("" if not an enum).
static std::string enumName(const TemplateArgument &A) {
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

const TileFacts *CallTranslator::callerTile(const Expr *Arg) {
  const Expr *E = Arg->IgnoreParenImpCasts();
  return callerTile(tileSpecialization(E->getType()), referencedVar(E));
}

const TileFacts *CallTranslator::callerTile(const ClassTemplateSpecializationDecl *S, const VarDecl *VD) {
  if (ParamTile && S && S->getTemplateArgs().size() >= 7)
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(VD); P && !Mods.ShapeSets.count(VD) && !Mods.Assigns.count(VD))
      return ParamTile(P); // the caller's tile, as the caller has it at the call
  return nullptr;
}

/// What a tile's type says of it (memory, element type, shape, layouts, declared valid shape, spelling): the facts
/// of a tile of type S that no value sets, kept per type for the unit when TypeFacts is set.
TileFacts CallTranslator::typeFacts(const ClassTemplateSpecializationDecl *S) {
  if (TypeFacts)
    if (auto It = TypeFacts->find(S); It != TypeFacts->end())
      return It->second;
  const TemplateArgumentList &A = S->getTemplateArgs();
  TileFacts T;
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
  T.typeSpelling = tileSpelling(T);
  if (TypeFacts)
    TypeFacts->emplace(S, T);
  return T;
}

TileFacts CallTranslator::tile(const Expr *Arg) {
  const Expr *E = Arg->IgnoreParenImpCasts();
  QualType Ty = E->getType();
  const ClassTemplateSpecializationDecl *S = tileSpecialization(Ty);
  const VarDecl *VD = referencedVar(E);
  if (const TileFacts *Caller = callerTile(S, VD))
    return *Caller;
  std::string Written = sourceText(Ctx, E->getSourceRange());
  if (!S || S->getTemplateArgs().size() < 7) { // a register, a predicate, an event or another operand
    TileFacts T;
    T.expr = std::move(Written);
    T.typeSpelling = Ty.getNonReferenceType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    if (const ClassTemplateSpecializationDecl *R = regSpecialization(Ty)) {
      reg(E, R, T);
    } else if (isMaskType(Ty)) {
      T.isMask = true;
      mask(E, T);
    } else {
      T.isEvent = isEventType(Ty);
    }
    return T;
  }
  TileFacts T = typeFacts(S);
  T.expr = std::move(Written);
  if (VD) {
    T.declLoc = toLoc(Ctx, VD->getLocation());
    writtenType(VD, T);
  }
  T.validRow = dim(VD, E, T, true);
  T.validCol = dim(VD, E, T, false);
  placement(VD, E, T);
  return T;
}

} // namespace extract

std::vector<checker::CallSite> extractCalls(ASTContext &Ctx, const checker::RuleSet &Rules, const ScopeMacros &Scopes,
                                           bool ProcessEnds) {
  auto F = std::make_unique<extract::Finder>(Ctx, Rules, Scopes);
  F->run();
  std::vector<checker::CallSite> Calls = std::move(F->Calls);
  if (ProcessEnds)
    llvm::BuryPointer(std::move(F));
  return Calls;
}

SourceLocation toClangLoc(ASTContext &Ctx, const checker::SourceLoc &L) {
  if (!L.valid())
    return {};
  SourceManager &SM = Ctx.getSourceManager();
  auto FE = SM.getFileManager().getOptionalFileRef(L.file);
  if (!FE)
    return {};
  return SM.translateFileLineCol(*FE, L.line, L.col);
}

} // namespace pto::clangfe
