// Fixture for pto-colargmin-index-exact: on a2a3 the index-only form of a 16-bit source is exact up to 2049 valid rows.
#include <pto/pto-inst.hpp>

using namespace pto;

// 16 half columns: a2a3 tmp need is 2 * (2 * 16 + 16) = 96 B index-only, 2 * (16 + 16) = 64 B value+index.
using SrcH2049 = Tile<TileType::Vec, half, 2049, 16>;
using SrcH2050 = Tile<TileType::Vec, half, 2050, 16>;
using SrcU4096 = Tile<TileType::Vec, uint16_t, 4096, 16>;
using SrcF4096 = Tile<TileType::Vec, float, 4096, 16>;
using Idx = Tile<TileType::Vec, int32_t, 1, 16>;
using IdxI16 = Tile<TileType::Vec, int16_t, 1, 16>;
using ValH = Tile<TileType::Vec, half, 1, 16>;
using TmpH = Tile<TileType::Vec, half, 1, 64>;       // 128 B
using TmpU16 = Tile<TileType::Vec, uint16_t, 1, 64>; // 128 B
using TmpF = Tile<TileType::Vec, float, 1, 32>;      // 128 B: a2a3 needs 4 * (16 + 16) B for 16 float columns
using DynSrcH = Tile<TileType::Vec, half, 4096, 16, BLayout::RowMajor, -1, -1>;

void legalStatic() {
  SrcH2049 src;
  SrcF4096 srcF;
  Idx dst;
  TmpH tmp;
  TmpF tmpF;
  TCOLARGMIN(dst, src, tmp);
  TCOLARGMAX(dst, src, tmp);
  // 32-bit sources count rows in int32: exact.
  TCOLARGMIN(dst, srcF, tmpF);
  // Only 2049 of 4096 rows valid.
  Tile<TileType::Vec, half, 4096, 16, BLayout::RowMajor, 2049, 16> tall;
  TCOLARGMAX(dst, tall, tmp);
}

void staticTooManyRows() {
  SrcH2050 src;
  SrcU4096 srcU;
  Idx dst;
  TmpH tmp;
  TmpU16 tmpU;
  // expect@+1[a2a3]: warning pto-colargmin-index-exact: TCOLARGMIN on a half source with 2050 valid rows returns rounded row indices on a2a3
  TCOLARGMIN(dst, src, tmp);
  // expect@+2[a2a3]: warning pto-colargmin-index-exact: TCOLARGMAX on a uint16_t source with 4096 valid rows returns rounded row indices on a2a3
  // expect-note@+1[a2a3]: row indices pass through half precision, which is exact only up to 2048
  TCOLARGMAX(dst, srcU, tmpU);
}

// The value+index form keeps int16 indices and is exact; the rule does not apply. (The CPU simulator wants
// 32-bit indices in that form, so cpu reports the index type.)
void valueForm() {
  Tile<TileType::Vec, half, 4096, 16> src;
  IdxI16 dst;
  ValH val;
  TmpH tmp;
  TCOLARGMIN(val, dst, src, tmp); // expect[cpu]: error pto-colargmin-idx-dtype: dstIdx has element type int16_t but TCOLARGMIN writes int32_t/uint32_t indices on cpu
}

void dynamicConstants() {
  DynSrcH ok(2049, 16);
  DynSrcH big(3000, 16);
  Idx dst;
  TmpH tmp;
  TCOLARGMIN(dst, ok, tmp);
  TCOLARGMIN(dst, big, tmp); // expect[a2a3]: warning pto-colargmin-index-exact: TCOLARGMIN on a half source with 3000 valid rows returns rounded row indices on a2a3
}

void unguardedParams(int rows) {
  if (rows < 1 || rows > 4096)
    return;
  DynSrcH src(rows, 16);
  Idx dst;
  TmpH tmp;
  // expect@+2[a2a3]: warning pto-colargmin-index-exact: TCOLARGMAX on a half source with 2050 valid rows returns rounded row indices on a2a3
  // expect-note@+1[a2a3]: fails for example when rows = 2050
  TCOLARGMAX(dst, src, tmp);
}

void guardedParams(int rows) {
  if (rows < 1 || rows > 4096)
    return;
  if (rows > 2049)
    return;
  DynSrcH src(rows, 16);
  Idx dst;
  TmpH tmp;
  TCOLARGMAX(dst, src, tmp);
}
