// term: the one reader of SMT-LIB2 text in pto-lint: s-expressions and the sort checker the
// rule compiler runs over every rule condition (rules and the prelude are checked with the same code that the
// evaluators and the solver read them with).
#ifndef PTOLINT_TERM_SEXP_H
#define PTOLINT_TERM_SEXP_H

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace pto::term {

/// A parsed SMT-LIB2 term.
struct Sexp {
  enum Kind { Atom, List } kind = Atom;
  std::string atom; // an atom's text, without the |quotes| of a quoted symbol
  std::vector<Sexp> items;
};

/// Parses a sequence of s-expressions; nullopt on a syntax error (described in *Error when given).
std::optional<std::vector<Sexp>> parseSexps(const std::string &Text, std::string *Error = nullptr);
/// Parses exactly one s-expression; nullopt otherwise.
std::optional<Sexp> parseOne(const std::string &Text, std::string *Error = nullptr);
/// Renders a term back as text.
std::string print(const Sexp &S);

bool isNumeral(const std::string &Atom);

// ---- sorts -------------------------------------------------------------------------------------------------

enum class Sort { Int, Bool };
const char *sortName(Sort S);

/// A function a term may apply: its argument sorts (one entry and `variadic`: minArgs or more of that sort;
/// `sameSort`: all arguments of one sort, any sort) and its result (nullopt: the sort of the arguments after the
/// first, for `ite`).
struct FunSig {
  std::vector<Sort> args;
  bool variadic = false;
  size_t minArgs = 0; // variadic: at least this many
  bool sameSort = false;
  std::optional<Sort> result;
};

/// What a sort check knows: functions (the SMT-LIB2 core and ints built in, plus `define-fun`s added with
/// addDefinitions) and how to type a symbol that is not a function of arity 0.
class Signature {
public:
  Signature();
  /// Adds a prelude's `(define-fun name ((p S) ...) S body)` forms, checking each body; false with Errors on a
  /// form that is not a well-sorted define-fun.
  bool addDefinitions(const std::string &Prelude, std::vector<std::string> &Errors);
  const std::map<std::string, FunSig> &functions() const { return Funs; }
  /// Names defined with arity 0 (constants such as F16), with their sorts.
  std::optional<Sort> constant(const std::string &Name) const;

private:
  std::map<std::string, FunSig> Funs;
};

/// Resolves a symbol that is not a function: a fact, a let name, a parameter. nullopt: unknown (the checker
/// reports it, with Hint if the resolver sets one).
using SymbolSorts = std::function<std::optional<Sort>(const std::string &Name, std::string &Hint)>;

/// Checks that Term is well formed and has sort Want (nullopt: any); returns its sort, or nullopt with one
/// message per problem appended to Errors.
std::optional<Sort> checkSort(const Sexp &Term, std::optional<Sort> Want, const Signature &Sig,
                              const SymbolSorts &Syms, std::vector<std::string> &Errors);

} // namespace pto::term

#endif
