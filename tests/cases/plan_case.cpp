#include "tests/cases/plan_case.h"

#include "engine/pipeline/analyze.h"
#include "tests/cases/case_files.h"
#include "tests/cases/case_options.h"

namespace c2a::testing {
namespace {

class PlanLines {
 public:
  explicit PlanLines(const Report& report) : report_(report) {}

  std::vector<std::string> lines() {
    if (report_.plan.empty()) lines_.push_back("nothing to deploy");
    for (const auto& plan : report_.plan) {
      lines_.push_back("stack " + (plan.stack.empty() ? std::string("(template)") : plan.stack));
      stack(plan);
    }
    for (const auto& failure : report_.failures) {
      lines_.push_back("failure " + failure.code + " " +
                       (failure.change ? report_.diff.operations[*failure.change].id
                                       : std::string("deployment")));
    }
    return std::move(lines_);
  }

 private:
  std::string ids(const std::vector<std::size_t>& changes) const {
    std::string out;
    for (auto change : changes) {
      out += (out.empty() ? "" : ", ") + report_.diff.operations[change].id;
    }
    return out;
  }

  void stack(const StackPlan& plan) {
    for (const auto& cycle : plan.cycles) {
      std::string line = "cycle";
      for (const auto& name : cycle) line += " " + name;
      lines_.push_back(line);
    }
    phase("update", plan.update);
    if (!plan.outputs.empty()) lines_.push_back("outputs: " + ids(plan.outputs));
    phase("cleanup", plan.cleanup);
  }

  void phase(const std::string& name, const std::vector<PlanWave>& waves) {
    for (std::size_t i = 0; i < waves.size(); ++i) {
      for (const auto& step : waves[i].steps) {
        std::string line =
            name + " " + std::to_string(i + 1) + " " + std::string(toString(step.action));
        if (step.certainty == Certainty::Possible) line += " possible";
        line += " " + step.name + " (" + step.subtype + ")";
        if (!step.changes.empty()) line += ": " + ids(step.changes);
        lines_.push_back(line);
        for (const auto& nested : step.nested) {
          lines_.push_back("nested " + nested.stack);
          stack(nested);
          lines_.push_back("end " + nested.stack);
        }
      }
    }
  }

  const Report& report_;
  std::vector<std::string> lines_;
};

}  // namespace

std::vector<std::string> planLines(const std::filesystem::path& dir) {
  AnalyzeOptions options = caseOptions(dir);
  options.warnWithoutRules = false;
  auto report = analyze(caseInput(dir, "before"), caseInput(dir, "after"), options);
  return PlanLines(*report).lines();
}

}  // namespace c2a::testing
