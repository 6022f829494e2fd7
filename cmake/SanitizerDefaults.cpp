// cmake/SanitizerDefaults.cpp: default sanitizer options, linked into every executable of a -DPTOLINT_SANITIZE build
// (cmake/Sanitize.cmake). The environment (ASAN_OPTIONS, LSAN_OPTIONS, UBSAN_OPTIONS) still overrides them.

// A UBSan report ends the run (the build also says -fno-sanitize-recover) with a stack to act on.
extern "C" const char *__ubsan_default_options() { return "halt_on_error=1:print_stacktrace=1"; }

// LLVM's headers poison the unused part of a BumpPtrAllocator slab when the code including them is instrumented
// (llvm/Support/Allocator.h), but the uninstrumented libLLVM allocates from the same slabs without unpoisoning:
// pto-clangd read its own fresh allocations as "use-after-poison". Manual poisoning is ignored; ASan's own stays.
extern "C" const char *__asan_default_options() { return "allow_user_poisoning=0"; }

// Allocations LLVM, Clang and Z3 keep for the life of the process (registries, singletons, the command-line option
// table) are not leaks of pto-lint's.
extern "C" const char *__lsan_default_suppressions() {
  return "leak:libLLVM\n"
         "leak:libclang-cpp\n"
         "leak:libz3\n";
}
