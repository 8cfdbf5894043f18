#include "engine/model/operation.h"

namespace c2a {

std::string_view toString(OperationType type) {
  switch (type) {
    case OperationType::Insert: return "INSERT";
    case OperationType::Remove: return "REMOVE";
    case OperationType::Update: return "UPDATE";
    case OperationType::Replace: return "REPLACE";
    case OperationType::Rename: return "RENAME";
  }
  return "UPDATE";
}

std::string_view toString(PropertyOperationType type) {
  switch (type) {
    case PropertyOperationType::Insert: return "INSERT";
    case PropertyOperationType::Remove: return "REMOVE";
    case PropertyOperationType::Update: return "UPDATE";
    case PropertyOperationType::Move: return "MOVE";
  }
  return "UPDATE";
}

std::string_view toString(Certainty certainty) {
  return certainty == Certainty::Definite ? "definite" : "possible";
}

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
