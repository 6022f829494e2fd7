// clangfe: preprocessor fixups that let clang read CCE (bisheng) syntax in NPU translation units.
#ifndef PTOLINT_CLANGPLUGIN_CCESYNTAX_H
#define PTOLINT_CLANGPLUGIN_CCESYNTAX_H

#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"

namespace clang {
class IdentifierInfo;
class MacroInfo;
class Preprocessor;
} // namespace clang

namespace pto::clangfe {

/// Installs the fixups on a preprocessor when the command is an NPU command (it predefines __CCE_AICORE__,
/// as every command translateNpuCommand makes does); otherwise does nothing. What they change, and nothing else:
///  * bisheng's core attribute `[aicore]` may stand after decl-specifiers (`constexpr [aicore] inline f()`),
///    where clang accepts no attribute list: it is erased from every macro body as the macro is defined, so
///    `#define AICORE [aicore]` (pto-isa's pto/common/type.hpp) defines an empty AICORE;
///  * bisheng's `__gm__` is an address space, the prelude's is empty: pto-isa's pto/common/pto_tile.hpp
///    specializes `remove_gm<__gm__ T>` under `#if defined(__CCE_AICORE__)`, which with an empty `__gm__` would
///    redefine the primary template. __CCE_AICORE__ is hidden while the preprocessor reads that file's own
///    lines (files it includes see it as usual); that #if is the only use of the macro in the file.
/// Keeping these out of the prelude keeps the prelude to what bisheng has built in, and leaves the order and
/// the configuration in which the kernel includes the real headers unchanged.
///
/// Every shell gets them the same way: the prelude opens with `#pragma pto_lint cce_syntax`, whose handler (in
/// clang's pragma registry, which every preprocessor consults when it is made) calls this. That reaches
/// preprocessors no shell creates or hooks: clangd builds a kernel's #include block into a preamble in a
/// preprocessor of its own, before any clang-tidy check is made.
void installCceSyntaxFixups(clang::Preprocessor &PP);

/// Defines Name anew in place of Old, with Old's parameters and Body, where Old was defined (a MacroInfo's body may
/// be set only once). DirectiveLoc is where the new definition's directive is said to stand.
void redefineMacro(clang::Preprocessor &PP, clang::IdentifierInfo *Name, const clang::MacroInfo *Old,
                   llvm::ArrayRef<clang::Token> Body, clang::SourceLocation DirectiveLoc);

/// Read by Lint.cpp, which every shell links, so that the static library's CceSyntax object, and with it the
/// pragma's registration, is linked into every binary (nothing else refers to it).
extern volatile int CceSyntaxAnchor;

} // namespace pto::clangfe

#endif
