// launcher: what pto-lint-launch reads from a compile command line (pure string work, no LLVM, no processes).
#ifndef PTOLINT_LAUNCHER_COMMAND_H
#define PTOLINT_LAUNCHER_COMMAND_H

#include <functional>
#include <string>
#include <vector>

namespace pto::launcher {

/// Which findings fail the compile.
enum class FailOn { Error, Warning, Never };

/// The launcher's settings: its own options first, then the PTO_LINT_LAUNCH_* environment over them (the build
/// file sets defaults, the person running the build can change them without editing it).
struct Settings {
  FailOn failOn = FailOn::Error;
  bool failOnInternalError = false; // pto-lint itself failing (exit 2/3, crash, timeout, missing) fails the compile
  unsigned timeoutSeconds = 300;    // wall-clock cap of the lint step
  bool disabled = false;            // run the command without linting
  bool parseWarnings = false;       // also show the warnings of pto-lint's own parse (see findingsOnly)
  std::string ptoLint;              // the pto-lint binary ("" : the one next to pto-lint-launch)
  std::vector<std::string> ptoLintArgs; // passed to pto-lint before its own -p
};

/// What the launcher's own argument list says: settings, and where the wrapped command starts.
struct Invocation {
  Settings settings;
  size_t commandStart = 0; // index in Args of the first word of the wrapped command (a launcher or the compiler)
  std::string error;       // non-empty: a usage error naming the problem
  bool help = false;
  bool version = false;
};

/// Args are pto-lint-launch's arguments without argv[0]. Launcher options come first; every other `--KEY[=VALUE]`
/// before the command is passed to pto-lint; `--` ends the options. Env returns an environment variable or null.
Invocation parseInvocation(const std::vector<std::string> &Args,
                           const std::function<const char *(const char *)> &Env);

/// The index in Cmd of the real compiler: known launchers (ccache, sccache, distcc, icecc, buildcache, and
/// pto-lint-launch itself) and ccache's KEY=VALUE settings are skipped. Cmd.size() when there is none (e.g.
/// `distcc -c x.c`, where distcc picks the compiler).
size_t realCompilerIndex(const std::vector<std::string> &Cmd);

/// A compiler command line and the sources it compiles.
struct Compile {
  bool lint = false;                // a compile (-c or -S) of C, C++ or CCE sources, not preprocessing only
  std::vector<std::string> sources; // as written on the command line
  std::string why;                  // when not linted: why (for --explain-skip style messages and tests)
};

/// Cmd is a compiler command (Cmd[0] the compiler).
Compile classify(const std::vector<std::string> &Cmd);

/// Cmd with every source but Source removed: the command that compiles Source alone, for a compile database.
std::vector<std::string> commandFor(const std::vector<std::string> &Cmd, const Compile &C, const std::string &Source);

/// pto-lint's findings in its text output: lines `file:line:col: error|warning: ... [pto-...]`.
struct Tally {
  unsigned errors = 0;
  unsigned warnings = 0;
};
Tally countFindings(const std::string &Text);

/// pto-lint's output as the launcher shows it: pto-lint's findings (diagnostics ending in `[pto-...]`, with their
/// notes, snippets and include stacks), errors, and pto-lint's own messages. The warnings and remarks of its parse
/// of the file are dropped: they come from its translation of the command (a CCE kernel is parsed as HIP), and the
/// compiler reports its own. So are clang's "N warnings generated." lines.
std::string findingsOnly(const std::string &Text);

/// Whether findings fail the compile under the policy.
bool findingsFail(FailOn Policy, const Tally &T);

/// The text of the --help option.
std::string usageText();

} // namespace pto::launcher

#endif
