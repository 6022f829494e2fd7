// Clean-room TCOLMIN / TCOLMAX API running on the reference model (filled in by the ColReduce family work).
#ifndef PTO_OPS_COLREDUCE_HPP
#define PTO_OPS_COLREDUCE_HPP

#include "pto/ops/Common.hpp"

#endif // PTO_OPS_COLREDUCE_HPP
