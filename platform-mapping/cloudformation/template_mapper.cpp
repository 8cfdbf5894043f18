#include "platform-mapping/cloudformation/template_mapper.h"

#include <fmt/format.h>

#include <array>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

#include "model/intrinsics.h"
#include "model/policies.h"
#include "model/references.h"
#include "platform-mapping/cloudformation/language_extensions.h"
#include "platform-mapping/cloudformation/serverless/serverless_transform.h"

namespace c2a {
namespace {

// Every top-level key a template may have; a mapping with none of them is something else.
constexpr std::array<std::string_view, 10> kTemplateSections{"AWSTemplateFormatVersion",
                                                             "Description",
                                                             "Metadata",
                                                             "Parameters",
                                                             "Rules",
                                                             "Mappings",
                                                             "Conditions",
                                                             "Transform",
                                                             "Resources",
                                                             "Outputs"};

// Top-level values later stages may want to see (a changed Description is no update, seed 004).
constexpr std::array<std::string_view, 4> kStackProperties{
    "Description", "AWSTemplateFormatVersion", "Transform", "Metadata"};

struct Section {
  std::string_view key;
  ComponentType type;
  std::string_view what;  // in messages
};

constexpr std::array<Section, 5> kEntitySections{{
    {"Parameters", ComponentType::Parameter, "parameter"},
    {"Mappings", ComponentType::Mapping, "mapping"},
    {"Conditions", ComponentType::Condition, "condition"},
    {"Resources", ComponentType::Resource, "resource"},
    {"Outputs", ComponentType::Output, "output"},
}};

class TemplateMapper {
 public:
  /// `bodies`: the document's own root, when the caller gives the document up: entity bodies are
  /// then moved into the components, not copied (null: copied).
  TemplateMapper(const SourceDocument& document, Json* bodies, const std::string& stack,
                 InfraModel& model, Diagnostics& warnings)
      : document_(document), bodies_(bodies), stack_(stack), model_(model), warnings_(warnings) {}

  ComponentIndex map() {
    checkIsTemplate();
    warnTransforms();
    if (usesLanguageExtensions(document_.root)) {
      extensions_ =
          std::make_unique<LanguageExtensions>(document_.root, document_.locations, warnings_);
    }
    // What each resource is, as written, for the policy texts that name them (bodies may be moved
    // out of the document below).
    if (auto resources = document_.root.find("Resources");
        resources != document_.root.end() && resources->is_object()) {
      for (auto it = resources->begin(); it != resources->end(); ++it) {
        auto type = it->is_object() ? it->find("Type") : it->end();
        if (it->is_object() && type != it->end() && type->is_string()) {
          writtenTypes_.emplace(it.key(), type->get<std::string>());
        }
      }
    }
    // Read the whole document before touching the model, so a failure leaves it unchanged.
    std::vector<Component> entities;
    // A transform reads the document as written while it expands it: nothing is moved then.
    Json* movable = extensions_ || usesServerlessTransform(document_.root) ? nullptr : bodies_;
    for (auto it = document_.root.begin(); it != document_.root.end(); ++it) {
      for (const auto& section : kEntitySections) {
        if (it.key() != section.key) continue;
        collectSection(section, it.value(), movable ? &*movable->find(it.key()) : nullptr,
                       entities);
      }
    }
    std::vector<std::vector<TemplateReference>> references;
    references.reserve(entities.size());
    for (const auto& component : entities) references.push_back(referencesOf(component));

    model_.addStack(stack_);
    auto stackIndex = model_.addComponent(stackComponent());
    std::vector<ComponentIndex> indices;
    indices.reserve(entities.size());
    for (auto& component : entities) {
      auto index = model_.addComponent(std::move(component));
      model_.addRelationship(
          stackIndex, index,
          Relationship{RelationshipKind::Structural, ReferenceKind::None, {}, {}});
      indices.push_back(index);
    }
    for (std::size_t i = 0; i < indices.size(); ++i) addDependencies(indices[i], references[i]);
    return stackIndex;
  }

 private:
  // Transforms and macros rewrite the template before CloudFormation deploys it; c2a does not
  // run them, so what they make (or change) is not analysed, and the verdict is at least review.
  void warnTransforms() {
    const auto& root = document_.root;
    if (!root.is_object()) return;
    if (auto transform = root.find("Transform"); transform != root.end()) {
      std::vector<std::string> names;
      if (transform->is_string()) names.push_back(transform->get<std::string>());
      if (transform->is_array()) {
        for (const auto& name : *transform)
          names.push_back(name.is_string() ? name.get<std::string>() : name.dump());
      }
      for (const auto& name : names) {
        if (name == "AWS::LanguageExtensions") continue;     // run here (language_extensions.h)
        if (name == "AWS::Serverless-2016-10-31") continue;  // run here (serverless/)
        warnings_.push_back(Diagnostic{
            ErrorKind::InvalidInput, locate({"Transform"}),
            fmt::format("the template uses the transform {}, which c2a does not run: the template "
                        "CloudFormation deploys may hold what c2a has not analysed",
                        name),
            true});
      }
    }
    std::vector<Step> steps;
    findMacros(root, steps);
  }

  /// A step of the walk below: a key, or (when `key` is null) an array index. The path is spelled
  /// out only where a call is found: a string per value walked was a fifth of mapping a template.
  struct Step {
    const std::string* key = nullptr;
    std::size_t index = 0;
  };

  // A transform call (AWS::Include, macros) anywhere: its output is unknown here.
  void findMacros(const Json& value, std::vector<Step>& steps) {
    if (steps.size() > 64) return;
    if (value.is_object()) {
      for (auto it = value.begin(); it != value.end(); ++it) {
        steps.push_back(Step{&it.key()});
        if (functionNamed(it.key()) == Fn::Transform) {
          Path path;
          path.reserve(steps.size());
          for (const Step& step : steps) {
            path.push_back(step.key != nullptr ? *step.key : std::to_string(step.index));
          }
          warnings_.push_back(Diagnostic{ErrorKind::InvalidInput, locate(path),
                                         macroWarning(path, it.value()), true});
        } else {
          findMacros(it.value(), steps);
        }
        steps.pop_back();
      }
    } else if (value.is_array()) {
      for (std::size_t i = 0; i < value.size(); ++i) {
        steps.push_back(Step{nullptr, i});
        findMacros(value[i], steps);
        steps.pop_back();
      }
    }
  }

  // A macro replaces the value holding its Fn::Transform and reads nothing else: inside a
  // resource it hides that resource's value, which waits for a person (a macro may answer
  // differently on every deployment, so even an unchanged call is unseen); the rest of the
  // template is judged. At the top of a section it hides the section.
  static std::string macroWarning(const Path& path, const Json& call) {
    std::string macro = "a macro";
    if (call.is_object() && call.contains("Name") && call["Name"].is_string()) {
      macro = "the macro " + call["Name"].get<std::string>();
    }
    Path held(path.begin(), path.end() - 1);
    if (held.size() >= 2 && held[0] != "Transform") {
      Path inside(held.begin() + 2, held.end());
      return fmt::format(
          "{} {}: Fn::Transform runs {}, which c2a does not run: what it makes{} is "
          "not analysed, so the verdict waits for a person; the rest of the "
          "template is judged",
          held[0] == "Resources" ? "resource" : held[0], held[1], macro,
          inside.empty() ? "" : " of " + toDotted(inside));
    }
    return fmt::format(
        "{}: Fn::Transform runs {}, which c2a does not run: what it makes is not "
        "analysed",
        held.empty() ? std::string("the template") : toDotted(held), macro);
  }

  SourceLocation locate(const Path& path) const {
    if (!document_.locations) return {};
    return document_.locations->find(toPointer(path));
  }

  [[noreturn]] void fail(const Path& path, std::string message) const {
    throw C2aError(ErrorKind::InvalidInput, locate(path), std::move(message));
  }

  void checkIsTemplate() const {
    const auto& root = document_.root;
    if (!root.is_object()) {
      fail({}, "not a CloudFormation template: the document is not a mapping");
    }
    // `{}` is accepted as the empty template (the usual "before" of a first deployment).
    if (root.empty()) return;
    for (auto section : kTemplateSections) {
      if (root.contains(section)) return;
    }
    fail({}, "not a CloudFormation template: no Resources");
  }

  Component stackComponent() const {
    Component component;
    component.type = ComponentType::Stack;
    component.name = stack_.empty() ? "template" : stack_;
    component.stack = stack_;
    component.properties = Json::object();
    for (auto key : kStackProperties) {
      if (auto it = document_.root.find(key); it != document_.root.end()) {
        component.properties[std::string(key)] = *it;
      }
    }
    component.locations = document_.locations;
    component.pointer = "";
    return component;
  }

  /// `movable`: `entries` itself, when its bodies may be moved (never with a transform).
  void collectSection(const Section& section, const Json& entries, Json* movable,
                      std::vector<Component>& out) {
    if (!entries.is_object()) {
      fail({std::string(section.key)}, fmt::format("{} is not a mapping", section.key));
    }
    // With the SAM transform, the resources are gathered first: a function's events add to
    // APIs and buckets written anywhere in the section.
    const bool serverless =
        section.type == ComponentType::Resource && usesServerlessTransform(document_.root);
    std::vector<ExpandedEntry> gathered;
    std::vector<Path> paths;
    auto take = [&](const std::string& key, const Json& value, const std::string& pointer,
                    const Path& path, Json* body) {
      if (!serverless) return add(section, key, value, pointer, path, out, body);
      gathered.push_back({key, value, pointer});
      paths.push_back(path);
    };
    auto bodies = movable ? movable->begin() : Json::iterator();  // in step with `it`
    for (auto it = entries.begin(); it != entries.end(); ++it) {
      Json* body = movable ? &*bodies++ : nullptr;
      Path path{std::string(section.key), it.key()};
      if (!isForEachKey(it.key())) {
        take(it.key(), it.value(), toPointer(path), path, body);
        continue;
      }
      if (!extensions_) {
        warnForEach(section, it.key());
        continue;
      }
      if (section.type != ComponentType::Resource && section.type != ComponentType::Output &&
          section.type != ComponentType::Condition) {
        fail(path, fmt::format("Fn::ForEach is not allowed in {} (only in Resources, Outputs and "
                               "Conditions)",
                               section.key));
      }
      for (auto& entry : extensions_->expandSectionLoop(it.key(), it.value(), toPointer(path))) {
        if (entries.contains(entry.key) || made_.count({section.type, entry.key}) != 0) {
          throw C2aError(ErrorKind::InvalidInput, document_.locations->find(entry.pointer),
                         fmt::format("{} makes {} {}, which the template has already", it.key(),
                                     section.what, entry.key));
        }
        take(entry.key, entry.value, entry.pointer, path, nullptr);
      }
    }
    if (!serverless) return;
    std::map<std::string, Path> written;
    for (std::size_t i = 0; i < gathered.size(); ++i) written.emplace(gathered[i].key, paths[i]);
    std::set<std::string> made;
    for (auto& entry : expandServerless(document_.root, std::move(gathered), stack_, warnings_,
                                        document_.locations)) {
      auto path =
          written.count(entry.key) != 0 ? written[entry.key] : Path{std::string(section.key)};
      if (!made.insert(entry.key).second) {
        throw C2aError(ErrorKind::InvalidInput, document_.locations->find(entry.pointer),
                       fmt::format("the SAM transform makes resource {}, which the template has "
                                   "already",
                                   entry.key));
      }
      add(section, entry.key, entry.value, entry.pointer, path, out, nullptr);
    }
  }

  /// `body`: `written` itself, when it may be moved into the component.
  void add(const Section& section, const std::string& name, const Json& written,
           const std::string& pointer, const Path& path, std::vector<Component>& out, Json* body) {
    made_.insert({section.type, name});
    // With the transform, loops inside a body and Fn::Length / Fn::ToJsonString are expanded.
    Json value = extensions_ && section.type != ComponentType::Parameter &&
                         section.type != ComponentType::Mapping
                     ? extensions_->expandWithin(written, pointer)
                 : body != nullptr ? std::move(*body)
                                   : written;
    if (extensions_ && section.type == ComponentType::Resource) extensions_->resolvePolicies(value);
    Component component;
    component.type = section.type;
    component.name = name;
    component.stack = stack_;
    checkEntity(section, name, value, path);
    if (section.type == ComponentType::Resource) {
      component.subtype = value.at("Type").get<std::string>();
      value.erase("Type");  // it is the component's subtype
      // A policy written as text is read as the document it deploys; one c2a cannot read is
      // unseen while its resource changes, never taken as no grant.
      // What a name inside a policy text stands for: a resource of the template (as written), or
      // nothing known (a parameter, a resource only a transform makes).
      auto resourceType = [this](std::string_view id) -> std::optional<std::string> {
        auto found = writtenTypes_.find(std::string(id));
        if (found == writtenTypes_.end()) return std::nullopt;
        return found->second;
      };
      for (const auto& unread : readPolicyTexts(component.subtype, value, resourceType)) {
        Diagnostic warning{ErrorKind::InvalidInput,
                           document_.locations->find(pointer + toPointer(unread)),
                           fmt::format("resource {}: {} is a policy written as text c2a cannot "
                                       "read as a document (a placeholder outside a string or in "
                                       "a key, or no JSON object): what it grants is not analysed",
                                       name, toDotted(unread)),
                           true};
        warning.seenIfUnchanged = Diagnostic::Resource{stack_, name};
        warnings_.push_back(std::move(warning));
      }
    }
    component.properties = std::move(value);  // the body's one copy (or the body), made above
    component.locations = document_.locations;
    component.pointer = pointer;
    out.push_back(std::move(component));
  }

  // Fn::ForEach is a macro of the AWS::LanguageExtensions transform, expanded by CloudFormation
  // before deployment; what it makes is unknown here, so say it is left out rather than fail.
  void warnForEach(const Section& section, const std::string& key) {
    warnings_.push_back(Diagnostic{
        ErrorKind::InvalidInput, locate({std::string(section.key), key}),
        fmt::format("{} in {} is expanded by the AWS::LanguageExtensions transform, which c2a "
                    "does not run: what it makes is not analysed",
                    key, section.key),
        true});
  }

  void checkEntity(const Section& section, const std::string& name, const Json& value,
                   const Path& path) const {
    // A condition is any expression; every other entity is a mapping.
    if (section.type == ComponentType::Condition) return;
    if (!value.is_object()) fail(path, fmt::format("{} {} is not a mapping", section.what, name));
    if (section.type != ComponentType::Resource) return;
    auto type = value.find("Type");
    if (type == value.end()) fail(path, fmt::format("resource {} has no Type", name));
    if (!type->is_string()) {
      auto typePath = path;
      typePath.emplace_back("Type");
      fail(typePath, fmt::format("Type of resource {} is not a string", name));
    }
  }

  static std::vector<TemplateReference> referencesOf(const Component& component) {
    try {
      return entityReferences(component.type, component.properties);
    } catch (const MalformedIntrinsic& error) {
      throw C2aError(error.diagnostic().kind, component.location(error.valuePath()),
                     error.diagnostic().message);
    } catch (const C2aError& error) {  // the walker knows no locations: point at the entity
      throw C2aError(error.diagnostic().kind, component.location(), error.diagnostic().message);
    }
  }

  void addDependencies(ComponentIndex source, std::vector<TemplateReference>& references) {
    for (auto& reference : references) {
      if (reference.kind == ReferenceKind::ImportValue) continue;  // linkImports, across stacks
      auto target = resolve(reference);
      if (!target) {
        warnMissing(model_.component(source), reference);
        continue;
      }
      model_.addRelationship(
          source, *target,
          Relationship{RelationshipKind::Dependency, reference.kind,
                       std::move(reference.sourcePath), std::move(reference.attribute)});
    }
  }

  std::optional<ComponentIndex> resolve(const TemplateReference& reference) const {
    switch (reference.kind) {
      case ReferenceKind::Condition:
        return model_.find(stack_, ComponentType::Condition, reference.target);
      case ReferenceKind::FindInMap:
        return model_.find(stack_, ComponentType::Mapping, reference.target);
      case ReferenceKind::DependsOn:
        return model_.find(stack_, ComponentType::Resource, reference.target);
      default:  // Ref, GetAtt, Sub: a resource, or else a parameter
        if (auto found = model_.find(stack_, ComponentType::Resource, reference.target)) {
          return found;
        }
        return model_.find(stack_, ComponentType::Parameter, reference.target);
    }
  }

  // SAM templates refer to resources their transform creates (`ServerlessRestApi`): say so, go on.
  void warnMissing(const Component& source, const TemplateReference& reference) {
    std::string_view targetWhat = reference.kind == ReferenceKind::Condition   ? "condition "
                                  : reference.kind == ReferenceKind::FindInMap ? "mapping "
                                                                               : "";
    std::string where = fmt::format("{} {}", whatOf(source.type), source.name);
    if (!reference.sourcePath.empty()) where += ": " + toDotted(reference.sourcePath);
    warnings_.push_back(
        Diagnostic{ErrorKind::InvalidInput, source.location(reference.valuePath),
                   fmt::format("{} refers to {}{}, which is not defined in the template", where,
                               targetWhat, reference.target)});
  }

  static std::string_view whatOf(ComponentType type) {
    for (const auto& section : kEntitySections) {
      if (section.type == type) return section.what;
    }
    return "component";
  }

  const SourceDocument& document_;
  Json* bodies_;
  const std::string& stack_;
  InfraModel& model_;
  Diagnostics& warnings_;
  std::unique_ptr<LanguageExtensions> extensions_;  // when the template declares the transform
  std::set<std::pair<ComponentType, std::string>> made_;  // entities so far, to refuse duplicates
  std::map<std::string, std::string> writtenTypes_;  // resource id → Type, as written
};

}  // namespace

ComponentIndex mapTemplate(const SourceDocument& document, const std::string& stack,
                           InfraModel& model, Diagnostics& warnings) {
  return TemplateMapper(document, nullptr, stack, model, warnings).map();
}

ComponentIndex mapTemplate(SourceDocument&& document, const std::string& stack, InfraModel& model,
                           Diagnostics& warnings) {
  return TemplateMapper(document, &document.root, stack, model, warnings).map();
}

}  // namespace c2a
