// Clean-room TPARTMIN / TPARTMAX API running on the reference model (filled in by the Part family work).
#ifndef PTO_OPS_PART_HPP
#define PTO_OPS_PART_HPP

#include "pto/ops/Common.hpp"

#endif // PTO_OPS_PART_HPP
