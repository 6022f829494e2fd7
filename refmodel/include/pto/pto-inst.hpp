// Clean-room PTO-style instruction API: tiles, TASSIGN, events and every modelled op, running on the reference
// model. Kernels include this header as they would include upstream's <pto/pto-inst.hpp>.
#ifndef PTO_PTO_INST_HPP
#define PTO_PTO_INST_HPP

#include "pto/ops/Common.hpp"

#include "pto/ops/ColArg.hpp"      // TCOLARGMIN, TCOLARGMAX
#include "pto/ops/ColReduce.hpp"   // TCOLMIN, TCOLMAX
#include "pto/ops/Elementwise.hpp" // TMIN, TMAX
#include "pto/ops/Part.hpp"        // TPARTMIN, TPARTMAX
#include "pto/ops/RowExpand.hpp"   // TROWEXPANDMIN, TROWEXPANDMAX
#include "pto/ops/RowReduce.hpp"   // TROWMIN, TROWMAX
#include "pto/ops/VectorRegs.hpp"  // A5 RegTensor, MaskReg, vmin, vmax

#endif // PTO_PTO_INST_HPP
