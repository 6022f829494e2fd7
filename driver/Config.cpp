// driver: `.pto-lint.yaml` configuration files: parsing (LLVM's YAML parser, for line:column), the upward
// search with a cache per directory, layering, and --dump-config (see Config.h).
#include "Config.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace pto::driver {

namespace fs = std::filesystem;

namespace {

const char *const InheritKey = "InheritParentConfig";

std::string knownKeys() {
  std::string K;
  for (const OptionSpec &S : optionTable())
    if (S.configKey)
      K += std::string(K.empty() ? "" : ", ") + S.configKey;
  return K + ", " + InheritKey;
}

const OptionSpec *byConfigKey(llvm::StringRef Key) {
  for (const OptionSpec &S : optionTable())
    if (S.configKey && Key == S.configKey)
      return &S;
  return nullptr;
}

/// Collects the first diagnostic of LLVM's YAML parser as `PATH:LINE:COL: error: ...`.
void keepFirst(const llvm::SMDiagnostic &D, void *Ctx) {
  auto *Out = static_cast<std::string *>(Ctx);
  if (Out->empty())
    *Out = D.getFilename().str() + ":" + std::to_string(D.getLineNo()) + ":" + std::to_string(D.getColumnNo() + 1) +
           ": error: " + D.getMessage().str();
}

std::string absoluteNormal(const std::string &P) {
  std::error_code EC;
  fs::path A = fs::absolute(P.empty() ? fs::path(".") : fs::path(P), EC);
  std::string S = (EC ? fs::path(P) : A).lexically_normal().generic_string();
  while (S.size() > 1 && S.back() == '/')
    S.pop_back();
  return S;
}

std::string parentOf(const std::string &Dir) {
  std::string P = fs::path(Dir).parent_path().generic_string();
  return P.empty() ? "/" : P;
}

std::string quoted(const std::string &V) {
  std::string Q = "'";
  for (char C : V)
    Q += C == '\'' ? std::string("''") : std::string(1, C);
  return Q + "'";
}

} // namespace

std::optional<ConfigFile> parseConfig(const std::string &Path, const std::string &Text, std::string &Err) {
  llvm::SourceMgr SM;
  std::string Diag;
  SM.setDiagHandler(keepFirst, &Diag);
  llvm::yaml::Stream Stream(llvm::MemoryBufferRef(Text, Path), SM, /*ShowColors=*/false);
  ConfigFile Out;
  Out.path = Path;
  auto Fail = [&](llvm::yaml::Node *At, const std::string &Why) {
    if (Diag.empty()) {
      // A node the parser made up (an empty document after `---`) has no place in the text: blame the end of it
      // (SourceMgr would read out of bounds for a location in no buffer; found by pto-config-fuzz).
      llvm::SMLoc Where = At ? At->getSourceRange().Start : llvm::SMLoc();
      if (!Where.isValid() || !SM.FindBufferContainingLoc(Where))
        Where = llvm::SMLoc::getFromPointer(SM.getMemoryBuffer(SM.getMainFileID())->getBufferEnd());
      auto [L, C] = SM.getLineAndColumn(Where);
      Diag = Path + ":" + std::to_string(L) + ":" + std::to_string(C) + ": error: " + Why;
    }
    return false;
  };
  auto Read = [&]() -> bool {
    llvm::yaml::document_iterator Doc = Stream.begin();
    if (Doc == Stream.end())
      return true;
    llvm::yaml::Node *Root = Doc->getRoot();
    if (!Root || llvm::isa<llvm::yaml::NullNode>(Root))
      return Diag.empty(); // an empty file configures nothing
    auto *Map = llvm::dyn_cast<llvm::yaml::MappingNode>(Root);
    if (!Map)
      return Fail(Root, "a configuration is a mapping of keys to values (known keys: " + knownKeys() + ")");
    std::set<std::string> Seen;
    for (llvm::yaml::KeyValueNode &KV : *Map) {
      auto *K = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(KV.getKey());
      if (!K)
        return KV.getKey() ? Fail(KV.getKey(), "a key must be a plain name") : false;
      llvm::SmallString<32> KS;
      std::string Key = K->getValue(KS).str();
      if (!Seen.insert(Key).second)
        return Fail(K, "key '" + Key + "' is given twice");
      const OptionSpec *S = byConfigKey(Key);
      if (!S && Key != InheritKey)
        return Fail(K, "unknown key '" + Key + "' (known: " + knownKeys() + ")");
      llvm::yaml::Node *V = KV.getValue();
      if (!V)
        return false;
      std::string Value;
      if (auto *Sc = llvm::dyn_cast<llvm::yaml::ScalarNode>(V)) {
        llvm::SmallString<64> VS;
        Value = Sc->getValue(VS).str();
      } else if (auto *Seq = llvm::dyn_cast<llvm::yaml::SequenceNode>(V); Seq && S && S->accumulates) {
        for (llvm::yaml::Node &Item : *Seq) {
          auto *ItemS = llvm::dyn_cast<llvm::yaml::ScalarNode>(&Item);
          if (!ItemS)
            return Fail(&Item, "the items of " + Key + " are globs");
          llvm::SmallString<64> VS;
          Value += (Value.empty() ? "" : ",") + ItemS->getValue(VS).str();
        }
      } else if (llvm::isa<llvm::yaml::NullNode>(V)) {
        Value = "";
      } else {
        return Fail(V, Key + " takes a single value" + (S && S->accumulates ? " or a list of globs" : ""));
      }
      if (!Diag.empty())
        return false;
      if (!S) { // InheritParentConfig
        if (Value != "true" && Value != "false")
          return Fail(V, std::string(InheritKey) + " must be true or false, got '" + Value + "'");
        Out.inheritParent = Value == "true";
        continue;
      }
      Options Scratch; // validate here, where the line is known
      if (std::string E = S->apply(Scratch, Value); !E.empty())
        return Fail(V, E);
      Out.settings.emplace_back(S->key, Value);
    }
    if (++Doc != Stream.end() && Diag.empty())
      return Fail(Doc->getRoot(), "a configuration file holds one YAML document");
    return Diag.empty();
  };
  if (!Read() || !Diag.empty()) {
    Err = Diag.empty() ? Path + ": error: malformed configuration" : Diag;
    return std::nullopt;
  }
  return Out;
}

std::optional<std::string> ConfigCache::closestFrom(const std::string &Start) {
  std::vector<std::string> Visited;
  std::optional<std::string> Found;
  for (std::string Dir = Start;; Dir = parentOf(Dir)) {
    if (auto It = Closest.find(Dir); It != Closest.end()) {
      Found = It->second;
      break;
    }
    Visited.push_back(Dir);
    std::string Candidate = (Dir == "/" ? "" : Dir) + "/" + ConfigFileName;
    std::error_code EC;
    if (fs::is_regular_file(Candidate, EC)) {
      Found = Candidate;
      break;
    }
    if (Dir == "/")
      break;
  }
  for (const std::string &D : Visited)
    Closest[D] = Found;
  return Found;
}

std::shared_ptr<const ConfigFile> ConfigCache::file(const std::string &Path, std::string &Err) {
  if (auto It = Parsed.find(Path); It != Parsed.end())
    return It->second;
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    Err = "cannot read configuration file '" + Path + "'";
    return nullptr;
  }
  std::stringstream SS;
  SS << In.rdbuf();
  ++Reads;
  std::optional<ConfigFile> C = parseConfig(Path, SS.str(), Err);
  if (!C)
    return nullptr; // not cached: the run stops at the first bad file
  return Parsed[Path] = std::make_shared<const ConfigFile>(std::move(*C));
}

bool ConfigCache::chain(const std::string &Path, std::vector<std::shared_ptr<const ConfigFile>> &Out,
                        std::string &Err) {
  std::shared_ptr<const ConfigFile> C = file(Path, Err);
  if (!C)
    return false;
  if (C->inheritParent) {
    std::string Dir = parentOf(absoluteNormal(Path));
    if (Dir != "/")
      if (std::optional<std::string> Parent = closestFrom(parentOf(Dir)))
        if (!chain(*Parent, Out, Err))
          return false;
  }
  Out.push_back(std::move(C));
  return true;
}

unsigned ConfigCache::filesRead() const {
  std::lock_guard<std::mutex> L(M);
  return Reads;
}

std::optional<Resolved> ConfigCache::resolve(const std::string &Source, const OptionPairs &CommandLine,
                                             const Options &Base, std::string &Err) {
  std::string Explicit;
  for (const auto &[K, V] : CommandLine)
    if (K == "config-file")
      Explicit = V;
  std::vector<std::shared_ptr<const ConfigFile>> Files;
  {
    std::lock_guard<std::mutex> L(M);
    std::string Abs = absoluteNormal(Source);
    std::error_code EC;
    std::string Dir = fs::is_directory(Abs, EC) ? Abs : parentOf(Abs);
    std::optional<std::string> First = Explicit.empty() ? closestFrom(Dir) : std::optional(absoluteNormal(Explicit));
    if (First && !chain(*First, Files, Err))
      return std::nullopt;
  }
  // Layers: files root-most first, then the command line. A later layer replaces a key's value, except for the
  // accumulating glob lists, whose later globs are appended (and so win where they match).
  std::map<std::string, std::string> Set;
  auto Layer = [&](const std::string &K, const std::string &V) {
    const OptionSpec *S = findOption(K);
    auto It = Set.find(K);
    if (S && S->accumulates && It != Set.end() && !It->second.empty())
      It->second += V.empty() ? "" : "," + V;
    else
      Set[K] = V;
  };
  Resolved R;
  for (const auto &F : Files) {
    R.files.push_back(F->path);
    for (const auto &[K, V] : F->settings)
      Layer(K, V);
  }
  for (const auto &[K, V] : CommandLine)
    Layer(K, V);
  R.options = Base;
  for (const OptionSpec &S : optionTable()) {
    auto It = Set.find(S.key);
    if (It != Set.end())
      if (std::string E = S.apply(R.options, It->second); !E.empty()) {
        Err = E;
        return std::nullopt;
      }
    if (S.configKey)
      if (It != Set.end())
        R.values[S.key] = It->second;
  }
  return R;
}

std::string dumpConfig(const Resolved &R) {
  std::string Out = "# pto-lint --dump-config: the effective configuration";
  Out += R.files.empty() ? " (no configuration file)\n" : ", from:\n";
  for (const std::string &F : R.files)
    Out += "#   " + F + "\n";
  Out += "# Keys commented out are at their defaults (docs/configuration.md).\n";
  Out += std::string(InheritKey) + ": false\n";
  for (const OptionSpec &S : optionTable()) {
    if (!S.configKey)
      continue;
    auto It = R.values.find(S.key);
    // A key at its default stays unset: an explicit Targets changes how a unit's own target is used.
    Out += It == R.values.end() ? "# " + std::string(S.configKey) + ": " + quoted(S.defaultValue) + "\n"
                                : std::string(S.configKey) + ": " + quoted(It->second) + "\n";
  }
  return Out;
}

} // namespace pto::driver
