#pragma once
// Template evaluation spread over threads (model/parallel_work.h): one evaluator of each side per
// worker, each a copy of one made (and so with its conditions settled) once. What a value
// evaluates to depends neither on the worker evaluating it nor on what that worker evaluated
// before.
#include <cstddef>
#include <vector>

#include "model/template_evaluation.h"

namespace c2a {

class WorkerEvaluators {
 public:
  WorkerEvaluators(const InfraModel& before, const InfraModel& after,
                   const Deployments& deployments, unsigned workers);

  [[nodiscard]] TemplateEvaluator& before(unsigned worker) { return before_.at(worker); }
  [[nodiscard]] TemplateEvaluator& after(unsigned worker) { return after_.at(worker); }

 private:
  std::vector<TemplateEvaluator> before_;
  std::vector<TemplateEvaluator> after_;
};

}  // namespace c2a
