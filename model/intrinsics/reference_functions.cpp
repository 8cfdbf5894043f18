// The functions that refer to something by name: Ref (a resource or parameter), Fn::GetAtt (a
// resource's attribute) and Fn::ImportValue (another stack's export).
#include "model/get_att.h"
#include "model/intrinsics/function_evaluation.h"
#include "model/intrinsics/function_table.h"
#include "model/intrinsics/reference_walk.h"

namespace c2a {
namespace {

void refReferences(ReferenceWalk& walk, const Json& argument) {
  if (argument.is_string()) {
    walk.referTo(ReferenceKind::Ref, argument.get<std::string>());
  } else {
    walk.walk(argument);
  }
}

// AWS::NoValue removes the property; a pseudo parameter or a parameter is what is known of it.
EvaluatedValue refEvaluate(FunctionEvaluation& evaluation, const Json& argument, const Json&,
                           int depth) {
  if (!argument.is_string()) {
    return keptCall(functionName(Fn::Ref), evaluation.value(argument, depth + 1));
  }
  const auto& target = argument.get_ref<const std::string&>();
  if (target == "AWS::NoValue") {
    EvaluatedValue out = evaluatedAs(Json());
    out.absent = true;
    return out;
  }
  if (auto pseudo = evaluation.pseudoParameter(target)) return evaluatedAs(*pseudo);
  bool assumed = false;
  if (auto deployed = evaluation.parameter(target, assumed)) {
    return evaluatedAs(std::move(*deployed), assumed);
  }
  return keptCall(functionName(Fn::Ref), evaluatedAs(argument));
}

std::optional<Json> refRenamed(const Json& argument, const LogicalIdRenames& renames) {
  if (!argument.is_string()) return std::nullopt;
  const auto* to = renames.renamed(argument.get<std::string>());
  if (to == nullptr) return std::nullopt;
  return call(Fn::Ref, *to);
}

std::optional<std::string> refReadable(const Json& argument, const ReadableNames* names) {
  if (!argument.is_string()) return std::nullopt;
  return "${" + readableName(argument.get<std::string>(), names) + "}";
}

// `!GetAtt A.B.C` splits at the first dot: attribute `B.C` (a nested stack's `Outputs.X`).
Json getAttScalar(const std::string& text) {
  auto dot = text.find('.');
  if (dot == std::string::npos) return text;
  return Json::array({text.substr(0, dot), text.substr(dot + 1)});
}

void getAttReferences(ReferenceWalk& walk, const Json& argument) {
  // CloudFormation wants two parts: ["X", "Attr"] or "X.Attr".
  bool twoParts = argument.is_array()
                      ? argument.size() == 2
                      : !argument.is_string() ||
                            argument.get_ref<const std::string&>().find('.') != std::string::npos;
  if (!twoParts) {
    walk.malformed(
        "Fn::GetAtt takes a logical id and an attribute ([\"X\", \"Arn\"] or \"X.Arn\"), not " +
        argument.dump());
  }
  auto parsed = parseGetAtt(argument);
  if (!parsed) {
    walk.walk(argument);
    return;
  }
  walk.referTo(ReferenceKind::GetAtt, parsed->logicalId, parsed->attribute);
  if (parsed->attributeExpression != nullptr) walk.walkChild("1", *parsed->attributeExpression);
}

// "A.B" and ["A", "B"] are one value: the list is the canonical form.
std::optional<Json> getAttCanonical(const Json& argument) {
  if (!argument.is_string()) return std::nullopt;
  const auto& text = argument.get_ref<const std::string&>();
  if (text.find('.') == std::string::npos) return std::nullopt;
  return call(Fn::GetAtt, getAttScalar(text));
}

std::optional<Json> getAttRenamed(const Json& argument, const LogicalIdRenames& renames) {
  if (!argument.is_array() || argument.empty() || !argument[0].is_string()) return std::nullopt;
  Json out = renames.inside(argument);
  if (const auto* to = renames.renamed(argument[0].get<std::string>())) out[0] = *to;
  return call(Fn::GetAtt, std::move(out));
}

std::optional<std::string> getAttReadable(const Json& argument, const ReadableNames* names) {
  if (argument.is_string())
    return "${" + readablePlaceholder(argument.get<std::string>(), names) + "}";
  if (argument.is_array() && argument.size() == 2 && argument[0].is_string() &&
      argument[1].is_string()) {
    return "${" + readableName(argument[0].get<std::string>(), names) + "." +
           argument[1].get<std::string>() + "}";
  }
  return std::nullopt;
}

// The name is often built from parameters: those are references too.
void importValueReferences(ReferenceWalk& walk, const Json& argument) {
  walk.referToImport(argument);
  walk.walk(argument);
}

std::optional<std::string> importValueReadable(const Json& argument, const ReadableNames* names) {
  return "${Import:" + readableText(argument, names) + "}";
}

}  // namespace

IntrinsicFunction refFunction() {
  return {.id = Fn::Ref,
          .name = "Ref",
          .references = refReferences,
          .evaluate = refEvaluate,
          .renamed = refRenamed,
          .readable = refReadable};
}

IntrinsicFunction getAttFunction() {
  // Known at deploy time only: an attribute is what the resource reports once it exists.
  return {.id = Fn::GetAtt,
          .name = "Fn::GetAtt",
          .scalarArgument = getAttScalar,
          .references = getAttReferences,
          .canonical = getAttCanonical,
          .renamed = getAttRenamed,
          .readable = getAttReadable};
}

IntrinsicFunction importValueFunction() {
  return {.id = Fn::ImportValue,
          .name = "Fn::ImportValue",
          .references = importValueReferences,
          .readable = importValueReadable};
}

}  // namespace c2a
