// The built-in table's journey: db.json → compaction → text → the table c2a parses at start-up.
// Compaction must not change a single answer, and the text must round-trip.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "model/error.h"
#include "spec/builtin_table.h"
#include "spec/property_walk.h"
#include "spec/resource_spec.h"
#include "spec/service_spec_db.h"
#include "spec/spec_json.h"
#include "spec/spec_table_compaction.h"
#include "spec/spec_table_text.h"
#include "spec/spec_tables.h"
#include "tests/support/paths.h"

namespace c2a {
namespace {

SpecTables readDb(const std::string& file) {
  return readServiceSpecDb(parseSpecJson(readSpecText(file), file), file);
}

// Every path the spec has structure for (and one unlisted key and one step too deep at each
// level), each nested type entered once per path so that self-references end.
class PathEnumeration {
 public:
  using Visit = std::function<void(const Path&)>;
  PathEnumeration(const SpecTables& tables, Visit visit) : tables_(tables), visit_(visit) {}

  void resource(const SpecResource& resource) {
    path_ = {"Properties"};
    table(resource.properties);
  }

 private:
  void table(const PropertyTable& properties) {
    for (const auto& [name, property] : properties.entries()) {
      path_.emplace_back(name);
      visit_(path_);
      shape(property.shape);
      path_.pop_back();
    }
    step("NotInTheSpec");
  }

  void shape(ShapeId id) {
    const Shape& shape = tables_.shapes[id];
    switch (shape.kind) {
      case Shape::Kind::Leaf: step("BelowALeaf"); break;
      case Shape::Kind::Array:
      case Shape::Kind::Map:
        path_.push_back(shape.kind == Shape::Kind::Array ? "0" : "key");
        visit_(path_);
        this->shape(shape.target);
        path_.pop_back();
        break;
      case Shape::Kind::Ref:
        if (std::find(entered_.begin(), entered_.end(), shape.target) != entered_.end()) break;
        entered_.push_back(shape.target);
        table(tables_.nestedTypes[shape.target]);
        entered_.pop_back();
        break;
      case Shape::Kind::Union:
        for (ShapeId member : shape.members) this->shape(member);
        break;
    }
  }

  void step(const std::string& segment) {
    path_.push_back(segment);
    visit_(path_);
    path_.pop_back();
  }

  const SpecTables& tables_;
  Visit visit_;
  Path path_;
  std::vector<NestedTypeId> entered_;
};

TEST(SpecTable, BuiltinAnswersEveryPathLikeTheFullDatabase) {
  const std::string db =
      std::string(C2A_SOURCE_DIR) + "/node_modules/@aws-cdk/aws-service-spec/db.json.gz";
  const SpecTables full = readDb(db);
  const auto& builtin = ResourceSpec::builtin();
  ASSERT_EQ(builtin.resourceTypeCount(), full.resources.size());
  std::size_t paths = 0;
  std::size_t mismatches = 0;
  for (const auto& [type, resource] : full.resources) {
    ASSERT_TRUE(builtin.hasResourceType(type)) << type;
    // SAM types answer from c2a's own table (spec/serverless_resources.h), not the database.
    if (type.rfind("AWS::Serverless::", 0) == 0) continue;
    EXPECT_EQ(builtin.isStateful(type), resource.stateful) << type;
    if (type == "AWS::CloudFormation::CustomResource") continue;  // Unknown on purpose
    PathEnumeration(full, [&](const Path& path) {
      ++paths;
      auto expected = walkPropertyPath(full, resource, path, 1);
      auto actual = builtin.updateType(type, path);
      if (expected != actual && ++mismatches <= 20) {
        ADD_FAILURE() << type << " " << toDotted(path) << ": full " << toString(expected)
                      << ", built-in " << toString(actual);
      }
    }).resource(resource);
  }
  EXPECT_EQ(mismatches, 0u);
  EXPECT_GT(paths, 50000u);
  std::cout << "[          ] compared " << paths << " paths\n";
}

TEST(SpecTable, TextRoundTrips) {
  auto tables = readDb(std::string(C2A_SOURCE_DIR) + "/tests/spec/fixtures/service-spec-db.json");
  tables.origin = "the fixture";
  std::string text = writeSpecTableText(tables);
  std::string_view chunks[] = {text};
  auto again = readSpecTableText(chunks, "test");
  EXPECT_EQ(writeSpecTableText(again), text);
  EXPECT_EQ(again.origin, "the fixture");
  // Split at a line end, as the generated source stores it.
  auto cut = text.find('\n', text.size() / 2) + 1;
  std::string_view halves[] = {std::string_view(text).substr(0, cut),
                               std::string_view(text).substr(cut)};
  EXPECT_EQ(writeSpecTableText(readSpecTableText(halves, "test")), text);
}

TEST(SpecTable, CompactionKeepsOnlyWhatCanChangeAnAnswer) {
  auto tables = readDb(std::string(C2A_SOURCE_DIR) + "/tests/spec/fixtures/service-spec-db.json");
  auto text = writeSpecTableText(compactSpecTables(tables));
  EXPECT_EQ(text,
            "c2a-spec-table 1\n"
            "origin \n"
            "%0\n"  // nested types are numbered as first referenced: Layout, Rooms, Shelves
            "Grid i\n"
            "%1\n"
            "Floor c\n"  // Room's Colour is a Mutable leaf: gone
            "%2\n"
            "Inner m#2\n"
            "Material i\n"
            "@Test::Shop::Kiosk\n"
            "Label\n"
            "@Test::Shop::Store *\n"
            "Layout m#0\n"  // the string member of the union is gone
            "Name i\n"
            "Rooms m{#1\n"
            "Settings\n"
            "Shelves m[#2\n"
            "Size\n"
            "Tags\n"
            "Zone c\n");
}

TEST(SpecTable, MalformedTextIsAnInternalError) {
  for (std::string_view text :
       {"", "not a table\n", "c2a-spec-table 1\nName i\n", "c2a-spec-table 1\n@AWS::X::Y\nP m#7\n",
        "c2a-spec-table 1\n@AWS::X::Y\nP m(#0\n", "c2a-spec-table 1\n@AWS::X::Y\nP x\n",
        "c2a-spec-table 1\n%3\n"}) {
    std::string_view chunks[] = {text};
    try {
      readSpecTableText(chunks, "test");
      ADD_FAILURE() << "accepted: " << text;
    } catch (const C2aError& error) {
      EXPECT_EQ(error.diagnostic().kind, ErrorKind::Internal) << text;
    }
  }
}

}  // namespace
}  // namespace c2a
