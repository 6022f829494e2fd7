// Checks the model's own binary16/bfloat16 conversions against the compiler's types and hand-picked values.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

#include "pto/ScalarTypes.hpp"
#include "pto/ref/Float16Bits.hpp"

using namespace pto::ref;

namespace {

TEST(Float16Bits, HalfToFloatKnownValues) {
  EXPECT_EQ(halfBitsToFloat(0x3C00), 1.0f);
  EXPECT_EQ(halfBitsToFloat(0xC000), -2.0f);
  EXPECT_EQ(halfBitsToFloat(0x7BFF), 65504.0f);
  EXPECT_EQ(halfBitsToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(halfBitsToFloat(0x0400), std::ldexp(1.0f, -14));
  EXPECT_TRUE(std::isinf(halfBitsToFloat(0x7C00)));
  EXPECT_TRUE(std::isnan(halfBitsToFloat(0x7C01)));
  EXPECT_TRUE(std::signbit(halfBitsToFloat(0x8000)));
}

TEST(Float16Bits, FloatToHalfRoundsToNearestEvenByDefault) {
  EXPECT_EQ(floatToHalfBits(2049.0f), 0x6800);  // 2048: tie goes to the even mantissa
  EXPECT_EQ(floatToHalfBits(2051.0f), 0x6802);  // 2052
  EXPECT_EQ(floatToHalfBits(65520.0f), 0x7C00); // rounds up to infinity
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.0f, -25)), 0x0000);
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.5f, -25)), 0x0001);
}

TEST(Float16Bits, FloatToHalfTiesAwayFromZero) {
  EXPECT_EQ(floatToHalfBits(2049.0f, RoundMode::NearestAway), 0x6801); // 2050
  EXPECT_EQ(floatToHalfBits(-2049.0f, RoundMode::NearestAway), 0xE801);
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.0f, -25), RoundMode::NearestAway), 0x0001);
}

TEST(Float16Bits, IntToHalfIsExactUpTo2048ThenRoundsAway) {
  for (int32_t K = -2048; K <= 2048; ++K)
    ASSERT_EQ(halfBitsToInt(intToHalfBits(K, RoundMode::NearestAway), RoundMode::NearestAway), K) << K;
  EXPECT_EQ(halfBitsToInt(intToHalfBits(2049, RoundMode::NearestAway), RoundMode::NearestAway), 2050);
  EXPECT_EQ(halfBitsToInt(intToHalfBits(2051, RoundMode::NearestAway), RoundMode::NearestAway), 2052);
  EXPECT_EQ(halfBitsToInt(intToHalfBits(4097, RoundMode::NearestAway), RoundMode::NearestAway), 4096);
  EXPECT_EQ(halfBitsToInt(intToHalfBits(4098, RoundMode::NearestAway), RoundMode::NearestAway), 4100); // tie
  EXPECT_EQ(halfBitsToInt(intToHalfBits(-4098, RoundMode::NearestAway), RoundMode::NearestAway), -4100);
  EXPECT_EQ(halfBitsToInt(intToHalfBits(32767, RoundMode::NearestAway), RoundMode::NearestAway), 32768);
}

TEST(Float16Bits, HalfToIntRounding) {
  EXPECT_EQ(halfBitsToInt(floatToHalfBits(2.5f), RoundMode::NearestAway), 3);
  EXPECT_EQ(halfBitsToInt(floatToHalfBits(2.5f), RoundMode::NearestEven), 2);
  EXPECT_EQ(halfBitsToInt(floatToHalfBits(-2.5f), RoundMode::NearestAway), -3);
  EXPECT_EQ(halfBitsToInt(0x7E00, RoundMode::NearestAway), 0);
}

TEST(Float16Bits, Bf16RoundTrip) {
  EXPECT_EQ(floatToBf16Bits(1.0f), 0x3F80);
  EXPECT_EQ(bf16BitsToFloat(0x3F80), 1.0f);
  EXPECT_EQ(floatToBf16Bits(bitsToFloat(0x3F808000u)), 0x3F80); // tie to even
  EXPECT_EQ(floatToBf16Bits(bitsToFloat(0x3F818000u)), 0x3F82);
  EXPECT_TRUE(std::isnan(bf16BitsToFloat(floatToBf16Bits(std::nanf("")))));
}

#if PTO_REF_NATIVE_HALF
uint16_t nativeHalfBits(float F) {
  const _Float16 H = static_cast<_Float16>(F);
  uint16_t B;
  std::memcpy(&B, &H, 2);
  return B;
}

TEST(Float16Bits, AgreesWithCompilerHalfOnEveryEncoding) {
  for (uint32_t B = 0; B <= 0xFFFF; ++B) {
    _Float16 H;
    const uint16_t Bits = static_cast<uint16_t>(B);
    std::memcpy(&H, &Bits, 2);
    const float Expected = static_cast<float>(H);
    const float Got = halfBitsToFloat(Bits);
    if (std::isnan(Expected)) {
      ASSERT_TRUE(std::isnan(Got)) << B;
      continue;
    }
    ASSERT_EQ(floatToBits(Got), floatToBits(Expected)) << B;
    ASSERT_EQ(floatToHalfBits(Got), Bits) << B; // round trip
  }
}

TEST(Float16Bits, AgreesWithCompilerHalfOnRandomFloats) {
  std::mt19937 Rng(7);
  std::uniform_int_distribution<uint32_t> Any;
  for (int I = 0; I < 200000; ++I) {
    // Bias the exponent towards the binary16 range so that rounding and subnormals are exercised.
    uint32_t U = Any(Rng);
    U = (U & 0x807FFFFFu) | ((100u + (U >> 23) % 50u) << 23);
    const float F = bitsToFloat(U);
    ASSERT_EQ(floatToHalfBits(F), nativeHalfBits(F)) << std::hex << U;
  }
}
#endif

} // namespace
