// tests/crosscheck: the one cross-check harness a family plugs into with an adapter (rules vs reference model on
// random calls). An adapter F provides:
//   using Config;                                         // one call as the model sees it
//   static Config random(std::mt19937 &, ref::Target, bool IsMax);
//   static checker::CallSite callSite(const Config &);    // the facts a front end would extract
//   static std::vector<ref::Precondition> preconditions(const Config &);
//   static std::string describe(const Config &);
//   static bool checkResult(std::mt19937 &, const Config &); // a legal call computes what the op means; false:
//                                                             // this configuration's result is not checked here
// The harness checks, per op and target: the rules pto-lint finds violated are exactly the model's violated
// preconditions; the sample has many legal calls with results checked; and every rule that has a variant for the
// op and target (from the rule data, not a list kept by hand) is violated often, and no other. Rules about placed
// tiles (TASSIGN addresses) are out of scope: the sampled tiles are not placed, so they hold on every sample.
#ifndef PTOLINT_TESTS_CROSSCHECK_FAMILY_HPP
#define PTOLINT_TESTS_CROSSCHECK_FAMILY_HPP

#include "CrossCheckUtil.hpp"
#include "checker/Engine.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>

namespace pto::crosscheck {

/// Rules that only speak about tiles placed with TASSIGN.
inline bool aboutPlacement(const std::string &Id) {
  return Id == "pto-tile-overlap" || Id == "pto-tile-ub-align" || Id == "pto-tile-ub-capacity";
}

/// The rules with a variant for this op (its overloads) and target.
inline std::set<std::string> rulesFor(const std::string &Op, checker::Target T) {
  std::set<std::string> Out;
  const checker::RuleSet &Rs = checker::RuleSet::builtin();
  const checker::OpSignature *Sig = Rs.op(Op);
  for (const checker::Rule &R : Rs.rules())
    if (R.appliesTo(Op) && !aboutPlacement(R.id) && Sig)
      for (const checker::Overload &O : Sig->overloads)
        if (const checker::RuleVariant *V = R.variantFor(T, O.name); V && V->require != "true")
          Out.insert(R.id);
  return Out;
}

template <class F> void runFamilyCrossCheck(ref::Target T, bool IsMax, const std::string &Op, int Configs = 10000,
                                            unsigned MinViolations = 40) {
  checker::EngineOptions O;
  O.targets = {checkerTarget(T)};
  checker::Engine E(checker::RuleSet::builtin(), O);
  std::mt19937 Rng(20261124u + 7u * static_cast<unsigned>(T) + (IsMax ? 1u : 0u));
  unsigned Legal = 0, Mismatches = 0, ResultsChecked = 0;
  std::map<std::string, unsigned> Violated;
  for (int I = 0; I < Configs; ++I) {
    const typename F::Config C = F::random(Rng, T, IsMax);
    std::set<std::string> Model;
    ASSERT_NO_FATAL_FAILURE(compareWithModel(E, F::callSite(C), F::preconditions(C), F::describe(C), Mismatches, Model));
    for (const std::string &Id : Model)
      ++Violated[Id];
    if (!Model.empty())
      continue;
    ++Legal;
    bool Checked = false;
    ASSERT_NO_FATAL_FAILURE(Checked = F::checkResult(Rng, C));
    ResultsChecked += Checked;
  }
  EXPECT_EQ(Mismatches, 0u);
  EXPECT_GT(Legal, unsigned(Configs) / 10u);
  EXPECT_GT(ResultsChecked, unsigned(Configs) / 20u);
  const std::set<std::string> Expected = rulesFor(Op, checkerTarget(T));
  for (const std::string &Id : Expected)
    EXPECT_GE(Violated[Id], MinViolations) << Id << " is rarely violated in the sample";
  for (const auto &[Id, N] : Violated)
    EXPECT_TRUE(Expected.count(Id)) << Id << " violated " << N << " times but has no variant for " << Op << " on "
                                    << ref::targetName(T);
  std::string Counts;
  for (const auto &[Id, N] : Violated)
    Counts += " " + Id + "=" + std::to_string(N);
  std::printf("[ crosscheck ] %s %s: %d configurations, %u legal (%u results checked); violated:%s\n", Op.c_str(),
              ref::targetName(T), Configs, Legal, ResultsChecked, Counts.c_str());
}

} // namespace pto::crosscheck

#endif
