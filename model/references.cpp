#include "model/references.h"

#include <fmt/format.h>

#include <cstddef>
#include <string_view>

#include "model/error.h"
#include "model/get_att.h"
#include "model/intrinsics.h"
#include "model/intrinsics/function_table.h"
#include "model/intrinsics/reference_walk.h"
#include "model/pseudo_parameter.h"
#include "model/sub_placeholders.h"

namespace c2a {
namespace {

// Readers limit nesting to ReadLimits::maxDepth (128 by default); this only keeps a value built
// some other way from exhausting the stack.
constexpr std::size_t kMaxDepth = 1024;
constexpr std::size_t kNotInIntrinsic = static_cast<std::size_t>(-1);

class ReferenceWalker : public ReferenceWalk {
 public:
  ReferenceWalker(ExpressionScope scope, std::vector<TemplateReference>& out, Path base)
      : scope_(scope), out_(out), path_(std::move(base)) {}

  void walk(const Json& value) override {
    if (path_.size() > kMaxDepth) {
      throw C2aError(ErrorKind::InvalidInput, {},
                     fmt::format("nested more than {} levels deep", kMaxDepth));
    }
    if (value.is_array()) {
      for (std::size_t i = 0; i < value.size(); ++i) walkChild(std::to_string(i), value[i]);
    } else if (value.is_object()) {
      if (isIntrinsic(value)) {
        walkIntrinsic(value.begin().key(), value.begin().value());
      } else {
        for (auto it = value.begin(); it != value.end(); ++it) walkChild(it.key(), it.value());
      }
    }
  }

 private:
  // `{"Condition": name}` is a reference only inside condition expressions; elsewhere a key
  // named Condition is data (model/intrinsics.h).
  bool isIntrinsic(const Json& object) const {
    if (object.size() != 1) return false;
    return isFunctionName(object.begin().key()) ||
           (scope_ == ExpressionScope::Condition && isConditionReference(object));
  }

  void walkChild(const std::string& key, const Json& value) override {
    path_.push_back(key);
    walk(value);
    path_.pop_back();
  }

  void enter(const std::string& key) override { path_.push_back(key); }
  void leave() override { path_.pop_back(); }

  void referToImport(const Json& name) override {
    TemplateReference reference = make(ReferenceKind::ImportValue, "");
    reference.importName = name;
    out_.push_back(std::move(reference));
  }

  [[noreturn]] void malformed(const std::string& message) override {
    throw MalformedIntrinsic(path_, message);
  }

  // `function` is the single key of the object at path_; its argument is walked below it, by
  // what the function's entry in the intrinsic table says it references.
  void walkIntrinsic(const std::string& function, const Json& argument) {
    bool outermost = intrinsicAt_ == kNotInIntrinsic;
    if (outermost) intrinsicAt_ = path_.size();
    path_.push_back(function);
    const auto* entry = intrinsicFunctionNamed(function);
    if (entry != nullptr && entry->references != nullptr) {
      entry->references(*this, argument);
    } else {
      walk(argument);  // only nested references
    }
    path_.pop_back();
    if (outermost) intrinsicAt_ = kNotInIntrinsic;
  }

  void referTo(ReferenceKind kind, const std::string& target,
               const std::string& attribute) override {
    if (kind != ReferenceKind::Condition && kind != ReferenceKind::FindInMap &&
        isPseudoParameter(target)) {
      return;
    }
    auto reference = make(kind, target);
    reference.attribute = attribute;
    out_.push_back(std::move(reference));
  }

  TemplateReference make(ReferenceKind kind, const std::string& target) const {
    TemplateReference reference;
    reference.kind = kind;
    reference.target = target;
    auto holder = intrinsicAt_ == kNotInIntrinsic ? path_.size() : intrinsicAt_;
    reference.sourcePath.assign(path_.begin(), path_.begin() + static_cast<std::ptrdiff_t>(holder));
    reference.valuePath = path_;
    return reference;
  }

  ExpressionScope scope_;
  std::vector<TemplateReference>& out_;
  Path path_;
  std::size_t intrinsicAt_ = kNotInIntrinsic;  // path length of the outermost intrinsic
};

}  // namespace

void referToNamedFirst(ReferenceWalk& walk, ReferenceKind kind, const Json& argument) {
  if (argument.is_string()) {  // the Condition function: {"Condition": "Other"}
    walk.referTo(kind, argument.get<std::string>());
    return;
  }
  for (std::size_t i = 0; i < argument.size(); ++i) {
    if (i == 0 && argument[0].is_string()) {
      walk.enter("0");
      walk.referTo(kind, argument[0].get<std::string>());
      walk.leave();
    } else {
      walk.walkChild(std::to_string(i), argument[i]);
    }
  }
}

void referToNamedFirstInList(ReferenceWalk& walk, ReferenceKind kind, const Json& argument) {
  if (argument.is_array()) {
    referToNamedFirst(walk, kind, argument);
  } else {
    walk.walk(argument);
  }
}

namespace {

void walkAt(const Json& value, ExpressionScope scope, Path base,
            std::vector<TemplateReference>& out) {
  ReferenceWalker(scope, out, std::move(base)).walk(value);
}

TemplateReference attributeReference(ReferenceKind kind, const std::string& key,
                                     const std::string& target, Path valuePath) {
  TemplateReference reference;
  reference.kind = kind;
  reference.target = target;
  reference.sourcePath = {key};
  reference.valuePath = std::move(valuePath);
  return reference;
}

// `DependsOn` and `Condition` of a resource or output; everything else is walked for intrinsics.
void attributeReferences(const Json& properties, bool hasDependsOn,
                         std::vector<TemplateReference>& out) {
  for (auto it = properties.begin(); it != properties.end(); ++it) {
    const auto& key = it.key();
    const auto& value = it.value();
    if (key == "Condition" && value.is_string()) {
      out.push_back(
          attributeReference(ReferenceKind::Condition, key, value.get<std::string>(), {key}));
    } else if (key == "DependsOn" && hasDependsOn && value.is_string()) {
      out.push_back(
          attributeReference(ReferenceKind::DependsOn, key, value.get<std::string>(), {key}));
    } else if (key == "DependsOn" && hasDependsOn && value.is_array()) {
      for (std::size_t i = 0; i < value.size(); ++i) {
        if (!value[i].is_string()) continue;
        out.push_back(attributeReference(ReferenceKind::DependsOn, key, value[i].get<std::string>(),
                                         {key, std::to_string(i)}));
      }
    } else {
      walkAt(value, ExpressionScope::Property, {key}, out);
    }
  }
}

}  // namespace

std::vector<TemplateReference> findReferences(const Json& value, ExpressionScope scope) {
  std::vector<TemplateReference> out;
  walkAt(value, scope, {}, out);
  return out;
}

std::vector<TemplateReference> entityReferences(ComponentType type, const Json& properties) {
  std::vector<TemplateReference> out;
  switch (type) {
    case ComponentType::Resource:
    case ComponentType::Output:
      if (properties.is_object()) {
        attributeReferences(properties, type == ComponentType::Resource, out);
      } else {
        walkAt(properties, ExpressionScope::Property, {}, out);
      }
      break;
    case ComponentType::Condition: walkAt(properties, ExpressionScope::Condition, {}, out); break;
    case ComponentType::Parameter: walkAt(properties, ExpressionScope::Property, {}, out); break;
    case ComponentType::Mapping:  // CloudFormation allows no intrinsic functions in mappings
    case ComponentType::Construct:
    case ComponentType::Stack: break;
  }
  return out;
}

std::vector<std::string> pseudoParametersIn(const Json& value) {
  std::vector<std::string> out;
  std::vector<const Json*> pending{&value};
  while (!pending.empty()) {
    const Json* at = pending.back();
    pending.pop_back();
    if (at->is_array()) {
      for (const auto& element : *at) pending.push_back(&element);
      continue;
    }
    if (!at->is_object()) continue;
    if (isIntrinsic(*at)) {
      const auto& argument = at->begin().value();
      if (calls(*at, Fn::Ref) && argument.is_string() &&
          isPseudoParameter(argument.get<std::string>())) {
        out.push_back(argument.get<std::string>());
      }
      const Json* text = argument.is_string() ? &argument
                         : argument.is_array() && !argument.empty() && argument[0].is_string()
                             ? &argument[0]
                             : nullptr;
      if (calls(*at, Fn::Sub) && text != nullptr) {
        const Json* variables = argument.is_array() && argument.size() > 1 ? &argument[1] : nullptr;
        for (const auto& placeholder : subPlaceholders(text->get<std::string>())) {
          if (variables != nullptr && variables->is_object() &&
              variables->contains(placeholder.expression)) {
            continue;
          }
          if (isPseudoParameter(placeholder.name)) out.push_back(placeholder.name);
        }
      }
    }
    for (const auto& [key, member] : at->items()) pending.push_back(&member);
  }
  return out;
}

}  // namespace c2a
