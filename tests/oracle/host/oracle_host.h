// pto-lint oracle: lets upstream's NPU implementation headers compile and run on the host, intrinsics as no-ops.
//
// Force-included (-include) by tests/oracle/oracle.py into every translation unit of the host program, with
// _DEBUG defined and the NPU predefines pto-lint uses for the target (from `pto-lint --print-commands`).
// What it changes, and why:
// * Every bisheng builtin comes from pto-lint's own CCE prelude (clangfe/prelude/pto_lint_cce_prelude.h): its
//   intrinsics are catch-all inline templates that do nothing, which is what the oracle needs.
// * `aicore` is left undefined, so `[aicore]` (pto-isa's AICORE) survives preprocessing as it is; the driver
//   runs the preprocessor first and erases it from the output (clang accepts no attribute after decl-specifiers,
//   where the headers put it; pto-lint's CceSyntax fixup does the same inside its own preprocessor).
// * `__gm__` is `volatile` instead of nothing: pto-isa specializes `remove_gm<__gm__ T>` next to its primary
//   template (pto/common/pto_tile.hpp), which an empty qualifier would redefine; a cv-qualifier keeps the
//   specialization distinct, converts implicitly where the headers convert `__gm__` pointers, and is stripped by
//   the remove_cv the headers apply first. (An address space would reject string literals returned as
//   `const __gm__ char *`, as the headers' name tables do.)
// * With _DEBUG, upstream's PTO_ASSERT calls `cce::printf(format, message, condition, __FILE__, __LINE__)` and
//   then `trap()` when its condition is false (pto/common/debug.h). The printf overload below records the
//   assert's location instead of printing; `trap()` returns, so the call runs on as a release build would and
//   every failing assert on its path is recorded, not only the first.
#ifndef PTO_ORACLE_HOST_H
#define PTO_ORACLE_HOST_H

#include "pto_lint_cce_prelude.h"

#undef aicore
#undef __gm__
#define __gm__ volatile

#include <cstdint>

namespace pto_oracle {
/// Records a failing PTO_ASSERT (its file and line, as __FILE__ and __LINE__ gave them).
void fired(const char *File, int Line);
/// Marks the start of the op call under test: asserts recorded from here on belong to the call, those before it
/// to the configuration's set-up.
void enterOp(int Id);
/// The host buffer of the tiles TASSIGNed NPU address Addr in this configuration (tiles at one address, as in an
/// in-place call, share one); the first tile there fills it (Bytes of it, and some margin) with Fill.
void *tileBuffer(unsigned long long Addr, int Fill, unsigned long Bytes);

/// Fills: one character per tile, '0' or '1', the byte its buffer is filled with.
template <class... Tiles> void enter(int Id, const char *Fills, Tiles &...Ts) {
  // data() is the tile's buffer pointer, by reference (pto/common/pto_tile.hpp); TASSIGN set it to an NPU address.
  ((Ts.data() = reinterpret_cast<typename Tiles::TileDType>(
        tileBuffer(static_cast<unsigned long long>(reinterpret_cast<__UINTPTR_TYPE__>(Ts.data())), *Fills++ - '0',
                   sizeof(typename Tiles::DType) * Tiles::Rows * Tiles::Cols))),
   ...);
  enterOp(Id);
}
} // namespace pto_oracle

namespace cce {
/// The call DEBUG_CHECK makes: a more specialised match than the prelude's catch-all printf template.
inline int printf(const char *, const char *, const char *, const char *File, int Line) {
  pto_oracle::fired(File, Line);
  return 0;
}
} // namespace cce

/// DEBUG_CHECK's trap: the run goes on (see above).
inline void trap() {}

/// The kernels' marker before the op call (an empty statement when pto-lint reads them).
#define PTO_ORACLE_ENTER(Id, Fills, ...) ::pto_oracle::enter(Id, Fills, __VA_ARGS__)

#endif
