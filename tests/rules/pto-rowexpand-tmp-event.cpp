// Fixture for pto-rowexpand-tmp-event: an event passed in the tmp position of TROWEXPANDMIN/TROWEXPANDMAX.
#include <pto/pto-inst.hpp>

using namespace pto;

// TROWEXPANDMIN(dst, src0, src1, event) selects the 4-operand overload and binds the event as tmp: a5 and cpu
// ignore tmp, so the event is never waited on; a2a3 takes tmp's address and does not compile.
using Full = Tile<TileType::Vec, float, 16, 64>;
using Col = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor>;
using Blk = Tile<TileType::Vec, float, 16, 8>;
using Tmp = Tile<TileType::Vec, float, 1, 128>; // 256 * ceil(16 / 8) = 512 B for a2a3

void eventsAfterTheOperands() {
  Full d, s;
  Col c;
  Blk b;
  Tmp tmp;
  Event<Op::TLOAD, Op::TROWEXPANDMIN> loaded;
  Event<Op::TLOAD, Op::TROWEXPANDMAX> loaded2;
  TROWEXPANDMIN(d, s, c);
  TROWEXPANDMAX(d, s, b);
  TROWEXPANDMIN(d, s, c, tmp, loaded);
  TROWEXPANDMAX(d, c, s, tmp, loaded2, loaded);
  TSYNC(loaded);
  TROWEXPANDMIN(d, s, b);
}

void eventInTmpPosition() {
  Full d, s;
  Col c;
  Event<Op::TLOAD, Op::TROWEXPANDMIN> loaded;
  Event<Op::TLOAD, Op::TROWEXPANDMAX> loaded2;
  // expect@+4[a2a3]: error pto-rowexpand-tmp-event: 'loaded' is an event but TROWEXPANDMIN binds it as the tmp tile on a2a3, where the call does not compile
  // expect@+3[a5,cpu]: error pto-rowexpand-tmp-event: 'loaded' is an event but TROWEXPANDMIN binds it as the tmp tile on
  // expect-note@+2[a5,cpu]: the 4-operand overload has no check that tmp is a tile
  // expect-note@+1[a2a3,a5,cpu]: help: wait on 'loaded' before the call (TSYNC(loaded)), or pass it after a tmp tile: TROWEXPANDMIN(dst, src0, src1, tmp, loaded)
  TROWEXPANDMIN(d, s, c, loaded);
  // Only the first event lands in tmp's place; the second one is waited on.
  TROWEXPANDMAX(d, c, s, loaded2, loaded); // expect[a2a3,a5,cpu]: error pto-rowexpand-tmp-event: 'loaded2' is an event but TROWEXPANDMAX binds it as the tmp tile on
}

using DynFull = Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, -1, -1>;
using DynCol = Tile<TileType::Vec, float, 16, 1, BLayout::ColMajor, -1, 1>;

void dynamicShapes(int rows, int cols) {
  if (rows <= 0 || rows > 16 || cols <= 1 || cols > 64)
    return;
  DynFull d(rows, cols), s(rows, cols);
  DynCol c(rows);
  Tmp tmp;
  Event<Op::TLOAD, Op::TROWEXPANDMIN> loaded;
  TROWEXPANDMIN(d, s, c, tmp, loaded);
  TROWEXPANDMIN(d, s, c, loaded); // expect[a2a3,a5,cpu]: error pto-rowexpand-tmp-event: 'loaded' is an event but TROWEXPANDMIN binds it as the tmp tile on
}
