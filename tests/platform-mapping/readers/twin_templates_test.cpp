#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "readers/source_document.h"
#include "tests/support/paths.h"

namespace c2a {
namespace {

std::string fixture(const std::string& name) {
  std::string path =
      std::string(C2A_SOURCE_DIR) + "/tests/platform-mapping/readers/fixtures/" + name;
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << path;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A YAML template with short-form tags and the JSON template written for it read to the same
// tree: same values, same number types, same key order.
TEST(TwinTemplates, YamlAndJsonTwinsGiveEqualTrees) {
  auto yaml = readYaml(fixture("queue_stack.yaml"), "queue_stack.yaml", {});
  auto json = readJson(fixture("queue_stack.json"), "queue_stack.json", {});
  EXPECT_EQ(yaml.root, json.root);
  EXPECT_EQ(yaml.root.dump(2), json.root.dump(2));
}

TEST(TwinTemplates, BothLocateTheSameValues) {
  auto yaml = readYaml(fixture("queue_stack.yaml"), "queue_stack.yaml", {});
  auto json = readJson(fixture("queue_stack.json"), "queue_stack.json", {});
  for (const char* pointer :
       {"/Resources/Orders/Properties/RedrivePolicy/deadLetterTargetArn/Fn::GetAtt",
        "/Outputs/OrdersUrl/Export/Name/Fn::Sub/1/Stack/Ref",
        "/Resources/Orders/Properties/Tags/1/Value"}) {
    EXPECT_TRUE(yaml.locations->find(pointer).known()) << pointer;
    EXPECT_TRUE(json.locations->find(pointer).known()) << pointer;
  }
  EXPECT_EQ(yaml.locations->find("/Resources/Orders/Properties/QueueName").str(),
            "queue_stack.yaml:27:7");
  EXPECT_EQ(yaml.locations->find("/Resources/BacklogAlarm/Condition").str(),
            "queue_stack.yaml:39:5");
}

TEST(TwinTemplates, ReadSourceFilePicksTheReaderByContent) {
  std::string dir = std::string(C2A_SOURCE_DIR) + "/tests/platform-mapping/readers/fixtures/";
  auto yaml = readSourceFile(dir + "queue_stack.yaml", {});
  auto json = readSourceFile(dir + "queue_stack.json", {});
  EXPECT_EQ(yaml.root, json.root);
}

}  // namespace
}  // namespace c2a
