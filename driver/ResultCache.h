// driver: the result cache of a run over files (driver/Run.h). What linting one source file produced (its findings,
// tally, printed diagnostics) is stored under a key of everything that decides it, so that an unchanged re-run
// re-parses and re-solves nothing. It works like ccache's direct mode: the key hashes the tool (version and binary), the rules,
// the options, the file's compile commands and the file's text; the entry lists every file the compiler read with
// a hash of its contents, and is used only when all of them still hash the same. docs/ci.md describes it.
#ifndef PTOLINT_DRIVER_RESULTCACHE_H
#define PTOLINT_DRIVER_RESULTCACHE_H

#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace pto::driver {

/// A 128-bit BLAKE3 digest, hex.
std::string digest(const std::string &Bytes);

/// Hashes of files' contents, each file read once per run (a header included by 300 kernels is hashed once).
/// Thread-safe.
class ContentHashes {
public:
  struct Info {
    std::string hash;
    std::chrono::system_clock::time_point modified;
  };
  /// The file's hash and modification time, or nothing if it cannot be read.
  std::optional<Info> of(const std::string &Path);

private:
  std::mutex M;
  std::map<std::string, std::optional<Info>> Memo;
};

class ResultCache {
public:
  /// `$PTO_LINT_CACHE_DIR`, else `$XDG_CACHE_HOME/pto-lint/results`, else `~/.cache/pto-lint/results`; "" when
  /// the variable says `off` or there is no home.
  static std::string defaultDir();
  explicit ResultCache(std::string Dir) : Dir(std::move(Dir)) {}

  /// The stored payload for Key, if every file it depended on still has the contents it had.
  std::optional<std::string> lookup(const std::string &Key, ContentHashes &H) const;
  /// Stores Payload under Key with the files it depends on. Nothing is stored if a file cannot be read or was
  /// modified after Started (when the linting began: it may have read an older text than the one hashed now).
  /// Entries are written to a temporary and renamed, so concurrent runs never see half an entry. Returns false if
  /// it stored nothing.
  bool store(const std::string &Key, const std::vector<std::string> &Deps, ContentHashes &H,
             std::chrono::system_clock::time_point Started, const std::string &Payload) const;
  const std::string &dir() const { return Dir; }

private:
  std::string Dir;
  std::string pathOf(const std::string &Key) const;
};

} // namespace pto::driver

#endif
