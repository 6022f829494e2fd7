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
