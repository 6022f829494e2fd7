// clangfe: finds the PTO op calls, binds their overloads, and records each in its calling contexts and
// instantiation chain.
#include "ExtractImpl.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

namespace pto::clangfe::extract {

/// Calls are found in function bodies of user code. Declarations in system headers (the standard library,
/// anything included with -isystem) are not walked, as clang-tidy does not report there either, and types are
/// not walked (TraverseTypeLoc): an op call in a type is unevaluated. Together this is most of the AST of a typical
/// kernel.
bool Finder::TraverseDecl(Decl *D) {
  // A declaration inside a function or class is where that one is: only those of namespace scope are looked up.
  if (D && D->getDeclContext() && D->getDeclContext()->getRedeclContext()->isFileContext() && inSystemFile(D))
    return true;
  // Outside functions nothing is recorded (no CurFn, no CollectIn): only what may hold a function is walked there,
  // not the variables, fields, aliases, static_asserts and template parameters of namespaces and classes.
  if (!CollectIn && D && !isa<DeclContext>(D) &&
      !isa<FunctionTemplateDecl, ClassTemplateDecl, FriendDecl, FriendTemplateDecl>(D))
    return true;
  auto *FD = dyn_cast_or_null<FunctionDecl>(D);
  if (FD && FD->isDependentContext()) {
    ++InTemplated;
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    --InTemplated;
    return R;
  }
  const FunctionDecl *Saved = CollectIn;
  if (FD)
    CollectIn = FD;
  bool R = RecursiveASTVisitor::TraverseDecl(D);
  CollectIn = Saved;
  return R;
}

/// inSystemHeader for the traversal's declarations of namespace scope, which come file after file (FileRangeMemo). A
/// declaration a macro expands to is where the expansion is, as for inSystemHeader (the prelude's intrinsics are).
bool Finder::inSystemFile(const Decl *D) {
  SourceLocation L = SystemFiles.expansion(Ctx.getSourceManager(), D->getLocation());
  return SystemFiles.get(Ctx.getSourceManager(), L, [&] { return inSystemHeader(Ctx, D); });
}

void Finder::run() {
  for (const checker::OpSignature &Op : Rules.ops())
    if (auto It = Ctx.Idents.find(Op.name); It != Ctx.Idents.end())
      RuleIdentifiers.insert(It->getValue());
  TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const Found &W : Deferred) {
    if (W.Pattern) {
      unresolvedInPattern(W.Pattern);
      continue;
    }
    inFunction(W.Fn, [&] {
      if (const auto *CE = dyn_cast<CallExpr>(W.Call))
        recordCall(CE);
      else
        recordRecovery(cast<RecoveryExpr>(W.Call));
      return 0;
    });
  }
  fillInstantiationChains();
}

template <class F> bool Finder::withFunction(FunctionDecl *FD, F Body) {
  // A template's pattern is never checked (its instantiations are, and the visitor reaches them from the
  // template declaration, not from the pattern's body): do not walk it.
  if (FD->isDependentContext()) {
    if (FD->hasBody() && Ctx.getDiagnostics().hasErrorOccurred() && hasInvalidInstantiation(FD))
      Deferred.push_back({nullptr, nullptr, FD});
    return true;
  }
  return inFunction(FD, Body);
}

bool Finder::TraverseFunctionDecl(FunctionDecl *FD) {
  return withFunction(FD, [&] { return RecursiveASTVisitor::TraverseFunctionDecl(FD); });
}

bool Finder::TraverseCXXMethodDecl(CXXMethodDecl *FD) {
  return withFunction(FD, [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(FD); });
}

bool Finder::TraverseCXXConstructorDecl(CXXConstructorDecl *FD) {
  return withFunction(FD, [&] { return RecursiveASTVisitor::TraverseCXXConstructorDecl(FD); });
}

/// Of a template outside function bodies, in a unit without errors, only the instantiations are walked: nothing else
/// of it records anything there (its parameters are not walked outside functions, its pattern and a partial
/// specialization are dependent, see withFunction, and outside a function no call or reference is recorded), so the
/// walk goes to them directly (as RecursiveASTVisitor does after the rest).
bool Finder::instantiationsOnly() const {
  return !CollectIn && !CurFn && !Ctx.getDiagnostics().hasErrorOccurred();
}

bool Finder::TraverseFunctionTemplateDecl(FunctionTemplateDecl *D) {
  if (!instantiationsOnly())
    return RecursiveASTVisitor::TraverseFunctionTemplateDecl(D);
  return D != D->getCanonicalDecl() || TraverseTemplateInstantiations(D);
}

bool Finder::TraverseClassTemplateDecl(ClassTemplateDecl *D) {
  if (!instantiationsOnly())
    return RecursiveASTVisitor::TraverseClassTemplateDecl(D);
  return D != D->getCanonicalDecl() || TraverseTemplateInstantiations(D);
}

bool Finder::TraverseClassTemplatePartialSpecializationDecl(ClassTemplatePartialSpecializationDecl *D) {
  return instantiationsOnly() || RecursiveASTVisitor::TraverseClassTemplatePartialSpecializationDecl(D);
}

bool Finder::VisitCallExpr(CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (Callee && CollectIn && !InTemplated) {
    CallMap[Callee->getCanonicalDecl()].emplace_back(CE, CollectIn);
    if (CollectIn != CallsInOf.first)
      CallsInOf = {CollectIn, &CallsIn[CollectIn]}; // (the map's nodes stay where they are)
    CallsInOf.second->push_back(CE);
  }
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(CE); K && !InTemplated)
    noteLaunch(K);
  if (!CurFn || !Callee || !Callee->getIdentifier() || CE->isTypeDependent() || CE->isValueDependent())
    return true;
  // In upstream's code, recordCall keeps only the calls of an op of the rules' (by name; clang's corrections of
  // misspelled names are looked at only in a unit with errors): the others are not deferred.
  if (const auto &R = recording(); !R.Dependent && (R.AnyCall || RuleIdentifiers.count(Callee->getIdentifier())))
    Deferred.push_back({CE, CurFn, nullptr});
  return true;
}

const Finder::Recording &Finder::recording() {
  if (CurFn != Rec.Fn)
    Rec = {CurFn, CurFn->isDependentContext(), !isUpstreamCode(CurFn) || Ctx.getDiagnostics().hasErrorOccurred()};
  return Rec;
}

/// A call the traversal found in CurFn, now that the calls of every function are known.
void Finder::recordCall(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return;
  // Clang may have corrected a name it could not find (`TCOLARGMIN` -> `TCOLARGMAX` when the first did not
  // parse): the call the user wrote is not the one in the AST, so it is not checked as that one. (A correction is
  // an error: without one, the name is the callee's.)
  SourceLocation NameLoc = CE->getCallee()->IgnoreParenImpCasts()->getExprLoc();
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Written;
  if (NameLoc.isValid() && Ctx.getDiagnostics().hasErrorOccurred())
    Written =
        Lexer::getSourceText(CharSourceRange::getTokenRange(SM.getSpellingLoc(NameLoc)), SM, Ctx.getLangOpts()).str();
  if (!Written.empty() && Written != FD->getName() && Rules.op(Written) && !Rules.op(Written)->builtin) {
    recordUnresolved(CE, *Rules.op(Written), CE->getNumArgs(),
                     "'" + Written + "' is not declared here (clang read it as '" + FD->getName().str() +
                         "'): the header that declares it did not compile");
    return;
  }
  const checker::OpSignature *Sig = Rules.op(FD->getName().str());
  if (!Sig && Scopes.upstream && isUpstreamOp(FD) && !isUpstreamCode(CurFn)) {
    // An op the rules do not describe: checked against upstream's own asserts only, where the user calls it (a call
    // inside upstream's headers is part of the implementation of the op that makes it).
    recordInContexts(CE, nullptr, nullptr, false);
    return;
  }
  if (!Sig || (!Sig->builtin && !inPtoNamespace(FD)))
    return;
  record(CE, FD, *Sig);
}

/// A call clang could not resolve (the TU has errors: a header it could not read, operands of invalid type):
/// clang keeps it as a RecoveryExpr whose first child names the callee. A call of a PTO op is reported as
/// unknown, with the reason, instead of vanishing.
bool Finder::VisitRecoveryExpr(RecoveryExpr *RE) {
  if (CurFn && !CurFn->isDependentContext() && !RE->subExpressions().empty())
    Deferred.push_back({RE, CurFn, nullptr});
  return true;
}

void Finder::recordRecovery(const RecoveryExpr *RE) {
  const Expr *Callee = RE->subExpressions()[0]->IgnoreParenImpCasts();
  std::string Name;
  bool Declared = false;
  if (const auto *OE = dyn_cast<OverloadExpr>(Callee)) {
    Name = OE->getName().getAsString();
    Declared = OE->getNumDecls() > 0;
  } else if (const auto *DR = dyn_cast<DeclRefExpr>(Callee)) {
    Name = DR->getDecl()->getName().str();
    Declared = true;
  } else {
    return;
  }
  const checker::OpSignature *Sig = Rules.op(Name);
  if (!Sig || Sig->builtin)
    return;
  std::string Types;
  for (size_t I = 1; I < RE->subExpressions().size(); ++I) {
    const Expr *A = RE->subExpressions()[I];
    QualType T = A->getType();
    Types += std::string(I > 1 ? ", " : "") + "'" + sourceText(Ctx, A->getSourceRange()) + "' of type '" +
             (A->containsErrors() || T.isNull() || T->containsErrors() ? std::string("<invalid>")
                                                                        : T.getAsString(Ctx.getPrintingPolicy())) +
             "'";
  }
  recordUnresolved(RE, *Sig, RE->subExpressions().size() - 1,
                   Declared ? "no declaration of '" + Name + "' the compiler read accepts these operands (" + Types +
                                  "); the translation unit has errors"
                            : "'" + Name + "' is not declared here: the header that declares it did not compile");
  return;
}

/// A function template with an instantiation clang gave up on (marked invalid, its body dropped).
bool Finder::hasInvalidInstantiation(const FunctionDecl *FD) {
  if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
    for (const FunctionDecl *Spec : T->specializations())
      if (Spec->isInvalidDecl())
        return true;
  return false;
}

/// In a translation unit with errors, a template's call of an op that no declaration was found for (an empty
/// lookup left for argument-dependent lookup) fails in its instantiations, which clang marks invalid and drops:
/// report it once, from the template (only for a template with such an instantiation: an empty lookup in a
/// template nothing instantiates is ordinary C++, resolved by ADL where it is used).
void Finder::unresolvedInPattern(const FunctionDecl *FD) {
  struct Find : RecursiveASTVisitor<Find> {
    std::vector<std::pair<const CallExpr *, std::string>> Out;
    bool VisitCallExpr(CallExpr *C) {
      if (const auto *U = dyn_cast<UnresolvedLookupExpr>(C->getCallee()->IgnoreParenImpCasts()))
        if (U->getNumDecls() == 0)
          Out.emplace_back(C, U->getName().getAsString());
      return true;
    }
  } F;
  F.TraverseStmt(FD->getBody());
  inFunction(FD, [&] {
    for (const auto &[C, Name] : F.Out)
      if (const checker::OpSignature *Sig = Rules.op(Name); Sig && !Sig->builtin)
        recordUnresolved(C, *Sig, C->getNumArgs(),
                         "'" + Name + "' is not declared here: the header that declares it did not compile");
    return 0;
  });
}

/// A call site of op Op at Call in the current function, its facts still to be filled in.
CallSite Finder::newSite(const Expr *Call, const std::string &Op) {
  CallSite Site;
  Site.op = Op;
  Site.loc = locOf(Call->getBeginLoc());
  auto [Text, New] = CallTexts.try_emplace(Call); // (a call is recorded in each of its calling contexts)
  if (New)
    Text->second = checker::normalizeCallText(sourceText(Ctx, Call->getSourceRange()));
  Site.text = Text->second;
  Site.function = nameOf(CurFn, /*Qualified=*/true);
  Site.inUpstreamCode = isUpstreamCode(CurFn);
  return Site;
}

/// Adds a finished call site of the current function (its instantiation chain is filled in after the traversal).
void Finder::add(CallSite Site) {
  SiteFns.push_back(CurFn);
  Calls.push_back(std::move(Site));
}

void Finder::recordUnresolved(const Expr *Call, const checker::OpSignature &Sig, size_t Args, const std::string &Why) {
  CallSite Site = newSite(Call, Sig.name);
  const checker::Overload *Ov = Sig.byArity(Args);
  Site.overload = Ov ? Ov->name : Sig.overloads.empty() ? "" : Sig.overloads.front().name;
  Site.unresolved = Why;
  add(std::move(Site));
}

/// Callee (canonical declaration) -> its calls in the TU (CallMap, complete once the traversal ends).
const std::vector<CallRef> &Finder::callers(const FunctionDecl *F) {
  static const std::vector<CallRef> None;
  auto It = CallMap.find(F->getCanonicalDecl());
  return It == CallMap.end() ? None : It->second;
}

/// Number of parameters before the trailing `events...` pack, from the template pattern.
size_t Finder::fixedParams(const FunctionDecl *FD) {
  const FunctionDecl *Pattern = FD;
  if (const FunctionTemplateDecl *T = FD->getPrimaryTemplate())
    Pattern = T->getTemplatedDecl();
  size_t N = 0;
  for (const ParmVarDecl *P : Pattern->parameters())
    if (!P->isParameterPack())
      ++N;
  return N;
}

void Finder::record(const CallExpr *CE, const FunctionDecl *FD, const checker::OpSignature &Sig) {
  const checker::Overload *Ov = nullptr;
  if (Sig.builtin) {
    // A compiler builtin: the register form is the one whose first operand is a RegTensor (the A2A3
    // pointer form of the same name is another builtin); trailing mode arguments are not operands.
    if (CE->getNumArgs() == 0 || !regSpecialization(CE->getArg(0)->getType()))
      return;
    for (const checker::Overload &O : Sig.overloads)
      if (O.cpp && O.roles.size() <= CE->getNumArgs() && (!Ov || O.roles.size() > Ov->roles.size()))
        Ov = &O;
  } else {
    Ov = Sig.byArity(std::min<size_t>(fixedParams(FD), CE->getNumArgs()));
  }
  if (!Ov)
    return;
  // A register builtin (vmin, vmax) has calling contexts only in a function that takes a predicate (upstream's
  // `ReduceInstr(..., MaskReg &pReg)`): its scope already follows the callers (inVectorScope), and a predicate
  // parameter is read as the caller's argument (on its own: as what every caller passes).
  bool MaskParam = false;
  for (const ParmVarDecl *P : CurFn->parameters())
    MaskParam |= isMaskType(P->getType());
  recordInContexts(CE, &Sig, Ov, Sig.builtin && !MaskParam);
}

/// CE recorded in each of its calling contexts (callingContexts(OnItsOwn)).
void Finder::recordInContexts(const CallExpr *CE, const checker::OpSignature *Sig, const checker::Overload *Ov,
                              bool OnItsOwn) {
  std::vector<CallChain> Contexts = callingContexts(OnItsOwn);
  for (size_t I = 0; I < Contexts.size(); ++I)
    recordIn(CE, Sig, Ov, Contexts[I], I + 1 < Contexts.size());
}

/// The calling contexts a call of the current function is checked in. A function the TU calls is checked in each
/// calling context: its parameters bound to the caller's arguments and the caller's guards added, and so on up the
/// callers (up to 3 levels) while the caller has parameters and callers of its own; at most 16 contexts (with more,
/// fewer levels; with more than 16 direct callers, on its own: one empty chain).
std::vector<CallChain> Finder::callingContexts(bool OnItsOwn) {
  std::vector<CallChain> Contexts;
  for (unsigned Levels = MaxLevels; Levels > 0; --Levels) {
    Contexts.clear();
    CallChain C;
    if (OnItsOwn || !contexts(CurFn, C, Levels, Contexts) || Contexts.size() > MaxContexts)
      Contexts.clear();
    else
      break;
  }
  if (Contexts.size() == 1 && Contexts[0].empty())
    Contexts.clear();
  if (Contexts.empty())
    Contexts.emplace_back();
  return Contexts;
}

/// The calling contexts of F, up to Levels callers deep (a caller without parameters or callers ends a chain);
/// false when there are more than MaxContexts.
bool Finder::contexts(const FunctionDecl *F, CallChain &Prefix, unsigned Levels, std::vector<CallChain> &Out) {
  const auto &Calls = F->getNumParams() && Levels ? callers(F) : std::vector<CallRef>{};
  bool Recursive = false;
  for (const auto &[Call, Caller] : Calls)
    for (const auto &[C2, G] : Prefix)
      Recursive |= G == Caller || Caller == F;
  if (Calls.empty() || Recursive) {
    Out.push_back(Prefix);
    return Out.size() <= MaxContexts;
  }
  for (const auto &[Call, Caller] : Calls) {
    Prefix.emplace_back(Call, Caller);
    bool Ok = contexts(Caller, Prefix, Levels - 1, Out);
    Prefix.pop_back();
    if (!Ok)
      return false;
  }
  return true;
}

/// Sets up Tr, which translates values at Call in function G.
void Finder::configure(CallTranslator &Tr, const CallExpr *Call, const FunctionDecl *G) {
  Tr.Uses = &Uses;
  Tr.Evaluated = &Evaluated;
  Tr.TypeFacts = &TypeFacts;
  Tr.Masks = &Masks;
  Tr.SetDominates = [this, Call, G](const Stmt *S) { return inFunction(G, [&] { return dominates(S, Call); }); };
  Tr.DominatesAt = [this, G](const Stmt *S, const Stmt *At) { return inFunction(G, [&] { return dominates(S, At); }); };
  Tr.InLoopAt = [this, G](const Stmt *At) { return inFunction(G, [&] { return inLoop(At); }); };
  Tr.ParentOf = [this, G](const Stmt *S) { return parent(S, G); };
  Tr.LaunchBlocks = [this](const FunctionDecl *F) { return launchBlocks(F); };
  Tr.CallLoc = Call->getBeginLoc();
  Tr.CallLoop = inFunction(G, [&] { return loopOf(Call); });
  Tr.CallInLoop = Tr.CallLoop != nullptr;
}

/// Reads Callee's parameters as K's arguments (K calls Callee's function from function G), which Caller translates.
void Finder::bindParams(CallTranslator &Callee, CallTranslator &Caller, const CallExpr *K, const FunctionDecl *G) {
  const FunctionDecl *Fn = K->getDirectCallee();
  unsigned Offset = isa<CXXOperatorCallExpr>(K) && Fn && isa<CXXMethodDecl>(Fn) ? 1 : 0;
  auto Arg = [K, Offset](const ParmVarDecl *P) -> const Expr * {
    unsigned I = P->getFunctionScopeIndex() + Offset;
    return I < K->getNumArgs() && !isa<CXXDefaultArgExpr>(K->getArg(I)) ? K->getArg(I) : nullptr;
  };
  CallTranslator *O = &Caller;
  // Each parameter is translated once per binding: the caller's translator answers alike while the callee is read
  // (the caller stays at K), and a translation names the same symbols each time (CallTranslator::symbol, opaque).
  auto Values = std::make_shared<std::map<const ParmVarDecl *, std::optional<CallTranslator::Term>>>();
  auto Tiles = std::make_shared<std::map<const ParmVarDecl *, std::optional<TileFacts>>>();
  Callee.ParamValue = [this, O, G, Arg, Values](const ParmVarDecl *P) -> std::optional<CallTranslator::Term> {
    if (auto It = Values->find(P); It != Values->end())
      return It->second;
    const Expr *A = Arg(P);
    std::optional<CallTranslator::Term> V;
    if (A)
      V = inFunction(G, [&] { return O->term(A); });
    return Values->emplace(P, std::move(V)).first->second;
  };
  Callee.ParamTile = [this, O, G, Arg, Tiles](const ParmVarDecl *P) -> const TileFacts * {
    auto It = Tiles->find(P);
    if (It == Tiles->end()) {
      const Expr *A = Arg(P);
      std::optional<TileFacts> T;
      if (A)
        T = inFunction(G, [&] { return O->tile(A); });
      It = Tiles->emplace(P, std::move(T)).first;
    }
    return It->second ? &*It->second : nullptr;
  };
  Callee.ParamGlobalDim = [this, O, G, Arg](const ParmVarDecl *P, unsigned Dim,
                                             bool Stride) -> std::optional<CallTranslator::Term> {
    const Expr *A = Arg(P);
    if (!A)
      return std::nullopt;
    return inFunction(G, [&] { return O->globalDim(A, Dim, Stride); });
  };
}

/// One call site: CE in CurFn, in the calling context Context (innermost call first; empty: on its own). Sig and Ov
/// are null for an op only upstream's asserts check. Again: CE is recorded in another context after this one.
void Finder::recordIn(const CallExpr *CE, const checker::OpSignature *Sig, const checker::Overload *Ov,
                      const CallChain &Context, bool Again) {
  CallSite Site = newSite(CE, Sig ? Sig->name : CE->getDirectCallee()->getName().str());
  if (Ov)
    Site.overload = Ov->name;

  CallTranslator Tr(Ctx, CurFn, mods(CurFn), Site);
  configure(Tr, CE, CurFn);
  // One translator per caller; translator K reads its function's parameters as translator K+1's arguments.
  std::vector<std::unique_ptr<CallTranslator>> Outer;
  CallTranslator *Inner = &Tr;
  for (const auto &[Call, Caller] : Context) {
    Site.callers.emplace_back(locOf(Call->getBeginLoc()), nameOf(Caller, /*Qualified=*/true));
    if (Site.inUpstreamCode && !Site.userLoc.valid() && !isUpstreamCode(Caller))
      Site.userLoc = Site.callers.back().first;
    Outer.push_back(std::make_unique<CallTranslator>(Ctx, Caller, mods(Caller), Site));
    CallTranslator *O = Outer.back().get();
    configure(*O, Call, Caller);
    bindParams(*Inner, *O, Call, Caller);
    Inner = O;
  }
  // Whether anything of this call's translation read the calling context (the call's function's parameters as the
  // caller's arguments): until something does, the lift reads what it would read in any other context (liftOrReplay).
  bool ReadsContext = false;
  if (!Context.empty()) {
    auto Noting = [&ReadsContext](auto F) {
      return [&ReadsContext, F = std::move(F)](const auto &...Args) {
        ReadsContext = true;
        return F(Args...);
      };
    };
    Tr.ParamValue = Noting(std::move(Tr.ParamValue));
    Tr.ParamTile = Noting(std::move(Tr.ParamTile));
    Tr.ParamGlobalDim = Noting(std::move(Tr.ParamGlobalDim));
  }
  // The call in its own function: computed once when it reads nothing of the calling context (kept from the first
  // context, whose computation then is that of every other), else in each context.
  auto Own = Context.empty() ? OwnFactsOf.end() : OwnFactsOf.find(CE);
  if (Own != OwnFactsOf.end()) {
    Site.operands = Own->second.operands;
    Site.constants = Own->second.constants;
    Own->second.values.into(Site);
    Tr.restore(Own->second.memory);
  } else {
    ownFacts(CE, Sig, Ov, Tr, Site);
    if (Again && !ReadsContext)
      OwnFactsOf.emplace(CE, OwnFacts{Site.operands, Site.constants, LiftReplay::Values::of(Site), Tr.memory()});
  }
  for (size_t I = 0; I < Context.size(); ++I)
    inFunction(Context[I].second, [&] {
      collectPath(Context[I].first, *Outer[I], Site);
      return 0;
    });
  if ((!Sig || !Sig->builtin) && mayLift(CE)) {
    if (Context.empty()) // on its own: the translator reads its function's parameters as symbols, asking no one
      lift(CE, Tr, Site);
    else
      liftOrReplay(CE, Tr, Site, ReadsContext, Again);
  }
  add(std::move(Site));
}

/// A call's facts in its own function (recordIn): its operands' tiles, its constants and the path to it there.
void Finder::ownFacts(const CallExpr *CE, const checker::OpSignature *Sig, const checker::Overload *Ov,
                      CallTranslator &Tr, CallSite &Site) {
  if (Ov) {
    Site.operands.reserve(Ov->roles.size());
    for (size_t I = 0; I < Ov->roles.size(); ++I) {
      checker::Operand O;
      O.role = Ov->roles[I];
      O.tile = Tr.tile(CE->getArg(I));
      Site.operands.push_back(std::move(O));
    }
  } else if (const FunctionDecl *Op = CE->getDirectCallee()) {
    // An op only upstream's checks describe: its tile arguments, named by the op's parameters (dst, src0, ...), so
    // that the checks assume what the tile rules check apart (valid dims within the tile) and counterexamples show
    // the tiles' valid dims.
    for (unsigned I = 0; I < CE->getNumArgs() && I < Op->getNumParams(); ++I)
      if (tileSpecialization(CE->getArg(I)->getType())) {
        checker::Operand O;
        O.role = Op->getParamDecl(I)->getName().str();
        if (O.role.empty() || Site.operand(O.role))
          O.role = "arg" + std::to_string(I);
        O.tile = Tr.tile(CE->getArg(I));
        Site.operands.push_back(std::move(O));
      }
  }
  if (Sig && Sig->builtin)
    Site.constants.emplace_back("op.invecscope", inVectorScope(CE, CurFn, 0) ? 1 : 0);
  collectPath(CE, Tr, Site);
}

namespace {
bool sameSymbols(const std::vector<checker::Symbol> &A, const std::vector<checker::Symbol> &B) {
  return std::equal(A.begin(), A.end(), B.begin(), B.end(), [](const checker::Symbol &X, const checker::Symbol &Y) {
    return X.name == Y.name && X.display == Y.display && X.lo == Y.lo && X.hi == Y.hi &&
           X.understood == Y.understood && X.why == Y.why && X.loc == Y.loc;
  });
}
bool samePath(const std::vector<checker::PathCondition> &A, const std::vector<checker::PathCondition> &B) {
  return std::equal(A.begin(), A.end(), B.begin(), B.end(), [](const auto &X, const auto &Y) {
    return X.text == Y.text && term::equal(X.term, Y.term);
  });
}
} // namespace

/// The lift of CE's first calling context is replayed in its other contexts (never for a call on its own, whose
/// translator has no context to ask) when neither read the context: the walk reads
/// the call's values only through its translator, whose answers then depend on the call alone, and on the symbols
/// and path the call's translation has made so far (the names it chooses, the loop conditions it adds once), which
/// must be the same. What the lift adds to the site is copied; outputs are those of the walk.
void Finder::liftOrReplay(const CallExpr *CE, CallTranslator &Tr, CallSite &Site, const bool &ReadsContext,
                          bool Again) {
  auto It = Replays.find(CE);
  if (It != Replays.end() && !ReadsContext && It->second.before.sameAs(Site)) {
    It->second.after.into(Site);
    Site.upstream = It->second.upstream;
    return;
  }
  bool Record = Again && It == Replays.end() && !ReadsContext;
  LiftReplay R;
  if (Record)
    R.before = LiftReplay::Values::of(Site);
  lift(CE, Tr, Site);
  if (Record && !ReadsContext) { // the lift did not read the context either
    R.after = LiftReplay::Values::of(Site);
    R.upstream = Site.upstream;
    Replays.emplace(CE, std::move(R));
  }
}

Finder::LiftReplay::Values Finder::LiftReplay::Values::of(const CallSite &S) {
  return {S.symbols, S.path, S.notUnderstood};
}

bool Finder::LiftReplay::Values::sameAs(const CallSite &S) const {
  return sameSymbols(symbols, S.symbols) && samePath(path, S.path) && notUnderstood == S.notUnderstood;
}

void Finder::LiftReplay::Values::into(CallSite &S) const {
  S.symbols = symbols;
  S.path = path;
  S.notUnderstood = notUnderstood;
}

/// Remembers that the current function refers to D, if D is an instantiated function: the next link of
/// D's instantiation chain.
void Finder::noteReferrer(const ValueDecl *D) {
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    if (CurFn && FD->isTemplateInstantiation() && !recording().Dependent)
      Referrer.try_emplace(FD, CurFn);
}

bool Finder::VisitDeclRefExpr(DeclRefExpr *E) {
  noteReferrer(E->getDecl());
  return true;
}

bool Finder::VisitMemberExpr(MemberExpr *E) {
  noteReferrer(E->getMemberDecl());
  return true;
}

/// "in instantiation of 'f<...>' requested here" notes, innermost first, following each instantiated
/// function to the function that referred to it (up to 8 levels).
void Finder::fillInstantiationChains() {
  for (size_t I = 0; I < Calls.size(); ++I) {
    const FunctionDecl *F = SiteFns[I];
    std::set<const FunctionDecl *> Seen;
    for (int Depth = 0; F && Depth < 8 && F->isTemplateInstantiation() && Seen.insert(F).second; ++Depth) {
      Calls[I].instantiatedFrom.push_back(locOf(F->getPointOfInstantiation()));
      Calls[I].instantiationNames.push_back(nameOf(F, /*Qualified=*/false));
      auto It = Referrer.find(F);
      F = It == Referrer.end() ? nullptr : It->second;
      // The first point of instantiation in the user's code is where a call of upstream's code is reported.
      if (Calls[I].inUpstreamCode && !Calls[I].userLoc.valid() && F && !isUpstreamCode(F))
        Calls[I].userLoc = Calls[I].instantiatedFrom.back();
    }
  }
}

} // namespace pto::clangfe::extract
