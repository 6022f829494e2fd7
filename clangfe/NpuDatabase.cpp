// clangfe: compile databases with vendor CCE commands translated (see NpuDatabase.h).
#include "NpuDatabase.h"
#include "driver/NpuCommand.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#ifndef PTOLINT_PRELUDE_DIR
#define PTOLINT_PRELUDE_DIR ""
#endif

using clang::tooling::CompilationDatabase;
using clang::tooling::CompileCommand;

namespace pto::clangfe {

using driver::NpuCore;
using driver::NpuPreludeFile;
using driver::NpuTranslation;
using driver::translateNpuCommand;

std::vector<CompileCommand> NpuDatabase::getCompileCommands(llvm::StringRef File) const {
  return translate(Inner->getCompileCommands(File));
}

std::vector<CompileCommand> NpuDatabase::getAllCompileCommands() const {
  return translate(Inner->getAllCompileCommands());
}

std::vector<CompileCommand> NpuDatabase::retargeted(llvm::StringRef File, const std::string &Target) const {
  std::vector<CompileCommand> Cmds;
  for (CompileCommand &C : commandsOf(*Inner, File.str())) {
    std::vector<std::string> Args = driver::retargetNpuCommand(C.CommandLine, Target);
    if (Args.empty())
      continue;
    C.CommandLine = std::move(Args);
    Cmds.push_back(std::move(C));
  }
  return translate(std::move(Cmds));
}

std::vector<CompileCommand> NpuDatabase::translate(std::vector<CompileCommand> Cmds) const {
  std::vector<CompileCommand> Out;
  for (CompileCommand &C : Cmds) {
    NpuTranslation T = translateNpuCommand(C.CommandLine, PreludeDir);
    if (!T.isNpu) {
      Out.push_back(std::move(C));
      continue;
    }
    if (!T.error.empty()) {
      std::string E = C.Filename + ": " + T.error;
      if (std::find(Errors.begin(), Errors.end(), E) == Errors.end())
        Errors.push_back(E);
      continue;
    }
    for (NpuCore &Core : T.cores) {
      CompileCommand K = C;
      K.CommandLine = std::move(Core.args);
      K.Heuristic = "pto-lint: " + T.arch + " " + Core.name + " core";
      Out.push_back(std::move(K));
    }
  }
  return Out;
}

std::vector<std::string> stripPlugins(const std::vector<std::string> &Args, llvm::StringRef) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A.starts_with("-fplugin=") || A.starts_with("-fplugin-arg-") || A.starts_with("-fpass-plugin="))
      continue;
    if (A == "-Xclang" && I + 1 < Args.size() &&
        (llvm::StringRef(Args[I + 1]) == "-load" || llvm::StringRef(Args[I + 1]) == "-add-plugin" ||
         llvm::StringRef(Args[I + 1]).starts_with("-plugin-arg-"))) {
      I += 3; // -Xclang -load -Xclang <lib>
      continue;
    }
    Out.push_back(Args[I]);
  }
  return Out;
}

std::vector<CompileCommand> commandsOf(const CompilationDatabase &DB, const std::string &File) {
  std::vector<CompileCommand> Cs = DB.getCompileCommands(File);
  if (Cs.empty()) {
    llvm::SmallString<256> Abs(File);
    llvm::sys::fs::make_absolute(Abs);
    Cs = DB.getCompileCommands(Abs);
  }
  return Cs;
}

std::string compileCommandsJson(const std::vector<CompileCommand> &Cmds, std::string &Error) {
  nlohmann::json J = nlohmann::json::array();
  for (const CompileCommand &C : Cmds) {
    nlohmann::json E = {{"directory", C.Directory}, {"file", C.Filename},
                        {"arguments", stripPlugins(C.CommandLine, C.Filename)}};
    // JSON text is UTF-8. LLVM's reader lets other bytes through, but they cannot be written back as they are, and
    // a replacement character would name another file: an error, not a database that points elsewhere.
    try {
      (void)E.dump();
    } catch (const nlohmann::json::type_error &) {
      Error = "cannot write the compile command of '" + C.Filename + "' as JSON: it is not valid UTF-8";
      return "";
    }
    J.push_back(std::move(E));
  }
  return J.dump(1) + "\n";
}

std::string compileCommandsJson(const CompilationDatabase &DB, const std::vector<std::string> &Files,
                                std::string &Error) {
  std::vector<CompileCommand> Cmds;
  for (const std::string &File : Files)
    for (CompileCommand &C : commandsOf(DB, File))
      Cmds.push_back(std::move(C));
  return compileCommandsJson(Cmds, Error);
}

std::string preludeDir(const char *Argv0) {
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&preludeDir));
  llvm::SmallString<256> P(llvm::sys::path::parent_path(Exe));
  llvm::sys::path::append(P, "..", "share", "pto-lint", "prelude");
  // <prefix>/share/..., not <prefix>/bin/../share/...: the path is shown in --print-commands and exported databases.
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  if (llvm::sys::fs::exists(P + "/" + NpuPreludeFile))
    return std::string(P);
  return PTOLINT_PRELUDE_DIR;
}

} // namespace pto::clangfe
