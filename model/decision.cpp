#include "model/decision.h"

#include <algorithm>
#include <cctype>
#include <cstddef>

namespace c2a {

std::string_view toString(Risk risk) {
  switch (risk) {
    case Risk::Low: return "low";
    case Risk::Unknown: return "unknown";
    case Risk::High: return "high";
  }
  return "unknown";
}

std::string_view toString(Action action) {
  switch (action) {
    case Action::None: return "none";
    case Action::Approve: return "approve";
    case Action::Reject: return "reject";
  }
  return "none";
}

std::string ruleWithId(const Decision& decision, std::size_t i) {
  std::string out = decision.rules.at(i);
  if (i < decision.ruleIds.size() && !decision.ruleIds[i].empty()) {
    out.append(" [").append(decision.ruleIds[i]).append("]");
  }
  // Marked only beside rules that do not: which one rejected is then what a reader asks.
  if (decision.action == Action::Reject && i < decision.rejects.size() && decision.rejects[i] &&
      std::count(decision.rejects.begin(), decision.rejects.end(), true) <
          static_cast<std::ptrdiff_t>(decision.rules.size())) {
    out.append(" (rejects)");
  }
  return out;
}

std::string ruleIdSlug(std::string_view text, std::size_t maxLength) {
  std::string slug;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80 && std::isalnum(byte) != 0) {
      slug += static_cast<char>(std::tolower(byte));
    } else if (!slug.empty() && slug.back() != '-') {
      slug += '-';
    }
  }
  if (slug.size() > maxLength) {
    // Cut between words when a word boundary is near: "...-must-not-be-re" reads worse than
    // "...-must-not-be".
    const bool boundary = slug[maxLength] == '-';
    slug.resize(maxLength);
    if (!boundary) {
      auto dash = slug.rfind('-');
      if (dash != std::string::npos && dash + 16 >= maxLength) slug.resize(dash);
    }
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug;
}

}  // namespace c2a
