// fuzz: libFuzzer target for compile databases as pto-lint reads them: LLVM's JSONCompilationDatabase text, the CCE
// (bisheng) command translation (driver/NpuCommand.cpp) through NpuDatabase, and the translated database as
// pto-lint --export-compile-commands writes it (compileCommandsJson). The input is a compile_commands.json text.
// Oracles: a translated command is a clang command (clang++ first, -fsyntax-only, the prelude force-included, no
// vendor-only option left), translating it again changes nothing (it is no longer a CCE command), every CCE command
// gives either its cores or an error, and the exported text is JSON that reads back as the same commands.
#include "driver/NpuCommand.h"
#include "clangfe/NpuDatabase.h"

#include "clang/Tooling/JSONCompilationDatabase.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

using namespace pto::clangfe;
using namespace pto::driver;
using clang::tooling::CompileCommand;

namespace {

[[noreturn]] void fail(const std::string &What) {
  std::fprintf(stderr, "npu-fuzz: %s\n", What.c_str());
  __builtin_trap();
}

bool startsWith(const std::string &S, const char *P) { return S.rfind(P, 0) == 0; }

/// A translated core command: what NpuCommand.h promises.
void checkCore(const NpuCore &C, const std::vector<std::string> &Original) {
  const std::vector<std::string> &A = C.args;
  if (A.empty() || A[0] != "clang++")
    fail("a translated command does not start with clang++");
  if (C.name != "vec" && C.name != "cube")
    fail("core kind '" + C.name + "'");
  if (std::find(A.begin(), A.end(), "-fsyntax-only") == A.end())
    fail("a translated command without -fsyntax-only");
  auto Inc = std::find(A.begin(), A.end(), "/prelude/" + std::string(NpuPreludeFile));
  if (Inc == A.begin() || Inc == A.end() || *(Inc - 1) != "-include")
    fail("a translated command does not force-include the prelude");
  // Every user argument that is kept stays in order: the translation is a subsequence of the original's tail.
  size_t From = static_cast<size_t>(Inc - A.begin()) + 1, K = 1;
  for (size_t I = From; I < A.size() && A[I] != "-isystem"; ++I) {
    while (K < Original.size() && Original[K] != A[I])
      ++K;
    if (K == Original.size())
      fail("translated argument '" + A[I] + "' is not the user's, in order");
    ++K;
  }
  NpuTranslation Again = translateNpuCommand(A, "/prelude");
  if (Again.isNpu)
    fail("a translated command is still a CCE command ('" + Again.arch + "')");
}

void checkTranslation(const std::vector<std::string> &Args) {
  NpuTranslation T = translateNpuCommand(Args, "/prelude/");
  if (!T.isNpu) {
    if (!T.cores.empty() || !T.error.empty() || !T.target.empty())
      fail("a non-CCE command was translated");
    return;
  }
  if (T.error.empty() == T.cores.empty())
    fail("a CCE command gives neither cores nor an error, or both");
  if (!T.error.empty())
    return;
  if (T.target != "a2a3" && T.target != "a5")
    fail("translated for target '" + T.target + "'");
  for (const NpuCore &C : T.cores)
    checkCore(C, Args);
}

/// The exported database must be JSON, and must read back as the commands it was written from.
void checkExport(const std::vector<CompileCommand> &Cmds) {
  std::string Text, Error;
  try {
    Text = compileCommandsJson(Cmds, Error);
  } catch (const std::exception &E) {
    fail(std::string("compileCommandsJson threw: ") + E.what());
  }
  if (!Error.empty()) { // only for a command that is not UTF-8
    if (!Text.empty())
      fail("an export error with a text");
    return;
  }
  nlohmann::json J = nlohmann::json::parse(Text, nullptr, false);
  if (J.is_discarded() || !J.is_array() || J.size() != Cmds.size())
    fail("the exported database is not a JSON list of the commands");
  auto Back = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
      Text, Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Back)
    fail("the exported database does not load: " + Error);
  std::vector<CompileCommand> Read = Back->getAllCompileCommands();
  if (Read.size() != Cmds.size())
    fail("the exported database reads back as " + std::to_string(Read.size()) + " commands, not " +
         std::to_string(Cmds.size()));
  auto Show = [](const std::vector<std::string> &A) {
    std::string S;
    for (const std::string &X : A)
      S += " [" + X + "]";
    return S;
  };
  // LLVM reads an "arguments" list of one element as a command string to split (JSONCompilationDatabase.cpp,
  // nodeToCommandLine): a one-word command line does not round-trip, in LLVM's own terms. It is not a compile.
  for (size_t I = 0; I < Cmds.size(); ++I)
    if (stripPlugins(Cmds[I].CommandLine, Cmds[I].Filename).size() != 1 &&
        Read[I].CommandLine != stripPlugins(Cmds[I].CommandLine, Cmds[I].Filename))
      fail("command " + std::to_string(I) + " reads back changed:\n  written:" +
           Show(stripPlugins(Cmds[I].CommandLine, Cmds[I].Filename)) + "\n  read:   " + Show(Read[I].CommandLine));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string Text(reinterpret_cast<const char *>(Data), Size);
  std::string Error;
  std::unique_ptr<clang::tooling::CompilationDatabase> Inner = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
      Text, Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Inner)
    return 0;
  for (const CompileCommand &C : Inner->getAllCompileCommands())
    checkTranslation(C.CommandLine);
  NpuDatabase Db(std::move(Inner), "/prelude");
  std::vector<CompileCommand> Cmds = Db.getAllCompileCommands();
  checkExport(Cmds);
  return 0;
}
