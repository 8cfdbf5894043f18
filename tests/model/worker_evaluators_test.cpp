// Template evaluation on several threads (model/worker_evaluators.h, model/template_evaluation.h):
// every worker's evaluator answers as one evaluator would, whichever values it is asked for first.
#include "model/worker_evaluators.h"

#include <gtest/gtest.h>

#include "tests/model/template_model.h"

namespace c2a {
namespace {

// Two conditions that name each other, which CloudFormation refuses but a template can still say:
// a cycle is unknown where it is met, so what each comes to would depend on which is asked first.
InfraModel cycle() {
  return testing::templateModel({
      {ComponentType::Condition, "A", R"({"Fn::Not": [{"Condition": "B"}]})"},
      {ComponentType::Condition, "B",
       R"({"Fn::Or": [{"Condition": "A"}, {"Fn::Equals": [1, 1]}]})"},
  });
}

TEST(WorkerEvaluators, AConditionCycleComesToTheModelsOrderWhateverIsAskedFirst) {
  // Asked lazily, A first gives A false and B first A unknown; every evaluator settles the
  // conditions in the model's order as it is made (A first), so both agree.
  const auto model = cycle();
  TemplateEvaluator aFirst(model);
  TemplateEvaluator bFirst(model);
  EXPECT_EQ(aFirst.condition("", "A").truth, Truth::False);
  EXPECT_EQ(bFirst.condition("", "B").truth, Truth::True);
  EXPECT_EQ(bFirst.condition("", "A").truth, Truth::False);
}

TEST(WorkerEvaluators, EveryWorkerAnswersAsTheFirst) {
  const auto model = cycle();
  WorkerEvaluators evaluators(model, model, {}, 3);
  // The third worker is asked B first and still answers as the first, in the model's order.
  EXPECT_EQ(evaluators.after(2).condition("", "B").truth, Truth::True);
  EXPECT_EQ(evaluators.after(2).condition("", "A").truth, Truth::False);
  EXPECT_EQ(evaluators.before(1).condition("", "A").truth, Truth::False);
  EXPECT_EQ(evaluators.before(0).condition("", "A").truth, Truth::False);
  const auto written = Json::parse(R"({"Fn::If": ["A", 1, 2]})");
  EXPECT_EQ(evaluators.after(2).value("", written, false).value,
            evaluators.after(0).value("", written, false).value);
}

}  // namespace
}  // namespace c2a
