// z3model: evaluates SMT-LIB2 Int/Bool terms whose constants all have known values, without Z3.
#ifndef PTOLINT_Z3MODEL_GROUND_H
#define PTOLINT_Z3MODEL_GROUND_H

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "term/Term.h"

namespace pto::z3model {

/// The prelude's `define-fun` macros, and a convenience evaluator over them. The fragment the rules use:
/// Int literals, true/false, + - * div mod abs, comparisons, and or not => xor ite distinct, and the macros.
/// Anything else, overflow beyond 64 bits, or division by zero makes a term "not ground": the caller falls back
/// to Z3. The evaluation itself is Program's (below); this class only holds what a Program is built from.
class GroundEvaluator {
public:
  /// Loads `(define-fun ...)` macros; returns false on a form it cannot read.
  bool loadPrelude(const std::string &Prelude);
  /// The macros, for reading terms (term::parse) that apply them. Null before loadPrelude succeeds.
  const term::Prelude *prelude() const { return Macros.get(); }
  /// Value of a constant. Bool values are 0/1.
  void set(const std::string &Name, int64_t V) { Values[Name] = V; }
  /// Defines Name by a term evaluated lazily.
  void define(const std::string &Name, const std::string &Term) { Defs[Name] = Term; }
  /// The Int (or Bool as 0/1) value of a term's text, or nullopt if it is not ground here (tests and fuzzers).
  std::optional<int64_t> eval(const std::string &Term) const;

private:
  friend class Program;
  std::shared_ptr<const term::Prelude> Macros;
  std::map<std::string, int64_t> Values;
  std::map<std::string, std::string> Defs;
};

/// A closed integer interval [lo, hi]; Bool values are 0/1, so [0, 1] is "unknown truth value". With `sym` set
/// the value is moreover exactly `sym + off`, where `sym` is a tag the caller gave a free constant (setRange):
/// two values of the same symbol compare exactly (`n` = `n`, `n` < `n + 1`), which intervals alone cannot.
struct Interval {
  int64_t lo = 0, hi = 0;
  int sym = -1;
  int64_t off = 0;
  bool point() const { return lo == hi; }
  bool definitelyTrue() const { return lo > 0 || hi < 0; }
  bool definitelyFalse() const { return lo == 0 && hi == 0; }
};

/// Evaluates terms of GroundEvaluator's fragment, compiled for repeated evaluation: constants are slots,
/// prelude macros are inlined, definitions are computed once per evaluation. Used for every ground query and
/// for small-domain enumeration, where one query is evaluated at many points.
class Program {
public:
  explicit Program(const GroundEvaluator &Prelude) : Macros(Prelude.Macros.get()) {}
  /// The slot of a constant (made on first use).
  int slot(const std::string &Name);
  /// Defines a constant by a term over other constants.
  void define(const std::string &Name, const term::Term &T);
  /// Compiles a term; evaluation of a term outside the fragment gives nullopt.
  int compile(const term::Term &T);
  /// Starts a new evaluation: forgets every value set or computed.
  void reset() { ++Epoch; }
  void set(int Slot, int64_t V);
  std::optional<int64_t> eval(int Term);
  /// The value of a constant now: set, or computed from its definition; nullopt if neither.
  std::optional<int64_t> value(int Slot);
  /// Interval evaluation: a constant may hold a range instead of a value (`setRange`); `range` returns an
  /// interval containing every value the term takes when each constant takes any value in its range, or
  /// nullopt when it cannot bound it (a constant with neither value nor range, overflow, a division whose
  /// divisor may be 0, a form outside the fragment). Sound, not exact: a comparison of overlapping ranges is
  /// [0, 1]. On points it agrees with `eval`.
  void setRange(int Slot, int64_t Lo, int64_t Hi, int Sym = -1, int64_t Off = 0);
  std::optional<Interval> range(int Term);
  std::optional<Interval> rangeOf(int Slot);
  /// Every constant a compiled term or definition mentions, by name (macros are inlined, not listed).
  const std::map<std::string, int> &slots() const { return Slots; }
  /// The value of a term that names no constant, as `Program P(...); P.eval(P.compile(T))` gives it, without
  /// building the program (the solver's test of a ground property, once per check).
  static std::optional<int64_t> evalClosed(const term::Prelude *Macros, const term::Term &T);

private:
  /// ModBig: `(mod x M)` with a literal M past 64 bits (the 2^64 of unsigned 64-bit wrap-around), its k an index
  /// into Bigs: x itself when x >= 0, x + M when that fits.
  enum class Op : uint8_t { Const, Slot, Fail, And, Or, Implies, Ite, Not, Xor, Add, Mul, Sub, Div, Mod, ModBig, Abs,
                            Lt, Le, Gt, Ge, Eq, Distinct, Other };
  struct Node {
    Op op;
    int64_t k = 0;          // Const value; Slot index
    std::vector<int> kids;
  };
  struct Cell {
    int64_t v = 0;
    unsigned epoch = 0;     // v is valid when epoch == Program::Epoch
    bool busy = false;      // its definition is being evaluated (a cycle gives nullopt)
    int def = -1;           // compiled definition, or -1
    Interval r;             // range (set or computed), valid when rEpoch == Program::Epoch
    unsigned rEpoch = 0;
    bool rBusy = false;
  };
  const term::Prelude *Macros; // may be null: then no Call compiles
  std::vector<Node> Nodes;
  std::vector<unsigned __int128> Bigs; // ModBig's moduli
  std::vector<Cell> Cells;
  std::map<std::string, int> Slots;
  unsigned Epoch = 1;
  int node(Op O, int64_t K = 0, std::vector<int> Kids = {});
  int compileIn(const term::Term &T, const std::map<std::string, int> *Params, int Depth);
  std::optional<int64_t> ev(int N, int Depth);
  /// The node of a form with N arguments: Other for a form the evaluator does not know, or a wrong arity.
  static Op opOf(term::Op Form, size_t N);
  /// M of `(mod x M)` with a literal M past 64 bits (0: such a literal the evaluator cannot read); else nullopt.
  static std::optional<unsigned __int128> bigModulus(const term::Term &T);
  /// The value of an operation O on K arguments, Kid(I) giving the I-th (read lazily: `and`, `or`, `=>` and `ite`
  /// read only what decides them); Modulus is ModBig's.
  template <class KidValue>
  static std::optional<int64_t> apply(Op O, size_t K, const KidValue &Kid, unsigned __int128 Modulus);
  class Closed;
  std::optional<Interval> rv(int N, int Depth);
};

/// Sound bounds for the free constants of a query: every point satisfying the hypotheses given to `narrow`
/// lies in the box. Forms it does not read narrow nothing, which is sound.
struct Bounds {
  std::map<std::string, std::pair<int64_t, int64_t>> Range; // free constant -> [lo, hi]
  std::map<std::string, std::string> Alias;                 // constant defined as exactly another constant
  Program *Consts = nullptr; // evaluates the other side of a comparison (no free constant set there)

  /// Narrows by a hypothesis S that holds (Pos) or fails (!Pos).
  void narrow(const term::Term &S, bool Pos);

private:
  std::string resolve(std::string A) const;
};

} // namespace pto::z3model

#endif
