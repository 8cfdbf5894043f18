#include "engine/pipeline/stack_selection.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>
#include <set>

#include "model-diffing/fingerprint.h"
#include "model/diff.h"

namespace c2a {
namespace {

// A lone template is the stack "" (with its nested stacks, when --nested-template gives them).
bool isAssembly(const InfraModel& model) {
  const auto& stacks = model.stacks();
  return std::find(stacks.begin(), stacks.end(), std::string()) == stacks.end();
}

// "Parent/Nested..." belongs to "Parent".
std::string topLevel(const std::string& stack) {
  return stack.substr(0, stack.find('/'));
}

std::vector<std::string> topLevelStacks(const InfraModel& model) {
  std::vector<std::string> out;
  for (const auto& stack : model.stacks()) {
    if (stack.find('/') == std::string::npos) out.push_back(stack);
  }
  return out;
}

bool matches(const std::string& pattern, const std::string& name) {
  return ::fnmatch(pattern.c_str(), name.c_str(), 0) == 0;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

// A stack of the lone template's model as the assembly names it: the template itself is `stack`,
// its nested stack `Network` (--nested-template) is `stack/Network`, as the assembly's is.
std::string underStack(const std::string& name, const std::string& stack) {
  return name.empty() ? stack : stack + "/" + name;
}

// The lone template's components, moved into `stack` (its nested stacks under it).
InfraModel asStack(const InfraModel& lone, const std::string& stack) {
  InfraModel out;
  for (const auto& name : lone.stacks()) out.addStack(underStack(name, stack));
  std::vector<ComponentIndex> mapped(lone.componentCount());
  for (ComponentIndex i = 0; i < lone.componentCount(); ++i) {
    Component component = lone.component(i);
    if (component.type == ComponentType::Stack && component.name == component.stack) {
      component.name = underStack(component.name, stack);
    }
    component.stack = underStack(component.stack, stack);
    mapped[i] = out.addComponent(std::move(component));
  }
  lone.forEachRelationship(
      [&](ComponentIndex source, ComponentIndex target, const Relationship& r) {
        out.addRelationship(mapped[source], mapped[target], r);
      });
  return out;
}

std::set<std::string> chosenStacks(const std::vector<std::string>& patterns,
                                   const std::vector<std::string>& available) {
  std::set<std::string> chosen;
  for (const auto& pattern : patterns) {
    bool any = false;
    for (const auto& stack : available) {
      if (matches(pattern, stack)) {
        chosen.insert(stack);
        any = true;
      }
    }
    if (!any) {
      throw C2aError(
          ErrorKind::Usage, {},
          fmt::format("--stack {} matches no stack (the stacks: {})", pattern, joined(available)));
    }
  }
  return chosen;
}

}  // namespace

std::optional<std::set<std::string>> selectStacks(InfraModel& before, InfraModel& after,
                                                  const std::vector<std::string>& patterns,
                                                  Diagnostics& warnings) {
  bool beforeAssembly = isAssembly(before);
  bool afterAssembly = isAssembly(after);
  if (!beforeAssembly && !afterAssembly) {
    if (!patterns.empty()) {
      throw C2aError(ErrorKind::Usage, {},
                     "--stack chooses stacks of a cloud assembly; both inputs are templates");
    }
    return std::nullopt;
  }
  std::set<std::string> available;
  for (const auto* side : {&before, &after}) {
    if (!isAssembly(*side)) continue;
    for (const auto& stack : topLevelStacks(*side)) available.insert(stack);
  }
  std::vector<std::string> names(available.begin(), available.end());
  auto chosen = patterns.empty() ? available : chosenStacks(patterns, names);

  auto withNested = [&](const std::set<std::string>& tops) {
    std::set<std::string> out;
    for (const auto* side : {&before, &after}) {
      for (const auto& stack : side->stacks()) {
        if (tops.count(topLevel(stack)) != 0) out.insert(stack);
      }
    }
    return out;
  };
  if (beforeAssembly && afterAssembly) {
    if (patterns.empty()) return std::nullopt;
    return withNested(chosen);
  }
  // A lone template stands for exactly one stack.
  if (chosen.size() != 1) {
    throw C2aError(
        ErrorKind::Usage, {},
        fmt::format("one side is a template and the cloud assembly has the stacks {}: choose the "
                    "one the template is with --stack NAME",
                    joined(std::vector<std::string>(chosen.begin(), chosen.end()))));
  }
  const std::string& stack = *chosen.begin();
  auto& assembly = beforeAssembly ? before : after;
  auto& lone = beforeAssembly ? after : before;
  lone = asStack(lone, stack);
  // The template side's stacks are compared (a nested template given for it alone is all new);
  // the assembly's nested stacks it does not give are unseen.
  const auto& given = lone.stacks();
  for (const auto& name : assembly.stacks()) {
    if (topLevel(name) != stack || std::find(given.begin(), given.end(), name) != given.end()) {
      continue;
    }
    warnings.push_back(Diagnostic{ErrorKind::InvalidInput, SourceLocation{},
                                  fmt::format("nested stack {} is not compared: the other side is "
                                              "one template and no --nested-template gives it; "
                                              "compare two cloud assemblies, or give its template",
                                              name),
                                  true});
  }
  return std::set<std::string>(given.begin(), given.end());
}

void keepStacks(ModelDiff& diff, const std::set<std::string>& keep) {
  // Each digest goes with its change: it depends on nothing else.
  std::size_t kept = 0;
  for (std::size_t i = 0; i < diff.operations.size(); ++i) {
    if (keep.count(diff.operations[i].stack) == 0) continue;
    if (kept != i) {
      diff.operations[kept] = std::move(diff.operations[i]);
      diff.digests[kept] = std::move(diff.digests[i]);
    }
    ++kept;
  }
  diff.operations.resize(kept, Operation{});
  diff.digests.resize(kept);
  diffing::refingerprint(diff);
}

}  // namespace c2a
