// Template evaluation on several threads (model/worker_evaluators.h): every worker's evaluator
// answers as one evaluator would, whichever values it is asked for first.
#include "model/worker_evaluators.h"

#include <gtest/gtest.h>

#include "tests/model/template_model.h"

namespace c2a {
namespace {

// Two conditions that name each other, which CloudFormation refuses but a template can still say:
// a cycle is unknown where it is met, so what each comes to depends on which is asked first.
InfraModel cycle() {
  return testing::templateModel({
      {ComponentType::Condition, "A", R"({"Fn::Not": [{"Condition": "B"}]})"},
      {ComponentType::Condition, "B",
       R"({"Fn::Or": [{"Condition": "A"}, {"Fn::Equals": [1, 1]}]})"},
  });
}

TEST(WorkerEvaluators, AConditionCycleEndsByWhatIsAskedFirst) {
  // Why the workers' evaluators are settled first: two fresh evaluators disagree.
  const auto model = cycle();
  TemplateEvaluator aFirst(model);
  TemplateEvaluator bFirst(model);
  EXPECT_EQ(aFirst.condition("", "A").truth, Truth::False);
  bFirst.condition("", "B");
  EXPECT_EQ(bFirst.condition("", "A").truth, Truth::Unknown);
}

TEST(WorkerEvaluators, EveryWorkerAnswersAsTheFirst) {
  const auto model = cycle();
  WorkerEvaluators evaluators(model, model, {}, 3);
  // The first worker settled the conditions in the model's order (A first); the third is asked B
  // first and still answers the same.
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
