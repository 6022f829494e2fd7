// tests/rules: pto-tile-ub-capacity: a TASSIGN-placed tile ends inside the UB (a2a3 192 KiB, a5 256 KiB, cpu 512 KiB).
#include <pto/pto-inst.hpp>

using namespace pto;

using Src = Tile<TileType::Vec, float, 16, 64>;   // 4096 B
using Idx = Tile<TileType::Vec, int32_t, 1, 64>;  // 256 B
using Tmp = Tile<TileType::Vec, float, 1, 128>;   // 512 B

void fitsEverywhere() {
  Src src;
  Idx dst;
  Tmp tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x1000);
  TASSIGN(tmp, 0x2F000); // 192512 + 512 = 193024 <= 196608
  TCOLARGMIN(dst, src, tmp);
}

void pastA2A3() {
  Src src;
  Idx dst;
  Tmp tmp;
  TASSIGN(src, 0x30000); // 196608: the first byte past the a2a3 UB
  TASSIGN(dst, 0x0);
  TASSIGN(tmp, 0x100);
  TCOLARGMIN(dst, src, tmp); // expect[a2a3]: error pto-tile-ub-capacity: 'src' at UB address 196608 spans 4096 B and ends at 200704, past the 196608 B unified buffer of a2a3
}

void pastA5() {
  Src src;
  Idx dst;
  Tmp tmp;
  TASSIGN(src, 0x3F800); // 260096 + 4096 = 264192 > 262144
  TASSIGN(dst, 0x0);
  TASSIGN(tmp, 0x100);
  TCOLARGMIN(dst, src, tmp); // expect[a2a3]: error pto-tile-ub-capacity: ends at 264192, past the 196608 B unified buffer of a2a3
  // expect@-1[a5]: error pto-tile-ub-capacity: 'src' at UB address 260096 spans 4096 B and ends at 264192, past the 262144 B unified buffer of a5
}

void fromParameter(unsigned base) {
  if (base < 0x2000 || base % 32 != 0) // aligned and above the other tiles: only the UB end is left to fail
    return;
  Src src;
  Idx dst;
  Tmp tmp;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x1000);
  TASSIGN(tmp, base);
  // Smallest failing base: the first multiple of 32 above UB - 512 (a2a3 196096, a5 261632, cpu 523776).
  TCOLARGMIN(dst, src, tmp); // expect[a2a3,a5,cpu]: warning pto-tile-ub-capacity: 'tmp' at UB address
  // expect-note@-1[a2a3]: fails for example when base = 196128
  // expect-note@-2[a5]: fails for example when base = 261664
  // expect-note@-3[cpu]: fails for example when base = 523808
}
