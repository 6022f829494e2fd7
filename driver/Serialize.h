// driver: a run's results as JSON and back, losslessly (every field of every finding, the tally, the counters).
// The CLI's result cache stores what one source file produced in this form; `fromJson(toJson(R))` equals R.
#ifndef PTOLINT_DRIVER_SERIALIZE_H
#define PTOLINT_DRIVER_SERIALIZE_H

#include "Driver.h"

#include <nlohmann/json.hpp>

namespace pto::driver {

/// Results without what describes the work one run did (times; solver counters: prechecked, ground, z3Calls, ...):
/// those are not replayed from a cache.
nlohmann::json resultsToJson(const Results &R);
/// The inverse of resultsToJson; throws std::runtime_error (or nlohmann's exceptions) on malformed input.
Results resultsFromJson(const nlohmann::json &J);

nlohmann::json findingToJson(const checker::Finding &F);
checker::Finding findingFromJson(const nlohmann::json &J);

} // namespace pto::driver

#endif
