#include "model/update_type.h"

namespace c2a {

std::string_view toString(UpdateType type) {
  switch (type) {
    case UpdateType::Mutable: return "Mutable";
    case UpdateType::Immutable: return "Immutable";
    case UpdateType::Conditional: return "Conditional";
    case UpdateType::Unknown: return "Unknown";
  }
  return "Unknown";
}

std::optional<UpdateType> updateTypeFromString(std::string_view text) {
  if (text == "Mutable") return UpdateType::Mutable;
  if (text == "Immutable") return UpdateType::Immutable;
  if (text == "Conditional") return UpdateType::Conditional;
  if (text == "Unknown") return UpdateType::Unknown;
  return std::nullopt;
}

}  // namespace c2a
