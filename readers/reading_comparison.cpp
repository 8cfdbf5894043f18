#include "readers/reading_comparison.h"

#include <fmt/format.h>

#include "model/path.h"

namespace c2a {
namespace {

std::optional<std::string> differenceAt(const SourceDocument& a, const SourceDocument& b,
                                        const Json& x, const Json& y, const std::string& pointer) {
  auto whereA = a.locations->find(pointer).str();
  auto whereB = b.locations->find(pointer).str();
  if (whereA != whereB) {
    return fmt::format("`{}` is at {} in one reading, {} in the other", pointer, whereA, whereB);
  }
  if (x.type() != y.type()) {
    return fmt::format("`{}` is a {} in one reading, a {} in the other", pointer, x.type_name(),
                       y.type_name());
  }
  if (x.is_object()) {
    if (x.size() != y.size()) return fmt::format("`{}` has a different number of keys", pointer);
    auto other = y.items().begin();
    for (const auto& [key, value] : x.items()) {
      if (key != other.key()) {
        return fmt::format("`{}` has key `{}` in one reading, `{}` in the other", pointer, key,
                           other.key());
      }
      if (auto found = differenceAt(a, b, value, other.value(), childPointer(pointer, key))) {
        return found;
      }
      ++other;
    }
    return std::nullopt;
  }
  if (x.is_array()) {
    if (x.size() != y.size()) return fmt::format("`{}` has a different length", pointer);
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (auto found = differenceAt(a, b, x[i], y[i], pointer + "/" + std::to_string(i))) {
        return found;
      }
    }
    return std::nullopt;
  }
  // Scalars of one type: equal values print the same (a double's shortest round-trip form).
  if (x.dump() != y.dump()) {
    return fmt::format("`{}` is {} in one reading, {} in the other", pointer, x.dump(), y.dump());
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> firstDifference(const SourceDocument& a, const SourceDocument& b) {
  return differenceAt(a, b, a.root, b.root, "");
}

}  // namespace c2a
