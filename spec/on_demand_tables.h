#pragma once
// A large table in static storage read a type at a time, as lookups need it: the complete
// built-in table (830 KB of text) is only consulted for the few resource types a rule file names,
// and parsing all of it was a third of a small `c2a diff` (docs/performance.md).
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "spec/resource_spec.h"
#include "spec/spec_table_text.h"
#include "spec/spec_tables.h"

namespace c2a {

class OnDemandTables {
 public:
  /// `chunks` must be in static storage (the generated table): names are views into it.
  OnDemandTables(std::span<const std::string_view> chunks, std::string source);

  /// What lookupPropertyPath answers for the resource type, its part of the table read first if
  /// it has not been: the type's block and every nested type reachable from it. Nothing (Opaque)
  /// for a type the table does not list. Safe from any thread.
  PropertyLookup lookup(std::string_view resourceType, std::span<const std::string> path);

 private:
  void readNested(std::uint32_t id);
  void readShape(ShapeId id);
  /// The nested types the properties of `table` reach.
  void readShapesOf(const PropertyTable& table);

  std::span<const std::string_view> chunks_;
  std::string source_;
  std::mutex mutex_;
  SpecTableIndex index_;
  SpecTables tables_;
  std::vector<bool> nestedRead_;
};

}  // namespace c2a
