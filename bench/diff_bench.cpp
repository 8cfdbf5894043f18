// The diff pipeline on a large real-shaped pair: map two 500-resource templates and diff them
// (matching, renames among 50 moved resources, property diff, propagation). Issue 3: large groups
// must not cost all-pairs similarity.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "model-diffing/model_diff.h"
#include "platform-mapping/cloudformation/template_mapper.h"
#include "spec/resource_spec.h"

namespace c2a {
namespace {

Json function(std::size_t i, const std::string& role, int memory) {
  return {{"Type", "AWS::Lambda::Function"},
          {"Properties",
           {{"Code", {{"S3Bucket", "assets"}, {"S3Key", fmt::format("{:064x}.zip", i * 7919)}}},
            {"Handler", "index.handler"},
            {"Runtime", "nodejs20.x"},
            {"MemorySize", memory},
            {"Role", {{"Fn::GetAtt", Json::array({role, "Arn"})}}},
            {"Environment", {{"Variables", {{"SERVICE", fmt::format("svc-{}", i)}}}}}}}};
}

Json role(std::size_t i) {
  return {{"Type", "AWS::IAM::Role"},
          {"Properties",
           {{"RoleName", fmt::format("svc-{}-role", i)},
            {"AssumeRolePolicyDocument", {{"Version", "2012-10-17"}}}}}};
}

// 250 services (a role and a function each); AFTER moves 25 services to new logical ids and
// changes 50 functions' memory and 10 role names (replacements that propagate).
std::pair<Json, Json> templates() {
  Json before = {{"Resources", Json::object()}};
  Json after = {{"Resources", Json::object()}};
  for (std::size_t i = 0; i < 250; ++i) {
    auto oldRole = fmt::format("Role{:04d}", i);
    before["Resources"][oldRole] = role(i);
    before["Resources"][fmt::format("Fn{:04d}", i)] = function(i, oldRole, 256);
    bool moved = i < 25;
    auto newRole = moved ? fmt::format("MovedRole{:04d}", i) : oldRole;
    Json r = role(i);
    if (i >= 240) r["Properties"]["RoleName"] = fmt::format("svc-{}-role-v2", i);
    after["Resources"][newRole] = r;
    after["Resources"][moved ? fmt::format("MovedFn{:04d}", i) : fmt::format("Fn{:04d}", i)] =
        function(i, newRole, i % 5 == 0 ? 512 : 256);
  }
  return {before, after};
}

InfraModel modelOf(const Json& json) {
  InfraModel model;
  Diagnostics warnings;
  mapTemplate(SourceDocument{json, std::make_shared<LocationTable>("bench.json")}, "", model,
              warnings);
  return model;
}

void DiffFiveHundredResources(benchmark::State& state) {
  auto [before, after] = templates();
  const auto& spec = ResourceSpec::builtin();
  UpdateTypeLookup updateTypes = [&spec](std::string_view type, const Path& path) {
    return spec.updateType(type, path);
  };
  std::size_t operations = 0;
  for (auto _ : state) {
    auto b = modelOf(before);
    auto a = modelOf(after);
    auto diff = diffModels(b, a, updateTypes);
    operations = diff.operations.size();
    benchmark::DoNotOptimize(diff.fingerprint);
  }
  state.counters["operations"] = static_cast<double>(operations);
}
BENCHMARK(DiffFiveHundredResources)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace c2a

BENCHMARK_MAIN();
