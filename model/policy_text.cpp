#include "model/policy_text.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "model/intrinsics.h"
#include "model/sub_placeholders.h"

namespace c2a {
namespace {

// Policies nest a few levels (Statement, Condition, operator, key); deeper text is no policy.
constexpr int kMostDepth = 64;

// How deep the brackets of JSON `text` nest, strings skipped: read before parsing, so that a
// string of a million `[` never becomes a tree every later walk recurses through.
int bracketDepth(const std::string& text) {
  int depth = 0;
  int most = 0;
  bool inString = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        inString = false;
      }
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '{' || c == '[') {
      most = std::max(most, ++depth);
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return most;
}

std::optional<Json> parseDocument(const std::string& text) {
  if (bracketDepth(text) > kMostDepth) return std::nullopt;
  Json parsed = Json::parse(text, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) return std::nullopt;
  return parsed;
}

// Resource types whose names (and so their ids and ARNs) AWS restricts to characters without a
// quote or a backslash: the ones policies name most. Another type's name may hold any character
// (a CloudWatch alarm's does), and its ARN with it.
constexpr std::string_view kQuoteFreeNames[] = {
    "AWS::S3::Bucket",          "AWS::SQS::Queue",          "AWS::SNS::Topic",
    "AWS::DynamoDB::Table",     "AWS::Lambda::Function",    "AWS::IAM::Role",
    "AWS::IAM::User",           "AWS::IAM::Group",          "AWS::IAM::ManagedPolicy",
    "AWS::KMS::Key",            "AWS::SecretsManager::Secret", "AWS::Kinesis::Stream",
    "AWS::Logs::LogGroup",      "AWS::StepFunctions::StateMachine", "AWS::ECR::Repository",
    "AWS::Events::EventBus",    "AWS::ApiGateway::RestApi", "AWS::ApiGatewayV2::Api",
    "AWS::EC2::VPC",            "AWS::EC2::Subnet",         "AWS::EC2::SecurityGroup",
};

// Whether resource `id.attribute` (attribute empty for a Ref) stands for a value that cannot hold
// a quote or a backslash: a pseudo parameter (not the list of notification ARNs), or a resource
// of a type whose names are restricted, by its Ref or its ARN, name or id.
bool quoteFree(const std::string& id, const std::string& attribute,
               const ResourceTypeOf& resourceType) {
  if (id.rfind("AWS::", 0) == 0) return attribute.empty() && id != "AWS::NotificationARNs";
  auto type = resourceType ? resourceType(id) : std::nullopt;
  if (!type || std::find(std::begin(kQuoteFreeNames), std::end(kQuoteFreeNames), *type) ==
                   std::end(kQuoteFreeNames)) {
    return false;
  }
  if (attribute.empty()) return true;
  if (attribute.find('.') != std::string::npos) return false;
  auto endsWith = [&](std::string_view tail) {
    return attribute.size() >= tail.size() &&
           attribute.compare(attribute.size() - tail.size(), tail.size(), tail) == 0;
  };
  return endsWith("Arn") || endsWith("Name") || endsWith("Id");
}

// A function inside a string of the text: a Ref or Fn::GetAtt that cannot close the string.
bool quoteFreeCall(const Json& value, const ResourceTypeOf& resourceType) {
  if (calls(value, Fn::Ref) && value.begin().value().is_string()) {
    return quoteFree(value.begin().value().get<std::string>(), "", resourceType);
  }
  if (calls(value, Fn::GetAtt)) {
    const Json& argument = value.begin().value();
    if (argument.is_array() && argument.size() == 2 && argument[0].is_string() &&
        argument[1].is_string()) {
      return quoteFree(argument[0].get<std::string>(), argument[1].get<std::string>(),
                       resourceType);
    }
    if (argument.is_string()) {
      const auto& text = argument.get_ref<const std::string&>();
      auto dot = text.find('.');
      return dot != std::string::npos &&
             quoteFree(text.substr(0, dot), text.substr(dot + 1), resourceType);
    }
  }
  return false;
}

// Every string of `value` (keys aside) rewritten by `rewrite`; false when a key holds `marker`
// (a key cannot be a function).
template <class Rewrite>
bool rewriteStrings(Json& value, std::string_view marker, const Rewrite& rewrite) {
  if (value.is_string()) {
    if (value.get_ref<const std::string&>().find(marker) != std::string::npos) {
      value = rewrite(value.get_ref<const std::string&>());
    }
    return true;
  }
  if (value.is_object()) {
    for (auto it = value.begin(); it != value.end(); ++it) {
      if (it.key().find(marker) != std::string::npos) return false;
      if (!rewriteStrings(*it, marker, rewrite)) return false;
    }
  } else if (value.is_array()) {
    for (auto& element : value) {
      if (!rewriteStrings(element, marker, rewrite)) return false;
    }
  }
  return true;
}

// Fn::Sub over text: `${X}` must sit inside the JSON strings, which become Fn::Subs themselves.
// A variable given as text is put in place first, so the parse sees what CloudFormation writes.
PolicyText readSub(Json& value, const ResourceTypeOf& resourceType) {
  const Json& argument = value.begin().value();
  const Json* written = argument.is_string() ? &argument
                        : argument.is_array() && argument.size() == 2 && argument[0].is_string()
                            ? &argument[0]
                            : nullptr;
  if (written == nullptr) return PolicyText::Unreadable;
  const Json* variables = argument.is_array() ? &argument[1] : nullptr;
  if (variables != nullptr && !variables->is_object()) return PolicyText::Unreadable;
  std::string text;
  Json functions = Json::object();  // the variables still to substitute
  const auto& source = written->get_ref<const std::string&>();
  std::size_t at = 0;
  for (const auto& placeholder : subPlaceholders(source)) {
    text.append(source, at, placeholder.offset - at);
    at = placeholder.offset + placeholder.length;
    const Json* given = nullptr;
    if (variables != nullptr) {
      auto found = variables->find(placeholder.expression);
      if (found != variables->end()) given = &*found;
    }
    if (given != nullptr) {
      if (given->is_string()) {
        text += given->get<std::string>();  // text in place, as CloudFormation puts it
        continue;
      }
      if (!quoteFreeCall(*given, resourceType)) return PolicyText::Unreadable;
      functions[placeholder.expression] = *given;
    } else if (!quoteFree(placeholder.name, placeholder.attribute, resourceType)) {
      return PolicyText::Unreadable;
    }
    text.append(source, placeholder.offset, placeholder.length);
  }
  text.append(source, at, std::string::npos);
  auto document = parseDocument(text);
  if (!document) return PolicyText::Unreadable;
  bool read = rewriteStrings(*document, "${", [&](const std::string& part) {
    return functions.empty() ? call(Fn::Sub, part) : call(Fn::Sub, Json::array({part, functions}));
  });
  if (!read) return PolicyText::Unreadable;
  value = std::move(*document);
  return PolicyText::Read;
}

// Fn::Join over text and functions: each function stands in the joined text as a marker no
// template writes, and every string holding markers becomes a join of its pieces.
PolicyText readJoin(Json& value, const ResourceTypeOf& resourceType) {
  const Json& argument = value.begin().value();
  if (!argument.is_array() || argument.size() != 2 || !argument[0].is_string() ||
      !argument[1].is_array()) {
    return PolicyText::Unreadable;
  }
  const std::string& delimiter = argument[0].get_ref<const std::string&>();
  constexpr std::string_view kMarker = "\x1f\x1f";  // never valid inside a JSON string as written
  std::string text;
  std::vector<Json> functions;
  for (std::size_t i = 0; i < argument[1].size(); ++i) {
    if (i != 0) text += delimiter;
    const Json& part = argument[1][i];
    if (part.is_string()) {
      text += part.get_ref<const std::string&>();
    } else {
      if (!quoteFreeCall(part, resourceType)) return PolicyText::Unreadable;
      // Text ending in an escape (`\`) would take the marker's first character as escaped.
      std::size_t slashes = 0;
      while (slashes < text.size() && text[text.size() - 1 - slashes] == '\\') ++slashes;
      if (slashes % 2 != 0) return PolicyText::Unreadable;
      // The marker is escaped as JSON writes control characters, so it parses inside a string.
      text += "\\u001f\\u001f" + std::to_string(functions.size()) + "\\u001f\\u001f";
      functions.push_back(part);
    }
  }
  // Text that spells the marker's character itself (in any case, or raw) could fake one.
  std::size_t escapes = 0;
  for (auto at = text.find("\\u001"); at != std::string::npos; at = text.find("\\u001", at + 1)) {
    ++escapes;
  }
  if (escapes != 4 * functions.size() || text.find('\x1f') != std::string::npos) {
    return PolicyText::Unreadable;
  }
  auto document = parseDocument(text);
  if (!document) return PolicyText::Unreadable;
  bool malformed = false;  // a marker that does not read back as one of c2a's
  bool read = rewriteStrings(*document, kMarker, [&](const std::string& part) {
    Json pieces = Json::array();
    std::size_t at = 0;
    while (at < part.size()) {
      auto open = part.find(kMarker, at);
      if (open == std::string::npos) {
        pieces.push_back(part.substr(at));
        break;
      }
      if (open > at) pieces.push_back(part.substr(at, open - at));
      auto close = part.find(kMarker, open + kMarker.size());
      std::size_t digits = open + kMarker.size();
      if (close == std::string::npos || close == digits) {
        malformed = true;
        break;
      }
      std::size_t index = 0;
      for (std::size_t i = digits; i < close; ++i) {
        if (part[i] < '0' || part[i] > '9' || index > functions.size()) {
          malformed = true;
          break;
        }
        index = index * 10 + static_cast<std::size_t>(part[i] - '0');
      }
      if (malformed || index >= functions.size()) {
        malformed = true;
        break;
      }
      pieces.push_back(functions[index]);
      at = close + kMarker.size();
    }
    return pieces.size() == 1 ? pieces[0] : call(Fn::Join, Json::array({"", std::move(pieces)}));
  });
  if (!read || malformed) return PolicyText::Unreadable;
  // A function outside every string (a list spliced in as `"Resource": <Ref>`) never parses:
  // the marker is only valid inside a string.
  value = std::move(*document);
  return PolicyText::Read;
}

}  // namespace

PolicyText readPolicyText(Json& value, const ResourceTypeOf& resourceType) {
  if (value.is_string()) {
    auto document = parseDocument(value.get<std::string>());
    if (!document) return PolicyText::Unreadable;
    value = std::move(*document);
    return PolicyText::Read;
  }
  if (calls(value, Fn::Sub)) return readSub(value, resourceType);
  if (calls(value, Fn::Join)) return readJoin(value, resourceType);
  if (calls(value, Fn::If)) {
    // Each branch read on its own: either may deploy.
    Json& argument = value.begin().value();
    if (!argument.is_array() || argument.size() != 3) return PolicyText::Unreadable;
    PolicyText out = PolicyText::NotText;
    for (std::size_t i = 1; i < 3; ++i) {
      Json branch = argument[i];
      if (calls(branch, Fn::Ref) && branch.begin().value() == "AWS::NoValue") continue;
      auto read = readPolicyText(branch, resourceType);
      if (read == PolicyText::Unreadable) return PolicyText::Unreadable;
      if (read == PolicyText::Read) {
        argument[i] = std::move(branch);
        out = PolicyText::Read;
      }
    }
    return out;
  }
  if (calls(value, Fn::Ref) && value.begin().value() == "AWS::NoValue") return PolicyText::NotText;
  // A document any other function makes (a parameter's text, a mapping entry) is not read here.
  if (isIntrinsic(value)) return PolicyText::Unreadable;
  return PolicyText::NotText;
}

}  // namespace c2a
