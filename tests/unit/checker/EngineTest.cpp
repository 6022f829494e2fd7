// tests: the engine's verdict policy on hand-built calls: proved, always, sometimes with counterexample,
// guards, opaque values -> unknown, unrecognised operands, budget -> unknown, target merging, enable/disable.
#include "checker/Engine.h"

#include <gtest/gtest.h>

using namespace pto::checker;
using pto::term::Op;
using pto::term::Term;

namespace {

/// A front end's term, written as SMT-LIB2 text for reading's sake.
Term smt(const std::string &Text) {
  std::string Why;
  Term T = pto::term::parse(Text, nullptr, &Why);
  EXPECT_TRUE(T) << Text << ": " << Why;
  return T;
}

IntFact symbolic(const std::string &Text) { return IntFact::symbolic(smt(Text)); }

TileFacts tile(const std::string &Expr, DType D, const char *Name, int64_t Rows, int64_t Cols, IntFact VR,
               IntFact VC) {
  TileFacts T;
  T.isTile = true;
  T.expr = Expr;
  T.typeSpelling = "Tile";
  T.loc = "Vec";
  T.dtype = D;
  T.dtypeName = Name;
  T.rows = Rows;
  T.cols = Cols;
  T.blayout = "RowMajor";
  T.slayout = "NoneBox";
  T.declValidRow = VR.value.value_or(-1);
  T.declValidCol = VC.value.value_or(-1);
  T.validRow = VR;
  T.validCol = VC;
  return T;
}

/// TCOLARGMIN(dst, src, tmp) with float src 16x256 (valid 16 x VC), int32 dst 1x256 (valid 1 x VC), tmp 1 x TmpCols.
CallSite call(IntFact VC, int64_t TmpCols) {
  CallSite C;
  C.op = "TCOLARGMIN";
  C.overload = "index";
  C.loc = {"k.cpp", 20, 3};
  C.operands.push_back({"dstIdx", tile("dst", DType::I32, "int32_t", 1, 256, IntFact::known(1), VC)});
  C.operands.push_back({"src", tile("src", DType::F32, "float", 16, 256, IntFact::known(16), VC)});
  C.operands.push_back({"tmp", tile("tmp", DType::F32, "float", 1, TmpCols, IntFact::known(1), IntFact::known(TmpCols))});
  return C;
}

std::vector<Finding> check(const CallSite &C, Tally &T, EngineOptions O = {}) {
  Engine E(RuleSet::builtin(), O);
  std::vector<Finding> Fs;
  E.check(C, Fs, T);
  return Fs;
}

const Finding *find(const std::vector<Finding> &Fs, const std::string &Id) {
  for (const Finding &F : Fs)
    if (F.ruleId == Id)
      return &F;
  return nullptr;
}

Symbol param(const std::string &Name) {
  Symbol S;
  S.name = "s." + Name;
  S.display = Name;
  return S;
}

TEST(Engine, LegalCallIsProvedEverywhere) {
  Tally T;
  auto Fs = check(call(IntFact::known(255), 128), T);
  EXPECT_TRUE(Fs.empty());
  EXPECT_EQ(T.callSites, 1u);
  EXPECT_EQ(T.proved, T.checks);
  EXPECT_GT(T.checks, 30u);
}

TEST(Engine, DocExampleFailsOnA2A3OnlyAndSaysTheNumbers) {
  Tally T;
  auto Fs = check(call(IntFact::known(255), 32), T);
  ASSERT_EQ(Fs.size(), 1u);
  EXPECT_EQ(Fs[0].ruleId, "pto-colargmin-tmp-size");
  EXPECT_EQ(Fs[0].status, Status::ViolatedAlways);
  EXPECT_EQ(Fs[0].severity, Severity::Error);
  EXPECT_EQ(Fs[0].targets, std::vector<Target>{Target::A2A3});
  EXPECT_EQ(Fs[0].message, "tmp tile holds 128 B but TCOLARGMIN on a 16x255 float source needs 512 B on a2a3");
  EXPECT_EQ(Fs[0].help, "declare tmp with at least 512 bytes, e.g. Tile<TileType::Vec, float, 1, 128>");
  EXPECT_NE(Fs[0].citation.find("TColReduceIdx.hpp"), std::string::npos);
}

TEST(Engine, ParameterGivesSometimesWithMinimalCounterexample) {
  CallSite C = call(symbolic("|s.cols|"), 32);
  Symbol S = param("cols");
  S.lo = 1;
  S.hi = 256;
  C.symbols.push_back(S);
  Tally T;
  auto Fs = check(C, T);
  const Finding *F = find(Fs, "pto-colargmin-tmp-size");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->status, Status::ViolatedSometimes);
  EXPECT_EQ(F->severity, Severity::Warning);
  // f32: need 4*(roundup(C,8)+C) bytes; 128 B holds C <= 16; the smallest failing C is 17 (4*(24+17) = 164).
  EXPECT_EQ(F->counterexample.at("cols"), 17);
  EXPECT_NE(F->message.find("needs 164 B"), std::string::npos) << F->message;
}

TEST(Engine, GuardMakesItProved) {
  CallSite C = call(symbolic("|s.cols|"), 32);
  C.symbols.push_back(param("cols"));
  C.path.push_back({smt("(not (or (<= |s.cols| 0) (> |s.cols| 16)))"), "!(cols <= 0 || cols > 16)", {"k.cpp", 18, 3}});
  Tally T;
  auto Fs = check(C, T);
  EXPECT_TRUE(Fs.empty()) << Fs[0].message;
  EXPECT_EQ(T.proved, T.checks);
}

TEST(Engine, SymbolicButAlwaysViolatedIsAnError) {
  CallSite C = call(symbolic("|s.cols|"), 8);
  C.symbols.push_back(param("cols"));
  C.path.push_back({smt("(and (>= |s.cols| 100) (<= |s.cols| 200))"), "cols in [100, 200]", {"k.cpp", 18, 3}});
  Tally T;
  auto Fs = check(C, T);
  const Finding *F = find(Fs, "pto-colargmin-tmp-size");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->status, Status::ViolatedAlways);
  EXPECT_EQ(F->severity, Severity::Error);
}

TEST(Engine, OpaqueValueGivesUnknownNeverProvedOrViolated) {
  CallSite C = call(symbolic("|o.1|"), 32);
  Symbol S = param("o.1");
  S.name = "o.1";
  S.display = "getCols()";
  S.understood = false;
  S.why = "expression not understood";
  C.symbols.push_back(S);
  Tally T;
  auto Fs = check(C, T);
  const Finding *F = find(Fs, "pto-colargmin-tmp-size");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->status, Status::Unknown);
  EXPECT_NE(F->message.find("cannot prove that"), std::string::npos);
  bool Named = false;
  for (const Note &N : F->notes)
    Named |= N.text.find("not understood: getCols()") != std::string::npos;
  EXPECT_TRUE(Named);
  EXPECT_GT(T.unknown, 0u);
}

TEST(Engine, UnrecognisedOperandIsReportedOnce) {
  CallSite C = call(IntFact::known(8), 128);
  C.operands[2].tile = TileFacts();
  C.operands[2].tile.expr = "buf";
  C.operands[2].tile.typeSpelling = "MyBuffer";
  Tally T;
  auto Fs = check(C, T);
  ASSERT_EQ(Fs.size(), 1u);
  EXPECT_EQ(Fs[0].ruleId, "pto-operand-unrecognised");
  EXPECT_EQ(Fs[0].status, Status::Unknown);
  EXPECT_NE(Fs[0].message.find("'MyBuffer'"), std::string::npos);
}

/// The ub-capacity finding for a tmp tile of Rows x Cols doubles at address 0 (its size is its whole message).
const Finding *hugeDoubleTmpFinding(int64_t Rows, int64_t Cols, std::vector<Finding> &Fs) {
  CallSite C = call(IntFact::known(8), 128);
  C.operands[2].tile = tile("tmp", DType::F64, "double", Rows, Cols, IntFact::known(1), IntFact::known(1));
  C.operands[2].tile.hasAddr = true;
  C.operands[2].tile.addr = IntFact::known(0);
  Tally T;
  Fs = check(C, T);
  return find(Fs, "pto-tile-ub-capacity");
}

/// A tile whose declared size leaves 64 bits (Rows and Cols near INT32_MAX, which Tile's int parameters allow, or any
/// shape a .pto file writes): its size in bytes is exact, not a signed overflow (UBSan, found by fuzz/EngineFuzz.cpp).
/// (Lets computed from it, like the end address, exceed what a model value holds and stay unfilled in the message.)
TEST(Engine, TileSizeBeyond64BitsIsExact) {
  std::vector<Finding> Fs;
  const Finding *F = hugeDoubleTmpFinding(INT32_MAX, INT32_MAX, Fs);
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->status, Status::ViolatedAlways);
  EXPECT_NE(F->message.find("spans 36893488113059364872 B"), std::string::npos) << F->message;
}

/// Rows = Cols = INT64_MAX of doubles: 8 (2^63-1)^2 B leaves even 128 bits (signed overflow in the size's
/// computation, found by UBSan on Faults.HugeConstantsAreDiagnosedNotCrashed); the message still says the exact size.
TEST(Engine, TileSizeBeyond128BitsIsExact) {
  std::vector<Finding> Fs;
  const Finding *F = hugeDoubleTmpFinding(INT64_MAX, INT64_MAX, Fs);
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->status, Status::ViolatedAlways);
  // 8 * (2^63 - 1)^2 = 680564733841876926779175262273860009992
  EXPECT_NE(F->message.find("spans 680564733841876926779175262273860009992 B"), std::string::npos) << F->message;
}

/// A register or an event passed where the op expects a tile, its valid dims unset or symbolic: the findings about
/// it must not look up a display name for tile facts it does not have (std::out_of_range escaped Engine::check;
/// found by fuzz/EngineFuzz.cpp), and its valid dims are not a counterexample.
TEST(Engine, NonTileWhereATileIsExpected) {
  for (bool Event : {false, true}) {
    CallSite C;
    C.op = "TCOLMAX";
    C.overload = "plain";
    C.loc = {"k.cpp", 10, 3};
    TileFacts Src = tile("src", DType::F16, "half", 1309, 1309, symbolic("(div |s.k| 6)"),
                         symbolic("(+ |s.m| (- 3))"));
    Src.isTile = false;
    (Event ? Src.isEvent : Src.isReg) = true;
    C.operands.push_back({"src", Src});
    C.symbols = {param("k"), param("m")};
    Tally T;
    std::vector<Finding> Fs;
    ASSERT_NO_THROW(Fs = check(C, T)) << (Event ? "event" : "register");
    EXPECT_FALSE(Fs.empty());
    for (const Finding &F : Fs)
      for (const auto &[Name, Value] : F.counterexample)
        EXPECT_EQ(Name.find("src"), std::string::npos) << F.ruleId << ": " << Name;
  }
}

TEST(Engine, FindingsMergeAcrossTargets) {
  CallSite C = call(IntFact::known(255), 128);
  C.operands[0].tile.dtype = DType::F32; // float indices: illegal everywhere
  C.operands[0].tile.dtypeName = "float";
  Tally T;
  auto Fs = check(C, T);
  const Finding *F = find(Fs, "pto-colargmin-idx-dtype");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->targets, (std::vector<Target>{Target::A2A3, Target::A5, Target::CPU}));
  EXPECT_NE(F->message.find("on a2a3, a5 and cpu"), std::string::npos) << F->message;
}

TEST(Engine, EnableAndDisableGlobs) {
  EngineOptions O;
  O.disable = {"pto-colargmin-tmp-*"};
  Tally T;
  EXPECT_TRUE(check(call(IntFact::known(255), 32), T, O).empty());
  EngineOptions O2;
  O2.enable = {"pto-tile-valid-*"};
  Tally T2;
  check(call(IntFact::known(255), 32), T2, O2);
  EXPECT_EQ(T2.checks, 1u * 3u * 3u); // one tile rule x three operands x three targets
  EXPECT_TRUE(globMatch("pto-*-size", "pto-colargmin-tmp-size"));
  EXPECT_FALSE(globMatch("pto-tile-*", "pto-colargmin-tmp-size"));
}

TEST(Engine, MissingFactIsUnknownNotAnError) {
  CallSite C;
  C.op = "vmin"; // a register op whose front end gave no predicate and no scope facts
  C.overload = "reg";
  C.loc = {"k.cpp", 3, 3};
  for (const char *Role : {"dst", "src0", "src1", "mask"}) {
    TileFacts T;
    T.isReg = true;
    T.expr = Role;
    T.dtype = DType::F32;
    T.dtypeName = "float";
    C.operands.push_back({Role, T});
  }
  EngineOptions O;
  O.targets = {Target::A5};
  Tally T;
  auto Fs = check(C, T, O);
  EXPECT_EQ(T.errors, 0u);
  const Finding *F = find(Fs, "pto-vmin-vecscope");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->status, Status::Unknown);
  bool Says = false;
  for (const Note &N : F->notes)
    Says |= N.text.find("op.invecscope (not available for this call)") != std::string::npos;
  EXPECT_TRUE(Says);
}

/// A front end's term the engine cannot take (no term, an operator with too few arguments, a macro the prelude does
/// not define, arguments of the wrong sort, a Bool where a value belongs, a symbol the call does not declare): the
/// checks that read it fail closed, never proved, and nothing crashes on the way (the terms no reader has checked).
TEST(Engine, MalformedFrontEndTermsFailClosed) {
  Term Cols = Term::var("s.cols");
  const std::pair<const char *, Term> Facts[] = {
      {"no term", Term()},
      {"div of one argument", Term::apply(Op::Div, {Cols})},
      {"an unknown macro", Term::call("ceil_div", {Cols, Term::literal(8)}, pto::term::Sort::Int)},
      {"a Bool added", Term::apply(Op::Add, {Term::boolean(true), Cols})},
      {"a Bool", Term::apply(Op::Lt, {Cols, Term::literal(8)})},
      {"an undeclared symbol", Term::var("s.ghost")}};
  for (const auto &[What, VC] : Facts) {
    CallSite C = call(IntFact::symbolic(VC), 128); // legal for every valid column count
    C.symbols.push_back(param("cols"));
    Tally T;
    std::vector<Finding> Fs;
    ASSERT_NO_THROW(Fs = check(C, T)) << What;
    const Finding *F = find(Fs, "pto-colargmin-tmp-size");
    ASSERT_TRUE(F) << What << ": proved";
    EXPECT_TRUE(F->status == Status::Error || F->status == Status::Unknown) << What << ": " << F->message;
  }
  // A guard that is not a Bool term: no violation is claimed under it either.
  for (const Term &Guard : {Term::apply(Op::Add, {Cols, Term::literal(1)}), Term::apply(Op::Not, {Cols}), Term()}) {
    CallSite C = call(IntFact::symbolic(Cols), 32);
    C.symbols.push_back(param("cols"));
    C.path.push_back({Guard, "cols + 1", {"k.cpp", 18, 3}});
    Tally T;
    std::vector<Finding> Fs;
    ASSERT_NO_THROW(Fs = check(C, T));
    const Finding *F = find(Fs, "pto-colargmin-tmp-size");
    ASSERT_TRUE(F) << pto::term::print(Guard) << ": proved";
    EXPECT_EQ(F->status, Status::Error) << pto::term::print(Guard) << ": " << F->message;
  }
}

TEST(Engine, BudgetExhaustionIsUnknown) {
  // A nonlinear guard the solver cannot settle with a resource limit of 1.
  CallSite C = call(symbolic("|s.a|"), 32);
  for (const char *N : {"a", "b", "c"}) {
    Symbol S = param(N);
    S.lo = 1;
    S.hi = 1000000;
    C.symbols.push_back(S);
  }
  C.path.push_back({smt("(= (* |s.a| |s.a| |s.a|) (+ (* |s.b| |s.b| |s.b|) (* |s.c| |s.c| |s.c|)))"),
                    "a^3 = b^3 + c^3", {"k.cpp", 1, 1}});
  EngineOptions O;
  O.budget.rlimit = 1;
  O.targets = {Target::A2A3};
  O.enable = {"pto-colargmin-tmp-size"};
  Tally T;
  auto Fs = check(C, T, O);
  ASSERT_EQ(Fs.size(), 1u);
  EXPECT_EQ(Fs[0].status, Status::Unknown);
  EXPECT_EQ(T.proved, 0u);
}

/// EngineOptions::assumeRules: upstream's checks decided with the call's rules on the target as hypotheses (the test
/// that the hand rules imply upstream's checks, docs/upstream-checks.md).
TEST(Engine, AssumeRulesDecidesUpstreamChecksUnderTheRules) {
  // TCOLARGMIN with the source's valid columns n and the index tile's m: pto-colargmin-dst-validcol requires n = m,
  // pto-tile-valid-bounds and pto-colargmin-valid-nonzero 0 < n <= 256.
  CallSite C = call(symbolic("|s.n|"), 128);
  C.operands[0].tile.validCol = symbolic("|s.m|");
  C.symbols.push_back(param("n"));
  C.symbols.push_back(param("m"));
  auto Lifted = [](const std::string &Cond, const std::string &Text, unsigned Line) {
    UpstreamCheck U;
    U.term = smt(Cond);
    U.text = Text;
    U.loc = {"pto/npu/a2a3/TColReduceIdx.hpp", Line, 5};
    U.target = Target::A2A3;
    return U;
  };
  C.upstream.push_back(Lifted("(= |s.n| |s.m|)", "srcValidCol == dstValidCol", 50)); // what a rule requires
  C.upstream.push_back(Lifted("(<= |s.n| 64)", "srcValidCol <= 64", 51));           // stricter than the rules
  EngineOptions O;
  O.targets = {Target::A2A3};
  auto Upstream = [](const std::vector<Finding> &Fs) {
    std::vector<const Finding *> Out;
    for (const Finding &F : Fs)
      if (F.ruleId == UpstreamAssertId)
        Out.push_back(&F);
    return Out;
  };
  {
    Tally T;
    auto Fs = check(C, T, O);
    EXPECT_EQ(Upstream(Fs).size(), 2u) << "without the rules, both checks fail for some n and m";
  }
  O.assumeRules = true;
  Tally T;
  auto Fs = check(C, T, O);
  auto Us = Upstream(Fs);
  ASSERT_EQ(Us.size(), 1u);
  EXPECT_NE(Us[0]->message.find("'srcValidCol <= 64'"), std::string::npos) << Us[0]->message;
  EXPECT_EQ(Us[0]->status, Status::ViolatedSometimes);
  EXPECT_EQ(Us[0]->counterexample.at("n"), 65); // the smallest n the rules accept and the check rejects
  bool Says = false;
  for (const Note &N : Us[0]->notes)
    Says |= N.text.find("(assume-rules)") != std::string::npos;
  EXPECT_TRUE(Says);
  EXPECT_EQ(T.upstreamOps["TCOLARGMIN"].proved, 1u);
  EXPECT_EQ(T.upstreamOps["TCOLARGMIN"].violated, 1u);

  // Rules no value of the call meets (a double source, which a2a3 does not take) would prove every check: the
  // checks are not compared, and say why.
  C.operands[1].tile.dtype = DType::F64;
  C.operands[1].tile.dtypeName = "double";
  Tally V;
  Fs = check(C, V, O);
  EXPECT_TRUE(Upstream(Fs).empty());
  EXPECT_EQ(V.upstreamOps["TCOLARGMIN"].notFollowed, 2u);
  ASSERT_FALSE(V.notFollowed.empty());
  EXPECT_NE(std::get<3>(V.notFollowed.begin()->first).find("accept none of its values"), std::string::npos);
}

/// Upstream's checks are decided with the call's symbolic valid dims within their tiles, which only
/// pto-tile-valid-bounds checks. Where the call's path does not imply that, a check that needs it is not proved (the
/// oracle's wrong "proved", tests/oracle/expected.txt), and a violation within the tiles is one for some values.
TEST(Engine, UpstreamChecksThatNeedTheTileBoundsAreProvedOnlyWhereThePathGivesThem) {
  auto Lifted = [](const std::string &Cond, const std::string &Text) {
    UpstreamCheck U;
    U.term = smt(Cond);
    U.text = Text;
    U.loc = {"pto/npu/a2a3/TColReduceIdx.hpp", 60, 5};
    U.target = Target::A2A3;
    return U;
  };
  EngineOptions O;
  O.targets = {Target::A2A3};
  O.enable = {UpstreamAssertId};
  const std::string Within = "it holds only while the valid dims lie within their tiles";
  auto Reasons = [](const Tally &T) {
    std::string R;
    for (const auto &[K, N] : T.notFollowed)
      R += std::get<3>(K) + "\n";
    return R;
  };
  // src is 16 x 256 with n valid columns, n a parameter nothing bounds: n <= 256 follows only from the tile's bounds.
  CallSite C = call(symbolic("|s.n|"), 128);
  C.symbols.push_back(param("n"));
  C.upstream.push_back(Lifted("(<= |s.n| 256)", "srcValidCol <= Cols"));
  {
    Tally T;
    auto Fs = check(C, T, O);
    EXPECT_EQ(find(Fs, UpstreamAssertId), nullptr);
    EXPECT_EQ(T.upstreamOps["TCOLARGMIN"].proved, 0u);
    EXPECT_EQ(T.upstreamOps["TCOLARGMIN"].notFollowed, 1u);
    EXPECT_NE(Reasons(T).find(Within), std::string::npos) << Reasons(T);
    // The call that reached it, for the JSON report's list.
    ASSERT_EQ(T.notFollowedCalls.size(), 1u);
    EXPECT_EQ(T.notFollowedCalls.begin()->second,
              (std::set<std::tuple<std::string, unsigned, unsigned>>{{C.loc.file, C.loc.line, C.loc.col}}));
  }
  // A guard that bounds n: proved.
  CallSite G = C;
  G.path.push_back({smt("(and (<= 1 |s.n|) (<= |s.n| 200))"), "1 <= n && n <= 200", {"k.cpp", 18, 3}});
  {
    Tally T;
    auto Fs = check(G, T, O);
    EXPECT_EQ(find(Fs, UpstreamAssertId), nullptr);
    EXPECT_EQ(T.upstreamOps["TCOLARGMIN"].proved, 1u) << Reasons(T);
  }
  // Failing for every n within the tile, but not for n = 300: violated for some values, with one within the tile.
  C.upstream = {Lifted("(> |s.n| 256)", "srcValidCol > Cols")};
  {
    Tally T;
    auto Fs = check(C, T, O);
    const Finding *F = find(Fs, UpstreamAssertId);
    ASSERT_TRUE(F);
    EXPECT_EQ(F->status, Status::ViolatedSometimes) << F->message;
    ASSERT_TRUE(F->counterexample.count("n"));
    EXPECT_LE(F->counterexample.at("n"), 256);
    EXPECT_GE(F->counterexample.at("n"), 0);
  }
  G.upstream = C.upstream; // within the guard, it does fail for every n
  {
    Tally T;
    auto Fs = check(G, T, O);
    const Finding *F = find(Fs, UpstreamAssertId);
    ASSERT_TRUE(F);
    EXPECT_EQ(F->status, Status::ViolatedAlways) << F->message;
  }
}

/// A call's facts without where it is (factsKey, what the fix stage shares its re-checks by): equal for the same
/// call reached from elsewhere, different when a fact differs; callKey tells the places apart.
TEST(Engine, FactsKeyLeavesOutOnlyWhereTheCallIs) {
  CallSite A = call(IntFact::known(200), 128);
  CallSite B = A;
  B.loc = {"other.cpp", 7, 1};
  B.function = "g";
  B.instantiatedFrom = {{"k.cpp", 40, 1}};
  B.instantiationNames = {"f<16>"};
  B.callers = {{{"k.cpp", 50, 3}, "main"}};
  B.text = "TCOLARGMIN(d, s, t)";
  EXPECT_EQ(factsKey(A), factsKey(B));
  EXPECT_NE(callKey(A), callKey(B));
  CallSite C = A;
  C.operands[2].tile.cols = 64;
  EXPECT_NE(factsKey(A), factsKey(C));
  CallSite D = A;
  D.upstream.push_back(UpstreamCheck{});
  EXPECT_NE(factsKey(A), factsKey(D));
}

/// FactsView (what Session::check decides a call once per place by) compares what factsKey writes, without printing:
/// equal wherever factsKey is, terms by structure (built apart, still equal), and a difference in any part is one.
TEST(Engine, FactsViewIsFactsKeyWithoutPrinting) {
  auto WithCheck = [](const char *Term, const char *Guard) {
    CallSite C = call(symbolic("(+ |s.r| 1)"), 128);
    C.symbols.push_back(param("r"));
    UpstreamCheck U;
    U.term = smt(Term);
    U.path.push_back({smt(Guard), "r > 0", {"k.cpp", 3, 5}});
    U.text = "validRow <= Rows";
    U.loc = {"pto/npu/a2a3/TColArgMin.hpp", 40, 5};
    U.target = Target::A2A3;
    C.upstream.push_back(U);
    return C;
  };
  CallSite A = WithCheck("(<= |s.r| 16)", "(> |s.r| 0)");
  CallSite B = WithCheck("(<= |s.r| 16)", "(> |s.r| 0)"); // the same facts, every term built again
  B.loc = {"other.cpp", 7, 1};
  B.callers = {{{"k.cpp", 50, 3}, "main"}};
  ASSERT_EQ(factsKey(A), factsKey(B));
  EXPECT_TRUE(FactsView(A) == FactsView(B));
  std::vector<CallSite> Differ;
  Differ.push_back(WithCheck("(<= |s.r| 32)", "(> |s.r| 0)")); // the check's term
  Differ.push_back(WithCheck("(<= |s.r| 16)", "(>= |s.r| 0)")); // its path
  Differ.push_back(A);
  Differ.back().operands[1].tile.validRow = symbolic("(+ |s.r| 2)"); // an operand's symbolic valid row
  Differ.push_back(A);
  Differ.back().operands[0].tile.blayout = "ColMajor"; // an operand's layout
  Differ.push_back(A);
  Differ.back().symbols[0].hi = 7; // a symbol's range
  Differ.push_back(A);
  Differ.back().upstream.own()[0].message = "other"; // the check's message (findings quote it)
  Differ.push_back(A);
  Differ.back().overload = "value-index";
  for (const CallSite &C : Differ) {
    EXPECT_NE(factsKey(A), factsKey(C));
    EXPECT_FALSE(FactsView(A) == FactsView(C)) << factsKey(C);
  }
}

/// Whether a call's path keeps its valid dims within their tiles only chooses the hypotheses of its checks: a point of
/// the path where one is past its tile answers it without Z3, also when the first points divide by zero (a2a3
/// tmrgsort_kernel.cpp:266, `cols = kTCols_ / (blockLen * 4) * (blockLen * 4)` of a loop counter pto-lint does not
/// follow: Z3 spent 10 to 40 ms on each such question).
TEST(Engine, WellFormedPathIsAnsweredByAPointWithoutZ3) {
  EngineOptions O;
  O.targets = {Target::A2A3};
  O.enable = {UpstreamAssertId};
  CallSite C = call(symbolic("(mod (* (div 256 (mod (* |s.b| 4) 4294967296)) (mod (* |s.c| 4) 4294967296)) 65536)"), 128);
  C.symbols.push_back(param("b"));
  C.symbols.push_back(param("c"));
  UpstreamCheck U;
  U.term = smt("(<= 1 16)");
  U.text = "1 <= Rows";
  U.loc = {"pto/npu/a2a3/TMrgSort.hpp", 286, 5};
  U.target = Target::A2A3;
  C.upstream.push_back(U);
  Engine E(RuleSet::builtin(), O);
  std::vector<Finding> Fs;
  Tally T;
  E.check(C, Fs, T);
  EXPECT_EQ(E.solver().z3Calls(), 0u);
}

} // namespace

/// Each call counts once per target by how it ended there (Tally::ends): the worst of its checks on that target.
TEST(Engine, CallEndsPerTargetAreTheWorstOfItsChecks) {
  auto Ends = [](const Tally &T, Target Tg) {
    auto It = T.ends.find({"TCOLARGMIN", Tg});
    const CallEnds E = It == T.ends.end() ? CallEnds() : It->second;
    return std::make_tuple(E.proved, E.notFollowed, E.unknown, E.violated);
  };
  using Counts = std::tuple<unsigned, unsigned, unsigned, unsigned>; // proved, notFollowed, unknown, violated
  Tally Legal;
  check(call(IntFact::known(255), 128), Legal);
  for (Target Tg : allTargets())
    EXPECT_EQ(Ends(Legal, Tg), Counts(1, 0, 0, 0)) << targetName(Tg);
  // The doc example: tmp too small on A2A3 only (A5 and the CPU simulator ignore tmp).
  Tally Doc;
  auto Fs = check(call(IntFact::known(255), 32), Doc);
  EXPECT_EQ(Ends(Doc, Target::A2A3), Counts(0, 0, 0, 1));
  EXPECT_EQ(Ends(Doc, Target::A5), Counts(1, 0, 0, 0));
  EXPECT_EQ(Ends(Doc, Target::CPU), Counts(1, 0, 0, 0));
  // ... and its tmp carries the bytes the A2A3 implementation touches (rule tmpBytes), for reports to draw.
  ASSERT_EQ(Fs.size(), 1u);
  bool Drawn = false;
  for (const TileView &V : Fs[0].tiles)
    if (V.role == "tmp") {
      Drawn = true;
      EXPECT_EQ(V.usedBytes, std::optional<int64_t>(512));
    } else {
      EXPECT_FALSE(V.usedBytes) << V.role;
    }
  EXPECT_TRUE(Drawn);
  // A valid column count pto-lint could not follow: every target has a check that depends on it (A2A3's tmp size,
  // the valid-region rules everywhere), so none is proved.
  CallSite C = call(symbolic("|o.1|"), 32);
  Symbol S = param("o.1");
  S.name = "o.1";
  S.understood = false;
  C.symbols.push_back(S);
  Tally Opaque;
  check(C, Opaque);
  for (Target Tg : allTargets())
    EXPECT_EQ(Ends(Opaque, Tg), Counts(0, 0, 1, 0)) << targetName(Tg);
  // A call none of whose rules can be decided: unknown on every target.
  CallSite Bad = call(IntFact::known(8), 128);
  Bad.operands[2].tile = TileFacts();
  Bad.operands[2].tile.expr = "x";
  Tally Undecided;
  check(Bad, Undecided);
  for (Target Tg : allTargets())
    EXPECT_EQ(Ends(Undecided, Tg), Counts(0, 0, 1, 0)) << targetName(Tg);
}
