#include "model/value_patterns.h"

#include <set>
#include <string>
#include <vector>

#include "model/intrinsics.h"
#include "model/same_value.h"
#include "model/sub_placeholders.h"

namespace c2a {
namespace {

// A text's shape: literal pieces, and inputs (any text) between them.
struct Shape {
  std::vector<std::optional<std::string>> pieces;  // nullopt: an input
  std::set<std::string> inputs;

  void literal(std::string text) {
    if (text.empty()) return;
    if (!pieces.empty() && pieces.back()) {
      *pieces.back() += text;
    } else {
      pieces.emplace_back(std::move(text));
    }
  }
  void input(const std::string& name) {
    pieces.emplace_back(std::nullopt);
    inputs.insert(name);
  }
  void append(const Shape& other) {
    for (const auto& piece : other.pieces) {
      if (piece) {
        literal(*piece);
      } else {
        pieces.emplace_back(std::nullopt);
      }
    }
    inputs.insert(other.inputs.begin(), other.inputs.end());
  }
};

using IsInput = std::function<bool(std::string_view)>;

std::optional<Shape> shapeOf(const Json& value, const IsInput& isInput, int depth = 0) {
  constexpr int kDeepest = 16;
  if (depth > kDeepest) return std::nullopt;
  Shape shape;
  if (value.is_string() || value.is_number() || value.is_boolean()) {
    shape.literal(scalarText(value));
    return shape;
  }
  if (!isIntrinsic(value)) return std::nullopt;
  const auto& name = value.begin().key();
  const auto& argument = value.begin().value();
  if (name == "Ref" && argument.is_string() && isInput(argument.get<std::string>())) {
    shape.input(argument.get<std::string>());
    return shape;
  }
  const Json* text = argument.is_string() ? &argument : nullptr;
  if (argument.is_array() && argument.size() == 2 && argument[0].is_string() &&
      argument[1].is_object() && argument[1].empty()) {
    text = &argument[0];
  }
  if (name == "Fn::Sub" && text != nullptr) {
    const auto& sub = text->get_ref<const std::string&>();
    std::size_t at = 0;
    auto plain = [&](std::size_t end) {
      std::string piece = sub.substr(at, end - at);
      for (auto escape = piece.find("${!"); escape != std::string::npos;
           escape = piece.find("${!", escape + 2)) {
        piece.erase(escape + 2, 1);  // `${!Literal}` writes `${Literal}`
      }
      shape.literal(std::move(piece));
    };
    for (const auto& placeholder : subPlaceholders(sub)) {
      if (!placeholder.attribute.empty() || !isInput(placeholder.name)) return std::nullopt;
      plain(placeholder.offset);
      shape.input(placeholder.name);
      at = placeholder.offset + placeholder.length;
    }
    plain(sub.size());
    return shape;
  }
  if (name == "Fn::Join" && argument.is_array() && argument.size() == 2 &&
      argument[0].is_string() && argument[1].is_array()) {
    bool first = true;
    for (const auto& part : argument[1]) {
      auto inner = shapeOf(part, isInput, depth + 1);
      if (!inner) return std::nullopt;
      if (!first) shape.literal(argument[0].get<std::string>());
      first = false;
      shape.append(*inner);
    }
    return shape;
  }
  return std::nullopt;
}

// Whether `text` has the shape: its literal pieces in order, any text for each input.
bool fits(std::string_view text, const Shape& shape) {
  const auto& pieces = shape.pieces;
  if (pieces.empty()) return text.empty();
  std::size_t first = 0, last = pieces.size();
  if (pieces.front()) {
    if (!text.starts_with(*pieces.front())) return false;
    text.remove_prefix(pieces.front()->size());
    first = 1;
  }
  if (last > first && pieces.back()) {
    if (!text.ends_with(*pieces.back())) return false;
    text.remove_suffix(pieces.back()->size());
    --last;
  }
  if (first == last) return text.empty() || first != pieces.size() || !pieces.back();
  // Between two inputs the leftmost place of each piece leaves the most room for the rest.
  for (std::size_t i = first; i < last; ++i) {
    if (!pieces[i]) continue;
    auto at = text.find(*pieces[i]);
    if (at == std::string_view::npos) return false;
    text.remove_prefix(at + pieces[i]->size());
  }
  return true;
}

}  // namespace

std::optional<bool> mayCoincide(const Json& a, const Json& b, const IsInput& isInput) {
  auto left = shapeOf(a, isInput);
  auto right = shapeOf(b, isInput);
  if (!left || !right) return std::nullopt;
  auto literalOf = [](const Shape& shape) -> std::optional<std::string> {
    if (shape.pieces.empty()) return std::string();
    if (shape.pieces.size() == 1 && shape.pieces.front()) return *shape.pieces.front();
    return std::nullopt;
  };
  auto leftText = literalOf(*left);
  auto rightText = literalOf(*right);
  if (leftText && rightText) return *leftText == *rightText;
  if (leftText) return fits(*leftText, *right);
  if (rightText) return fits(*rightText, *left);
  if (left->pieces == right->pieces) return true;
  return left->inputs != right->inputs;
}

}  // namespace c2a
