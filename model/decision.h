#pragma once
// What the rules decided about each operation: kept beside the diff, never written into it, so
// the diff stays what the templates say and the decisions stay what the rules say.
#include <string>
#include <string_view>
#include <vector>

namespace c2a {

enum class Risk { Low, Unknown, High };  // ordered: the higher wins when effects combine
enum class Action { None, Approve, Reject };

std::string_view toString(Risk risk);
std::string_view toString(Action action);

struct Decision {
  Risk risk = Risk::Unknown;
  Action action = Action::None;    // none: a human must look at it
  std::vector<std::string> rules;  // labels of the rules whose effects reached it, sorted
};

/// One decision per operation of a ModelDiff, in the same order.
using Decisions = std::vector<Decision>;

}  // namespace c2a
