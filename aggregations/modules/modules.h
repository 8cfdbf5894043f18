#pragma once
// The aggregation modules, one per file; aggregation_modules.cpp lists them in one table.
#include "aggregations/aggregation_module.h"

namespace c2a::aggregation_modules {

extern const AggregationModule kAction;
extern const AggregationModule kRisk;
extern const AggregationModule kComponentType;
extern const AggregationModule kResourceType;
extern const AggregationModule kComponent;
extern const AggregationModule kOperation;
extern const AggregationModule kPropertyPath;
extern const AggregationModule kCause;
extern const AggregationModule kCertainty;
extern const AggregationModule kStack;
extern const AggregationModule kConstructPath;
extern const AggregationModule kRootCause;

}  // namespace c2a::aggregation_modules
