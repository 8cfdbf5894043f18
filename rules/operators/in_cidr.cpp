// `a inCidr b`: every address of the CIDR block (or single address) a lies in the block b, or in
// one of the blocks of a list b; IPv4 and IPv6. `change.new inCidr change.old` is "no wider".
#include <array>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

#include "rules/operators/cidr.h"
#include "rules/operators/loose_json.h"
#include "rules/operators/operator_list.h"

namespace c2a::rules {
namespace {

struct Block {
  bool v6 = false;
  std::array<std::uint8_t, 16> bytes{};  // IPv4 in the first four
  int prefix = 0;                        // bits that are fixed
};

std::optional<int> number(std::string_view text, int base, int max) {
  if (text.empty() || text.size() > 4) return std::nullopt;
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (error != std::errc{} || end != text.data() + text.size() || value < 0 || value > max) {
    return std::nullopt;
  }
  return value;
}

bool parseV4(std::string_view text, std::uint8_t* out) {
  for (int i = 0; i < 4; ++i) {
    auto dot = i < 3 ? text.find('.') : text.size();
    if (dot == std::string_view::npos) return false;
    auto part = text.substr(0, dot);
    if (part.size() > 3) return false;
    auto value = number(part, 10, 255);
    if (!value) return false;
    out[i] = static_cast<std::uint8_t>(*value);
    text = i < 3 ? text.substr(dot + 1) : std::string_view{};
  }
  return true;
}

// Groups of hex digits separated by `:`, at most one `::`, optionally ending in an IPv4 address.
bool parseV6(std::string_view text, std::array<std::uint8_t, 16>& out) {
  std::array<std::uint16_t, 8> head{}, tail{};
  int heads = 0, tails = 0;
  bool gap = false;
  auto gapAt = text.find("::");
  std::string_view parts[2] = {text, {}};
  if (gapAt != std::string_view::npos) {
    gap = true;
    parts[0] = text.substr(0, gapAt);
    parts[1] = text.substr(gapAt + 2);
    if (parts[1].find("::") != std::string_view::npos) return false;
  }
  std::uint8_t v4[4];
  bool hasV4 = false;
  for (int side = 0; side < (gap ? 2 : 1); ++side) {
    auto rest = parts[side];
    auto& groups = side == 0 ? head : tail;
    int& count = side == 0 ? heads : tails;
    while (!rest.empty()) {
      auto colon = rest.find(':');
      auto group = rest.substr(0, colon);
      bool last = colon == std::string_view::npos;
      if (last && group.find('.') != std::string_view::npos) {
        if (!parseV4(group, v4) || count > 6) return false;
        hasV4 = true;
        break;
      }
      auto value = number(group, 16, 0xffff);
      if (!value || count >= 8) return false;
      groups[static_cast<std::size_t>(count++)] = static_cast<std::uint16_t>(*value);
      if (last) break;
      rest = rest.substr(colon + 1);
      if (rest.empty()) return false;  // a trailing single `:`
    }
  }
  int total = heads + tails + (hasV4 ? 2 : 0);
  if (gap ? total > 7 : total != 8) return false;
  std::array<std::uint16_t, 8> words{};
  for (int i = 0; i < heads; ++i)
    words[static_cast<std::size_t>(i)] = head[static_cast<std::size_t>(i)];
  int start = 8 - tails - (hasV4 ? 2 : 0);
  for (int i = 0; i < tails; ++i) {
    words[static_cast<std::size_t>(start + i)] = tail[static_cast<std::size_t>(i)];
  }
  if (hasV4) {
    words[6] = static_cast<std::uint16_t>(v4[0] << 8 | v4[1]);
    words[7] = static_cast<std::uint16_t>(v4[2] << 8 | v4[3]);
  }
  for (std::size_t i = 0; i < 8; ++i) {
    out[2 * i] = static_cast<std::uint8_t>(words[i] >> 8);
    out[2 * i + 1] = static_cast<std::uint8_t>(words[i] & 0xff);
  }
  return true;
}

// `10.0.0.0/8`, `10.1.2.3` (a /32), `::/0`, `2001:db8::/32`, `fe80::1` (a /128).
std::optional<Block> parseBlock(std::string_view text) {
  Block block;
  auto slash = text.find('/');
  auto address = text.substr(0, slash);
  block.v6 = address.find(':') != std::string_view::npos;
  int bits = block.v6 ? 128 : 32;
  if (block.v6 ? !parseV6(address, block.bytes) : !parseV4(address, block.bytes.data())) {
    return std::nullopt;
  }
  block.prefix = bits;
  if (slash != std::string_view::npos) {
    auto prefix = number(text.substr(slash + 1), 10, bits);
    if (!prefix) return std::nullopt;
    block.prefix = *prefix;
  }
  return block;
}

bool inside(const Block& inner, const Block& outer) {
  if (inner.v6 != outer.v6 || inner.prefix < outer.prefix) return false;
  for (int bit = 0; bit < outer.prefix; ++bit) {
    auto byte = static_cast<std::size_t>(bit / 8);
    int mask = 0x80 >> (bit % 8);
    if ((inner.bytes[byte] & mask) != (outer.bytes[byte] & mask)) return false;
  }
  return true;
}

std::optional<Block> blockOf(const Json& value) {
  if (!value.is_string()) return std::nullopt;
  return parseBlock(value.get_ref<const std::string&>());
}

bool inCidr(const Value& lhs, const Value& rhs, const EvaluationContext&) {
  const Json* a = jsonOf(lhs);
  const Json* b = jsonOf(rhs);
  if (!a || !b) return false;
  auto inner = blockOf(*a);
  if (!inner) return false;
  if (b->is_array()) {
    for (const auto& element : *b) {
      auto outer = blockOf(element);
      if (outer && inside(*inner, *outer)) return true;
    }
    return false;
  }
  auto outer = blockOf(*b);
  return outer && inside(*inner, *outer);
}

std::string validate(const Json& rhs) {
  static constexpr std::string_view kHint =
      "`inCidr` needs a CIDR block such as \"10.0.0.0/8\" or \"2001:db8::/32\", or a list of them";
  if (rhs.is_array()) {
    for (const auto& element : rhs) {
      if (!blockOf(element)) return std::string(kHint);
    }
    return "";
  }
  return blockOf(rhs) ? "" : std::string(kHint);
}

}  // namespace

bool cidrWithin(std::string_view inner, std::string_view outer) {
  auto a = parseBlock(inner);
  auto b = parseBlock(outer);
  return a && b && inside(*a, *b);
}

OperatorInfo inCidrOperator() {
  return {.name = "inCidr",
          .aliases = {},
          .lhs = OperandMode::Values,
          .rhs = OperandMode::Values,
          .summary = "every address of the CIDR block a lies in the block b (or in one of a list)",
          .apply = &inCidr,
          .validate = &validate,
          .literal = LiteralKind::Text};
}

}  // namespace c2a::rules
