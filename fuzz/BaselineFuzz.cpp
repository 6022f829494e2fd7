// fuzz: libFuzzer target for the baseline reader (driver::Baseline::parse). Besides the sanitizers, it checks that
// what reads is stable: written out and read again it gives the same file.
#include "driver/Baseline.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string Text(reinterpret_cast<const char *>(Data), Size);
  std::string Err;
  std::optional<pto::driver::Baseline> B = pto::driver::Baseline::parse("/fuzz/b.json", Text, Err);
  if (!B) {
    if (Err.rfind("/fuzz/b.json", 0) != 0)
      __builtin_trap();
    return 0;
  }
  std::string Once = B->json();
  std::optional<pto::driver::Baseline> Again = pto::driver::Baseline::parse("/fuzz/b.json", Once, Err);
  if (!Again || Again->json() != Once)
    __builtin_trap();
  return 0;
}
