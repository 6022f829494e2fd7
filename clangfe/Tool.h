// clangfe: the C++ front end of a CLI run (driver/Run.h): the compile database (after `--`, -p, or found
// next to the sources; vendor CCE commands translated per AI core), and each file linted by a ClangTool through
// the one consumer (Lint.h); the database's commands printed or exported.
#ifndef PTOLINT_CLANGPLUGIN_TOOL_H
#define PTOLINT_CLANGPLUGIN_TOOL_H

#include "driver/Run.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace pto::clangfe {

class ClangFrontEnd : public driver::CppFrontEnd {
public:
  /// ResourceDir: the compiler's builtin headers (-resource-dir; "" leaves clang's default).
  explicit ClangFrontEnd(std::string ResourceDir) : ResourceDir(std::move(ResourceDir)) {}

  /// The database: Fixed (flags after `--`), else BuildPath's compile_commands.json (-p: a directory or the file),
  /// else one found next to the first of CppFiles (a warning and no flags when there is none). "" or the error.
  std::string open(std::unique_ptr<clang::tooling::CompilationDatabase> Fixed, const std::string &BuildPath,
                   const std::vector<std::string> &CppFiles);
  /// The C++ inputs: Cpp, or with -p and no input at all (AnyPto false), every file of the database.
  std::vector<std::string> inputs(const std::vector<std::string> &Cpp, bool AnyPto) const;
  /// "" or the error when File has no entry in the -p database.
  std::string hasCommands(const std::string &File) const;
  /// Translates the commands of Files once (CCE commands: one per core, with the prelude of PreludeDir); prints
  /// every translation error and returns false when there is one.
  bool translate(const std::vector<std::string> &Files, const std::string &PreludeDir);
  /// `--export-compile-commands=Path`: the commands of Files as compile_commands.json; "" or the error.
  std::string exportCommands(const std::string &Path, const std::vector<std::string> &Files) const;
  /// `--print-commands`: the commands of Files, one shell-quoted line each, on standard output.
  void printCommands(const std::vector<std::string> &Files) const;

  std::string commandsKey(const std::string &File) const override;
  int lint(const std::string &File, std::shared_ptr<driver::Session> S, bool Text, std::string &Printed,
           std::set<std::string> &Read) override;
  Instantiation instantiate(const std::string &Source, const std::string &SourceName, checker::Target Target,
                            bool Cube, const std::string &IsaDir) override;

private:
  std::string ResourceDir;
  std::string PreludeDir; // translate()'s
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  std::string DBName; // the -p database's path, "" for others
  bool FromBuildPath = false;
  std::map<std::string, std::vector<clang::tooling::CompileCommand>> Commands; // translated, per input
  /// Per input and other NPU target ("a5" for a dav-c220 command, ...): its CCE commands naming that target,
  /// translated (a kernel checked for several targets is parsed once per target).
  std::map<std::pair<std::string, std::string>, std::vector<clang::tooling::CompileCommand>> Retargeted;
  /// Parses File once more for each other NPU target S checks (explicitly) and hands S the units (otherTargets);
  /// says once, on standard error, when File does not compile for one.
  void parseOtherTargets(const std::string &File, driver::Session &S, std::set<std::string> &Read);
};

} // namespace pto::clangfe

#endif
