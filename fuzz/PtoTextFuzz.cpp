// fuzz: libFuzzer target for the textual PTO reader (ptotext::read), strict and lenient. Built only with
// -DPTOLINT_FUZZ=ON and clang (fuzz/CMakeLists.txt); run with fuzz/run.sh. Besides the sanitizers, it checks that
// the reader reports every problem inside the input (a line that exists).
#include "ptotext/Reader.h"

#include <algorithm>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const pto::checker::RuleSet &Rules = pto::checker::RuleSet::builtin();
  const std::string Text(reinterpret_cast<const char *>(Data), Size);
  const unsigned Lines = 1 + std::count(Text.begin(), Text.end(), '\n');
  for (bool Lenient : {false, true}) {
    pto::ptotext::Reading R = pto::ptotext::read("fuzz.pto", Text, Rules, Lenient);
    for (const auto *Ps : {&R.errors, &R.warnings})
      for (const pto::ptotext::Problem &P : *Ps)
        if (P.loc.line < 1 || P.loc.line > Lines)
          __builtin_trap();
  }
  return 0;
}
