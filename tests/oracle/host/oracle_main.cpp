// pto-lint oracle: the host runner. Runs each configuration function of the generated kernels and prints, one
// line each, where it starts and ends and every PTO_ASSERT that fails, for tests/oracle/oracle.py to read.
//
//   B <id>               the configuration starts
//   S <id> <file>:<line> an assert failed while its tiles were set up (before the op call)
//   F <id> <file>:<line> an assert failed in the op call
//   E <id>               the configuration returned
//
// argv[1] is the index in the table to start from (the driver restarts after a crash). A configuration that
// runs longer than 2 s ends the process (`T <id>`, exit 3).
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <unistd.h>

namespace pto_oracle {
int CurrentId = -1;
bool InOp = false;
std::set<std::string> Seen; // an assert in a loop fails once per iteration: print it once per configuration

void fired(const char *File, int Line) {
  std::string Key = std::string(InOp ? "F " : "S ") + File + ":" + std::to_string(Line);
  if (Seen.insert(Key).second)
    std::printf("%c %d %s:%d\n", InOp ? 'F' : 'S', CurrentId, File, Line);
}

void enterOp(int Id) {
  CurrentId = Id;
  InOp = true;
}

std::map<unsigned long long, size_t> Slots; // NPU address -> buffer, per configuration

void *tileBuffer(unsigned long long Addr, int Fill, unsigned long Bytes) {
  // Large enough for any tile the generator declares, and for the indexing of a call whose asserts failed.
  constexpr size_t SlotBytes = 4u << 20;
  static char *Pool = static_cast<char *>(std::calloc(8, SlotBytes));
  auto [It, New] = Slots.emplace(Addr, Slots.size());
  char *Buf = Pool + (It->second % 8) * SlotBytes;
  if (New) // the tile and twice as much past it (a valid region past the tile reads on), at most the slot
    std::memset(Buf, Fill, Bytes * 3 + 16384 < SlotBytes ? Bytes * 3 + 16384 : SlotBytes);
  return Buf;
}
} // namespace pto_oracle

// clang lowers a float -> __bf16 (bfloat16_t) conversion to compiler-rt's __truncsfbf2, which the host's libgcc
// may not have; the values are never read, but the call must link.
extern "C" __bf16 __truncsfbf2(float F) {
  unsigned U;
  std::memcpy(&U, &F, sizeof U);
  unsigned short H = static_cast<unsigned short>((U + 0x7fffu + ((U >> 16) & 1u)) >> 16); // round to nearest even
  __bf16 B;
  std::memcpy(&B, &H, sizeof B);
  return B;
}

struct OracleCase {
  int id;
  void (*run)(volatile unsigned char *);
};
extern const OracleCase OracleCases[];
extern const int OracleCaseCount;

static void onAlarm(int) {
  char Buf[32];
  int N = std::snprintf(Buf, sizeof Buf, "T %d\n", pto_oracle::CurrentId);
  (void)!write(1, Buf, N);
  _exit(3);
}

int main(int Argc, char **Argv) {
  int From = Argc > 1 ? std::atoi(Argv[1]) : 0;
  static volatile unsigned char Gm[16u << 20];
  std::setvbuf(stdout, nullptr, _IOLBF, 0); // every line out before a crash
  std::signal(SIGALRM, onAlarm);
  for (int I = From; I < OracleCaseCount; ++I) {
    pto_oracle::CurrentId = OracleCases[I].id;
    pto_oracle::InOp = false;
    pto_oracle::Seen.clear();
    pto_oracle::Slots.clear();
    std::printf("B %d\n", OracleCases[I].id);
    alarm(2);
    OracleCases[I].run(Gm);
    alarm(0);
    std::printf("E %d\n", OracleCases[I].id);
  }
  return 0;
}
