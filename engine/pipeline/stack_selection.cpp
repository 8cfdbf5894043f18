#include "engine/pipeline/stack_selection.h"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>
#include <set>

#include "model-diffing/fingerprint.h"
#include "model/diff.h"
#include "platform-mapping/cloudformation/nested_templates.h"

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

// The TemplateURL of nested stack resource `id` of `stack`, or null.
const Json* templateUrlOf(const InfraModel& model, const std::string& stack, const std::string& id) {
  auto index = model.find(stack, ComponentType::Resource, id);
  if (!index) return nullptr;
  const Json& body = model.component(*index).properties;
  auto properties = body.find("Properties");
  if (properties == body.end() || !properties->is_object()) return nullptr;
  auto url = properties->find("TemplateURL");
  return url == properties->end() ? nullptr : &*url;
}

// Whether nested stack resource `id` names the same content-addressed template on both sides.
bool sameContentOnBothSides(const InfraModel& a, const InfraModel& b, const std::string& stack,
                            const std::string& id) {
  const Json* first = templateUrlOf(a, stack, id);
  const Json* second = templateUrlOf(b, stack, id);
  return first != nullptr && second != nullptr && templateUrlNamesContent(*first) &&
         *first == *second;
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

// The stacks `cdk deploy` of `chosen` deploys first, at any depth, as either side's manifest
// says (the AFTER side's is what deploys; the BEFORE side's names a dependency since dropped),
// not already chosen, in name order.
std::set<std::string> dependencies(const std::set<std::string>& chosen,
                                   std::initializer_list<const InfraModel*> sides) {
  std::set<std::string> out;
  std::vector<std::string> pending(chosen.begin(), chosen.end());
  while (!pending.empty()) {
    auto stack = std::move(pending.back());
    pending.pop_back();
    for (const auto* side : sides) {
      for (const auto& dependency : side->environment(stack).dependsOn) {
        if (chosen.count(dependency) == 0 && out.insert(dependency).second) {
          pending.push_back(dependency);
        }
      }
    }
  }
  return out;
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
    // `cdk deploy STACK` deploys the stacks it depends on first (unless --exclusively): a new
    // dependency is part of what the selection deploys, so it is compared too.
    auto needed = dependencies(chosen, {&after, &before});
    if (!needed.empty()) {
      std::vector<std::string> names(needed.begin(), needed.end());
      warnings.push_back(Diagnostic{
          ErrorKind::InvalidInput, SourceLocation{},
          fmt::format("--stack: also compares {}, which the chosen stacks depend on: `cdk deploy` "
                      "of them deploys {} first (`cdk deploy --exclusively` does not)",
                      joined(names), needed.size() == 1 ? "it" : "them"),
          false});
      chosen.insert(needed.begin(), needed.end());
    }
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
  // The template stands for one stack; what the assembly about to deploy says it depends on
  // deploys with it and is not compared.
  for (const auto& dependency : afterAssembly ? dependencies(chosen, {&assembly})
                                              : std::set<std::string>{}) {
    warnings.push_back(Diagnostic{
        ErrorKind::InvalidInput, SourceLocation{},
        fmt::format("stack {} is not compared: {} depends on it, so `cdk deploy {}` deploys it "
                    "first, and the other side is one template; compare two cloud assemblies "
                    "(or deploy with `cdk deploy --exclusively`)",
                    dependency, stack, stack),
        true});
  }
  lone = asStack(lone, stack);
  // The template side's stacks are compared (a nested template given for it alone is all new);
  // the assembly's nested stacks it does not give are unseen, unless the stack resource that
  // deploys them names its content on both sides alike: while that resource is unchanged, it
  // deploys the template it deployed (and so every stack nested in it), as with two assemblies.
  const auto& given = lone.stacks();
  for (const auto& name : assembly.stacks()) {
    if (topLevel(name) != stack || std::find(given.begin(), given.end(), name) != given.end()) {
      continue;
    }
    Diagnostic warning{ErrorKind::InvalidInput, SourceLocation{},
                       fmt::format("nested stack {} is not compared: the other side is one "
                                   "template and no --nested-template gives it; compare two cloud "
                                   "assemblies, or give its template",
                                   name),
                       true};
    std::string outermost = name.substr(stack.size() + 1);
    outermost = outermost.substr(0, outermost.find('/'));
    if (sameContentOnBothSides(assembly, lone, stack, outermost)) {
      warning.seenIfUnchanged = Diagnostic::Resource{stack, outermost};
    }
    warnings.push_back(std::move(warning));
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
