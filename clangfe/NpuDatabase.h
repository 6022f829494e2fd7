// clangfe: compile databases as pto-lint reads them: vendor CCE commands translated to clang commands (one per
// AI core), plugins stripped; and the translated database written for clang-tidy and clangd.
#ifndef PTOLINT_CLANGPLUGIN_NPUDATABASE_H
#define PTOLINT_CLANGPLUGIN_NPUDATABASE_H

#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <string>
#include <vector>

namespace pto::clangfe {

/// Compile commands of the vendor CCE compiler become clang commands, one per AI core kind (driver/NpuCommand.h);
/// every other command passes through unchanged.
class NpuDatabase : public clang::tooling::CompilationDatabase {
public:
  NpuDatabase(std::unique_ptr<clang::tooling::CompilationDatabase> Inner, std::string PreludeDir)
      : Inner(std::move(Inner)), PreludeDir(std::move(PreludeDir)) {}

  std::vector<clang::tooling::CompileCommand> getCompileCommands(llvm::StringRef File) const override;
  std::vector<std::string> getAllFiles() const override { return Inner->getAllFiles(); }
  std::vector<clang::tooling::CompileCommand> getAllCompileCommands() const override;
  /// File's CCE commands (looked up as commandsOf does) as they would name Target instead
  /// (driver::retargetNpuCommand), translated; empty when it has none that names another target.
  std::vector<clang::tooling::CompileCommand> retargeted(llvm::StringRef File, const std::string &Target) const;
  /// Translation errors met so far (unknown architecture, ...), one per command.
  mutable std::vector<std::string> Errors;

private:
  std::unique_ptr<clang::tooling::CompilationDatabase> Inner;
  std::string PreludeDir;
  std::vector<clang::tooling::CompileCommand> translate(std::vector<clang::tooling::CompileCommand> Cmds) const;
};

/// Drops options that load plugins (the build may load ptolint itself); an ArgumentsAdjuster.
std::vector<std::string> stripPlugins(const std::vector<std::string> &Args, llvm::StringRef File);

/// The commands of a file, looked up as given and, failing that, by its absolute path (as ClangTool does).
std::vector<clang::tooling::CompileCommand> commandsOf(const clang::tooling::CompilationDatabase &DB,
                                                       const std::string &File);

/// Commands as a compile_commands.json text, plugins stripped; "" and Error when a command is not valid UTF-8.
std::string compileCommandsJson(const std::vector<clang::tooling::CompileCommand> &Cmds, std::string &Error);
/// The commands of Files in DB, the same way.
std::string compileCommandsJson(const clang::tooling::CompilationDatabase &DB, const std::vector<std::string> &Files,
                                std::string &Error);

/// The prelude for NPU commands: next to the installed binary (../share/pto-lint/prelude), else in the source tree
/// the binary was built from.
std::string preludeDir(const char *Argv0);

} // namespace pto::clangfe

#endif
