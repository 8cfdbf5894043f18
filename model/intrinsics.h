#pragma once
// CloudFormation's intrinsic functions, recognised in one place (issue 11: one home for
// CloudFormation's semantics). Every stage asks here whether a value or a path step is a function
// and which one; what each function does (references, evaluation, "same value", renames, YAML
// short form, reading) is its entry in the table of model/intrinsics/function_table.cpp.
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "model/json.h"

namespace c2a {

/// How a reviewer knows a stack's resources, by logical id: the construct path of a CDK app's
/// (model/construct_labels.h); a resource not in it is shown by its logical id.
using ReadableNames = std::map<std::string, std::string, std::less<>>;

/// The functions c2a knows by name. Stages name them so, never by their spelling in a template.
enum class Fn : std::uint8_t {
  Ref,
  GetAtt,
  Sub,
  Join,
  Select,
  Split,
  Base64,
  Cidr,
  GetAZs,
  ImportValue,
  FindInMap,
  If,
  Condition,  // {"Condition": "IsProd"}: a condition named inside a condition expression
  Equals,
  And,
  Or,
  Not,
  Length,
  ToJsonString,
  Transform,
  Contains,  // the rule functions of a template's `Rules` section
  EachMemberEquals,
  EachMemberIn,
  RefAll,
  ValueOf,
  ValueOfAll,
};

/// How a template spells the function: "Ref", "Fn::GetAtt", "Condition".
std::string_view functionName(Fn function);
/// The function a key names (`Fn::If` → Fn::If); nothing for other keys and unknown functions.
std::optional<Fn> functionNamed(std::string_view key);
/// The known function `value` calls, when it is a one-key object calling one (a condition
/// reference included); nothing otherwise.
std::optional<Fn> calledFunction(const Json& value);
/// True when `value` is a one-key object calling `function`.
bool calls(const Json& value, Fn function);
/// The call `{"Fn::...": argument}`.
Json call(Fn function, Json argument);
/// `Fn::ForEach::Name`: a loop of AWS::LanguageExtensions, written as a key with a name after it.
bool isForEachKey(std::string_view key);

/// `at`, moved past the path steps that enter a branch of an Fn::If (`X.Fn::If.1.Y`): either
/// branch holds a value of the property's own shape, so a walk of the property looks through.
std::size_t pastConditionBranches(std::span<const std::string> steps, std::size_t at);

/// What a rename of logical ids needs of the caller (model-diffing knows the renames).
class LogicalIdRenames {
 public:
  virtual ~LogicalIdRenames() = default;
  /// The AFTER id of a BEFORE id that was renamed; null otherwise.
  [[nodiscard]] virtual const std::string* renamed(const std::string& id) const = 0;
  /// A value nested in a call, renamed.
  [[nodiscard]] virtual Json inside(const Json& value) const = 0;
};
/// `call` (an intrinsic) with the logical ids it names renamed: Ref, Fn::GetAtt, the `${X}` of
/// Fn::Sub. Nothing when the function names none (then only the values nested in it change).
std::optional<Json> renamedCall(const Json& call, const LogicalIdRenames& renames);

/// The long form's key of a YAML short-form tag: "Ref" for `!Ref`, "Fn::Sub" for `!Sub`,
/// "Condition" for `!Condition`; nothing for other tags.
std::optional<std::string> functionKeyForTag(std::string_view tag);
/// The call a tagged scalar stands for: `!Ref X` → {"Ref": "X"}; `!GetAtt A.B.C` →
/// {"Fn::GetAtt": ["A", "B.C"]}. A scalar argument is always text.
Json callFromScalar(const std::string& key, const std::string& text);

/// `Ref` or an `Fn::` function: the keys that make a one-key object a function call, and the
/// path steps (`X.Fn::If.1`) that walk into one.
bool isFunctionName(std::string_view key);

/// `{"Condition": "IsProd"}`: a reference to a condition, inside condition expressions and the
/// branches CloudFormation evaluates them in.
bool isConditionReference(const Json& value);

/// A one-key object that calls a function (`{"Ref": ...}`, `{"Fn::Join": ...}`) or refers to a
/// condition.
bool isIntrinsic(const Json& value);

/// True when the value holds no function call and no dynamic reference (`{{resolve:...}}`)
/// anywhere: CloudFormation deploys it as written.
bool isPlainValue(const Json& value);

/// True when the value holds an `Fn::If` anywhere: which branch is deployed depends on a
/// condition, so a reference inside it may or may not be the one used.
bool hasConditionalValue(const Json& value);

/// A value as a reviewer reads it, on one line: `${Bucket.Arn}` for `Fn::GetAtt`, `${Stage}` for
/// `Ref`, an `Fn::Join` joined and an `Fn::Sub` with its variables in place (as the CDK's
/// security tables show them); a string as itself; anything else as compact JSON.
/// With `names`, a resource it names is shown by that name instead of its logical id (a CDK
/// construct path: `${Handler/ServiceRole.Arn}`, as `cdk diff` shows it).
std::string readableText(const Json& value, const ReadableNames* names = nullptr);
/// `value` with each function call inside it replaced by its readableText, for values shown as
/// JSON (a policy's Condition block).
Json readableJson(const Json& value, const ReadableNames* names = nullptr);

}  // namespace c2a
