// The functions that build text and lists: Fn::Sub, Fn::Join, Fn::Select, Fn::Split, Fn::Base64
// and Fn::Cidr.
#include <openssl/evp.h>

#include <algorithm>
#include <map>

#include "model/intrinsics/function_evaluation.h"
#include "model/intrinsics/function_table.h"
#include "model/intrinsics/reference_walk.h"
#include "model/pseudo_parameter.h"
#include "model/same_value.h"
#include "model/sub_placeholders.h"

namespace c2a {
namespace {

// ---- Fn::Sub ----

// The text and the variables of either form: "text" or ["text", {variables}].
struct SubArguments {
  const Json* text = nullptr;
  const Json* variables = nullptr;
};

SubArguments subArguments(const Json& argument) {
  if (argument.is_string()) return {&argument, nullptr};
  if (argument.is_array() && argument.size() == 2 && argument[0].is_string() &&
      argument[1].is_object()) {
    return {&argument[0], &argument[1]};
  }
  return {};
}

void subTextReferences(ReferenceWalk& walk, const std::string& text, const Json* variables) {
  for (const auto& placeholder : subPlaceholders(text)) {
    if (variables != nullptr && variables->contains(placeholder.expression)) continue;
    if (isPseudoParameter(placeholder.name)) continue;
    walk.referTo(ReferenceKind::Sub, placeholder.name, placeholder.attribute);
  }
}

void subReferences(ReferenceWalk& walk, const Json& argument) {
  auto parts = subArguments(argument);
  if (parts.text == nullptr) {
    walk.walk(argument);
  } else if (parts.variables == nullptr) {
    subTextReferences(walk, parts.text->get_ref<const std::string&>(), nullptr);
  } else {
    walk.enter("0");
    subTextReferences(walk, parts.text->get_ref<const std::string&>(), parts.variables);
    walk.leave();
    walk.enter("1");
    for (auto it = parts.variables->begin(); it != parts.variables->end(); ++it) {
      walk.walkChild(it.key(), it.value());
    }
    walk.leave();
  }
}

// Two renderings at once: `plain`, the deployed text (`${!Literal}` escapes of the template's
// own text become `${Literal}`, substituted values stay as they are), and `pending`, the text
// still to substitute at deploy time (the template's text as written, substituted values
// escaped so that a `${` in them is no placeholder).
struct SubRendering {
  const std::string& source;
  std::string plain, pending;

  void literal(std::size_t start, std::size_t end) {
    pending.append(source, start, end - start);
    for (std::size_t i = start; i < end; ++i) {
      if (i + 2 < end && source.compare(i, 3, "${!") == 0) {
        plain += "${";
        i += 2;
      } else {
        plain += source[i];
      }
    }
  }

  void substituted(const std::string& value) {
    plain += value;
    for (std::size_t i = 0; i < value.size(); ++i) {
      pending += value[i];
      if (value.compare(i, 2, "${") == 0) {
        pending += "{!";
        ++i;
      }
    }
  }
};

// What is left for deploy time: the text, with the variables it still uses.
EvaluatedValue subPartial(const std::string& pending, const Json* variables, bool assumed) {
  EvaluatedValue partial;
  partial.complete = false;
  partial.assumed = assumed;
  if (variables == nullptr) {
    partial.value = call(Fn::Sub, pending);
    return partial;
  }
  // Variables used are inlined; the rest stay in the map for deploy time.
  Json rest = Json::object();
  for (const auto& [key, variable] : variables->items()) {
    if (pending.find("${" + key + "}") != std::string::npos) rest[key] = variable;
  }
  partial.value =
      rest.empty() ? call(Fn::Sub, pending) : call(Fn::Sub, Json::array({pending, rest}));
  return partial;
}

EvaluatedValue subEvaluate(FunctionEvaluation& evaluation, const Json& argument,
                           const Json& written, int depth) {
  auto parts = subArguments(argument);
  if (parts.text == nullptr) {
    return keptCall(functionName(Fn::Sub), evaluation.value(argument, depth + 1));
  }
  SubRendering rendering{parts.text->get_ref<const std::string&>(), {}, {}};
  bool complete = true;
  bool assumed = false;
  std::size_t from = 0;
  // Each variable is evaluated once, however often its placeholder appears: nested Fn::Subs
  // that use a variable twice stay linear in their depth.
  std::map<std::string, EvaluatedValue, std::less<>> evaluatedVariables;
  for (const auto& placeholder : subPlaceholders(rendering.source)) {
    rendering.literal(from, placeholder.offset);
    from = placeholder.offset + placeholder.length;
    const EvaluatedValue* part = nullptr;
    std::optional<EvaluatedValue> reference;
    if (parts.variables != nullptr && parts.variables->contains(placeholder.expression)) {
      auto [it, added] = evaluatedVariables.try_emplace(placeholder.expression);
      if (added)
        it->second = evaluation.value((*parts.variables)[placeholder.expression], depth + 1);
      part = &it->second;
    } else if (placeholder.attribute.empty()) {
      reference = intrinsicFunction(Fn::Ref).evaluate(evaluation, Json(placeholder.expression),
                                                      written, depth + 1);
      part = &*reference;
    }
    if (part != nullptr && part->complete && isScalarValue(part->value)) {
      rendering.substituted(scalarText(part->value));
      assumed = assumed || part->assumed;
    } else {
      rendering.pending.append(rendering.source, placeholder.offset, placeholder.length);
      complete = false;  // kept for deploy time
    }
    if (rendering.plain.size() > kMaxEvaluatedText ||
        rendering.pending.size() > kMaxEvaluatedText) {
      return tooLong(written);
    }
  }
  rendering.literal(from, rendering.source.size());
  if (complete) return evaluatedAs(rendering.plain, assumed);
  return subPartial(rendering.pending, parts.variables, assumed);
}

// Without variables: a text without placeholders is that text, and one that is a single
// placeholder is the Ref or Fn::GetAtt it stands for (`${AWS::Region}`, `${A.Arn}`).
std::optional<Json> subCanonical(const Json& argument) {
  const Json* text = nullptr;
  if (argument.is_string()) text = &argument;
  if (argument.is_array() && argument.size() == 2 && argument[1].is_object() &&
      argument[1].empty() && argument[0].is_string()) {
    text = &argument[0];
  }
  if (text == nullptr) return std::nullopt;
  const auto& sub = text->get_ref<const std::string&>();
  if (sub.find("${") == std::string::npos) return sub;
  if (sub.starts_with("${") && sub.ends_with("}") && sub.size() > 3 && sub[2] != '!' &&
      sub.find_first_of("${}", 2) == sub.size() - 1) {
    auto name = sub.substr(2, sub.size() - 3);
    auto dot = name.find('.');
    if (dot == std::string::npos) return call(Fn::Ref, name);
    return call(Fn::GetAtt, Json::array({name.substr(0, dot), name.substr(dot + 1)}));
  }
  return call(Fn::Sub, sub);
}

// `${Name}` and `${Name.Attr}` placeholders of the text; `${!Literal}` is text.
std::string subTextRenamed(const std::string& text, const LogicalIdRenames& renames) {
  std::string out;
  out.reserve(text.size());
  std::size_t at = 0;
  for (const auto& placeholder : subPlaceholders(text)) {
    const auto* to = renames.renamed(placeholder.name);
    if (to == nullptr) continue;
    out.append(text, at, placeholder.offset - at);
    out += "${" + *to;
    if (placeholder.expression.size() > placeholder.name.size()) {
      out.append(placeholder.expression, placeholder.name.size(), std::string::npos);
    }
    out += '}';
    at = placeholder.offset + placeholder.length;
  }
  out.append(text, at, std::string::npos);
  return out;
}

std::optional<Json> subRenamed(const Json& argument, const LogicalIdRenames& renames) {
  if (argument.is_string()) {
    return call(Fn::Sub, subTextRenamed(argument.get<std::string>(), renames));
  }
  if (argument.is_array() && !argument.empty() && argument[0].is_string()) {
    Json out = renames.inside(argument);
    out[0] = subTextRenamed(argument[0].get<std::string>(), renames);
    return call(Fn::Sub, std::move(out));
  }
  return std::nullopt;
}

// The text with the variables its map gives put in place (`${Name}` stays for the others).
// The text with each placeholder a variable names replaced by the variable's value, and each
// other one naming a resource by its readable name; `${!Literal}` stays as written.
std::optional<std::string> subReadable(const Json& argument, const ReadableNames* names) {
  const Json* variables = nullptr;
  if (argument.is_array() && argument.size() == 2 && argument[0].is_string() &&
      argument[1].is_object()) {
    variables = &argument[1];
  } else if (!argument.is_string()) {
    return std::nullopt;
  }
  const auto& text = (variables != nullptr ? argument[0] : argument).get_ref<const std::string&>();
  std::string out;
  for (std::size_t pos = 0; pos < text.size();) {
    auto start = text.find("${", pos);
    auto end = start == std::string::npos ? start : text.find('}', start + 2);
    if (end == std::string::npos) {
      out.append(text, pos);
      break;
    }
    out.append(text, pos, start - pos);
    std::string_view inner(text.data() + start + 2, end - start - 2);
    const Json* variable = nullptr;
    if (variables != nullptr) {
      auto it = variables->find(std::string(inner));
      if (it != variables->end()) variable = &*it;
    }
    if (variable != nullptr) {
      out += readableText(*variable, names);
    } else if (!inner.empty() && inner.front() == '!') {
      out.append(text, start, end + 1 - start);
    } else {
      out += "${" + readablePlaceholder(inner, names) + "}";
    }
    pos = end + 1;
  }
  if (out.empty()) return std::nullopt;
  return out;
}

// ---- Fn::Join, Fn::Select, Fn::Split, Fn::Base64 ----

// These evaluate once their whole argument is known; a shape CloudFormation would refuse is kept.
template <typename Compute>
EvaluatedValue onceKnown(Fn function, FunctionEvaluation& evaluation, const Json& argument,
                         int depth, Compute compute) {
  auto evaluated = evaluation.value(argument, depth + 1);
  if (evaluated.complete) {
    if (auto out = compute(evaluated.value, evaluated.assumed)) return std::move(*out);
  }
  return keptCall(functionName(function), std::move(evaluated));
}

EvaluatedValue joinEvaluate(FunctionEvaluation& evaluation, const Json& argument,
                            const Json& written, int depth) {
  return onceKnown(Fn::Join, evaluation, argument, depth,
                   [&](const Json& parts, bool assumed) -> std::optional<EvaluatedValue> {
                     if (!parts.is_array() || parts.size() != 2 || !parts[0].is_string() ||
                         !parts[1].is_array()) {
                       return std::nullopt;
                     }
                     std::string joined;
                     for (std::size_t i = 0; i < parts[1].size(); ++i) {
                       if (!isScalarValue(parts[1][i])) return std::nullopt;
                       if (i > 0) joined += parts[0].get<std::string>();
                       joined += scalarText(parts[1][i]);
                       if (joined.size() > kMaxEvaluatedText) return tooLong(written);
                     }
                     return evaluatedAs(joined, assumed);
                   });
}

// Of one literal part, there is no separator: it is that part.
std::optional<Json> joinCanonical(const Json& argument) {
  if (argument.is_array() && argument.size() == 2 && argument[0].is_string() &&
      argument[1].is_array() && argument[1].size() == 1 && argument[1][0].is_string()) {
    return argument[1][0];
  }
  return std::nullopt;
}

std::optional<std::string> joinReadable(const Json& argument, const ReadableNames* names) {
  if (!argument.is_array() || argument.size() != 2 || !argument[0].is_string() ||
      !argument[1].is_array()) {
    return std::nullopt;
  }
  std::string out;
  const auto& separator = argument[0].get_ref<const std::string&>();
  bool first = true;
  for (const auto& part : argument[1]) {
    if (!first) out += separator;
    first = false;
    out += readableText(part, names);
  }
  if (out.empty()) return std::nullopt;
  return out;
}

EvaluatedValue selectEvaluate(FunctionEvaluation& evaluation, const Json& argument, const Json&,
                              int depth) {
  return onceKnown(
      Fn::Select, evaluation, argument, depth,
      [](const Json& parts, bool assumed) -> std::optional<EvaluatedValue> {
        if (!parts.is_array() || parts.size() != 2 || !isScalarValue(parts[0]) ||
            !parts[1].is_array()) {
          return std::nullopt;
        }
        const auto text = scalarText(parts[0]);
        if (text.empty() || text.size() >= 9 ||
            !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
          return std::nullopt;
        }
        auto index = static_cast<std::size_t>(std::stoul(text));
        if (index >= parts[1].size()) return std::nullopt;
        return evaluatedAs(parts[1][index], assumed);
      });
}

EvaluatedValue splitEvaluate(FunctionEvaluation& evaluation, const Json& argument, const Json&,
                             int depth) {
  return onceKnown(Fn::Split, evaluation, argument, depth,
                   [](const Json& parts, bool assumed) -> std::optional<EvaluatedValue> {
                     if (!parts.is_array() || parts.size() != 2 || !parts[0].is_string() ||
                         !isScalarValue(parts[1])) {
                       return std::nullopt;
                     }
                     return evaluatedAs(
                         splitList(scalarText(parts[1]), parts[0].get<std::string>(), false),
                         assumed);
                   });
}

std::string base64(const std::string& text) {
  std::string out(4 * ((text.size() + 2) / 3) + 1, '\0');
  int length = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                               reinterpret_cast<const unsigned char*>(text.data()),
                               static_cast<int>(text.size()));
  out.resize(static_cast<std::size_t>(std::max(length, 0)));
  return out;
}

EvaluatedValue base64Evaluate(FunctionEvaluation& evaluation, const Json& argument, const Json&,
                              int depth) {
  return onceKnown(Fn::Base64, evaluation, argument, depth,
                   [](const Json& text, bool assumed) -> std::optional<EvaluatedValue> {
                     if (!isScalarValue(text)) return std::nullopt;
                     return evaluatedAs(base64(scalarText(text)), assumed);
                   });
}

}  // namespace

IntrinsicFunction subFunction() {
  return {.id = Fn::Sub,
          .name = "Fn::Sub",
          .references = subReferences,
          .evaluate = subEvaluate,
          .canonical = subCanonical,
          .renamed = subRenamed,
          .readable = subReadable};
}

IntrinsicFunction joinFunction() {
  return {.id = Fn::Join,
          .name = "Fn::Join",
          .evaluate = joinEvaluate,
          .canonical = joinCanonical,
          .readable = joinReadable};
}

IntrinsicFunction selectFunction() {
  return {.id = Fn::Select, .name = "Fn::Select", .evaluate = selectEvaluate};
}

IntrinsicFunction splitFunction() {
  return {.id = Fn::Split, .name = "Fn::Split", .evaluate = splitEvaluate};
}

IntrinsicFunction base64Function() {
  return {.id = Fn::Base64, .name = "Fn::Base64", .evaluate = base64Evaluate};
}

// Known at deploy time only: c2a does not compute address blocks.
IntrinsicFunction cidrFunction() {
  return {.id = Fn::Cidr, .name = "Fn::Cidr"};
}

}  // namespace c2a
