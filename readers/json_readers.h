#pragma once
// Private to the JSON template reader: its two ways of reading (json_reader.cpp picks).
#include <optional>
#include <string>
#include <string_view>

#include "readers/source_document.h"

namespace c2a {

/// One pass from bytes to the tree, positions counted as it walks (json_one_pass.cpp). Nothing
/// when the text is not well-formed JSON: it does not say why. Exceeded limits throw C2aError as
/// readJson documents.
std::optional<SourceDocument> readJsonOnePass(std::string_view text, const std::string& file,
                                              const ReadLimits& limits);

/// nlohmann's parser with a position-keeping handler (json_sax_reader.cpp): slower, and the
/// source of the exact located message for malformed input.
SourceDocument readJsonWithMessages(std::string_view text, const std::string& file,
                                    const ReadLimits& limits);

}  // namespace c2a
