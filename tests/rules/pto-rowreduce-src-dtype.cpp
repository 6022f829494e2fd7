// Fixture for pto-rowreduce-src-dtype: the source element type is one the target's row reduction supports.
#include <pto/pto-inst.hpp>

using namespace pto;

template <class T> using Src = Tile<TileType::Vec, T, 32, 64>;
template <class T> using Col = Tile<TileType::Vec, T, 32, 1, BLayout::ColMajor>;

template <class T> void reduce() {
  Src<T> src;
  Col<T> dst;
  Src<T> tmp;
  TROWMIN(dst, src, tmp);
}

void legal() {
  Src<float> src;
  Col<float> dst;
  Src<float> tmp;
  TROWMAX(dst, src, tmp);
  Src<half> hsrc;
  Col<half> hdst;
  Src<half> htmp;
  TROWMIN(hdst, hsrc, htmp);
  Src<int16_t> isrc;
  Col<int16_t> idst;
  Src<int16_t> itmp;
  TROWMAX(idst, isrc, itmp);
}

void bytes() {
  Src<int8_t> src;
  Col<int8_t> dst;
  Src<int8_t> tmp;
  TROWMIN(dst, src, tmp); // expect[a2a3]: error pto-rowreduce-src-dtype: src element type is int8_t but TROWMIN on a2a3 does not support it
}

void wide() {
  Src<uint64_t> src;
  Col<uint64_t> dst;
  Src<uint64_t> tmp;
  // expect-note@+1[a2a3]: help: use a supported element type (a2a3: half, float, int32_t, int16_t; a5: also int8_t, uint8_t, int64_t, uint64_t)
  TROWMAX(dst, src, tmp); // expect[a2a3]: error pto-rowreduce-src-dtype: src element type is uint64_t but TROWMAX on a2a3 does not support it
}

void brain() {
  Src<bfloat16_t> src;
  Col<bfloat16_t> dst;
  Src<bfloat16_t> tmp;
  TROWMAX(dst, src, tmp); // expect[a2a3,a5]: error pto-rowreduce-src-dtype: src element type is bfloat16_t but TROWMAX on
}

void halfWords() {
  Src<uint16_t> src;
  Col<uint16_t> dst;
  Src<uint16_t> tmp;
  TROWMIN(dst, src, tmp); // expect[a2a3,a5]: error pto-rowreduce-src-dtype: src element type is uint16_t but TROWMIN on
}
