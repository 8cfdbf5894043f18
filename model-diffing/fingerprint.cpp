#include "model-diffing/fingerprint.h"

#include <algorithm>
#include <optional>
#include <tuple>
#include <utility>

#include "model/json_writer.h"
#include "model/operation_json.h"
#include "model/parallel_work.h"
#include "model/sha256.h"
#include "model/worker_evaluators.h"

namespace c2a::diffing {
namespace {

std::string canonical(const Json& value) {
  // One canonical text: keys in the fixed order the model keeps, invalid UTF-8 replaced.
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// The bodies a component operation acts on; a property change carries its own values.
struct Bodies {
  const Json* old = nullptr;
  const Json* now = nullptr;
};

Bodies bodiesOf(const Operation& op, const InfraModel* before, const InfraModel* after) {
  Bodies out;
  if (op.property) return out;
  const bool old = op.type != OperationType::Insert;
  const bool now = op.type != OperationType::Remove;
  if (old && op.before && before != nullptr) out.old = &before->component(*op.before).properties;
  if (now && op.after && after != nullptr) out.now = &after->component(*op.after).properties;
  return out;
}

// `{"old": ..., "new": ...}` as canonical() prints it, written from the models' bodies in place.
std::string canonicalBodies(const Bodies& bodies) {
  JsonWriter out(JsonStyle::Canonical);
  out.beginObject();
  if (bodies.old != nullptr) out.member("old", *bodies.old);
  if (bodies.now != nullptr) out.member("new", *bodies.now);
  out.endObject();
  return out.take();
}

// Where and with what the change deploys, as far as the inputs say: the same template deployed
// with other parameters, or to another account or region, is another change to approve. Parameters'
// Defaults count: they are the values deployed when none is given.
Json deployedWith(const Operation& op, const Bodies& written, TemplateEvaluator& before,
                  TemplateEvaluator& after) {
  Json out = Json::object();
  auto& side = op.type == OperationType::Remove ? before : after;
  for (const char* name : {"AWS::StackName", "AWS::AccountId", "AWS::Region"}) {
    if (auto value = side.pseudoParameter(op.stack, name)) out[name] = *value;
  }
  for (const auto& [key, body, evaluator] :
       {std::tuple{"old", written.old, &before}, std::tuple{"new", written.now, &after}}) {
    if (body == nullptr) continue;
    auto evaluated = evaluator->value(op.stack, *body, /*useDefaults=*/true);
    if (evaluated.value != *body) out[std::string(key) + "Evaluated"] = std::move(evaluated.value);
  }
  return out;
}

std::string digestOf(const Operation& operation, const InfraModel* before, const InfraModel* after,
                     TemplateEvaluator* beforeValues, TemplateEvaluator* afterValues) {
  Sha256 hasher;
  hasher.update(operationCanonicalText(operation));
  hasher.update("\n");
  const auto bodies = bodiesOf(operation, before, after);
  hasher.update(canonicalBodies(bodies));
  if (beforeValues != nullptr && afterValues != nullptr) {
    auto deployment = deployedWith(operation, bodies, *beforeValues, *afterValues);
    // Nothing known adds nothing: the digest of a lone template without values is as it was.
    if (!deployment.empty()) {
      hasher.update("\n");
      hasher.update(canonical(deployment));
    }
  }
  return "sha256:" + hasher.hex();
}

// Below this many operations a thread costs more than it saves.
constexpr std::size_t kOperationsWorthThreads = 64;

}  // namespace

void fingerprintDiff(ModelDiff& diff, const Deployments& deployments, unsigned threads) {
  const auto count = diff.operations.size();
  const unsigned workers = count < kOperationsWorthThreads ? 1 : std::max(1U, threads);
  std::optional<WorkerEvaluators> evaluators;
  if (diff.before != nullptr && diff.after != nullptr) {
    evaluators.emplace(*diff.before, *diff.after, deployments, workers);
  }
  // Each digest on its own, in its own slot: the same digests on one thread or many.
  diff.digests.assign(count, std::string());
  forEachIndex(count, workers, [&](std::size_t i, unsigned worker) {
    diff.digests[i] = digestOf(diff.operations[i], diff.before, diff.after,
                               evaluators ? &evaluators->before(worker) : nullptr,
                               evaluators ? &evaluators->after(worker) : nullptr);
  });
  refingerprint(diff);
}

void refingerprint(ModelDiff& diff) {
  Sha256 hasher;
  for (std::size_t i = 0; i < diff.operations.size(); ++i) {
    hasher.update(diff.operations[i].id + " " + diff.digests.at(i) + "\n");
  }
  diff.fingerprint = "sha256:" + hasher.hex();
}

}  // namespace c2a::diffing
