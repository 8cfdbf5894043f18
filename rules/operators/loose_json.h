#pragma once
// CloudFormation's loose scalars: templates write the same value as 5 or "5", true or "true",
// and CloudFormation treats them alike, so the value operators do too.
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "model/json.h"
#include "rules/value.h"

namespace c2a::rules {

/// The JSON value of a Values operand, or null for a component, change or pattern.
const Json* jsonOf(const Value& value);

/// The same value as CloudFormation reads it (model/same_value.h's `equivalent`, which the differ
/// uses too): scalars compare by the text CloudFormation passes on, so 5 equals "5" and 5.0, true
/// equals "true" (but not "TRUE": that is other text); arrays in order, objects key by key.
bool looseEquals(const Json& a, const Json& b);

/// A number, or a string that holds exactly one (finite) number.
std::optional<double> numberOf(const Json& value);

/// Both operands as numbers, or nothing when either is not a JSON value holding a number.
std::optional<std::pair<double, double>> numberPair(const Value& lhs, const Value& rhs);

/// A string; a number or boolean as JSON writes it (into `buffer`, which the view may point at).
/// Null, arrays and objects have no text.
std::optional<std::string_view> textOf(const Json& value, std::string& buffer);

/// The list `container` has an element loosely equal to `item`, or the string `container` holds
/// `item`'s text. `contains` reads it left to right, `in` right to left.
bool holds(const Json& container, const Json& item);

/// Both operands have a text (textOf) and `test(lhs text, rhs text)` holds.
bool textsSatisfy(const Value& lhs, const Value& rhs,
                  bool (*test)(std::string_view text, std::string_view part));

}  // namespace c2a::rules
