#include "model/operation.h"

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

}  // namespace c2a
