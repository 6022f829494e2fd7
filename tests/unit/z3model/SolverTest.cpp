// tests: z3model::Solver answers proved / violated-always / violated-sometimes / unknown / error correctly.
#include "z3model/Ground.h"
#include "z3model/Solver.h"
#include "checker/Rule.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace pto::z3model;

namespace {

/// A declaration with its definition as text.
struct TextDecl {
  std::string name;
  std::optional<int64_t> lo, hi;
  std::optional<std::string> definition;
};

Term t(const std::string &Text, const pto::term::Prelude *P = nullptr) { return pto::term::parse(Text, P); }
Term t(const GroundEvaluator &G, const std::string &Text) { return t(Text, G.prelude()); }

Query q(std::vector<TextDecl> Decls, std::vector<std::string> Hyps, std::string Prop) {
  Query Q;
  Q.name = "test";
  for (const TextDecl &D : Decls)
    Q.decls.push_back({D.name, D.lo, D.hi, D.definition ? std::optional<Term>(t(*D.definition)) : std::nullopt});
  for (const std::string &H : Hyps)
    Q.hypotheses.push_back(t(H));
  Q.property = t(Prop);
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

TEST(Solver, AGroundPropertyThatHoldsIsProvedWithoutAQuery) {
  Solver S;
  const std::string Prelude = "(define-fun min2 ((a Int) (b Int)) Int (ite (< a b) a b))";
  GroundEvaluator G;
  ASSERT_TRUE(G.loadPrelude(Prelude));
  Query Q = q({{"x", 0, 10, std::nullopt}}, {"(> x 20)"}, "true");
  Q.property = t(G, "(= (min2 16 32) 16)");
  ASSERT_TRUE(Q.property);
  Q.prelude = Prelude;
  EXPECT_TRUE(S.provedGround(Q.property, Prelude));
  EXPECT_EQ(S.check(Q).verdict, Verdict::Proved) << "what check() says of a query with that property";
  EXPECT_EQ(S.queriesRun(), 2u);
  EXPECT_EQ(S.groundDecided(), 2u) << "both decided by the ground evaluator";
  EXPECT_EQ(S.queryMicros().size(), 2u) << "both timed as queries";
  EXPECT_FALSE(S.provedGround(t("(= 16 17)"), Prelude)) << "false: check() decides whether the path can run";
  EXPECT_FALSE(S.provedGround(t("(= x x)"), Prelude)) << "names a constant";
  EXPECT_FALSE(S.provedGround(Term(), Prelude));
  Budget Off;
  Off.groundFastPath = false;
  Solver Z3(Off);
  EXPECT_FALSE(Z3.provedGround(t("(= 16 16)"), Prelude)) << "the ground evaluator is off: Z3 answers";
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
  Budget B;
  B.rlimit = 1;
  Solver S(B);
  // Nonlinear: no answer within a resource limit of 1.
  Result R = S.check(q({{"a", 1, 1000000, std::nullopt}, {"b", 1, 1000000, std::nullopt},
                        {"c", 1, 1000000, std::nullopt}},
                       {}, "(not (= (+ (* a a a) (* b b b)) (* c c c)))"));
  EXPECT_EQ(R.verdict, Verdict::Unknown);
}

/// The guard `if (rows == 0 || rows > 32 || cols == 0 || cols > 112) return;` and a width rounded up to 16:
/// nonlinear (div, mul, mod, a product of two symbols) over a small domain is decided exactly by enumeration,
/// with the smallest counterexample, and never reaches Z3 (which did not finish in minutes on the first query).
TEST(Solver, GuardedNonlinearDomainIsEnumeratedExactly) {
  Solver S;
  std::vector<TextDecl> D = {{"rows", 0, 4294967295, std::nullopt},
                         {"cols", 0, 4294967295, std::nullopt},
                         {"vcol", std::nullopt, std::nullopt, "(* (div (+ cols 15) 16) 16)"}};
  std::vector<std::string> Guard = {"(not (or (or (or (= rows 0) (> rows 32)) (= cols 0)) (> cols 112)))"};
  Result R = S.check(q(D, Guard, "(= cols vcol)"));
  EXPECT_EQ(R.verdict, Verdict::ViolatedSometimes);
  EXPECT_EQ(R.model.at("cols"), 1);
  EXPECT_EQ(R.model.at("rows"), 1);
  EXPECT_EQ(R.model.at("vcol"), 16);
  EXPECT_EQ(S.check(q(D, Guard, "(<= vcol 128)")).verdict, Verdict::Proved);
  EXPECT_EQ(S.check(q(D, Guard, "(<= (* rows (mod cols 7)) 192)")).verdict, Verdict::Proved); // 32 * 6
  Result M = S.check(q(D, Guard, "(< (* rows (mod cols 7)) 192)"));
  EXPECT_EQ(M.verdict, Verdict::ViolatedSometimes);
  EXPECT_EQ(M.model.at("rows"), 32);
  EXPECT_EQ(M.model.at("cols") % 7, 6);
  EXPECT_GE(S.enumerated(), 4u); // the cone of influence first, then the whole query where it is not proved
  EXPECT_EQ(S.z3Calls(), 0u);
}

/// A check only a proof settles (it depends on a value pto-lint does not follow, Query::proofOnly): a point where the
/// hypotheses hold and the property fails answers "unknown" without Z3, as Z3's short try would; without such a point
/// Z3 still tries the proof.
TEST(Solver, ProofOnlyQueryWithACounterexamplePointNeedsNoZ3) {
  Solver S;
  std::vector<TextDecl> D = {{"o", -(int64_t(1) << 61), (int64_t(1) << 61) - 1, std::nullopt}};
  Query Fails = q(D, {"(not (= o 5))"}, "(not (= o 0))"); // o = 0 is a counterexample
  Fails.proofOnly = "it depends on 'o', which pto-lint could not follow";
  Result R = S.check(Fails);
  EXPECT_EQ(R.verdict, Verdict::Unknown);
  EXPECT_EQ(R.reason, Fails.proofOnly);
  EXPECT_EQ(S.z3Calls(), 0u);
  // A counterexample only at values the query names (o in [70000, 70010], p not 12345: no small value of o in
  // (65535, 100000) nor an end of that range, too many points to enumerate with p free): the values it names and
  // their neighbours are tried.
  std::vector<TextDecl> D2 = {D[0], {"p", D[0].lo, D[0].hi, std::nullopt}};
  Query Far = q(D2, {"(> o 65535)", "(< o 100000)"}, "(or (< o 70000) (> o 70010) (= p 12345))");
  Far.proofOnly = Fails.proofOnly;
  EXPECT_EQ(S.check(Far).verdict, Verdict::Unknown);
  EXPECT_EQ(S.z3Calls(), 0u);
  // A counterexample past points where a divisor is 0 (tmrgsort's `cols = 2048 / (b * 4) * (c * 4)` of a loop
  // counter read twice, within 2048 only when b = c): every point with b = 0 comes first, and is passed over.
  std::vector<TextDecl> D3 = {{"b", D[0].lo, D[0].hi, std::nullopt}, {"c", D[0].lo, D[0].hi, std::nullopt}};
  Query Divides = q(D3, {}, "(<= (* (div 2048 (* b 4)) (* c 4)) 2048)");
  Divides.proofOnly = Fails.proofOnly;
  EXPECT_EQ(S.check(Divides).verdict, Verdict::Unknown);
  EXPECT_EQ(S.z3Calls(), 0u);
  // No small counterexample: the property holds everywhere the path allows, which only Z3 shows.
  Query Holds = q(D, {"(> o 1000)"}, "(> (* o o) 1000000)");
  Holds.proofOnly = Fails.proofOnly;
  EXPECT_EQ(S.check(Holds).verdict, Verdict::Proved);
  EXPECT_EQ(S.z3Calls(), 1u);
}

/// The wall-clock safety nets: once the translation unit's solver time is spent, a query that needs Z3 is
/// unknown (never proved), and says which option raises the cap.
TEST(Solver, TranslationUnitTimeCapMakesTheRestUnknown) {
  Budget B;
  B.timeoutMs = 30;
  B.tuMillis = 1;
  Solver S(B);
  std::vector<TextDecl> D = {{"a", 1, 1000000, std::nullopt}, {"b", 1, 1000000, std::nullopt},
                         {"c", 1, 1000000, std::nullopt}};
  Result First = S.check(q(D, {}, "(not (= (+ (* a a a) (* b b b)) (* c c c)))"));
  EXPECT_NE(First.verdict, Verdict::Proved); // Fermat: true, but not within 30 ms
  EXPECT_GE(S.z3Millis(), 1.0);
  Result Next = S.check(q(D, {}, "(not (= (+ (* a a) (* b b b)) (* c c c c)))"));
  EXPECT_EQ(Next.verdict, Verdict::Unknown);
  EXPECT_NE(Next.reason.find("tu-timeout"), std::string::npos) << Next.reason;
}

/// A session that may not call Z3 (a translation unit that does not compile) still decides what the ground evaluator
/// and the enumeration decide exactly, and says "unknown", with its reason, at once for the rest.
TEST(Solver, NoSolverDecidesExactlyOrSaysUnknownWithoutZ3) {
  Budget B;
  B.noSolver = "the translation unit does not compile";
  Solver S(B);
  Result Ground = S.check(q({{"tmp.bytes", {}, {}, "128"}, {"need", {}, {}, "512"}}, {}, "(>= tmp.bytes need)"));
  EXPECT_EQ(Ground.verdict, Verdict::ViolatedAlways);
  Result Small = S.check(q({{"vcol", 0, 1000, std::nullopt}}, {}, "(<= vcol 256)"));
  EXPECT_EQ(Small.verdict, Verdict::ViolatedSometimes); // 1001 points: enumerated
  Result Wide = S.check(q({{"n", 0, 1000000000, std::nullopt}, {"m", 0, 1000000000, std::nullopt}}, {},
                          "(<= (+ n m) 2000000000)"));
  EXPECT_EQ(Wide.verdict, Verdict::Unknown);
  EXPECT_EQ(Wide.reason, B.noSolver);
  // A fact defined through unsigned 64-bit arithmetic (a TASSIGN address `(mod (* ... block_idx) 2^64)`) over a
  // fixed block index is exact too: the property is decided without Z3.
  Result Wrapped = S.check(q({{"b", 0, 0, std::nullopt},
                             {"addr", {}, {}, "(mod (* (mod (+ 8192 1024) 18446744073709551616) b) 18446744073709551616)"}},
                            {}, "(= 32 81)"));
  EXPECT_EQ(Wrapped.verdict, Verdict::ViolatedAlways);
  EXPECT_EQ(S.z3Calls(), 0u);
  Solver Free; // the same query where Z3 may run: it proves it
  EXPECT_EQ(Free.check(q({{"n", 0, 1000000000, std::nullopt}, {"m", 0, 1000000000, std::nullopt}}, {},
                         "(<= (+ n m) 2000000000)"))
                .verdict,
            Verdict::Proved);
  EXPECT_GT(Free.z3Calls(), 0u);
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
      // unsigned 64-bit wrap-around, (mod x 2^64): a non-negative x is its residue; a negative one wraps past
      // int64 (not ground) unless the modulus brings it back
      {"(mod (+ (* 4096 2) 1024) 18446744073709551616)", 9216},
      {"(mod (- 1) 18446744073709551616)", std::nullopt},
      {"(mod (- 1) 9223372036854775808)", 9223372036854775807},
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
    P.define("d", t(Prelude, "(+ x y y)"));
    P.define("cyc", t(Prelude, "(+ cyc 1)"));
    int T = P.compile(t(Prelude, Term));
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
  P.define("d", t(Prelude, "(* 2 x)"));
  int T = P.compile(t(Prelude, "d"));
  P.set(X, 5);
  EXPECT_EQ(P.eval(T), 10);
  P.reset();
  EXPECT_EQ(P.eval(T), std::nullopt);
  P.set(X, 6);
  EXPECT_EQ(P.eval(T), 12);
}

/// A random closed term: literals, every form, and applications of the prelude's macros (one ignores an argument,
/// one reads it twice, one is unknown, one has the wrong arity).
std::string randomClosedTerm(std::mt19937 &Rng, int Depth) {
  auto Pick = [&](int N) { return static_cast<int>(Rng() % N); };
  if (Depth == 0 || Pick(5) == 0) {
    const char *Leaves[] = {"0", "1", "3", "(- 2)", "7", "true", "false", "x", "99999999999999999999"};
    return Leaves[Pick(9)];
  }
  auto T = [&] { return randomClosedTerm(Rng, Depth - 1); };
  switch (Pick(8)) {
  case 0:
    return "(sq " + T() + ")";
  case 1:
    return "(first " + T() + " " + T() + ")";
  case 2:
    return "(twice " + T() + ")";
  case 3:
    return "(nosuch " + T() + ")";
  case 4:
    return "(sq " + T() + " " + T() + ")";
  case 5:
    return "(ite " + T() + " " + T() + " " + T() + ")";
  case 6:
    return "(mod " + T() + " " + (Pick(2) ? std::string("18446744073709551616") : T()) + ")";
  default: {
    const char *F[] = {"+", "-", "*", "div", "abs", "<", "<=", "=", "distinct", "and", "or", "not", "=>", "xor"};
    std::string Op = F[Pick(14)];
    if (Op == "abs" || Op == "not")
      return "(" + Op + " " + T() + ")";
    return "(" + Op + " " + T() + " " + T() + ")";
  }
  }
}

TEST(Program, ClosedEvaluationIsCompiledEvaluation) {
  GroundEvaluator Prelude;
  ASSERT_TRUE(Prelude.loadPrelude("(define-fun sq ((a Int)) Int (* a a))"
                                  "(define-fun first ((a Int) (b Int)) Int a)"
                                  "(define-fun twice ((a Int)) Int (+ a (first a (div 1 0))))"));
  auto Compiled = [&](const Term &T) {
    Program P(Prelude);
    return P.eval(P.compile(T));
  };
  std::mt19937 Rng(7);
  unsigned Valued = 0;
  for (int I = 0; I < 20000; ++I) {
    std::string Text = randomClosedTerm(Rng, 6);
    Term T = t(Prelude, Text);
    if (!T)
      continue;
    std::optional<int64_t> Want = Compiled(T);
    Valued += Want.has_value();
    EXPECT_EQ(Program::evalClosed(Prelude.prelude(), T), Want) << Text;
  }
  EXPECT_GT(Valued, 2000u); // the sample is not all "no value"
  // A parameter name given twice reads the last argument of that name, as the compiled program binds it.
  GroundEvaluator Twice;
  ASSERT_TRUE(Twice.loadPrelude("(define-fun dup ((a Int) (a Int)) Int a)"));
  Term Dup = t(Twice, "(dup 1 2)");
  Program PD(Twice);
  EXPECT_EQ(PD.eval(PD.compile(Dup)), 2);
  EXPECT_EQ(Program::evalClosed(Twice.prelude(), Dup), 2);
  // The limits: nesting past 200 (compiling), and evaluation deeper than 400 through macro bodies.
  std::string Deep = "1";
  for (int I = 0; I < 210; ++I)
    Deep = "(+ 1 " + Deep + ")";
  EXPECT_EQ(Compiled(t(Prelude, Deep)), std::nullopt);
  EXPECT_EQ(Program::evalClosed(Prelude.prelude(), t(Prelude, Deep)), std::nullopt);
  // Evaluation deeper than 400 through macro bodies: (deep (deep A)) with bodies of 150 reads A's leaf at depth
  // about 300 + A's own, so the limit falls inside A = 90..110 (and compiling, at most 200 deep, does not fail).
  GroundEvaluator Long;
  std::string Body = "a";
  for (int I = 0; I < 150; ++I)
    Body = "(+ 1 " + Body + ")";
  ASSERT_TRUE(Long.loadPrelude("(define-fun deep ((a Int)) Int " + Body + ")"));
  std::set<bool> Seen;
  for (int A = 90; A <= 110; ++A) {
    std::string Arg = "1";
    for (int I = 0; I < A; ++I)
      Arg = "(+ 1 " + Arg + ")";
    Term T = t(Long, "(deep (deep " + Arg + "))");
    Program P(Long);
    std::optional<int64_t> Want = P.eval(P.compile(T));
    Seen.insert(Want.has_value());
    EXPECT_EQ(Program::evalClosed(Long.prelude(), T), Want) << A;
  }
  EXPECT_EQ(Seen.size(), 2u);
}

/// A random term over x, y and d = (+ x 3), from every form the evaluator knows.
std::string randomTerm(std::mt19937 &Rng, int Depth) {
  auto Pick = [&](int N) { return static_cast<int>(Rng() % N); };
  if (Depth == 0 || Pick(4) == 0) {
    const char *Leaves[] = {"x", "y", "d", "0", "1", "3", "(- 2)", "7"};
    return Leaves[Pick(8)];
  }
  auto T = [&] { return randomTerm(Rng, Depth - 1); };
  const char *Int[] = {"+", "-", "*", "div", "mod", "abs", "ite", "max2"};
  const char *Bool[] = {"<", "<=", ">", ">=", "=", "distinct", "and", "or", "not", "=>", "xor"};
  if (Pick(2)) {
    std::string F = Int[Pick(8)];
    if (F == "abs")
      return "(abs " + T() + ")";
    if (F == "-" && Pick(3) == 0)
      return "(- " + T() + ")";
    if (F == "ite")
      return "(ite " + randomTerm(Rng, 0) + " " + T() + " " + T() + ")";
    if (F == "div" || F == "mod") // mostly a constant divisor, which is what ranges can use
      return "(" + F + " " + T() + " " + (Pick(3) ? std::to_string(Pick(9) - 4) : T()) + ")";
    return "(" + F + " " + T() + " " + T() + ")";
  }
  std::string F = Bool[Pick(11)];
  if (F == "not")
    return "(not " + T() + ")";
  return "(" + F + " " + T() + " " + T() + ")";
}

/// Interval evaluation is sound: every value the term takes at a point of the ranges lies in its interval.
TEST(Program, RangesContainEveryValue) {
  GroundEvaluator Prelude;
  ASSERT_TRUE(Prelude.loadPrelude("(define-fun max2 ((a Int) (b Int)) Int (ite (>= a b) a b))"));
  std::mt19937 Rng(5);
  unsigned Decided = 0, Bounded = 0;
  for (int K = 0; K < 3000; ++K) {
    std::string Term = randomTerm(Rng, 4);
    int64_t XLo = static_cast<int64_t>(Rng() % 21) - 10, YLo = static_cast<int64_t>(Rng() % 21) - 10;
    int64_t XHi = XLo + static_cast<int64_t>(Rng() % 12), YHi = YLo + static_cast<int64_t>(Rng() % 5);
    Program P(Prelude);
    int X = P.slot("x"), Y = P.slot("y");
    P.define("d", t(Prelude, "(+ x 3)"));
    int T = P.compile(t(Prelude, Term));
    P.setRange(X, XLo, XHi, /*Sym=*/X);
    P.setRange(Y, YLo, YHi, Rng() % 4 ? Y : -1);
    std::optional<Interval> R = P.range(T);
    if (!R)
      continue;
    ++Bounded;
    if (R->definitelyTrue() || R->definitelyFalse())
      ++Decided;
    for (int64_t XV = XLo; XV <= XHi; ++XV)
      for (int64_t YV = YLo; YV <= YHi; ++YV) {
        P.reset();
        P.set(X, XV);
        P.set(Y, YV);
        std::optional<int64_t> V = P.eval(T);
        if (!V)
          continue; // e.g. a division by zero at this point: any value is allowed there
        ASSERT_TRUE(R->lo <= *V && *V <= R->hi)
            << Term << " at x=" << XV << " y=" << YV << " is " << *V << ", outside [" << R->lo << ", " << R->hi << "]";
        if (R->sym >= 0) { // "exactly symbol + off"
          ASSERT_EQ(*V, (R->sym == X ? XV : YV) + R->off) << Term;
        }
      }
    P.reset();
  }
  EXPECT_GT(Bounded, 1000u);
  EXPECT_GT(Decided, 300u);
}

/// What ranges alone cannot prove, the symbol tags do: values of one free constant compare exactly.
TEST(Program, RangesCompareValuesOfOneSymbolExactly) {
  GroundEvaluator Prelude;
  ASSERT_TRUE(Prelude.loadPrelude("(define-fun max2 ((a Int) (b Int)) Int (ite (>= a b) a b))"));
  Program P(Prelude);
  int N = P.slot("n"), M = P.slot("m");
  P.define("a", t(Prelude, "n"));
  P.define("b", t(Prelude, "(+ n 1)"));
  P.setRange(N, 1, 32, N);
  P.setRange(M, 1, 32, M);
  auto Range = [&](const char *T) { return P.range(P.compile(t(Prelude, T))); };
  EXPECT_TRUE(Range("(= a n)")->definitelyTrue());
  EXPECT_TRUE(Range("(< a b)")->definitelyTrue());
  EXPECT_TRUE(Range("(= (max2 a n) a)")->definitelyTrue());
  EXPECT_TRUE(Range("(= (- b a) 1)")->definitelyTrue());
  EXPECT_TRUE(Range("(distinct a b)")->definitelyTrue());
  EXPECT_TRUE(Range("(<= a 32)")->definitelyTrue());
  EXPECT_FALSE(Range("(= a m)")->definitelyTrue()); // another symbol with the same range is not equal
  EXPECT_FALSE(Range("(= a m)")->definitelyFalse());
  EXPECT_FALSE(Range("(< a 32)")->definitelyTrue());
  EXPECT_EQ(Range("(div a 0)"), std::nullopt);
  EXPECT_EQ(Range("undefined"), std::nullopt);
}

} // namespace

namespace {
TEST(Solver, BuildsTheTermsZ3ReadsFromTheirText) {
  // What the solver hands Z3 is built from typed terms; for every rule condition and let, and the forms the solver
  // adds itself, it must be the very term Z3's reader made of the text (so verdicts and models do not move).
  const pto::checker::RuleSet &Rules = pto::checker::RuleSet::builtin();
  std::vector<std::string> Texts = {"(<= (abs x) 5)", "(= x (- 9223372036854775808))", "(<= (- 5) x)",
                                    "(and (not (<= x 1)) (<= (abs x) 3) (= y (- 2)))", "(= (+ x y 1) (- x y 2))",
                                    "(distinct x y 3)", "(=> (> x 0) (xor (< y 1) (>= y 2)))", "(= (div x 2) (mod y 3))"};
  for (const pto::checker::Rule &R : Rules.rules())
    for (const pto::checker::RuleVariant &V : R.variants) {
      Texts.push_back(V.require);
      for (const auto &[N, T] : V.let)
        Texts.push_back("(= " + N + " " + T + ")");
    }
  std::string Why;
  EXPECT_TRUE(Solver::buildsAsZ3Reads(Rules.prelude(), Texts, Why)) << Why;
  EXPECT_GT(Texts.size(), 50u);
}
} // namespace

namespace {
TEST(Solver, DirectTermsGiveTheSameVerdicts) {
  // Budget::directTerms hands Z3 the terms built from the typed terms; the verdicts are the same as from their text.
  Budget Direct;
  Direct.directTerms = true;
  Direct.groundFastPath = false; // every query goes to Z3
  Budget Text = Direct;
  Text.directTerms = false;
  Solver A(Direct), B(Text);
  std::vector<TextDecl> D = {{"a", 1, 1000, std::nullopt}, {"b", -50, 50, std::nullopt}, {"c", {}, {}, "(+ a 3)"}};
  for (const char *P : {"(<= a 1000)", "(> c a)", "(<= (* a b) 100)", "(= (mod c 7) 0)", "(<= (abs b) 49)",
                        "(and (> a 0) (< b 60))", "(=> (> b 0) (> (+ a b) 1))", "(distinct a b)"}) {
    Result X = A.check(q(D, {"(not (= b 0))"}, P)), Y = B.check(q(D, {"(not (= b 0))"}, P));
    EXPECT_EQ(X.verdict, Y.verdict) << P;
    EXPECT_NE(X.verdict, Verdict::Error) << P << ": " << X.reason;
  }
}
} // namespace
