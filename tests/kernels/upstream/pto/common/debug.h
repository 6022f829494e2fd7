// tests: a stand-in for the part of pto-isa's debug.h pto-lint relies on: PTO_ASSERT(condition, message), compiled
// out unless _DEBUG is defined (pto-isa@3186c381 include/pto/common/debug.h:32-36). Written for pto-lint's tests.
#ifndef PTOLINT_TEST_UPSTREAM_DEBUG_H
#define PTOLINT_TEST_UPSTREAM_DEBUG_H
#ifdef _DEBUG
#define PTO_ASSERT(condition, message) \
  do {                                 \
    if (!(condition)) {                \
      __builtin_trap();                \
    }                                  \
  } while (0)
#else
#define PTO_ASSERT(condition, message) ((void)0)
#endif
#endif
