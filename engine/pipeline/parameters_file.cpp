#include "engine/pipeline/parameters_file.h"

#include <fmt/format.h>

#include "model/current_work.h"
#include "model/same_value.h"
#include "readers/source_document.h"
#include "readers/located_json.h"

namespace c2a {
namespace {

// What a value given for a parameter is as text: a list's members joined by commas (the CLI's
// form for CommaDelimitedList and List<> parameters).
std::string valueText(const LocatedJson& doc, const std::string& pointer, const Json& value) {
  if (value.is_string() || value.is_number() || value.is_boolean()) return scalarText(value);
  if (value.is_array()) {
    std::string joined;
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (!(value[i].is_string() || value[i].is_number() || value[i].is_boolean())) {
        doc.fail(LocatedJson::child(pointer, i), "a list parameter's member must be a string");
      }
      joined += (i == 0 ? "" : ",") + scalarText(value[i]);
    }
    return joined;
  }
  doc.fail(pointer, "a parameter value must be a string (or a list of strings)");
}

void readObject(const LocatedJson& doc, const std::string& pointer, ParameterValues& out) {
  for (const auto& [key, value] : doc.find(pointer)->items()) {
    auto at = LocatedJson::child(pointer, key);
    out.values[key] = valueText(doc, at, value);
    out.where[key] = doc.where(at);
  }
}

// [{"ParameterKey": ..., "ParameterValue": ... | "UsePreviousValue": true}]
void readCliList(const LocatedJson& doc, ParameterValues& out) {
  for (std::size_t i = 0; i < doc.root().size(); ++i) {
    auto at = LocatedJson::child("", i);
    doc.expectObject(at, "a parameter ({\"ParameterKey\": ..., \"ParameterValue\": ...})");
    doc.expectKeys(at, {"ParameterKey", "ParameterValue", "UsePreviousValue", "ResolvedValue"});
    auto key = doc.string(at, "ParameterKey", /*required=*/true);
    if (key.empty()) doc.fail(LocatedJson::child(at, "ParameterKey"), "ParameterKey is empty");
    const Json& entry = *doc.find(at);
    bool previous = false;
    if (auto flag = entry.find("UsePreviousValue"); flag != entry.end()) {
      if (!flag->is_boolean()) {
        doc.fail(LocatedJson::child(at, "UsePreviousValue"), "UsePreviousValue is true or false");
      }
      previous = flag->get<bool>();
    }
    auto value = entry.find("ParameterValue");
    if (previous && value != entry.end()) {
      doc.fail(at, "a parameter takes ParameterValue or UsePreviousValue, not both");
    }
    if (!previous && value == entry.end()) {
      doc.fail(at,
               fmt::format("parameter {} has neither ParameterValue nor UsePreviousValue", key));
    }
    if (out.where.count(key) != 0) {
      doc.fail(LocatedJson::child(at, "ParameterKey"),
               fmt::format("parameter {} is given twice", key));
    }
    out.where[key] = doc.where(LocatedJson::child(at, "ParameterKey"));
    if (previous) {
      out.usePrevious.insert(key);
    } else {
      out.values[key] = valueText(doc, LocatedJson::child(at, "ParameterValue"), *value);
    }
  }
}

bool looksLikeAssignments(std::string_view text) {
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    auto line =
        text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    auto first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos && line[first] != '#') {
      if (line[first] == '{' || line[first] == '[') return false;
      auto eq = line.find('=');
      auto colon = line.find(':');
      return eq != std::string_view::npos && (colon == std::string_view::npos || eq < colon);
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return false;
}

std::string trimmedText(std::string_view text) {
  auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return "";
  auto last = text.find_last_not_of(" \t\r");
  return std::string(text.substr(first, last - first + 1));
}

void readAssignments(const std::string& file, std::string_view text, ParameterValues& out) {
  requireUtf8Text(text, file);
  std::size_t start = 0;
  int line = 0;
  while (start <= text.size()) {
    ++line;
    auto end = text.find('\n', start);
    auto row =
        text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    auto content = trimmedText(row);
    if (!content.empty() && content[0] != '#') {
      auto eq = content.find('=');
      auto column = static_cast<int>(row.find_first_not_of(" \t") + 1);
      if (eq == std::string::npos || eq == 0) {
        throw C2aError(ErrorKind::InvalidInput, {file, line, column},
                       "expected KEY=VALUE (a parameters file of KEY=VALUE lines)");
      }
      auto key = trimmedText(std::string_view(content).substr(0, eq));
      if (out.where.count(key) != 0) {
        throw C2aError(ErrorKind::InvalidInput, {file, line, column},
                       fmt::format("parameter {} is given twice", key));
      }
      out.values[key] = trimmedText(std::string_view(content).substr(eq + 1));
      out.where[key] = {file, line, column};
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
}

// `from` over `into`. Moved, and whole when `into` is empty (the usual case: one file a side), so
// a file of a million keys is not copied key by key.
void merge(ParameterValues& into, ParameterValues from) {
  if (into.values.empty() && into.usePrevious.empty() && into.where.empty()) {
    into = std::move(from);
    return;
  }
  for (auto& [key, value] : from.values) {
    into.usePrevious.erase(key);
    into.values.insert_or_assign(key, std::move(value));
  }
  for (const auto& key : from.usePrevious) {
    into.values.erase(key);
    into.usePrevious.insert(key);
  }
  for (auto& [key, where] : from.where) into.where.insert_or_assign(key, std::move(where));
}

}  // namespace

ParameterValues readParametersFile(const std::string& file, const ReadLimits& limits) {
  const CurrentWork work("reading " + file, kReadLimitOptions);
  auto text = readInputText(file, limits);
  ParameterValues out;
  if (looksLikeAssignments(text)) {
    readAssignments(file, text, out);
    return out;
  }
  auto first = text.find_first_not_of(" \t\r\n");
  bool json = sniffFormat(file, text) == SourceFormat::Json ||
              (first != std::string::npos && text[first] == '[');
  auto document = json ? readJson(text, file, limits) : readYaml(text, file, limits);
  LocatedJson doc(std::move(document), file);
  if (doc.root().is_array()) {
    readCliList(doc, out);
    return out;
  }
  doc.expectObject("",
                   "a parameters file (a CLI parameter list, {\"Parameters\": {...}}, an "
                   "object of values, or KEY=VALUE lines)");
  const Json& root = doc.root();
  // CodePipeline's template configuration: the values under Parameters, beside Tags and
  // StackPolicy (which a plain object of values would not hold as objects).
  if (auto parameters = root.find("Parameters");
      parameters != root.end() && parameters->is_object()) {
    doc.expectKeys("", {"Parameters", "Tags", "StackPolicy"});
    readObject(doc, "/Parameters", out);
    return out;
  }
  readObject(doc, "", out);
  return out;
}

std::pair<std::string, std::string> parameterAssignment(const std::string& text) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw C2aError(ErrorKind::Usage, {},
                   fmt::format("--parameter takes KEY=VALUE (e.g. Stage=prod), not `{}`", text));
  }
  return {text.substr(0, eq), text.substr(eq + 1)};
}

GivenParameters readDeployments(const ParameterInputs& inputs, const ReadLimits& limits) {
  ParameterValues before;
  ParameterValues after;
  if (!inputs.both.empty()) {
    before = readParametersFile(inputs.both, limits);
    after.values = before.values;
    after.usePrevious = before.usePrevious;  // where: the keys are named once, by BEFORE
  }
  if (!inputs.before.empty()) merge(before, readParametersFile(inputs.before, limits));
  if (!inputs.after.empty()) merge(after, readParametersFile(inputs.after, limits));
  for (const auto& assignment : inputs.assignments) {
    auto [key, value] = parameterAssignment(assignment);
    ParameterValues one;
    one.values[key] = value;
    one.where[key] = SourceLocation{"--parameter " + key};
    merge(after, one);
  }
  GivenParameters out;
  // The BEFORE side's deployment has no previous one: UsePreviousValue there says nothing.
  for (const auto& key : after.usePrevious) {
    if (auto it = before.values.find(key); it != before.values.end()) {
      after.values[key] = it->second;
    }
  }
  out.deployments.before.parameters = std::move(before.values);
  out.deployments.after.parameters = std::move(after.values);
  for (auto* side : {&out.deployments.before, &out.deployments.after}) {
    if (!inputs.region.empty()) side->pseudo["AWS::Region"] = inputs.region;
    if (!inputs.account.empty()) side->pseudo["AWS::AccountId"] = inputs.account;
    if (!inputs.partition.empty()) side->pseudo["AWS::Partition"] = inputs.partition;
    if (!inputs.stackName.empty()) side->pseudo["AWS::StackName"] = inputs.stackName;
    std::string_view zones = inputs.availabilityZones;
    while (!zones.empty()) {
      auto comma = zones.find(',');
      auto zone = zones.substr(0, comma);
      while (!zone.empty() && zone.front() == ' ') zone.remove_prefix(1);
      while (!zone.empty() && zone.back() == ' ') zone.remove_suffix(1);
      if (!zone.empty()) side->availabilityZones.emplace_back(zone);
      zones.remove_prefix(comma == std::string_view::npos ? zones.size() : comma + 1);
    }
  }
  out.keys = std::move(before.where);
  out.keys.merge(after.where);  // a key given on both sides is named where BEFORE gives it
  return out;
}

Diagnostics undeclaredParameters(const std::map<std::string, SourceLocation>& keys,
                                 const InfraModel& before, const InfraModel& after) {
  std::set<std::string> declared;
  for (const auto* model : {&before, &after}) {
    for (ComponentIndex i = 0; i < model->componentCount(); ++i) {
      const auto& component = model->component(i);
      if (component.type == ComponentType::Parameter) declared.insert(component.name);
    }
  }
  // A few are named where they stand; the rest are counted in one more, so a file of a million
  // stray keys costs a line, not a million (in the terminal and in every report).
  constexpr std::size_t kNamed = 5;
  Diagnostics out;
  std::size_t unnamed = 0;
  std::string firstUnnamed;
  for (const auto& [key, where] : keys) {
    if (declared.count(key) != 0) continue;
    if (out.size() == kNamed) {
      if (unnamed++ == 0) firstUnnamed = key;
      continue;
    }
    Diagnostic warning;
    warning.where = where;
    warning.message = fmt::format("parameter {} is given but no template declares it", key);
    out.push_back(std::move(warning));
  }
  if (unnamed > 0) {
    Diagnostic rest;
    rest.where = keys.at(firstUnnamed);
    rest.message = fmt::format(
        "{} more parameters are given that no template declares ({} and those after it, by name)",
        unnamed, firstUnnamed);
    out.push_back(std::move(rest));
  }
  return out;
}

}  // namespace c2a
