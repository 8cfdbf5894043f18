#include "model/decision.h"

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

}  // namespace c2a
