// clangfe: the C++ front end of a CLI run (see Tool.h).
#include "Tool.h"

#include "Extract.h"
#include "Lint.h"
#include "NpuDatabase.h"
#include "support/Files.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace clang::tooling;
using namespace std::string_literals;

namespace pto::clangfe {
namespace {

/// The compile commands of one source file, computed once (CCE translation included) and handed to the thread
/// that lints it: ClangTool asks its database by the file's absolute path, and this one answers with them.
class OneFileDatabase : public CompilationDatabase {
public:
  explicit OneFileDatabase(std::vector<CompileCommand> Cmds) : Cmds(std::move(Cmds)) {}
  std::vector<CompileCommand> getCompileCommands(llvm::StringRef) const override { return Cmds; }
  std::vector<std::string> getAllFiles() const override { return {}; }

private:
  std::vector<CompileCommand> Cmds;
};

/// Every file a compile read, as the OS names it (the real path when clang opened it, else its name against the
/// compile's directory; `..` is not folded, a symlink may stand before it).
void filesRead(CompilerInstance &CI, std::set<std::string> &Read) {
  const SourceManager &SM = CI.getSourceManager();
  FileManager &FM = CI.getFileManager();
  std::string Dir = FM.getFileSystemOpts().WorkingDir;
  if (Dir.empty()) // the compile command's directory, which the tool's file system works in
    if (llvm::ErrorOr<std::string> Cwd = FM.getVirtualFileSystem().getCurrentWorkingDirectory())
      Dir = *Cwd;
  for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
    llvm::StringRef Real = It->first.getFileEntry().tryGetRealPathName();
    llvm::SmallString<256> Abs(Real.empty() ? It->first.getName() : Real);
    if (Real.empty() && !Dir.empty())
      llvm::sys::fs::make_absolute(Dir, Abs);
    llvm::sys::fs::make_absolute(Abs);
    Read.insert(std::string(Abs));
  }
}

/// Lints with a session, and records every file each compile read (for the result cache).
class Factory : public FrontendActionFactory {
public:
  Factory(std::shared_ptr<driver::Session> S, Rendering How, std::set<std::string> &Read)
      : S(std::move(S)), How(How), Read(Read) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(S, How, Read); }

private:
  class Action : public ASTFrontendAction {
  public:
    Action(std::shared_ptr<driver::Session> S, Rendering How, std::set<std::string> &Read)
        : S(std::move(S)), How(How), Read(Read) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override {
      return makeLintConsumer(CI, S, How);
    }
    void EndSourceFileAction() override { filesRead(getCompilerInstance(), Read); }

  private:
    std::shared_ptr<driver::Session> S;
    Rendering How;
    std::set<std::string> &Read;
  };
  std::shared_ptr<driver::Session> S;
  Rendering How;
  std::set<std::string> &Read;
};

/// A word of a command line as a POSIX shell reads it back.
std::string shellQuoted(const std::string &A) {
  if (!A.empty() && A.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                        "_-+=/.,:@%") == std::string::npos)
    return A;
  std::string Q = "'";
  for (char C : A)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

} // namespace

std::string ClangFrontEnd::open(std::unique_ptr<CompilationDatabase> Fixed, const std::string &BuildPath,
                                const std::vector<std::string> &CppFiles) {
  FromBuildPath = !BuildPath.empty();
  if (Fixed) {
    if (!BuildPath.empty())
      return "give either -p or flags after --, not both";
    DB = std::move(Fixed);
  } else if (!BuildPath.empty()) {
    llvm::SmallString<256> Path(BuildPath);
    if (llvm::sys::fs::is_directory(Path))
      llvm::sys::path::append(Path, "compile_commands.json");
    if (!llvm::sys::fs::exists(Path))
      return "no compile database at '" + std::string(Path) + "'";
    std::string LoadErr;
    DB = JSONCompilationDatabase::loadFromFile(Path, LoadErr, JSONCommandLineSyntax::AutoDetect);
    if (!DB)
      return "cannot load compile database '" + std::string(Path) + "': " + LoadErr;
    DBName = std::string(Path);
  }
  if (!DB && !CppFiles.empty()) {
    std::string LoadErr;
    DB = CompilationDatabase::autoDetectFromSource(CppFiles.front(), LoadErr);
    if (!DB) {
      llvm::errs() << "pto-lint: warning: no compile database found for '" << CppFiles.front()
                   << "'; using no compiler flags (give -p <build dir> or flags after --)\n";
      DB = std::make_unique<FixedCompilationDatabase>(".", std::vector<std::string>{});
    }
  }
  return "";
}

std::vector<std::string> ClangFrontEnd::inputs(const std::vector<std::string> &Cpp, bool AnyPto) const {
  if (Cpp.empty() && !AnyPto && DB && FromBuildPath)
    return DB->getAllFiles();
  return Cpp;
}

std::string ClangFrontEnd::hasCommands(const std::string &F) const {
  if (!DBName.empty() && DB->getCompileCommands(F).empty()) {
    llvm::SmallString<256> Abs(F);
    llvm::sys::fs::make_absolute(Abs);
    if (DB->getCompileCommands(Abs).empty())
      return "'" + F + "' has no entry in '" + DBName + "'";
  }
  return "";
}

bool ClangFrontEnd::translate(const std::vector<std::string> &Files, const std::string &Prelude) {
  PreludeDir = Prelude;
  if (!DB)
    DB = std::make_unique<FixedCompilationDatabase>(".", std::vector<std::string>{});
  auto Npu = std::make_unique<NpuDatabase>(std::move(DB), PreludeDir);
  NpuDatabase &NpuDB = *Npu;
  DB = std::move(Npu);
  for (const std::string &F : Files) {
    // By the absolute path, as ClangTool asks (a fixed database names the file in the command as it was asked).
    llvm::SmallString<256> Abs(F);
    llvm::sys::fs::make_absolute(Abs);
    Commands[F] = commandsOf(*DB, std::string(Abs));
    if (Commands[F].empty())
      Commands[F] = commandsOf(*DB, F);
    for (checker::Target T : {checker::Target::A2A3, checker::Target::A5}) {
      std::string Name = checker::targetName(T);
      std::vector<CompileCommand> Other = NpuDB.retargeted(F, Name);
      if (!Other.empty())
        Retargeted[{F, Name}] = std::move(Other);
    }
  }
  for (const std::string &E : NpuDB.Errors)
    llvm::errs() << "pto-lint: error: " << E << "\n";
  return NpuDB.Errors.empty();
}

std::string ClangFrontEnd::exportCommands(const std::string &Path, const std::vector<std::string> &Files) const {
  // clang-tidy and clangd read this database; the pto-* module installs the same CCE fixups the CLI does.
  std::string Err, Text = compileCommandsJson(*DB, Files, Err);
  if (Err.empty())
    Err = support::writeAtomically(Path, Text);
  return Err;
}

void ClangFrontEnd::printCommands(const std::vector<std::string> &Files) const {
  // What `clang -###` is to a compile: the commands exactly as pto-lint parses the files (vendor commands
  // translated per core), for reproducing a parse or timing the compiler with and without the plugin.
  for (const std::string &File : Files)
    for (const CompileCommand &C : commandsOf(*DB, File)) {
      std::string Line;
      for (const std::string &A : stripPlugins(C.CommandLine, C.Filename))
        Line += (Line.empty() ? "" : " ") + shellQuoted(A);
      llvm::outs() << Line << "\n";
    }
}

std::string ClangFrontEnd::commandsKey(const std::string &File) const {
  std::string K;
  auto It = Commands.find(File);
  if (It != Commands.end())
    for (const CompileCommand &C : It->second) {
      K += "\0dir\0"s + C.Directory + "\0file\0"s + C.Filename;
      for (const std::string &A : C.CommandLine)
        K += "\0"s + A;
    }
  return K;
}

namespace {
/// What the CLI prints of a compile: pto-lint's own diagnostics (custom IDs) and the compiler's errors, which stop
/// the check, each with its notes; the compiler's warnings and remarks (and their notes) only when asked
/// (--compiler-warnings). pto-lint is not the compiler: a correct kernel on headers that warn prints nothing.
class CompilerNoiseFilter : public DiagnosticConsumer {
public:
  CompilerNoiseFilter(DiagnosticConsumer &Next, bool Warnings) : Next(Next), Warnings(Warnings) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override { Next.BeginSourceFile(LO, PP); }
  void EndSourceFile() override { Next.EndSourceFile(); }
  void finish() override { Next.finish(); }
  void HandleDiagnostic(DiagnosticsEngine::Level L, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    if (L != DiagnosticsEngine::Note) {
      bool Own = Info.getID() >= diag::DIAG_UPPER_LIMIT;
      Dropping = !Own && !Warnings && L != DiagnosticsEngine::Error && L != DiagnosticsEngine::Fatal;
      Hidden += Dropping && L == DiagnosticsEngine::Warning;
    }
    if (!Dropping)
      Next.HandleDiagnostic(L, Info);
  }
  unsigned hidden() const { return Hidden; }

private:
  DiagnosticConsumer &Next;
  bool Warnings;
  bool Dropping = false; // the last diagnostic that is not a note was left out: so are its notes
  unsigned Hidden = 0;
};

/// The errors of a parse that prints nothing (another target's parse, an instantiation unit), in order, each with
/// the place in the main file it comes from: its own, or the first its notes give (the call whose instantiation it
/// is in). A failing `static_assert` of a header keeps its condition and message too, for a finding on that call.
class MainFileErrors : public DiagnosticConsumer {
public:
  struct Error {
    std::string text;               // `file:line:col: message`
    checker::SourceLoc at, main;    // where it is; its place in the main file (invalid: none)
    bool staticAssert = false;      // a static_assert of a header that fails
    std::string condition, message; // a static_assert's, as the compiler printed them
  };
  std::vector<Error> Errors;

  void HandleDiagnostic(DiagnosticsEngine::Level L, const Diagnostic &Info) override {
    if (L == DiagnosticsEngine::Note) {
      if (Open && !Errors.back().main.valid())
        Errors.back().main = mainPlace(Info);
      return;
    }
    Open = false;
    if (L != DiagnosticsEngine::Error && L != DiagnosticsEngine::Fatal)
      return;
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    Error E;
    if (Info.hasSourceManager() && Info.getLocation().isValid())
      E.at = place(Info.getSourceManager(), Info.getSourceManager().getFileLoc(Info.getLocation()));
    E.text = (E.at.valid() ? E.at.file + ":" + std::to_string(E.at.line) + ":" + std::to_string(E.at.col) + ": " : "") +
             std::string(Text);
    E.main = mainPlace(Info);
    unsigned ID = Info.getID();
    if ((ID == diag::err_static_assert_failed || ID == diag::err_static_assert_requirement_failed) && E.at.valid() &&
        !E.main.valid()) {
      // err_static_assert_requirement_failed: '%0' (the requirement), %2 (the message); err_static_assert_failed: %1.
      auto Str = [&](unsigned I) {
        return I < Info.getNumArgs() && Info.getArgKind(I) == DiagnosticsEngine::ak_std_string ? Info.getArgStdStr(I)
                                                                                               : std::string();
      };
      E.staticAssert = true;
      E.condition = ID == diag::err_static_assert_requirement_failed ? Str(0) : "";
      E.message = Str(ID == diag::err_static_assert_requirement_failed ? 2 : 1);
    }
    Errors.push_back(std::move(E));
    Open = true;
  }

private:
  bool Open = false; // the last error takes the notes that follow

  static checker::SourceLoc place(const SourceManager &SM, SourceLocation L) {
    PresumedLoc P = SM.getPresumedLoc(L);
    if (P.isInvalid())
      return {};
    return {P.getFilename(), P.getLine(), P.getColumn()};
  }
  static checker::SourceLoc mainPlace(const Diagnostic &Info) {
    if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
      return {};
    const SourceManager &SM = Info.getSourceManager();
    SourceLocation F = SM.getFileLoc(Info.getLocation());
    return SM.isWrittenInMainFile(F) ? place(SM, F) : checker::SourceLoc{};
  }
};

/// A tool over the commands of one file, with the CLI's argument adjusters.
std::unique_ptr<ClangTool> toolFor(const OneFileDatabase &One, const std::string &File,
                                   const std::string &ResourceDir) {
  // A file system of the tool's own: the real one's working directory is the process's, which ClangTool sets to each
  // command's directory and back, so threads linting files of different directories changed it under each other
  // (relative -I paths then failed to resolve).
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS(llvm::vfs::createPhysicalFileSystem().release());
  auto Tool = std::make_unique<ClangTool>(One, std::vector<std::string>{File}, std::make_shared<PCHContainerOperations>(),
                                          FS);
  Tool->appendArgumentsAdjuster(stripPlugins);
  if (!ResourceDir.empty())
    Tool->appendArgumentsAdjuster(getInsertArgumentAdjuster(("-resource-dir=" + ResourceDir).c_str(),
                                                            ArgumentInsertPosition::BEGIN));
  Tool->setPrintErrorMessage(false); // the exit code and summary say it, once, not per thread in any order
  return Tool;
}
} // namespace

void ClangFrontEnd::parseOtherTargets(const std::string &File, driver::Session &S, std::set<std::string> &Read) {
  const driver::Options &O = S.options();
  if (!O.upstreamChecks || !O.targetsExplicit)
    return;
  for (checker::Target T : O.engine.targets) {
    std::string Name = checker::targetName(T);
    auto It = Retargeted.find({File, Name});
    if (It == Retargeted.end())
      continue;
    auto Other = std::make_shared<driver::Session>(O, S.rules());
    Other->collectUnits();
    Rendering How;
    How.diagnostics = false;
    How.findingsAreNotCompileErrors = true; // no "N warnings generated" of a parse that prints nothing
    Factory F(Other, How, Read);
    OneFileDatabase One(It->second);
    MainFileErrors Errors;
    std::unique_ptr<ClangTool> Tool = toolFor(One, File, ResourceDir);
    Tool->setDiagnosticConsumer(&Errors);
    Tool->run(&F);
    if (!Errors.Errors.empty()) {
      // Its upstream static_asserts that fail on a call are findings on that call; the rest is said here.
      std::vector<driver::Session::StaticAssertFailure> OnCalls;
      for (const MainFileErrors::Error &E : Errors.Errors)
        if (E.staticAssert && E.main.valid())
          OnCalls.push_back({T, E.main, E.at,
                             E.condition.size() > 200 ? E.condition.substr(0, 197) + "..." : E.condition, E.message});
      size_t N = Errors.Errors.size(), M = OnCalls.size();
      S.otherTargetStaticAsserts(std::move(OnCalls));
      llvm::errs() << "pto-lint: warning: '" << File << "' does not compile for " << Name
                   << " (its command with that target's architecture): upstream's " << Name
                   << " checks of its calls are not made";
      if (M)
        llvm::errs() << "; of its " << N << " error" << (N == 1 ? "" : "s") << ", " << M
                     << (M == 1 ? " is a static_assert" : " are static_asserts") << " of the " << Name
                     << " implementation on a call, reported on it";
      llvm::errs() << "; the first error: " << Errors.Errors.front().text << "\n";
      continue;
    }
    S.otherTargets(Other->collected());
  }
}

int ClangFrontEnd::lint(const std::string &File, std::shared_ptr<driver::Session> S, bool Text, std::string &Printed,
                        std::set<std::string> &Read) {
  bool CompilerWarnings = S->options().compilerWarnings;
  driver::Session &Unit = *S;
  Rendering How;
  How.diagnostics = Text;
  How.findingsAreNotCompileErrors = true;
  Factory F(std::move(S), How, Read);
  llvm::raw_string_ostream OS(Printed);
  auto DiagOpts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = false;
  TextDiagnosticPrinter Printer(OS, DiagOpts.get());
  CompilerNoiseFilter Filter(Printer, CompilerWarnings);
  parseOtherTargets(File, Unit, Read);
  auto It = Commands.find(File);
  OneFileDatabase One(It == Commands.end() ? std::vector<CompileCommand>{} : It->second);
  std::unique_ptr<ClangTool> Tool = toolFor(One, File, ResourceDir);
  Tool->setDiagnosticConsumer(&Filter);
  int Status = Tool->run(&F);
  OS.flush();
  Unit.compilerWarningsHidden(Filter.hidden());
  return Status;
}

namespace {
/// Reads the calls of a unit of pto-lint's own (instantiate()), with upstream's asserts kept.
class InstanceFactory : public FrontendActionFactory {
public:
  explicit InstanceFactory(driver::CppFrontEnd::Instantiation &Out) : Out(Out) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(Out); }

private:
  class Consumer : public SemaConsumer {
  public:
    Consumer(CompilerInstance &CI, driver::CppFrontEnd::Instantiation &Out)
        : CI(CI), Out(Out), Scopes(std::make_shared<ScopeMacros>()) {
      recordScopeMacros(CI.getPreprocessor(), Scopes, true);
    }
    void InitializeSema(Sema &S) override { Scopes->sema = &S; }
    void ForgetSema() override { Scopes->sema = nullptr; }
    void HandleTranslationUnit(ASTContext &Ctx) override {
      try {
        Out.calls = readUnit(Ctx, CI.getPreprocessor(), *Scopes).calls;
      } catch (const std::exception &E) {
        Out.failed = std::string("pto-lint internal error: ") + E.what();
      }
    }

  private:
    CompilerInstance &CI;
    driver::CppFrontEnd::Instantiation &Out;
    std::shared_ptr<ScopeMacros> Scopes;
  };
  class Action : public ASTFrontendAction {
  public:
    explicit Action(driver::CppFrontEnd::Instantiation &Out) : Out(Out) {}
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override {
      return std::make_unique<Consumer>(CI, Out);
    }
    void EndSourceFileAction() override { filesRead(getCompilerInstance(), Out.read); }

  private:
    driver::CppFrontEnd::Instantiation &Out;
  };
  driver::CppFrontEnd::Instantiation &Out;
};

} // namespace

driver::CppFrontEnd::Instantiation ClangFrontEnd::instantiate(const std::string &Source, const std::string &SourceName,
                                                      checker::Target Target, bool Cube, const std::string &IsaDir) {
  Instantiation Out;
  // The command upstream's ST kernels are built with (tests/npu/*/src/st/CMakeLists.txt): the architecture of the
  // target's vector or cube core, its memory model macro, the headers.
  bool A5 = Target == checker::Target::A5;
  std::string Arch = std::string(A5 ? "dav-c310" : "dav-c220") + (Cube ? "-cube" : "-vec");
  llvm::SmallString<256> Dir(SourceName);
  llvm::sys::path::remove_filename(Dir);
  CompileCommand Raw(std::string(Dir), SourceName,
                     {"bisheng", "-O2", "-std=c++17", "-xcce", "--cce-aicore-arch=" + Arch,
                      A5 ? "-DREGISTER_BASE" : "-DMEMORY_BASE", "-I" + IsaDir + "/include", "-c", SourceName, "-o",
                      "/dev/null"},
                     "/dev/null");
  NpuDatabase Npu(std::make_unique<OneFileDatabase>(std::vector<CompileCommand>{Raw}), PreludeDir);
  std::vector<CompileCommand> Cmds = Npu.getCompileCommands(SourceName);
  if (!Npu.Errors.empty() || Cmds.empty()) {
    Out.failed = Npu.Errors.empty() ? "no compile command" : Npu.Errors.front();
    return Out;
  }
  OneFileDatabase One(std::move(Cmds));
  std::unique_ptr<ClangTool> Tool = toolFor(One, SourceName, ResourceDir);
  Tool->mapVirtualFile(SourceName, Source);
  MainFileErrors Errors;
  Tool->setDiagnosticConsumer(&Errors);
  InstanceFactory F(Out);
  Tool->run(&F);
  for (const MainFileErrors::Error &E : Errors.Errors)
    if (E.main.valid())
      Out.errors.emplace(E.main.line, E.text); // the first one of the line stays
    else if (Out.failed.empty())
      Out.failed = E.text;
  return Out;
}

} // namespace pto::clangfe
