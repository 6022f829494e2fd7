// Fixture for pto-rowexpand-hidden-scratch: on a2a3 no operand placed by TASSIGN lies in the part of the fixed UB
// scratch [188416, 196608) that the 3-operand form writes for a ColMajor (mode 1) broadcast source.
#include <pto/pto-inst.hpp>

using namespace pto;

// R = dst valid rows; the call writes 256 * ceil(R / 8) bytes from 188416 on: [188416, 188928) for R = 16,
// [188416, 190464) for R = 64. Full is 4096 B, Col 64 B, Blk 512 B. a5 and cpu use no hidden scratch.
using Full = Tile<TileType::Vec, float, 16, 64>;
using Col = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using Blk = Tile<TileType::Vec, float, 16, 8>;
using Tmp = Tile<TileType::Vec, float, 1, 128>;

void placedBelowTheScratch() {
  Full d, s;
  Col c;
  TASSIGN(d, 0);
  TASSIGN(s, 4096);
  TASSIGN(c, 184320 + 4096 - 64); // [188352, 188416): ends where the scratch starts
  TROWEXPANDMIN(d, s, c);
}

// Only the bytes this call writes count: 16 rows leave [188928, 196608) alone.
void placedAboveTheWrittenPart() {
  Full d, s;
  Col c;
  TASSIGN(d, 188928);
  TASSIGN(s, 0);
  TASSIGN(c, 4096);
  TROWEXPANDMAX(d, s, c);
}

void dstInTheScratch() {
  Full d, s;
  Col c;
  TASSIGN(d, 188416);
  TASSIGN(s, 0);
  TASSIGN(c, 4096);
  // expect@+3[a2a3]: error pto-rowexpand-hidden-scratch: 'd' occupies UB bytes [188416, 192512) but TROWEXPANDMIN writes its mode-1 row broadcast to the hidden scratch [188416, 188928) on a2a3
  // expect-note@+2[a2a3]: expands a ColMajor broadcast source into a fixed UB scratch at TMP_UB_OFFSET = 188416
  // expect-note@+1[a2a3]: help: place 'd' outside [188416, 196608), or use the 4-operand form with a tmp tile of at least 512 B
  TROWEXPANDMIN(d, s, c);
}

// Mode 2 and the 4-operand form do not use the hidden scratch.
void otherPaths() {
  Full d, s;
  Col c;
  Blk b;
  Tmp tmp;
  TASSIGN(d, 188416);
  TASSIGN(s, 0);
  TASSIGN(c, 4096);
  TASSIGN(b, 8192);
  TASSIGN(tmp, 12288);
  TROWEXPANDMIN(d, s, b);
  TROWEXPANDMAX(d, s, c, tmp);
}

void sourcesInTheScratch() {
  Full d, s;
  Col c;
  TASSIGN(d, 0);
  TASSIGN(s, 184384); // [184384, 188480) reaches 64 B into the scratch
  TASSIGN<188864>(c); // [188864, 188928)
  // expect@+2[a2a3]: error pto-rowexpand-hidden-scratch: 's' occupies UB bytes [184384, 188480) but TROWEXPANDMAX writes its mode-1 row broadcast to the hidden scratch [188416, 188928) on a2a3
  // expect@+1[a2a3]: error pto-rowexpand-hidden-scratch: 'c' occupies UB bytes [188864, 188928) but TROWEXPANDMAX writes its mode-1 row broadcast to the hidden scratch [188416, 188928) on a2a3
  TROWEXPANDMAX(d, s, c);
}

// The broadcast source may come first; 64 rows write [188416, 190464).
void tallerCall() {
  Tile<TileType::Vec, float, 64, 16> d, s;
  Tile<TileType::Vec, float, 64, 1, BLayout::ColMajor> c, below; // 256 B each
  TASSIGN(d, 0);
  TASSIGN(s, 4096);
  TASSIGN(c, 190208); // [190208, 190464)
  TASSIGN(below, 190464);
  TROWEXPANDMIN(d, below, s);
  TROWEXPANDMIN(d, c, s); // expect[a2a3]: error pto-rowexpand-hidden-scratch: 'c' occupies UB bytes [190208, 190464) but TROWEXPANDMIN writes its mode-1 row broadcast to the hidden scratch [188416, 190464) on a2a3
}

// An address from the caller, in units of 32-byte blocks, kept within the 192 KB a2a3 UB.
void unguardedAddress(unsigned block) {
  if (block > 6016) // block * 32 + 4096 <= 196608
    return;
  Full d, s;
  Col c;
  TASSIGN(d, block * 32);
  // expect@+3[a2a3]: warning pto-rowexpand-hidden-scratch: 'd' occupies UB bytes [184352, 188448) but TROWEXPANDMIN writes its mode-1 row broadcast to the hidden scratch [188416, 188928) on a2a3
  // expect-note@+2[a2a3]: fails for example when block = 5761
  // expect-note@+1[a2a3]: assuming '!(block > 6016)' here
  TROWEXPANDMIN(d, s, c);
}

void guardedAddress(unsigned block) {
  if (block > 5760) // block * 32 + 4096 <= 188416
    return;
  Full d, s;
  Col c;
  TASSIGN(d, block * 32);
  TROWEXPANDMIN(d, s, c);
}

using DynFull = Tile<TileType::Vec, float, 64, 16, BLayout::RowMajor, -1, -1>;
using DynCol = Tile<TileType::Vec, float, 64, 1, BLayout::ColMajor, -1, 1>;

// dst at 189440 is clear of the scratch while 256 * ceil(rows / 8) <= 1024, i.e. up to 32 rows; 33 rows write
// [188416, 189696).
void unguardedRows(int rows) {
  if (rows <= 0 || rows > 64)
    return;
  DynFull d(rows, 16), s(rows, 16);
  DynCol c(rows);
  TASSIGN(d, 189440);
  TASSIGN(s, 0);
  TASSIGN(c, 4096);
  // expect@+2[a2a3]: warning pto-rowexpand-hidden-scratch: 'd' occupies UB bytes [189440, 193536) but TROWEXPANDMAX writes its mode-1 row broadcast to the hidden scratch [188416, 189696) on a2a3
  // expect-note@+1[a2a3]: fails for example when rows = 33
  TROWEXPANDMAX(d, s, c);
}

void guardedRows(int rows) {
  if (rows <= 0 || rows > 32)
    return;
  DynFull d(rows, 16), s(rows, 16);
  DynCol c(rows);
  TASSIGN(d, 189440);
  TASSIGN(s, 0);
  TASSIGN(c, 4096);
  TROWEXPANDMAX(d, s, c);
}
