// cmd: pto-tidy, clang-tidy 19 with the pto-* checks linked in: every stock check and option, and no
// --load (whose module must match the clang-tidy binary's exact LLVM build).
#include "clang-tidy/tool/ClangTidyMain.h"

int main(int argc, const char **argv) { return clang::tidy::clangTidyMain(argc, argv); }
