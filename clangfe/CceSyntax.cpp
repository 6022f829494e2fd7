// clangfe: preprocessor fixups for CCE syntax (see CceSyntax.h for what they change and why).
#include "CceSyntax.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

using namespace clang;

namespace pto::clangfe {
namespace {

/// A macro hidden while the preprocessor reads one header's own lines (identified by its path's suffix).
struct HiddenMacro {
  const char *fileSuffix;
  const char *macro;
};
constexpr HiddenMacro HiddenMacros[] = {{"pto/common/pto_tile.hpp", "__CCE_AICORE__"}};

class CceSyntaxFixups : public PPCallbacks {
public:
  explicit CceSyntaxFixups(Preprocessor &PP) : PP(PP) {}

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const MacroInfo *MI = MD->getMacroInfo();
    if (!MI || MI->getNumTokens() < 3)
      return;
    ArrayRef<Token> Body = MI->tokens();
    SmallVector<Token, 16> Kept;
    bool Erased = false;
    for (size_t I = 0; I < Body.size(); ++I) {
      if (I + 2 < Body.size() && Body[I].is(tok::l_square) && Body[I + 2].is(tok::r_square) &&
          Body[I + 1].getIdentifierInfo() && Body[I + 1].getIdentifierInfo()->getName() == "aicore") {
        Erased = true;
        I += 2;
        continue;
      }
      Kept.push_back(Body[I]);
    }
    if (!Erased)
      return;
    redefineMacro(PP, Name.getIdentifierInfo(), MI, Kept, MD->getLocation());
  }

  void LexedFileChanged(FileID FID, LexedFileChangeReason, SrcMgr::CharacteristicKind, FileID,
                        SourceLocation) override {
    OptionalFileEntryRef FE = PP.getSourceManager().getFileEntryRefForID(FID);
    llvm::StringRef Name = FE ? FE->getName() : "";
    for (size_t I = 0; I < std::size(HiddenMacros); ++I) {
      bool Inside = Name.ends_with(HiddenMacros[I].fileSuffix);
      IdentifierInfo *II = PP.getIdentifierInfo(HiddenMacros[I].macro);
      if (Inside && !Saved[I]) {
        if (MacroInfo *MI = PP.getMacroInfo(II)) {
          Saved[I] = MI;
          PP.appendMacroDirective(II, new (PP.getPreprocessorAllocator()) UndefMacroDirective(SourceLocation()));
        }
      } else if (!Inside && Saved[I]) {
        PP.appendDefMacroDirective(II, Saved[I], SourceLocation());
        Saved[I] = nullptr;
      }
    }
  }

private:
  Preprocessor &PP;
  MacroInfo *Saved[std::size(HiddenMacros)] = {};
};

} // namespace

void installCceSyntaxFixups(Preprocessor &PP) {
  bool Npu = false;
  for (const auto &[Macro, IsUndef] : PP.getPreprocessorOpts().Macros)
    if (llvm::StringRef(Macro).starts_with("__CCE_AICORE__"))
      Npu = !IsUndef;
  if (Npu)
    PP.addPPCallbacks(std::make_unique<CceSyntaxFixups>(PP));
}

namespace {
/// `#pragma pto_lint cce_syntax` (the first line of the NPU prelude).
class CceSyntaxPragma : public PragmaHandler {
public:
  CceSyntaxPragma() : PragmaHandler("pto_lint") {}
  void HandlePragma(Preprocessor &PP, PragmaIntroducer, Token &Tok) override {
    PP.LexUnexpandedToken(Tok);
    if (Tok.is(tok::identifier) && Tok.getIdentifierInfo()->getName() == "cce_syntax")
      installCceSyntaxFixups(PP);
  }
};
PragmaHandlerRegistry::Add<CceSyntaxPragma> Registered("pto_lint", "pto-lint: CCE syntax fixups for NPU kernels");
} // namespace

void redefineMacro(Preprocessor &PP, IdentifierInfo *Name, const MacroInfo *Old, ArrayRef<Token> Body,
                   SourceLocation DirectiveLoc) {
  MacroInfo *New = PP.AllocateMacroInfo(Old->getDefinitionLoc());
  if (Old->isFunctionLike()) {
    New->setIsFunctionLike();
    SmallVector<IdentifierInfo *, 8> Params;
    for (const IdentifierInfo *P : Old->params())
      Params.push_back(const_cast<IdentifierInfo *>(P));
    New->setParameterList(Params, PP.getPreprocessorAllocator());
    if (Old->isC99Varargs())
      New->setIsC99Varargs();
    if (Old->isGNUVarargs())
      New->setIsGNUVarargs();
  }
  New->setTokens(Body, PP.getPreprocessorAllocator());
  New->setDefinitionEndLoc(Old->getDefinitionEndLoc());
  PP.appendDefMacroDirective(Name, New, DirectiveLoc);
}

volatile int CceSyntaxAnchor = 0;

} // namespace pto::clangfe
