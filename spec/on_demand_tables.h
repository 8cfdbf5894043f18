#pragma once
// A table in static storage read a type at a time, as lookups need it: the complete built-in table
// (830 KB of text) is only consulted for the few resource types a rule file names, and parsing all
// of it was a third of a small `c2a diff`; the compact one answers the diff for the few dozen
// types a template uses, and parsing all of it at every start was 5 M instructions
// (docs/performance.md). Every member is safe from any thread.
#include <mutex>
#include <optional>
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
  /// `chunks` and `index` must be in static storage (the generated table and its index): names
  /// are views into them.
  OnDemandTables(std::span<const std::string_view> chunks, SpecTableIndex index,
                 std::string source);

  /// What lookupPropertyPath answers for the resource type, its part of the table read first if
  /// it has not been: the type's block and every nested type reachable from it. Nothing (Opaque)
  /// for a type the table does not list.
  PropertyLookup lookup(std::string_view resourceType, std::span<const std::string> path);
  /// walkPropertyPath from path[from] for the resource type, read first as lookup() reads it;
  /// null for a type the table does not list.
  std::optional<UpdateType> walk(std::string_view resourceType, const Path& path, std::size_t from);
  /// The type's entry, read first; null for a type the table does not list. It never moves.
  const SpecResource* resource(std::string_view resourceType);

  /// From the index alone, nothing read.
  [[nodiscard]] bool lists(std::string_view resourceType) const;
  [[nodiscard]] std::vector<std::string> resourceTypes() const;
  [[nodiscard]] std::size_t resourceTypeCount() const { return index_.resources.size(); }
  [[nodiscard]] const std::string& origin() const { return origin_; }

 private:
  /// The type's entry with every nested type it reaches read; the mutex held.
  const SpecResource* readResource(std::string_view resourceType);
  void readNested(std::uint32_t id);
  void readShape(ShapeId id);
  /// The nested types the properties of `table` reach.
  void readShapesOf(const PropertyTable& table);

  std::span<const std::string_view> chunks_;
  std::string source_;
  std::mutex mutex_;
  SpecTableIndex index_;
  std::string origin_;
  SpecTables tables_;
  std::vector<bool> nestedRead_;
};

}  // namespace c2a
