// tests: z3model::Solver answers proved / violated-always / violated-sometimes / unknown / error correctly.
#include "z3model/Ground.h"
#include "z3model/Solver.h"

#include <gtest/gtest.h>

using namespace pto::z3model;

namespace {

Query q(std::vector<Decl> Decls, std::vector<std::string> Hyps, std::string Prop) {
  Query Q;
  Q.name = "test";
  Q.decls = std::move(Decls);
  Q.hypotheses = std::move(Hyps);
  Q.property = std::move(Prop);
  for (const Decl &D : Q.decls)
    if (!D.definition)
      Q.minimize.push_back(D.name);
  return Q;
}

TEST(Solver, ProvesUnderDomain) {
  Solver S;
  Result R = S.check(q({{"x", 1, 256, std::nullopt}}, {}, "(and (>= x 1) (<= x 256))"));
  EXPECT_EQ(R.verdict, Verdict::Proved);
  EXPECT_FALSE(R.vacuous);
}

TEST(Solver, ConcreteViolationIsAlways) {
  Solver S;
  Result R = S.check(q({{"tmp.bytes", std::nullopt, std::nullopt, "128"}, {"need", {}, {}, "512"}}, {},
                       "(>= tmp.bytes need)"));
  EXPECT_EQ(R.verdict, Verdict::ViolatedAlways);
  EXPECT_EQ(R.model.at("need"), 512);
}

TEST(Solver, SometimesGivesMinimalCounterexample) {
  Solver S;
  // validCol in [0, 1000] must be <= 256: fails for 257..1000; the minimal counterexample is 257.
  Result R = S.check(q({{"vcol", 0, 1000, std::nullopt}}, {}, "(<= vcol 256)"));
  ASSERT_EQ(R.verdict, Verdict::ViolatedSometimes);
  EXPECT_EQ(R.model.at("vcol"), 257);
}

TEST(Solver, SymbolicAlwaysViolated) {
  Solver S;
  Result R = S.check(q({{"n", 1, 64, std::nullopt}}, {}, "(> n 100)"));
  EXPECT_EQ(R.verdict, Verdict::ViolatedAlways);
}

TEST(Solver, PathConditionMakesItProved) {
  Solver S;
  Result R = S.check(q({{"cols", -2147483648LL, 2147483647LL, std::nullopt}}, {"(not (> cols 64))", "(> cols 0)"},
                       "(and (>= cols 1) (<= cols 64))"));
  EXPECT_EQ(R.verdict, Verdict::Proved);
}

TEST(Solver, ContradictoryPathIsVacuous) {
  Budget B;
  B.reportVacuity = true;
  Solver S(B);
  Result R = S.check(q({{"x", 0, 10, std::nullopt}}, {"(> x 20)"}, "false"));
  EXPECT_EQ(R.verdict, Verdict::Proved);
  EXPECT_TRUE(R.vacuous);
}

TEST(Solver, MalformedTermFailsClosed) {
  Solver S;
  Result R = S.check(q({{"x", 0, 10, std::nullopt}}, {}, "(<= x undefined_symbol)"));
  EXPECT_EQ(R.verdict, Verdict::Error);
  EXPECT_FALSE(R.reason.empty());
  // The solver stays usable after an error.
  EXPECT_EQ(S.check(q({{"x", 0, 10, std::nullopt}}, {}, "(<= x 10)")).verdict, Verdict::Proved);
}

TEST(Solver, BudgetExhaustionIsUnknownNotProved) {
  Solver S(Budget{1});
  // Nonlinear: no answer within a resource limit of 1.
  Result R = S.check(q({{"a", 1, 1000000, std::nullopt}, {"b", 1, 1000000, std::nullopt},
                        {"c", 1, 1000000, std::nullopt}},
                       {}, "(not (= (+ (* a a a) (* b b b)) (* c c c)))"));
  EXPECT_EQ(R.verdict, Verdict::Unknown);
}

TEST(Solver, NegativeBoundsAreWellFormed) {
  EXPECT_EQ(smtInt(-5), "(- 5)");
  EXPECT_EQ(smtInt(7), "7");
  Solver S;
  Result R = S.check(q({{"x", -10, -1, std::nullopt}}, {}, "(< x 0)"));
  EXPECT_EQ(R.verdict, Verdict::Proved);
}

TEST(Solver, DisconnectedContradictionStillDecidesTheWholeQuery) {
  // The property's cone is {x}; the contradictory hypothesis is about y only. The cone alone is violated, so
  // the solver must re-ask the whole query, which is proved (the path is dead).
  Solver S;
  Result R = S.check(q({{"x", 0, 10, std::nullopt}, {"y", 0, 10, std::nullopt}}, {"(> y 20)"}, "(<= x 5)"));
  EXPECT_EQ(R.verdict, Verdict::Proved);
}

TEST(Solver, ConeOfInfluenceFollowsDefinitionsAndHypotheses) {
  // x is defined from n; n is bounded by a hypothesis that also mentions m; m is bounded: all are needed.
  Solver S;
  Result R = S.check(q({{"n", 0, 1000, std::nullopt}, {"m", 0, 8, std::nullopt},
                        {"x", std::nullopt, std::nullopt, "(* 2 n)"}, {"unrelated", 0, 5, std::nullopt}},
                       {"(<= n m)", "(>= unrelated 0)"}, "(<= x 16)"));
  EXPECT_EQ(R.verdict, Verdict::Proved);
  R = S.check(q({{"n", 0, 1000, std::nullopt}, {"m", 0, 9, std::nullopt},
                 {"x", std::nullopt, std::nullopt, "(* 2 n)"}, {"unrelated", 0, 5, std::nullopt}},
                {"(<= n m)", "(>= unrelated 0)"}, "(<= x 16)"));
  ASSERT_EQ(R.verdict, Verdict::ViolatedSometimes);
  EXPECT_EQ(R.model.at("n"), 9);
  EXPECT_EQ(R.model.count("unrelated"), 1u); // the counterexample comes from the whole query
}

TEST(Solver, CacheAnswersRenamedQueriesWithTheirOwnNames) {
  Solver S;
  Result A = S.check(q({{"src.vcol", 0, 1000, std::nullopt}}, {}, "(<= |src.vcol| 256)"));
  ASSERT_EQ(A.verdict, Verdict::ViolatedSometimes);
  unsigned Calls = S.z3Calls();
  Result B = S.check(q({{"b.vcol", 0, 1000, std::nullopt}}, {}, "(<= b.vcol 256)"));
  EXPECT_EQ(S.z3Calls(), Calls); // answered from the cache
  EXPECT_GE(S.cacheHits(), 1u);
  ASSERT_EQ(B.verdict, Verdict::ViolatedSometimes);
  EXPECT_EQ(B.model.at("b.vcol"), 257);
  EXPECT_EQ(B.model.count("src.vcol"), 0u);
  // A different bound is a different query.
  Result C = S.check(q({{"b.vcol", 0, 256, std::nullopt}}, {}, "(<= b.vcol 256)"));
  EXPECT_EQ(C.verdict, Verdict::Proved);
}

TEST(Program, EvaluatesTheRuleFragmentExactly) {
  GroundEvaluator Prelude;
  ASSERT_TRUE(Prelude.loadPrelude("(define-fun K () Int 7) (define-fun sq ((a Int)) Int (* a a))"
                                  "(define-fun cdiv ((a Int) (b Int)) Int (ite (>= a 0) (div a b) (- (div (- a) b))))"));
  const std::vector<std::pair<std::string, std::optional<int64_t>>> Cases = {
      {"(+ x (sq y) K)", 1 + 9 + 7},
      {"(cdiv (- 7) 2)", -3},
      {"(div (- 7) 2)", -4},
      {"(mod (- 7) 2)", 1},
      {"(div x 0)", std::nullopt},              // uninterpreted in SMT-LIB: not ground
      {"(* 4611686018427387904 4)", std::nullopt}, // overflow
      {"(and (> x 5) unknown)", 0},             // a false conjunct decides
      {"(or (> x 5) unknown)", std::nullopt},
      {"(=> (> x 5) unknown)", 1},
      {"(ite (= x 1) d 0)", 1 + 3 + 3},
      {"(distinct x y 1)", 0},
      {"cyc", std::nullopt},                    // a definition that refers to itself
      {"(foo x)", std::nullopt},
  };
  for (const auto &[Term, Want] : Cases) {
    Program P(Prelude);
    int X = P.slot("x"), Y = P.slot("y");
    P.define("d", (*parseSexps("(+ x y y)"))[0]);
    P.define("cyc", (*parseSexps("(+ cyc 1)"))[0]);
    int T = P.compile((*parseSexps(Term))[0]);
    P.set(X, 1);
    P.set(Y, 3);
    EXPECT_EQ(P.eval(T), Want) << Term;
    GroundEvaluator G = Prelude; // the convenience form: one term, values and definitions by name
    G.set("x", 1);
    G.set("y", 3);
    G.define("d", "(+ x y y)");
    G.define("cyc", "(+ cyc 1)");
    EXPECT_EQ(G.eval(Term), Want) << Term;
  }
  // A new evaluation forgets values and computed definitions.
  Program P(Prelude);
  int X = P.slot("x");
  P.define("d", (*parseSexps("(* 2 x)"))[0]);
  int T = P.compile((*parseSexps("d"))[0]);
  P.set(X, 5);
  EXPECT_EQ(P.eval(T), 10);
  P.reset();
  EXPECT_EQ(P.eval(T), std::nullopt);
  P.set(X, 6);
  EXPECT_EQ(P.eval(T), 12);
}

} // namespace
