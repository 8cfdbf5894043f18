#pragma once
// The walk from a resource's Properties down a diff path to the effective update type.
#include <cstddef>

#include "model/path.h"
#include "model/update_type.h"
#include "spec/spec_tables.h"

namespace c2a {

/// Update type of `path[from..]`, a path below a resource's `Properties` (path[from] is a top-level
/// property name). The first Immutable or Conditional met on the way down wins; a property the
/// resource does not list is Unknown; below the structure the spec knows (free-form JSON, a key a
/// nested type does not list, an intrinsic function) the type found so far stands.
UpdateType walkPropertyPath(const SpecTables& tables, const SpecResource& resource,
                            const Path& path, std::size_t from);

}  // namespace c2a
