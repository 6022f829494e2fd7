// Clean-room TROWEXPANDMIN / TROWEXPANDMAX API running on the reference model (filled in by the RowExpand family work).
#ifndef PTO_OPS_ROWEXPAND_HPP
#define PTO_OPS_ROWEXPAND_HPP

#include "pto/ops/Common.hpp"

#endif // PTO_OPS_ROWEXPAND_HPP
