// Clean-room TMIN / TMAX API running on the reference model (filled in by the Elementwise family work).
#ifndef PTO_OPS_ELEMENTWISE_HPP
#define PTO_OPS_ELEMENTWISE_HPP

#include "pto/ops/Common.hpp"

#endif // PTO_OPS_ELEMENTWISE_HPP
