// clangfe: what the extractor's files (Extract*.cpp) share: source helpers, the call finder and the translator.
#ifndef PTOLINT_CLANGPLUGIN_EXTRACTIMPL_H
#define PTOLINT_CLANGPLUGIN_EXTRACTIMPL_H

#include "Extract.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "clang/Basic/SourceManager.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

/// The extractor's parts, for its own files only. Each member function is defined in the file of its concern:
/// Extract.cpp (entry point, operand types), ExtractCalls.cpp (op calls, calling contexts), ExtractValues.cpp
/// (integer values as terms), ExtractDataflow.cpp (writes, dominance, path conditions), ExtractPlacement.cpp
/// (TASSIGN), ExtractRegisters.cpp (A5 registers, masks, vector scopes), ExtractSpellings.cpp (fix-it spellings).
namespace pto::clangfe::extract {

using checker::CallSite;
using checker::IntFact;
using checker::SourceLoc;
using checker::TileFacts;
using clang::ASTContext;
using clang::CallExpr;
using clang::ClassTemplateSpecializationDecl;
using clang::CXXMemberCallExpr;
using clang::Decl;
using clang::Expr;
using clang::FunctionDecl;
using clang::ParmVarDecl;
using clang::QualType;
using clang::SourceLocation;
using clang::Stmt;
using clang::VarDecl;

// --- Source helpers (Extract.cpp) ---

SourceLoc toLoc(const ASTContext &Ctx, SourceLocation L);
std::string sourceText(const ASTContext &Ctx, clang::SourceRange R);
/// True if D is declared directly in namespace pto (inline namespaces in between are fine).
bool inPtoNamespace(const Decl *D);
/// True if D (not the translation unit) is declared in a system header: such declarations are not walked.
bool inSystemHeader(const ASTContext &Ctx, const Decl *D);
/// F's name as diagnostics print it.
std::string functionName(const ASTContext &Ctx, const FunctionDecl *F, bool Qualified);
/// The variable E names (parentheses and implicit casts aside), or null.
const VarDecl *referencedVar(const Expr *E);

/// An answer that holds for a whole file, or for the range between two of its line directives (`#pragma clang
/// system_header`, line markers: what SourceManager::getFileCharacteristic and isInMainFile read), kept for the range
/// of the last location asked: declarations come file after file.
class FileRangeMemo {
public:
  /// Answer()'s for file location L (or an expansion's), computed when L is outside the kept range.
  bool get(clang::SourceManager &SM, SourceLocation L, llvm::function_ref<bool()> Answer);
  /// SM.getExpansionLoc(L), each macro location's source-location entry found from the last one's: declarations a
  /// macro expands to come one after another (the prelude's intrinsics), and getFileID's search over every entry
  /// of the unit was most of the cost of asking about them.
  SourceLocation expansion(const clang::SourceManager &SM, SourceLocation L);

private:
  SourceLocation::UIntTy Begin = 0, End = 0;
  bool Kept = false;
  unsigned Entry = 0; // the local entry expansion() found last
};

// --- Operand types (Extract.cpp, ExtractRegisters.cpp) ---

/// The pto::Tile specialization a type is or derives from.
/// The specialization of class template pto::<Name> that T is or derives from (through single bases).
const ClassTemplateSpecializationDecl *ptoSpecialization(QualType T, llvm::StringRef Name);
const ClassTemplateSpecializationDecl *tileSpecialization(QualType T);
/// A5 vector register RegTensor<T> (in namespace pto, or global as some vendor headers spell it).
const ClassTemplateSpecializationDecl *regSpecialization(QualType T);
/// A predicate register: MaskReg (pto) or the vendor's vector_bool, however it is spelled.
bool isMaskType(QualType T);
std::optional<int64_t> intArg(const clang::TemplateArgument &A);
std::pair<checker::DType, std::string> dtypeOf(const ASTContext &Ctx, QualType T);
/// How a tile's type is shown in messages: `Tile<TileType::VEC, float, 16, 32>`, defaulted arguments left out
/// (ExtractSpellings.cpp).
std::string tileSpelling(const TileFacts &T);

/// A RecursiveASTVisitor whose statements of the common kinds (those whose traversal is the node's Visit* calls and
/// then its children, every one in clang 19's RecursiveASTVisitor.h, and the two kinds of names below) are walked by
/// a plain recursion; the others, and declarations, as RecursiveASTVisitor walks them. The same nodes are visited in
/// the same order, at a fraction of the cost: the walks over every instantiated body of the pto-isa headers are most
/// of what pto-lint adds to a compile.
template <class Derived> class StmtWalk : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  bool TraverseStmt(Stmt *S, typename Base::DataRecursionQueue * = nullptr) {
    if (!S)
      return true;
    Derived &D = this->getDerived();
    switch (S->getStmtClass()) {
#define PTOLINT_WALK(CLASS)                                                                                            \
  case Stmt::CLASS##Class: {                                                                                           \
    auto *Node = llvm::cast<clang::CLASS>(S);                                                                          \
    if (!D.WalkUpFrom##CLASS(Node))                                                                                    \
      return false;                                                                                                    \
    for (Stmt *Child : Node->children()) /* (the class's own, inline: Stmt::children dispatches to it) */            \
      if (!D.TraverseStmt(Child))                                                                                      \
        return false;                                                                                                  \
    return true;                                                                                                       \
  }
      PTOLINT_WALK(CompoundStmt)
      PTOLINT_WALK(IfStmt)
      PTOLINT_WALK(ForStmt)
      PTOLINT_WALK(WhileStmt)
      PTOLINT_WALK(DoStmt)
      PTOLINT_WALK(SwitchStmt)
      PTOLINT_WALK(CaseStmt)
      PTOLINT_WALK(DefaultStmt)
      PTOLINT_WALK(ReturnStmt)
      PTOLINT_WALK(BreakStmt)
      PTOLINT_WALK(ContinueStmt)
      PTOLINT_WALK(NullStmt)
      PTOLINT_WALK(CallExpr)
      PTOLINT_WALK(CXXMemberCallExpr)
      PTOLINT_WALK(CXXOperatorCallExpr)
      PTOLINT_WALK(CUDAKernelCallExpr)
      PTOLINT_WALK(CXXConstructExpr)
      PTOLINT_WALK(ConstantExpr)
      PTOLINT_WALK(ArraySubscriptExpr)
      PTOLINT_WALK(CXXBindTemporaryExpr)
      PTOLINT_WALK(ExprWithCleanups)
      PTOLINT_WALK(ParenExpr)
      PTOLINT_WALK(ConditionalOperator)
      PTOLINT_WALK(UnaryOperator)
      PTOLINT_WALK(BinaryOperator)
      PTOLINT_WALK(CompoundAssignOperator)
      PTOLINT_WALK(SubstNonTypeTemplateParmExpr)
      PTOLINT_WALK(ImplicitCastExpr)
      PTOLINT_WALK(IntegerLiteral)
      PTOLINT_WALK(FloatingLiteral)
      PTOLINT_WALK(CXXBoolLiteralExpr)
      PTOLINT_WALK(CXXThisExpr)
      // Also the names: RecursiveASTVisitor walks their qualifier and written template arguments too, which hold
      // types (not walked by the walks here) and constant expressions (no call of interest, no write).
      PTOLINT_WALK(DeclRefExpr)
      PTOLINT_WALK(MemberExpr)
#undef PTOLINT_WALK
    default:
      return Base::TraverseStmt(S, nullptr); // its children come back here (Derived overrides TraverseStmt)
    }
  }
};

/// Variables whose value may change after their initialisation (assignment, ++/--, address taken,
/// non-const reference binding, by-reference lambda capture, or a SetValid* member call on a tile), and the
/// placements (TASSIGN) of tiles, in one function body (ExtractDataflow.cpp).
class ModifiedVars : public StmtWalk<ModifiedVars> {
public:
  explicit ModifiedVars(const FunctionDecl *FD);

  std::set<const VarDecl *> Vars;
  std::map<const VarDecl *, std::vector<const Expr *>> Writes; // assignments and ++/-- per variable (null: any)
  std::map<const VarDecl *, const clang::ForStmt *> LoopOf;   // variables declared in a for-init
  std::map<const VarDecl *, std::vector<const CXXMemberCallExpr *>> ShapeSets;
  std::map<const VarDecl *, std::vector<const CallExpr *>> Assigns; // TASSIGN(tile, addr) / TASSIGN<addr>(tile)
  /// Objects whose shape or strides may change after their construction: an assignment to the object, or a
  /// SetShape/SetStride-like (`Set*`) member call on it.
  std::set<const VarDecl *> Reshaped;

  bool TraverseTypeLoc(clang::TypeLoc) { return true; } // nothing in a type writes a variable
  bool VisitBinaryOperator(clang::BinaryOperator *B);
  bool VisitUnaryOperator(clang::UnaryOperator *U);
  bool VisitForStmt(clang::ForStmt *F);
  bool VisitVarDecl(VarDecl *D);
  bool VisitLambdaExpr(clang::LambdaExpr *L);
  bool VisitCallExpr(CallExpr *C);

private:
  /// V may change at W (null: in a way not written as an assignment).
  void write(const VarDecl *V, const Expr *W);
};

/// How often the main file writes each type spelling, for fix-its, which may rewrite a spelling only one tile
/// uses: aliases by their uses (keyed by where the alias is declared, which its instantiations share), and the
/// start of each declared type (variables of one declaration share one). Template patterns only: what is written.
/// (ExtractSpellings.cpp)
class TypeUses : public clang::RecursiveASTVisitor<TypeUses> {
public:
  explicit TypeUses(ASTContext &Ctx) : Ctx(Ctx) {}
  unsigned aliasUses(const clang::TypedefNameDecl *D);
  unsigned declsAt(SourceLocation TypeStart);
  /// The template arguments of the `Tile<...>` a variable's type is written as, and where they end, for fix-its
  /// (CallTranslator::writtenType), read once per variable.
  struct Written {
    checker::WrittenArgs args;
    checker::SourceLoc end;
  };
  const Written &written(const VarDecl *VD);

  bool TraverseDecl(Decl *D);
  bool TraverseFunctionDecl(FunctionDecl *D);
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl *D);
  bool TraverseClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl *D);
  bool VisitTypedefTypeLoc(clang::TypedefTypeLoc TL);
  bool VisitDeclaratorDecl(clang::DeclaratorDecl *D);

private:
  ASTContext &Ctx;
  FileRangeMemo MainFile; // TraverseDecl's
  bool Built = false;
  std::unordered_map<SourceLocation::UIntTy, unsigned> Alias, Starts;
  std::unordered_map<const VarDecl *, Written> WrittenTypes;
  void build();
};

class Predicates;

/// Translates the facts of one call site: its operands' facts, and integer values and conditions as terms over the
/// call's symbols.
class CallTranslator {
public:
  CallTranslator(ASTContext &Ctx, const FunctionDecl *Fn, ModifiedVars &Mods, CallSite &Site)
      : Ctx(Ctx), Fn(Fn), Mods(Mods), Site(Site) {}

  using Term = ::pto::term::Term;

  /// E's value as an Int term (intTerm), a Bool term (boolTerm: conditions), or of the sort its type gives (term).
  Term intTerm(const Expr *E) { return asInt(translate(E)); }
  Term term(const Expr *E) { return translate(E); }
  Term boolTerm(const Expr *E) { return asBool(translate(E)); }

  /// The facts of the operand Arg (Extract.cpp).
  TileFacts tile(const Expr *Arg);
  /// The facts of a tile of type S that its type gives (Extract.cpp).
  TileFacts typeFacts(const ClassTemplateSpecializationDecl *S);
  /// The facts of the tile operand Arg when it is a parameter whose tile is the caller's argument's (ParamTile),
  /// without copying them; null otherwise (tile() then reads them).
  const TileFacts *callerTile(const Expr *Arg);
  /// Dimension Dim of the shape (or, with Stride, the stride) of the global tensor Obj: its type's static value, or
  /// the value its constructor was given (ExtractGlobal.cpp).
  Term globalDim(const Expr *Obj, unsigned Dim, bool Stride);

  /// The definition (TASSIGN, SetValidShape, ...) whose effect holds at the call: the last one that always
  /// runs before it, provided no conditional definition comes between, and, if the call is in a loop, no
  /// definition comes after it. Null when that is not certain.
  template <class T> const T *reaching(const std::vector<const T *> &Defs) {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    const T *Last = nullptr;
    for (const T *D : Defs)
      if (SetDominates && SetDominates(D) &&
          (!Last || SM.isBeforeInTranslationUnit(Last->getBeginLoc(), D->getBeginLoc())))
        Last = D;
    if (!Last)
      return nullptr;
    for (const T *D : Defs) {
      if (D == Last)
        continue;
      bool AfterLast = SM.isBeforeInTranslationUnit(Last->getBeginLoc(), D->getBeginLoc());
      bool BeforeCall = SM.isBeforeInTranslationUnit(D->getBeginLoc(), CallLoc);
      if (AfterLast && (BeforeCall || CallInLoop))
        return nullptr;
    }
    return Last;
  }

  /// The assignment of Defs whose value a variable holds at At, an expression of Fn before the call where another
  /// value reads it: the last one that always runs before At, provided no conditional one comes between, and, if At
  /// is in a loop, none comes after it. Null when that is not certain.
  template <class T> const T *reachingAt(const std::vector<const T *> &Defs, const Stmt *At) {
    if (!DominatesAt || !InLoopAt)
      return nullptr;
    const clang::SourceManager &SM = Ctx.getSourceManager();
    auto Before = [&SM](SourceLocation A, SourceLocation B) { return SM.isBeforeInTranslationUnit(A, B); };
    const T *Last = nullptr;
    for (const T *D : Defs)
      if (Before(D->getBeginLoc(), At->getBeginLoc()) && DominatesAt(D, At) &&
          (!Last || Before(Last->getBeginLoc(), D->getBeginLoc())))
        Last = D;
    if (!Last)
      return nullptr;
    bool Loop = InLoopAt(At);
    for (const T *D : Defs)
      if (D != Last && Before(Last->getBeginLoc(), D->getBeginLoc()) &&
          (Before(D->getBeginLoc(), At->getBeginLoc()) || Loop))
        return nullptr;
    return Last;
  }

  std::function<bool(const Stmt *)> SetDominates;
  /// Whether statement Def always runs before At, both in Fn (the dominance SetDominates asks about the call); and
  /// whether At is in a loop of Fn. Unset: not known.
  std::function<bool(const Stmt *Def, const Stmt *At)> DominatesAt;
  std::function<bool(const Stmt *At)> InLoopAt;
  /// The statement of Fn that directly contains S (unset: not known); the point of Fn where the call's values are
  /// read, when it is a statement of Fn (the translators of upstream's implementation: the assert, the if or the
  /// helper call being lifted).
  std::function<const Stmt *(const Stmt *S)> ParentOf;
  const Stmt *ReadPoint = nullptr;
  /// Calling context: a parameter of Fn read as the caller's argument (a term, or a tile's facts), when set.
  std::function<std::optional<Term>(const ParmVarDecl *)> ParamValue;
  /// (ParamTile: the caller's facts, kept by the binding while this translator lives; null when not known.)
  std::function<const TileFacts *(const ParmVarDecl *)> ParamTile;
  /// Calling context: a dimension (Dim 0-4) of the shape or, with Stride, the stride of the global tensor a parameter
  /// of Fn is, read as the caller's argument's (globalDim in the caller's translator); unset or nullopt: not known.
  std::function<std::optional<Term>(const ParmVarDecl *, unsigned Dim, bool Stride)> ParamGlobalDim;
  /// The prefix of the names of the symbols this translator makes ("s." for the call's own values; the translators
  /// of upstream's implementation use "u.", so that its values never take the name of one of the call's).
  std::string SymbolPrefix = "s.";
  /// The main file's type spellings, for fix-its (null: no fix-its).
  TypeUses *Uses = nullptr;
  /// The values clang's constant evaluator gave integer expressions, kept for the translators of one unit (null:
  /// none kept). An expression's value does not depend on where it is read.
  std::unordered_map<const Expr *, std::optional<int64_t>> *Evaluated = nullptr;
  /// The facts tile types give (typeFacts), kept for the translators of one unit (null: none kept).
  std::unordered_map<const ClassTemplateSpecializationDecl *, TileFacts> *TypeFacts = nullptr;
  /// The TU's predicates, followed to their producers (null: only a producer written at the call is read).
  Predicates *Masks = nullptr;
  /// A tile's `data()` is the address TASSIGN placed it at: on the NPU targets TASSIGN sets the tile's pointer to that
  /// address (pto-isa a2a3 TAssign.hpp:23), so two tiles' pointers are equal when their addresses are (upstream's a2a3
  /// TBitwiseSOp.hpp:102 and TXor.hpp:44 assert tiles apart that way). Not on the CPU simulator, which maps an
  /// address into a buffer of its own per memory (cpu/TAssign.hpp:28).
  bool TileAddresses = false;
  /// The initialiser of a static data member of a class template specialization as substituted for it, when clang
  /// has not instantiated it (a member read only in a compiled-out assert, which pto-lint substitutes as an
  /// unevaluated operand); null when unset or when it does not compile.
  std::function<const Expr *(const VarDecl *)> StaticInit;
  /// The largest block count of the launches `Fn<<<blocks, ...>>>(...)` in the TU, if every one is a constant.
  std::function<std::optional<int64_t>(const FunctionDecl *)> LaunchBlocks;
  /// What the translator keeps between the translations of one call (the valid dims it read, how many opaque values
  /// it named): a translation copied from another calling context restores it (Finder::OwnFacts).
  struct Memory {
    std::map<std::pair<const VarDecl *, bool>, Term> dims;
    unsigned opaque = 0;
  };
  Memory memory() const { return {DimCache, Opaque}; }
  void restore(Memory M) {
    DimCache = std::move(M.dims);
    Opaque = M.opaque;
  }
  SourceLocation CallLoc;
  bool CallInLoop = false;
  /// The innermost loop statement the call is in (null: none).
  const Stmt *CallLoop = nullptr;

private:
  ASTContext &Ctx;
  const FunctionDecl *Fn;
  ModifiedVars &Mods;
  CallSite &Site;
  std::map<std::pair<const VarDecl *, bool>, Term> DimCache;
  unsigned Opaque = 0;
  unsigned Depth = 0;
  unsigned Nested = 0; // > 0 while translating a value read at another point than the call
  /// While Nested > 0: the expression of Fn where that value is read, each time the code there runs (the
  /// initialiser of a local, the construction of a local tile or tensor, a SetValid* call, an assignment); null: not
  /// known (a static local's initialiser runs once).
  const Stmt *ReadAt = nullptr;

  /// callerTile of an operand of tile specialization S (null: not a tile) that names VD.
  const TileFacts *callerTile(const ClassTemplateSpecializationDecl *S, const VarDecl *VD);
  /// A Bool as C++ converts it to an integer, `(ite b 1 0)`; an integer as a condition, `(not (= x 0))`.
  static Term asInt(const Term &T);
  static Term asBool(const Term &T);

  // Registers and masks (ExtractRegisters.cpp).
  void reg(const Expr *E, const ClassTemplateSpecializationDecl *R, TileFacts &T);
  void mask(const Expr *E, TileFacts &T);
  const Expr *reachingInLoop(const std::vector<const Expr *> &Defs);
  // Placement (ExtractPlacement.cpp).
  void placement(const VarDecl *VD, const Expr *E, TileFacts &T);
  // Fix-it spellings (ExtractSpellings.cpp).
  void writtenType(const VarDecl *VD, TileFacts &T);

  // Values (ExtractValues.cpp).
  std::string freshName(const std::string &Base);
  Term symbol(const std::string &Base, const std::string &Display, int64_t Lo, int64_t Hi, bool Understood,
              const std::string &Why, SourceLocation L);
  /// A value pto-lint does not follow: one symbol per occurrence of E and Part (several values read from one
  /// expression, such as the dims of one tensor, are distinct unknowns; Part, when given, is how they are shown).
  Term opaque(const Expr *E, const std::string &Why, const std::string &Part = "");
  std::pair<int64_t, int64_t> range(QualType T);
  std::optional<int64_t> inductionStep(const VarDecl *VD);
  /// E's value where it is read, at At (null: at a point not known), not at the call.
  Term readAt(const Expr *E, const Stmt *At);
  Term loopCounter(const VarDecl *VD, int64_t Step);
  Term varRef(const VarDecl *VD, const Expr *E);
  std::optional<Term> blockIndex(const Expr *E);
  Term translate(const Expr *E);
  /// E's value by clang's constant evaluator (kept in Evaluated), if it has one.
  std::optional<int64_t> constantValue(const Expr *E);
  bool mayBeConstant(const Expr *E);
  std::optional<Term> inlined(const clang::CallExpr *CE, const FunctionDecl *FD);
  std::optional<Term> conditionalAssigns(const VarDecl *VD, const std::vector<const clang::BinaryOperator *> &Assigns,
                                         const Stmt *At);
  /// While a call's body is translated (inlined), or a derived constructor's base initialiser: its parameters'
  /// values, the call's arguments.
  std::map<const clang::ParmVarDecl *, Term> Bound;
  /// Bound as it was when the scope began, restored when it ends (bindings nest).
  struct BoundScope {
    std::map<const clang::ParmVarDecl *, Term> &Of, Saved;
    explicit BoundScope(std::map<const clang::ParmVarDecl *, Term> &B) : Of(B), Saved(B) {}
    ~BoundScope() { Of = std::move(Saved); }
  };
  unsigned Inlining = 0;
  Term binary(const clang::BinaryOperator *B);
  Term wrapTo(const Term &T, QualType Ty);
  Term wrapUnsigned(const Term &T, QualType Ty);
  bool fits(QualType From, QualType To);
  Term cast(const clang::CastExpr *C);
  static IntFact factOf(const Term &T);
  IntFact dim(const VarDecl *VD, const Expr *E, TileFacts &T, bool Row);
};

/// A call and the function it is in.
using CallRef = std::pair<const CallExpr *, const FunctionDecl *>;
/// A calling context: the calls from the function of the op call outwards (innermost first).
using CallChain = std::vector<CallRef>;

/// A predicate (MaskReg) as pto-lint follows it to the builtins that produce it.
struct MaskValue {
  int64_t width = 0;    // lane granularity in bits of its partial producers (8/16/32; 0: not known)
  int64_t partial = -1; // 1: some lanes may be off (plt_bN, pset_bN(PAT_VLn), a comparison); 0: all on; -1: not known
  std::string origin;   // the producer as written where the predicate was followed from
  std::string why;      // what pto-lint could not follow, when width or partial is not known
};

/// Where the TU's predicates come from (ExtractRegisters.cpp). A predicate is followed through local variables
/// (every write of the variable: assignments and the builtins that write a predicate through an argument, such as
/// pand or vcmp_lt), through functions that return one (`CreatePredicate<T>(n)`), and through parameters to what
/// the function's callers pass. Flow-insensitive within a function: a variable's value is known as far as all its
/// writes agree (the call site's translator picks the write that reaches the call, when one does). One per TU,
/// answers cached per function.
class Predicates {
public:
  using ParamHook = std::function<std::optional<MaskValue>(const clang::ParmVarDecl *)>;
  /// Callers: the calls of a function in the TU; ReadOnly: whether a function that pto-lint cannot read only reads
  /// the predicates it is given (the rule set's register builtins, vmin and vmax, declared without a body).
  Predicates(ASTContext &Ctx, std::function<const std::vector<CallRef> &(const FunctionDecl *)> Callers,
             std::function<bool(const FunctionDecl *)> ReadOnly)
      : Ctx(Ctx), Callers(std::move(Callers)), ReadOnly(std::move(ReadOnly)) {}

  /// The writes of predicate variable V in F: assignments (`p = ...`) and calls that write it through an argument;
  /// `why` is set when V may change in a way pto-lint does not follow (address taken, passed to a function that
  /// may write it).
  struct Writes {
    std::vector<const Expr *> defs;
    std::string why;
  };
  const Writes &writes(const FunctionDecl *F, const VarDecl *V);
  /// The predicate expression E of function F. Param, when set, answers for F's parameters (a calling context);
  /// otherwise a parameter is what every caller in the TU passes.
  MaskValue value(const Expr *E, const FunctionDecl *F, const ParamHook &Param, unsigned Depth = 0);
  /// The predicate variable V of F: its initialiser, or the one write Def when given (the write that reaches the
  /// point of interest), else every write joined.
  MaskValue variable(const VarDecl *V, const FunctionDecl *F, const ParamHook &Param, const Expr *Def,
                     unsigned Depth = 0);
  /// Producers joined: what they agree on (the width of the partial ones), the rest not known.
  static MaskValue join(const std::vector<MaskValue> &Vs, const std::string &What);

private:
  ASTContext &Ctx;
  std::function<const std::vector<CallRef> &(const FunctionDecl *)> Callers;
  std::function<bool(const FunctionDecl *)> ReadOnly;
  std::map<const FunctionDecl *, std::map<const VarDecl *, Writes>> WriteCache;
  std::map<const FunctionDecl *, MaskValue> Returned;
  std::map<const ParmVarDecl *, MaskValue> Passed;
  std::set<const Decl *> Busy; // functions and parameters being followed (recursion)

  MaskValue written(const Expr *Def, const VarDecl *V, const FunctionDecl *F, const ParamHook &Param, unsigned Depth);
  MaskValue returned(const FunctionDecl *F, const std::string &Origin, unsigned Depth);
  MaskValue passed(const clang::ParmVarDecl *P, unsigned Depth);
  bool writesParam(const FunctionDecl *F, unsigned Index, unsigned Depth);
};

/// Collects the calls. One instance per translation unit.
class Finder : public StmtWalk<Finder> {
public:
  Finder(ASTContext &Ctx, const checker::RuleSet &Rules, const ScopeMacros &Scopes)
      : Ctx(Ctx), Rules(Rules), Scopes(Scopes), Uses(Ctx) {}

  std::vector<CallSite> Calls;

  /// Finds the op calls of the translation unit (Calls): one traversal collects them and the calls of every
  /// function (callers), then each op call is recorded in its calling contexts, in the order of the traversal.
  void run();

  // Traversal and op matching (ExtractCalls.cpp).
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }
  bool TraverseDecl(Decl *D);
  bool TraverseTypeLoc(clang::TypeLoc) { return true; }
  bool TraverseFunctionDecl(FunctionDecl *FD);
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl *FD);
  bool TraverseCXXConstructorDecl(clang::CXXConstructorDecl *FD);
  bool TraverseFunctionTemplateDecl(clang::FunctionTemplateDecl *D);
  bool TraverseClassTemplateDecl(clang::ClassTemplateDecl *D);
  bool TraverseClassTemplatePartialSpecializationDecl(clang::ClassTemplatePartialSpecializationDecl *D);
  bool VisitCallExpr(CallExpr *CE);
  bool VisitRecoveryExpr(clang::RecoveryExpr *RE);
  bool VisitDeclRefExpr(clang::DeclRefExpr *E);
  bool VisitMemberExpr(clang::MemberExpr *E);

private:
  ASTContext &Ctx;
  const checker::RuleSet &Rules;
  const ScopeMacros &Scopes;
  TypeUses Uses; // main-file type spellings, for fix-its (counted on first use)
  std::unordered_map<const Expr *, std::optional<int64_t>> Evaluated; // CallTranslator::Evaluated
  std::unordered_map<const ClassTemplateSpecializationDecl *, TileFacts> TypeFacts; // CallTranslator::TypeFacts
  std::unordered_map<const Expr *, std::string> CallTexts; // CallSite::text, per call expression
  Predicates Masks{Ctx, [this](const FunctionDecl *F) -> const std::vector<CallRef> & { return callers(F); },
                   [this](const FunctionDecl *F) {
                     const checker::OpSignature *S = F->getIdentifier() ? Rules.op(F->getName().str()) : nullptr;
                     return S && S->builtin;
                   }};
  const FunctionDecl *CurFn = nullptr;
  FileRangeMemo SystemFiles; // inSystemFile's
  bool inSystemFile(const Decl *D);
  std::vector<const FunctionDecl *> SiteFns; // per entry of Calls, the function it is in
  llvm::DenseMap<const FunctionDecl *, const FunctionDecl *> Referrer;
  /// Callee (canonical declaration) -> its calls in the TU and the functions they are in (instantiated bodies
  /// included, system headers not), collected by the traversal: complete once it ends, when the op calls it found
  /// are recorded (Deferred).
  std::map<const FunctionDecl *, std::vector<CallRef>> CallMap;
  /// The other way: per function, the calls in its body (the traversal's, as CallMap).
  std::unordered_map<const FunctionDecl *, std::vector<const CallExpr *>> CallsIn;
  std::pair<const FunctionDecl *, std::vector<const CallExpr *> *> CallsInOf{}; // the last function's entry
  /// The identifiers of the rules' ops (recordCall's names), and what the traversal records in the function it is in
  /// (CurFn, kept for the last one): whether it is a template's (nothing), or every call (not upstream's code, or a
  /// unit with errors) rather than the rules' ops only.
  llvm::DenseSet<const clang::IdentifierInfo *> RuleIdentifiers;
  struct Recording {
    const FunctionDecl *Fn = nullptr;
    bool Dependent = false, AnyCall = false;
  } Rec;
  const Recording &recording();
  /// The function whose body the traversal is in, for CallMap (any function, destructors included), and how many
  /// templated functions it is inside (their calls are not collected).
  const FunctionDecl *CollectIn = nullptr;
  unsigned InTemplated = 0;
  /// What the traversal found, recorded after it, in its order: an op call (CallExpr) or an unresolved one
  /// (RecoveryExpr) in function Fn, or a template with an unresolved op call in its pattern (Pattern).
  struct Found {
    const Stmt *Call = nullptr;
    const FunctionDecl *Fn = nullptr;
    const FunctionDecl *Pattern = nullptr;
  };
  std::vector<Found> Deferred;
  /// Kernel (canonical declaration) -> the largest constant block count of its launches (in the functions the
  /// traversal walks: instantiations, not templates), or nullopt if one of them is not a constant.
  std::map<const FunctionDecl *, std::optional<int64_t>> Launches;
  std::map<const FunctionDecl *, std::unique_ptr<ModifiedVars>> ModCache;
  std::map<const FunctionDecl *, std::unique_ptr<clang::ParentMap>> Parents;
  const FunctionDecl *LastParentsOf = nullptr; // parent(S, Fn)'s last Fn, and its map
  clang::ParentMap *LastParents = nullptr;
  std::unordered_map<const Stmt *, const Stmt *> Loops; // loopOf's answers

  static constexpr size_t MaxContexts = 16;
  static constexpr unsigned MaxLevels = 3;

  // Op calls and calling contexts (ExtractCalls.cpp).
  template <class F> bool withFunction(FunctionDecl *FD, F Body);
  bool instantiationsOnly() const;
  template <class F> auto inFunction(const FunctionDecl *G, F Body) {
    const FunctionDecl *Saved = CurFn;
    CurFn = G;
    auto R = Body();
    CurFn = Saved;
    return R;
  }
  static bool hasInvalidInstantiation(const FunctionDecl *FD);
  void unresolvedInPattern(const FunctionDecl *FD);
  CallSite newSite(const Expr *Call, const std::string &Op);
  void add(CallSite Site);
  void recordUnresolved(const Expr *Call, const checker::OpSignature &Sig, size_t Args, const std::string &Why);
  void recordCall(const CallExpr *CE);
  void recordRecovery(const clang::RecoveryExpr *RE);
  void fillInstantiationChains();
  void noteReferrer(const clang::ValueDecl *D);
  const std::vector<CallRef> &callers(const FunctionDecl *F);
  static size_t fixedParams(const FunctionDecl *FD);
  void record(const CallExpr *CE, const FunctionDecl *FD, const checker::OpSignature &Sig);
  bool contexts(const FunctionDecl *F, CallChain &Prefix, unsigned Levels, std::vector<CallChain> &Out);
  void configure(CallTranslator &Tr, const CallExpr *Call, const FunctionDecl *G);
  void recordIn(const CallExpr *CE, const checker::OpSignature *Sig, const checker::Overload *Ov,
                const CallChain &Context, bool Again);
  void recordInContexts(const CallExpr *CE, const checker::OpSignature *Sig, const checker::Overload *Ov,
                        bool OnItsOwn);
  void ownFacts(const CallExpr *CE, const checker::OpSignature *Sig, const checker::Overload *Ov, CallTranslator &Tr,
                CallSite &Site);
  std::vector<CallChain> callingContexts(bool OnItsOwn);
  /// Binds Callee's parameters (the function K calls) to K's arguments, read by Caller in function G.
  void bindParams(CallTranslator &Callee, CallTranslator &Caller, const CallExpr *K, const FunctionDecl *G);

  // Upstream's asserts (ExtractAsserts.cpp).
  struct Lift;
  struct LiftFrame;
  static bool isUpstreamOp(const FunctionDecl *FD);
  /// True if F is a function of upstream's headers: in namespace pto (or one inside it), outside the main file.
  bool isUpstreamCode(const FunctionDecl *F) const;
  bool mayLift(const CallExpr *CE);
  llvm::DenseMap<const FunctionDecl *, bool> Liftable; // mayLift, per op
  /// (lift and liftOrReplay: for a call that mayLift.)
  void lift(const CallExpr *CE, CallTranslator &Tr, CallSite &Site);
  /// lift, or its replay from another calling context of CE (ExtractCalls.cpp): ReadsContext tells whether the call's
  /// translation has read its context so far, and is kept up to date by the translator's hooks while the lift runs;
  /// Again: CE is recorded in another context after this one (only then is the lift kept for a replay).
  void liftOrReplay(const CallExpr *CE, CallTranslator &Tr, CallSite &Site, const bool &ReadsContext, bool Again);
  /// A lift that read nothing of its calling context: the site's symbols, path and not-understood values before and
  /// after it (what the call's translation chooses names and adds conditions by), and its checks.
  struct LiftReplay {
    struct Values {
      std::vector<checker::Symbol> symbols;
      std::vector<checker::PathCondition> path;
      std::vector<std::string> notUnderstood;
      static Values of(const CallSite &S);
      bool sameAs(const CallSite &S) const;
      void into(CallSite &S) const;
    };
    Values before, after;
    checker::UpstreamChecks upstream;
  };
  std::map<const CallExpr *, LiftReplay> Replays;
  /// What a call's translation in its own function gives (operands, constants, the path there, and the symbols they
  /// name, with the translator's state after them), kept from its first calling context when it read nothing of the
  /// context: the call's other contexts copy it (recordIn), as the lift's are replayed.
  struct OwnFacts {
    std::vector<checker::Operand> operands;
    std::vector<std::pair<std::string, int64_t>> constants;
    LiftReplay::Values values;
    CallTranslator::Memory memory;
  };
  std::map<const CallExpr *, OwnFacts> OwnFactsOf;
  /// One thing the walk of an op's implementation read of its call: an op parameter's value, tile facts or global
  /// tensor dimension, as the call's argument's (the hooks of the op's translator: ParamValue, ParamTile,
  /// ParamGlobalDim).
  struct LiftAnswer {
    enum Kind { Value, Tile, GlobalDim } kind;
    const ParmVarDecl *param;
    unsigned dim;
    bool stride;
    std::optional<term::Term> value; // Value, GlobalDim
    std::optional<TileFacts> tile;   // Tile
    std::string tileKey;             // checker::tileKey of tile, once compared
  };
  class CallAnswers;
  /// A lift of an instantiation of an op: what it read of its call, in the order it first asked, and the checks it
  /// found. The walk reads its call only through these answers and is otherwise a function of the instantiation, so
  /// a call of the same instantiation that answers alike has the same checks (lift). The last MaxLiftMemos lifts of
  /// each instantiation are kept, newest first (one op often takes tiles of one type declared in several places).
  struct LiftMemo {
    std::vector<LiftAnswer> answers;
    checker::UpstreamChecks upstream;
    bool overBudget = false;
  };
  static constexpr size_t MaxLiftMemos = 8;
  std::map<const FunctionDecl *, std::vector<LiftMemo>> LiftMemos;
  void liftCall(const CallExpr *K, const FunctionDecl *Callee, LiftFrame &Caller, Lift &L);
  void liftStmt(const Stmt *S, LiftFrame &F, Lift &L);
  void liftExpr(const Stmt *E, LiftFrame &F, Lift &L, bool Conditional);
  void liftAssert(const Expr *Cond, SourceLocation At, LiftFrame &F, Lift &L, const std::string &NotFollowed = "");
  void liftAssertStmt(const Stmt *S, SourceLocation At, LiftFrame &F, Lift &L);
  /// An assert's condition parsed where the assert S is in Fn (a template's pattern, or a function that is not an
  /// instantiation), from the tokens AssertRecorder kept for the expansion at At: null, with the reason, when it does
  /// not parse there.
  struct ParsedCondition {
    const Expr *expr = nullptr;
    std::string notParsed;
  };
  const ParsedCondition &parsedCondition(const FunctionDecl *Fn, const Stmt *S, SourceLocation At);
  std::map<std::pair<const FunctionDecl *, clang::SourceLocation::UIntTy>, ParsedCondition> Parsed;
  /// An assert's condition in the function Inst whose body the walk is in: the pattern's, parsed, and its
  /// substitution for the instantiation's arguments (null, with the reason, when it does not compile).
  struct InstantiatedCondition {
    const Expr *pattern = nullptr, *instantiated = nullptr;
    std::string notFollowed;
  };
  const InstantiatedCondition &instantiatedCondition(const FunctionDecl *Inst, const Stmt *S, SourceLocation At);
  /// CallTranslator::StaticInit for the translators of upstream's implementation (cached per member).
  const Expr *staticMemberInit(const VarDecl *V);
  std::map<const VarDecl *, const Expr *> StaticInits;
  std::map<std::pair<const FunctionDecl *, clang::SourceLocation::UIntTy>, InstantiatedCondition> Instantiated;
  /// Per template pattern, its compiled-out asserts by where they start; per instantiation, its locals by where they are
  /// declared (instantiatedCondition matches the two).
  std::map<const FunctionDecl *, std::map<SourceLocation::UIntTy, const Stmt *>> PatternAsserts;
  std::map<const FunctionDecl *, std::map<SourceLocation::UIntTy, VarDecl *>> InstLocals;
  /// The method clang chose for a member call on a parameter in an assert's condition (`src.GetValidRow()`), per
  /// object type, member and kind of arguments (ConditionSubstitution, ExtractAsserts.cpp): the substitution of the
  /// next such call names it instead of resolving the overloads again. Seeded, before the first condition, with the
  /// calls of those kinds the program makes (seedResolvedMembers).
  std::unordered_map<std::string, clang::CXXMethodDecl *> ResolvedMembers;
  bool SeededMembers = false;
  void seedResolvedMembers();
  std::optional<SourceLocation> assertAt(const Stmt *S) const;
  /// What the walk can skip: a statement of Fn's body that holds no assert (of any expansion written in its range)
  /// and no call of a helper that may reach one (mayReach), gives no check, so it is not walked, nor are the guards
  /// translated that only such statements run under. Positions are files' offsets where the code is written (an
  /// instantiation's, its pattern's).
  using Offsets = std::map<clang::FileID, std::vector<unsigned>>;
  bool mayReach(const FunctionDecl *Def);
  bool mayReach(clang::SourceRange R, const FunctionDecl *Fn);
  /// mayReach of a statement's range in Fn (whose body holds it), kept: every walk of a helper asks it again.
  bool mayReach(const Stmt *S, const FunctionDecl *Fn);
  llvm::DenseMap<const Stmt *, bool> StmtReaches;
  static bool anyIn(const Offsets &O, clang::FileID File, unsigned Begin, unsigned End);
  std::optional<Offsets> AssertOffsets;
  /// Per helper: 1 if it may reach an assert, 2 if not, 0 while being decided (a recursion: may); and the calls of
  /// helpers that may, in its body.
  std::map<const FunctionDecl *, int> Reaches;
  std::map<const FunctionDecl *, Offsets> ReachingCalls;
  /// functionName, cached: every call names its function, callers and instantiations, and each walk its helpers.
  const std::string &nameOf(const FunctionDecl *F, bool Qualified);
  void printArguments(llvm::raw_ostream &OS, llvm::ArrayRef<clang::TemplateArgument> Args, bool IsPack);
  llvm::DenseMap<const void *, std::string> TypeArgTexts; // a type template argument's text, by its (sugared) type
  std::map<std::pair<const FunctionDecl *, bool>, std::string> Names;
  /// toLoc, cached (the places of the helper calls and guards that every call's walk passes).
  const SourceLoc &locOf(SourceLocation L);
  std::unordered_map<SourceLocation::UIntTy, SourceLoc> Locs;
  /// A guard's condition as written, by its first and last token.
  std::map<std::pair<SourceLocation::UIntTy, SourceLocation::UIntTy>, std::string> GuardTexts;
  /// A path condition of a call as written (addPath: the same guards hold for every call in a block, and in each
  /// calling context).
  llvm::DenseMap<const Expr *, std::string> PathTexts;
  /// An assert's place, message and condition as written, by (assert, condition's first and last token).
  struct AssertSpelling {
    SourceLoc loc;
    std::string message, text;
  };
  std::map<std::tuple<SourceLocation::UIntTy, SourceLocation::UIntTy, SourceLocation::UIntTy>, AssertSpelling>
      AssertSpellings;

  // Vector scopes (ExtractRegisters.cpp).
  bool inVectorScope(const CallExpr *CE, const FunctionDecl *Fn, unsigned Depth);
  bool lexicallyInVectorScope(const CallExpr *CE, const FunctionDecl *Fn);

  // Block counts of kernel launches (ExtractValues.cpp).
  std::optional<int64_t> launchBlocks(const FunctionDecl *F);
  void noteLaunch(const clang::CUDAKernelCallExpr *K);

  // Writes, dominance and path conditions (ExtractDataflow.cpp).
  ModifiedVars &mods(const FunctionDecl *FD);
  const Stmt *parent(const Stmt *S) { return parent(S, CurFn); }
  const Stmt *parent(const Stmt *S, const FunctionDecl *Fn);
  bool inLoop(const Stmt *S) { return loopOf(S) != nullptr; }
  const Stmt *loopOf(const Stmt *S);
  bool dominates(const Stmt *S, const Stmt *Target);
  void addPath(CallSite &Site, CallTranslator &Tr, const Expr *Cond, bool Holds);
  void collectPath(const CallExpr *CE, CallTranslator &Tr, CallSite &Site);
  void exitGuards(const clang::CompoundStmt *CS, const Stmt *Child, CallTranslator &Tr, CallSite &Site);
};

} // namespace pto::clangfe::extract

#endif
