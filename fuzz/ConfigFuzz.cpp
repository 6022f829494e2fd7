// fuzz: libFuzzer target for the configuration file parser (driver::parseConfig). Besides the sanitizers, it
// checks that every error is located inside the input (`fuzz.yaml:LINE:COL: error: ...` with a line that exists)
// and that what parses gives settings the option table accepts.
#include "driver/Config.h"

#include <algorithm>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string Text(reinterpret_cast<const char *>(Data), Size);
  const unsigned Lines = 1 + std::count(Text.begin(), Text.end(), '\n');
  std::string Err;
  std::optional<pto::driver::ConfigFile> C = pto::driver::parseConfig("fuzz.yaml", Text, Err);
  if (!C) {
    if (Err.rfind("fuzz.yaml:", 0) != 0)
      __builtin_trap();
    unsigned long Line = std::strtoul(Err.c_str() + 10, nullptr, 10);
    if (Line > Lines + 1) // the YAML parser may point just past the last line at the end of input
      __builtin_trap();
    return 0;
  }
  pto::driver::Options O;
  for (const auto &[K, V] : C->settings)
    if (!pto::driver::applyOption(O, K, V).empty())
      __builtin_trap();
  return 0;
}
