// Executable reference model of TCOLARGMIN / TCOLARGMAX per target: preconditions, A2A3 tmp trace and results.
#ifndef PTO_REF_COLARG_HPP
#define PTO_REF_COLARG_HPP

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "pto/ref/Elem.hpp"
#include "pto/ref/Float16Bits.hpp"

// A bare § reference points into shared/reference/pto-ops-facts.md, like the spelled-out ones.

namespace pto {
namespace ref {

/// Half-open byte interval [begin, end).
struct ByteRange {
  size_t begin, end;
};

inline bool operator==(const ByteRange &L, const ByteRange &R) { return L.begin == R.begin && L.end == R.end; }

enum class Severity { Error, Warning };

/// Where a precondition comes from in the target's implementation.
enum class CheckKind {
  Static,      ///< a static_assert: the call does not compile
  DebugAssert, ///< a PTO_ASSERT: checked only in _DEBUG builds, silently wrong otherwise (§1.1)
  Derived      ///< implied by the implementation's algorithm, checked nowhere upstream
};

struct Precondition {
  std::string id;      ///< the pto-lint rule id, e.g. "pto-colargmin-valid-nonzero"
  std::string message; ///< "<found> but <required>", lowercase, no final period
  Severity severity = Severity::Error;
  CheckKind kind = CheckKind::Static;
};

/// pto-tile-valid-bounds: a valid region outside its tile. An empty region (no valid row or no valid column) reads
/// and writes nothing, whatever its other count (upstream's a5 TPARTMIN copies the other source, TPartBinOps.hpp
/// 97-108), so it is never outside; negative counts always are.
inline bool validRegionOutsideTile(int ValidRow, int ValidCol, int Rows, int Cols) {
  return ValidRow < 0 || ValidCol < 0 || (ValidRow != 0 && ValidCol != 0 && (ValidRow > Rows || ValidCol > Cols));
}

/// Declared and valid shape of a destination tile.
struct TileShape {
  int rows, cols, validRow, validCol;
};

/// Location and layout of a destination tile, as far as the preconditions look at them.
struct TileKind {
  bool vec = true;      ///< TileType::Vec
  bool rowMajor = true; ///< BLayout::RowMajor
  bool boxed = false;   ///< SLayout other than NoneBox
};

/// One TCOLARGMIN / TCOLARGMAX call as the model sees it.
struct ColArgConfig {
  Target target;
  bool isMax;
  bool withVal;  ///< 4-operand (dstVal, dstIdx, src, tmp) form
  Elem src, idx; ///< dstVal and tmp have src's type unless valElem / tmpElem say otherwise
  int srcRows, srcCols;
  bool srcRowMajor;                               ///< false: DN (BLayout::ColMajor, NoneBox)
  int validRow, validCol;                         ///< src valid region
  int dstRows, dstCols, dstValidRow, dstValidCol; ///< dstIdx (and dstVal unless dstVal is set)
  size_t tmpBytes;                                ///< declared tmp capacity: Rows * Cols * elemSize(src)
  // Further facts; the defaults describe a legal call. The API header fills them from the tile types.
  bool srcBoxed = false;                          ///< src has a fractal (boxed) SLayout
  bool srcVec = true;                             ///< src is TileType::Vec
  TileKind dstIdxKind = {};                       ///< dstIdx location and layout
  TileKind dstValKind = {};                       ///< dstVal location and layout (4-operand form)
  std::optional<Elem> tmpElem = std::nullopt;     ///< tmp's element type when it is not src's
  std::optional<Elem> valElem = std::nullopt;     ///< dstVal's element type when it is not src's
  std::optional<TileShape> dstVal = std::nullopt; ///< dstVal's shape when it is not dstIdx's
};

/// tmp accesses of one call, as byte offsets from the tmp base.
struct AccessTrace {
  std::vector<ByteRange> tmpWrites, tmpReads;
};

/// Largest end of the ranges (0 when empty).
inline size_t extentBytes(const std::vector<ByteRange> &Ranges) {
  size_t End = 0;
  for (const ByteRange &R : Ranges)
    End = std::max(End, R.end);
  return End;
}

/// Byte sizes the execution may touch behind each pointer; accesses beyond them are dropped (reads yield 0).
struct ExecLimits {
  size_t srcBytes, dstValBytes, dstIdxBytes, tmpBytes;
};

namespace detail {

inline unsigned nonNegative(int V) { return V > 0 ? static_cast<unsigned>(V) : 0u; }

// ---------------------------------------------------------------------------------------------
// Scalar semantics on raw encodings (values are carried as the low bytes of a uint64_t).

inline double floatValue(Elem E, uint64_t Bits) {
  switch (E) {
  case Elem::F16:
    return halfBitsToFloat(static_cast<uint16_t>(Bits));
  case Elem::BF16:
    return bf16BitsToFloat(static_cast<uint16_t>(Bits));
  case Elem::F32:
    return bitsToFloat(static_cast<uint32_t>(Bits));
  case Elem::F64: {
    double D;
    std::memcpy(&D, &Bits, sizeof D);
    return D;
  }
  default:
    return 0.0;
  }
}

inline int64_t signedValue(uint64_t Bits, size_t Width) {
  const unsigned Shift = static_cast<unsigned>(64 - 8 * Width);
  return static_cast<int64_t>(Bits << Shift) >> Shift;
}

inline bool isNanBits(Elem E, uint64_t Bits) { return isFloatElem(E) && std::isnan(floatValue(E, Bits)); }

/// A < B in E's own ordering; false when either is NaN.
inline bool lessThan(Elem E, uint64_t A, uint64_t B) {
  if (isFloatElem(E))
    return floatValue(E, A) < floatValue(E, B);
  if (isSignedIntElem(E))
    return signedValue(A, elemSize(E)) < signedValue(B, elemSize(E));
  return A < B;
}

// ---------------------------------------------------------------------------------------------
// Bounds-checked byte regions.

struct Region {
  const uint8_t *read = nullptr;
  uint8_t *write = nullptr;
  size_t size = 0;

  uint64_t load(size_t Offset, size_t Width) const {
    if (!read || Offset > size || Width > size - Offset)
      return 0;
    switch (Width) {
    case 1:
      return read[Offset];
    case 2: {
      uint16_t V;
      std::memcpy(&V, read + Offset, 2);
      return V;
    }
    case 4: {
      uint32_t V;
      std::memcpy(&V, read + Offset, 4);
      return V;
    }
    case 8: {
      uint64_t V;
      std::memcpy(&V, read + Offset, 8);
      return V;
    }
    default:
      return 0;
    }
  }

  void store(size_t Offset, size_t Width, uint64_t Bits) {
    if (!write || Offset > size || Width > size - Offset)
      return;
    switch (Width) {
    case 1:
      write[Offset] = static_cast<uint8_t>(Bits);
      break;
    case 2: {
      const uint16_t V = static_cast<uint16_t>(Bits);
      std::memcpy(write + Offset, &V, 2);
      break;
    }
    case 4: {
      const uint32_t V = static_cast<uint32_t>(Bits);
      std::memcpy(write + Offset, &V, 4);
      break;
    }
    case 8:
      std::memcpy(write + Offset, &Bits, 8);
      break;
    default:
      break;
    }
  }
};

} // namespace detail

// -------------------------------------------------------------------------------------------------
// A2A3: the algorithm of npu/a2a3/TColReduceIdx.hpp as a program of vector steps (pto-ops-facts.md §2.1.1).
// The same step sequence drives the tmp trace and the execution, so a trace is what the execution touches.

namespace a2a3 {

enum class Space { Tmp, Src, DstIdx, DstVal };

enum class StepOp {
  Dup,         ///< dst[i] = 0                               (vector_dup)
  Copy,        ///< dst[i] = a[i]                            (pto_copy_ubuf_to_ubuf 256 B / vcopy)
  AddOne,      ///< dst[i] = a[i] + 1 as a Width-byte integer (vadds)
  Compare,     ///< mask[i] = a[i] <= b[i] (argmax: >=) in the compare type (vcmp_le / vcmp_ge)
  Select,      ///< dst[i] = mask[i] ? a[i] : b[i]           (vsel)
  MinMax,      ///< dst[i] = min(a[i], b[i]) (argmax: max)    (vmin / vmax)
  CvtS16ToF16, ///< dst[i] = half(int16 a[i]), ties away      (vconv_s162f16a)
  CvtF16ToS32  ///< dst[i] = int32(half a[i]), ties away      (vconv_f162s32a)
};

struct Operand {
  Space space;
  size_t byteOffset;
  unsigned width; ///< bytes per element
};

/// One vector instruction over Count consecutive elements of each operand.
struct Step {
  StepOp op;
  unsigned count;
  Operand dst, a, b;
};

inline bool readsA(StepOp Op) { return Op != StepOp::Dup; }
inline bool readsB(StepOp Op) { return Op == StepOp::Compare || Op == StepOp::Select || Op == StepOp::MinMax; }
inline bool writesDst(StepOp Op) { return Op != StepOp::Compare; }

/// Block geometry of one call (§2.1.1, §2.1.2 notation).
struct Geometry {
  unsigned s;             ///< element size of src (2 or 4)
  unsigned e;             ///< elements per 256-B repeat
  unsigned b;             ///< elements per 32-B block
  unsigned g;             ///< tmpGapElems: region stride inside tmp, in elements
  unsigned numFullBlocks; ///< validCol / E
  unsigned remainder;     ///< validCol % E, processed in counter mode
  bool indexInTmp;        ///< region 2 (selected index) lives in tmp: 16-bit src and 3-operand form only
};

inline bool supported(const ColArgConfig &Cfg) {
  const size_t S = elemSize(Cfg.src);
  return S == 2 || S == 4;
}

inline Geometry geometry(const ColArgConfig &Cfg) {
  Geometry Geo{};
  Geo.s = static_cast<unsigned>(elemSize(Cfg.src));
  Geo.e = 256 / Geo.s;
  Geo.b = 32 / Geo.s;
  const unsigned C = detail::nonNegative(Cfg.validCol);
  Geo.numFullBlocks = C / Geo.e;
  Geo.remainder = C % Geo.e;
  // §2.1.1 tmpGapElems: a whole repeat when there is a full block, else validCol rounded up to a block.
  Geo.g = Geo.numFullBlocks > 0 ? Geo.e : (C + Geo.b - 1) / Geo.b * Geo.b;
  Geo.indexInTmp = Geo.s == 2 && !Cfg.withVal; // §2.1.1 region 2
  return Geo;
}

/// Calls Visit(const Step&) for every vector step of the call, in program order.
/// Empty unless the source element is 2 or 4 bytes wide (the only widths the implementation has a path for).
template <class Fn> void forEachStep(const ColArgConfig &Cfg, Fn &&Visit) {
  if (!supported(Cfg))
    return;
  const Geometry Geo = geometry(Cfg);
  const unsigned S = Geo.s;
  // Row loop counter is a uint16_t in the implementation (§2.1.1): validRow is truncated to 16 bits.
  const unsigned RowLimit = detail::nonNegative(Cfg.validRow) & 0xFFFFu;
  const size_t RowStrideBytes = size_t(detail::nonNegative(Cfg.srcCols)) * S; // always TileDataIn::Cols (§2.1.4)

  const Operand Counter{Space::Tmp, 0, S};                 // region 0: row counter (int16 / int32)
  const Operand Running{Space::Tmp, size_t(Geo.g) * S, S}; // region 1: running min/max
  const Operand Unused{Space::Tmp, 0, 0};

  const unsigned NumBlocks = Geo.numFullBlocks + (Geo.remainder ? 1u : 0u);
  for (unsigned Blk = 0; Blk < NumBlocks; ++Blk) {
    const bool Full = Blk < Geo.numFullBlocks;
    const unsigned N = Full ? Geo.e : Geo.remainder; // counter mode processes exactly N elements (§1.7)
    const size_t ColBytes = size_t(Blk) * Geo.e * S;
    // Region 2 (16-bit, 3-op) or the index slots of this block in dstIdx (otherwise).
    const Operand Selected =
        Geo.indexInTmp ? Operand{Space::Tmp, size_t(2) * Geo.g * S, S} : Operand{Space::DstIdx, ColBytes, S};

    Visit(Step{StepOp::Dup, N, Counter, Unused, Unused});
    Visit(Step{StepOp::Dup, N, Selected, Unused, Unused});
    Visit(Step{StepOp::Copy, N, Running, Operand{Space::Src, ColBytes, S}, Unused});
    for (unsigned Row = 1; Row < RowLimit; ++Row) {
      const Operand SrcRow{Space::Src, Row * RowStrideBytes + ColBytes, S};
      Visit(Step{StepOp::AddOne, N, Counter, Counter, Unused});
      Visit(Step{StepOp::Compare, N, Unused, Running, SrcRow});
      Visit(Step{StepOp::Select, N, Selected, Selected, Counter});
      Visit(Step{StepOp::MinMax, N, Running, Running, SrcRow});
    }
    if (Geo.indexInTmp) {
      // int16 -> half in place, then half -> int32 into dstIdx (§2.1.1, §2.1.3).
      const Operand AsHalf{Space::Tmp, size_t(2) * Geo.g * S, 2};
      Visit(Step{StepOp::CvtS16ToF16, N, AsHalf, Selected, Unused});
      Visit(Step{StepOp::CvtF16ToS32, N, Operand{Space::DstIdx, size_t(Blk) * Geo.e * 4, 4}, AsHalf, Unused});
    }
    if (Cfg.withVal)
      Visit(Step{StepOp::Copy, N, Operand{Space::DstVal, ColBytes, S}, Running, Unused});
  }
}

/// Runs the step program over real memory.
class Machine {
public:
  Machine(const ColArgConfig &Cfg, detail::Region Src, detail::Region DstIdx, detail::Region DstVal, detail::Region Tmp)
      : IsMax(Cfg.isMax), CmpElem(elemSize(Cfg.src) == 2 ? Elem::F16 : Elem::F32) {
    Regions[size_t(Space::Tmp)] = Tmp;
    Regions[size_t(Space::Src)] = Src;
    Regions[size_t(Space::DstIdx)] = DstIdx;
    Regions[size_t(Space::DstVal)] = DstVal;
  }

  void operator()(const Step &St) {
    // Every operand is read in full before anything is written, as a vector unit does.
    std::array<uint64_t, 128> A{}, B{};
    const unsigned N = std::min<unsigned>(St.count, 128);
    for (unsigned I = 0; I < N; ++I) {
      if (readsA(St.op))
        A[I] = load(St.a, I);
      if (readsB(St.op))
        B[I] = load(St.b, I);
    }
    for (unsigned I = 0; I < N; ++I) {
      uint64_t Out = 0;
      switch (St.op) {
      case StepOp::Dup:
        Out = 0;
        break;
      case StepOp::Copy:
        Out = A[I];
        break;
      case StepOp::AddOne:
        Out = A[I] + 1; // wraps at the operand width on store
        break;
      case StepOp::Compare:
        Mask[I] = compare(A[I], B[I]);
        continue;
      case StepOp::Select:
        Out = Mask[I] ? A[I] : B[I];
        break;
      case StepOp::MinMax:
        Out = minMax(A[I], B[I]);
        break;
      case StepOp::CvtS16ToF16:
        // pto-ops-facts.md §2.1.3: exact up to 2048, beyond that round to nearest with ties away from zero.
        Out = intToHalfBits(static_cast<int16_t>(A[I]), RoundMode::NearestAway);
        break;
      case StepOp::CvtF16ToS32:
        Out = static_cast<uint32_t>(halfBitsToInt(static_cast<uint16_t>(A[I]), RoundMode::NearestAway));
        break;
      }
      store(St.dst, I, Out);
    }
  }

private:
  uint64_t load(const Operand &Op, unsigned I) const {
    return Regions[size_t(Op.space)].load(Op.byteOffset + size_t(I) * Op.width, Op.width);
  }
  void store(const Operand &Op, unsigned I, uint64_t Bits) {
    Regions[size_t(Op.space)].store(Op.byteOffset + size_t(I) * Op.width, Op.width, Bits);
  }

  // pto-ops-facts.md §2.1.1, §2.1.3, §11: vcmp_le(cur, new) (argmax: vcmp_ge) in half/float, also for u16/u32
  // sources whose bits are reinterpreted. Equal keeps the old index (ties -> first row); any NaN makes the
  // comparison false, so the new row's index is selected.
  bool compare(uint64_t Cur, uint64_t New) const {
    const double C = detail::floatValue(CmpElem, Cur), V = detail::floatValue(CmpElem, New);
    return IsMax ? C >= V : C <= V;
  }

  // vmin/vmax on the running value. Inferred (pto-ops-facts.md §2.1.3, §11; the hardware NaN rule is not
  // stated upstream): NaN propagates, so once a NaN is seen every later row also takes the index. Equal values
  // keep the running one.
  uint64_t minMax(uint64_t Cur, uint64_t New) const {
    if (detail::isNanBits(CmpElem, Cur))
      return Cur;
    if (detail::isNanBits(CmpElem, New))
      return New;
    const bool TakeNew = IsMax ? detail::lessThan(CmpElem, Cur, New) : detail::lessThan(CmpElem, New, Cur);
    return TakeNew ? New : Cur;
  }

  bool IsMax;
  Elem CmpElem;
  std::array<detail::Region, 4> Regions;
  std::array<bool, 128> Mask{};
};

} // namespace a2a3

// -------------------------------------------------------------------------------------------------
// Public API.

/// Simulated tmp accesses of the A2A3 implementation (§2.1.1); empty on a5 and cpu, which ignore tmp (§2.2, §2.3).
inline AccessTrace colArgTmpTrace(const ColArgConfig &Cfg) {
  AccessTrace Trace;
  if (Cfg.target != Target::A2A3)
    return Trace;
  auto Record = [](std::vector<ByteRange> &To, const a2a3::Operand &Op, unsigned Count) {
    if (Op.space == a2a3::Space::Tmp && Count > 0)
      To.push_back(ByteRange{Op.byteOffset, Op.byteOffset + size_t(Count) * Op.width});
  };
  a2a3::forEachStep(Cfg, [&](const a2a3::Step &St) {
    if (a2a3::readsA(St.op))
      Record(Trace.tmpReads, St.a, St.count);
    if (a2a3::readsB(St.op))
      Record(Trace.tmpReads, St.b, St.count);
    if (a2a3::writesDst(St.op))
      Record(Trace.tmpWrites, St.dst, St.count);
  });
  return Trace;
}

/// Bytes of tmp the A2A3 implementation touches: the extent of the simulated trace, without storing it.
inline size_t colArgTmpExtent(const ColArgConfig &Cfg) {
  if (Cfg.target != Target::A2A3)
    return 0;
  size_t End = 0;
  auto Touch = [&](const a2a3::Operand &Op, unsigned Count) {
    if (Op.space == a2a3::Space::Tmp && Count > 0)
      End = std::max(End, Op.byteOffset + size_t(Count) * Op.width);
  };
  a2a3::forEachStep(Cfg, [&](const a2a3::Step &St) {
    if (a2a3::readsA(St.op))
      Touch(St.a, St.count);
    if (a2a3::readsB(St.op))
      Touch(St.b, St.count);
    if (a2a3::writesDst(St.op))
      Touch(St.dst, St.count);
  });
  return End;
}

/// What the target's implementation requires of the call (static_asserts, debug-only PTO_ASSERTs and
/// limits implied by the algorithm). Empty for a legal call.
inline std::vector<Precondition> colArgPreconditions(const ColArgConfig &Cfg) {
  std::vector<Precondition> Out;
  const std::string Op = Cfg.isMax ? "TCOLARGMAX" : "TCOLARGMIN";
  const std::string OpForm = Cfg.withVal ? "the value+index " + Op : Op;
  const std::string On = std::string(" on ") + targetName(Cfg.target);
  const std::string SrcName = elemName(Cfg.src), IdxName = elemName(Cfg.idx);
  const size_t S = elemSize(Cfg.src);
  const bool Npu = Cfg.target != Target::CPU;
  auto Add = [&](const char *Id, std::string Msg, Severity Sev, CheckKind Kind) {
    Out.push_back(Precondition{Id, std::move(Msg), Sev, Kind});
  };
  auto Shape = [](int R, int C) { return std::to_string(R) + "x" + std::to_string(C); };

  // Source element type.
  bool SrcOk = true;
  std::string SrcAllowed;
  switch (Cfg.target) {
  case Target::A2A3: // §2.1 static 26-29
    SrcOk = Cfg.src == Elem::F16 || Cfg.src == Elem::U16 || Cfg.src == Elem::F32 || Cfg.src == Elem::U32;
    SrcAllowed = "f16, u16, f32 or u32";
    break;
  case Target::A5: // §2.2 static 65-68; value+index excludes 8-bit (86)
    SrcOk = (S == 1 || S == 2 || S == 4) && !(Cfg.withVal && S == 1);
    SrcAllowed = Cfg.withVal ? "a 16- or 32-bit type" : "an 8-, 16- or 32-bit type";
    break;
  case Target::CPU: // §2.3 static 47-49: integral, half, bfloat16_t or float
    SrcOk = Cfg.src != Elem::F64;
    SrcAllowed = "an integer, f16, bf16 or f32 type";
    break;
  }
  if (!SrcOk)
    Add("pto-colargmin-src-dtype", "src element type is " + SrcName + " but " + OpForm + On + " requires " + SrcAllowed,
        Severity::Error, CheckKind::Static);

  // Index element type.
  const bool Idx32 = Cfg.idx == Elem::I32 || Cfg.idx == Elem::U32;
  const bool Idx16 = Cfg.idx == Elem::I16 || Cfg.idx == Elem::U16;
  bool IdxOk = Idx32;
  std::string IdxAllowed = "i32 or u32";
  if (Npu && Cfg.withVal && S == 2) { // §2.1 static 73-77, §2.2 static 105-109
    IdxOk = Idx16;
    IdxAllowed = "i16 or u16 for a 16-bit src";
  }
  if (!IdxOk)
    Add("pto-colargmin-idx-dtype",
        "dstIdx element type is " + IdxName + " but " + OpForm + On + " requires " + IdxAllowed, Severity::Error,
        CheckKind::Static);

  // Other element types: dstVal always (§2.1 static 59-61, §2.2 92-94, §2.3 90-92), tmp on a2a3 only (§2.1 42-44).
  if (Cfg.withVal && Cfg.valElem && *Cfg.valElem != Cfg.src)
    Add("pto-colargmin-val-dtype",
        std::string("dstVal element type is ") + elemName(*Cfg.valElem) + " but " + OpForm + On +
            " requires the src type " + SrcName,
        Severity::Error, CheckKind::Static);
  if (Cfg.target == Target::A2A3 && Cfg.tmpElem && *Cfg.tmpElem != Cfg.src)
    Add("pto-colargmin-tmp-dtype",
        std::string("tmp element type is ") + elemName(*Cfg.tmpElem) + " but " + OpForm + On +
            " requires the src type " + SrcName,
        Severity::Error, CheckKind::Static);

  // Tile locations (§2.1 static 32, 36, 54; §2.2 70, 72, 87; §2.3 54-56, 94-95). tmp's is never checked.
  if (!Cfg.srcVec || !Cfg.dstIdxKind.vec || (Cfg.withVal && !Cfg.dstValKind.vec))
    Add("pto-colargmin-tile-loc",
        std::string(!Cfg.srcVec           ? "src"
                    : !Cfg.dstIdxKind.vec ? "dstIdx"
                                          : "dstVal") +
            " is not a Vec tile but " + OpForm + On + " requires Vec tiles",
        Severity::Error, CheckKind::Static);

  // Destination layouts: ND (§2.1 static 37-39, 56-58; §2.2 76-78, 89-91; §2.3 64-66). The cpu value+index
  // form goes through the row-reduction checker, which only requires a NoneBox dstIdx (§2.3 77).
  auto IsNd = [](const TileKind &K) { return K.rowMajor && !K.boxed; };
  const bool CpuValueIndex = Cfg.target == Target::CPU && Cfg.withVal;
  const bool DstIdxOk = CpuValueIndex ? !Cfg.dstIdxKind.boxed : IsNd(Cfg.dstIdxKind);
  const bool DstValOk = !Cfg.withVal || CpuValueIndex || IsNd(Cfg.dstValKind);
  if (!DstIdxOk || !DstValOk)
    Add("pto-colargmin-dst-layout",
        std::string(!DstIdxOk ? (Cfg.withVal ? "dstIdx" : "dst") : "dstVal") + " is not a row-major NoneBox tile but " +
            OpForm + On + (CpuValueIndex ? " requires a NoneBox dstIdx" : " requires ND destinations"),
        Severity::Error, CheckKind::Static);

  // Source layout.
  if (Cfg.srcBoxed) // §2.1 static 33, §2.2 static 74, §2.3 static 63
    Add("pto-colargmin-src-nonebox",
        "src tile has a boxed (fractal) layout but " + OpForm + On + " requires a NoneBox src", Severity::Error,
        CheckKind::Static);
  else if (!Cfg.srcRowMajor && CpuValueIndex) // §2.3: row-arg checker, static 78-80
    Add("pto-colargmin-src-layout",
        "src tile is column-major (DN) but " + OpForm + On + " requires a row-major (ND) src", Severity::Error,
        CheckKind::Static);
  else if (!Cfg.srcRowMajor && Npu) // §2.1.4, §2.2: accepted, then addressed as row-major
    Add("pto-colargmin-src-layout",
        "src tile is column-major (DN) but " + OpForm + On + " addresses src as row-major (ND), giving wrong results",
        Severity::Warning, CheckKind::Derived);

  // Valid shapes. On cpu the value+index form checks none of these (§2.3); they remain the op's contract.
  const CheckKind ShapeKind = (Cfg.target == Target::CPU && Cfg.withVal) ? CheckKind::Derived : CheckKind::DebugAssert;
  if (Cfg.validRow <= 0 || Cfg.validCol <= 0) // §2.1 47-48, §2.2 80-81, §2.3 68
    Add("pto-colargmin-valid-nonzero",
        "src valid shape is " + Shape(Cfg.validRow, Cfg.validCol) + " but " + OpForm + On +
            " requires at least one valid row and column",
        Severity::Error, ShapeKind);
  // §1.2: valid dims must lie within the declared shape; constructors never check this and SetValid* only in debug.
  if (validRegionOutsideTile(Cfg.validRow, Cfg.validCol, Cfg.srcRows, Cfg.srcCols))
    Add("pto-tile-valid-bounds",
        "src valid shape is " + Shape(Cfg.validRow, Cfg.validCol) + " but the src tile is declared " +
            Shape(Cfg.srcRows, Cfg.srcCols),
        Severity::Error, CheckKind::Derived);
  auto CheckDst = [&](const std::string &Name, const TileShape &D) {
    if (D.validRow != 1) // §2.1 49 (dstVal: 64), §2.2 82 (96-103), §2.3 69
      Add("pto-colargmin-dst-validrow",
          Name + " validRow is " + std::to_string(D.validRow) + " but " + OpForm + On + " requires 1", Severity::Error,
          ShapeKind);
    if (D.validCol != Cfg.validCol) // §2.1 50 (dstVal: 66-67), §2.2 83 (96-103), §2.3 70
      Add("pto-colargmin-dst-validcol",
          Name + " validCol is " + std::to_string(D.validCol) + " but " + OpForm + On + " requires the src validCol " +
              std::to_string(Cfg.validCol),
          Severity::Error, ShapeKind);
    if (validRegionOutsideTile(D.validRow, D.validCol, D.rows, D.cols))
      Add("pto-tile-valid-bounds",
          Name + " valid shape is " + Shape(D.validRow, D.validCol) + " but the " + Name + " tile is declared " +
              Shape(D.rows, D.cols),
          Severity::Error, CheckKind::Derived);
  };
  CheckDst(Cfg.withVal ? "dstIdx" : "dst", TileShape{Cfg.dstRows, Cfg.dstCols, Cfg.dstValidRow, Cfg.dstValidCol});
  if (Cfg.withVal && Cfg.dstVal)
    CheckDst("dstVal", *Cfg.dstVal);

  if (Cfg.target == Target::A2A3 && a2a3::supported(Cfg)) {
    // pto-ops-facts.md §2.1.2: the implementation writes past a small tmp tile (no check upstream).
    const size_t Need = colArgTmpExtent(Cfg);
    if (Cfg.tmpBytes < Need)
      Add("pto-colargmin-tmp-size",
          "tmp tile holds " + std::to_string(Cfg.tmpBytes) + " B but " + OpForm + " on a " +
              Shape(Cfg.validRow, Cfg.validCol) + " " + SrcName + " source needs " + std::to_string(Need) + " B" + On,
          Severity::Error, CheckKind::Derived);
    // pto-ops-facts.md §2.1.3: row indices pass through half in the 16-bit 3-operand path.
    if (S == 2 && !Cfg.withVal && Cfg.validRow > 2049)
      Add("pto-colargmin-index-exact",
          "src validRow is " + std::to_string(Cfg.validRow) + " but " + OpForm + On +
              " returns exact row indices for a 16-bit src only up to validRow 2049",
          Severity::Warning, CheckKind::Derived);
  }
  return Out;
}

/// Runs the call on raw tile storage. src is read with cfg's declared shape and layout; dstIdx/dstVal are
/// row-major. Only the valid region of the destinations is written. tmp is used (and clobbered) on A2A3 only.
/// Accesses beyond Limits are dropped, so a bad configuration never touches memory outside the buffers.
template <class T, class I>
void colArgExecute(const ColArgConfig &Cfg, const T *Src, T *DstVal, I *DstIdx, uint8_t *Tmp,
                   const ExecLimits &Limits) {
  static_assert(sizeof(I) <= 8 && sizeof(T) <= 8, "tile elements of the model are at most 8 bytes");
  using detail::Region;
  const size_t S = elemSize(Cfg.src);
  if (sizeof(T) != S)
    return; // the storage type does not match the configuration
  Region SrcR{reinterpret_cast<const uint8_t *>(Src), nullptr, Src ? Limits.srcBytes : 0};
  Region IdxR{reinterpret_cast<const uint8_t *>(DstIdx), reinterpret_cast<uint8_t *>(DstIdx),
              DstIdx ? Limits.dstIdxBytes : 0};
  Region ValR{reinterpret_cast<const uint8_t *>(DstVal), reinterpret_cast<uint8_t *>(DstVal),
              (DstVal && Cfg.withVal) ? Limits.dstValBytes : 0};
  Region TmpR{Tmp, Tmp, Tmp ? Limits.tmpBytes : 0};

  if (Cfg.target == Target::A2A3) {
    a2a3::forEachStep(Cfg, a2a3::Machine(Cfg, SrcR, IdxR, ValR, TmpR));
    return;
  }

  // a5 (pto-ops-facts.md §2.2) and cpu (§2.3, cpu-sim-semantics.md §2 item 3): strict comparison in the
  // element's own ordering, so ties keep the first row and a NaN never replaces the running best after row 0
  // (a NaN in row 0 stays). tmp is ignored. Inferred for a5: its running value is updated with vmin/vmax;
  // the model keeps the selected element, which differs only if a later NaN row is propagated by vmin.
  const unsigned R = detail::nonNegative(Cfg.validRow);
  const unsigned C = detail::nonNegative(Cfg.validCol);
  const size_t Rows = detail::nonNegative(Cfg.srcRows), Cols = detail::nonNegative(Cfg.srcCols);
  // The cpu simulator addresses DN tiles correctly; a5 always uses row * Cols + col (§2.1.4, §2.2).
  const bool ColMajorAddressing = Cfg.target == Target::CPU && !Cfg.srcRowMajor;
  auto SrcAt = [&](size_t Row, size_t Col) {
    const size_t Elt = ColMajorAddressing ? Row + Col * Rows : Row * Cols + Col;
    return SrcR.load(Elt * S, S);
  };
  for (size_t Col = 0; Col < C; ++Col) {
    // With validRow == 0 row 0 is still read and index 0 written (§2.1; cpu likewise seeds from row 0).
    uint64_t Best = SrcAt(0, Col);
    size_t BestRow = 0;
    for (size_t Row = 1; Row < R; ++Row) {
      const uint64_t V = SrcAt(Row, Col);
      if (Cfg.isMax ? detail::lessThan(Cfg.src, Best, V) : detail::lessThan(Cfg.src, V, Best)) {
        Best = V;
        BestRow = Row;
      }
    }
    const I Index = static_cast<I>(BestRow);
    uint64_t IndexBits = 0;
    std::memcpy(&IndexBits, &Index, sizeof(I));
    IdxR.store(Col * sizeof(I), sizeof(I), IndexBits);
    if (Cfg.withVal)
      ValR.store(Col * S, S, Best);
  }
}

/// colArgExecute with the limits implied by the declared tile shapes and cfg.tmpBytes.
template <class T, class I>
void colArgExecute(const ColArgConfig &Cfg, const T *Src, T *DstVal, I *DstIdx, uint8_t *Tmp) {
  const size_t S = elemSize(Cfg.src);
  auto Elems = [](int Rows, int Cols) { return size_t(detail::nonNegative(Rows)) * detail::nonNegative(Cols); };
  const size_t IdxElems = Elems(Cfg.dstRows, Cfg.dstCols);
  const size_t ValElems = Cfg.dstVal ? Elems(Cfg.dstVal->rows, Cfg.dstVal->cols) : IdxElems;
  const ExecLimits Limits{Elems(Cfg.srcRows, Cfg.srcCols) * S, ValElems * S, IdxElems * sizeof(I), Cfg.tmpBytes};
  colArgExecute(Cfg, Src, DstVal, DstIdx, Tmp, Limits);
}

} // namespace ref
} // namespace pto

#endif // PTO_REF_COLARG_HPP
