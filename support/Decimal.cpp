// support: exact decimal text of integers wider than 64 bits.
#include "Decimal.h"

namespace pto::support {

std::string decimal(__int128 V) {
  if (V < 0)
    return "-" + decimal(-V);
  std::string D;
  do {
    D.insert(D.begin(), static_cast<char>('0' + static_cast<int>(V % 10)));
    V /= 10;
  } while (V);
  return D;
}

std::string decimalTimes(const std::string &Decimal, unsigned Factor) {
  bool Neg = !Decimal.empty() && Decimal[0] == '-';
  std::string Out;
  unsigned Carry = 0;
  for (size_t K = Decimal.size(); K-- > (Neg ? 1u : 0u);) {
    unsigned D = (Decimal[K] - '0') * Factor + Carry;
    Out.insert(Out.begin(), char('0' + D % 10));
    Carry = D / 10;
  }
  for (; Carry; Carry /= 10)
    Out.insert(Out.begin(), char('0' + Carry % 10));
  return (Neg ? "-" : "") + Out;
}

} // namespace pto::support
