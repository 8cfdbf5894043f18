#pragma once
// Private to the case runner: tests/cases/plan/NAME/, the deployment plan (docs/plan.md) of a
// `before` and an `after` (templates or cloud assemblies). `expected.txt` lists the plan, one
// line per item, after leading comments stating the CloudFormation fact the case pins:
//
//   stack NAME | stack (template)        a top-level stack's plan begins
//   update WAVE ACTION[ possible] NAME (TYPE): CHANGE-ID, ...
//   cleanup WAVE ACTION[ possible] NAME (TYPE): CHANGE-ID, ...
//   nested NAME ... end NAME             the plan of the nested stack the step above deploys
//   outputs: CHANGE-ID, ...              the Output changes, set once the resources are done
//   cycle NAME NAME ...                  resources in a circle
//   failure CODE CHANGE-ID               a failure foreseen (deployment-prediction/failures.h)
//   nothing to deploy                    an empty plan
#include <filesystem>
#include <string>
#include <vector>

namespace c2a::testing {

std::vector<std::string> planLines(const std::filesystem::path& dir);

}  // namespace c2a::testing
