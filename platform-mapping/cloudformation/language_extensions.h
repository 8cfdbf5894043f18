#pragma once
// The AWS::LanguageExtensions transform, run as CloudFormation runs it before a deployment:
// `Fn::ForEach` loops (in Resources, Outputs, Conditions, and inside resource properties) are
// expanded, with `${Identifier}` and `&{Identifier}` (non-alphanumerics removed) substituted in
// keys and strings and `{"Ref": Identifier}` replaced by the item; nested loops are expanded too.
// `Fn::Length` and `Fn::ToJsonString` of literal values are computed; of values that hold other
// intrinsics they stay as written (compared as written, like every unevaluated intrinsic).
#include <optional>
#include <string>
#include <vector>

#include "model/error.h"
#include "model/json.h"
#include "model/location_table.h"

namespace c2a {

/// Whether the template declares the AWS::LanguageExtensions transform.
bool usesLanguageExtensions(const Json& root);

/// One entry a loop makes in a section: its key (a logical id), its value, and the JSON pointer
/// of the fragment it was made from (so its values point into the loop in reports).
struct ExpandedEntry {
  std::string key;
  Json value;
  std::string pointer;
};

class LanguageExtensions {
 public:
  /// `root` is the template (parameter defaults give a `Ref` collection its items).
  LanguageExtensions(const Json& root, LocationTablePtr locations, Diagnostics& warnings);

  /// The entries the loop `key` (`Fn::ForEach::Name`) of a section at `pointer` makes. A
  /// malformed loop throws C2aError InvalidInput at its location. The collection is a list, a
  /// `Ref` to a CommaDelimitedList parameter (its Default) or an `Fn::FindInMap` with known keys;
  /// a loop whose items are known only at deploy time makes nothing here and a not-analysed
  /// warning.
  std::vector<ExpandedEntry> expandSectionLoop(const std::string& key, const Json& loop,
                                               const std::string& pointer);

  /// `value` with every loop inside it expanded and Fn::Length / Fn::ToJsonString of literals
  /// computed (a resource's body).
  Json expandWithin(const Json& value, const std::string& pointer);

  /// A resource's DeletionPolicy and UpdateReplacePolicy given as `{"Ref": Parameter}` (which the
  /// transform allows) take the parameter's Default, as CloudFormation would without a value
  /// given; other intrinsics there stay as written.
  void resolvePolicies(Json& resource) const;

 private:
  struct Binding {
    std::string identifier;
    std::string item;
  };

  std::vector<std::string> items(const Json& collection, const std::string& pointer);
  // What c2a can know without a deployment: literals and parameter defaults.
  [[nodiscard]] std::optional<Json> parameterDefault(const std::string& name) const;
  [[nodiscard]] std::optional<std::string> knownString(const Json& value) const;
  [[nodiscard]] std::optional<Json> knownList(const Json& value) const;
  void expandLoop(const std::string& key, const Json& loop, const std::string& pointer,
                  std::vector<Binding>& bindings, std::vector<ExpandedEntry>& out);
  Json substitute(const Json& value, const std::vector<Binding>& bindings, int depth) const;
  std::string substitute(const std::string& text, const std::vector<Binding>& bindings) const;
  Json expandObject(const Json& value, const std::string& pointer, std::vector<Binding>& bindings,
                    int depth);
  [[noreturn]] void fail(const std::string& pointer, const std::string& message) const;
  [[noreturn]] void tooMuchText() const;

  const Json& root_;
  LocationTablePtr locations_;
  Diagnostics& warnings_;
  std::size_t made_ = 0;  // entries made so far: nested loops multiply, and must stay bounded
  mutable std::size_t madeBytes_ = 0;  // and the text of the strings they make
  std::string loopPointer_;            // the loop being expanded
};

}  // namespace c2a
