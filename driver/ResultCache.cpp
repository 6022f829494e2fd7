// driver: the result cache of a run over files (see ResultCache.h).
#include "ResultCache.h"

#include "support/Files.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <cstdlib>

namespace pto::driver {

using Json = nlohmann::json;

std::string digest(const std::string &Bytes) {
  llvm::BLAKE3 H;
  H.update(llvm::StringRef(Bytes));
  llvm::BLAKE3Result<16> R = H.final<16>();
  return llvm::toHex(R, /*LowerCase=*/true);
}

std::optional<ContentHashes::Info> ContentHashes::of(const std::string &Path) {
  {
    std::lock_guard<std::mutex> L(M);
    if (auto It = Memo.find(Path); It != Memo.end())
      return It->second;
  }
  std::optional<Info> I;
  llvm::sys::fs::file_status St;
  if (!llvm::sys::fs::status(Path, St) && llvm::sys::fs::is_regular_file(St))
    if (auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false))
      I = Info{digest(std::string((*Buf)->getBuffer())), St.getLastModificationTime()};
  std::lock_guard<std::mutex> L(M);
  return Memo.emplace(Path, I).first->second;
}

std::string ResultCache::defaultDir() {
  if (const char *D = std::getenv("PTO_LINT_CACHE_DIR"); D && *D)
    return std::string(D) == "off" ? "" : D;
  return support::userCacheDir("results");
}

std::string ResultCache::pathOf(const std::string &Key) const {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Key.substr(0, 2), Key.substr(2));
  return std::string(P);
}

std::optional<std::string> ResultCache::lookup(const std::string &Key, ContentHashes &H) const {
  auto Buf = llvm::MemoryBuffer::getFile(pathOf(Key), /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  // A damaged or foreign entry is a miss, never an error: the cache only saves time.
  Json E = Json::from_cbor((*Buf)->getBuffer().begin(), (*Buf)->getBuffer().end(), true, false);
  if (E.is_discarded() || !E.is_object() || E.value("version", 0) != 1 || !E.contains("deps") ||
      !E["deps"].is_array() || !E.contains("payload") || !E["payload"].is_string())
    return std::nullopt;
  for (const Json &D : E["deps"]) {
    if (!D.is_array() || D.size() != 2 || !D[0].is_string() || !D[1].is_string())
      return std::nullopt;
    std::optional<ContentHashes::Info> Now = H.of(D[0].get<std::string>());
    if (!Now || Now->hash != D[1].get<std::string>())
      return std::nullopt;
  }
  return E["payload"].get<std::string>();
}

bool ResultCache::store(const std::string &Key, const std::vector<std::string> &Deps, ContentHashes &H,
                        std::chrono::system_clock::time_point Started, const std::string &Payload) const {
  Json E;
  E["version"] = 1;
  E["deps"] = Json::array();
  for (const std::string &D : Deps) {
    std::optional<ContentHashes::Info> I = H.of(D);
    if (!I || I->modified >= Started) {
      if (std::getenv("PTO_LINT_CACHE_DEBUG"))
        fprintf(stderr, "pto-lint: cache: not storing: %s %s\n", D.c_str(), I ? "is newer than the run" : "cannot be read");
      return false;
    }
    E["deps"].push_back({D, I->hash});
  }
  E["payload"] = Payload;
  std::vector<uint8_t> Bytes = Json::to_cbor(E);
  std::string Path = pathOf(Key);
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path)))
    return false;
  return support::writeAtomically(Path, std::string(Bytes.begin(), Bytes.end())).empty();
}

} // namespace pto::driver
