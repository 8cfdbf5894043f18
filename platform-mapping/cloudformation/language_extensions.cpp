#include "platform-mapping/cloudformation/language_extensions.h"

#include <fmt/format.h>

#include <cctype>
#include <optional>
#include <utility>

#include "model/intrinsics.h"
#include "model/path.h"

namespace c2a {
namespace {

constexpr std::string_view kTransform = "AWS::LanguageExtensions";
// CloudFormation allows 500 resources a template; nested loops must not explode past any sane size.
constexpr std::size_t kMaxExpanded = 100000;
// And the text they make, counted in every string of every entry: a few long items substituted into
// a long fragment would otherwise make gigabytes from kilobytes. The default input size limit: a
// loop may make as much as could be written out.
constexpr std::size_t kMaxExpandedBytes = std::size_t{64} << 20;
constexpr int kMaxDepth = 256;

std::string child(const std::string& pointer, const std::string& key) {
  return childPointer(pointer, key);
}

std::string alphanumeric(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0) out += c;
  }
  return out;
}

bool isLoopKey(const std::string& key) {
  return isForEachKey(key);
}

// A literal holds no intrinsic function: its length and JSON text are known.
bool isLiteral(const Json& value) {
  if (value.is_object()) {
    for (const auto& [key, inner] : value.items()) {
      if (isFunctionName(key) || functionNamed(key)) return false;
      if (!isLiteral(inner)) return false;
    }
    return true;
  }
  if (value.is_array()) {
    for (const auto& inner : value) {
      if (!isLiteral(inner)) return false;
    }
  }
  return true;
}

}  // namespace

bool usesLanguageExtensions(const Json& root) {
  if (!root.is_object()) return false;
  auto transform = root.find("Transform");
  if (transform == root.end()) return false;
  if (transform->is_string()) return transform->get<std::string>() == kTransform;
  if (transform->is_array()) {
    for (const auto& name : *transform) {
      if (name.is_string() && name.get<std::string>() == kTransform) return true;
    }
  }
  return false;
}

LanguageExtensions::LanguageExtensions(const Json& root, LocationTablePtr locations,
                                       Diagnostics& warnings)
    : root_(root), locations_(std::move(locations)), warnings_(warnings) {}

void LanguageExtensions::fail(const std::string& pointer, const std::string& message) const {
  SourceLocation where = locations_ ? locations_->find(pointer) : SourceLocation{};
  throw C2aError(ErrorKind::InvalidInput, where, message);
}

std::vector<std::string> LanguageExtensions::items(const Json& collection,
                                                   const std::string& pointer) {
  std::vector<std::string> out;
  if (collection.is_array()) {
    for (std::size_t i = 0; i < collection.size(); ++i) {
      const auto& item = collection[i];
      if (item.is_string()) {
        out.push_back(item.get<std::string>());
      } else if (item.is_number() || item.is_boolean()) {
        out.push_back(item.dump());
      } else {
        fail(child(pointer, std::to_string(i)),
             "an item of an Fn::ForEach collection is a string (or a number)");
      }
    }
    return out;
  }
  if (!collection.is_object()) {
    fail(pointer, "an Fn::ForEach collection is a list, or an intrinsic function that gives one");
  }
  if (auto known = knownList(collection)) return items(*known, pointer);
  // A list known only at deploy time (a parameter without a default, an attribute...): what the
  // loop makes is unseen.
  warnings_.push_back(Diagnostic{ErrorKind::InvalidInput,
                                 locations_ ? locations_->find(pointer) : SourceLocation{},
                                 "the Fn::ForEach collection is known only at deploy time (" +
                                     collection.dump() + "): what the loop makes is not analysed",
                                 true});
  return {};
}

std::optional<Json> LanguageExtensions::parameterDefault(const std::string& name) const {
  if (!root_.contains("Parameters") || !root_["Parameters"].is_object()) return std::nullopt;
  const auto& parameters = root_["Parameters"];
  auto parameter = parameters.find(name);
  if (parameter == parameters.end() || !parameter->is_object()) return std::nullopt;
  auto value = parameter->find("Default");
  if (value == parameter->end()) return std::nullopt;
  return *value;
}

std::optional<std::string> LanguageExtensions::knownString(const Json& value) const {
  if (value.is_string()) return value.get<std::string>();
  if (calls(value, Fn::Ref) && value.begin().value().is_string()) {
    auto known = parameterDefault(value.begin().value().get<std::string>());
    if (known && known->is_string()) return known->get<std::string>();
  }
  return std::nullopt;
}

std::optional<Json> LanguageExtensions::knownList(const Json& value) const {
  if (value.is_array()) return value;
  if (!value.is_object() || value.size() != 1) return std::nullopt;
  // A reference to a CommaDelimitedList parameter: its Default is what c2a can know.
  if (calls(value, Fn::Ref) && value.begin().value().is_string()) {
    auto known = parameterDefault(value.begin().value().get<std::string>());
    if (!known) return std::nullopt;
    if (known->is_array()) return *known;
    std::string text = known->is_string() ? known->get<std::string>() : known->dump();
    Json out = Json::array();
    std::size_t start = 0;
    while (start <= text.size()) {
      auto comma = text.find(',', start);
      if (comma == std::string::npos) comma = text.size();
      out.push_back(text.substr(start, comma - start));
      start = comma + 1;
    }
    return out;
  }
  // A mapping lookup [map, key, key] with keys known from literals or parameter defaults.
  if (calls(value, Fn::FindInMap) && value.begin().value().is_array() &&
      value.begin().value().size() >= 3 && root_.contains("Mappings")) {
    const auto& args = value.begin().value();
    auto map = knownString(args[0]), first = knownString(args[1]), second = knownString(args[2]);
    if (!map || !first || !second) return std::nullopt;
    const Json* at = &root_["Mappings"];
    for (const auto* key : {&*map, &*first, &*second}) {
      if (!at->is_object() || !at->contains(*key)) return std::nullopt;
      at = &(*at)[*key];
    }
    if (at->is_array()) return *at;
  }
  return std::nullopt;
}

std::string LanguageExtensions::substitute(const std::string& text,
                                           const std::vector<Binding>& bindings) const {
  std::string out = text;
  for (const auto& binding : bindings) {
    for (const auto& [marker, value] :
         {std::pair{"${" + binding.identifier + "}", binding.item},
          std::pair{"&{" + binding.identifier + "}", alphanumeric(binding.item)}}) {
      std::size_t at = out.find(marker);
      if (at == std::string::npos) continue;
      // One pass, appending: replacing in place moves the rest of the text at every marker.
      std::string replaced;
      std::size_t from = 0;
      for (; at != std::string::npos; at = out.find(marker, from)) {
        replaced.append(out, from, at - from).append(value);
        from = at + marker.size();
        if (madeBytes_ + replaced.size() > kMaxExpandedBytes) tooMuchText();
      }
      replaced.append(out, from);
      out = std::move(replaced);
    }
  }
  madeBytes_ += out.size();
  if (madeBytes_ > kMaxExpandedBytes) tooMuchText();
  return out;
}

void LanguageExtensions::tooMuchText() const {
  fail(loopPointer_,
       fmt::format("Fn::ForEach loops make more than {} MiB of text", kMaxExpandedBytes >> 20));
}

Json LanguageExtensions::substitute(const Json& value, const std::vector<Binding>& bindings,
                                    int depth) const {
  if (depth > kMaxDepth) fail("", "Fn::ForEach fragments nest too deeply");
  if (value.is_string()) return substitute(value.get<std::string>(), bindings);
  if (value.is_array()) {
    Json out = Json::array();
    for (const auto& item : value) out.push_back(substitute(item, bindings, depth + 1));
    return out;
  }
  if (!value.is_object()) return value;
  // A reference to the loop's identifier is the item itself.
  if (calls(value, Fn::Ref) && value.begin().value().is_string()) {
    for (auto it = bindings.rbegin(); it != bindings.rend(); ++it) {
      if (value.begin().value().get<std::string>() != it->identifier) continue;
      madeBytes_ += it->item.size();  // counted like a substituted ${Identifier}
      if (madeBytes_ > kMaxExpandedBytes) tooMuchText();
      return Json(it->item);
    }
  }
  Json out = Json::object();
  for (const auto& [key, inner] : value.items()) {
    out[substitute(key, bindings)] = substitute(inner, bindings, depth + 1);
  }
  return out;
}

void LanguageExtensions::expandLoop(const std::string& key, const Json& loop,
                                    const std::string& pointer, std::vector<Binding>& bindings,
                                    std::vector<ExpandedEntry>& out) {
  if (!loop.is_array() || loop.size() != 3) {
    fail(pointer, key + " takes a list of three: the identifier, the collection and the fragment");
  }
  if (!loop[0].is_string() || loop[0].get<std::string>().empty()) {
    fail(child(pointer, "0"), "the identifier of " + key + " is a non-empty string");
  }
  const std::string identifier = loop[0].get<std::string>();
  // Where a loop that makes too much text is reported: the innermost loop being expanded.
  auto outerLoop = std::exchange(loopPointer_, pointer);
  if (!loop[2].is_object()) {
    fail(child(pointer, "2"), "the fragment of " + key + " is a mapping of output keys to values");
  }
  auto list = items(substitute(loop[1], bindings, 0), child(pointer, "1"));
  const std::string fragmentPointer = child(pointer, "2");
  for (const auto& item : list) {
    bindings.push_back({identifier, item});
    for (const auto& [outputKey, outputValue] : loop[2].items()) {
      auto entryPointer = child(fragmentPointer, outputKey);
      if (isLoopKey(outputKey)) {
        expandLoop(outputKey, outputValue, entryPointer, bindings, out);
        continue;
      }
      if (outputKey.find("${" + identifier + "}") == std::string::npos &&
          outputKey.find("&{" + identifier + "}") == std::string::npos) {
        fail(entryPointer, fmt::format("the output key {} of {} must hold ${{{}}} or &{{{}}}, or "
                                       "every item would make the same key",
                                       outputKey, key, identifier, identifier));
      }
      if (++made_ > kMaxExpanded) {
        fail(pointer, fmt::format("Fn::ForEach loops make more than {} entries", kMaxExpanded));
      }
      out.push_back(
          {substitute(outputKey, bindings), substitute(outputValue, bindings, 0), entryPointer});
    }
    bindings.pop_back();
  }
  loopPointer_ = std::move(outerLoop);
}

std::vector<ExpandedEntry> LanguageExtensions::expandSectionLoop(const std::string& key,
                                                                 const Json& loop,
                                                                 const std::string& pointer) {
  std::vector<Binding> bindings;
  std::vector<ExpandedEntry> out;
  expandLoop(key, loop, pointer, bindings, out);
  for (auto& entry : out) entry.value = expandWithin(entry.value, entry.pointer);
  return out;
}

Json LanguageExtensions::expandObject(const Json& value, const std::string& pointer,
                                      std::vector<Binding>& bindings, int depth) {
  if (depth > kMaxDepth) fail(pointer, "the template nests too deeply");
  if (value.is_array()) {
    Json out = Json::array();
    for (std::size_t i = 0; i < value.size(); ++i) {
      out.push_back(expandObject(value[i], child(pointer, std::to_string(i)), bindings, depth + 1));
    }
    return out;
  }
  if (!value.is_object()) return value;
  Json out = Json::object();
  for (const auto& [key, inner] : value.items()) {
    auto innerPointer = child(pointer, key);
    if (isLoopKey(key)) {
      std::vector<ExpandedEntry> made;
      expandLoop(key, inner, innerPointer, bindings, made);
      for (auto& entry : made) {
        if (out.contains(entry.key))
          fail(entry.pointer, "Fn::ForEach makes the key " + entry.key + " twice");
        out[entry.key] = expandObject(entry.value, entry.pointer, bindings, depth + 1);
      }
      continue;
    }
    out[key] = expandObject(inner, innerPointer, bindings, depth + 1);
  }
  // Inner values first: the JSON text of an object holding a length is known too.
  if (calls(out, Fn::Length)) {
    const auto& operand = out.begin().value();
    if (operand.is_array() && isLiteral(operand)) return Json(operand.size());
  }
  if (calls(out, Fn::ToJsonString)) {
    const auto& operand = out.begin().value();
    if ((operand.is_object() || operand.is_array()) && isLiteral(operand)) {
      return Json(operand.dump());
    }
  }
  return out;
}

void LanguageExtensions::resolvePolicies(Json& resource) const {
  if (!resource.is_object()) return;
  for (const char* key : {"DeletionPolicy", "UpdateReplacePolicy"}) {
    auto policy = resource.find(key);
    if (policy == resource.end() || !policy->is_object()) continue;
    if (auto known = knownString(*policy)) *policy = *known;
  }
}

Json LanguageExtensions::expandWithin(const Json& value, const std::string& pointer) {
  std::vector<Binding> bindings;
  return expandObject(value, pointer, bindings, 0);
}

}  // namespace c2a
