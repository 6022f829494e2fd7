// cmd: pto-clangd, clangd 19 with the pto-* checks linked in (clangd loads no plugin or tidy module at run
// time). Editors point their clangd path at it; `.clangd` enables the checks (docs/editor.md). A compile database with
// vendor CCE commands (bisheng -xcce --cce-aicore-arch=...) is translated as the CLI translates it, into a cache
// directory that clangd is pointed at with --compile-commands-dir, and translated again whenever it changes.
#include "clangfe/NpuDatabase.h"
#include "clangfe/TidyModule.h"
#include "support/Files.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#ifndef PTOLINT_RESOURCE_DIR
#define PTOLINT_RESOURCE_DIR ""
#endif

namespace clang::clangd {
int clangdMain(int argc, char *argv[]); // libclangdMain.a (clangd/tool/ClangdMain.cpp)
} // namespace clang::clangd

namespace {

/// The directory whose compile_commands.json clangd would read for the files of the workspace: the one given with
/// --compile-commands-dir, else the working directory or one of its parents, each with its build/ subdirectory.
std::string databaseDir(const std::vector<std::string> &Args) {
  for (const std::string &A : Args)
    if (llvm::StringRef(A).starts_with("--compile-commands-dir="))
      return A.substr(A.find('=') + 1);
  llvm::SmallString<256> Dir;
  if (llvm::sys::fs::current_path(Dir))
    return "";
  for (std::string D = std::string(Dir); !D.empty(); D = std::string(llvm::sys::path::parent_path(D))) {
    for (const std::string &Cand : {D, D + "/build"})
      if (llvm::sys::fs::exists(Cand + "/compile_commands.json"))
        return Cand;
    if (D == "/")
      break;
  }
  return "";
}

/// Where the translated database of Dir lives: $PTO_CLANGD_CACHE, else pto-lint's cache directory
/// (support::userCacheDir: $XDG_CACHE_HOME or ~/.cache, under pto-lint/clangd), in <hash of Dir>.
std::string cacheDir(const std::string &Dir) {
  std::string Base;
  if (const char *E = std::getenv("PTO_CLANGD_CACHE"))
    Base = E;
  else
    Base = pto::support::userCacheDir("clangd");
  if (Base.empty())
    return "";
  char Hex[17];
  snprintf(Hex, sizeof Hex, "%016zx", std::hash<std::string>()(Dir));
  return Base + "/" + Hex;
}

/// Translates Dir/compile_commands.json into Out/compile_commands.json when it holds CCE commands; false when it
/// holds none or cannot be read (clangd then reads the original).
bool translate(const std::string &Dir, const std::string &Out, const std::string &Prelude) {
  std::string Err;
  auto DB = clang::tooling::JSONCompilationDatabase::loadFromFile(
      Dir + "/compile_commands.json", Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return false;
  pto::clangfe::NpuDatabase T(std::move(DB), Prelude);
  std::vector<clang::tooling::CompileCommand> Cmds = T.getAllCompileCommands();
  bool Npu = !T.Errors.empty() || std::any_of(Cmds.begin(), Cmds.end(), [](const clang::tooling::CompileCommand &C) {
               return llvm::StringRef(C.Heuristic).starts_with("pto-lint: "); // NpuDatabase marks what it translated
             });
  if (!Npu || llvm::sys::fs::create_directories(Out))
    return false;
  Err.clear();
  std::string Text = pto::clangfe::compileCommandsJson(Cmds, Err);
  if (Err.empty())
    Err = pto::support::writeAtomically(Out + "/compile_commands.json", Text);
  if (!Err.empty()) {
    llvm::errs() << "pto-clangd: " << Err << "\n";
    return false;
  }
  for (const std::string &E : T.Errors)
    llvm::errs() << "pto-clangd: cannot translate " << E << "\n";
  return true;
}

llvm::sys::TimePoint<> modified(const std::string &File) {
  llvm::sys::fs::file_status S;
  return llvm::sys::fs::status(File, S) ? llvm::sys::TimePoint<>() : S.getLastModificationTime();
}

} // namespace

int main(int argc, char **argv) {
  pto::clangfe::TidyInEditor = true;
  std::vector<std::string> Args(argv, argv + argc);
  std::string Dir = databaseDir(Args), Out = Dir.empty() ? "" : cacheDir(Dir);
  std::string Prelude = pto::clangfe::preludeDir(argv[0]);
  if (!Out.empty() && translate(Dir, Out, Prelude)) {
    llvm::errs() << "pto-clangd: CCE commands in " << Dir << "/compile_commands.json translated into " << Out
                 << "/compile_commands.json\n";
    Args.erase(std::remove_if(Args.begin(), Args.end(),
                              [](const std::string &A) {
                                return llvm::StringRef(A).starts_with("--compile-commands-dir=");
                              }),
               Args.end());
    Args.insert(Args.begin() + 1, "--compile-commands-dir=" + Out);
    // clangd reloads a database whose file changed; keep the translation in step with the build's.
    std::thread([Dir, Out, Prelude] {
      auto Seen = modified(Dir + "/compile_commands.json");
      for (;;) {
        std::this_thread::sleep_for(std::chrono::seconds(2));
        auto Now = modified(Dir + "/compile_commands.json");
        if (Now != Seen && translate(Dir, Out, Prelude))
          Seen = Now;
      }
    }).detach();
  }
  // The compiler's builtin headers: clangd looks beside its own binary (../lib/clang/19), where a build tree has
  // none; use the clang pto-lint was built with, as the CLI does.
  if (std::none_of(Args.begin(), Args.end(),
                   [](const std::string &A) { return llvm::StringRef(A).starts_with("--resource-dir"); }) &&
      llvm::sys::fs::is_directory(PTOLINT_RESOURCE_DIR))
    Args.insert(Args.begin() + 1, "--resource-dir=" PTOLINT_RESOURCE_DIR);
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  return clang::clangd::clangdMain(int(Args.size()), Argv.data());
}
