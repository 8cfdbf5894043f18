#include "deployment-prediction/change_set_values.h"

#include <fmt/format.h>

#include "model/intrinsics.h"
#include "model/path.h"
#include "model/same_value.h"
#include "model/utf8.h"

namespace c2a {
namespace {

// A value as the change set gives it: JSON text of an object or a list decoded, a scalar as its
// text (scalars compare by text: "30" and 30 are one value). Text that opens a JSON object or list
// and does not parse was cut (CloudFormation truncates large values): not known.
struct Given {
  bool given = false;  // the change set says something about this side
  bool known = false;  // ... that can be compared (absent counts: "no value")
  bool truncated = false;
  std::optional<Json> value;
};

Given decode(const std::optional<std::string>& text, bool absent) {
  Given out;
  if (!text) {
    out.given = out.known = absent;
    return out;
  }
  out.given = true;
  auto first = text->find_first_not_of(" \t\r\n");
  bool structured = first != std::string::npos && ((*text)[first] == '{' || (*text)[first] == '[');
  if (structured) {
    auto parsed = Json::parse(*text, nullptr, false);
    if (parsed.is_discarded()) {
      out.truncated = true;
      out.value = Json(*text);
      return out;
    }
    out.value = std::move(parsed);
  } else {
    out.value = Json(*text);
  }
  out.known = true;
  return out;
}

// c2a's value of one side: the evaluated value of its change at exactly that path, else the
// written one. Known when absent or plain.
struct Predicted {
  bool known = false;
  std::optional<Json> value;
};

Predicted predicted(const ModelDiff& diff, const std::string& stack, const std::string& logicalId,
                    const Path& path, const std::vector<std::size_t>& changes, bool after,
                    std::optional<std::size_t>& change) {
  for (auto index : changes) {
    const auto& op = diff.operations[index];
    if (!op.property || op.property->path != path) continue;
    change = index;
    const auto& evaluated = after ? op.property->newEvaluated : op.property->oldEvaluated;
    const auto& written = after ? op.property->newValue : op.property->oldValue;
    const auto& value = evaluated ? evaluated : written;
    if (!value) return {true, std::nullopt};
    if (isPlainValue(*value)) return {true, *value};
    return {};
  }
  const InfraModel* model = after ? diff.after : diff.before;
  if (model == nullptr) return {};
  auto component = model->find(stack, ComponentType::Resource, logicalId);
  if (!component) return {true, std::nullopt};  // no such resource on this side
  const Json* value = valueAt(model->component(*component).properties, path);
  if (value == nullptr) return {true, std::nullopt};
  if (isPlainValue(*value)) return {true, *value};
  return {};
}

bool same(const std::optional<Json>& a, const std::optional<Json>& b) {
  if (!a || !b) return !a && !b;
  return equivalent(*a, *b);
}

std::string shown(const std::optional<Json>& value) {
  if (!value) return "(none)";
  // Scalars as CloudFormation's text (it gives every value as a string); "" stays visible.
  if (value->is_string() && value->get_ref<const std::string&>().empty()) return "\"\"";
  auto text = value->is_primitive() ? scalarText(*value)
                                    : value->dump(-1, ' ', false, Json::error_handler_t::replace);
  return cutUtf8(text, 80);
}

// An added or removed resource has no details: its values are in its AfterContext or
// BeforeContext (`{"Properties": {...}}`), read here as one detail per property.
std::vector<ChangeSetDetail> contextDetails(const ChangeSetResource& resource) {
  std::vector<ChangeSetDetail> out;
  bool added = resource.action == "Add" || resource.action == "Import";
  const auto& context = added ? resource.afterContext : resource.beforeContext;
  if (!(added || resource.action == "Remove") || !context || !context->is_object()) return out;
  auto properties = context->find("Properties");
  if (properties == context->end() || !properties->is_object()) return out;
  for (const auto& [key, value] : properties->items()) {
    ChangeSetDetail detail;
    detail.attribute = "Properties";
    detail.name = key;
    detail.path = toPointer({"Properties", key});
    detail.attributeChangeType = added ? "Add" : "Remove";
    auto text = value.is_string() ? value.get<std::string>()
                                  : value.dump(-1, ' ', false, Json::error_handler_t::replace);
    (added ? detail.afterValue : detail.beforeValue) = std::move(text);
    detail.where = resource.where;
    out.push_back(std::move(detail));
  }
  return out;
}

}  // namespace

std::vector<ChangeSetValue> compareValues(const ModelDiff& diff, const std::string& stack,
                                          const ChangeSetResource& resource,
                                          const std::vector<std::size_t>& changes) {
  std::vector<ChangeSetValue> out;
  auto fromContext = contextDetails(resource);
  for (const auto& detail : fromContext.empty() ? resource.details : fromContext) {
    if (detail.path.empty()) continue;
    ChangeSetValue value;
    auto path = fromPointer(detail.path);
    value.path = toDotted(path);
    value.attributeChangeType = detail.attributeChangeType;
    value.beforeFrom = detail.beforeValueFrom;
    value.where = detail.where;
    auto before = decode(detail.beforeValue, detail.attributeChangeType == "Add");
    auto after = decode(detail.afterValue, detail.attributeChangeType == "Remove");
    value.before = before.value;
    value.after = after.value;
    value.truncated = before.truncated || after.truncated;
    std::optional<std::size_t> change;
    auto old = predicted(diff, stack, resource.logicalId, path, changes, false, change);
    auto now = predicted(diff, stack, resource.logicalId, path, changes, true, change);
    value.change = change;
    value.beforeKnown = old.known;
    value.afterKnown = now.known;
    value.predictedBefore = old.value;
    value.predictedAfter = now.value;
    // A side is compared where the change set gives it and c2a knows it; a detail that only syncs
    // the record with the resource, or whose value CloudFormation decides while deploying, is not.
    bool comparable = detail.attributeChangeType != "SyncWithActual";
    bool beforeCompared = comparable && before.given && before.known && old.known;
    bool afterCompared =
        comparable && detail.evaluation != "Dynamic" && after.given && after.known && now.known;
    value.known = beforeCompared || afterCompared;
    value.beforeDiffers = beforeCompared && !same(before.value, old.value);
    value.afterDiffers = afterCompared && !same(after.value, now.value);
    out.push_back(std::move(value));
  }
  return out;
}

std::vector<std::string> valueDisagreements(const std::string& logicalId,
                                            const std::vector<ChangeSetValue>& values) {
  std::vector<std::string> out;
  for (const auto& value : values) {
    if (value.beforeDiffers && value.beforeFrom == "ACTUAL_STATE") {
      out.push_back(fmt::format(
          "{} of {} drifted: it is {} on the resource and {} in the BEFORE template, and the "
          "deployment sets {}",
          value.path, logicalId, shown(value.before), shown(value.predictedBefore),
          shown(value.after)));
    } else if (value.beforeDiffers) {
      out.push_back(fmt::format(
          "the change set says {} of {} is {} before the deployment, the BEFORE template has {} "
          "(is it the deployed template, with the stack's parameter values?)",
          value.path, logicalId, shown(value.before), shown(value.predictedBefore)));
    }
    if (value.afterDiffers) {
      out.push_back(fmt::format("the change set says {} of {} becomes {}, c2a reads {}", value.path,
                                logicalId, shown(value.after), shown(value.predictedAfter)));
    }
  }
  return out;
}

std::string valueSummary(const std::vector<ChangeSetValue>& values, std::size_t most) {
  std::string out;
  std::size_t count = 0;
  for (const auto& value : values) {
    if (value.attributeChangeType == "SyncWithActual") continue;
    if (count++ == most) {
      out += ", ...";
      break;
    }
    out += fmt::format("{}{}: {} -> {}", out.empty() ? "" : ", ", value.path, shown(value.before),
                       shown(value.after));
  }
  return out;
}

}  // namespace c2a
