// support: atomic file writes and the cache directory (see Files.h). POSIX, no LLVM.
#include "Files.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pto::support {
namespace {

std::string failure(const std::string &Path, int Errno) { return "cannot write '" + Path + "': " + std::strerror(Errno); }

/// Writes all of Text to Fd; 0 or the errno of the failing write.
int writeAll(int Fd, const std::string &Text) {
  for (size_t Done = 0; Done < Text.size();) {
    ssize_t N = ::write(Fd, Text.data() + Done, Text.size() - Done);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return errno;
    }
    Done += static_cast<size_t>(N);
  }
  return 0;
}

/// A file that is not to be replaced (a device such as /dev/stdout or /dev/full, a pipe): written directly, every
/// error checked, so a full device is an error and not a silent loss.
std::string writeInPlace(const std::string &Path, const std::string &Text) {
  int Fd = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  if (Fd < 0)
    return failure(Path, errno);
  int Err = writeAll(Fd, Text);
  if (::close(Fd) != 0 && !Err)
    Err = errno;
  return Err ? failure(Path, Err) : "";
}

} // namespace

std::string writeAtomically(const std::string &Path, const std::string &Text) {
  struct stat St;
  if (::stat(Path.c_str(), &St) == 0 && !S_ISREG(St.st_mode)) {
    if (S_ISDIR(St.st_mode))
      return "cannot write '" + Path + "': it is a directory";
    return writeInPlace(Path, Text); // renaming over a device would replace the device node
  }
  std::string Tmp = Path + ".tmpXXXXXX";
  int Fd = ::mkstemp(Tmp.data());
  if (Fd < 0)
    return failure(Path, errno);
  ::fchmod(Fd, 0644); // mkstemp makes it private; reports, baselines and databases are shared like sources
  int Err = writeAll(Fd, Text);
  if (::close(Fd) != 0 && !Err)
    Err = errno;
  if (Err) {
    ::unlink(Tmp.c_str());
    return failure(Path, Err) + " (nothing written)";
  }
  if (std::rename(Tmp.c_str(), Path.c_str()) != 0) {
    Err = errno;
    ::unlink(Tmp.c_str());
    return failure(Path, Err);
  }
  return "";
}

std::string userCacheDir(const std::string &Sub) {
  std::string Base;
  if (const char *X = std::getenv("XDG_CACHE_HOME"); X && *X)
    Base = X;
  else if (const char *Home = std::getenv("HOME"); Home && *Home)
    Base = std::string(Home) + (std::string(Home).back() == '/' ? "" : "/") + ".cache";
  else
    return "";
  while (Base.size() > 1 && Base.back() == '/')
    Base.pop_back();
  return Base + (Base == "/" ? "" : "/") + "pto-lint/" + Sub;
}

} // namespace pto::support
