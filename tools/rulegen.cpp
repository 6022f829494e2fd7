// pto-rulegen: validates rules/ and writes it as C++ (build step; a broken rule fails the build).
//   pto-rulegen OUT.cpp RULES_DIR FILE...
#include "checker/Rule.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace pto::checker {
std::string emitRuleSetSource(const RuleSet &S);
}

int main(int Argc, char **Argv) {
  if (Argc < 4) {
    std::fprintf(stderr, "usage: pto-rulegen OUT.cpp RULES_DIR FILE...\n");
    return 2;
  }
  std::filesystem::path Dir = Argv[2];
  std::vector<std::pair<std::string, std::string>> Files;
  for (int I = 3; I < Argc; ++I) {
    std::ifstream In(Argv[I]);
    if (!In) {
      std::fprintf(stderr, "pto-rulegen: cannot read %s\n", Argv[I]);
      return 1;
    }
    std::stringstream SS;
    SS << In.rdbuf();
    // Named as the rule files are everywhere else: rules/<family>/<id>.json.
    Files.emplace_back("rules/" + std::filesystem::relative(Argv[I], Dir).generic_string(), SS.str());
  }
  std::sort(Files.begin(), Files.end());
  pto::checker::RuleSet S;
  std::vector<std::string> Errors;
  if (!S.load(Files, Errors)) {
    for (const std::string &E : Errors)
      std::fprintf(stderr, "pto-rulegen: %s\n", E.c_str());
    return 1;
  }
  std::string Text = pto::checker::emitRuleSetSource(S);
  std::ifstream Old(Argv[1]);
  std::stringstream OldText;
  OldText << Old.rdbuf();
  if (Old && OldText.str() == Text)
    return 0; // unchanged: keep the timestamp, nothing to recompile
  std::ofstream(Argv[1]) << Text;
  return 0;
}
