#include "model/error.h"

namespace c2a {

std::string Diagnostic::str() const {
  std::string place = where.str();
  return place.empty() ? message : place + ": " + message;
}

C2aError::C2aError(Diagnostic diagnostic)
    : std::runtime_error(diagnostic.str()), diagnostic_(std::move(diagnostic)) {}

C2aError::C2aError(ErrorKind kind, SourceLocation where, std::string message)
    : C2aError(Diagnostic{kind, std::move(where), std::move(message)}) {}

}  // namespace c2a
