#pragma once
// Helpers shared by the JSON and YAML reader tests.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "model/error.h"
#include "readers/source_document.h"

namespace c2a::testing {

using Reader = SourceDocument (*)(std::string_view, const std::string&, const ReadLimits&);

/// The diagnostic `reader` throws for `text` (a failed expectation when it throws none).
inline Diagnostic readFailure(Reader reader, const std::string& file, const std::string& text,
                              const ReadLimits& limits) {
  try {
    reader(text, file, limits);
  } catch (const C2aError& error) {
    return error.diagnostic();
  }
  ADD_FAILURE() << "no error for: " << text;
  return {};
}

/// FILE:LINE:COL of the value at `pointer`.
inline std::string where(const SourceDocument& doc, const std::string& pointer) {
  return doc.locations->find(pointer).str();
}

}  // namespace c2a::testing
