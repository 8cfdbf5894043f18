#include "model/same_value.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

#include "model/intrinsics/function_table.h"
#include "model/json_writer.h"

namespace c2a {
namespace {

std::size_t mix(std::size_t seed, std::size_t value) {
  // boost::hash_combine's constant: spreads bits so ordered combinations differ.
  return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

// scalarText(a) == scalarText(b), without building either text when both are strings or the
// same kind of whole number or flag: equivalent() asks this of every scalar a diff compares.
bool sameScalarText(const Json& a, const Json& b) {
  if (a.type() == b.type()) {
    switch (a.type()) {
      case Json::value_t::string:
        return a.get_ref<const std::string&>() == b.get_ref<const std::string&>();
      case Json::value_t::boolean: return a.get<bool>() == b.get<bool>();
      case Json::value_t::number_integer: return a.get<std::int64_t>() == b.get<std::int64_t>();
      case Json::value_t::number_unsigned: return a.get<std::uint64_t>() == b.get<std::uint64_t>();
      default: break;
    }
  }
  return scalarText(a) == scalarText(b);
}

}  // namespace

Json normalizeIntrinsics(const Json& value) {
  if (value.is_array()) {
    Json out = Json::array();
    out.get_ref<Json::array_t&>().reserve(value.size());
    for (const auto& element : value) out.push_back(normalizeIntrinsics(element));
    return out;
  }
  if (!value.is_object()) return value;
  if (isIntrinsic(value)) {
    const auto* function = intrinsicFunctionNamed(value.begin().key());
    if (function != nullptr && function->canonical != nullptr) {
      if (auto canonical = function->canonical(value.begin().value())) return std::move(*canonical);
    }
  }
  Json out = Json::object();
  auto& members = out.get_ref<Json::object_t&>();
  members.makeRoom(value.size());
  // Keys are unique already: append, instead of a linear lookup per key.
  for (const auto& [key, member] : value.items()) members.append(key, normalizeIntrinsics(member));
  return out;
}

std::string scalarText(const Json& scalar) {
  switch (scalar.type()) {
    case Json::value_t::string: return scalar.get<std::string>();
    case Json::value_t::boolean: return scalar.get<bool>() ? "true" : "false";
    case Json::value_t::number_integer: return std::to_string(scalar.get<std::int64_t>());
    case Json::value_t::number_unsigned: return std::to_string(scalar.get<std::uint64_t>());
    case Json::value_t::number_float: {
      double number = scalar.get<double>();
      // 1.0 and 1 are the same number to CloudFormation.
      // In range first: converting a double outside int64's range is undefined behaviour.
      if (number > -9.0e15 && number < 9.0e15 &&
          number == static_cast<double>(static_cast<std::int64_t>(number))) {
        return std::to_string(static_cast<std::int64_t>(number));
      }
      return fmt::format("{}", number);
    }
    case Json::value_t::null: return "";
    default: return scalar.dump();
  }
}

bool equivalent(const Json& a, const Json& b) {
  if (a.is_object() != b.is_object() || a.is_array() != b.is_array()) return false;
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    MemberIndex members(b);
    for (const auto& [key, member] : a.items()) {
      const Json* other = members.find(key);
      if (other == nullptr || !equivalent(member, *other)) return false;
    }
    return true;
  }
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!equivalent(a[i], b[i])) return false;
    }
    return true;
  }
  if (a.is_null() != b.is_null()) return false;
  return sameScalarText(a, b);
}

bool identical(const Json& a, const Json& b) {
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case Json::value_t::object: {
      const auto& x = a.get_ref<const Json::object_t&>();
      const auto& y = b.get_ref<const Json::object_t&>();
      return std::equal(x.begin(), x.end(), y.begin(), y.end(), [](const auto& m, const auto& n) {
        return m.first == n.first && identical(m.second, n.second);
      });
    }
    case Json::value_t::array: {
      const auto& x = a.get_ref<const Json::array_t&>();
      const auto& y = b.get_ref<const Json::array_t&>();
      return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                        [](const Json& m, const Json& n) { return identical(m, n); });
    }
    case Json::value_t::null: return true;
    case Json::value_t::string:
      return a.get_ref<const std::string&>() == b.get_ref<const std::string&>();
    case Json::value_t::boolean: return a.get<bool>() == b.get<bool>();
    case Json::value_t::number_integer: return a.get<std::int64_t>() == b.get<std::int64_t>();
    case Json::value_t::number_unsigned: return a.get<std::uint64_t>() == b.get<std::uint64_t>();
    // Not a NaN: it is never identical to anything, not even itself.
    case Json::value_t::number_float: return a.get<double>() == b.get<double>();
    default: return false;  // binary and discarded values never come from a reader
  }
}

constexpr std::size_t kIndexedObjectSize = 16;

MemberIndex::MemberIndex(const Json& object) : object_(object) {
  if (object.size() <= kIndexedObjectSize) return;
  members_.reserve(object.size());
  for (const auto& [key, member] : object.items()) members_.emplace(key, &member);
}

const Json* MemberIndex::find(const std::string& key) const {
  if (object_.size() <= kIndexedObjectSize) {
    auto it = object_.find(key);
    return it == object_.end() ? nullptr : &*it;
  }
  auto it = members_.find(key);
  return it == members_.end() ? nullptr : it->second;
}

std::size_t equivalenceHash(const Json& value) {
  std::hash<std::string> hashText;
  if (value.is_object()) {
    // Order-independent: a sum of member hashes.
    std::size_t sum = 0x51ed27;
    for (const auto& [key, member] : value.items()) {
      sum += mix(hashText(key), equivalenceHash(member));
    }
    return mix(0x0b1ec7, sum);
  }
  if (value.is_array()) {
    std::size_t seed = 0xa77a1;
    for (const auto& element : value) seed = mix(seed, equivalenceHash(element));
    return seed;
  }
  if (value.is_null()) return 0x2a11;
  // std::hash of a string_view equals that of the string with the same characters.
  if (value.is_string()) return std::hash<std::string_view>{}(value.get_ref<const std::string&>());
  return hashText(scalarText(value));
}

namespace {

void appendCanonical(const Json& value, std::string& out) {
  if (value.is_object()) {
    std::vector<std::pair<std::string_view, const Json*>> members;
    members.reserve(value.size());
    for (auto it = value.begin(); it != value.end(); ++it) members.emplace_back(it.key(), &*it);
    std::sort(members.begin(), members.end());
    out += '{';
    for (const auto& [key, member] : members) {
      appendQuoted(out, key, JsonStyle::Canonical);
      out += ':';
      appendCanonical(*member, out);
      out += ',';
    }
    out += '}';
  } else if (value.is_array()) {
    out += '[';
    for (const auto& element : value) {
      appendCanonical(element, out);
      out += ',';
    }
    out += ']';
  } else if (value.is_null()) {
    out += "null";
  } else if (value.is_string()) {
    appendQuoted(out, value.get_ref<const std::string&>(), JsonStyle::Canonical);
  } else {
    appendQuoted(out, scalarText(value), JsonStyle::Canonical);
  }
}

}  // namespace

std::string canonicalText(const Json& value) {
  std::string out;
  appendCanonical(value, out);
  return out;
}

}  // namespace c2a
