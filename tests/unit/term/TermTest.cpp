// tests: term::Term: reading, printing, sorts, the prelude's macros, and walks that share what they do not change.
#include "term/Term.h"

#include <gtest/gtest.h>

using namespace pto::term;

namespace {

Prelude prelude() {
  Prelude P;
  std::string Why;
  EXPECT_TRUE(P.load("(define-fun F16 () Int 9) (define-fun min2 ((a Int) (b Int)) Int (ite (<= a b) a b))"
                     "(define-fun in2 ((x Int) (a Int) (b Int)) Bool (or (= x a) (= x b)))",
                     &Why))
      << Why;
  return P;
}

TEST(Term, ReadsAndPrintsTheRuleFragment) {
  Prelude P = prelude();
  const std::pair<const char *, Sort> Cases[] = {
      {"(<= (min2 src.vcol 64) |dst.vcol|)", Sort::Bool},
      {"(=> (= T.dtype F16) (>= (- a b) (- 1)))", Sort::Bool},
      {"(and (in2 x 1 2) (not (distinct x y 3)) (xor true false))", Sort::Bool},
      {"(ite (> n 0) (div n 2) (mod n 3))", Sort::Int},
      {"(* 2 (abs (+ a b c)))", Sort::Int}};
  for (const auto &[Text, Want] : Cases) {
    std::string Why;
    Term T = parse(Text, &P, &Why);
    ASSERT_TRUE(T) << Text << ": " << Why;
    EXPECT_EQ(T.sort(), Want) << Text;
    // Printing and reading again gives the same term.
    Term Again = parse(print(T), &P);
    EXPECT_TRUE(equal(T, Again)) << print(T);
  }
  Term T = parse("(<= (min2 x F16) 3)", &P);
  EXPECT_EQ(T.sort(), Sort::Bool);
  EXPECT_EQ(T.args()[0].op(), Op::Call);
  EXPECT_EQ(T.args()[0].args()[1].op(), Op::Call) << "a prelude constant is a call, not a constant of the call";
  EXPECT_EQ(T.args()[0].args()[0].op(), Op::Var);
  EXPECT_EQ(parse("(in2 x 1 2)", &P).sort(), Sort::Bool);
  EXPECT_EQ(parse("(ite c 1 2)", &P).sort(), Sort::Int);
}

TEST(Term, NamesThatNeedQuotesArePrintedQuoted) {
  EXPECT_EQ(print(Term::var("src.vcol")), "src.vcol");
  EXPECT_EQ(print(Term::var("$0")), "$0");
  EXPECT_EQ(print(Term::var("a b")), "|a b|");
  EXPECT_EQ(print(Term::var("0x")), "|0x|");
  EXPECT_EQ(parse("|a b|", nullptr).name(), "a b");
}

TEST(Term, NegativeIntegersAreWrittenAsSMTLIBWritesThem) {
  EXPECT_EQ(print(Term::integer(-5)), "(- 5)");
  EXPECT_EQ(print(Term::integer(INT64_MIN)), "(- 9223372036854775808)");
  EXPECT_FALSE(Term::integer(INT64_MIN).args()[0].fits()) << "the magnitude of INT64_MIN does not fit 64 bits";
  EXPECT_EQ(Term::integer(INT64_MAX).value(), INT64_MAX);
  EXPECT_TRUE(Term::numeral("123456789012345678901234567890"));
  EXPECT_FALSE(Term::numeral("123456789012345678901234567890").fits());
}

TEST(Term, LiteralsAreTheTermsTheirTextIsReadAs) {
  Prelude P = prelude();
  for (int64_t V : {int64_t(0), int64_t(7), int64_t(-7), int64_t(999999999999999999), int64_t(1000000000000000000),
                    INT64_MAX, -INT64_MAX, INT64_MIN}) {
    std::string Text = V >= 0 ? std::to_string(V) : "(- " + std::to_string(V).substr(1) + ")";
    Term L = Term::literal(V), Read = parse(Text, &P);
    EXPECT_EQ(print(L), Text);
    EXPECT_TRUE(equal(L, Read)) << Text;
    const Term &Mag = V >= 0 ? L : L.args()[0];
    EXPECT_EQ(Mag.fits(), (V >= 0 ? Read : Read.args()[0]).fits()) << Text;
  }
  EXPECT_TRUE(Term::integer(INT64_MAX).fits());
  EXPECT_FALSE(Term::literal(INT64_MAX).fits()) << "19 digits: left to Z3, as the text's numeral is";
}

TEST(Term, TreesAreCheckedAsTheReaderChecksText) {
  Prelude P = prelude();
  Term X = Term::var("x"), One = Term::literal(1);
  for (const char *Text : {"(<= (min2 x 64) |a.b|)", "(ite (in2 x 1 2) (div x 2) (- x))", "(= (< x 1) (> x 2))",
                           "(distinct x 1 2)", "(and (not (= x 0)) (xor true false))", "F16"}) {
    std::string Why;
    EXPECT_TRUE(wellFormed(parse(Text, &P), &P, &Why)) << Text << ": " << Why;
  }
  const std::pair<const char *, Term> Bad[] = {
      {"empty", Term()},
      {"an empty argument", Term::apply(Op::Add, {X, Term()})},
      {"div of one", Term::apply(Op::Div, {X})},
      {"not of two", Term::apply(Op::Not, {Term::boolean(true), Term::boolean(false)})},
      {"ite of two", Term::apply(Op::Ite, {Term::boolean(true), X})},
      {"an unknown macro", Term::call("max2", {X, One}, Sort::Int)},
      {"a macro of the wrong arity", Term::call("min2", {X}, Sort::Int)},
      {"a Bool to a macro's Int", Term::call("min2", {X, Term::boolean(true)}, Sort::Int)},
      {"a Bool added", Term::apply(Op::Add, {X, Term::apply(Op::Lt, {X, One})})},
      {"an Int to and", Term::apply(Op::And, {X, Term::boolean(true)})},
      {"an Int condition", Term::apply(Op::Ite, {X, One, One})},
      {"branches of two sorts", Term::apply(Op::Ite, {Term::boolean(true), One, Term::boolean(true)})},
      {"= of two sorts", Term::apply(Op::Eq, {X, Term::boolean(true)})}};
  for (const auto &[What, T] : Bad) {
    std::string Why;
    EXPECT_FALSE(wellFormed(T, &P, &Why)) << What;
    EXPECT_FALSE(Why.empty()) << What;
  }
  EXPECT_FALSE(wellFormed(parse("(min2 x 1)", &P), nullptr)) << "no prelude: no macro";
}

TEST(Term, WhatIsNotATermIsRefusedWithAReason) {
  Prelude P = prelude();
  for (const char *Text : {"(foo x)", "(min2 x)", "(not a b)", "(div 1)", "(ite a b)", "((x) 1)", "(<= x", "x y"}) {
    std::string Why;
    EXPECT_FALSE(parse(Text, &P, &Why)) << Text;
    EXPECT_FALSE(Why.empty()) << Text;
  }
}

TEST(Term, RenamingSharesWhatItDoesNotChange) {
  Prelude P = prelude();
  Term T = parse("(and (<= T.vrow T.rows) (<= 0 k))", &P);
  Term R = rename(T, [](const std::string &N) { return N.compare(0, 2, "T.") == 0 ? "src." + N.substr(2) : ""; });
  EXPECT_EQ(print(R), "(and (<= src.vrow src.rows) (<= 0 k))");
  EXPECT_TRUE(R.args()[1].same(T.args()[1])) << "an unchanged subterm is shared";
  Term Same = rename(T, [](const std::string &) { return std::string(); });
  EXPECT_TRUE(Same.same(T));
  std::vector<std::string> Vs;
  vars(R, Vs);
  EXPECT_EQ(Vs, (std::vector<std::string>{"src.vrow", "src.rows", "k"}));
}

TEST(Term, PrintingRenamedIsPrintingTheRenamedTerm) {
  Prelude P = prelude();
  Term T = parse("(and (<= T.vrow (min2 T.rows 64)) (<= 0 k) (= |a b| (- 3)))", &P);
  // Names that need quotes before or after the renaming, and names kept (an empty result).
  auto Rename = [](const std::string &N) -> std::string {
    if (N == "T.vrow")
      return "$0";
    if (N == "k")
      return "a k";
    if (N == "a b")
      return "ab";
    return "";
  };
  std::string Out = "prefix ";
  printRenamed(T, Rename, Out);
  EXPECT_EQ(Out, "prefix " + print(rename(T, Rename)));
  EXPECT_EQ(Out, "prefix (and (<= $0 (min2 T.rows 64)) (<= 0 |a k|) (= ab (- 3)))");
}

TEST(Term, SmallLiteralsAreSharedNodes) {
  // Front ends write the same small values again and again: one node each, equal to any other literal of the value.
  EXPECT_TRUE(Term::literal(16).same(Term::literal(16)));
  EXPECT_TRUE(Term::integer(16).same(Term::literal(16)));
  for (int64_t V : {int64_t(0), int64_t(1023), int64_t(1024), int64_t(65536)}) {
    Term L = Term::literal(V);
    EXPECT_EQ(L.op(), Op::Int);
    EXPECT_TRUE(L.fits());
    EXPECT_EQ(L.value(), V);
    EXPECT_EQ(L.name(), std::to_string(V));
    EXPECT_TRUE(equal(L, Term::numeral(std::to_string(V))));
    EXPECT_TRUE(equal(L, Term::integer(V)));
  }
}

TEST(Term, PreludeRefusesWhatIsNotADefineFun) {
  Prelude P;
  std::string Why;
  EXPECT_FALSE(P.load("(define-fun f ((a Real)) Int a)", &Why));
  EXPECT_NE(Why.find("parameter"), std::string::npos) << Why;
  EXPECT_FALSE(P.load("(declare-const x Int)", &Why));
  EXPECT_FALSE(P.load("(define-fun g () Int (nope 1))", &Why));
  EXPECT_NE(Why.find("'g'"), std::string::npos) << Why;
}

} // namespace
