// ptotext: a `.pto` tile op as pto-isa's C++ implementation sees it (see Lowering.h).
#include "Lowering.h"

#include <map>

namespace pto::ptotext {

namespace {

/// pto-isa's name of an element type, as emitc spells it (PTOToEmitC.cpp:428-477); "" when it has none.
std::string cxxElement(checker::DType D) {
  using T = checker::DType;
  static const std::map<T, std::string> M = {
      {T::I8, "int8_t"},       {T::U8, "uint8_t"},        {T::I16, "int16_t"},     {T::U16, "uint16_t"},
      {T::I32, "int32_t"},     {T::U32, "uint32_t"},      {T::I64, "int64_t"},     {T::U64, "uint64_t"},
      {T::F16, "half"},        {T::BF16, "bfloat16_t"},   {T::F32, "float"},       {T::F8E4M3, "float8_e4m3_t"},
      {T::F8E5M2, "float8_e5m2_t"}, {T::F8E8M0, "float8_e8m0_t"}, {T::HIF8, "hifloat8_t"},
      {T::F4E1M2X2, "float4_e1m2x2_t"}, {T::F4E2M1X2, "float4_e2m1x2_t"}};
  auto It = M.find(D);
  return It == M.end() ? "" : It->second;
}

/// A scalar operand's C++ type (index is int64_t, PTOToEmitC.cpp:920-922); "" when it has none.
std::string cxxScalar(const std::string &Mlir) {
  static const std::map<std::string, std::string> M = {
      {"index", "int64_t"}, {"i64", "int64_t"},  {"i32", "int32_t"},  {"i16", "int16_t"}, {"i8", "int8_t"},
      {"ui64", "uint64_t"}, {"ui32", "uint32_t"}, {"ui16", "uint16_t"}, {"ui8", "uint8_t"}, {"i1", "bool"},
      {"f32", "float"},     {"f16", "half"},      {"bf16", "bfloat16_t"}};
  auto It = M.find(Mlir);
  return It == M.end() ? "" : It->second;
}

/// The value of `key=N` in a tile type as written; Default when absent or not a number.
int64_t typeField(const std::string &Type, const std::string &Key, int64_t Default) {
  for (size_t P = Type.find(Key + "="); P != std::string::npos; P = Type.find(Key + "=", P + 1)) {
    if (P > 0 && (std::isalnum(static_cast<unsigned char>(Type[P - 1])) || Type[P - 1] == '_'))
      continue;
    try {
      return std::stoll(Type.substr(P + Key.size() + 1));
    } catch (...) {
      return Default;
    }
  }
  return Default;
}

/// The tile type emitc declares for a tile_buf (PTOToEmitC.cpp:700-790, 4540-4600); "" and Why when it has none.
std::string cxxTile(const checker::TileFacts &F, std::string &Why) {
  std::string Elem = cxxElement(F.dtype);
  if (Elem.empty()) {
    Why = "element type '" + F.dtypeName + "' has no pto-isa name here";
    return "";
  }
  std::string Loc = F.loc;
  if (Loc.empty()) {
    Why = "tile location of '" + F.typeSpelling + "' not read";
    return "";
  }
  if (Loc == "Scaling" && F.dtype == checker::DType::F8E8M0) // PTOToEmitC.cpp:715-727
    Loc = F.blayout == "RowMajor" && F.slayout == "RowMajor"   ? "ScaleLeft"
          : F.blayout == "ColMajor" && F.slayout == "ColMajor" ? "ScaleRight"
                                                               : "Scaling";
  int64_t Pad = typeField(F.typeSpelling, "pad", 0), Compact = typeField(F.typeSpelling, "compact", 0);
  static const char *Pads[] = {"Null", "Zero", "Max", "Min"};
  static const char *Compacts[] = {"Null", "Normal", "RowPlusOne"};
  if (Pad < 0 || Pad > 3 || Compact < 0 || Compact > 2) {
    Why = "pad or compact mode of '" + F.typeSpelling + "' not read";
    return "";
  }
  return "Tile<TileType::" + Loc + ", " + Elem + ", " + std::to_string(F.rows) + ", " + std::to_string(F.cols) +
         ", BLayout::" + (F.blayout.empty() ? "RowMajor" : F.blayout) + ", " + std::to_string(F.declValidRow) + ", " +
         std::to_string(F.declValidCol) + ", SLayout::" + (F.slayout.empty() ? "NoneBox" : F.slayout) + ", " +
         std::to_string(F.sfractalSize) + ", PadValue::" + Pads[Pad] + ", CompactMode::" + Compacts[Compact] + ">";
}

} // namespace

bool ImplCall::cube() const {
  for (const ImplArg &A : args)
    if (A.tile.isTile && A.tile.loc != "Vec")
      return true;
  return false;
}

std::string cxxFunction(const ImplCall &Call, const std::string &Name, std::string &Why) {
  std::string Params, Decls, Args;
  auto Param = [&](const std::string &Type, const std::string &P) {
    Params += std::string(Params.empty() ? "" : ", ") + Type + " " + P;
  };
  for (size_t I = 0; I < Call.args.size(); ++I) {
    const ImplArg &A = Call.args[I];
    std::string N = std::to_string(I), Arg = "a" + N;
    if (A.tile.isTile) {
      std::string Type = cxxTile(A.tile, Why);
      if (Type.empty())
        return "";
      std::string Ctor;
      if (A.tile.declValidRow < 0) {
        Param("int64_t", "ptolint_r" + N);
        Ctor = "ptolint_r" + N;
      }
      if (A.tile.declValidCol < 0) {
        Param("int64_t", "ptolint_c" + N);
        Ctor += std::string(Ctor.empty() ? "" : ", ") + "ptolint_c" + N;
      }
      Decls += "  " + Type + " " + Arg + (Ctor.empty() ? "" : "(" + Ctor + ")") + ";\n";
    } else {
      std::string Type = cxxScalar(A.scalarType);
      if (Type.empty()) {
        Why = "operand " + A.ssa + " of type '" + A.scalarType + "' has no C++ form here";
        return "";
      }
      Param(Type, "ptolint_s" + N);
      Arg = "ptolint_s" + N;
    }
    Args += std::string(Args.empty() ? "" : ", ") + Arg;
  }
  for (const std::string &E : Call.extra)
    Args += ", " + E;
  std::string Callee = Call.cxxOp + (Call.templateArgs.empty() ? "" : "<" + Call.templateArgs + ">");
  return "AICORE void " + Name + "(" + Params + ") {\n" + Decls + "  " + Callee + "(" + Args + ");\n}\n";
}

checker::CallSite instantiated(const ImplCall &Call, const checker::CallSite &Cxx) {
  checker::CallSite R = Call.call;
  R.op = Cxx.op;
  R.overload = Cxx.overload;
  R.constants = Cxx.constants;
  // The tiles: the C++ call names them a<i>, the i-th argument.
  for (const checker::Operand &O : Cxx.operands) {
    checker::Operand P = O;
    const std::string &E = O.tile.expr;
    if (E.size() > 1 && E.size() < 6 && E[0] == 'a' && E.find_first_not_of("0123456789", 1) == std::string::npos) {
      size_t I = std::stoul(E.substr(1));
      if (I < Call.args.size() && Call.args[I].tile.isTile)
        P.tile = Call.args[I].tile;
    }
    R.operands.push_back(std::move(P));
  }
  // The function's parameters become the statement's values; any other value of the C++ call stays a symbol of its own.
  std::map<std::string, term::Term> Subst;
  for (const checker::Symbol &S : Cxx.symbols) {
    const std::string &D = S.display;
    auto Index = [&](size_t Prefix) -> const ImplArg * {
      if (D.size() <= Prefix || D.size() > Prefix + 4 || D.find_first_not_of("0123456789", Prefix) != std::string::npos)
        return nullptr;
      size_t I = std::stoul(D.substr(Prefix));
      return I < Call.args.size() ? &Call.args[I] : nullptr;
    };
    const ImplArg *A = nullptr;
    if (D.rfind("ptolint_r", 0) == 0 && (A = Index(9)) && A->tile.isTile)
      Subst[S.name] = A->tile.validRow.asTerm();
    else if (D.rfind("ptolint_c", 0) == 0 && (A = Index(9)) && A->tile.isTile)
      Subst[S.name] = A->tile.validCol.asTerm();
    else if (D.rfind("ptolint_s", 0) == 0 && (A = Index(9)) && A->value)
      Subst[S.name] = A->value->asTerm();
    else {
      checker::Symbol Own = S;
      Own.name = "cxx_" + S.name;
      Subst[S.name] = term::Term::var(Own.name);
      if (D.rfind("ptolint_s", 0) == 0 && A) { // a scalar the statement gives no integer value for (a float)
        Own.display = A->ssa;
      }
      R.symbols.push_back(std::move(Own));
    }
  }
  auto Rewrite = [&](const term::Term &T) {
    if (!T)
      return T;
    return term::substitute(T, [&](const term::Term &V) {
      auto It = Subst.find(V.name());
      return It == Subst.end() ? V : It->second;
    });
  };
  for (const checker::UpstreamCheck &U : Cxx.upstream) {
    checker::UpstreamCheck C = U;
    C.term = Rewrite(U.term);
    for (checker::PathCondition &P : C.path)
      P.term = Rewrite(P.term);
    // The C++ call's own guards (none: the function is straight-line) would be its path; the chain starts at the op.
    R.upstream.push_back(std::move(C));
  }
  for (const std::string &N : Cxx.notUnderstood)
    R.notUnderstood.push_back(N);
  return R;
}

} // namespace pto::ptotext
