// clangfe: what the binaries that link the pto-* clang-tidy module (pto-tidy, pto-clangd) may set.
#ifndef PTOLINT_CLANGPLUGIN_TIDYMODULE_H
#define PTOLINT_CLANGPLUGIN_TIDYMODULE_H

namespace pto::clangfe {

/// Set by pto-clangd before clangd starts: the checks run as the user types, so the default wall-clock caps are
/// the editor's (250 ms per solver call, 2 s per translation unit; CheckOptions override them).
extern bool TidyInEditor;

} // namespace pto::clangfe

#endif
