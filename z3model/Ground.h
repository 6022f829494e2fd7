// z3model: evaluates SMT-LIB2 Int/Bool terms whose constants all have known values, without Z3.
#ifndef PTOLINT_Z3MODEL_GROUND_H
#define PTOLINT_Z3MODEL_GROUND_H

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pto::z3model {

/// A parsed SMT-LIB2 term.
struct Sexp {
  enum Kind { Atom, List } kind = Atom;
  std::string atom;
  std::vector<Sexp> items;
};

/// Parses a sequence of s-expressions; nullopt on a syntax error.
std::optional<std::vector<Sexp>> parseSexps(const std::string &Text);

/// Evaluator for the fragment the rules use: Int literals, true/false, + - * div mod abs, comparisons,
/// and or not => xor ite, and define-fun macros from a prelude. Anything else, overflow beyond 64 bits,
/// or division by zero makes a term "not ground": the caller falls back to Z3.
class GroundEvaluator {
public:
  /// Loads `(define-fun ...)` macros; returns false on a form it cannot read.
  bool loadPrelude(const std::string &Prelude);
  /// Value of a constant. Bool values are 0/1.
  void set(const std::string &Name, int64_t V) { Env[Name] = V; }
  /// Defines Name by a term evaluated lazily in the current environment.
  void define(const std::string &Name, const std::string &Term);
  /// The Int (or Bool as 0/1) value of Term, or nullopt if it is not ground here.
  std::optional<int64_t> eval(const std::string &Term);
  /// The value of a parsed term (see eval).
  std::optional<int64_t> evalTerm(const Sexp &Term) { return evalSexp(Term, nullptr, 0); }
  /// Forgets every value (set or computed from a definition) and starts from these.
  void resetValues(std::map<std::string, int64_t> Values) { Env = std::move(Values); }
  /// Values of every constant that could be evaluated (after eval calls), for counterexamples.
  const std::map<std::string, int64_t> &values() const { return Env; }

private:
  struct Macro {
    std::vector<std::string> params;
    Sexp body;
  };
  std::map<std::string, Macro> Macros;
  std::map<std::string, int64_t> Env;
  std::map<std::string, Sexp> Defs;
  std::map<std::string, bool> Evaluating;
  std::optional<int64_t> evalSexp(const Sexp &S, const std::map<std::string, int64_t> *Locals, int Depth);
};

} // namespace pto::z3model

#endif
