#pragma once
// Private to the YAML template reader: its two ways of reading (yaml_reader.cpp picks). Both take
// text readYaml has checked (no byte order mark, well-formed UTF-8, no control characters) and
// give their events to one YamlTreeBuilder, so what both read they read the same way.
#include <optional>
#include <string>
#include <string_view>

#include "readers/source_document.h"

namespace c2a {

/// libyaml's event parser (yaml_libyaml_reader.cpp), several times faster than yaml-cpp's.
/// Nothing when it refuses the text, for any reason: a syntax error, an exceeded limit, a text it
/// would read by YAML 1.1's rules where they differ from 1.2's (line breaks other than LF and
/// CRLF). It does not say why.
std::optional<SourceDocument> readYamlWithLibyaml(std::string_view text, const std::string& file,
                                                  const ReadLimits& limits);

/// yaml-cpp's event parser (yaml_cpp_reader.cpp) with the checks on the source that its faults
/// need: slower, and the source of the exact located message for a text that is refused.
SourceDocument readYamlWithYamlCpp(std::string_view text, const std::string& file,
                                   const ReadLimits& limits);

}  // namespace c2a
