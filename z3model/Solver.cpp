// z3model: Z3 C-API implementation of Solver. Every Z3 error is caught here and becomes Verdict::Error.
#include "Solver.h"

#include "Ground.h"

#include <z3.h>

#include <algorithm>
#include <chrono>
#include <sstream>

namespace pto::z3model {

const char *verdictName(Verdict V) {
  switch (V) {
  case Verdict::Proved: return "proved";
  case Verdict::ViolatedAlways: return "violated-always";
  case Verdict::ViolatedSometimes: return "violated-sometimes";
  case Verdict::Unknown: return "unknown";
  case Verdict::Error: return "error";
  }
  return "error";
}

namespace {
// Z3 calls this instead of exiting; the error code stays readable through Z3_get_error_code.
void ignoreError(Z3_context, Z3_error_code) {}

std::string quoteSym(const std::string &Name) { return "|" + Name + "|"; }
} // namespace

std::string smtInt(int64_t V) {
  if (V >= 0)
    return std::to_string(V);
  // -V overflows for INT64_MIN; spell the magnitude through unsigned arithmetic.
  return "(- " + std::to_string(0 - static_cast<uint64_t>(V)) + ")";
}

struct Solver::Impl {
  Z3_context Ctx = nullptr;
  Z3_sort IntSort = nullptr;
  std::string PreludeText;       // the prelude GroundProto was loaded from
  bool PreludeOk = false;
  GroundEvaluator GroundProto;    // prelude macros loaded once, copied per query

  Impl() {
    Z3_config Cfg = Z3_mk_config();
    Z3_set_param_value(Cfg, "model", "true");
    Ctx = Z3_mk_context_rc(Cfg);
    Z3_del_config(Cfg);
    Z3_set_error_handler(Ctx, ignoreError);
    IntSort = Z3_mk_int_sort(Ctx);
    Z3_inc_ref(Ctx, Z3_sort_to_ast(Ctx, IntSort));
  }
  ~Impl() {
    Z3_dec_ref(Ctx, Z3_sort_to_ast(Ctx, IntSort));
    Z3_del_context(Ctx);
  }

  bool failed(std::string &Why) {
    Z3_error_code E = Z3_get_error_code(Ctx);
    if (E == Z3_OK)
      return false;
    Why = Z3_get_error_msg(Ctx, E);
    Z3_set_error(Ctx, Z3_OK);
    return true;
  }
};

Solver::Solver(Budget B) : P(std::make_unique<Impl>()), B(B) {}
Solver::~Solver() = default;

static void appendDecls(std::ostringstream &OS, const Query &Q) {
  for (const Decl &D : Q.decls) {
    OS << "(declare-const " << quoteSym(D.name) << " Int)\n";
    if (D.definition)
      OS << "(assert (= " << quoteSym(D.name) << " " << *D.definition << "))\n";
    if (D.lo)
      OS << "(assert (<= " << smtInt(*D.lo) << " " << quoteSym(D.name) << "))\n";
    if (D.hi)
      OS << "(assert (<= " << quoteSym(D.name) << " " << smtInt(*D.hi) << "))\n";
  }
}

/// Script asserting the hypotheses plus `Goal` (a Bool term, or empty for none).
static std::string script(const Query &Q, const std::string &Goal) {
  std::ostringstream OS;
  OS << "; query: " << Q.name << "\n" << Q.prelude << "\n";
  appendDecls(OS, Q);
  for (const std::string &H : Q.hypotheses)
    OS << "(assert " << H << ")\n";
  if (!Goal.empty())
    OS << "(assert " << Goal << ")\n";
  return OS.str();
}

std::string Solver::toSmtLib(const Query &Q) {
  return script(Q, "(not " + Q.property + ")") + "(check-sat)\n(get-model)\n";
}

namespace {
enum class Sat { Yes, No, Unknown, Error };

// One solver run over a parsed script. Keeps the model (when Yes) in Model.
struct Run {
  Z3_context Ctx;
  Z3_solver S = nullptr;
  Z3_model M = nullptr;
  std::string Why;

  explicit Run(Z3_context C) : Ctx(C) {}
  ~Run() {
    if (M)
      Z3_model_dec_ref(Ctx, M);
    if (S)
      Z3_solver_dec_ref(Ctx, S);
  }
};
} // namespace

static Sat solve(Solver::Impl &I, const std::string &Text, unsigned RLimit, Run &R) {
  Z3_context C = I.Ctx;
  Z3_ast_vector Fs = Z3_parse_smtlib2_string(C, Text.c_str(), 0, nullptr, nullptr, 0, nullptr, nullptr);
  if (I.failed(R.Why))
    return Sat::Error;
  Z3_ast_vector_inc_ref(C, Fs);
  R.S = Z3_mk_simple_solver(C);
  Z3_solver_inc_ref(C, R.S);
  Z3_params Ps = Z3_mk_params(C);
  Z3_params_inc_ref(C, Ps);
  Z3_params_set_uint(C, Ps, Z3_mk_string_symbol(C, "rlimit"), RLimit);
  Z3_solver_set_params(C, R.S, Ps);
  Z3_params_dec_ref(C, Ps);
  for (unsigned K = 0, N = Z3_ast_vector_size(C, Fs); K < N; ++K)
    Z3_solver_assert(C, R.S, Z3_ast_vector_get(C, Fs, K));
  Z3_ast_vector_dec_ref(C, Fs);
  if (I.failed(R.Why))
    return Sat::Error;
  Z3_lbool L = Z3_solver_check(C, R.S);
  if (I.failed(R.Why))
    return Sat::Error;
  if (L == Z3_L_TRUE) {
    R.M = Z3_solver_get_model(C, R.S);
    Z3_model_inc_ref(C, R.M);
    return Sat::Yes;
  }
  if (L == Z3_L_FALSE)
    return Sat::No;
  R.Why = Z3_solver_get_reason_unknown(C, R.S);
  return Sat::Unknown;
}

/// Reads the value of every declared constant from the model of R.
static bool readModel(Solver::Impl &I, const Query &Q, Run &R, std::map<std::string, int64_t> &Out) {
  Z3_context C = I.Ctx;
  for (const Decl &D : Q.decls) {
    Z3_symbol Sym = Z3_mk_string_symbol(C, D.name.c_str());
    Z3_ast Const = Z3_mk_const(C, Sym, I.IntSort);
    Z3_inc_ref(C, Const);
    Z3_ast V = nullptr;
    bool Ok = Z3_model_eval(C, R.M, Const, true, &V);
    int64_t X = 0;
    if (Ok && V && Z3_get_numeral_int64(C, V, &X))
      Out[D.name] = X;
    Z3_dec_ref(C, Const);
    if (I.failed(R.Why))
      return false;
  }
  return true;
}

/// Tightens the counterexample: for each constant to minimize, in order, the smallest |x| that still
/// violates the property, found by bisection under the same budget. Returns false if nothing better.
static void minimize(Solver::Impl &I, const Query &Q, unsigned RLimit, std::map<std::string, int64_t> &Model) {
  std::vector<std::string> Fixed;
  // A counterexample is already valid; making it small is worth a bounded effort only.
  int Steps = 48;
  RLimit = std::max(RLimit / 8, 1u);
  for (const std::string &Name : Q.minimize) {
    auto It = Model.find(Name);
    if (It == Model.end())
      continue;
    std::string Q1 = quoteSym(Name);
    int64_t Hi = It->second < 0 ? -It->second : It->second, Lo = 0;
    while (Lo < Hi && Steps-- > 0) {
      int64_t Mid = Lo + (Hi - Lo) / 2;
      std::string Extra = "(and (not " + Q.property + ") (<= (abs " + Q1 + ") " + std::to_string(Mid) + ")";
      for (const std::string &F : Fixed)
        Extra += " " + F;
      Extra += ")";
      Run R(I.Ctx);
      Sat S = solve(I, script(Q, Extra), RLimit, R);
      if (S == Sat::Yes) {
        std::map<std::string, int64_t> M2;
        if (!readModel(I, Q, R, M2))
          return;
        Model = M2;
        int64_t V = Model[Name];
        Hi = V < 0 ? -V : V;
      } else if (S == Sat::No) {
        Lo = Mid + 1;
      } else {
        return; // keep what we have: a valid counterexample, maybe not minimal
      }
    }
    Fixed.push_back("(= " + Q1 + " " + smtInt(Model[Name]) + ")");
  }
}

/// Decides Q without Z3 when its property (and hypotheses) only mention constants with known values.
/// Returns false when Z3 is needed.
bool Solver::tryGround(const Query &Q, Result &Out) {
  if (!P->PreludeOk || P->PreludeText != Q.prelude) {
    P->GroundProto = GroundEvaluator();
    P->PreludeOk = P->GroundProto.loadPrelude(Q.prelude);
    P->PreludeText = Q.prelude;
  }
  if (!P->PreludeOk)
    return false;
  GroundEvaluator G = P->GroundProto;
  for (const Decl &D : Q.decls)
    if (D.definition)
      G.define(D.name, *D.definition);
  std::optional<int64_t> Prop = G.eval(Q.property);
  if (!Prop)
    return false;
  if (*Prop) { // true for every value, whatever the path: proved (vacuity is not asked)
    Out.verdict = Verdict::Proved;
    return true;
  }
  for (const std::string &H : Q.hypotheses) {
    std::optional<int64_t> V = G.eval(H);
    if (!V)
      return false; // whether the path is feasible needs the solver
    if (*V == 0) {
      Out.verdict = Verdict::Proved;
      Out.vacuous = true;
      return true;
    }
  }
  for (const Decl &D : Q.decls) {
    if (!D.definition)
      return false; // a free constant exists: its bounds could be empty; let Z3 decide feasibility
    if (auto V = G.eval("|" + D.name + "|"))
      Out.model[D.name] = *V;
  }
  Out.verdict = Verdict::ViolatedAlways;
  return true;
}

Result Solver::check(const Query &Q) {
  auto Start = std::chrono::steady_clock::now();
  Result R = checkImpl(Q);
  Micros.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - Start).count());
  return R;
}

Result Solver::checkImpl(const Query &Q) {
  ++Queries;
  Result Res;
  if (B.groundFastPath && tryGround(Q, Res)) {
    ++Ground;
    return Res;
  }
  Res = Result();
  bool HasFree = false;
  for (const Decl &D : Q.decls)
    HasFree |= !D.definition.has_value();

  Run Fail(P->Ctx);
  Sat S = solve(*P, script(Q, "(not " + Q.property + ")"), B.rlimit, Fail);
  if (S == Sat::Error) {
    Res.verdict = Verdict::Error;
    Res.reason = "z3: " + Fail.Why;
    return Res;
  }
  if (S == Sat::Unknown) {
    Res.verdict = Verdict::Unknown;
    Res.reason = Fail.Why.empty() ? "solver gave up" : Fail.Why;
    return Res;
  }
  if (S == Sat::No) {
    Res.verdict = Verdict::Proved;
    if (!Q.hypotheses.empty() && HasFree) {
      Run Hyp(P->Ctx);
      Res.vacuous = solve(*P, script(Q, ""), B.rlimit, Hyp) == Sat::No;
    }
    return Res;
  }
  if (!readModel(*P, Q, Fail, Res.model)) {
    Res.verdict = Verdict::Error;
    Res.reason = "z3: " + Fail.Why;
    return Res;
  }
  if (!HasFree) {
    Res.verdict = Verdict::ViolatedAlways;
    return Res;
  }
  Run Hold(P->Ctx);
  Sat H = solve(*P, script(Q, Q.property), B.rlimit, Hold);
  if (H == Sat::Error) {
    Res.verdict = Verdict::Error;
    Res.reason = "z3: " + Hold.Why;
    return Res;
  }
  if (H == Sat::No) {
    Res.verdict = Verdict::ViolatedAlways;
    return Res;
  }
  // Unknown for the second question still leaves a real counterexample: report it, as "sometimes".
  Res.verdict = Verdict::ViolatedSometimes;
  minimize(*P, Q, B.rlimit, Res.model);
  return Res;
}

} // namespace pto::z3model
