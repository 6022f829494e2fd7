// Fixture for pto-part-int64-cols: a 64-bit integer TPARTMIN/TPARTMAX on a5 has at most 64 valid columns.
// a2a3 and the cpu simulator reject 64-bit tiles altogether (pto-part-dtype), so every call here fails there.
#include <pto/pto-inst.hpp>

using namespace pto;

using I64x64 = Tile<TileType::Vec, int64_t, 4, 64>;    // 512 B rows
using I64x128 = Tile<TileType::Vec, int64_t, 4, 128>;  // 1024 B rows
using U64x128 = Tile<TileType::Vec, uint64_t, 4, 128, BLayout::RowMajor, 4, 100>;
using DynI64 = Tile<TileType::Vec, int64_t, 4, 128, BLayout::RowMajor, -1, -1>;

void legal() {
  I64x64 d, a, b;
  // expect@+2[a2a3]: error pto-part-dtype: dst has element type int64_t but TPARTMIN supports only
  // expect@+1[cpu]: error pto-part-dtype: src0 has element type int64_t but TPARTMIN supports only
  TPARTMIN(d, a, b);
  // 32-bit elements have no such limit.
  Tile<TileType::Vec, int32_t, 4, 128> w, x, y;
  TPARTMAX(w, x, y);
}

void staticWide() {
  I64x128 d, a, b;
  // expect@+3[a2a3]: error pto-part-dtype: dst has element type int64_t but TPARTMAX supports only
  // expect@+2[cpu]: error pto-part-dtype: src0 has element type int64_t but TPARTMAX supports only
  // expect@+1[a5]: warning pto-part-int64-cols: dst has 128 valid columns but TPARTMAX on int64_t tiles computes only the first 64 columns of each row on a5
  TPARTMAX(d, a, b);
  U64x128 ud, ua, ub;
  // expect@+3[a2a3]: error pto-part-dtype: dst has element type uint64_t but TPARTMIN supports only
  // expect@+2[cpu]: error pto-part-dtype: src0 has element type uint64_t but TPARTMIN supports only
  // expect@+1[a5]: warning pto-part-int64-cols: dst has 100 valid columns but TPARTMIN on uint64_t tiles computes only the first 64 columns of each row on a5
  TPARTMIN(ud, ua, ub);
}

// The tiles have 128 columns; only a guard against 64 keeps the call within the a5 limit.
void dynamicCols(unsigned c) {
  if (c > 128)
    return;
  DynI64 d(4, c), a(4, c), b(4, c);
  // expect@+4[a2a3]: error pto-part-dtype: dst has element type int64_t but
  // expect@+3[cpu]: error pto-part-dtype: src0 has element type int64_t but
  // expect@+2[a5]: warning pto-part-int64-cols: dst has 65 valid columns but TPARTMIN on int64_t tiles computes only the first 64 columns of each row on a5
  // expect-note@+1[a5]: fails for example when c = 65
  TPARTMIN(d, a, b);
  if (c > 64)
    return;
  // expect@+2[a2a3]: error pto-part-dtype: dst has element type int64_t but
  // expect@+1[cpu]: error pto-part-dtype: src0 has element type int64_t but
  TPARTMAX(d, a, b);
}
