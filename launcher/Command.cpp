// launcher: reading pto-lint-launch's arguments and the compile command it wraps (see Command.h).
#include "Command.h"

#include <algorithm>
#include <cstdlib>
#include <regex>
#include <sstream>

namespace pto::launcher {
namespace {

bool startsWith(const std::string &S, const std::string &P) { return S.compare(0, P.size(), P) == 0; }

std::string baseName(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

std::string extension(const std::string &Path) {
  std::string Base = baseName(Path);
  size_t Dot = Base.rfind('.');
  return Dot == std::string::npos || Dot == 0 ? "" : Base.substr(Dot);
}

bool parseFailOn(const std::string &V, FailOn &Out) {
  if (V == "error")
    Out = FailOn::Error;
  else if (V == "warning")
    Out = FailOn::Warning;
  else if (V == "never")
    Out = FailOn::Never;
  else
    return false;
  return true;
}

/// A boolean environment value: 1/0, yes/no, on/off, true/false (what ccache accepts too).
bool parseFlag(const std::string &V, bool &Out) {
  std::string L = V;
  std::transform(L.begin(), L.end(), L.begin(), [](unsigned char C) { return std::tolower(C); });
  if (L == "1" || L == "yes" || L == "on" || L == "true")
    Out = true;
  else if (L == "0" || L == "no" || L == "off" || L == "false" || L.empty())
    Out = false;
  else
    return false;
  return true;
}

bool parseSeconds(const std::string &V, unsigned &Out) {
  if (V.empty() || V.find_first_not_of("0123456789") != std::string::npos || V.size() > 6)
    return false;
  Out = static_cast<unsigned>(std::stoul(V));
  return Out > 0;
}

/// pto-lint options that decide its report or make it do something else than lint; the launcher owns these.
bool ownedByLauncher(const std::string &Key) {
  static const char *const Keys[] = {"format", "output", "print-commands", "export-compile-commands",
                                     "list-rules", "explain", "p", "version", "help"};
  return std::any_of(std::begin(Keys), std::end(Keys), [&](const char *K) { return Key == K; });
}

/// Applies the PTO_LINT_LAUNCH_* variables over the options; "" or the error.
std::string applyEnvironment(Settings &S, const std::function<const char *(const char *)> &Env) {
  if (const char *V = Env("PTO_LINT_LAUNCH_FAIL_ON"); V && !parseFailOn(V, S.failOn))
    return std::string("PTO_LINT_LAUNCH_FAIL_ON='") + V + "' is not error, warning or never";
  if (const char *V = Env("PTO_LINT_LAUNCH_FAIL_ON_INTERNAL_ERROR"); V && !parseFlag(V, S.failOnInternalError))
    return std::string("PTO_LINT_LAUNCH_FAIL_ON_INTERNAL_ERROR='") + V + "' is not 1 or 0";
  if (const char *V = Env("PTO_LINT_LAUNCH_TIMEOUT"); V && !parseSeconds(V, S.timeoutSeconds))
    return std::string("PTO_LINT_LAUNCH_TIMEOUT='") + V + "' is not a positive number of seconds";
  if (const char *V = Env("PTO_LINT_LAUNCH_DISABLE"); V && !parseFlag(V, S.disabled))
    return std::string("PTO_LINT_LAUNCH_DISABLE='") + V + "' is not 1 or 0";
  if (const char *V = Env("PTO_LINT_LAUNCH_PTO_LINT"); V && *V)
    S.ptoLint = V;
  if (const char *V = Env("PTO_LINT_LAUNCH_ARGS")) {
    std::istringstream In(V); // words separated by blanks: options like --target=a5 need no quoting
    for (std::string W; In >> W;) {
      std::string Key = W.substr(2, W.find('=') == std::string::npos ? std::string::npos : W.find('=') - 2);
      if (!startsWith(W, "--") || ownedByLauncher(Key))
        return "PTO_LINT_LAUNCH_ARGS: '" + W + "' is not a pto-lint option the launcher passes on";
      S.ptoLintArgs.push_back(W);
    }
  }
  return "";
}

/// Options that take the next argument as their value (clang, gcc and bisheng spellings).
bool takesValue(const std::string &A) {
  static const char *const Opts[] = {
      "-o", "-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros", "-D", "-U", "-MF", "-MT", "-MQ", "-x",
      "-Xclang", "-Xlinker", "-Xpreprocessor", "-Xassembler", "-mllvm", "-arch", "-target", "-L", "-isysroot",
      "--sysroot", "-include-pch", "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-imultilib", "-ivfsoverlay",
      "-F", "-aux-info", "--param", "-z", "-T", "-cxx-isystem", "-Xcuda-ptxas", "-Xcuda-fatbinary",
      "-Xopenmp-target", "--cce-aicore-arch", "--npu-arch", "--dependent-libraries"};
  return std::any_of(std::begin(Opts), std::end(Opts), [&](const char *O) { return A == O; });
}

/// Whether a -x language is one pto-lint reads (C, C++ and the CCE dialects); "none" returns to extensions.
bool lintedLanguage(const std::string &Lang) {
  return Lang == "c" || Lang == "c++" || Lang == "cce" || Lang == "asc" || Lang == "cuda" || Lang == "hip";
}

bool sourceExtension(const std::string &Path) {
  static const char *const Exts[] = {".c", ".cc", ".cp", ".cpp", ".cxx", ".c++", ".C", ".CC", ".CPP",
                                     ".cce", ".asc", ".cu", ".hip"};
  std::string E = extension(Path);
  return std::any_of(std::begin(Exts), std::end(Exts), [&](const char *X) { return E == X; });
}

} // namespace

Invocation parseInvocation(const std::vector<std::string> &Args,
                           const std::function<const char *(const char *)> &Env) {
  Invocation I;
  Settings &S = I.settings;
  size_t K = 0;
  for (; K < Args.size(); ++K) {
    const std::string &A = Args[K];
    if (A == "--") {
      ++K;
      break;
    }
    if (!startsWith(A, "-"))
      break;
    std::string Value = A.find('=') == std::string::npos ? "" : A.substr(A.find('=') + 1);
    if (A == "--help" || A == "-h") {
      I.help = true;
    } else if (A == "--version") {
      I.version = true;
    } else if (startsWith(A, "--fail-on=")) {
      if (!parseFailOn(Value, S.failOn))
        I.error = "--fail-on='" + Value + "' is not error, warning or never";
    } else if (A == "--fail-on-internal-error") {
      S.failOnInternalError = true;
    } else if (startsWith(A, "--lint-timeout=")) {
      if (!parseSeconds(Value, S.timeoutSeconds))
        I.error = "--lint-timeout='" + Value + "' is not a positive number of seconds";
    } else if (startsWith(A, "--pto-lint=")) {
      S.ptoLint = Value;
    } else if (A == "--no-lint") {
      S.disabled = true;
    } else if (A == "--parse-warnings") {
      S.parseWarnings = true;
    } else if (startsWith(A, "--")) {
      std::string Key = A.substr(2, A.find('=') == std::string::npos ? std::string::npos : A.find('=') - 2);
      if (ownedByLauncher(Key))
        I.error = "'" + A + "': the launcher decides pto-lint's report; this option cannot be passed on";
      else
        S.ptoLintArgs.push_back(A);
    } else {
      I.error = "unknown option '" + A + "' (pto-lint options are passed on as --KEY=VALUE; see --help)";
    }
    if (!I.error.empty())
      return I;
  }
  I.commandStart = K;
  if (std::string E = applyEnvironment(S, Env); !E.empty())
    I.error = E;
  else if (K >= Args.size() && !I.help && !I.version)
    I.error = "no compiler command given";
  return I;
}

size_t realCompilerIndex(const std::vector<std::string> &Cmd) {
  static const char *const Launchers[] = {"ccache", "sccache", "distcc", "icecc", "buildcache", "pto-lint-launch"};
  size_t K = 0;
  bool AfterLauncher = false;
  while (K < Cmd.size()) {
    std::string Base = baseName(Cmd[K]);
    if (std::any_of(std::begin(Launchers), std::end(Launchers), [&](const char *L) { return Base == L; })) {
      AfterLauncher = true;
      ++K;
    } else if (AfterLauncher && Cmd[K].find('=') != std::string::npos && !startsWith(Cmd[K], "-") &&
               Cmd[K].find('/') == std::string::npos) {
      ++K; // ccache 4.8's `ccache KEY=VALUE... compiler`
    } else if (AfterLauncher && startsWith(Cmd[K], "-")) {
      return Cmd.size(); // `distcc -c x.c`: the launcher picks the compiler; nothing to name it by
    } else {
      return K;
    }
  }
  return Cmd.size();
}

Compile classify(const std::vector<std::string> &Cmd) {
  Compile C;
  bool Compiles = false, PreprocessOnly = false;
  std::string Lang; // the -x language in force ("" : by extension)
  std::vector<std::string> Other;
  for (size_t I = 1; I < Cmd.size(); ++I) {
    const std::string &A = Cmd[I];
    if (A == "-c" || A == "-S") {
      Compiles = true;
    } else if (A == "-E" || A == "-M" || A == "-MM") {
      PreprocessOnly = true;
    } else if (A == "-x" && I + 1 < Cmd.size()) {
      Lang = Cmd[++I];
    } else if (startsWith(A, "-x") && A.size() > 2) {
      Lang = A.substr(2);
    } else if (takesValue(A)) {
      ++I;
    } else if (!startsWith(A, "-") || A == "-") {
      if (A == "-")
        Other.push_back(A);
      else if (Lang.empty() || Lang == "none" ? sourceExtension(A) : lintedLanguage(Lang))
        C.sources.push_back(A);
      else
        Other.push_back(A);
    }
  }
  if (PreprocessOnly)
    C.why = "preprocessing only";
  else if (!Compiles)
    C.why = "not a compile (no -c or -S)";
  else if (C.sources.empty())
    C.why = Other.empty() ? "no source file" : "no C, C++ or CCE source (" + Other.front() + ")";
  C.lint = C.why.empty();
  return C;
}

std::vector<std::string> commandFor(const std::vector<std::string> &Cmd, const Compile &C, const std::string &Source) {
  if (C.sources.size() < 2)
    return Cmd;
  std::vector<std::string> Out;
  for (size_t I = 0; I < Cmd.size(); ++I) {
    bool OtherSource = I > 0 && Cmd[I] != Source &&
                       std::find(C.sources.begin(), C.sources.end(), Cmd[I]) != C.sources.end() &&
                       !takesValue(Cmd[I - 1]);
    if (!OtherSource)
      Out.push_back(Cmd[I]);
  }
  return Out;
}

Tally countFindings(const std::string &Text) {
  // The engine appends the rule id, as clang-tidy does; a compiler diagnostic has none. Source snippets start
  // with blanks, so a quoted annotation in the source never matches.
  static const std::regex Finding(R"(^[^ \t].*:[0-9]+:[0-9]+: (error|warning): .* \[pto-[a-z0-9-]+\]$)");
  Tally T;
  std::istringstream In(Text);
  for (std::string Line; std::getline(In, Line);) {
    std::smatch M;
    if (std::regex_match(Line, M, Finding))
      ++(M[1] == "error" ? T.errors : T.warnings);
  }
  return T;
}

std::string findingsOnly(const std::string &Text) {
  // clang's text diagnostics: an include stack ("In file included from ..." and "from ..." lines), a headline
  // ("file:line:col: severity: ..." or "severity: ..."), then snippet lines (indented) and notes with their own
  // snippets. A block is kept or dropped whole, by its headline.
  static const std::regex Headline(R"(^(\S.*:[0-9]+:[0-9]+: )?(fatal error|error|warning|remark): .*$)");
  static const std::regex Note(R"(^(\S.*:[0-9]+:[0-9]+: )?note: .*$)");
  static const std::regex Stats(R"(^[0-9]+ (warning|error)s?( and [0-9]+ (warning|error)s?)? generated\.$)");
  std::string Out, Pending; // Pending: an include stack waiting for its headline
  bool Keep = true;         // whether the current block is kept
  std::istringstream In(Text);
  for (std::string Line; std::getline(In, Line);) {
    std::smatch M;
    if (Line.rfind("In file included from ", 0) == 0 || (!Pending.empty() && Line.rfind("                 from ", 0) == 0)) {
      Pending += Line + "\n";
      continue;
    }
    if (std::regex_match(Line, M, Headline)) {
      bool Finding = Line.size() > 1 && Line.back() == ']' && Line.find(" [pto-") != std::string::npos;
      Keep = Finding || M[2] == "error" || M[2] == "fatal error";
    } else if (std::regex_match(Line, Stats)) {
      Pending.clear();
      continue;
    } else if (!std::regex_match(Line, Note) && !Line.empty() && Line[0] != ' ') {
      Keep = true; // not part of a diagnostic: pto-lint's own messages
    }
    if (Keep)
      Out += Pending + Line + "\n";
    Pending.clear();
  }
  return Out + Pending;
}

bool findingsFail(FailOn Policy, const Tally &T) {
  switch (Policy) {
  case FailOn::Error:
    return T.errors > 0;
  case FailOn::Warning:
    return T.errors + T.warnings > 0;
  case FailOn::Never:
    return false;
  }
  return false;
}

std::string usageText() {
  return R"(pto-lint-launch: lint each compiled file with pto-lint, then run the compiler (a compiler launcher).

  pto-lint-launch [options] [--] [ccache|sccache|distcc|icecc ...] <compiler> <args>...
  cmake -DCMAKE_CXX_COMPILER_LAUNCHER=pto-lint-launch ...

Options (before the command; the PTO_LINT_LAUNCH_* variable in brackets overrides it):
  --fail-on=error|warning|never  findings that fail the compile (default: error) [PTO_LINT_LAUNCH_FAIL_ON]
  --fail-on-internal-error       fail the compile when pto-lint itself fails (exit 2/3, crash, timeout, not found);
                                 by default the compile proceeds with a warning [PTO_LINT_LAUNCH_FAIL_ON_INTERNAL_ERROR=1]
  --lint-timeout=SECONDS         wall-clock cap of the lint step (default: 300) [PTO_LINT_LAUNCH_TIMEOUT]
  --pto-lint=PATH                the pto-lint binary (default: the one next to pto-lint-launch) [PTO_LINT_LAUNCH_PTO_LINT]
  --no-lint                      run the command without linting [PTO_LINT_LAUNCH_DISABLE=1]
  --parse-warnings               also show the warnings of pto-lint's own parse of the file (hidden by default:
                                 they come from its translation of the command; the compiler reports its own)
  --KEY[=VALUE]                  any other option goes to pto-lint, e.g. --target=a2a3,a5 --budget=N --werror
                                 [PTO_LINT_LAUNCH_ARGS, blank-separated, added after these]
  --help, --version

A compile (-c or -S of C, C++ or CCE sources) is linted from its own command line, as `pto-lint -p` would lint it
from a compile database; anything else (links, -E, -M, assembler) runs unchanged. Exit status: the compiler's, or 1
when findings fail the compile under the policy (the compiler is then not run), 2 for a usage error.
)";
}

} // namespace pto::launcher
