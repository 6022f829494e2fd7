// term: the typed term pto-lint passes between its layers: a sorted tree (Int, Bool) over named constants, what the
// engine builds queries from, what the evaluators walk and what z3model turns into Z3 ASTs. SMT-LIB2 text is read
// into it once, at the rule-file boundary (fromSexp); front ends build trees; it is written as text only for dumps
// and keys.
#ifndef PTOLINT_TERM_TERM_H
#define PTOLINT_TERM_TERM_H

#include "Sexp.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pto::term {

/// What a node of a term is. Int and Bool are literals; Var a named constant (a fact, a free input, a let name, a
/// macro parameter); Call an application of a prelude `define-fun`; the rest the SMT-LIB2 core and integer
/// functions (Sub with one argument is negation).
enum class Op : uint8_t {
  Int, Bool, Var, Call,
  Add, Sub, Mul, Div, Mod, Abs,
  Lt, Le, Gt, Ge, Eq, Distinct,
  And, Or, Not, Implies, Xor, Ite,
};

/// The SMT-LIB2 name of an operator ("+", "<=", "ite"); "" for Int, Bool, Var and Call.
const char *opName(Op O);

/// An immutable, shared, sorted term. A default-constructed Term is empty (no term).
class Term {
public:
  Term() = default;
  static Term integer(int64_t V);
  /// The integer literal SMT-LIB2 text writes V as (`n`, `(- n)`), as `parse` reads that text: integer(V), but a
  /// magnitude of 19 digits or more is a numeral() with no 64-bit value, which the evaluators leave to Z3. What front
  /// ends write literals with: their terms are then exactly the ones their text used to be read as.
  static Term literal(int64_t V);
  /// A numeral of any size, by its decimal digits (no sign); exact where int64_t is not.
  static Term numeral(const std::string &Digits);
  static Term boolean(bool B);
  static Term var(std::string Name, Sort S = Sort::Int);
  /// An operator applied; its sort follows from the operator (Ite: from its branches).
  static Term apply(Op O, std::vector<Term> Args);
  /// A prelude function applied (arity 0: a prelude constant such as F16).
  static Term call(std::string Fun, std::vector<Term> Args, Sort Result);

  explicit operator bool() const { return N != nullptr; }
  Op op() const { return N->op; }
  Sort sort() const { return N->sort; }
  /// Int: the value, when it fits 64 bits (fits()); Bool: 0 or 1.
  int64_t value() const { return N->value; }
  bool fits() const { return N->fits; }
  /// Var and Call: the name; Int: the decimal digits of the magnitude (with a leading '-' for a negative value).
  const std::string &name() const { return N->name; }
  const std::vector<Term> &args() const { return N->args; }
  /// The same node (not merely an equal term).
  bool same(const Term &O) const { return N == O.N; }

private:
  struct Node {
    Op op;
    Sort sort;
    bool fits = true;
    int64_t value = 0;
    std::string name;
    std::vector<Term> args;
  };
  std::shared_ptr<const Node> N;
  explicit Term(std::shared_ptr<const Node> N) : N(std::move(N)) {}
  /// The numeral of Digits, whose value is Value when it has fewer than 19 digits (the ones that always fit).
  static Term numeral(std::string Digits, int64_t Value);
};

/// Structural equality.
bool equal(const Term &A, const Term &B);

/// SMT-LIB2 text of a term: names quoted `|a.b|` where they need it, negative literals `(- n)`.
std::string print(const Term &T);
/// Appends to Out what print(rename(T, Rename)) is, without making the renamed term.
void printRenamed(const Term &T, const std::function<std::string(const std::string &)> &Rename, std::string &Out);

/// A prelude `define-fun` (rules/prelude.smt2): a macro the evaluators and the solver inline where it is applied.
struct Macro {
  std::string name;
  std::vector<std::pair<std::string, Sort>> params;
  Sort result = Sort::Int;
  Term body; // over Var parameters
};

/// The prelude's macros, read once.
class Prelude {
public:
  /// Reads `(define-fun NAME ((P SORT) ...) SORT BODY)` forms; false (with Error) on anything else.
  bool load(const std::string &Text, std::string *Error = nullptr);
  const Macro *find(const std::string &Name) const {
    auto It = Macros.find(Name);
    return It == Macros.end() ? nullptr : &It->second;
  }
  const std::map<std::string, Macro> &macros() const { return Macros; }

private:
  std::map<std::string, Macro> Macros;
};

/// Reads an s-expression as a term; empty with Error set when it is not one (an unknown function, wrong arity, a
/// list that applies nothing). Sorts are inferred; rules are sort-checked where they are compiled (checkSort).
/// Names the prelude defines are Calls (constants such as F16 too); Bool lists the names of Bool constants (macro
/// parameters); every other name is an Int Var.
Term fromSexp(const Sexp &S, const Prelude *P, std::string *Error = nullptr,
              const std::map<std::string, Sort> *Bools = nullptr);
/// Parses one SMT-LIB2 term from text; empty (with Error) when it is not exactly one term.
Term parse(const std::string &Text, const Prelude *P, std::string *Error = nullptr);

/// True if T is a term the solver and the evaluators take: no empty node, every operator applied to as many
/// arguments as fromSexp accepts, every Call a macro of P with its arity, and sorts as operators need them (Int
/// arguments to arithmetic and comparisons, Bool to connectives, a Bool condition and branches of one sort to ite,
/// one sort to = and distinct, a macro's parameter sorts to its call). For terms built as trees (a front end's),
/// which no reader has checked. False with Error set on the first node that is not.
bool wellFormed(const Term &T, const Prelude *P, std::string *Error = nullptr);

/// Every named constant a term mentions (Var names; Call names are not constants).
void vars(const Term &T, std::vector<std::string> &Out);
/// Calls F on every Var of T, in order, with repeats.
void forEachVar(const Term &T, const std::function<void(const Term &)> &F);

/// T with each Var that Subst maps replaced (nodes without a replaced Var below them are shared, not copied).
Term substitute(const Term &T, const std::function<Term(const Term &Var)> &Subst);
/// T with each Var renamed by Rename (an empty result keeps the name).
Term rename(const Term &T, const std::function<std::string(const std::string &)> &Rename);

} // namespace pto::term

#endif
