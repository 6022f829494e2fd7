// clangfe: upstream's own checks. pto-isa states most preconditions of its ops as `PTO_ASSERT(condition, message)`,
// which expands to nothing unless `_DEBUG` is defined (pto-isa@3186c381 include/pto/common/debug.h:32-36). The
// preprocessor callback below keeps the condition in the AST without changing the program (an unevaluated
// operand), and the walk lifts every assert the implementation of an op call reaches, in the instantiation for the
// call's types, into a check of the call: its condition and the guards on the way as terms over the call's values
// (docs/upstream-checks.md).
#include "CceSyntax.h"
#include "ExtractImpl.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Parse/Parser.h"
#include "clang/Sema/EnterExpressionEvaluationContext.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/Template.h"

#include <algorithm>
#include <cstdlib>
#include <deque>

using namespace clang;

namespace pto::clangfe {
namespace extract {

namespace {

constexpr const char *AssertMacro = "PTO_ASSERT";
/// Statements of the implementation one op call's walk visits at most; beyond, the rest is not followed.
constexpr unsigned StatementBudget = 20000;
/// Helper calls followed below the op, at most.
constexpr unsigned MaxHelperDepth = 12;

/// Whether a definition of PTO_ASSERT names its condition in its body (the _DEBUG macro compiles it in).
bool usesCondition(const MacroInfo *MI) {
  if (MI->getNumParams() < 1)
    return false;
  const IdentifierInfo *Cond = MI->params()[0];
  for (const Token &T : MI->tokens())
    if (T.getIdentifierInfo() == Cond)
      return true;
  return false;
}

/// `PTO_LINT_CHECK_SUBSTITUTION=1`: each shortcut the walk takes instead of a computation of clang's (a condition's
/// substitution, a condition kept as written, a function's name) is compared with clang's, and a difference printed.
bool checkingShortcuts() {
  static const bool Check = [] {
    const char *V = std::getenv("PTO_LINT_CHECK_SUBSTITUTION");
    return V && *V && std::string(V) != "0";
  }();
  return Check;
}

/// Records each PTO_ASSERT expansion: where it starts, its message, and, where the macro is compiled out, the tokens of
/// its condition, macro-expanded as the _DEBUG macro's body would have them. The compiled-out form is (made) the
/// release macro of upstream's debug.h, `((void)0)`, so the program is the one the user compiles without pto-lint;
/// the statement marks the assert's place in the AST. Clang parses no condition: the walk parses the condition of
/// an assert it reaches, where the assert is, at the end of the unit (Finder::parsedCondition). A unit reaches a few
/// dozen of the headers' hundreds of asserts, and parsing every condition where it is written cost about 1 % of the
/// compile.
class AssertRecorder : public PPCallbacks {
public:
  AssertRecorder(Preprocessor &PP, std::shared_ptr<ScopeMacros> Out)
      : PP(PP), Out(std::move(Out)), Assert(PP.getIdentifierInfo(AssertMacro)) {}

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    const MacroInfo *MI = MD->getMacroInfo();
    if (!II || II != Assert || !MI || !MI->isFunctionLike() || MI->getNumParams() < 1 ||
        !PP.getLangOpts().CPlusPlus17 || usesCondition(MI))
      return; // (a _DEBUG build compiles the condition in: the walk reads it from there)
    SourceLocation L = MI->getDefinitionLoc();
    auto Tok = [&](tok::TokenKind K) {
      Token T;
      T.startToken();
      T.setKind(K);
      T.setLocation(L);
      T.setLength(1);
      return T;
    };
    auto Word = [&](const char *Spelling) {
      IdentifierInfo *Id = PP.getIdentifierInfo(Spelling);
      Token T = Tok(Id->getTokenID());
      T.setLength(Id->getLength());
      T.setIdentifierInfo(Id);
      return T;
    };
    auto Zero = [&] {
      static const char Digit[] = "0";
      Token T = Tok(tok::numeric_constant);
      T.setLiteralData(Digit);
      return T;
    };
    Token Body[] = {Tok(tok::l_paren), Tok(tok::l_paren), Word("void"), Tok(tok::r_paren), Zero(), Tok(tok::r_paren)};
    redefineMacro(PP, const_cast<IdentifierInfo *>(II), MI, Body, MD->getLocation());
  }

  void MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange Range, const MacroArgs *Args) override {
    // (Every expansion of the unit comes here: the macro's name is compared as the identifier.)
    if (Name.getIdentifierInfo() != Assert)
      return;
    // The message: the second argument's string literals, their contents joined.
    std::string Message;
    if (Args && Args->getNumMacroArguments() > 1)
      for (const Token *T = Args->getUnexpArgument(1); T && T->isNot(tok::eof); ++T)
        if (tok::isStringLiteral(T->getKind())) {
          llvm::SmallString<128> Buffer;
          StringRef S = PP.getSpelling(*T, Buffer);
          size_t Open = S.find('"'), Close = S.rfind('"');
          if (Open != StringRef::npos && Close > Open)
            Message += S.substr(Open + 1, Close - Open - 1);
        }
    Out->asserts[Range.getBegin().getRawEncoding()] = Message;
    // The condition, expanded as clang expands an argument the body names (before the expansion is entered).
    const MacroInfo *MI = MD.getMacroInfo();
    if (Args && Args->getNumMacroArguments() > 0 && MI && MI->getNumParams() > 0 && !usesCondition(MI)) {
      std::vector<Token> &Kept = Out->conditions[Range.getBegin().getRawEncoding()];
      const Token *Written = Args->getUnexpArgument(0);
      const Token *End = Written;
      bool Plain = true; // no identifier the preprocessor handles (a macro, a poisoned or extension one...)
      for (; End->isNot(tok::eof); ++End)
        if (const IdentifierInfo *Id = End->getIdentifierInfo(); Id && Id->isHandleIdentifierCase())
          Plain = false;
      if (Plain) {
        Kept.assign(Written, End); // what the pre-expansion would re-lex them to
      } else {
        const std::vector<Token> &Expanded = const_cast<MacroArgs *>(Args)->getPreExpArgument(0, PP);
        Kept.assign(Expanded.begin(), Expanded.end());
        if (!Kept.empty() && Kept.back().is(tok::eof))
          Kept.pop_back();
      }
      if (Plain && checkingShortcuts())
        checkPlainCondition(const_cast<MacroArgs *>(Args), Kept);
    }
  }

private:
  /// PTO_LINT_CHECK_SUBSTITUTION: a condition taken as written is what the pre-expansion gives (tokens, their kinds,
  /// places, identifiers, spellings and flags).
  void checkPlainCondition(MacroArgs *Args, const std::vector<Token> &Kept) {
    std::vector<Token> Expanded = Args->getPreExpArgument(0, PP);
    if (!Expanded.empty() && Expanded.back().is(tok::eof))
      Expanded.pop_back();
    bool Same = Expanded.size() == Kept.size();
    for (size_t I = 0; Same && I < Kept.size(); ++I) {
      const Token &A = Kept[I], &B = Expanded[I];
      Same = A.getKind() == B.getKind() && A.getLocation() == B.getLocation() && A.getLength() == B.getLength() &&
             A.getFlags() == B.getFlags() && A.getIdentifierInfo() == B.getIdentifierInfo() &&
             (!A.isLiteral() || A.getLiteralData() == B.getLiteralData());
    }
    if (!Same) {
      SourceLocation At = Kept.empty() ? SourceLocation() : Kept.front().getLocation();
      llvm::errs() << "pto-lint: PTO_LINT_CHECK_SUBSTITUTION: the condition at "
                   << At.printToString(PP.getSourceManager()) << " is not its pre-expansion as written\n";
    }
  }

  Preprocessor &PP;
  std::shared_ptr<ScopeMacros> Out;
  const IdentifierInfo *Assert; // PTO_ASSERT
};

/// The target whose implementation a header is, by its path (include/pto/npu/a2a3, npu/a5, cpu).
std::optional<checker::Target> headerTarget(StringRef Path) {
  if (Path.contains("/npu/a2a3/"))
    return checker::Target::A2A3;
  if (Path.contains("/npu/a5/"))
    return checker::Target::A5;
  if (Path.contains("/pto/cpu/"))
    return checker::Target::CPU;
  return std::nullopt;
}

/// True if the statement leaves the function on every path through it.
bool alwaysExits(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return !CS->body_empty() && alwaysExits(CS->body_back());
  if (const auto *If = dyn_cast<IfStmt>(S))
    return If->getElse() && alwaysExits(If->getThen()) && alwaysExits(If->getElse());
  return false;
}

/// The symbols of the implementation ("u.…") a term mentions.
std::set<std::string> implSymbols(const term::Term &T) {
  std::set<std::string> Out;
  term::forEachVar(T, [&](const term::Term &V) {
    if (V.name().compare(0, 2, "u.") == 0)
      Out.insert(V.name());
  });
  return Out;
}

std::string collapseSpace(StringRef S) {
  std::string Out;
  bool Gap = false;
  for (char C : S) {
    if (std::isspace(static_cast<unsigned char>(C))) {
      Gap = !Out.empty();
      continue;
    }
    if (Gap)
      Out += ' ';
    Gap = false;
    Out += C;
  }
  return Out;
}

/// Adds to Out what declaration D brings into scope by name, in a function body: D itself; an unscoped enum's
/// enumerators; a structured binding's names; a using-declaration's shadows; a using-directive.
void bringsIntoScope(Decl *D, std::vector<Decl *> &Out) {
  if (auto *U = dyn_cast<UsingDecl>(D)) {
    for (UsingShadowDecl *Shadow : U->shadows())
      Out.push_back(Shadow);
  } else if (auto *DD = dyn_cast<DecompositionDecl>(D)) {
    for (BindingDecl *B : DD->bindings())
      Out.push_back(B);
  } else if (isa<UsingDirectiveDecl>(D) || (isa<NamedDecl>(D) && cast<NamedDecl>(D)->getDeclName())) {
    Out.push_back(D);
    if (auto *E = dyn_cast<EnumDecl>(D); E && !E->isScoped())
      for (EnumConstantDecl *C : E->enumerators())
        Out.push_back(C);
  }
}

/// The declarations of S's subtree in scope where Target (in S) is, in the order they are declared, one list per
/// statement around Target (an inner one may hide an outer one's name): those of the enclosing blocks before it,
/// and the init-statements, condition variables and loop variables of the statements around it. False when Target
/// is not in S (outside a lambda's body).
using ScopeLevels = std::vector<std::vector<Decl *>>;
bool inScopeAt(const Stmt *S, const Stmt *Target, ScopeLevels &Out) {
  if (S == Target)
    return true;
  if (!S || isa<LambdaExpr>(S))
    return false;
  size_t Level = Out.size();
  Out.emplace_back();
  for (const Stmt *Child : S->children()) {
    if (inScopeAt(Child, Target, Out))
      return true;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(Child))
      for (Decl *D : DS->decls())
        bringsIntoScope(D, Out[Level]);
  }
  Out.pop_back();
  return false;
}

/// The parser of the unit, at its end (the preprocessor's code completion handler is the parser while it lives).
Parser *unitParser(Sema &Sem) {
  auto *P = static_cast<Parser *>(Sem.getPreprocessor().getCodeCompletionHandler());
  return P && &P->getActions() == &Sem && P->getCurToken().is(tok::eof) ? P : nullptr;
}

/// Parses a condition, Toks (macro-expanded), as an operand of `sizeof` written in Fn's body where the declarations
/// InScope are in scope (inScopeAt): in Fn's template and class scopes, with its parameters, as clang parses a
/// late-parsed template's body at the end of the unit (-fdelayed-template-parsing; Parser::ParseLateTemplatedFuncDef).
/// Names are looked up at the end of the unit: an overload declared after Fn is a candidate too. Nothing is reported
/// and nothing enters the program but the expression's nodes: null when the tokens are not one expression there.
const Expr *parseAt(Sema &Sem, Parser &P, FunctionDecl *Fn, const ScopeLevels &InScope, ArrayRef<Token> Toks) {
  DiagnosticsEngine &Diags = Sem.getDiagnostics();
  bool WasSuppressed = Diags.getSuppressAllDiagnostics();
  Diags.setSuppressAllDiagnostics(true); // (an error still counts in the trap, not in the unit)
  DiagnosticErrorTrap Errors(Diags);
  ExprResult R;
  bool Whole = false;
  {
    Sema::SFINAETrap Trap(Sem);
    Sema::ContextRAII Unit(Sem, Sem.getASTContext().getTranslationUnitDecl());
    Parser::MultiParseScope Scopes(P);
    SmallVector<DeclContext *, 4> Enclosing;
    for (DeclContext *DC = Fn; DC && !DC->isTranslationUnit(); DC = DC->getLexicalParent())
      Enclosing.push_back(DC);
    for (DeclContext *DC : llvm::reverse(Enclosing)) {
      P.ReenterTemplateScopes(Scopes, cast<Decl>(DC));
      Scopes.Enter(Scope::DeclScope);
      if (DC != Fn)
        Sem.PushDeclContext(Sem.getCurScope(), DC);
    }
    Scopes.Enter(Scope::FnScope | Scope::DeclScope | Scope::CompoundStmtScope);
    Sem.ActOnReenterFunctionContext(Sem.getCurScope(), Fn);
    for (const std::vector<Decl *> &Level : InScope) {
      if (Level.empty())
        continue;
      Scopes.Enter(Scope::DeclScope | Scope::CompoundStmtScope);
      for (Decl *D : Level) {
        if (auto *UD = dyn_cast<UsingDirectiveDecl>(D)) {
          Sem.getCurScope()->PushUsingDirective(UD);
        } else {
          Sem.getCurScope()->AddDecl(D);
          Sem.IdResolver.AddDecl(cast<NamedDecl>(D));
        }
      }
    }
    Sem.PushFunctionScope();
    {
      EnterExpressionEvaluationContext Unevaluated(Sem, Sema::ExpressionEvaluationContext::Unevaluated);
      // The condition, an end of its own, and the parser's token (the unit's end), which it is at again after.
      static const char Marker = 0;
      auto Stream = std::make_unique<Token[]>(Toks.size() + 2);
      std::copy(Toks.begin(), Toks.end(), Stream.get());
      Token &End = Stream[Toks.size()];
      End.startToken();
      End.setKind(tok::eof);
      End.setLocation(Toks.back().getEndLoc());
      End.setEofData(&Marker);
      Stream[Toks.size() + 1] = P.getCurToken();
      Sem.getPreprocessor().EnterTokenStream(std::move(Stream), Toks.size() + 2, /*DisableMacroExpansion=*/true,
                                             /*IsReinject=*/true);
      P.ConsumeAnyToken(/*ConsumeCodeCompletionTok=*/true);
      R = P.ParseExpression();
      Whole = P.getCurToken().is(tok::eof) && P.getCurToken().getEofData() == &Marker;
      while (P.getCurToken().isNot(tok::eof))
        P.ConsumeAnyToken(/*ConsumeCodeCompletionTok=*/true);
      if (P.getCurToken().getEofData() == &Marker)
        P.ConsumeAnyToken(/*ConsumeCodeCompletionTok=*/true);
    }
    Sem.PopFunctionScopeInfo();
    Sem.ActOnExitFunctionContext();
    Whole &= !Trap.hasErrorOccurred();
  }
  Whole &= !Errors.hasErrorOccurred();
  Diags.setSuppressAllDiagnostics(WasSuppressed);
  if (!Whole || R.isInvalid() || !R.get() || R.get()->containsErrors())
    return nullptr;
  return R.get()->IgnoreParens();
}

/// Whether S is the compiled-out form of PTO_ASSERT (AssertRecorder), `((void)0)`, where it is a statement.
bool isDroppedAssert(const Stmt *S) {
  const auto *Cast = dyn_cast<CStyleCastExpr>(S);
  if (const auto *Paren = dyn_cast<ParenExpr>(S))
    Cast = dyn_cast<CStyleCastExpr>(Paren->getSubExpr());
  return Cast && Cast->getType()->isVoidType() && isa<IntegerLiteral>(Cast->getSubExpr());
}

/// The compiled-out asserts of S's subtree (isDroppedAssert) by where they start (the asserts of a template's pattern,
/// found by the location their instantiation keeps).
void droppedAssertsByLocation(const Stmt *S, std::map<SourceLocation::UIntTy, const Stmt *> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (isDroppedAssert(S))
    Out.emplace(S->getBeginLoc().getRawEncoding(), S);
  for (const Stmt *Child : S->children())
    droppedAssertsByLocation(Child, Out);
}

/// The local variables declared in S's subtree, by the location of their names.
void localsByLocation(const Stmt *S, std::map<SourceLocation::UIntTy, VarDecl *> &Out) {
  if (!S || isa<LambdaExpr>(S))
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (Decl *D : DS->decls())
      if (auto *V = dyn_cast<VarDecl>(D))
        Out[V->getLocation().getRawEncoding()] = V;
  for (const Stmt *Child : S->children())
    localsByLocation(Child, Out);
}

/// The function-local declarations E refers to.
void localsReadBy(const Stmt *E, std::set<const VarDecl *> &Out) {
  if (!E)
    return;
  if (const auto *R = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(R->getDecl()); V && V->isLocalVarDeclOrParm())
      Out.insert(V);
  for (const Stmt *Child : E->children())
    localsReadBy(Child, Out);
}

} // namespace

/// The call's answers to the walk of its op's implementation (LiftAnswer), each asked of the call's translator once,
/// as bindParams reads the op's parameters.
class Finder::CallAnswers {
public:
  CallAnswers(Finder &F, const FunctionDecl *Def, const CallExpr *Call, CallTranslator &Caller)
      : Asker(F.Ctx, Def, F.mods(Def), Unused) {
    F.bindParams(Asker, Caller, Call, F.CurFn);
  }

  LiftAnswer &get(LiftAnswer::Kind K, const ParmVarDecl *P, unsigned Dim = 0, bool Stride = false) {
    for (LiftAnswer &A : Asked)
      if (A.kind == K && A.param == P && A.dim == Dim && A.stride == Stride)
        return A;
    LiftAnswer &A = Asked.emplace_back(LiftAnswer{K, P, Dim, Stride, std::nullopt, std::nullopt, {}});
    switch (K) {
    case LiftAnswer::Value:
      A.value = Asker.ParamValue(P);
      break;
    case LiftAnswer::Tile:
      if (const TileFacts *T = Asker.ParamTile(P))
        A.tile = *T;
      break;
    case LiftAnswer::GlobalDim:
      A.value = Asker.ParamGlobalDim(P, Dim, Stride);
      break;
    }
    return A;
  }

  /// The op's translator (the walk's first frame) reads its parameters as these answers.
  void bind(CallTranslator &Op) {
    Op.ParamValue = [this](const ParmVarDecl *P) { return get(LiftAnswer::Value, P).value; };
    Op.ParamTile = [this](const ParmVarDecl *P) -> const TileFacts * {
      const LiftAnswer &A = get(LiftAnswer::Tile, P);
      return A.tile ? &*A.tile : nullptr;
    };
    Op.ParamGlobalDim = [this](const ParmVarDecl *P, unsigned Dim, bool Stride) {
      return get(LiftAnswer::GlobalDim, P, Dim, Stride).value;
    };
  }

  /// Whether the call answers as the memo's did, asked in the memo's order, up to the first answer that differs (so
  /// that a walk after a difference asks what it would have asked anyway, in the same order).
  bool answerAs(std::vector<LiftAnswer> &Memo) {
    for (LiftAnswer &M : Memo)
      if (!same(get(M.kind, M.param, M.dim, M.stride), M))
        return false;
    return true;
  }

  std::deque<LiftAnswer> Asked; // in the order first asked (a deque: ParamTile's answers are kept by address)

private:
  static bool same(LiftAnswer &A, LiftAnswer &B) {
    if (A.value.has_value() != B.value.has_value() || A.tile.has_value() != B.tile.has_value())
      return false;
    if (A.value && !term::equal(*A.value, *B.value))
      return false;
    if (!A.tile)
      return true;
    if (A.tile->expr != B.tile->expr || A.tile->declLoc.line != B.tile->declLoc.line) // (most that differ, cheaply)
      return false;
    for (LiftAnswer *X : {&A, &B})
      if (X->tileKey.empty())
        X->tileKey = checker::tileKey(*X->tile);
    return A.tileKey == B.tileKey;
  }

  CallSite Unused; // (the asking translator makes no symbols of its own)
  CallTranslator Asker;
};

/// An op call's walk: the call, the implementation's own values (symbols "u.*", and the path conditions of its loop
/// counters), and what was found.
struct Finder::Lift {
  CallSite &Site;
  CallSite Scratch;
  unsigned Budget = StatementBudget;
  bool OverBudget = false;
  std::vector<checker::UpstreamCheck> Out;
  std::set<std::string> Seen;     // assert location, term and path: one check each
  CallAnswers *Answers = nullptr; // what the op's frame reads of the call
};

/// One function of the implementation on the walk: its translator (parameters bound to the caller's arguments), the
/// guards that hold where the walk is, and the calls that led here.
struct Finder::LiftFrame {
  const FunctionDecl *Fn = nullptr;
  CallTranslator *Tr = nullptr;
  /// A condition that holds where the walk is (Negated: its negation), spelled out only for the checks found under it.
  struct Guard {
    term::Term Term;
    const Expr *Cond;
    bool Negated;
    SourceLocation At;
  };
  std::vector<Guard> Guards;
  bool Exact = true;  // every guard on the way is in Guards
  bool InLoop = false;
  std::vector<std::pair<const CallExpr *, const FunctionDecl *>> Chain; // the helper calls on the way
  std::optional<checker::Target> Target;
  std::vector<const FunctionDecl *> Stack; // the functions on the way (no recursion)
};

bool Finder::isUpstreamOp(const FunctionDecl *FD) {
  if (!FD || !inPtoNamespace(FD) || !FD->getIdentifier())
    return false;
  StringRef N = FD->getName();
  if (N.empty() || N.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != StringRef::npos)
    return false;
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern() ? FD->getTemplateInstantiationPattern() : FD;
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  SourceLocation L = SM.getFileLoc(Pattern->getLocation());
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(L));
  return FE && FE->getName().ends_with("pto_instr.hpp");
}

bool Finder::isUpstreamCode(const FunctionDecl *F) const {
  if (!F || Ctx.getSourceManager().isInMainFile(Ctx.getSourceManager().getFileLoc(F->getLocation())))
    return false;
  for (const DeclContext *DC = F->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC); NS && NS->getName() == "pto")
      return true;
  return false;
}

/// Where the PTO_ASSERT expansion that S is starts, if S is one (the compiled-out `((void)0)`, or the _DEBUG form's
/// `do { if (!(condition)) ... } while (0)`).
std::optional<SourceLocation> Finder::assertAt(const Stmt *S) const {
  if (Scopes.asserts.empty() || !S)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceLocation L = S->getBeginLoc(); L.isMacroID();) {
    CharSourceRange R = SM.getImmediateExpansionRange(L);
    if (Scopes.asserts.count(R.getBegin().getRawEncoding()))
      return R.getBegin();
    L = R.getBegin();
  }
  return std::nullopt;
}

/// Whether a walk of CE's op may find a check: an op of upstream's whose implementation holds an assert or calls a
/// helper that may reach one (not TASSIGN's).
bool Finder::mayLift(const CallExpr *CE) {
  const FunctionDecl *Op = CE->getDirectCallee();
  if (Scopes.asserts.empty() || !Op)
    return false;
  auto [It, New] = Liftable.try_emplace(Op, false);
  if (New)
    It->second = Op->getDefinition() && isUpstreamOp(Op) && mayReach(Op->getDefinition());
  return It->second;
}

/// The checks of CE's op, whose walk may find some (mayLift): the walk of the op's instantiated implementation, or,
/// for an instantiation more than one call reaches, a kept walk of it when the call answers what that one read
/// alike (LiftMemo).
void Finder::lift(const CallExpr *CE, CallTranslator &Tr, CallSite &Site) {
  const FunctionDecl *Op = CE->getDirectCallee();
  auto Walk = [&](CallAnswers *Answers) {
    Lift L{Site, {}, StatementBudget, false, {}, {}, Answers};
    LiftFrame Root;
    Root.Fn = CurFn;
    Root.Tr = &Tr;
    liftCall(CE, Op, Root, L);
    return LiftMemo{{}, std::move(L.Out), L.OverBudget};
  };
  bool OverBudget;
  if (callers(Op).size() < 2) {
    LiftMemo Own = Walk(nullptr);
    Site.upstream = std::move(Own.upstream);
    OverBudget = Own.overBudget;
  } else {
    CallAnswers Answers(*this, Op->getDefinition(), CE, Tr);
    std::vector<LiftMemo> &Memos = LiftMemos[Op->getDefinition()];
    // Each memo tried asks a prefix of what the walk would ask, in its order (CallAnswers::answerAs): after them, the
    // call's translator has been asked what a walk asks first, in the same order.
    auto It = std::find_if(Memos.begin(), Memos.end(), [&](LiftMemo &M) { return Answers.answerAs(M.answers); });
    if (It == Memos.end()) {
      LiftMemo New = Walk(&Answers);
      New.answers.assign(std::make_move_iterator(Answers.Asked.begin()), std::make_move_iterator(Answers.Asked.end()));
      if (Memos.size() == MaxLiftMemos)
        Memos.pop_back();
      It = Memos.insert(Memos.begin(), std::move(New));
    }
    Site.upstream = It->upstream;
    OverBudget = It->overBudget;
  }
  if (OverBudget) {
    checker::UpstreamCheck U;
    U.loc = Site.loc;
    U.notFollowed = "the implementation is larger than pto-lint follows (" + std::to_string(StatementBudget) +
                    " statements)";
    Site.upstream.push_back(std::move(U));
  }
}

/// Follows the call K (in the caller's frame) into Callee's body.
void Finder::liftCall(const CallExpr *K, const FunctionDecl *Callee, LiftFrame &Caller, Lift &L) {
  const FunctionDecl *Def = Callee->getDefinition();
  if (!Def || !Def->hasBody() || Caller.Stack.size() >= MaxHelperDepth ||
      std::find(Caller.Stack.begin(), Caller.Stack.end(), Def) != Caller.Stack.end())
    return;
  CallTranslator Tr(Ctx, Def, mods(Def), L.Scratch);
  Tr.SymbolPrefix = "u.";
  Tr.Evaluated = &Evaluated;
  Tr.TypeFacts = &TypeFacts;
  Tr.CallLoc = Def->getBody()->getBeginLoc();
  Tr.StaticInit = [this](const VarDecl *V) { return staticMemberInit(V); };
  // The implementation's locals are read at the statement being lifted (ReadPoint): an assignment that always runs
  // before it gives their value there, as in the user's code.
  Tr.SetDominates = [this, Def, T = &Tr](const Stmt *S) {
    return T->ReadPoint && inFunction(Def, [&] { return dominates(S, T->ReadPoint); });
  };
  Tr.DominatesAt = [this, Def](const Stmt *S, const Stmt *At) {
    return inFunction(Def, [&] { return dominates(S, At); });
  };
  Tr.InLoopAt = [this, Def](const Stmt *At) { return inFunction(Def, [&] { return inLoop(At); }); };
  Tr.ParentOf = [this, Def](const Stmt *S) { return parent(S, Def); };
  if (Caller.Stack.empty() && L.Answers) // the op's frame: its parameters are the call's arguments
    L.Answers->bind(Tr);
  else
    bindParams(Tr, *Caller.Tr, K, Caller.Fn);
  LiftFrame F;
  F.Fn = Def;
  F.Tr = &Tr;
  F.Guards = Caller.Guards;
  F.Exact = Caller.Exact;
  F.Chain = Caller.Chain;
  F.Stack = Caller.Stack;
  F.Stack.push_back(Def);
  F.Target = Caller.Target;
  if (!F.Target)
    F.Target = headerTarget(toLoc(Ctx, Def->getLocation()).file);
  Tr.TileAddresses = F.Target && *F.Target != checker::Target::CPU;
  if (!Caller.Stack.empty()) // the op itself is the finding's call, not a note
    F.Chain.emplace_back(K, Def);
  inFunction(Def, [&] {
    liftStmt(Def->getBody(), F, L);
    return 0;
  });
}

const SourceLoc &Finder::locOf(SourceLocation L) {
  auto [It, New] = Locs.try_emplace(L.getRawEncoding());
  if (New)
    It->second = toLoc(Ctx, L);
  return It->second;
}

const std::string &Finder::nameOf(const FunctionDecl *F, bool Qualified) {
  auto [It, New] = Names.try_emplace({F, Qualified});
  if (!New)
    return It->second;
  // FunctionDecl::getNameForDiagnostic: the name, then the specialization's arguments as clang's
  // printTemplateArgumentList prints them (no parameter list: every argument printed with its type), each type's text
  // kept (the same tile types are in most names of a unit: printing them was most of the names' cost).
  llvm::raw_string_ostream OS(It->second);
  const PrintingPolicy &Policy = Ctx.getPrintingPolicy();
  F->NamedDecl::getNameForDiagnostic(OS, Policy, Qualified);
  if (const TemplateArgumentList *Args = F->getTemplateSpecializationArgs())
    printArguments(OS, Args->asArray(), /*IsPack=*/false);
  if (checkingShortcuts() && It->second != functionName(Ctx, F, Qualified))
    llvm::errs() << "pto-lint: PTO_LINT_CHECK_SUBSTITUTION: '" << It->second << "' is named '"
                 << functionName(Ctx, F, Qualified) << "' by clang\n";
  return It->second;
}

void Finder::printArguments(llvm::raw_ostream &OS, llvm::ArrayRef<TemplateArgument> Args, bool IsPack) {
  const PrintingPolicy &Policy = Ctx.getPrintingPolicy();
  const char *Comma = Policy.MSVCFormatting ? "," : ", ";
  if (!IsPack)
    OS << '<';
  bool NeedSpace = false, First = true;
  for (const TemplateArgument &A : Args) {
    std::string Own;
    const std::string *Text = &Own;
    if (A.getKind() == TemplateArgument::Pack) {
      if (A.pack_size() && !First)
        OS << Comma;
      llvm::raw_string_ostream AOS(Own);
      printArguments(AOS, A.getPackAsArray(), /*IsPack=*/true);
    } else {
      if (!First)
        OS << Comma;
      if (A.getKind() == TemplateArgument::Type) {
        auto [Kept, New] = TypeArgTexts.try_emplace(A.getAsType().getAsOpaquePtr());
        if (New) {
          llvm::raw_string_ostream AOS(Kept->second);
          A.print(Policy, AOS, /*IncludeType=*/true);
        }
        Text = &Kept->second;
      } else {
        llvm::raw_string_ostream AOS(Own);
        A.print(Policy, AOS, /*IncludeType=*/true);
      }
    }
    if (First && llvm::StringRef(*Text).starts_with(":"))
      OS << ' ';
    OS << *Text;
    if (!Text->empty()) {
      NeedSpace = Policy.SplitTemplateClosers && Text->back() == '>';
      First = false;
    }
  }
  if (!IsPack) {
    if (NeedSpace)
      OS << ' ';
    OS << '>';
  }
}

bool Finder::anyIn(const Offsets &O, FileID File, unsigned Begin, unsigned End) {
  auto It = O.find(File);
  if (It == O.end())
    return false;
  auto At = std::lower_bound(It->second.begin(), It->second.end(), Begin);
  return At != It->second.end() && *At <= End;
}

bool Finder::mayReach(const FunctionDecl *Def) {
  auto [It, New] = Reaches.try_emplace(Def, 0);
  if (!New)
    return It->second != 2;
  const Stmt *Body = Def->getBody();
  bool Asserts = Body && mayReach(Body->getSourceRange(), nullptr);
  // The helpers the walk follows (liftExpr): calls of functions with a body, not members or operators, outside
  // lambdas and unevaluated operands.
  const SourceManager &SM = Ctx.getSourceManager();
  Offsets Calls;
  auto Note = [&](const CallExpr *K) {
    if (!isa<CXXMemberCallExpr>(K) && !isa<CXXOperatorCallExpr>(K))
      if (const FunctionDecl *Callee = K->getDirectCallee(); Callee && !Callee->getBuiltinID())
        if (const FunctionDecl *D = Callee->getDefinition(); D && D->hasBody() && mayReach(D)) {
          auto [File, Offset] = SM.getDecomposedLoc(SM.getExpansionLoc(K->getBeginLoc()));
          Calls[File].push_back(Offset);
        }
  };
  if (auto In = CallsIn.find(Def); In != CallsIn.end()) {
    // The calls the traversal found in Def (a superset of those the walk follows: lambdas' and unevaluated ones too).
    for (const CallExpr *K : In->second)
      Note(K);
  } else {
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S || isa<LambdaExpr>(S) || isa<UnaryExprOrTypeTraitExpr>(S))
        return;
      if (const auto *K = dyn_cast<CallExpr>(S))
        Note(K);
      for (const Stmt *Child : S->children())
        Walk(Child);
    };
    Walk(Body);
  }
  for (auto &[File, List] : Calls)
    std::sort(List.begin(), List.end());
  bool Yes = Asserts || !Calls.empty();
  It->second = Yes ? 1 : 2; // (map iterators stay valid while the helpers are decided)
  ReachingCalls[Def] = std::move(Calls);
  return Yes;
}

/// Whether the code in R, of function Fn (null: asserts only), may hold an assert or a call that may reach one.
bool Finder::mayReach(SourceRange R, const FunctionDecl *Fn) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!AssertOffsets) {
    AssertOffsets.emplace();
    for (const auto &[Raw, Message] : Scopes.asserts) {
      auto [File, Offset] = SM.getDecomposedLoc(SM.getExpansionLoc(SourceLocation::getFromRawEncoding(Raw)));
      (*AssertOffsets)[File].push_back(Offset);
    }
    for (auto &[File, List] : *AssertOffsets)
      std::sort(List.begin(), List.end());
  }
  CharSourceRange E = SM.getExpansionRange(R);
  auto [File, Begin] = SM.getDecomposedLoc(E.getBegin());
  auto [EndFile, End] = SM.getDecomposedLoc(E.getEnd());
  if (File.isInvalid() || File != EndFile || End < Begin)
    return true; // not one range of one file: not known
  if (anyIn(*AssertOffsets, File, Begin, End))
    return true;
  if (!Fn)
    return false;
  mayReach(Fn);
  return anyIn(ReachingCalls[Fn], File, Begin, End);
}

bool Finder::mayReach(const Stmt *S, const FunctionDecl *Fn) {
  auto [It, New] = StmtReaches.try_emplace(S, false);
  if (New)
    It->second = mayReach(S->getSourceRange(), Fn); // (no insertion into StmtReaches on the way)
  return It->second;
}

void Finder::liftStmt(const Stmt *S, LiftFrame &F, Lift &L) {
  if (!S || L.OverBudget || !mayReach(S, F.Fn))
    return;
  if (L.Budget-- == 0) {
    L.OverBudget = true;
    return;
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    size_t Guards = F.Guards.size();
    bool Exact = F.Exact;
    for (const Stmt *Child : CS->body()) {
      liftStmt(Child, F, L);
      if (isa<ReturnStmt>(Child) || isa<BreakStmt>(Child) || isa<ContinueStmt>(Child))
        break;
      // `if (c) return;` leaves the rest of the block for !c.
      if (const auto *If = dyn_cast<IfStmt>(Child)) {
        if (If->isConstexpr()) {
          bool Taken = false;
          if (!If->getCond()->isValueDependent() && If->getCond()->EvaluateAsBooleanCondition(Taken, Ctx) &&
              alwaysExits(Taken ? If->getThen() : If->getElse()))
            break;
        } else if (alwaysExits(If->getThen()) && !If->getElse() && Child != CS->body_back() &&
                   mayReach(SourceRange(If->getEndLoc(), CS->getEndLoc()), F.Fn)) {
          F.Tr->CallLoc = If->getBeginLoc();
          F.Tr->ReadPoint = If;
          term::Term C = F.Tr->boolTerm(If->getCond());
          F.Guards.push_back({term::Term::apply(term::Op::Not, {C}), If->getCond(), true, If->getBeginLoc()});
        } else if (alwaysExits(If->getThen()) || alwaysExits(If->getElse())) {
          F.Exact = false;
        }
      }
    }
    F.Guards.resize(Guards);
    F.Exact = Exact;
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getInit())
      liftStmt(If->getInit(), F, L);
    if (If->isConstexpr()) { // instantiated: the discarded branch is empty
      liftStmt(If->getThen(), F, L);
      liftStmt(If->getElse(), F, L);
      return;
    }
    liftExpr(If->getCond(), F, L, false);
    F.Tr->CallLoc = If->getBeginLoc();
    F.Tr->ReadPoint = If;
    term::Term C = F.Tr->boolTerm(If->getCond());
    F.Guards.push_back({C, If->getCond(), false, If->getBeginLoc()});
    liftStmt(If->getThen(), F, L);
    F.Guards.back() = {term::Term::apply(term::Op::Not, {C}), If->getCond(), true, If->getBeginLoc()};
    liftStmt(If->getElse(), F, L);
    F.Guards.pop_back();
    return;
  }
  if (isDroppedAssert(S))
    if (std::optional<SourceLocation> At = assertAt(S))
      return liftAssertStmt(S, *At, F, L);
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S)) {
    if (std::optional<SourceLocation> At = assertAt(S); At && isa<DoStmt>(S))
      return liftAssertStmt(S, *At, F, L);
    // A loop body runs under its condition on some iteration; the walk does not model which one, so a check in it
    // is decided only when it holds whatever the iteration (Exact is cleared).
    bool Exact = F.Exact, InLoop = F.InLoop;
    F.Exact = false;
    F.InLoop = true;
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      liftStmt(For->getInit(), F, L);
      liftStmt(For->getBody(), F, L);
    } else if (const auto *W = dyn_cast<WhileStmt>(S)) {
      liftStmt(W->getBody(), F, L);
    } else if (const auto *D = dyn_cast<DoStmt>(S)) {
      liftStmt(D->getBody(), F, L);
    } else {
      liftStmt(cast<CXXForRangeStmt>(S)->getBody(), F, L);
    }
    F.Exact = Exact;
    F.InLoop = InLoop;
    return;
  }
  if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
    liftExpr(Sw->getCond(), F, L, false);
    bool Exact = F.Exact;
    F.Exact = false; // the case a statement runs under is not modelled
    liftStmt(Sw->getBody(), F, L);
    F.Exact = Exact;
    return;
  }
  if (const auto *C = dyn_cast<CaseStmt>(S))
    return liftStmt(C->getSubStmt(), F, L);
  if (const auto *D = dyn_cast<DefaultStmt>(S))
    return liftStmt(D->getSubStmt(), F, L);
  if (const auto *Lb = dyn_cast<LabelStmt>(S))
    return liftStmt(Lb->getSubStmt(), F, L);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit())
        liftExpr(VD->getInit(), F, L, false);
    return;
  }
  if (const auto *R = dyn_cast<ReturnStmt>(S))
    return liftExpr(R->getRetValue(), F, L, false);
  if (isa<Expr>(S))
    liftExpr(S, F, L, false);
}

/// The asserts and the calls into upstream's helpers in an expression, in order. Conditional: below a `?:`, `&&` or
/// `||` operand that may not run, so the guards on the way are not all known.
void Finder::liftExpr(const Stmt *S, LiftFrame &F, Lift &L, bool Conditional) {
  if (!S || L.OverBudget)
    return;
  if (isa<LambdaExpr>(S) || isa<UnaryExprOrTypeTraitExpr>(S))
    return; // not run here, or not evaluated
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isLogicalOp()) {
    liftExpr(B->getLHS(), F, L, Conditional);
    liftExpr(B->getRHS(), F, L, true);
    return;
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(S)) {
    liftExpr(CO->getCond(), F, L, Conditional);
    liftExpr(CO->getTrueExpr(), F, L, true);
    liftExpr(CO->getFalseExpr(), F, L, true);
    return;
  }
  for (const Stmt *Child : S->children())
    liftExpr(Child, F, L, Conditional);
  // A call of a function of upstream's headers (not a member: accessors of tiles and tensors): its asserts are
  // this call's, with its parameters bound to the arguments.
  if (const auto *K = dyn_cast<CallExpr>(S); K && !isa<CXXMemberCallExpr>(K) && !isa<CXXOperatorCallExpr>(K))
    if (const FunctionDecl *Callee = K->getDirectCallee(); Callee && !Callee->getBuiltinID()) {
      bool Exact = F.Exact;
      F.Exact &= !Conditional;
      F.Tr->CallLoc = K->getBeginLoc();
      F.Tr->ReadPoint = K;
      F.Tr->CallInLoop = F.InLoop;
      liftCall(K, Callee, F, L);
      F.Exact = Exact;
    }
}

/// An expansion of PTO_ASSERT: `do { if (!(condition)) ... } while (0)` in a _DEBUG build, else the compiled-out
/// `((void)0)` (isDroppedAssert), whose condition the walk parses (parsedCondition) and instantiates.
void Finder::liftAssertStmt(const Stmt *S, SourceLocation At, LiftFrame &F, Lift &L) {
  F.Tr->ReadPoint = S;
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Do->getBody());
    const auto *If = Body && !Body->body_empty() ? dyn_cast<IfStmt>(Body->body_front()) : nullptr;
    if (If && !If->isConstexpr())
      if (const auto *Not = dyn_cast<UnaryOperator>(If->getCond()->IgnoreParenImpCasts());
          Not && Not->getOpcode() == UO_LNot)
        liftAssert(Not->getSubExpr()->IgnoreParens(), At, F, L);
    return;
  }
  const InstantiatedCondition &C = instantiatedCondition(F.Fn, S, At);
  if (C.instantiated)
    liftAssert(C.instantiated, At, F, L);
  else if (C.pattern || !C.notFollowed.empty())
    liftAssert(C.pattern, At, F, L, C.notFollowed);
}

const Finder::ParsedCondition &Finder::parsedCondition(const FunctionDecl *Fn, const Stmt *S, SourceLocation At) {
  auto [It, New] = Parsed.try_emplace({Fn, S->getBeginLoc().getRawEncoding()});
  ParsedCondition &Out = It->second;
  if (!New)
    return Out;
  auto Toks = Scopes.conditions.find(At.getRawEncoding());
  Sema *Sem = Scopes.sema;
  Parser *P = Sem ? unitParser(*Sem) : nullptr;
  ScopeLevels InScope;
  if (Toks == Scopes.conditions.end() || Toks->second.empty())
    Out.notParsed = "its condition was not recorded";
  else if (!P)
    Out.notParsed = "its condition is not parsed here (no parser at the end of the unit)";
  else if (!inScopeAt(Fn->getBody(), S, InScope))
    Out.notParsed = "pto-lint did not find the assert in its function's body";
  else if (!(Out.expr = parseAt(*Sem, *P, const_cast<FunctionDecl *>(Fn), InScope, Toks->second)))
    Out.notParsed = "its condition does not parse where the assert is";
  return Out;
}

namespace {
/// The value of a written argument that names a constant: an enumerator, or a `constexpr` variable of integral or
/// enumeration type outside functions (upstream's `GlobalTensorDim::DIM_4`). None for anything else.
std::optional<llvm::APSInt> namedConstant(const Expr *A) {
  const auto *R = dyn_cast<DeclRefExpr>(A);
  if (!R)
    return std::nullopt;
  if (const auto *E = dyn_cast<EnumConstantDecl>(R->getDecl()))
    return E->getInitVal();
  const auto *V = dyn_cast<VarDecl>(R->getDecl());
  if (!V || !V->isConstexpr() || V->isLocalVarDeclOrParm() || V->getType()->isDependentType() ||
      !V->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  const APValue *Value = V->evaluateValue();
  if (!Value || !Value->isInt())
    return std::nullopt;
  return Value->getInt();
}

/// The kind of a member call `object.member(arguments)` whose written arguments are integer literals or named
/// constants (namedConstant): the object's type and value kind, the member, and per argument its type, its value kind
/// and whether it is 0 (a literal 0 is a null pointer constant). Calls of one kind resolve to the same method
/// (class-scope lookup and overload resolution see nothing else), so the method clang chose for one of them is the
/// one for all (public methods only).
std::string memberCallKind(QualType ObjectType, ExprValueKind VK, bool Arrow, DeclarationName Member,
                           llvm::ArrayRef<const Expr *> Written) {
  std::string Key; // (the bytes of each part: a key, never printed)
  auto Add = [&](auto V) { Key.append(reinterpret_cast<const char *>(&V), sizeof V); };
  Add(ObjectType.getCanonicalType().getAsOpaquePtr());
  Add(int(VK) * 2 + Arrow);
  Add(Member.getAsOpaquePtr());
  for (const Expr *A : Written) {
    Add(A->getType().getCanonicalType().getAsOpaquePtr());
    int Zero = 2; // not a constant
    if (const auto *L = dyn_cast<IntegerLiteral>(A))
      Zero = L->getValue().isZero();
    else if (std::optional<llvm::APSInt> V = namedConstant(A))
      Zero = V->isZero();
    Add(int(A->getValueKind()) * 4 + Zero);
  }
  return Key;
}

/// A written argument memberCallKind describes: an integer literal or a named constant.
bool constantArgument(const Expr *A) { return isa<IntegerLiteral>(A) || namedConstant(A); }

/// The method a resolved call of a kind names, to reuse for the calls of its kind: a public one (whose access does not
/// depend on the function the call is in) returning a scalar (nothing wraps the call), named by the callee as written.
CXXMethodDecl *reusableMethod(const CallExpr *CE) {
  if (!CE->getType()->isScalarType())
    return nullptr;
  auto *MD = dyn_cast_or_null<CXXMethodDecl>(const_cast<FunctionDecl *>(CE->getDirectCallee()));
  if (!MD || MD->getAccess() != AS_public)
    return nullptr;
  const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts());
  return ME && ME->getMemberDecl() == MD ? MD : nullptr;
}
} // namespace

/// The methods clang chose for the member calls on a parameter with constant arguments that the program itself makes
/// (`src.GetValidRow()` in the implementation that asserts on it), by kind: the conditions' calls of those kinds need
/// no resolution of their own. Once per unit, before the first condition (the traversal's CallMap is complete then).
void Finder::seedResolvedMembers() {
  if (SeededMembers)
    return;
  SeededMembers = true;
  for (const auto &[Callee, Calls] : CallMap) {
    if (!isa<CXXMethodDecl>(Callee))
      continue;
    for (const CallRef &C : Calls) {
      const auto *CE = dyn_cast<CXXMemberCallExpr>(C.first);
      const auto *ME = CE ? dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParens()) : nullptr;
      if (!ME || ME->isArrow() || ME->hasQualifier() || ME->hasTemplateKeyword() || ME->hasExplicitTemplateArgs() ||
          !ME->getMemberNameInfo().getName().isIdentifier() || CE->hasStoredFPFeatures())
        continue;
      // The object as written (before its conversion to the method's object type) is a parameter.
      const auto *Object = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreImpCasts());
      if (!Object || !isa<ParmVarDecl>(Object->getDecl()))
        continue;
      llvm::SmallVector<const Expr *, 4> Written; // (a default argument is not written; the defaults come last)
      bool Constant = true;
      for (const Expr *A : CE->arguments()) {
        if (isa<CXXDefaultArgExpr>(A))
          break;
        Written.push_back(A->IgnoreImpCasts());
        if (!constantArgument(Written.back())) {
          Constant = false;
          break;
        }
      }
      if (CXXMethodDecl *MD = Constant ? reusableMethod(CE) : nullptr)
        ResolvedMembers.emplace(memberCallKind(Object->getType(), Object->getValueKind(), false,
                                               ME->getMemberNameInfo().getName(), Written),
                                MD);
    }
  }
}

namespace {
/// Sema::SubstExpr of an assert's condition (clang's TemplateInstantiator), but a member call on a parameter with
/// constant arguments (`src.GetValidRow()`, `dst.GetShape(GlobalTensorDim::DIM_0)`) names the method clang chose for
/// a call of the same kind (an earlier condition's, or the program's own: seedResolvedMembers), instead of resolving
/// the member's overloads again: tile accessors are SFINAE-selected member templates, and deducing them was most of
/// the substitution's cost. The operators on the way to such a call are rebuilt as TreeTransform rebuilds them
/// (parentheses: ActOnParenExpr; unary and binary operators: BuildUnaryOp, BuildBinOp, or CreateBuiltinBinOp for one
/// with candidates found at the template, under the operator's floating-point overrides), every other part of the
/// condition is clang's own SubstExpr, and the first call of a kind is resolved as clang does (name lookup,
/// ActOnCallExpr). `PTO_LINT_CHECK_SUBSTITUTION=1` substitutes every
/// condition both ways and reports where the trees differ (tests/conformance: none on upstream's kernels).
class ConditionSubstitution {
public:
  ConditionSubstitution(Sema &S, const MultiLevelTemplateArgumentList &Args,
                        std::unordered_map<std::string, CXXMethodDecl *> &Resolved)
      : S(S), Args(Args), Resolved(Resolved) {}

  ExprResult expr(Expr *E) {
    if (!E->isInstantiationDependent())
      return S.SubstExpr(E, Args);
    if (auto *P = dyn_cast<ParenExpr>(E)) {
      ExprResult Sub = expr(P->getSubExpr());
      return Sub.isInvalid() ? ExprError() : S.ActOnParenExpr(P->getLParen(), P->getRParen(), Sub.get());
    }
    if (auto *U = dyn_cast<UnaryOperator>(E)) {
      UnaryOperatorKind Op = U->getOpcode();
      if (Op == UO_LNot || Op == UO_Minus || Op == UO_Plus || Op == UO_Not) {
        ExprResult Sub = expr(U->getSubExpr());
        return Sub.isInvalid() ? ExprError() : S.BuildUnaryOp(nullptr, U->getOperatorLoc(), Op, Sub.get());
      }
    }
    if (auto *B = dyn_cast<BinaryOperator>(E); B && !B->isAssignmentOp() && !B->isCommaOp() && plain(B->getRHS())) {
      ExprResult L = expr(B->getLHS());
      if (L.isInvalid())
        return ExprError();
      ExprResult R = expr(B->getRHS());
      if (R.isInvalid())
        return ExprError();
      Sema::FPFeaturesStateRAII FP(S);
      withOverrides(B->getFPFeatures());
      return S.BuildBinOp(nullptr, B->getOperatorLoc(), B->getOpcode(), L.get(), R.get());
    }
    // An operator with candidates found where the template is written: TreeTransform rebuilds it as a builtin one
    // when neither operand has a class or enumeration type (RebuildCXXOperatorCallExpr), else overloads are resolved.
    if (auto *O = dyn_cast<CXXOperatorCallExpr>(E);
        O && O->getNumArgs() == 2 && isa<UnresolvedLookupExpr>(O->getCallee()) && O->isInfixBinaryOp() &&
        plain(O->getArg(1))) {
      BinaryOperatorKind Op = BinaryOperator::getOverloadedOpcode(O->getOperator());
      if (!BinaryOperator::isAssignmentOp(Op) && Op != BO_Comma && !BinaryOperator::isPtrMemOp(Op)) {
        ExprResult L = expr(O->getArg(0));
        if (L.isInvalid())
          return ExprError();
        ExprResult R = expr(O->getArg(1));
        if (R.isInvalid())
          return ExprError();
        if (L.get()->isTypeDependent() || R.get()->isTypeDependent() || L.get()->getType()->isOverloadableType() ||
            R.get()->getType()->isOverloadableType())
          return S.SubstExpr(E, Args);
        Sema::FPFeaturesStateRAII FP(S);
        withOverrides(O->getFPFeatures());
        return S.CreateBuiltinBinOp(O->getOperatorLoc(), Op, L.get(), R.get());
      }
    }
    if (auto *C = dyn_cast<CallExpr>(E))
      if (auto *M = dyn_cast<CXXDependentScopeMemberExpr>(C->getCallee()); M && memberCallOnParameter(C, M))
        return memberCall(C, M);
    return S.SubstExpr(E, Args);
  }

private:
  /// The operator's floating-point overrides in effect while it is rebuilt (inside a Sema::FPFeaturesStateRAII), as
  /// TreeTransform sets them.
  void withOverrides(FPOptionsOverride Overrides) {
    S.CurFPFeatures = Overrides.applyOverrides(S.getLangOpts());
    S.FpPragmaStack.CurrentValue = Overrides;
  }
  /// What TreeTransform's TransformInitializer (a binary operator's right operand) would not pass on unchanged.
  static bool plain(const Expr *E) {
    if (isa<FullExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr, ArrayInitLoopExpr>(E))
      return false;
    if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
      return !isa<CXXStdInitializerListExpr>(C->getSubExprAsWritten());
    return true;
  }
  /// `param.name(constants)`, written as such: no qualifier, no template arguments, each argument an integer literal
  /// or a named constant.
  static bool memberCallOnParameter(const CallExpr *C, const CXXDependentScopeMemberExpr *M) {
    if (M->isImplicitAccess() || M->getQualifier() || M->hasTemplateKeyword() || M->hasExplicitTemplateArgs() ||
        !M->getMember().isIdentifier() || C->hasStoredFPFeatures())
      return false;
    const auto *Base = dyn_cast<DeclRefExpr>(M->getBase());
    if (!Base || !isa<ParmVarDecl>(Base->getDecl()))
      return false;
    for (const Expr *A : C->arguments())
      if (A->isInstantiationDependent() || !constantArgument(A))
        return false;
    return true;
  }

  ExprResult memberCall(CallExpr *C, CXXDependentScopeMemberExpr *M) {
    // As TreeTransform's TransformCXXDependentScopeMemberExpr and TransformCallExpr.
    ExprResult Base = S.SubstExpr(M->getBase(), Args);
    if (Base.isInvalid())
      return ExprError();
    ParsedType ObjectTy;
    bool MayBePseudoDestructor = false;
    Base = S.ActOnStartCXXMemberReference(nullptr, Base.get(), M->getOperatorLoc(),
                                          M->isArrow() ? tok::arrow : tok::period, ObjectTy, MayBePseudoDestructor);
    if (Base.isInvalid())
      return ExprError();
    QualType BaseType = Base.get()->getType();
    SmallVector<Expr *, 4> CallArgs;
    for (Expr *A : C->arguments()) {
      ExprResult R = S.SubstExpr(A, Args);
      if (R.isInvalid())
        return ExprError();
      CallArgs.push_back(R.get());
    }
    llvm::SmallVector<const Expr *, 4> Written(C->arguments());
    std::string Key = memberCallKind(BaseType, Base.get()->getValueKind(), M->isArrow(), M->getMember(), Written);
    CXXScopeSpec SS;
    ExprResult Callee;
    auto Known = Resolved.find(Key);
    if (Known != Resolved.end()) {
      LookupResult R(S, M->getMemberNameInfo(), Sema::LookupMemberName);
      R.addDecl(Known->second);
      R.resolveKind();
      Callee = S.BuildMemberReferenceExpr(Base.get(), BaseType, M->getOperatorLoc(), M->isArrow(), SS, SourceLocation(),
                                          nullptr, R, nullptr, nullptr);
    } else {
      Callee = S.BuildMemberReferenceExpr(Base.get(), BaseType, M->getOperatorLoc(), M->isArrow(), SS, SourceLocation(),
                                          nullptr, M->getMemberNameInfo(), nullptr, nullptr);
    }
    if (Callee.isInvalid())
      return ExprError();
    Sema::FPFeaturesStateRAII FP(S);
    ExprResult Call =
        S.ActOnCallExpr(nullptr, Callee.get(), Callee.get()->getBeginLoc(), CallArgs, C->getRParenLoc());
    // The method clang chose, for the calls of this kind after this one.
    if (Known == Resolved.end() && Call.isUsable())
      if (auto *CE = dyn_cast<CallExpr>(Call.get()))
        if (CXXMethodDecl *MD = reusableMethod(CE))
          Resolved.emplace(std::move(Key), MD);
    return Call;
  }

  Sema &S;
  const MultiLevelTemplateArgumentList &Args;
  std::unordered_map<std::string, CXXMethodDecl *> &Resolved;
};

/// Where two substitutions of one condition differ (empty: the same tree): node kinds, types, value kinds, the
/// declarations they name, operators, casts, literals and source ranges (what the translation of a condition reads).
std::string substitutionDifference(const Stmt *A, const Stmt *B) {
  if (!A || !B)
    return A == B ? "" : "a child is missing";
  std::string Node = std::string(A->getStmtClassName()) + " at " + std::to_string(A->getBeginLoc().getRawEncoding());
  if (A->getStmtClass() != B->getStmtClass())
    return Node + ": " + B->getStmtClassName() + " instead";
  if (A->getSourceRange() != B->getSourceRange())
    return Node + ": source range";
  if (const auto *EA = dyn_cast<Expr>(A)) {
    const auto *EB = cast<Expr>(B);
    // (Sugar that prints alike may be two nodes: clang builds a common sugared type for each arithmetic conversion.)
    if (EA->getType() != EB->getType() && (EA->getType().getCanonicalType() != EB->getType().getCanonicalType() ||
                                           EA->getType().getAsString() != EB->getType().getAsString()))
      return Node + ": type '" + EA->getType().getAsString() + "' vs '" + EB->getType().getAsString() + "'";
    if (EA->getValueKind() != EB->getValueKind() || EA->getObjectKind() != EB->getObjectKind())
      return Node + ": value kind";
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(A); D && D->getDecl() != cast<DeclRefExpr>(B)->getDecl())
    return Node + ": declaration";
  if (const auto *M = dyn_cast<MemberExpr>(A);
      M && (M->getMemberDecl() != cast<MemberExpr>(B)->getMemberDecl() || M->isArrow() != cast<MemberExpr>(B)->isArrow()))
    return Node + ": member";
  if (const auto *C = dyn_cast<CastExpr>(A); C && C->getCastKind() != cast<CastExpr>(B)->getCastKind())
    return Node + ": cast kind";
  if (const auto *L = dyn_cast<IntegerLiteral>(A); L && L->getValue() != cast<IntegerLiteral>(B)->getValue())
    return Node + ": value";
  if (const auto *O = dyn_cast<BinaryOperator>(A); O && O->getOpcode() != cast<BinaryOperator>(B)->getOpcode())
    return Node + ": operator";
  if (const auto *O = dyn_cast<UnaryOperator>(A); O && O->getOpcode() != cast<UnaryOperator>(B)->getOpcode())
    return Node + ": operator";
  auto IA = A->child_begin(), IB = B->child_begin();
  for (; IA != A->child_end() && IB != B->child_end(); ++IA, ++IB)
    if (std::string Why = substitutionDifference(*IA, *IB); !Why.empty())
      return Why;
  return IA == A->child_end() && IB == B->child_end() ? "" : Node + ": number of children";
}
} // namespace

const Finder::InstantiatedCondition &Finder::instantiatedCondition(const FunctionDecl *Inst, const Stmt *S,
                                                                   SourceLocation At) {
  auto [It, New] = Instantiated.try_emplace({Inst, S->getBeginLoc().getRawEncoding()});
  InstantiatedCondition &Out = It->second;
  if (!New)
    return Out;
  const FunctionDecl *Pattern = Inst->getTemplateInstantiationPattern();
  if (!Pattern) { // not an instantiation: its condition is parsed as it is
    const ParsedCondition &P = parsedCondition(Inst, S, At);
    Out.instantiated = P.expr;
    Out.notFollowed = P.notParsed;
    return Out;
  }
  auto [Stmts, NewPattern] = PatternAsserts.try_emplace(Pattern);
  if (NewPattern)
    droppedAssertsByLocation(Pattern->getBody(), Stmts->second);
  auto D = Stmts->second.find(S->getBeginLoc().getRawEncoding());
  if (D == Stmts->second.end())
    return Out; // not an expansion of the pattern's: nothing to lift
  const ParsedCondition &P = parsedCondition(Pattern, D->second, At);
  Out.pattern = P.expr;
  if (!Out.pattern) {
    Out.notFollowed = P.notParsed;
    return Out;
  }
  Sema *Sem = Scopes.sema; // (set: the condition parsed)
  // The pattern's parameters and locals the condition reads, as the instantiation's (a pack is not matched).
  std::set<const VarDecl *> Read;
  localsReadBy(Out.pattern, Read);
  // The instantiation's locals by location, found on the first condition that reads one (most read parameters only).
  const std::map<SourceLocation::UIntTy, VarDecl *> *Declared = nullptr;
  auto InstLocal = [&](const VarDecl *V) -> VarDecl * {
    if (!Declared) {
      auto [It, First] = InstLocals.try_emplace(Inst);
      if (First)
        localsByLocation(Inst->getBody(), It->second);
      Declared = &It->second;
    }
    auto L = Declared->find(V->getLocation().getRawEncoding());
    return L == Declared->end() ? nullptr : L->second;
  };
  unsigned FirstPack = Pattern->getNumParams();
  for (unsigned I = 0; I < Pattern->getNumParams(); ++I)
    if (Pattern->getParamDecl(I)->isParameterPack())
      FirstPack = std::min(FirstPack, I);
  std::vector<std::pair<const VarDecl *, VarDecl *>> Map;
  for (const VarDecl *V : Read) {
    VarDecl *To = nullptr;
    if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
      unsigned I = P->getFunctionScopeIndex();
      if (P->getDeclContext() == Pattern && I < FirstPack && I < Inst->getNumParams())
        To = const_cast<ParmVarDecl *>(Inst->getParamDecl(I));
    } else {
      To = InstLocal(V);
    }
    if (!To) {
      Out.notFollowed = "its condition reads '" + V->getNameAsString() + "', which pto-lint did not match in the "
                        "instantiation";
      return Out;
    }
    Map.emplace_back(V, To);
  }
  // Substituted as clang instantiates a body, but as an unevaluated operand and with errors as substitution failures:
  // nothing is reported, marked used or added to the program.
  auto *Fn = const_cast<FunctionDecl *>(Inst);
  MultiLevelTemplateArgumentList Args =
      Sem->getTemplateInstantiationArgs(Fn, Fn->getLexicalDeclContext(), /*Final=*/false, std::nullopt,
                                        /*RelativeToPrimary=*/false, Pattern);
  ExprResult R;
  bool Failed;
  {
    Sema::SFINAETrap Trap(*Sem);
    Sema::ContextRAII Context(*Sem, Fn);
    Sem->PushFunctionScope();
    {
      EnterExpressionEvaluationContext Unevaluated(*Sem, Sema::ExpressionEvaluationContext::Unevaluated);
      LocalInstantiationScope Locals(*Sem);
      for (auto [From, To] : Map)
        Locals.InstantiatedLocal(From, To);
      seedResolvedMembers();
      ConditionSubstitution Subst(*Sem, Args, ResolvedMembers);
      R = Subst.expr(const_cast<Expr *>(Out.pattern));
      if (checkingShortcuts()) {
        ExprResult Clang = Sem->SubstExpr(const_cast<Expr *>(Out.pattern), Args);
        std::string Why = R.isInvalid() != Clang.isInvalid() ? "one of them does not compile"
                          : R.isUsable()                     ? substitutionDifference(R.get(), Clang.get())
                                                             : "";
        if (!Why.empty()) {
          llvm::errs() << "pto-lint: PTO_LINT_CHECK_SUBSTITUTION: the condition at "
                       << Out.pattern->getBeginLoc().printToString(Ctx.getSourceManager()) << " in "
                       << nameOf(Inst, /*Qualified=*/true) << " substitutes differently (" << Why << ")\n";
          if (R.isUsable())
            R.get()->dump(llvm::errs(), Ctx);
          if (Clang.isUsable())
            Clang.get()->dump(llvm::errs(), Ctx);
        }
        R = Clang;
      }
    }
    Sem->PopFunctionScopeInfo();
    Failed = R.isInvalid() || Trap.hasErrorOccurred();
  }
  if (Failed || !R.get() || R.get()->isInstantiationDependent())
    Out.notFollowed = "its condition does not compile for this instantiation";
  else
    Out.instantiated = R.get()->IgnoreParens();
  return Out;
}

const Expr *Finder::staticMemberInit(const VarDecl *V) {
  auto [It, New] = StaticInits.try_emplace(V, nullptr);
  if (!New)
    return It->second;
  Sema *Sem = Scopes.sema;
  const VarDecl *Pattern = V->getInstantiatedFromStaticDataMember();
  const Expr *Init = Pattern ? Pattern->getInit() : nullptr;
  if (!Sem || !Init || Init->containsErrors() || V->getInit())
    return nullptr;
  // As clang instantiates it on the member's first use, but as an unevaluated operand and with errors as
  // substitution failures (as the assert's condition is): nothing is reported or added to the program.
  auto *Var = const_cast<VarDecl *>(V);
  MultiLevelTemplateArgumentList Args = Sem->getTemplateInstantiationArgs(Var);
  ExprResult R;
  bool Failed;
  {
    Sema::SFINAETrap Trap(*Sem);
    Sema::ContextRAII Context(*Sem, Var->getDeclContext());
    EnterExpressionEvaluationContext Unevaluated(*Sem, Sema::ExpressionEvaluationContext::Unevaluated);
    LocalInstantiationScope Locals(*Sem);
    R = Sem->SubstExpr(const_cast<Expr *>(Init), Args);
    Failed = R.isInvalid() || Trap.hasErrorOccurred();
  }
  if (!Failed && R.get() && !R.get()->isInstantiationDependent() && !R.get()->containsErrors())
    It->second = R.get();
  return It->second;
}

void Finder::liftAssert(const Expr *Cond, SourceLocation At, LiftFrame &F, Lift &L, const std::string &NotFollowed) {
  const SourceManager &SM = Ctx.getSourceManager();
  checker::UpstreamCheck U;
  // Where the assert is, its message and its condition as written: the same for every call that reaches it.
  // (No condition: it did not parse, and NotFollowed says why; its text is that of the tokens kept.)
  SourceRange Written = Cond ? Cond->getSourceRange() : SourceRange();
  if (auto Toks = Scopes.conditions.find(At.getRawEncoding()); !Cond && Toks != Scopes.conditions.end() &&
                                                                 !Toks->second.empty())
    Written = {Toks->second.front().getLocation(), Toks->second.back().getLocation()};
  auto [Said, New] = AssertSpellings.try_emplace(
      {At.getRawEncoding(), Written.getBegin().getRawEncoding(), Written.getEnd().getRawEncoding()});
  if (New) {
    Said->second.loc = toLoc(Ctx, At);
    auto Msg = Scopes.asserts.find(At.getRawEncoding());
    Said->second.message = Msg != Scopes.asserts.end() ? Msg->second : "";
    if (Written.isValid())
      Said->second.text = collapseSpace(Lexer::getSourceText(
          CharSourceRange::getTokenRange(SM.getSpellingLoc(Written.getBegin()), SM.getSpellingLoc(Written.getEnd())),
          SM, Ctx.getLangOpts()));
  }
  U.loc = Said->second.loc;
  U.message = Said->second.message;
  U.text = Said->second.text;
  for (const auto &[K, Def] : F.Chain)
    U.chain.emplace_back(locOf(K->getBeginLoc()), nameOf(Def, /*Qualified=*/false));
  U.target = F.Target;
  U.exact = F.Exact;
  if (!NotFollowed.empty() || !Cond) {
    U.notFollowed = NotFollowed;
  } else if (Cond->isValueDependent() || Cond->isTypeDependent()) {
    U.notFollowed = "its condition is dependent";
  } else {
    F.Tr->CallLoc = Cond->getBeginLoc();
    F.Tr->CallInLoop = F.InLoop;
    U.term = F.Tr->boolTerm(Cond);
    for (const LiftFrame::Guard &G : F.Guards) {
      auto [Text, New] = GuardTexts.try_emplace(
          {G.Cond->getBeginLoc().getRawEncoding(), G.Cond->getEndLoc().getRawEncoding()});
      if (New)
        Text->second = collapseSpace(sourceText(Ctx, G.Cond->getSourceRange()));
      U.path.push_back({G.Term, G.Negated ? "!(" + Text->second + ")" : Text->second, locOf(G.At)});
    }
    // The implementation's own values the check reads, and the conditions on its loop counters.
    std::set<std::string> Used = implSymbols(U.term);
    for (const checker::PathCondition &P : U.path) {
      std::set<std::string> S = implSymbols(P.term);
      Used.insert(S.begin(), S.end());
    }
    for (const checker::PathCondition &P : L.Scratch.path) {
      std::set<std::string> S = implSymbols(P.term);
      bool Mentions = false;
      for (const std::string &N : S)
        Mentions |= Used.count(N) > 0;
      if (Mentions)
        U.path.push_back(P);
    }
    for (const checker::Symbol &Sym : L.Scratch.symbols)
      if (Used.count(Sym.name))
        U.symbols.push_back(Sym);
  }
  std::string Key =
      U.loc.file + ":" + std::to_string(U.loc.line) + "|" + term::print(U.term) + "|" + U.notFollowed;
  for (const checker::PathCondition &P : U.path)
    Key += "|" + term::print(P.term);
  if (L.Seen.insert(Key).second)
    L.Out.push_back(std::move(U));
}

} // namespace extract

void recordUpstreamAsserts(Preprocessor &PP, std::shared_ptr<ScopeMacros> Out) {
  PP.addPPCallbacks(std::make_unique<extract::AssertRecorder>(PP, std::move(Out)));
}

} // namespace pto::clangfe
