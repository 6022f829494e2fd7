// Fixture for pto-rowexpand-tmp-size: on a2a3 tmp holds the 256 * ceil(R / 8) bytes (7680 B from 256 rows on) the
// 4-operand form expands the broadcast values into.
#include <pto/pto-inst.hpp>

using namespace pto;

// R = dst valid rows:  R = 1: 256 B   R = 16: 512 B   R = 17: 768 B   R = 255: 8192 B
//                      R = 256 (dst declared with 256 rows): 7680 B, in passes of 240 rows
// a5 and cpu ignore tmp, so nothing is reported for them.
using Full = Tile<TileType::Vec, float, 16, 64>;
using Col = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;

void sixteenRows() {
  Full d, s;
  Col c;
  Tile<TileType::Vec, float, 1, 128> tmp512;
  Tile<TileType::Vec, float, 4, 32> tmp4x32;        // 512 B: only tmp's base address is used
  Tile<TileType::Vec, half, 1, 256> tmpHalf;         // 512 B: tmp's type is not checked
  Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor> tmpCol; // 64 B, as in the upstream ST kernel
  Tile<TileType::Vec, float, 1, 64> tmp256;
  TROWEXPANDMIN(d, s, c, tmp512);
  TROWEXPANDMAX(d, c, s, tmp4x32);
  TROWEXPANDMIN(d, s, c, tmpHalf);
  // expect@+3[a2a3]: error pto-rowexpand-tmp-size: tmp tile holds 256 B but TROWEXPANDMIN broadcasts 16 rows through tmp and needs 512 B on a2a3
  // expect-note@+2[a2a3]: on a2a3 every 8 rows take 256 B of tmp
  // expect-note@+1[a2a3]: help: declare tmp with at least 512 bytes, e.g. Tile<TileType::Vec, float, 1, 128>
  TROWEXPANDMIN(d, s, c, tmp256);
  TROWEXPANDMAX(d, s, c, tmpCol); // expect[a2a3]: error pto-rowexpand-tmp-size: tmp tile holds 64 B but TROWEXPANDMAX broadcasts 16 rows through tmp and needs 512 B on a2a3
}

void oddRowCounts() {
  Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, 1, 64> d1, s1;
  Tile<TileType::Vec, float, 8, 1, BLayout::ColMajor, 1, 1> c1;
  Tile<TileType::Vec, float, 24, 64, BLayout::RowMajor, 17, 64> d17, s17;
  Tile<TileType::Vec, float, 24, 1, BLayout::ColMajor, 17, 1> c17;
  Tile<TileType::Vec, float, 1, 64> tmp256;
  Tile<TileType::Vec, float, 1, 128> tmp512;
  Tile<TileType::Vec, float, 1, 192> tmp768;
  TROWEXPANDMIN(d1, s1, c1, tmp256);
  TROWEXPANDMAX(d17, s17, c17, tmp768);
  // expect@+2[a2a3]: error pto-rowexpand-tmp-size: tmp tile holds 512 B but TROWEXPANDMIN broadcasts 17 rows through tmp and needs 768 B on a2a3
  // expect-note@+1[a2a3]: help: declare tmp with at least 768 bytes, e.g. Tile<TileType::Vec, float, 1, 192>
  TROWEXPANDMIN(d17, s17, c17, tmp512);
}

// 255 rows take the most tmp, 32 groups of 8 rows; from 256 rows on the work is done in passes of 240 rows.
void tallTiles() {
  Tile<TileType::Vec, float, 256, 16, BLayout::RowMajor, 255, 16> d255, s255;
  Tile<TileType::Vec, float, 256, 1, BLayout::ColMajor, 255, 1> c255;
  Tile<TileType::Vec, float, 256, 16> d256, s256;
  Tile<TileType::Vec, float, 256, 1, BLayout::ColMajor> c256;
  Tile<TileType::Vec, float, 1, 2048> tmp8192;
  Tile<TileType::Vec, float, 1, 1920> tmp7680;
  Tile<TileType::Vec, float, 1, 1024> tmp4096;
  TROWEXPANDMIN(d255, s255, c255, tmp8192);
  TROWEXPANDMAX(d256, s256, c256, tmp7680);
  TROWEXPANDMIN(d255, s255, c255, tmp7680); // expect[a2a3]: error pto-rowexpand-tmp-size: tmp tile holds 7680 B but TROWEXPANDMIN broadcasts 255 rows through tmp and needs 8192 B on a2a3
  TROWEXPANDMAX(d256, s256, c256, tmp4096); // expect[a2a3]: error pto-rowexpand-tmp-size: tmp tile holds 4096 B but TROWEXPANDMAX broadcasts 256 rows through tmp and needs 7680 B on a2a3
}

using DynFull = Tile<TileType::Vec, float, 64, 16, BLayout::RowMajor, -1, -1>;
using DynCol = Tile<TileType::Vec, float, 64, 1, BLayout::ColMajor, -1, 1>;

// 512 B of tmp covers 16 rows; 17 rows need 256 * 3 = 768 B.
void unguardedRows(int rows) {
  if (rows <= 0 || rows > 64)
    return;
  DynFull d(rows, 16), s(rows, 16);
  DynCol c(rows);
  Tile<TileType::Vec, float, 1, 128> tmp;
  // expect@+3[a2a3]: warning pto-rowexpand-tmp-size: tmp tile holds 512 B but TROWEXPANDMIN broadcasts 17 rows through tmp and needs 768 B on a2a3
  // expect-note@+2[a2a3]: fails for example when rows = 17
  // expect-note@+1[a2a3]: assuming '!(rows <= 0 || rows > 64)' here
  TROWEXPANDMIN(d, s, c, tmp);
}

void guardedRows(int rows) {
  if (rows <= 0 || rows > 16)
    return;
  DynFull d(rows, 16), s(rows, 16);
  DynCol c(rows);
  Tile<TileType::Vec, float, 1, 128> tmp;
  TROWEXPANDMAX(d, s, c, tmp);
}
