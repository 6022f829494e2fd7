// support: glob matching (see Glob.h).
#include "Glob.h"

namespace pto::support {

bool globMatch(const std::string &G, const std::string &S) {
  size_t Gi = 0, Si = 0, Star = std::string::npos, Mark = 0;
  while (Si < S.size()) {
    if (Gi < G.size() && (G[Gi] == S[Si])) {
      ++Gi, ++Si;
    } else if (Gi < G.size() && G[Gi] == '*') {
      Star = Gi++;
      Mark = Si;
    } else if (Star != std::string::npos) {
      Gi = Star + 1;
      Si = ++Mark;
    } else {
      return false;
    }
  }
  while (Gi < G.size() && G[Gi] == '*')
    ++Gi;
  return Gi == G.size();
}

bool globListMatch(const std::vector<std::string> &Globs, const std::string &Id, bool Initially) {
  bool On = Initially;
  for (const std::string &G : Globs) {
    bool Negative = !G.empty() && G[0] == '-';
    if (globMatch(Negative ? G.substr(1) : G, Id))
      On = !Negative;
  }
  return On;
}

} // namespace pto::support
