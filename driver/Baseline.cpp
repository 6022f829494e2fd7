// driver: baseline files: fingerprints of accepted findings (see Baseline.h).
#include "Baseline.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

namespace pto::driver {

namespace fs = std::filesystem;

namespace {

std::string absoluteNormal(const std::string &P) {
  std::error_code EC;
  fs::path A = fs::absolute(P.empty() ? fs::path(".") : fs::path(P), EC);
  return (EC ? fs::path(P) : A).lexically_normal().generic_string();
}

/// FNV-1a, 64 bits, over length-prefixed fields (no separator can be confused with a value): stable across
/// platforms and releases, which std::hash is not.
struct Hash {
  uint64_t H = 1469598103934665603ULL;
  Hash &operator<<(const std::string &S) {
    std::string F = std::to_string(S.size()) + ":" + S;
    for (unsigned char C : F) {
      H ^= C;
      H *= 1099511628211ULL;
    }
    return *this;
  }
  std::string hex() const {
    char B[17];
    std::snprintf(B, sizeof B, "%016llx", static_cast<unsigned long long>(H));
    return B;
  }
};

/// Line and column (1-based) of a byte offset.
std::pair<unsigned, unsigned> lineCol(const std::string &Text, size_t Byte) {
  unsigned Line = 1, Col = 1;
  for (size_t I = 0; I < std::min(Byte, Text.size()); ++I) {
    if (Text[I] == '\n') {
      ++Line;
      Col = 1;
    } else {
      ++Col;
    }
  }
  return {Line, Col};
}

} // namespace

Baseline::Baseline(const std::string &Dir) : BaseDir(absoluteNormal(Dir)) {}

std::string Baseline::relativePath(const std::string &File) const {
  fs::path Rel = fs::path(absoluteNormal(File)).lexically_relative(BaseDir);
  return Rel.empty() ? absoluteNormal(File) : Rel.generic_string();
}

std::string Baseline::fingerprint(const checker::Finding &F) const {
  Hash H;
  H << "pto-lint-baseline-1" << F.ruleId << F.op << std::to_string(F.operandTypes.size());
  for (const std::string &T : F.operandTypes)
    H << T;
  H << F.callText << relativePath(F.loc.file);
  return H.hex();
}

Baseline Baseline::of(const std::vector<checker::Finding> &Fs, const std::string &Dir) {
  Baseline B(Dir);
  for (const checker::Finding &F : Fs) {
    Entry &E = B.Entries[B.fingerprint(F)];
    if (E.count++ == 0) {
      E.file = B.relativePath(F.loc.file);
      E.rule = F.ruleId;
      E.op = F.op;
      E.call = F.callText;
      E.types = F.operandTypes;
    }
  }
  return B;
}

unsigned Baseline::size() const {
  unsigned N = 0;
  for (const auto &[Fp, E] : Entries)
    N += E.count;
  return N;
}

std::string Baseline::json() const {
  std::vector<std::pair<std::string, const Entry *>> Sorted;
  for (const auto &[Fp, E] : Entries)
    Sorted.emplace_back(Fp, &E);
  // By file, then rule and call: a diff of two baselines reads by place; the fingerprint breaks ties.
  std::sort(Sorted.begin(), Sorted.end(), [](const auto &A, const auto &B) {
    return std::tie(A.second->file, A.second->rule, A.second->call, A.first) <
           std::tie(B.second->file, B.second->rule, B.second->call, B.first);
  });
  nlohmann::ordered_json Items = nlohmann::ordered_json::array();
  for (const auto &[Fp, E] : Sorted) {
    nlohmann::ordered_json J;
    J["fingerprint"] = Fp;
    J["count"] = E->count;
    J["file"] = E->file;
    J["rule"] = E->rule;
    J["op"] = E->op;
    J["call"] = E->call;
    J["types"] = E->types;
    Items.push_back(std::move(J));
  }
  nlohmann::ordered_json Doc;
  Doc["version"] = 1;
  Doc["tool"] = "pto-lint";
  Doc["findings"] = std::move(Items);
  return Doc.dump(2) + "\n";
}

std::optional<Baseline> Baseline::parse(const std::string &Path, const std::string &Text, std::string &Err) {
  nlohmann::json Doc;
  try {
    Doc = nlohmann::json::parse(Text);
  } catch (const nlohmann::json::parse_error &E) {
    auto [L, C] = lineCol(Text, E.byte ? E.byte - 1 : 0);
    std::string What = E.what();
    if (size_t P = What.find("parse error"); P != std::string::npos)
      What = What.substr(P);
    Err = Path + ":" + std::to_string(L) + ":" + std::to_string(C) + ": error: not a baseline file: " + What;
    return std::nullopt;
  } catch (const nlohmann::json::exception &E) { // e.g. a number out of range (found by pto-baseline-fuzz)
    Err = Path + ": error: not a baseline file: " + E.what();
    return std::nullopt;
  }
  auto Fail = [&](const std::string &Why) {
    Err = Path + ": error: " + Why;
    return std::nullopt;
  };
  if (!Doc.is_object() || !Doc.contains("version") || !Doc["version"].is_number_integer())
    return Fail("not a pto-lint baseline (no \"version\"; write one with --write-baseline)");
  if (Doc["version"].get<int64_t>() != 1)
    return Fail("baseline version " + Doc["version"].dump() + " is not supported (known: 1)");
  if (!Doc.contains("findings") || !Doc["findings"].is_array())
    return Fail("\"findings\" must be an array");
  fs::path Dir = fs::path(Path).parent_path();
  Baseline B(Dir.empty() ? "." : Dir.string());
  size_t I = 0;
  for (const nlohmann::json &J : Doc["findings"]) {
    std::string Where = "finding " + std::to_string(++I) + ": ";
    if (!J.is_object() || !J.contains("fingerprint") || !J["fingerprint"].is_string() ||
        J["fingerprint"].get<std::string>().empty())
      return Fail(Where + "\"fingerprint\" must be a non-empty string");
    if (!J.contains("count") || !J["count"].is_number_unsigned() || J["count"].get<uint64_t>() == 0 ||
        J["count"].get<uint64_t>() > 1000000)
      return Fail(Where + "\"count\" must be a positive integer");
    Entry &E = B.Entries[J["fingerprint"].get<std::string>()];
    E.count += J["count"].get<unsigned>(); // an entry repeated by a merge covers both
    auto Text = [&](const char *K) { return J.contains(K) && J[K].is_string() ? J[K].get<std::string>() : ""; };
    E.file = Text("file");
    E.rule = Text("rule");
    E.op = Text("op");
    E.call = Text("call");
    if (J.contains("types") && J["types"].is_array())
      for (const nlohmann::json &T : J["types"])
        if (T.is_string())
          E.types.push_back(T.get<std::string>());
  }
  return B;
}

std::optional<Baseline> Baseline::load(const std::string &Path, std::string &Err) {
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    Err = "cannot read baseline '" + Path + "'";
    return std::nullopt;
  }
  std::stringstream SS;
  SS << In.rdbuf();
  return parse(Path, SS.str(), Err);
}

} // namespace pto::driver
