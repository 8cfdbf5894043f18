#include "cli/command_tree.h"

#include <algorithm>

#include "engine/pipeline/analyze.h"
#include "engine/pipeline/rule_loading.h"
#include "engine/report/report_format.h"

namespace c2a::cli {
namespace {

// `TEXT:{text,json}` → {"text", "json"}; CLI11 writes IsMember's set after the type name.
std::vector<std::string> closedSet(const std::string& typeName) {
  std::vector<std::string> out;
  auto open = typeName.find('{');
  auto close = typeName.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return out;
  std::string inner = typeName.substr(open + 1, close - open - 1);
  std::size_t start = 0;
  while (start <= inner.size()) {
    auto comma = std::min(inner.find(',', start), inner.size());
    if (comma > start) out.push_back(inner.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

OptionDoc documented(const CLI::Option& option) {
  OptionDoc doc;
  doc.positional =
      option.get_positional() && option.get_lnames().empty() && option.get_snames().empty();
  if (doc.positional) {
    doc.names.push_back(option.get_name(true, false));
  } else {
    for (const auto& name : option.get_lnames()) doc.names.push_back("--" + name);
    for (const auto& name : option.get_snames()) doc.names.push_back("-" + name);
  }
  if (option.get_items_expected_max() > 0) {  // flags expect none
    auto type = option.get_type_name();
    doc.valueName = type.substr(0, type.find(':'));
    if (doc.valueName.empty()) doc.valueName = "VALUE";
    doc.values = closedSet(type);
  }
  doc.description = option.get_description();
  doc.defaultValue = option.get_default_str();
  return doc;
}

void collect(const CLI::App& app, std::vector<std::string> path, std::vector<CommandDoc>& out) {
  CommandDoc doc;
  doc.path = path;
  doc.app = &app;
  for (const auto* option : app.get_options({})) {
    if (option->get_group().empty()) continue;  // hidden
    doc.options.push_back(documented(*option));
  }
  std::stable_partition(doc.options.begin(), doc.options.end(),
                        [](const OptionDoc& option) { return option.positional; });
  std::vector<const CLI::App*> subcommands;
  for (const auto* sub : app.get_subcommands({})) {
    if (sub->get_group().empty()) continue;
    doc.subcommands.push_back(sub->get_name());
    subcommands.push_back(sub);
  }
  out.push_back(std::move(doc));
  for (const auto* sub : subcommands) {
    auto below = path;
    below.push_back(sub->get_name());
    collect(*sub, below, out);
  }
}

}  // namespace

std::vector<CommandDoc> commandTree(const CLI::App& app) {
  std::vector<CommandDoc> out;
  collect(app, {}, out);
  return out;
}

std::vector<std::string> suggestedValues(const std::string& option) {
  std::vector<std::string> out;
  if (option == "--preset") {
    for (const auto& [name, summary] : presetList()) out.push_back(name);
  } else if (option == "--group-by") {
    for (const auto& [name, summary] : aggregationLevels()) out.push_back(name);
  } else if (option == "--report") {
    for (const auto& format : reportFormats()) out.push_back(std::string(format.name) + "=");
  }
  return out;
}

}  // namespace c2a::cli
