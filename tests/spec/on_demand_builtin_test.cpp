// The built-in table is read a resource type at a time, as the diff and the rules ask about it
// (spec/on_demand_tables.h): every answer is the one the table read whole gives, in whatever order
// and from however many threads the types are first asked about.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "model/parallel_work.h"
#include "model/path.h"
#include "spec/builtin_table.h"
#include "spec/property_lookup.h"
#include "spec/property_walk.h"
#include "spec/resource_spec.h"
#include "spec/serverless_resources.h"
#include "spec/spec_table_text.h"
#include "spec/spec_tables.h"

namespace c2a {
namespace {

const SpecTables& whole() {
  static const SpecTables tables =
      readSpecTableText(builtinSpecTable(), "built-in spec table", TableTextStorage::Static);
  return tables;
}

void expectIndexIsTheScanOf(const SpecTableIndex& generated,
                            std::span<const std::string_view> table) {
  auto scanned = indexSpecTableText(table);
  EXPECT_EQ(generated.origin, scanned.origin);
  EXPECT_EQ(generated.chunks.data(), table.data());
  ASSERT_EQ(generated.nestedTypes.size(), scanned.nestedTypes.size());
  EXPECT_TRUE(std::equal(generated.nestedTypes.begin(), generated.nestedTypes.end(),
                         scanned.nestedTypes.begin()));
  ASSERT_EQ(generated.resources.size(), scanned.resources.size());
  EXPECT_TRUE(std::equal(generated.resources.begin(), generated.resources.end(),
                         scanned.resources.begin()));
  for (std::size_t i = 1; i < generated.resources.size(); ++i) {
    EXPECT_LT(generated.resourceTypeAt(i - 1), generated.resourceTypeAt(i));
  }
}

// spec_table_gen writes each table's index beside it, so that no run scans the table.
TEST(OnDemandBuiltin, TheGeneratedIndexesAreWhatScanningTheTablesFinds) {
  expectIndexIsTheScanOf(builtinSpecTableIndex(), builtinSpecTable());
  expectIndexIsTheScanOf(builtinCompleteSpecTableIndex(), builtinCompleteSpecTable());
  auto index = builtinSpecTableIndex();
  EXPECT_GT(index.resources.size(), 1000u);
  EXPECT_EQ(index.resourceTypeAt(0).substr(0, 5), "AWS::");
  auto bucket = index.find("AWS::S3::Bucket");
  ASSERT_TRUE(bucket.has_value());
  std::size_t at = *bucket;
  for (std::string_view chunk : builtinSpecTable()) {
    if (at < chunk.size()) {
      EXPECT_TRUE(chunk.substr(at).starts_with("@AWS::S3::Bucket "));
      break;
    }
    at -= chunk.size();
  }
  EXPECT_FALSE(index.find("AWS::S3::Bucke").has_value());
  EXPECT_FALSE(index.find("AWS::S3::Bucket2").has_value());
  EXPECT_FALSE(index.find("").has_value());
  EXPECT_FALSE(index.find("ZZZ").has_value());
}

// Paths below Properties worth asking about: every property, one level into it by the names the
// table knows there, through a list index, and a name it does not know.
std::vector<Path> pathsOf(const SpecResource& resource) {
  std::vector<Path> out;
  for (const auto& [name, property] : resource.properties.entries()) {
    const std::string top(name);
    out.push_back({"Properties", top});
    out.push_back({"Properties", top, "NoSuchProperty"});
    out.push_back({"Properties", top, "0", "NoSuchProperty"});
    std::vector<std::string> below{top, "NoSuchProperty"};
    for (const auto& inner : lookupPropertyPath(whole(), resource, below).candidates) {
      out.push_back({"Properties", top, inner});
      out.push_back({"Properties", top, "0", inner});
    }
  }
  return out;
}

// Each type's answers, as text: what builtin() says, and what the whole table says.
std::string answersOf(const std::string& type, bool onDemand) {
  const auto& spec = ResourceSpec::builtin();
  const SpecResource& resource = *whole().findResource(type);
  std::string out;
  if (onDemand) {
    out += spec.isStateful(type) ? "stateful" : "-";
    for (const auto& name : spec.physicalNameProperties(type)) out += " !" + name;
  } else {
    out += resource.stateful ? "stateful" : "-";
    for (const auto& name : resource.physicalNames) out += " !" + name;
  }
  for (const auto& path : pathsOf(resource)) {
    auto answer =
        onDemand ? spec.updateType(type, path) : walkPropertyPath(whole(), resource, path, 1);
    out += "\n" + toDotted(path) + " " + std::string(toString(answer));
  }
  return out;
}

std::vector<std::string> awsTypes() {
  std::vector<std::string> out;
  for (const auto& [type, resource] : whole().resources) {
    // SAM's and custom resources' answers come from elsewhere (serverless_resources.h).
    if (!isServerlessType(type) && type != "AWS::CloudFormation::CustomResource") {
      out.emplace_back(type);
    }
  }
  return out;
}

TEST(OnDemandBuiltin, ListsWhatTheWholeTableLists) {
  const auto& spec = ResourceSpec::builtin();
  std::vector<std::string> types;
  for (const auto& [type, resource] : whole().resources) types.emplace_back(type);
  EXPECT_EQ(spec.resourceTypes(), types);
  EXPECT_EQ(spec.resourceTypeCount(), types.size());
  EXPECT_EQ(spec.origin(), whole().origin);
  for (const auto& type : types) EXPECT_TRUE(spec.hasResourceType(type)) << type;
  EXPECT_FALSE(spec.hasResourceType("AWS::No::Such"));
  EXPECT_EQ(spec.updateType("AWS::No::Such", fromDotted("Properties.X")), UpdateType::Unknown);
  EXPECT_FALSE(spec.isStateful("AWS::No::Such"));
  EXPECT_TRUE(spec.physicalNameProperties("AWS::No::Such").empty());
}

// Asked from four threads at once, the types in reverse order on half of them: the first read of
// a type races with the walks over the others.
TEST(OnDemandBuiltin, EveryTypeAnswersAsTheWholeTableFromAnyThread) {
  const auto types = awsTypes();
  ASSERT_GT(types.size(), 1000U);
  std::vector<std::string> expected(types.size());
  for (std::size_t i = 0; i < types.size(); ++i) expected[i] = answersOf(types[i], false);
  std::vector<std::vector<std::string>> got(4, std::vector<std::string>(types.size()));
  forEachIndex(4, 4, [&](std::size_t thread, unsigned /*worker*/) {
    for (std::size_t k = 0; k < types.size(); ++k) {
      const auto i = thread % 2 == 0 ? k : types.size() - 1 - k;
      got[thread][i] = answersOf(types[i], true);
    }
  });
  for (const auto& answers : got) {
    for (std::size_t i = 0; i < types.size(); ++i) {
      ASSERT_EQ(answers[i], expected[i]) << types[i];
    }
  }
}

}  // namespace
}  // namespace c2a
