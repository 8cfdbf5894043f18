#include "rules/presets/presets.h"

#include <array>
#include <stdexcept>

#include "rules/presets/compiled_presets.h"
#include "rules/presets/preset_sources.h"

namespace c2a::rules {
namespace {

struct Entry {
  std::string_view name;
  std::string_view summary;
};

// One line per preset: its file is rules/presets/NAME.c2a.
constexpr std::array kTable{
    Entry{"iam-broadening",
          "marks for review what grants more access: Allow statements, principals, managed "
          "policies, removed Denies and conditions, resource policies, Lambda permissions"},
    Entry{"network-exposure",
          "marks for review ingress opened wider (CIDR, ports, new rules), public IPs, "
          "internet-facing load balancers, public buckets"},
    Entry{"data-loss",
          "rejects replacing, renaming or removing stateful resources without a retain policy"},
    Entry{"protections",
          "marks for review protections switched off: deletion protection, retain policies, "
          "backups, versioning, encryption, key rotation, trails, log retention, access logs, "
          "alarms, NoEcho, secrets in outputs"},
    Entry{"cdk-refactor",
          "explains resources replaced because a CDK construct moved or was renamed (new logical "
          "id) and how to keep them"},
    Entry{"routine",
          "approves CDK bookkeeping, tags, descriptions, new resources, Lambda code and tuning, "
          "longer log retention, alarms and dashboards, queue, service and storage tuning, "
          "version numbers, AMI and build-image updates"},
    Entry{"narrowing",
          "approves what provably only narrows: actions, resources or principals removed from an "
          "Allow, Deny statements and conditions added, ingress narrowed, public access blocked, "
          "a higher minimum TLS version"},
};

struct Alias {
  std::string_view name;
  std::array<std::string_view, 2> presets;
};

// C2A's preset name, so its users' command lines keep working.
constexpr std::array kAliases{
    Alias{"broadening-permissions", {"iam-broadening", "network-exposure"}},
};

std::vector<Preset> build() {
  std::vector<Preset> out;
  for (const auto& entry : kTable) {
    std::string_view source;
    for (const auto& embedded : embeddedPresets()) {
      if (embedded.name == entry.name) source = embedded.source;
    }
    std::string_view rules;
    for (const auto& compiled : compiledPresets()) {
      if (compiled.name == entry.name) {
        rules = {reinterpret_cast<const char*>(compiled.bytes), compiled.size};
      }
    }
    // A table line without its file is a build mistake the preset tests catch.
    out.push_back({entry.name, entry.summary, source, rules});
  }
  return out;
}

}  // namespace

const std::vector<Preset>& presets() {
  static const std::vector<Preset> all = build();
  return all;
}

const Preset* findPreset(std::string_view name) {
  for (const auto& preset : presets()) {
    if (preset.name == name) return &preset;
  }
  return nullptr;
}

std::vector<const Preset*> selectPresets(std::string_view name) {
  if (const auto* preset = findPreset(name)) return {preset};
  std::vector<const Preset*> out;
  for (const auto& alias : kAliases) {
    if (alias.name != name) continue;
    for (auto member : alias.presets) {
      if (const auto* preset = findPreset(member)) out.push_back(preset);
    }
  }
  return out;
}

std::vector<std::string_view> presetNames() {
  std::vector<std::string_view> names;
  for (const auto& preset : presets()) names.push_back(preset.name);
  for (const auto& alias : kAliases) names.push_back(alias.name);
  return names;
}

}  // namespace c2a::rules
