// clangfe: where a tile is placed in the unified buffer: the UB address of the TASSIGN that reaches the call.
#include "ExtractImpl.h"

using namespace clang;

namespace pto::clangfe::extract {

/// The UB address from the TASSIGN that places VD before the call (runtime or compile-time form).
void CallTranslator::placement(const VarDecl *VD, const Expr *E, TileFacts &T) {
  if (!VD)
    return;
  auto It = Mods.Assigns.find(VD);
  if (It == Mods.Assigns.end())
    return; // never placed in this function: not a user placement (a parameter, or compiler-allocated)
  T.hasAddr = true;
  const CallExpr *A = reaching(It->second);
  if (A) {
    if (A->getNumArgs() >= 2) {
      T.addr = factOf(intTerm(A->getArg(1)));
      return;
    }
    if (const FunctionDecl *FD = A->getDirectCallee())
      if (const TemplateArgumentList *TA = FD->getTemplateSpecializationArgs())
        if (TA->size() >= 1)
          if (auto V = intArg(TA->get(0))) {
            T.addr = IntFact::known(*V);
            return;
          }
  }
  T.addr = IntFact::symbolic(opaque(E, "'" + VD->getName().str() + "' is placed by TASSIGN calls pto-lint does "
                                                                  "not follow yet (several, or under a condition)"));
}

} // namespace pto::clangfe::extract
