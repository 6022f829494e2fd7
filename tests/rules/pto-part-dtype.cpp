// Fixture for pto-part-dtype: the element type is one the target's TPARTMIN/TPARTMAX supports.
#include <pto/pto-inst.hpp>

using namespace pto;

template <class T> using Full = Tile<TileType::Vec, T, 16, 64>;
template <class T> using Dyn = Tile<TileType::Vec, T, 16, 64, BLayout::RowMajor, -1, -1>;

void legalEverywhere() {
  Full<float> d, a, b;
  TPARTMIN(d, a, b);
  Full<half> hd, ha, hb;
  TPARTMAX(hd, ha, hb);
  Full<int16_t> sd, sa, sb;
  TPARTMIN(sd, sa, sb);
  Full<int32_t> id, ia, ib;
  TPARTMAX(id, ia, ib);
}

void unsignedHalfWords() {
  Full<uint16_t> d, a, b;
  // a5 takes uint16_t; a2a3 checks dst's type, the cpu simulator src0's.
  // expect@+2[a2a3]: error pto-part-dtype: dst has element type uint16_t but TPARTMIN supports only int16_t, int32_t, half and float on a2a3
  // expect@+1[cpu]: error pto-part-dtype: src0 has element type uint16_t but TPARTMIN supports only int8_t, uint8_t, int16_t, int32_t, half, bfloat16_t and float on cpu
  TPARTMIN(d, a, b);
}

void bytes() {
  Full<int8_t> d, a, b;
  // int8_t is fine on a5 and cpu.
  TPARTMAX(d, a, b); // expect[a2a3]: error pto-part-dtype: dst has element type int8_t but TPARTMAX supports only int16_t, int32_t, half and float on a2a3
  Full<uint8_t> ud, ua, ub;
  TPARTMIN(ud, ua, ub); // expect[a2a3]: error pto-part-dtype: dst has element type uint8_t but TPARTMIN supports
}

void doubles() {
  Full<double> d, a, b;
  // expect@+3[a2a3]: error pto-part-dtype: dst has element type double but TPARTMIN supports only int16_t, int32_t, half and float on a2a3
  // expect@+2[a5]: error pto-part-dtype: dst has element type double but TPARTMIN supports only 8-, 16- and 32-bit types, half, bfloat16_t, float and int64_t/uint64_t on a5
  // expect@+1[cpu]: error pto-part-dtype: src0 has element type double but TPARTMIN supports only int8_t, uint8_t, int16_t, int32_t, half, bfloat16_t and float on cpu
  TPARTMIN(d, a, b);
}

void int64Tiles() {
  Full<int64_t> d, a, b; // 64 valid columns: within the a5 64-bit limit (pto-part-int64-cols)
  // expect@+2[a2a3]: error pto-part-dtype: dst has element type int64_t but TPARTMAX supports only
  // expect@+1[cpu]: error pto-part-dtype: src0 has element type int64_t but TPARTMAX supports only
  TPARTMAX(d, a, b);
}

// The cpu simulator looks at src0's type: a uint16_t dst with int16_t sources fails only the type match there.
void dstTypeDiffers() {
  Full<uint16_t> d;
  Full<int16_t> a, b;
  // expect@+2[a2a3]: error pto-part-dtype: dst has element type uint16_t but TPARTMIN supports only
  // expect@+1[a2a3,a5,cpu]: error pto-part-dtype-match: dst has element type uint16_t, src0 int16_t and src1 int16_t but TPARTMIN needs all three equal on
  TPARTMIN(d, a, b);
}

void dynamicShapes(unsigned r, unsigned c) {
  if (r == 0 || r > 16 || c == 0 || c > 64)
    return;
  Dyn<float> d(r, c), a(r, c), b(r, c);
  TPARTMIN(d, a, b);
  Dyn<uint32_t> ud(r, c), ua(r, c), ub(r, c);
  // expect@+2[a2a3]: error pto-part-dtype: dst has element type uint32_t but TPARTMAX supports only int16_t, int32_t, half and float on a2a3
  // expect@+1[cpu]: error pto-part-dtype: src0 has element type uint32_t but TPARTMAX supports only
  TPARTMAX(ud, ua, ub);
}
