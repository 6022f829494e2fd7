// ptotext: reader of PTOAS textual PTO (see Reader.h). Facts: reference/pto-text-forms.md §1-§3 (grammar, types,
// tile_buf spellings), §5 (tile-op operands).
#include "Reader.h"

#include "support/Targets.h"
#include "term/Term.h"

#include <cctype>
#include <functional>
#include <map>
#include <memory>
#include <regex>
#include <set>

namespace pto::ptotext {

using checker::SourceLoc;

std::optional<checker::Target> archTarget(const std::string &A) { return support::ptoArchTarget(A); }

namespace {

// ---- tokens ------------------------------------------------------------------------------------------------

enum class Tok { Value, Symbol, Type, Attr, Ident, Number, String, Label, Punct, Arrow, End };

struct Token {
  Tok kind = Tok::End;
  std::string text;
  unsigned line = 0, col = 0;
  bool is(const char *P) const { return (kind == Tok::Punct || kind == Tok::Arrow) && text == P; }
};

class Lexer {
public:
  Lexer(const std::string &T, std::vector<Problem> &Errors, const std::string &File) : T(T), Errors(Errors), File(File) {}

  std::vector<Token> all() {
    std::vector<Token> Out;
    for (;;) {
      Token K = next();
      Out.push_back(K);
      if (K.kind == Tok::End)
        return Out;
    }
  }

private:
  const std::string &T;
  std::vector<Problem> &Errors;
  const std::string &File;
  size_t P = 0;
  unsigned Line = 1, Col = 1;

  void advance(size_t N = 1) {
    for (size_t I = 0; I < N && P < T.size(); ++I, ++P) {
      if (T[P] == '\n') {
        ++Line;
        Col = 1;
      } else {
        ++Col;
      }
    }
  }
  static bool idChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.' || C == '$' || C == '-'; }
  void error(unsigned L, unsigned C, const std::string &M) { Errors.push_back({{File, L, C}, M}); }

  /// A balanced `<...>` group starting at P (which is '<'), strings and `//` comments inside skipped (a type may
  /// span lines). It cannot hold an SSA value or a block label: at `%` or `^` the group was left unclosed. Unbalanced:
  /// false, and the token ends at the end of its first line, so reading resumes on the next one (a `>` in a comment
  /// or a later statement never closes it).
  bool angle() {
    int Depth = 0;
    size_t SaveP = std::string::npos;
    unsigned SaveLine = 0, SaveCol = 0;
    while (P < T.size()) {
      if (T[P] == '\n' && SaveP == std::string::npos) {
        SaveP = P;
        SaveLine = Line;
        SaveCol = Col;
      }
      char C = T[P];
      if (C == '/' && T.compare(P, 2, "//") == 0) {
        while (P < T.size() && T[P] != '\n')
          advance();
        continue;
      }
      if (C == '%' || C == '^')
        break;
      if (C == '"') { // a string ends at its quote, or unterminated at the end of its line
        advance();
        while (P < T.size() && T[P] != '"' && T[P] != '\n')
          advance(T[P] == '\\' && P + 1 < T.size() && T[P + 1] != '\n' ? 2 : 1);
        if (P < T.size() && T[P] == '\n')
          continue;
      } else if (C == '<') {
        ++Depth;
      } else if (C == '>' && !(P > 0 && T[P - 1] == '-')) {
        if (--Depth == 0) {
          advance();
          return true;
        }
      }
      advance();
    }
    if (SaveP != std::string::npos) {
      P = SaveP;
      Line = SaveLine;
      Col = SaveCol;
    }
    return false;
  }

  Token next() {
    // Skip white space and `//` comments.
    for (;;) {
      while (P < T.size() && std::isspace(static_cast<unsigned char>(T[P])))
        advance();
      if (T.compare(P, 2, "//") == 0) {
        while (P < T.size() && T[P] != '\n')
          advance();
        continue;
      }
      break;
    }
    Token K;
    K.line = Line;
    K.col = Col;
    if (P >= T.size())
      return K;
    size_t B = P;
    char C = T[P];
    auto Word = [&](Tok Kind) {
      advance();
      while (P < T.size() && (idChar(T[P]) && T[P] != '-'))
        advance();
      K.kind = Kind;
    };
    if (C == '%') {
      Word(Tok::Value);
      if (P < T.size() && T[P] == '#') // %r#1: one result of a multi-result op
        Word(Tok::Value);
    } else if (C == '@') {
      if (P + 1 < T.size() && T[P + 1] == '"') {
        advance();
        string(K);
      }
      Word(Tok::Symbol);
    } else if (C == '^') {
      Word(Tok::Label);
    } else if (C == '!' || C == '#') {
      Word(C == '!' ? Tok::Type : Tok::Attr);
      if (P < T.size() && T[P] == '<' && !angle())
        error(K.line, K.col, "unbalanced '<' in '" + T.substr(B, P - B) + "'");
    } else if (C == '"') {
      string(K);
      K.kind = Tok::String;
    } else if (std::isdigit(static_cast<unsigned char>(C))) {
      advance();
      while (P < T.size() && (std::isalnum(static_cast<unsigned char>(T[P])) || T[P] == '.' ||
                              ((T[P] == '+' || T[P] == '-') && (T[P - 1] == 'e' || T[P - 1] == 'E'))))
        advance();
      K.kind = Tok::Number;
    } else if (std::isalpha(static_cast<unsigned char>(C)) || C == '_') {
      advance();
      while (P < T.size() && (idChar(T[P]) && T[P] != '-'))
        advance();
      K.kind = Tok::Ident;
      // Builtin shaped types: memref<...>, vector<...>, tensor<...>, complex<...>.
      static const std::set<std::string> Shaped = {"memref", "vector", "tensor", "complex", "tuple", "dense",
                                                   "dense_resource", "array", "affine_map", "strided", "opaque"};
      if (P < T.size() && T[P] == '<' && Shaped.count(T.substr(B, P - B))) {
        if (!angle())
          error(K.line, K.col, "unbalanced '<' in '" + T.substr(B, P - B) + "'");
        K.kind = Tok::Type;
      }
    } else if (C == '-' && P + 1 < T.size() && T[P + 1] == '>') {
      advance(2);
      K.kind = Tok::Arrow;
    } else if (C == '-' && P + 1 < T.size() && std::isdigit(static_cast<unsigned char>(T[P + 1]))) {
      advance();
      while (P < T.size() && (std::isalnum(static_cast<unsigned char>(T[P])) || T[P] == '.'))
        advance();
      K.kind = Tok::Number;
    } else if (std::string("(){}[]<>,:=?*+-|").find(C) != std::string::npos) {
      advance();
      K.kind = Tok::Punct;
    } else {
      error(K.line, K.col, std::string("unexpected character '") + C + "'");
      advance();
      return next();
    }
    if (K.kind != Tok::String || K.text.empty())
      K.text = T.substr(B, P - B);
    if (K.kind == Tok::Type || K.kind == Tok::Attr)
      K.text = withoutComments(K.text);
    return K;
  }

  /// A type written over several lines with `//` comments between its parameters, without the comments.
  static std::string withoutComments(const std::string &S) {
    if (S.find("//") == std::string::npos)
      return S;
    std::string Out;
    bool InString = false;
    for (size_t I = 0; I < S.size(); ++I) {
      if (S[I] == '"')
        InString = !InString;
      if (!InString && S.compare(I, 2, "//") == 0) {
        while (I < S.size() && S[I] != '\n')
          ++I;
        if (I >= S.size())
          break;
      }
      Out += S[I];
    }
    return Out;
  }

  void string(Token &K) {
    unsigned L = Line, Cc = Col;
    advance();
    std::string S;
    while (P < T.size() && T[P] != '"' && T[P] != '\n') {
      if (T[P] == '\\' && P + 1 < T.size()) {
        S += T[P + 1];
        advance(2);
        continue;
      }
      S += T[P];
      advance();
    }
    if (P >= T.size() || T[P] != '"') {
      error(L, Cc, "unterminated string");
    } else {
      advance();
    }
    K.text = S;
  }
};

// ---- statements --------------------------------------------------------------------------------------------

struct Stmt {
  std::vector<std::string> results;
  Token op;                           // the op name (Ident, or String for the generic form)
  std::vector<Token> body;            // everything after the op name, regions excluded
  std::vector<std::vector<std::unique_ptr<Stmt>>> regions;
  std::string function;               // enclosing func.func
};

/// A statement's text for baseline fingerprints: the op and its operands, tokens joined, comments gone. Numbered
/// SSA values (`%3`) are renumbered by any op inserted above, so they read as `%`; named ones are kept.
std::string callText(const Stmt &S) {
  std::string T = S.op.text;
  for (const Token &K : S.body) {
    bool Numbered = K.text.size() > 1 && K.text[0] == '%' &&
                    K.text.find_first_not_of("0123456789", 1) == std::string::npos;
    T += " " + (Numbered ? std::string("%") : K.text);
  }
  return checker::normalizeCallText(T);
}

class Parser {
public:
  Parser(std::vector<Token> Ts, std::vector<Problem> &Errors, const std::string &File)
      : Ts(std::move(Ts)), Errors(Errors), File(File) {}

  std::vector<std::unique_ptr<Stmt>> file() {
    std::vector<std::unique_ptr<Stmt>> Out = region(true);
    return Out;
  }

private:
  std::vector<Token> Ts;
  std::vector<Problem> &Errors;
  const std::string &File;
  size_t I = 0;
  std::string Function;

  const Token &at(size_t K = 0) const { return Ts[std::min(I + K, Ts.size() - 1)]; }
  void error(const Token &K, const std::string &M) { Errors.push_back({{File, K.line, K.col}, M}); }

  static bool opName(const Token &K) {
    return K.kind == Tok::Ident && (K.text.find('.') != std::string::npos || K.text == "return" || K.text == "module" ||
                                    K.text == "call");
  }
  /// Results of a statement start here: `%a [:N] (, %b)* =`.
  size_t resultsAt(size_t J) const {
    size_t K = J;
    for (;;) {
      if (Ts[std::min(K, Ts.size() - 1)].kind != Tok::Value)
        return 0;
      ++K;
      if (K + 1 < Ts.size() && Ts[K].is(":") && Ts[K + 1].kind == Tok::Number)
        K += 2;
      if (K < Ts.size() && Ts[K].is(","))
        ++K;
      else
        break;
    }
    // `%i = %c0 to ...` inside scf.for is not a statement: results are followed by an op.
    if (K + 1 >= Ts.size() || !Ts[K].is("=") || !(opName(Ts[K + 1]) || Ts[K + 1].kind == Tok::String))
      return 0;
    return K - J + 1;
  }
  bool statementStart(size_t J) const {
    const Token &K = Ts[std::min(J, Ts.size() - 1)];
    return opName(K) || resultsAt(J) > 0 || (K.kind == Tok::String && J + 1 < Ts.size() && Ts[J + 1].is("("));
  }
  /// `{` at I opens an attribute dictionary (`{key = ...}`, `{}`), not a region.
  bool attrDict() const {
    const Token &A = at(1), &B = at(2);
    if (A.is("}"))
      return true;
    // An op is never followed by '=': `{pto.target_arch = "a5"}` is attributes even though its key has a dot.
    return (A.kind == Tok::Ident || A.kind == Tok::String) && (B.is("=") || (!opName(A) && (B.is("}") || B.is(","))));
  }

  std::vector<std::unique_ptr<Stmt>> region(bool TopLevel) {
    std::vector<std::unique_ptr<Stmt>> Out;
    while (at().kind != Tok::End) {
      if (at().is("}")) {
        if (TopLevel) {
          error(at(), "unmatched '}'");
          ++I;
          continue;
        }
        return Out;
      }
      if (at().kind == Tok::Label) { // ^bb0(%x: T):
        ++I;
        skipBalanced();
        if (at().is(":"))
          ++I;
        continue;
      }
      if ((at().kind == Tok::Type || at().kind == Tok::Attr) && at(1).is("=")) {
        // A type or attribute alias (`!alias = !pto.vmi.vreg<...>`, `#map = affine_map<...>`): skip it.
        const unsigned Line = at().line;
        I += 2;
        while (at().kind != Tok::End && at().line == Line)
          ++I;
        continue;
      }
      if (!statementStart(I)) {
        error(at(), "expected an op, found '" + at().text + "'");
        // Resume at the next statement.
        ++I;
        while (at().kind != Tok::End && !statementStart(I) && !at().is("}"))
          skipOne();
        continue;
      }
      Out.push_back(statement());
    }
    if (!TopLevel)
      error(at(), "unexpected end of file: a region is not closed");
    return Out;
  }

  /// Skips one token, or a balanced (...) / [...] group.
  void skipOne() {
    if (at().is("(") || at().is("["))
      skipBalanced();
    else
      ++I;
  }
  void skipBalanced() {
    if (!(at().is("(") || at().is("[")))
      return;
    int D = 0;
    do {
      if (at().is("(") || at().is("["))
        ++D;
      else if (at().is(")") || at().is("]"))
        --D;
      ++I;
    } while (D > 0 && at().kind != Tok::End);
  }

  std::unique_ptr<Stmt> statement() {
    auto S = std::make_unique<Stmt>();
    if (size_t N = resultsAt(I)) {
      for (size_t K = 0; K + 1 < N; ++K)
        if (at(K).kind == Tok::Value)
          S->results.push_back(at(K).text);
      I += N;
    }
    if (!(opName(at()) || at().kind == Tok::String)) {
      error(at(), "expected an op name after '=', found '" + at().text + "'");
      ++I;
      while (at().kind != Tok::End && !statementStart(I) && !at().is("}"))
        skipOne();
      return S;
    }
    S->op = at();
    ++I;
    bool IsFunc = S->op.text == "func.func";
    // func.func [private|public|nested] @name
    size_t Name = at().kind == Tok::Ident && (at().text == "private" || at().text == "public" || at().text == "nested");
    if (IsFunc && at(Name).kind == Tok::Symbol)
      Function = at(Name).text.substr(1);
    S->function = Function;
    int Depth = 0;
    const Token Start = S->op;
    while (at().kind != Tok::End) {
      const Token &K = at();
      if (Depth == 0 && K.is("{")) {
        if (attrDict()) {
          // Attribute dictionary: keep its tokens.
          int D = 0;
          do {
            if (at().is("{"))
              ++D;
            else if (at().is("}"))
              --D;
            S->body.push_back(at());
            ++I;
          } while (D > 0 && at().kind != Tok::End);
          continue;
        }
        ++I;
        S->regions.push_back(region(false));
        if (at().is("}"))
          ++I;
        continue;
      }
      if (Depth == 0 && (K.is("}") || statementStart(I)))
        break;
      // `%x = <not an op>` where a statement would start: results without an op (scf.for's `%i = %lb` and
      // iter_args are the op's own syntax).
      if (Depth == 0 && K.kind == Tok::Value && at(1).is("=") && S->op.text != "scf.for" &&
          S->op.text != "scf.parallel" && S->op.text != "scf.forall") {
        error(at(2), "expected an op name after '=', found '" + at(2).text + "'");
        I += 2;
        while (at().kind != Tok::End && !statementStart(I) && !at().is("}"))
          skipOne();
        break;
      }
      if (K.is("(") || K.is("["))
        ++Depth;
      else if (K.is(")") || K.is("]")) {
        if (Depth == 0) {
          error(K, "unmatched '" + K.text + "'");
          ++I;
          continue;
        }
        --Depth;
      }
      S->body.push_back(K);
      ++I;
    }
    if (Depth > 0)
      error(Start, "unbalanced '(' or '[' in '" + Start.text + "'");
    return S;
  }
};

// ---- types and facts ---------------------------------------------------------------------------------------

/// A `!pto.tile_buf` type as the rules need it.
struct TileBuf {
  std::string loc = "vec", elem;
  int64_t rows = 0, cols = 0;
  std::optional<int64_t> vrow, vcol; // nullopt: dynamic ('?' or -1)
  std::string blayout = "row_major", slayout = "none_box";
  int64_t fractal = 512;
};

checker::DType elemType(const std::string &E) {
  using D = checker::DType;
  static const std::map<std::string, D> M = {
      {"i8", D::I8},   {"si8", D::I8},   {"ui8", D::U8},   {"i16", D::I16}, {"si16", D::I16}, {"ui16", D::U16},
      {"i32", D::I32}, {"si32", D::I32}, {"ui32", D::U32}, {"i64", D::I64}, {"si64", D::I64}, {"ui64", D::U64},
      {"f16", D::F16}, {"bf16", D::BF16}, {"f32", D::F32}, {"f64", D::F64},
      // PTOAS's low-precision types (ptoas lib/PTO/IR/PTOTypeUtils.cpp:24-35, 93-97; PTOTypeDefs.td:364-425)
      {"f8E4M3FN", D::F8E4M3}, {"f8E4M3", D::F8E4M3}, {"f8E4M3FNUZ", D::F8E4M3}, {"f8E4M3B11FNUZ", D::F8E4M3},
      {"f8E5M2", D::F8E5M2}, {"f8E5M2FNUZ", D::F8E5M2}, {"!pto.hif8", D::HIF8}, {"!pto.f8E8M0", D::F8E8M0},
      {"!pto.hif8x2", D::HIF8X2}, {"!pto.f4E1M2x2", D::F4E1M2X2}, {"!pto.f4E2M1x2", D::F4E2M1X2},
      {"!pto.bf16x2", D::BF16X2}};
  auto It = M.find(E);
  return It == M.end() ? D::Unknown : It->second;
}

/// "16x64xf32" -> rows, cols, elem.
bool shapeElem(const std::string &S, int64_t &R, int64_t &C, std::string &E) {
  size_t X1 = S.find('x'), X2 = X1 == std::string::npos ? X1 : S.find('x', X1 + 1);
  if (X2 == std::string::npos)
    return false;
  try {
    R = std::stoll(S.substr(0, X1));
    C = std::stoll(S.substr(X1 + 1, X2 - X1 - 1));
  } catch (...) {
    return false;
  }
  E = S.substr(X2 + 1);
  return !E.empty();
}

std::optional<int64_t> vdim(const std::string &V, bool &Ok) {
  if (V == "?" || V == "-1")
    return std::nullopt;
  try {
    size_t N = 0;
    int64_t X = std::stoll(V, &N);
    Ok &= N == V.size() && X >= 0;
    return X;
  } catch (...) {
    Ok = false;
    return std::nullopt;
  }
}

std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t\n"), E = S.find_last_not_of(" \t\n");
  return B == std::string::npos ? "" : S.substr(B, E - B + 1);
}

/// Parses both spellings of `!pto.tile_buf<...>` (reference/pto-text-forms.md §2.1); nullopt if it is not one.
std::optional<TileBuf> tileBuf(const std::string &Type, std::string &Why, bool *Positional = nullptr) {
  const std::string Head = "!pto.tile_buf<", Manual = "!pto.tile<";
  size_t HeadSize = Type.compare(0, Head.size(), Head) == 0     ? Head.size()
                    : Type.compare(0, Manual.size(), Manual) == 0 ? Manual.size()
                                                                  : 0;
  if (!HeadSize || Type.back() != '>')
    return std::nullopt;
  std::string In = Type.substr(HeadSize, Type.size() - HeadSize - 1);
  std::vector<std::string> Parts;
  for (size_t P = 0;;) {
    size_t C = In.find(',', P);
    Parts.push_back(trim(In.substr(P, C == std::string::npos ? std::string::npos : C - P)));
    if (C == std::string::npos)
      break;
    P = C + 1;
  }
  TileBuf B;
  bool Ok = true;
  std::map<std::string, std::string> KV;
  size_t First = 0;
  // The ISA manual's positional spelling: loc=LOC, dtype, rows, cols, BLayout, SLayout, Fractal, Pad (ptoas rejects
  // it, reference/pto-text-forms.md §1.1; read only in lenient mode).
  if (Parts[0].rfind("loc=", 0) == 0 && Parts.size() >= 4 && Parts[1].find('=') == std::string::npos) {
    if (!Positional) {
      Why = "positional tile type '" + Type + "' (the ISA manual's spelling; ptoas expects dtype=, rows=, ...)";
      return std::nullopt;
    }
    *Positional = true;
    B.loc = Parts[0].substr(4);
    B.elem = Parts[1];
    try {
      B.rows = std::stoll(Parts[2]);
      B.cols = std::stoll(Parts[3]);
    } catch (...) {
      Why = "cannot read '" + Type + "'";
      return std::nullopt;
    }
    B.vrow = B.rows;
    B.vcol = B.cols;
    auto Snake = [](const std::string &L) {
      return L == "RowMajor" ? "row_major" : L == "ColMajor" ? "col_major" : L == "NoneBox" ? "none_box" : L;
    };
    if (Parts.size() > 4)
      B.blayout = Snake(Parts[4]);
    if (Parts.size() > 5)
      B.slayout = Snake(Parts[5]);
    return B;
  }
  if (Parts[0].rfind("loc=", 0) != 0) { // compact: LOC, RxCxELEM {, key=value}
    if (Parts.size() < 2 || !shapeElem(Parts[1], B.rows, B.cols, B.elem)) {
      Why = "cannot read the shape of '" + Type + "'";
      return std::nullopt;
    }
    B.loc = Parts[0];
    First = 2;
  }
  for (size_t K = First; K < Parts.size(); ++K) {
    size_t Eq = Parts[K].find('=');
    if (Eq == std::string::npos) {
      Why = "cannot read '" + Parts[K] + "' in '" + Type + "'";
      return std::nullopt;
    }
    KV[trim(Parts[K].substr(0, Eq))] = trim(Parts[K].substr(Eq + 1));
  }
  auto Int = [&](const char *Key, int64_t &Out) {
    if (KV.count(Key))
      try {
        Out = std::stoll(KV[Key]);
      } catch (...) {
        Ok = false;
      }
  };
  if (First == 0) {
    B.loc = KV["loc"];
    B.elem = KV["dtype"];
    Int("rows", B.rows);
    Int("cols", B.cols);
    B.vrow = KV.count("v_row") ? vdim(KV["v_row"], Ok) : std::optional<int64_t>(B.rows);
    B.vcol = KV.count("v_col") ? vdim(KV["v_col"], Ok) : std::optional<int64_t>(B.cols);
  } else if (KV.count("valid")) {
    const std::string &V = KV["valid"];
    size_t X = V.find('x');
    if (X == std::string::npos)
      Ok = false;
    else {
      B.vrow = vdim(V.substr(0, X), Ok);
      B.vcol = vdim(V.substr(X + 1), Ok);
    }
  } else {
    B.vrow = B.rows;
    B.vcol = B.cols;
  }
  if (KV.count("blayout"))
    B.blayout = KV["blayout"];
  if (KV.count("slayout"))
    B.slayout = KV["slayout"];
  Int("fractal", B.fractal);
  if (!Ok || B.rows <= 0 || B.cols <= 0 || B.elem.empty()) {
    Why = "cannot read '" + Type + "'";
    return std::nullopt;
  }
  return B;
}

/// What the reader knows about an SSA value.
struct Value {
  std::string type;                 // its type as written
  std::optional<int64_t> constant;  // arith.constant
  std::string symbol;               // a free integer of the function (an argument, a value not followed)
  std::string validRow, validCol;   // the valid dims of a tile as SSA names: alloc_tile's operands, or what an op gave
  std::string validNote;            // where they come from, when not from alloc_tile's operands (for notes)
  std::string addr;                 // alloc_tile addr / tassign address (SSA name)
  pto::term::Term term;             // an integer (or i1) computed by arith ops: its term over symbols
  std::string text;                 // the same, as read
  bool isBool = false;              // term is Bool (arith.cmpi, i1 logic)
  std::string maskOrigin;           // a predicate's producer as written ("pto.plt_b32 %n")
  int maskPartial = -1;             // 1: plt_bN or a pset/pge pattern other than PAT_ALL; 0: PAT_ALL; -1 unknown
  SourceLoc def;
};

class Reader {
public:
  Reader(const std::string &File, const checker::RuleSet &Rules, Reading &Out, bool Lenient, bool Impl = false)
      : File(File), Rules(Rules), Out(Out), Lenient(Lenient), Impl(Impl) {}

  void run(const std::vector<std::unique_ptr<Stmt>> &Stmts) {
    callGraph(Stmts, "", false);
    for (const auto &S : Stmts)
      statement(*S);
  }

private:
  const std::string &File;
  const checker::RuleSet &Rules;
  Reading &Out;
  bool Lenient;
  bool Impl; // ReadOptions::implCalls
  std::set<std::pair<unsigned, std::string>> Warned; // one warning per line and kind
  std::map<std::string, Value> Values; // per function: cleared at each func.func
  std::vector<checker::Symbol> Symbols;
  int VecScope = 0;                    // depth of pto.vecscope / pto.strict_vecscope regions
  bool CallersInVecScope = false;      // the function being read is called only from vector scopes (callGraph)
  std::vector<checker::PathCondition> Path; // guards of the enclosing scf.if branches and scf.for bounds

  SourceLoc loc(const Token &K) const { return {File, K.line, K.col}; }

  /// The ISA manual's spelling What at K: a warning in lenient mode, else an error (ptoas rejects it).
  void manual(const Token &K, const std::string &What) {
    if (!Warned.insert({K.line, What}).second)
      return;
    if (Lenient)
      Out.warnings.push_back({loc(K), What + " is the ISA manual's spelling, which ptoas does not accept"});
    else
      Out.errors.push_back({loc(K), What + " is not PTOAS syntax (the ISA manual's spelling; --lenient-doc-syntax "
                                           "reads it)"});
  }

  void statement(const Stmt &S) {
    ++Out.statements;
    const std::string &Op = S.op.text;
    if (Op == "module") {
      readArch(S.body);
    } else if (Op == "func.func") {
      Values.clear();
      Symbols.clear();
      functionArgs(S);
      CallersInVecScope = calledInVecScope(S.function, 0);
    } else if (Op == "arith.constant" && S.results.size() == 1) {
      Values[S.results[0]] = produced(S);
    } else if (validRegionOp(S)) {
      // a tile with an implicit valid region, or one changed in place (validRegionOp())
    } else if (Op == "pto.alloc_tile" && S.results.size() == 1) {
      Value &V = Values[S.results[0]];
      V.def = loc(S.op);
      for (size_t K = 0; K + 2 < S.body.size(); ++K)
        if (S.body[K].kind == Tok::Ident && S.body[K + 1].is("=") && S.body[K + 2].kind == Tok::Value) {
          (S.body[K].text == "valid_row" ? V.validRow : S.body[K].text == "valid_col" ? V.validCol : V.addr) =
              S.body[K + 2].text;
        }
      V.type = lastType(S.body);
    } else if (Op == "pto.tassign" && S.results.size() == 1 && S.body.size() >= 3 && S.body[0].kind == Tok::Value) {
      Value V = Values[S.body[0].text];
      V.def = loc(S.op);
      if (S.body[2].kind == Tok::Value)
        V.addr = S.body[2].text;
      Values[S.results[0]] = V;
    } else if (Op.rfind("arith.", 0) == 0 && S.results.size() == 1 && arith(S)) {
      // an integer computation pto-lint follows (arith())
    } else if (const checker::OpSignature *Sig = checkedOp(Op)) {
      call(S, *Sig);
    } else if (maskProducer(Op) && !S.results.empty()) {
      Values[S.results[0]] = produced(S);
      ++Out.opaque;
    } else if (Op == "scf.yield") {
      ++Out.opaque; // read by the enclosing scf.for / scf.if (carried())
    } else {
      ++Out.opaque;
      if (Impl)
        implCall(S);
      for (const std::string &R : S.results) // a value pto-lint does not follow
        Values[R].def = loc(S.op);
    }
    bool Scope = opensVecScope(S);
    VecScope += Scope;
    // Guards: scf.if's condition holds in its first region and fails in its else region; scf.for's induction
    // variable lies in [lb, ub) in its body.
    std::optional<checker::PathCondition> Then, Body;
    if (Op == "scf.if" && !S.body.empty() && S.body[0].kind == Tok::Value) {
      auto It = Values.find(S.body[0].text);
      if (It != Values.end() && It->second.isBool && It->second.term)
        Then = checker::PathCondition{It->second.term, It->second.text, loc(S.op)};
    } else if (Op == "scf.for" && S.body.size() >= 5 && S.body[0].kind == Tok::Value && S.body[1].is("=") &&
               S.body[3].kind == Tok::Ident && S.body[3].text == "to") {
      term::Term Lb = intTerm(S.body[2].text), Ub = intTerm(S.body[4].text);
      Value &I = Values[S.body[0].text];
      I.def = loc(S.body[0]);
      I.symbol = symbolFor(S.body[0].text, "i32", true, "");
      I.term = term::Term::var(I.symbol);
      I.text = S.body[0].text;
      if (Lb && Ub)
        Body = checker::PathCondition{term::Term::apply(term::Op::And, {term::Term::apply(term::Op::Le, {Lb, I.term}),
                                                                      term::Term::apply(term::Op::Lt, {I.term, Ub})}),
                                      S.body[2].text + " <= " + S.body[0].text + " < " + S.body[4].text, loc(S.op)};
    }
    std::vector<Carried> Loop;
    if (Op == "scf.for" && !S.regions.empty())
      Loop = iterArgs(S);
    const ValidStates Entry = validStates();
    ValidStates FirstBranch;
    if (loopOp(Op))
      enterLoop(S, Entry);
    for (size_t R = 0; R < S.regions.size(); ++R) {
      if (Op == "scf.if" && R == 1) { // the else branch starts from the valid regions before the scf.if
        FirstBranch = validStates();
        restoreValid(Entry);
      }
      std::optional<checker::PathCondition> G = Body;
      if (Then)
        G = R == 0 ? *Then
                   : checker::PathCondition{term::Term::apply(term::Op::Not, {Then->term}), "!(" + Then->text + ")",
                                            Then->loc};
      if (G)
        Path.push_back(*G);
      for (const auto &Inner : S.regions[R])
        statement(*Inner);
      if (G)
        Path.pop_back();
    }
    VecScope -= Scope;
    if (Op == "scf.if" && !S.regions.empty()) { // then and else (or none) meet after the scf.if
      ValidStates Last = validStates();
      mergeValid(S.regions.size() > 1 ? FirstBranch : Last, S.regions.size() > 1 ? Last : Entry, Entry, S, Then);
    } else if (loopOp(Op)) { // zero trips, or the last one
      mergeValid(Entry, validStates(), Entry, S, std::nullopt);
    }
    if (Op == "scf.for")
      for (size_t K = 0; K < Loop.size() && K < S.results.size(); ++K) // zero trips give the init, else a yield
        Values[S.results[K]] = join(Loop[K].init, yieldedValue(Loop[K].init), Loop[K].yield, yieldedValue(Loop[K].yield),
                                    S.results[K], Loop[K].type, loc(S.op), term::Term());
    else if (Op == "scf.if" && S.regions.size() == 2) {
      std::vector<std::string> A = yields(S.regions[0]), B = yields(S.regions[1]);
      for (size_t K = 0; K < S.results.size() && K < A.size() && K < B.size(); ++K)
        Values[S.results[K]] = join(A[K], yieldedValue(A[K]), B[K], yieldedValue(B[K]), S.results[K], "", loc(S.op),
                                    Then ? Then->term : term::Term(), Then ? Then->text : "");
    }
  }

  // ---- values carried through scf.for iter_args and out of scf.for / scf.if (scf.yield) ----------------------

  /// What a constant or a mask producer gives, from its statement alone: pset_bN "PAT_..." / pge_bN "PAT_..." /
  /// plt_bN %n (reference/pto-text-forms.md §2.4, §3.4), arith.constant.
  Value produced(const Stmt &S) const {
    Value V;
    V.def = loc(S.op);
    const std::string &Op = S.op.text;
    if (Op == "arith.constant") {
      for (const Token &K : S.body)
        if (K.kind == Tok::Number) {
          try {
            V.constant = std::stoll(K.text, nullptr, 0);
          } catch (...) {
          }
          break;
        } else if (K.kind == Tok::Ident && (K.text == "true" || K.text == "false")) {
          V.constant = K.text == "true";
          break;
        }
      return V;
    }
    if (!maskProducer(Op))
      return V;
    std::string Pattern;
    for (const Token &K : S.body)
      if (K.kind == Tok::String) {
        Pattern = K.text;
        break;
      }
    V.maskOrigin = Op + (Pattern.empty() ? "" : " \"" + Pattern + "\"");
    V.maskPartial = Op.find(".plt_") != std::string::npos ? 1 : Pattern.empty() ? -1 : Pattern == "PAT_ALL" ? 0 : 1;
    return V;
  }

  struct Carried {
    std::string arg, init, yield, type; // %acc = %init ... scf.yield %next; type from `-> (...)`
  };

  /// The SSA names of a region's closing scf.yield.
  static std::vector<std::string> yields(const std::vector<std::unique_ptr<Stmt>> &Region) {
    std::vector<std::string> Out;
    if (Region.empty() || Region.back()->op.text != "scf.yield")
      return Out;
    for (const Token &K : Region.back()->body) {
      if (K.is(":"))
        break;
      if (K.kind == Tok::Value)
        Out.push_back(K.text);
    }
    return Out;
  }

  /// The statement of Region (nested regions included) that defines Ssa.
  static const Stmt *definition(const std::vector<std::unique_ptr<Stmt>> &Region, const std::string &Ssa) {
    for (const auto &S : Region) {
      if (!S->results.empty() && S->results[0] == Ssa)
        return S.get();
      for (const auto &R : S->regions)
        if (const Stmt *D = definition(R, Ssa))
          return D;
    }
    return nullptr;
  }

  /// What is known of a yielded value once the statements that define it have been read.
  std::optional<Value> yieldedValue(const std::string &Ssa) const {
    auto It = Values.find(Ssa);
    return It == Values.end() ? std::nullopt : std::optional<Value>(It->second);
  }

  /// `scf.for ... iter_args(%acc = %init, ...) -> (T, ...)`: each carried value in the body is what the init and
  /// the yield have in common, decided before the body is read: the same SSA value, the region argument itself,
  /// or the same producer (an equal constant, a mask producer with the same op and pattern). Anything else is
  /// unknown in the body: a loop-carried value pto-lint does not follow.
  std::vector<Carried> iterArgs(const Stmt &S) {
    std::vector<Carried> Out;
    const std::vector<Token> &B = S.body;
    size_t K = 0;
    while (K < B.size() && !(B[K].kind == Tok::Ident && B[K].text == "iter_args"))
      ++K;
    for (K += 2; K + 2 < B.size() && B[K].kind == Tok::Value && B[K + 1].is("=") && B[K + 2].kind == Tok::Value;
         K += 4) {
      Out.push_back({B[K].text, B[K + 2].text, "", ""});
      if (K + 3 >= B.size() || !B[K + 3].is(","))
        break;
    }
    // Types: `-> (T, ...)` or `-> T` after iter_args.
    for (size_t J = K, N = 0; J < B.size() && N < Out.size(); ++J)
      if (B[J].kind == Tok::Arrow)
        for (size_t T = J + 1; T < B.size() && N < Out.size() && !B[T].is(")"); ++T)
          if (B[T].kind == Tok::Type || B[T].kind == Tok::Ident)
            Out[N++].type = B[T].text;
    std::vector<std::string> Y = yields(S.regions[0]);
    for (size_t N = 0; N < Out.size(); ++N) {
      Carried &C = Out[N];
      C.yield = N < Y.size() ? Y[N] : "";
      std::optional<Value> Yield;
      if (C.yield == C.arg)
        Yield = yieldedValue(C.init); // passed on unchanged
      else if (const Stmt *D = definition(S.regions[0], C.yield))
        Yield = produced(*D);
      else
        Yield = yieldedValue(C.yield); // defined before the loop
      Values[C.arg] = join(C.init, yieldedValue(C.init), C.yield == C.arg ? C.init : C.yield, Yield, C.arg, C.type,
                           loc(S.op), term::Term());
    }
    return Out;
  }

  /// The value Name takes when it is either A or B: what both have in common, else a value pto-lint does not
  /// follow (never a fact only one of them has). Cond: the term that selects A (scf.if), for an integer ite.
  Value join(const std::string &AName, const std::optional<Value> &A, const std::string &BName,
             const std::optional<Value> &B, const std::string &Name, const std::string &Type, SourceLoc Def,
             const term::Term &Cond, const std::string &CondText = "",
             const std::string &Why = "carried through scf.for iter_args or yielded by scf.if with values pto-lint "
                                      "does not follow") {
    if (A && (AName == BName || B)) {
      const Value &X = *A, &Y = AName == BName ? *A : *B;
      Value V;
      V.def = Def;
      V.type = Type.empty() ? X.type : Type;
      bool SameMask = !X.maskOrigin.empty() && X.maskOrigin == Y.maskOrigin && X.maskPartial == Y.maskPartial;
      if (SameMask) {
        V.maskOrigin = X.maskOrigin;
        V.maskPartial = X.maskPartial;
      }
      if (AName == BName) // one SSA value: everything known of it
        return X;
      if (X.constant && Y.constant && *X.constant == *Y.constant) {
        V.constant = X.constant;
        return V;
      }
      term::Term TA = intTerm(AName), TB = intTerm(BName);
      if (TA && TB && term::equal(TA, TB)) {
        V.term = TA;
        V.text = textOf(AName);
        return V;
      }
      if (Cond && TA && TB && !X.isBool && !Y.isBool) {
        V.term = term::Term::apply(term::Op::Ite, {Cond, TA, TB});
        V.text = "(" + CondText + " ? " + textOf(AName) + " : " + textOf(BName) + ")";
        return V;
      }
      if (SameMask)
        return V;
    }
    Value V;
    V.def = Def;
    V.type = Type;
    if (!Type.empty() && Type[0] != '!') // an integer: free, and said to be not followed
      V.symbol = symbolFor(Name, Type, false, Why);
    return V;
  }

  /// The Int term of an SSA value: a constant, an argument, an arith result; empty if not followed.
  term::Term intTerm(const std::string &Ssa) {
    auto It = Values.find(Ssa);
    if (It == Values.end())
      return term::Term();
    const Value &V = It->second;
    if (V.constant)
      return term::Term::literal(*V.constant); // (- n) for negatives, INT64_MIN included
    if (V.term && !V.isBool)
      return V.term;
    if (!V.symbol.empty())
      return term::Term::var(V.symbol);
    return term::Term();
  }
  std::string textOf(const std::string &Ssa) {
    auto It = Values.find(Ssa);
    if (It != Values.end() && !It->second.text.empty() && !It->second.constant)
      return It->second.text;
    return Ssa;
  }

  /// arith ops on integers and i1 (reference/pto-text-forms.md §3.1): their value as a term when every operand
  /// has one. False: not an op followed here.
  bool arith(const Stmt &S) {
    const std::string Op = S.op.text.substr(6), R = S.results[0];
    std::vector<std::string> Args;
    std::string Pred;
    for (const Token &K : S.body) {
      if (K.is(":"))
        break;
      if (K.kind == Tok::Value)
        Args.push_back(K.text);
      else if (K.kind == Tok::Ident && Pred.empty())
        Pred = K.text;
    }
    std::vector<term::Term> T;
    for (const std::string &A : Args)
      T.push_back(intTerm(A));
    auto Set = [&](term::Term Term, std::string Text, bool Bool) {
      Value &V = Values[R];
      V.def = loc(S.op);
      V.term = std::move(Term);
      V.text = std::move(Text);
      V.isBool = Bool;
      return true;
    };
    // The op's term: an SMT-LIB2 operator, or (Call) the prelude macro Fun; and how it reads in notes.
    struct Form {
      term::Op op;
      const char *fun, *text;
    };
    auto Apply = [](const Form &F, std::vector<term::Term> Args) {
      return F.op == term::Op::Call ? term::Term::call(F.fun, std::move(Args), term::Sort::Int)
                                    : term::Term::apply(F.op, std::move(Args));
    };
    using O = term::Op;
    static const std::map<std::string, Form> Bin = {
        {"addi", {O::Add, "", " + "}},          {"subi", {O::Sub, "", " - "}},
        {"muli", {O::Mul, "", " * "}},          {"divsi", {O::Call, "cdiv", " / "}},
        {"divui", {O::Div, "", " / "}},         {"remsi", {O::Call, "crem", " % "}},
        {"remui", {O::Mod, "", " % "}},         {"minsi", {O::Call, "min2", " min "}},
        {"minui", {O::Call, "min2", " min "}},  {"maxsi", {O::Call, "max2", " max "}},
        {"maxui", {O::Call, "max2", " max "}},  {"ceildivui", {O::Call, "ceildiv", " ceildiv "}}};
    static const std::set<std::string> Casts = {"index_cast", "index_castui", "extsi", "extui", "trunci"};
    if (Casts.count(Op) && Args.size() == 1 && T[0])
      return Set(T[0], textOf(Args[0]), false);
    if (auto It = Bin.find(Op); It != Bin.end() && Args.size() == 2 && T[0] && T[1])
      return Set(Apply(It->second, {T[0], T[1]}), textOf(Args[0]) + It->second.text + textOf(Args[1]), false);
    if (Op == "cmpi" && Args.size() == 2 && T[0] && T[1]) {
      static const std::map<std::string, Form> Cmp = {
          {"eq", {O::Eq, "", "=="}},  {"ne", {O::Distinct, "", "!="}}, {"slt", {O::Lt, "", "<"}},
          {"ult", {O::Lt, "", "<"}},  {"sle", {O::Le, "", "<="}},      {"ule", {O::Le, "", "<="}},
          {"sgt", {O::Gt, "", ">"}},  {"ugt", {O::Gt, "", ">"}},       {"sge", {O::Ge, "", ">="}},
          {"uge", {O::Ge, "", ">="}}};
      auto C = Cmp.find(Pred);
      if (C == Cmp.end())
        return false;
      return Set(Apply(C->second, {T[0], T[1]}), textOf(Args[0]) + " " + C->second.text + " " + textOf(Args[1]),
                 true);
    }
    if ((Op == "andi" || Op == "ori" || Op == "xori") && Args.size() == 2) {
      const Value *A = &Values[Args[0]], *B = &Values[Args[1]];
      if (A->isBool && B->isBool && A->term && B->term)
        return Set(term::Term::apply(Op == "andi" ? O::And : Op == "ori" ? O::Or : O::Xor, {A->term, B->term}),
                   "(" + A->text + (Op == "andi" ? " && " : Op == "ori" ? " || " : " ^ ") + B->text + ")", true);
    }
    return false;
  }

  // ---- valid regions that ops give implicitly or change in place ---------------------------------------------

  /// A valid region as the reader follows it: the SSA names of its dims (Value::validRow, validCol).
  struct ValidState {
    std::string row, col, note;
    bool operator!=(const ValidState &O) const { return row != O.row || col != O.col; }
  };
  using ValidStates = std::map<std::string, ValidState>; // tile -> its valid region

  ValidStates validStates() const {
    ValidStates Out;
    for (const auto &[Name, V] : Values)
      if (!V.validRow.empty() || !V.validCol.empty())
        Out[Name] = {V.validRow, V.validCol, V.validNote};
    return Out;
  }
  void restoreValid(const ValidStates &States) {
    for (const auto &[Name, St] : States) {
      Value &V = Values[Name];
      V.validRow = St.row;
      V.validCol = St.col;
      V.validNote = St.note;
    }
  }

  static bool loopOp(const std::string &Op) {
    return Op == "scf.for" || Op == "scf.while" || Op == "scf.parallel" || Op == "scf.forall";
  }

  /// An integer value the reader makes up for a valid dim (named after the tile; never an SSA name of the file).
  std::string madeValue(const std::string &Name, Value V) {
    Values[Name] = std::move(V);
    return Name;
  }
  std::string madeConstant(const std::string &Name, int64_t C) {
    Value V;
    V.constant = C;
    return madeValue(Name, V);
  }

  /// Where control flow meets again (after an scf.if, or a loop that ran zero or more times), a tile whose valid
  /// region is A on one way and B on the other has one that is either: the common value, an ite on the scf.if's
  /// condition, else a value pto-lint does not follow. Only tiles defined before the op (Entry) are merged.
  void mergeValid(const ValidStates &A, const ValidStates &B, const ValidStates &Entry, const Stmt &S,
                  const std::optional<checker::PathCondition> &Cond) {
    const std::string After = "after the " + S.op.text + " at line " + std::to_string(S.op.line);
    for (const auto &[Tile, Before] : Entry) {
      auto IA = A.find(Tile), IB = B.find(Tile);
      ValidState X = IA == A.end() ? ValidState{} : IA->second, Y = IB == B.end() ? ValidState{} : IB->second;
      if (!(X != Y)) {
        restoreValid({{Tile, X}});
        continue;
      }
      auto Dim = [&](const std::string &DA, const std::string &DB, const char *What) {
        if (DA == DB)
          return DA;
        const std::string Name = Tile + "." + What + " (" + After + ")";
        return madeValue(Name, join(DA, yieldedValue(DA), DB, yieldedValue(DB), Name, "index", loc(S.op),
                                    Cond ? Cond->term : term::Term(), Cond ? Cond->text : "",
                                    "a valid region pto.set_validshape changes in a loop or a branch pto-lint does "
                                    "not follow"));
      };
      restoreValid({{Tile, {Dim(X.row, Y.row, "valid_row"), Dim(X.col, Y.col, "valid_col"),
                            "valid region " + After + ", from the pto.set_validshape ops in it"}}});
    }
  }

  /// The tiles a region's pto.set_validshape ops change, with the valid operands of each.
  static void validSets(const std::vector<std::unique_ptr<Stmt>> &Region,
                        std::map<std::string, std::vector<std::pair<std::string, std::string>>> &Out) {
    for (const auto &S : Region) {
      std::vector<std::string> Vs = operandsBeforeType(*S);
      if (S->op.text == "pto.set_validshape" && Vs.size() == 3)
        Out[Vs[0]].emplace_back(Vs[1], Vs[2]);
      for (const auto &R : S->regions)
        validSets(R, Out);
    }
  }

  /// A loop body may run after an iteration that changed a tile's valid region: a tile the body changes to other
  /// values than it has at the loop starts the body with a valid region pto-lint does not follow (until the body's
  /// own pto.set_validshape).
  void enterLoop(const Stmt &S, const ValidStates &Entry) {
    std::map<std::string, std::vector<std::pair<std::string, std::string>>> Sets;
    for (const auto &R : S.regions)
      validSets(R, Sets);
    const std::string Line = std::to_string(S.op.line);
    for (const auto &[Tile, Dims] : Sets) {
      auto It = Entry.find(Tile);
      if (It == Entry.end())
        continue; // defined in the loop: its own pto.set_validshape comes first
      bool SameRow = true, SameCol = true;
      for (const auto &[R, C] : Dims) {
        SameRow &= R == It->second.row;
        SameCol &= C == It->second.col;
      }
      if (SameRow && SameCol)
        continue;
      auto Dim = [&](bool Same, const std::string &Before, const char *What) {
        if (Same)
          return Before;
        const std::string Name = Tile + "." + What + " (loop at line " + Line + ")";
        Value V;
        V.symbol = symbolFor(Name, "index", false, "changed by pto.set_validshape in an earlier iteration of the loop "
                                                   "at line " + Line);
        return madeValue(Name, V);
      };
      restoreValid({{Tile, {Dim(SameRow, It->second.row, "valid_row"), Dim(SameCol, It->second.col, "valid_col"),
                            "its valid region may come from an earlier iteration of the loop at line " + Line}}});
    }
  }

  /// The SSA values an op names before its `:` type list (or its attribute dictionary).
  static std::vector<std::string> operandsBeforeType(const Stmt &S) {
    std::vector<std::string> Vs;
    for (const Token &K : S.body) {
      if (K.is(":") || K.is("{") || K.kind == Tok::Arrow)
        break;
      if (K.kind == Tok::Value)
        Vs.push_back(K.text);
    }
    return Vs;
  }

  /// Ops that make a tile whose valid region is implicit, or change or read one in place; false for other ops.
  bool validRegionOp(const Stmt &S) {
    const std::string &Op = S.op.text;
    if (Op == "pto.set_validshape")
      setValidShape(S);
    else if (Op == "pto.get_validshape" && S.results.size() == 2)
      getValidShape(S);
    else if ((Op == "pto.declare_tile" || Op == "pto.tpop_from_aic" || Op == "pto.tpop_from_aiv") &&
             S.results.size() == 1)
      declared(S);
    else if (Op == "pto.subview" && S.results.size() == 1)
      subview(S);
    else
      return false;
    return true;
  }

  /// A tile's dynamic valid dims set to its full shape (the dims its type states stay as they are).
  void fullShape(const std::string &Tile, const std::string &Note) {
    Value &V = Values[Tile];
    std::string Why;
    std::optional<TileBuf> B = tileBuf(V.type, Why);
    if (!B)
      return;
    if (!B->vrow)
      V.validRow = madeConstant(Tile + ".valid_row", B->rows);
    if (!B->vcol)
      V.validCol = madeConstant(Tile + ".valid_col", B->cols);
    V.validNote = Note;
  }

  /// The tile an op's one result is: its type the op's last one, defined there.
  Value &newTile(const Stmt &S) {
    Value &V = Values[S.results[0]];
    V = Value();
    V.def = loc(S.op);
    V.type = lastType(S.body);
    return V;
  }

  /// `%t = pto.declare_tile -> T`, `%t = pto.tpop_from_aic [(%vr, %vc)] {...} -> T` (and tpop_from_aiv): PTOAS lowers
  /// a pop to declare_tile, then set_validshape with the operands when they are given
  /// (PTOLowerFrontendPipeOpsPass.cpp:565-594, 596-625), and a declared tile's dynamic valid region starts as its
  /// full shape (PTOToEmitC.cpp:12545-12561, 12572-12584).
  void declared(const Stmt &S) {
    const std::string &Tile = S.results[0];
    Value &V = newTile(S);
    std::vector<std::string> Dims = operandsBeforeType(S);
    if (S.op.text != "pto.declare_tile" && Dims.size() == 2) {
      V.validRow = Dims[0];
      V.validCol = Dims[1];
      V.validNote = "valid region from the operands of " + S.op.text;
    } else {
      fullShape(Tile, "valid region " + S.op.text + " gives: the full shape");
    }
  }

  /// `pto.set_validshape %t, %r, %c : T` changes %t's valid region in place; the ops after it see the new one
  /// (PTOOps.td:492-516; PTOAS requires a dynamic valid region, PTO.cpp:13380-13401).
  void setValidShape(const Stmt &S) {
    ++Out.opaque;
    std::vector<std::string> Vs = operandsBeforeType(S);
    if (Vs.size() != 3 || !Values.count(Vs[0]))
      return;
    restoreValid({{Vs[0], {Vs[1], Vs[2], "valid region set by pto.set_validshape at line " + std::to_string(S.op.line)}}});
  }

  /// `%r, %c = pto.get_validshape %t : T`: %t's valid region where it is read (PTOOps.td:518-540).
  void getValidShape(const Stmt &S) {
    ++Out.opaque;
    std::vector<std::string> Vs = operandsBeforeType(S);
    for (size_t K = 0; K < 2; ++K) {
      Value R;
      if (Vs.size() == 1 && Values.count(Vs[0])) {
        const Value &T = Values[Vs[0]];
        std::string Why;
        std::optional<TileBuf> B = tileBuf(T.type.empty() ? lastType(S.body) : T.type, Why);
        std::optional<int64_t> Static = B ? (K ? B->vcol : B->vrow) : std::nullopt;
        const std::string &Dim = K ? T.validCol : T.validRow;
        if (Static)
          R.constant = Static;
        else if (!Dim.empty() && Values.count(Dim))
          R = Values[Dim];
        else if (!T.symbol.empty()) // a tile argument: the caller's valid region
          R.symbol = symbolFor(Vs[0] + (K ? ".valid_col" : ".valid_row"), "index", true, "");
      }
      R.def = loc(S.op);
      Values[S.results[K]] = R;
    }
  }

  /// `%s = pto.subview %src[%i, %j] sizes [R, C] [valid [%vr, %vc]] : T -> T2`: its valid region is the explicit
  /// operands clamped to the sizes, else the sizes (PTO.cpp:16834-16880); T2 states it where it is static.
  void subview(const Stmt &S) {
    const std::string &Tile = S.results[0];
    Value &V = newTile(S);
    std::string Why;
    std::optional<TileBuf> B = tileBuf(V.type, Why);
    std::vector<std::string> Dims;
    for (size_t K = 0; K + 1 < S.body.size(); ++K)
      if (S.body[K].kind == Tok::Ident && S.body[K].text == "valid" && S.body[K + 1].is("["))
        for (size_t J = K + 2; J < S.body.size() && !S.body[J].is("]"); ++J)
          if (S.body[J].kind == Tok::Value)
            Dims.push_back(S.body[J].text);
    if (!B || Dims.size() != 2)
      return;
    auto Clamp = [&](const std::string &Op, int64_t Size, const char *What) -> std::string {
      auto It = Values.find(Op);
      if (It != Values.end() && It->second.constant)
        return madeConstant(Tile + "." + What, std::min(*It->second.constant, Size));
      term::Term T = intTerm(Op);
      if (!T)
        return Op; // not followed: the operand itself
      Value C;
      C.term = term::Term::call("min2", {T, term::Term::literal(Size)}, term::Sort::Int);
      C.text = "min(" + textOf(Op) + ", " + std::to_string(Size) + ")";
      return madeValue(Tile + "." + What, C);
    };
    V.validRow = Clamp(Dims[0], B->rows, "valid_row");
    V.validCol = Clamp(Dims[1], B->cols, "valid_col");
    V.validNote = "valid region from pto.subview's valid operands, at most its sizes";
  }

  // ---- vector scope through calls ------------------------------------------------------------------------------

  /// Register ops must sit in a vector scope: pto.vecscope, pto.strict_vecscope, or a legacy scf.for marked
  /// llvm.loop.aivector_scope (reference/pto-text-forms.md §4.1 item 3).
  static bool opensVecScope(const Stmt &S) {
    const std::string &Op = S.op.text;
    return Op == "pto.vecscope" || Op == "pto.strict_vecscope" ||
           (Op == "scf.for" && std::any_of(S.body.begin(), S.body.end(), [](const Token &K) {
              return K.text.find("aivector_scope") != std::string::npos;
            }));
  }

  struct CallOf {
    std::string caller;
    bool inScope;
  };
  std::map<std::string, std::vector<CallOf>> CallsOf; // callee -> its func.call sites

  /// Every `func.call @f(...)`, with the function it is in and whether it sits in a vector scope there.
  void callGraph(const std::vector<std::unique_ptr<Stmt>> &Region, const std::string &Fn, bool InScope) {
    for (const auto &S : Region) {
      const std::string &Op = S->op.text;
      if (Op == "func.call" || Op == "call")
        for (const Token &K : S->body)
          if (K.kind == Tok::Symbol) {
            CallsOf[K.text.substr(1)].push_back({Fn, InScope});
            break;
          }
      for (const auto &R : S->regions)
        callGraph(R, Op == "func.func" ? S->function : Fn, (InScope && Op != "func.func") || opensVecScope(*S));
    }
  }

  /// Whether a function is called, and only from vector scopes (directly, or from functions called only from
  /// them, up to 4 levels): its register code then runs in its callers' scope. PTOAS inlines such helpers
  /// (`pto.tilelang.inline_proc`: PTOInstantiateAndInlineOpLib.cpp:47-77) before its legality pass, as bisheng
  /// does for C++ helpers called from __VEC_SCOPE__ (the C++ front end's inVectorScope).
  bool calledInVecScope(const std::string &Fn, unsigned Depth) const {
    auto It = CallsOf.find(Fn);
    if (Fn.empty() || It == CallsOf.end() || Depth >= 4)
      return false;
    for (const CallOf &C : It->second)
      if (!C.inScope && (C.caller == Fn || !calledInVecScope(C.caller, Depth + 1)))
        return false;
    return true;
  }

  static bool maskProducer(const std::string &Op) {
    for (const char *P : {"pto.pset_b", "pto.pge_b", "pto.plt_b"})
      if (Op.rfind(P, 0) == 0)
        return true;
    return false;
  }

  const checker::OpSignature *checkedOp(const std::string &Op) const {
    for (const checker::OpSignature &O : Rules.ops())
      if (!O.pto.empty() && O.pto == Op)
        return &O;
    return nullptr;
  }

  static std::string lastType(const std::vector<Token> &Body) {
    for (size_t K = Body.size(); K-- > 0;)
      if (Body[K].kind == Tok::Type)
        return Body[K].text;
    return "";
  }

  void readArch(const std::vector<Token> &Body) {
    for (size_t K = 0; K + 2 < Body.size(); ++K)
      if ((Body[K].text == "pto.target_arch") && Body[K + 1].is("=") && Body[K + 2].kind == Tok::String)
        if (auto T = archTarget(Body[K + 2].text))
          Out.target = T;
  }

  void functionArgs(const Stmt &S) {
    // @name ( %a : T , ... )
    for (size_t K = 0; K + 2 < S.body.size(); ++K)
      if (S.body[K].kind == Tok::Value && S.body[K + 1].is(":")) {
        const Token &Ty = S.body[K + 2];
        Value &V = Values[S.body[K].text];
        V.def = loc(S.body[K]);
        V.type = Ty.text;
        if (Ty.kind == Tok::Ident)
          V.symbol = symbolFor(S.body[K].text, Ty.text, true, "");
      }
  }

  /// A free integer for an SSA value (range of its type; `index` as a 32-bit size).
  std::string symbolFor(const std::string &Ssa, const std::string &Type, bool Understood, const std::string &Why) {
    checker::Symbol Sy;
    Sy.name = "v_" + Ssa.substr(1);
    for (char &C : Sy.name)
      if (!std::isalnum(static_cast<unsigned char>(C)) && C != '_')
        C = '_';
    Sy.display = Ssa;
    if (Type == "index") {
      // An index sizes things (valid dims, offsets): non-negative, as the C++ front end treats an unsigned.
      Sy.lo = 0;
    } else if (Type == "i8" || Type == "si8") {
      Sy.lo = INT8_MIN, Sy.hi = INT8_MAX;
    } else if (Type == "ui8") {
      Sy.lo = 0, Sy.hi = UINT8_MAX;
    } else if (Type == "i16" || Type == "si16") {
      Sy.lo = INT16_MIN, Sy.hi = INT16_MAX;
    } else if (Type == "ui16") {
      Sy.lo = 0, Sy.hi = UINT16_MAX;
    } else if (Type == "ui32") {
      Sy.lo = 0, Sy.hi = UINT32_MAX;
    }
    Sy.understood = Understood;
    Sy.why = Why;
    for (const checker::Symbol &E : Symbols)
      if (E.name == Sy.name)
        return Sy.name;
    Symbols.push_back(Sy);
    return Sy.name;
  }

  /// The valid dim an SSA operand gives: its constant, or a symbol.
  checker::IntFact dimOf(const std::string &Ssa, std::string &Origin) {
    auto It = Values.find(Ssa);
    if (It != Values.end() && It->second.constant)
      return checker::IntFact::known(*It->second.constant);
    if (It != Values.end() && !It->second.symbol.empty())
      return checker::IntFact::symbolic(term::Term::var(It->second.symbol));
    if (It != Values.end() && It->second.term && !It->second.isBool) {
      Origin = "valid region from '" + It->second.text + "'";
      return checker::IntFact::symbolic(It->second.term);
    }
    Origin = "from '" + Ssa + "', which pto-lint does not follow";
    std::string Sym = symbolFor(Ssa, "index", false, "computed by an op pto-lint does not follow");
    return checker::IntFact::symbolic(term::Term::var(Sym));
  }

  Token CallTok; // the op being read (for warnings about its spelling)

  checker::TileFacts facts(const std::string &Ssa, const std::string &Type) {
    checker::TileFacts F;
    F.expr = Ssa;
    F.typeSpelling = Type;
    auto It = Values.find(Ssa);
    const Value *V = It == Values.end() ? nullptr : &It->second;
    if (V)
      F.declLoc = V->def;
    if (Type.rfind("!pto.vreg<", 0) == 0) { // !pto.vreg<64xf32>
      size_t X = Type.find('x');
      F.isReg = true;
      F.dtypeName = X == std::string::npos ? "" : Type.substr(X + 1, Type.size() - X - 2);
      F.dtype = elemType(F.dtypeName);
      // A vreg is 256 bytes: N * bits(T) == 2048, or PTOAS's type verifier rejects it (reference §2.3).
      int64_t N = 0;
      try {
        N = X == std::string::npos ? 0 : std::stoll(Type.substr(10, X - 10));
      } catch (...) {
      }
      if (unsigned S = checker::dtypeSize(F.dtype); S && N * int64_t(S) != 256 && Warned.insert({CallTok.line, Type}).second)
        Out.errors.push_back({loc(CallTok), "'" + Type + "' is " + std::to_string(N * S) + " bytes, but a vector " +
                                                "register holds 256 (" + std::to_string(256 / S) + " lanes of " +
                                                F.dtypeName + "); ptoas rejects the type"});
      return F;
    }
    if (Type.rfind("!pto.mask<b", 0) == 0) { // !pto.mask<b32>
      F.isMask = true;
      try {
        F.maskWidth = std::stoll(Type.substr(11));
      } catch (...) {
      }
      if (V) {
        F.maskPartial = V->maskPartial;
        F.maskOrigin = V->maskOrigin.empty() ? Ssa : V->maskOrigin;
      }
      return F;
    }
    std::string Why;
    bool Positional = false;
    std::optional<TileBuf> B = tileBuf(Type, Why, Lenient ? &Positional : nullptr);
    if (Positional || (!B && Why.rfind("positional", 0) == 0))
      manual(CallTok, "a positional tile type");
    if (!B)
      return F; // not a tile the rules know: the call is reported as unrecognised
    static const std::map<std::string, std::string> Locs = {{"vec", "Vec"},   {"mat", "Mat"},   {"left", "Left"},
                                                            {"right", "Right"}, {"acc", "Acc"}, {"bias", "Bias"},
                                                            {"scaling", "Scaling"}};
    static const std::map<std::string, std::string> Layouts = {
        {"row_major", "RowMajor"}, {"col_major", "ColMajor"}, {"none_box", "NoneBox"}};
    F.isTile = true;
    F.loc = Locs.count(B->loc) ? Locs.at(B->loc) : "";
    F.dtype = elemType(B->elem);
    F.dtypeName = B->elem;
    F.rows = B->rows;
    F.cols = B->cols;
    F.blayout = Layouts.count(B->blayout) ? Layouts.at(B->blayout) : "";
    F.slayout = Layouts.count(B->slayout) ? Layouts.at(B->slayout) : "";
    F.sfractalSize = B->fractal;
    F.declValidRow = B->vrow.value_or(-1);
    F.declValidCol = B->vcol.value_or(-1);
    std::string Origin;
    auto Dim = [&](const std::optional<int64_t> &Static, const std::string &Operand, const char *What) {
      if (Static)
        return checker::IntFact::known(*Static);
      if (V && !Operand.empty())
        return dimOf(Operand, Origin);
      if (V && !V->symbol.empty()) { // a tile argument: its dynamic valid dims are the caller's
        Origin = "its valid region comes from the caller";
        return checker::IntFact::symbolic(term::Term::var(symbolFor(Ssa + "." + What, "index", true, "")));
      }
      Origin = "'" + Ssa + "' has a dynamic valid region pto-lint could not trace";
      return checker::IntFact::symbolic(term::Term::var(symbolFor(Ssa + "." + What, "index", false, Origin)));
    };
    F.validRow = Dim(B->vrow, V ? V->validRow : "", "valid_row");
    F.validCol = Dim(B->vcol, V ? V->validCol : "", "valid_col");
    F.validOrigin = V && !V->validNote.empty() && (!B->vrow || !B->vcol) ? V->validNote : Origin;
    if (V && !V->addr.empty()) {
      auto A = Values.find(V->addr);
      F.hasAddr = true;
      F.addr = A != Values.end() && A->second.constant
                   ? checker::IntFact::known(*A->second.constant)
                   : checker::IntFact::symbolic(term::Term::var(symbolFor(V->addr, "i64", false, "a runtime address")));
    }
    return F;
  }

  /// `ins(%a, %b [{attrs}] : Ta, Tb)` or `outs(...)`: the operands with their types.
  static std::vector<std::pair<std::string, std::string>> group(const std::vector<Token> &Body, const char *Name) {
    std::vector<std::pair<std::string, std::string>> Out;
    for (size_t K = 0; K + 1 < Body.size(); ++K) {
      if (!(Body[K].kind == Tok::Ident && Body[K].text == Name && Body[K + 1].is("(")))
        continue;
      std::vector<std::string> Vals, Types;
      bool InTypes = false;
      int Depth = 0;
      for (size_t J = K + 1; J < Body.size(); ++J) {
        const Token &T = Body[J];
        if (T.is("(") || T.is("{")) {
          ++Depth;
          continue;
        }
        if (T.is(")") || T.is("}")) {
          if (--Depth == 0)
            break;
          continue;
        }
        if (Depth != 1)
          continue;
        if (T.is(":"))
          InTypes = true;
        else if (!InTypes && T.kind == Tok::Value)
          Vals.push_back(T.text);
        else if (InTypes && (T.kind == Tok::Type || T.kind == Tok::Ident))
          Types.push_back(T.text);
      }
      for (size_t J = 0; J < Vals.size(); ++J)
        Out.emplace_back(Vals[J], J < Types.size() ? Types[J] : "");
      break;
    }
    return Out;
  }

  /// An SSA op's operands and their types: `%a, %b, %m : Ta, Tb, Tm -> Tr` (results get the types after `->`).
  /// Parenthesised: the type list was `(T, ...) -> T`, the manual's spelling (ptoas takes it only in generic form).
  static void ssaOperands(const Stmt &S, std::vector<std::pair<std::string, std::string>> &Ins,
                          std::vector<std::pair<std::string, std::string>> &Outs, bool &Parenthesised) {
    std::vector<std::string> Vals, Types, Results;
    int Phase = 0; // 0 operands, 1 operand types, 2 result types
    int Depth = 0;
    bool Generic = S.op.kind == Tok::String; // "pto.vmin"(%a, %b, %m) : (T, T, M) -> T
    Parenthesised = false;
    for (const Token &K : S.body) {
      if (K.is("(") || K.is("[") || K.is("{")) {
        Parenthesised |= Phase == 1 && K.is("(") && Depth == 0 && !Generic;
        ++Depth;
      } else if (K.is(")") || K.is("]") || K.is("}")) {
        --Depth;
      } else if (Depth == 0 && K.is(":") && Phase == 0) {
        Phase = 1;
      } else if (K.kind == Tok::Arrow && Depth == 0) {
        Phase = 2;
      } else if ((Depth == 0 || (Generic && Phase == 0 && Depth == 1)) && Phase == 0 && K.kind == Tok::Value) {
        Vals.push_back(K.text);
      } else if ((Depth == 0 || Phase > 0) && Phase > 0 && (K.kind == Tok::Type || K.kind == Tok::Ident)) {
        (Phase == 1 ? Types : Results).push_back(K.text);
      }
    }
    for (size_t J = 0; J < Vals.size(); ++J)
      Ins.emplace_back(Vals[J], J < Types.size() ? Types[J] : "");
    for (size_t J = 0; J < S.results.size(); ++J)
      Outs.emplace_back(S.results[J], J < Results.size() ? Results[J] : "");
  }

  /// The overload whose binding fits: every bound operand present, or only optional ones missing; of those, one
  /// for the backend the file is compiled for (op.tileexpand: PTOAS's own tile-op template) when the op has one.
  const checker::Overload *overloadFor(const checker::OpSignature &Sig, size_t Ins, size_t Outs, bool &TmpOmitted) const {
    auto Expands = [](const checker::Overload &O) {
      for (const auto &[N, V] : O.constants)
        if (N == "op.tileexpand")
          return V == 1;
      return false;
    };
    for (bool Backend : {true, false}) {
      const checker::Overload *Ov = nullptr;
      for (const checker::Overload &O : Sig.overloads) {
        if ((O.ptoIns.empty() && O.ptoOuts.empty()) || O.ptoOuts.size() != Outs ||
            (Backend && Expands(O) != Out.backend.expands()))
          continue;
        if (O.ptoIns.size() == Ins) {
          TmpOmitted = false;
          return &O;
        }
        if (O.ptoIns.size() == Ins + O.ptoOptional.size() && !Ov) {
          Ov = &O;
          TmpOmitted = true;
        }
      }
      if (Ov)
        return Ov;
    }
    return nullptr;
  }

  /// The C++ form of a statement's inherent attributes, as emitc writes them: TCVT's round and saturation modes as
  /// trailing arguments, defaults CAST_RINT and OFF (PTOToEmitC.cpp:9471-9525); TCMP/TCMPS's comparison as a trailing
  /// CmpMode, default EQ (:9030-9042, :9270-9320); a matmul's or gemv's accumulation phase as its template argument,
  /// none when unspecified (:5107-5124). Any other attribute: the statement says why it has no C++ form here.
  static void lowerAttributes(ImplCall &I, std::map<std::string, std::string> Attrs) {
    auto Take = [&](const std::string &Key) -> std::optional<std::string> {
      auto It = Attrs.find(Key);
      if (It == Attrs.end())
        return std::nullopt;
      std::string V = It->second;
      Attrs.erase(It);
      return V;
    };
    auto Upper = [](std::string V) {
      for (char &C : V)
        C = char(std::toupper(static_cast<unsigned char>(C)));
      return V;
    };
    const std::string &Op = I.cxxOp;
    if (Op == "TCVT") {
      static const std::map<std::string, std::string> Round = {
          {"NONE", "CAST_NONE"},   {"RINT", "CAST_RINT"},   {"ROUND", "CAST_ROUND"}, {"FLOOR", "CAST_FLOOR"},
          {"CEIL", "CAST_CEIL"},   {"TRUNC", "CAST_TRUNC"}, {"ODD", "CAST_ODD"},     {"CAST_RINT", "CAST_RINT"}};
      std::string R = Upper(Take("rmode").value_or("CAST_RINT")), Sat = Upper(Take("satmode").value_or("OFF"));
      if (!Round.count(R) || (Sat != "ON" && Sat != "OFF")) {
        I.why = "its round or saturation mode '" + R + "', '" + Sat + "' is not one pto-lint knows";
        return;
      }
      I.extra = {"RoundMode::" + Round.at(R), "SaturationMode::" + Sat};
    } else if (Op == "TCMP" || Op == "TCMPS") {
      std::string M = Upper(Take("cmpMode").value_or("eq"));
      static const std::set<std::string> Modes = {"EQ", "NE", "LT", "LE", "GT", "GE"};
      if (!Modes.count(M)) {
        I.why = "its comparison mode '" + M + "' is not one pto-lint knows";
        return;
      }
      I.extra = {"CmpMode::" + M};
    } else if (Op.rfind("TMATMUL", 0) == 0 || Op.rfind("TGEMV", 0) == 0) {
      std::string P = Take("accPhase").value_or("unspecified");
      if (P == "partial" || P == "final")
        I.templateArgs = "pto::AccPhase::" + std::string(P == "partial" ? "Partial" : "Final");
      else if (P != "unspecified") {
        I.why = "its accumulation phase '" + P + "' is not one pto-lint knows";
        return;
      }
    }
    if (!Attrs.empty() && I.why.empty())
      I.why = "its attribute '" + Attrs.begin()->first + "' is not lowered to C++ here";
  }

  /// A tile op statement without rules of its own, as ptoas's emitc backend calls pto-isa for it: `TOP(outs...,
  /// ins...)` (Lowering.h). Ops that move data through global tensors or pipes, print, synchronise, or only declare
  /// are not calls of a tile op's implementation; statements with attributes or modifiers (round modes, `fp`
  /// operands, accumulation phases) have a C++ form this does not model yet, and say so.
  void implCall(const Stmt &S) {
    const std::string &Op = S.op.text;
    if (Op.rfind("pto.t", 0) != 0)
      return;
    // Not a tile op's implementation: global tensors, pipes, printing, synchronisation, declarations, element
    // access, PTOAS's own tile-level constructs (prefixes).
    static const char *NotCalls[] = {"pto.tload",   "pto.tstore",    "pto.tprefetch", "pto.tprint",  "pto.tsync",
                                     "pto.tassign", "pto.treshape",  "pto.tensor_",   "pto.target_", "pto.tileop",
                                     "pto.tilelang", "pto.tget",     "pto.tset",      "pto.tpush",   "pto.tpop",
                                     "pto.tfree",   "pto.talloc",    "pto.tile_",     "pto.trandom", "pto.threadfence"};
    for (const char *N : NotCalls)
      if (Op.rfind(N, 0) == 0)
        return;
    ImplCall I;
    I.ptoOp = Op;
    I.cxxOp = Op.substr(4); // pto.tmatmul.acc -> TMATMUL_ACC (PTOToEmitC.cpp:5243, 11472)
    for (char &C : I.cxxOp)
      C = C == '.' ? '_' : char(std::toupper(static_cast<unsigned char>(C)));
    for (const char *Mx : {"TMATMUL_MX", "TGEMV_MX"}) // .acc and .bias forms are overloads (PTOToEmitC.cpp:11410-11534)
      if (I.cxxOp.rfind(Mx, 0) == 0)
        I.cxxOp = Mx;
    I.call.loc = loc(S.op);
    I.call.text = callText(S);
    I.call.textual = true;
    I.call.function = S.function;
    I.call.op = I.cxxOp;
    std::vector<std::pair<std::string, std::string>> Ins = group(S.body, "ins"), Outs = group(S.body, "outs");
    // Every SSA value of a group must be one of its operands: `ins(%src : T, %tmp : T)` (a type after each operand)
    // reads as one operand, and a C++ call without the second would be another overload.
    for (const auto &[Name, Read] : {std::pair<const char *, size_t>{"ins", Ins.size()}, {"outs", Outs.size()}}) {
      size_t Values = 0;
      for (size_t K = 0; K + 1 < S.body.size(); ++K)
        if (S.body[K].kind == Tok::Ident && S.body[K].text == Name && S.body[K + 1].is("(")) {
          for (size_t J = K + 1, Depth = 0; J < S.body.size(); ++J) {
            Depth += S.body[J].is("(") || S.body[J].is("{") || S.body[J].is("[");
            Depth -= S.body[J].is(")") || S.body[J].is("}") || S.body[J].is("]");
            if (Depth == 0)
              break;
            Values += Depth == 1 && S.body[J].kind == Tok::Value;
          }
          break;
        }
      if (Values != Read)
        I.why = std::string("its ") + Name + "(...) operands are not all read (" + std::to_string(Read) + " of " +
                std::to_string(Values) + ")";
    }
    // Anything but ins(...) and outs(...) of plain operands and attributes: `fp %x`, results. Inherent attributes
    // (`rmode = #pto<round_mode ROUND>`) are collected; discardable ones (dialect-prefixed names:
    // `pto.fusion.group_id`, `pto.last_use`) change no call.
    std::map<std::string, std::string> Attrs; // inherent attribute -> its enumerator as written
    int Depth = 0;
    for (size_t K = 0; K < S.body.size() && I.why.empty(); ++K) {
      const Token &T = S.body[K];
      if (T.is("(") || T.is("[") || T.is("{"))
        Depth += 1;
      else if (T.is(")") || T.is("]") || T.is("}"))
        Depth -= 1;
      else if (T.kind == Tok::Ident && K + 2 < S.body.size() && S.body[K + 1].is("=") &&
               S.body[K + 2].kind == Tok::Attr) {
        if (T.text.find('.') == std::string::npos) { // `#pto<round_mode ROUND>` -> ROUND
          std::string V = S.body[K + 2].text;
          size_t E = V.rfind('>'), B = V.find_last_of(" <", E == std::string::npos ? V.size() : E);
          Attrs[T.text] = B == std::string::npos || E == std::string::npos ? V : V.substr(B + 1, E - B - 1);
        }
        K += 2;
      } else if (Depth == 0 && T.kind == Tok::Ident && T.text != "ins" && T.text != "outs") {
        I.why = "its modifier '" + T.text + "' is not lowered to C++ here";
      }
    }
    lowerAttributes(I, Attrs);
    if (Out.backend.name == "vpto") // PTOAS lowers the op itself (pto-lower-to-ubuf, lib/TileOps/), not through pto-isa
      I.why = "the file is compiled by ptoas's vpto backend (" + Out.backend.from + "), which lowers tile ops itself";
    if (I.why.empty() && !S.results.empty())
      I.why = "the SSA form of a tile op is not lowered to C++ here";
    if (I.why.empty() && Ins.empty() && Outs.empty())
      I.why = "no ins(...) or outs(...) operands read";
    std::vector<std::pair<std::string, std::string>> Args = Outs;
    Args.insert(Args.end(), Ins.begin(), Ins.end());
    for (const auto &[Ssa, Type] : Args) {
      if (!I.why.empty())
        break;
      ImplArg A;
      A.ssa = Ssa;
      if (Type.empty()) {
        I.why = "operand " + Ssa + " has no type";
      } else if (Type[0] == '!') {
        CallTok = S.op;
        A.tile = facts(Ssa, Type);
        if (!A.tile.isTile)
          I.why = "operand " + Ssa + " of type '" + Type + "' is not a tile pto-lint reads";
      } else {
        A.scalarType = Type;
        if (Type == "index" || (Type.size() > 1 && (Type[0] == 'i' || Type.rfind("ui", 0) == 0) && Type != "i1"))
          if (term::Term T = intTerm(Ssa))
            A.value = T.op() == term::Op::Int ? checker::IntFact::known(T.value()) : checker::IntFact::symbolic(T);
      }
      I.args.push_back(std::move(A));
    }
    I.call.symbols = Symbols;
    I.call.path = Path;
    Out.implCalls.push_back(std::move(I));
  }

  void call(const Stmt &S, const checker::OpSignature &Sig) {
    CallTok = S.op;
    std::vector<std::pair<std::string, std::string>> Ins, Outs;
    bool Ssa = std::any_of(Sig.overloads.begin(), Sig.overloads.end(), [](const checker::Overload &O) { return O.ptoSsa; });
    bool Parenthesised = false;
    if (Ssa) {
      ssaOperands(S, Ins, Outs, Parenthesised);
      if (Parenthesised)
        manual(S.op, "a parenthesised type list on " + S.op.text);
    } else {
      Ins = group(S.body, "ins"), Outs = group(S.body, "outs");
      if (Ins.empty() && Outs.empty() && !S.results.empty()) {
        // `%d = pto.tmin %a, %b : (T, T) -> T`: the manual's SSA tile form; results are the outs.
        manual(S.op, "the SSA form of " + S.op.text + " (ptoas expects ins(...) outs(...))");
        if (!Lenient)
          return;
        ssaOperands(S, Ins, Outs, Parenthesised);
      }
    }
    checker::CallSite C;
    C.op = Sig.name;
    C.loc = loc(S.op);
    C.text = callText(S);
    C.textual = true;
    C.function = S.function;
    bool TmpOmitted = false;
    const checker::Overload *Ov = overloadFor(Sig, Ins.size(), Outs.size(), TmpOmitted);
    if (!Ov) {
      C.overload = Sig.overloads.empty() ? "" : Sig.overloads.front().name;
      C.unresolved = "its operands (ins " + std::to_string(Ins.size()) + ", outs " + std::to_string(Outs.size()) +
                     ") match no form of " + S.op.text + " pto-lint knows";
      Out.calls.push_back(std::move(C));
      return;
    }
    C.overload = Ov->name;
    std::map<std::string, std::pair<std::string, std::string>> Bound; // role -> (ssa, type)
    size_t In = 0;
    for (const std::string &R : Ov->ptoIns) {
      bool Optional = std::find(Ov->ptoOptional.begin(), Ov->ptoOptional.end(), R) != Ov->ptoOptional.end();
      if (TmpOmitted && Optional)
        continue;
      if (In < Ins.size())
        Bound[R] = Ins[In++];
    }
    for (size_t K = 0; K < Ov->ptoOuts.size() && K < Outs.size(); ++K)
      Bound[Ov->ptoOuts[K]] = Outs[K];
    for (const std::string &R : Ov->roles) { // C++ argument order, as every front end gives them
      auto It = Bound.find(R);
      if (It == Bound.end())
        continue; // an optional operand the assembler provides
      C.operands.push_back({R, facts(It->second.first, It->second.second)});
    }
    C.symbols = Symbols;
    C.path = Path;
    // Register ops: whether the call sits in a vector scope, its own or its callers'. ptoas's vpto backend (the one
    // that lowers register ops) infers a pto.vecscope around register ops written outside one, in every function,
    // before its legality pass (include/PTO/Transforms/Passes.td:896-913; docs/designs/vmi-implementation-manual.md:
    // 122-147, 1207); it
    // fails only when a register value would escape the inferred scope, which it reports itself.
    if (Sig.builtin)
      C.constants.emplace_back("op.invecscope", VecScope > 0 || CallersInVecScope || Out.backend.name == "vpto" ? 1 : 0);
    Out.calls.push_back(std::move(C));
  }
};

} // namespace

namespace {

/// The `// RUN:` commands of a lit test, continuation lines (a trailing `\`) joined.
std::vector<std::string> runCommands(const std::string &Text) {
  std::vector<std::string> Out;
  bool Continued = false;
  for (size_t P = 0; P < Text.size();) {
    size_t E = Text.find('\n', P);
    std::string Line = Text.substr(P, E == std::string::npos ? std::string::npos : E - P);
    P = E == std::string::npos ? Text.size() : E + 1;
    size_t R = Line.find("RUN:");
    if (Line.find("//") == std::string::npos || R == std::string::npos) {
      Continued = false;
      continue;
    }
    std::string Cmd = trim(Line.substr(R + 4));
    bool More = !Cmd.empty() && Cmd.back() == '\\';
    if (More)
      Cmd.pop_back();
    if (Continued && !Out.empty())
      Out.back() += " " + Cmd;
    else
      Out.push_back(Cmd);
    Continued = More;
  }
  return Out;
}

/// The backend a file is compiled for: pto-lint's options, else the module's `pto.backend` attribute
/// (VPTOSplitCVModule.cpp:41-44) and the ptoas commands of the RUN lines (each one that assembles the file must say
/// `--pto-backend=vpto`, and `--enable-tile-op-expand` for the file to be read as expanded; a file only ever
/// rejected, `not ptoas`, is read as those commands compile it), else ptoas's default, emitc.
Backend backendOf(const std::string &Text, const std::vector<std::unique_ptr<Stmt>> &Stmts, const ReadOptions &O) {
  Backend B;
  std::optional<bool> RunVpto, RunExpand;
  static const std::regex Ptoas(R"((^|[\s|;&(])(not\s+|!\s+)?ptoas\s)");
  for (bool Rejecting : {false, true}) {
    for (const std::string &Cmd : runCommands(Text)) {
      std::smatch M;
      if (!std::regex_search(Cmd, M, Ptoas) || M[2].matched != Rejecting)
        continue;
      std::string Rest = Cmd.substr(M.position(0));
      bool Vpto = Rest.find("--pto-backend=vpto") != std::string::npos || Rest.find("--pto-backend vpto") != std::string::npos;
      bool Expand = Rest.find("--enable-tile-op-expand") != std::string::npos;
      RunVpto = RunVpto.value_or(true) && Vpto;
      RunExpand = RunExpand.value_or(true) && Expand;
    }
    if (RunVpto)
      break;
  }
  std::string Module;
  for (const auto &S : Stmts)
    if (S->op.text == "module")
      for (size_t K = 0; K + 2 < S->body.size() && Module.empty(); ++K)
        if (S->body[K].text == "pto.backend" && S->body[K + 1].is("=") && S->body[K + 2].kind == Tok::String)
          Module = S->body[K + 2].text;
  if (!O.backend.empty()) {
    B.name = O.backend;
    B.from = "option";
  } else if (Module == "vpto" || Module == "emitc") {
    B.name = Module;
    B.from = "module attribute";
  } else if (RunVpto) {
    B.name = *RunVpto ? "vpto" : "emitc";
    B.from = "RUN lines";
  }
  if (O.tileOpExpand) {
    B.tileOpExpand = *O.tileOpExpand;
    B.from = B.from == "default" || B.from == "option" ? "option" : B.from + " and option";
  } else if (RunExpand) {
    B.tileOpExpand = *RunExpand;
    if (B.from != "RUN lines" && *RunExpand)
      B.from += " and RUN lines";
  }
  return B;
}

} // namespace

Reading read(const std::string &File, const std::string &Text, const checker::RuleSet &Rules, bool Lenient) {
  ReadOptions O;
  O.lenient = Lenient;
  return read(File, Text, Rules, O);
}

Reading read(const std::string &File, const std::string &Text, const checker::RuleSet &Rules, const ReadOptions &Options) {
  const bool Lenient = Options.lenient;
  Reading Out;
  if (Text.size() > MaxFileBytes) { // tokens and statements would cost memory many times the file's size
    Out.errors.push_back({{File, 1, 1},
                          "file too large to be a textual PTO kernel (" + std::to_string(Text.size() >> 20) +
                              " MB; pto-lint reads .pto files of at most " + std::to_string(MaxFileBytes >> 20) +
                              " MB)"});
    return Out;
  }
  Lexer L(Text, Out.errors, File);
  Parser P(L.all(), Out.errors, File);
  std::vector<std::unique_ptr<Stmt>> Stmts = P.file();
  Out.backend = backendOf(Text, Stmts, Options);
  Reader(File, Rules, Out, Lenient, Options.implCalls).run(Stmts);
  if (Out.errors.size() > MaxErrors) { // a file that is not PTO at all: the first errors say so, as clang's limit does
    size_t More = Out.errors.size() - MaxErrors;
    Out.errors.resize(MaxErrors);
    Out.errors.push_back({Out.errors.back().loc, "too many errors; " + std::to_string(More) + " more not shown"});
  }
  if (!Out.target) // a lit test's RUN line: --pto-arch=a5
    for (size_t P = Text.find("--pto-arch="); P != std::string::npos; P = Text.find("--pto-arch=", P + 1)) {
      size_t B = P + 11, E = Text.find_first_of(" \t\n\\", B);
      if (auto T = archTarget(Text.substr(B, E == std::string::npos ? std::string::npos : E - B))) {
        Out.target = T;
        break;
      }
    }
  return Out;
}

} // namespace pto::ptotext
