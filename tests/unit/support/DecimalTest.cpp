// tests: support/Decimal: exact decimal text past 64 bits.
#include "support/Decimal.h"

#include <gtest/gtest.h>

#include <cstdint>

using namespace pto::support;

TEST(Decimal, PrintsEveryWidthExactly) {
  EXPECT_EQ(decimal(0), "0");
  EXPECT_EQ(decimal(-7), "-7");
  EXPECT_EQ(decimal(INT64_MAX), "9223372036854775807");
  EXPECT_EQ(decimal(static_cast<__int128>(1) << 64), "18446744073709551616");
  EXPECT_EQ(decimal(static_cast<__int128>(INT64_MAX) * INT64_MAX), "85070591730234615847396907784232501249");
  EXPECT_EQ(decimal(-(static_cast<__int128>(1) << 100)), "-1267650600228229401496703205376");
}

TEST(Decimal, MultipliesDecimalTextBySmallFactors) {
  EXPECT_EQ(decimalTimes("0", 8), "0");
  EXPECT_EQ(decimalTimes("85070591730234615847396907784232501249", 8), "680564733841876926779175262273860009992");
  EXPECT_EQ(decimalTimes("-125", 4), "-500");
  EXPECT_EQ(decimalTimes("999", 1), "999");
}
