// support: edit distance and closest names, and kebab-case names in UpperCamelCase (see Spelling.h).
#include "Spelling.h"

#include <algorithm>
#include <cctype>

namespace pto::support {

size_t editDistance(const std::string &A, const std::string &B) {
  std::vector<size_t> Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Row[J] = J;
  for (size_t I = 1; I <= A.size(); ++I) {
    size_t Diag = Row[0];
    Row[0] = I;
    for (size_t J = 1; J <= B.size(); ++J) {
      size_t Up = Row[J];
      Row[J] = std::min({Row[J] + 1, Row[J - 1] + 1, Diag + (A[I - 1] != B[J - 1])});
      Diag = Up;
    }
  }
  return Row[B.size()];
}

std::string closest(const std::string &Name, const std::vector<std::string> &Candidates, size_t MaxEdits) {
  std::string Best;
  size_t BestD = MaxEdits + 1, BestPrefix = 0;
  auto Prefix = [&](const std::string &C) {
    size_t P = 0;
    while (P < C.size() && P < Name.size() && C[P] == Name[P])
      ++P;
    return P;
  };
  for (const std::string &C : Candidates) {
    size_t D = editDistance(Name, C);
    if (D < BestD || (D == BestD && !Best.empty() && Prefix(C) > BestPrefix)) {
      BestD = D;
      Best = C;
      BestPrefix = Prefix(C);
    }
  }
  return Best;
}

std::string nearest(const std::string &Name, const std::vector<std::string> &Candidates) {
  if (Candidates.empty())
    return "";
  return *std::min_element(Candidates.begin(), Candidates.end(), [&](const std::string &A, const std::string &B) {
    return editDistance(Name, A) < editDistance(Name, B);
  });
}

std::string upperCamel(const std::string &Name) {
  std::string Out;
  bool Up = true;
  for (char C : Name) {
    if (C == '-') {
      Up = true;
      continue;
    }
    Out += Up ? static_cast<char>(std::toupper(static_cast<unsigned char>(C))) : C;
    Up = false;
  }
  return Out;
}

} // namespace pto::support
