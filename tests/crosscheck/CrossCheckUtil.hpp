// tests/crosscheck: helpers shared by the cross-checks whose model tiles have elem, rows, cols, kind
// (vec, rowMajor, boxed) and validRow/validCol (ColReduce, Elementwise, Part): checker facts and a short text.
#ifndef PTOLINT_TESTS_CROSSCHECK_CROSSCHECKUTIL_HPP
#define PTOLINT_TESTS_CROSSCHECK_CROSSCHECKUTIL_HPP

#include "checker/Engine.h"
#include "checker/Facts.h"
#include "pto/ref/ColArg.hpp" // Precondition
#include "pto/ref/Elem.hpp"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace pto::crosscheck {

inline checker::DType toDType(ref::Elem E) { return static_cast<checker::DType>(static_cast<int>(E) + 1); }

/// The facts a front end would extract for a model tile with every value known.
template <class TileT> checker::TileFacts facts(const std::string &Expr, const TileT &P) {
  checker::TileFacts T;
  T.isTile = true;
  T.expr = Expr;
  T.typeSpelling = "Tile";
  T.loc = P.kind.vec ? "Vec" : "Mat";
  T.dtype = toDType(P.elem);
  T.dtypeName = ref::elemName(P.elem);
  T.rows = P.rows;
  T.cols = P.cols;
  T.blayout = P.kind.rowMajor ? "RowMajor" : "ColMajor";
  T.slayout = P.kind.boxed ? "RowMajor" : "NoneBox";
  T.declValidRow = P.validRow;
  T.declValidCol = P.validCol;
  T.validRow = checker::IntFact::known(P.validRow);
  T.validCol = checker::IntFact::known(P.validCol);
  return T;
}

template <class TileT> std::string show(const TileT &P) {
  std::ostringstream OS;
  OS << ref::elemName(P.elem) << " " << P.rows << "x" << P.cols << (P.kind.rowMajor ? "" : " DN")
     << (P.kind.boxed ? " boxed" : "") << (P.kind.vec ? "" : " Mat") << " valid " << P.validRow << "x" << P.validCol;
  return OS.str();
}

/// The engine's target for a model target.
inline checker::Target checkerTarget(ref::Target T) {
  return T == ref::Target::A2A3 ? checker::Target::A2A3 : T == ref::Target::A5 ? checker::Target::A5 : checker::Target::CPU;
}

/// Fails the test (for the first 10 disagreements, counted in Mismatches) when the rules that fired and the
/// model's violated preconditions are not the same set of ids.
inline void expectSameIds(const std::set<std::string> &Rules, const std::set<std::string> &Model,
                          const std::string &Config, unsigned &Mismatches) {
  if (Rules == Model || ++Mismatches > 10)
    return;
  std::string A, B;
  for (const auto &R : Rules)
    A += R + " ";
  for (const auto &R : Model)
    B += R + " ";
  ADD_FAILURE() << Config << "\n  rules: " << A << "\n  model: " << B;
}

/// Checks one call with the engine, which must decide every rule (no unknown, no error) and find only
/// "violated always" (every fact is known), and compares the rules that fired with the model's preconditions
/// (expectSameIds). Model receives the model's precondition ids: empty for a legal call. Call it inside
/// ASSERT_NO_FATAL_FAILURE: an undecided rule stops the test.
inline void compareWithModel(checker::Engine &E, const checker::CallSite &Call,
                             const std::vector<ref::Precondition> &Preconditions, const std::string &Config,
                             unsigned &Mismatches, std::set<std::string> &Model) {
  std::vector<checker::Finding> Fs;
  checker::Tally Tl;
  E.check(Call, Fs, Tl);
  ASSERT_EQ(Tl.errors + Tl.unknown, 0u) << Config;
  std::set<std::string> Rules;
  for (const checker::Finding &F : Fs) {
    EXPECT_EQ(F.status, checker::Status::ViolatedAlways) << Config;
    Rules.insert(F.ruleId);
  }
  Model.clear();
  for (const ref::Precondition &P : Preconditions)
    Model.insert(P.id);
  expectSameIds(Rules, Model, Config, Mismatches);
}

} // namespace pto::crosscheck

#endif
