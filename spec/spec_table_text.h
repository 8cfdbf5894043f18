#pragma once
// The line-oriented text that carries the built-in table from the generator into the binary.
//
//   c2a-spec-table 1
//   origin built-in @aws-cdk/aws-service-spec 0.1.216
//   %0                       nested property type 0 (numbered in order) and its properties
//   AttributeName i
//   @AWS::DynamoDB::Table * !TableName
//                            a resource type; `*` marks it stateful, `!P` a physical-name property
//   KeySchema i
//   GlobalSecondaryIndexes m[#0
//   TableName                (a property alone is Mutable and has no structure)
//
// A property line is `Name`, or `Name U SHAPE` with U = m(utable) i(mmutable) c(onditional) and
// SHAPE = `-` leaf | `#N` nested type N | `[S` list of S | `{S` map of S | `(S|S...)` one of,
// where a SHAPE left out is a leaf.
#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "spec/spec_tables.h"

namespace c2a {

std::string writeSpecTableText(const SpecTables& tables);

/// Whether the text outlives the tables read from it: the generated table is in static storage,
/// so its property names are used where they stand instead of being copied.
enum class TableTextStorage { Static, Transient };

/// Reads text split into chunks at line ends (as the generated source stores it). A malformed
/// table is a build defect: C2aError Internal naming `source` and the line.
SpecTables readSpecTableText(std::span<const std::string_view> chunks, const std::string& source,
                             TableTextStorage storage = TableTextStorage::Transient);

/// Where each type's block starts in a table's text (offsets across its chunks), for reading a
/// large table a type at a time. The index holds numbers only, the resource types being read from
/// the `@` lines it points at: the generated index (builtin_table.h) then needs no relocation when
/// the binary starts (pointers to 3,000 names cost `c2a --version` 60 K instructions).
struct SpecTableIndex {
  std::span<const std::string_view> chunks;  // the table's text
  std::string_view origin;                   // the `origin` line's text
  std::span<const std::size_t> nestedTypes;  // by nested type id
  std::span<const std::size_t> resources;    // `@` lines, in resource type order
  /// The resource type of resources[i], a view into the text.
  [[nodiscard]] std::string_view resourceTypeAt(std::size_t i) const;
  /// The offset of the type's block; nothing when the table does not list it.
  [[nodiscard]] std::optional<std::size_t> find(std::string_view resourceType) const;
};

/// The index found by one scan of a table's line starts. spec_table_gen writes it into the binary
/// beside the table (scanning the complete table took 5 M instructions a run), and the tests
/// check that what it wrote is what the scan finds.
struct ScannedSpecTableIndex {
  std::string_view origin;
  std::vector<std::size_t> nestedTypes;
  std::vector<std::size_t> resources;
  [[nodiscard]] SpecTableIndex view(std::span<const std::string_view> chunks) const {
    return {chunks, origin, nestedTypes, resources};
  }
};
ScannedSpecTableIndex indexSpecTableText(std::span<const std::string_view> chunks);

/// Reads the block at `offset` (from the index) of a table in static storage into `tables`: a
/// nested type into tables.nestedTypes[id], which must be there already; a resource type into
/// tables.resources. Shapes are added to tables.shapes; the nested types they refer to are not
/// read (the caller reads what it needs).
void readSpecTableBlock(std::span<const std::string_view> chunks, std::size_t offset,
                        const std::string& source, SpecTables& tables);

}  // namespace c2a
