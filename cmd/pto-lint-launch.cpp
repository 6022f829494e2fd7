// cmd: `pto-lint-launch`, a compiler launcher (like ccache) that lints each compiled file with pto-lint from
// its real command line, then runs the command. No LLVM: it starts in a millisecond and only spawns pto-lint.
#include "launcher/Command.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef PTOLINT_VERSION
#define PTOLINT_VERSION "0.0.0"
#endif

extern char **environ;

namespace {

using namespace pto::launcher;
namespace fs = std::filesystem;

void say(const std::string &Severity, const std::string &Msg) {
  std::string Line = "pto-lint-launch: " + Severity + ": " + Msg + "\n";
  std::fwrite(Line.data(), 1, Line.size(), stderr);
}

/// Replaces this process with Cmd (its exit status becomes ours); 127 if it cannot be run, as a shell does.
[[noreturn]] void execCommand(const std::vector<std::string> &Cmd) {
  std::vector<char *> Argv;
  for (const std::string &A : Cmd)
    Argv.push_back(const_cast<char *>(A.c_str()));
  Argv.push_back(nullptr);
  std::fflush(stderr);
  execvp(Argv[0], Argv.data());
  say("error", "cannot run '" + Cmd[0] + "': " + std::strerror(errno));
  std::exit(127);
}

/// The pto-lint to run: as configured, else the one installed next to this binary, else pto-lint on PATH.
std::string ptoLintBinary(const Settings &S) {
  if (!S.ptoLint.empty())
    return S.ptoLint;
  std::error_code EC;
  fs::path Self = fs::read_symlink("/proc/self/exe", EC);
  if (!EC && fs::exists(Self.parent_path() / "pto-lint"))
    return (Self.parent_path() / "pto-lint").string();
  return "pto-lint";
}

/// The process group of a running lint step (0: none). pto-lint runs in its own group so that a timeout can end
/// all of it, which also keeps the terminal's Ctrl-C from reaching it: the handlers below pass such signals on.
volatile sig_atomic_t LintGroup = 0;
/// The temporary compile database while it exists ("" otherwise), for the handlers to remove.
char DatabaseDir[PATH_MAX], DatabaseFile[PATH_MAX];

extern "C" void forwardAndDie(int Sig) {
  if (LintGroup > 0)
    kill(-static_cast<pid_t>(LintGroup), SIGKILL);
  if (DatabaseFile[0]) { // unlink and rmdir are async-signal-safe
    unlink(DatabaseFile);
    rmdir(DatabaseDir);
  }
  signal(Sig, SIG_DFL);
  raise(Sig);
}

/// How a lint step ended.
struct LintRun {
  std::string output; // pto-lint's standard output and error, interleaved as written
  int exitCode = -1;  // -1: no exit status (see failure)
  std::string failure; // non-empty: it did not run to a normal end (not found, signal, timeout)
};

/// Runs Argv with output captured and a wall-clock cap; on timeout the whole process group is killed.
LintRun runCapped(const std::vector<std::string> &Argv, unsigned TimeoutSeconds) {
  LintRun R;
  int Pipe[2];
  if (pipe(Pipe) != 0) {
    R.failure = std::string("cannot make a pipe: ") + std::strerror(errno);
    return R;
  }
  posix_spawn_file_actions_t Fa;
  posix_spawn_file_actions_init(&Fa);
  posix_spawn_file_actions_adddup2(&Fa, Pipe[1], 1);
  posix_spawn_file_actions_adddup2(&Fa, Pipe[1], 2);
  posix_spawn_file_actions_addclose(&Fa, Pipe[0]);
  posix_spawn_file_actions_addclose(&Fa, Pipe[1]);
  posix_spawnattr_t Attr;
  posix_spawnattr_init(&Attr);
  posix_spawnattr_setflags(&Attr, POSIX_SPAWN_SETPGROUP); // its own group, so a timeout kills all of it
  posix_spawnattr_setpgroup(&Attr, 0);
  std::vector<char *> Args;
  for (const std::string &A : Argv)
    Args.push_back(const_cast<char *>(A.c_str()));
  Args.push_back(nullptr);
  pid_t Pid;
  int Err = posix_spawnp(&Pid, Args[0], &Fa, &Attr, Args.data(), environ);
  posix_spawn_file_actions_destroy(&Fa);
  posix_spawnattr_destroy(&Attr);
  close(Pipe[1]);
  if (Err != 0) {
    close(Pipe[0]);
    R.failure = "could not be run (" + Argv[0] + ": " + std::strerror(Err) + ")";
    return R;
  }
  LintGroup = Pid;
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(TimeoutSeconds);
  bool TimedOut = false;
  char Buf[8192];
  for (;;) {
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(Deadline - std::chrono::steady_clock::now());
    if (Left.count() <= 0) {
      TimedOut = true;
      break;
    }
    pollfd P{Pipe[0], POLLIN, 0};
    int N = poll(&P, 1, static_cast<int>(std::min<long long>(Left.count(), INT_MAX)));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      continue; // timed out: the deadline check above ends the loop
    ssize_t Got = read(Pipe[0], Buf, sizeof Buf);
    if (Got < 0 && errno == EINTR)
      continue;
    if (Got <= 0)
      break; // end of output: every writer is gone
    R.output.append(Buf, static_cast<size_t>(Got));
  }
  close(Pipe[0]);
  if (TimedOut)
    kill(-Pid, SIGKILL);
  int St = 0;
  while (waitpid(Pid, &St, 0) < 0 && errno == EINTR) {
  }
  LintGroup = 0;
  if (TimedOut)
    R.failure = "did not finish within " + std::to_string(TimeoutSeconds) + " s (--lint-timeout) and was stopped";
  else if (WIFSIGNALED(St))
    R.failure = std::string("was killed by signal ") + std::to_string(WTERMSIG(St)) + " (" + strsignal(WTERMSIG(St)) +
                ")";
  else
    R.exitCode = WEXITSTATUS(St);
  return R;
}

void removeDatabase(const std::string &Dir) {
  DatabaseFile[0] = 0; // first, so a signal now does not remove a directory someone else may have made since
  std::error_code EC;
  fs::remove_all(Dir, EC);
}

/// A one-entry-per-source compile database in a new temporary directory; "" if it cannot be made.
std::string writeDatabase(const std::vector<std::string> &Cmd, const Compile &C) {
  std::error_code EC;
  fs::path Cwd = fs::current_path(EC);
  std::string Tmpl = (fs::temp_directory_path(EC) / "pto-lint-launch-XXXXXX").string();
  std::string File = Tmpl + "/compile_commands.json";
  if (File.size() >= sizeof DatabaseFile || !mkdtemp(Tmpl.data()))
    return "";
  File = Tmpl + "/compile_commands.json";
  std::memcpy(DatabaseDir, Tmpl.c_str(), Tmpl.size() + 1);
  std::memcpy(DatabaseFile, File.c_str(), File.size() + 1);
  nlohmann::json Db = nlohmann::json::array();
  for (const std::string &Source : C.sources)
    Db.push_back({{"directory", Cwd.string()}, {"file", Source}, {"arguments", commandFor(Cmd, C, Source)}});
  std::ofstream Out(File);
  Out << Db.dump(1) << "\n";
  if (!Out) {
    removeDatabase(Tmpl);
    return "";
  }
  return Tmpl;
}

std::string policyName(FailOn F) { return F == FailOn::Error ? "error" : F == FailOn::Warning ? "warning" : "never"; }

std::string sourcesText(const Compile &C) {
  std::string S;
  for (const std::string &F : C.sources)
    S += (S.empty() ? "" : ", ") + F;
  return S;
}

/// Lints the compile Cmd; true if the compile may go on.
bool lintAllowsCompile(const Settings &S, const std::vector<std::string> &Cmd, const Compile &C) {
  std::string Dir = writeDatabase(Cmd, C);
  LintRun R;
  if (Dir.empty()) {
    R.failure = "could not be given a compile database (no writable temporary directory)";
  } else {
    std::vector<std::string> Argv{ptoLintBinary(S), "--quiet"};
    Argv.insert(Argv.end(), S.ptoLintArgs.begin(), S.ptoLintArgs.end());
    Argv.insert(Argv.end(), {"-p", Dir});
    R = runCapped(Argv, S.timeoutSeconds);
    removeDatabase(Dir);
  }
  // Compilers print diagnostics on standard error; build tools show it with the compile's own.
  std::string Shown = S.parseWarnings ? R.output : findingsOnly(R.output);
  std::fwrite(Shown.data(), 1, Shown.size(), stderr);

  Tally T = countFindings(R.output);
  if (findingsFail(S.failOn, T)) {
    auto Count = [](unsigned N, const char *What) { return std::to_string(N) + " " + What + (N == 1 ? "" : "s"); };
    say("error", sourcesText(C) + ": pto-lint findings fail the compile (" + Count(T.errors, "error") + ", " +
                     Count(T.warnings, "warning") + "; --fail-on=" + policyName(S.failOn) +
                     "); the compiler was not run");
    return false;
  }
  if (R.failure.empty() && (R.exitCode == 0 || R.exitCode == 1))
    return true;
  std::string What = !R.failure.empty() ? "pto-lint " + R.failure
                     : R.exitCode == 2 ? "pto-lint could not lint it (exit 2: input error; see its messages above)"
                                       : "pto-lint failed (exit " + std::to_string(R.exitCode) + ")";
  if (S.failOnInternalError) {
    say("error", sourcesText(C) + ": " + What + "; the compile fails (--fail-on-internal-error)");
    return false;
  }
  say("warning", sourcesText(C) + ": " + What + "; the compile proceeds unlinted");
  return true;
}

} // namespace

int main(int argc, char **argv) {
  for (int Sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
    signal(Sig, forwardAndDie);
  std::vector<std::string> Args(argv + 1, argv + argc);
  Invocation I = parseInvocation(Args, [](const char *Name) { return static_cast<const char *>(std::getenv(Name)); });
  if (I.help) {
    std::cout << usageText();
    return 0;
  }
  if (I.version) {
    std::cout << "pto-lint-launch " << PTOLINT_VERSION << "\n";
    return 0;
  }
  if (!I.error.empty()) {
    say("error", I.error);
    return 2;
  }
  std::vector<std::string> Cmd(Args.begin() + static_cast<long>(I.commandStart), Args.end());
  size_t Compiler = realCompilerIndex(Cmd);
  if (!I.settings.disabled && Compiler < Cmd.size()) {
    std::vector<std::string> Real(Cmd.begin() + static_cast<long>(Compiler), Cmd.end());
    Compile C = classify(Real);
    if (C.lint && !lintAllowsCompile(I.settings, Real, C))
      return 1;
  }
  // The whole remaining command, other launchers included, so ccache still caches and distcc still distributes.
  execCommand(Cmd);
}
