#pragma once
// A property path: the keys and array indices from a component's root to a value.
// Rendered with dots (`Properties.Tags.1.Value`), as the report contract shows them.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/json.h"

namespace c2a {

using Path = std::vector<std::string>;

/// `Properties.Tags.1.Value`; an empty path renders as "". A dot inside a key is written `%2E`
/// and a percent sign `%25`, so every dot separates segments: a condition key
/// `aws:PrincipalTag/team.Tags` is `...StringEquals.aws:PrincipalTag/team%2ETags`, never a
/// `Tags` segment a rule reads as tagging.
std::string toDotted(const Path& path);
/// The JSON-pointer form (`/Properties/Tags/1/Value`) used by location tables.
std::string toPointer(const Path& path);
/// The pointer of `key` inside the value at `parent` (`~` and `/` escaped as RFC 6901 says).
std::string childPointer(std::string_view parent, std::string_view key);
/// `/segment` appended to `pointer` in place, escaped the same way.
void appendPointerSegment(std::string& pointer, std::string_view segment);
/// The array index a path key names: digits in their one canonical form ("0", "12"; not "012",
/// "+1" or ""), as a change's path writes them, so that walking a path and matching one agree.
std::optional<std::size_t> arrayIndex(std::string_view key);
/// The value at `path` inside `root` (object keys, and array indices as arrayIndex reads them), or
/// null when there is none.
const Json* valueAt(const Json& root, const Path& path);
/// Parses a JSON pointer (`/Properties/Tags/1/Value`, `~1` and `~0` unescaped) into a path.
Path fromPointer(std::string_view pointer);
/// Splits a dotted path, `%2E` and `%25` read back as `.` and `%`: the inverse of toDotted.
Path fromDotted(std::string_view dotted);

}  // namespace c2a
