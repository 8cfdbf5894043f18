#include "engine/report/plan_json.h"

namespace c2a {
namespace {

Json ids(const Report& report, const std::vector<std::size_t>& changes) {
  Json out = Json::array();
  for (auto index : changes) out.push_back(report.diff.operations[index].id);
  return out;
}

Json stackPlanToJson(const Report& report, const StackPlan& plan);

// The component as the changes name it (`changes[].component`): every step is a resource.
Json stepToJson(const Report& report, const PlanStep& step) {
  Json out = Json::object();
  out["component"] = Json{{"name", step.name},
                          {"type", toString(ComponentType::Resource)},
                          {"subtype", step.subtype.empty() ? Json() : Json(step.subtype)}};
  out["action"] = toString(step.action);
  out["certainty"] = toString(step.certainty);
  out["changes"] = ids(report, step.changes);
  out["nested"] = step.nested.empty() ? Json() : stackPlanToJson(report, step.nested.front());
  return out;
}

Json phaseToJson(const Report& report, const std::vector<PlanWave>& waves) {
  Json out = Json::array();
  for (const auto& wave : waves) {
    Json steps = Json::array();
    for (const auto& step : wave.steps) steps.push_back(stepToJson(report, step));
    out.push_back(Json{{"steps", std::move(steps)}});
  }
  return out;
}

Json stackPlanToJson(const Report& report, const StackPlan& plan) {
  Json out = Json::object();
  out["stack"] = plan.stack.empty() ? Json() : Json(plan.stack);
  out["update"] = phaseToJson(report, plan.update);
  out["cleanup"] = phaseToJson(report, plan.cleanup);
  out["outputs"] = ids(report, plan.outputs);
  out["cycles"] = plan.cycles;
  return out;
}

}  // namespace

Json planToJson(const Report& report) {
  Json out = Json::array();
  for (const auto& plan : report.plan) out.push_back(stackPlanToJson(report, plan));
  return out;
}

}  // namespace c2a
