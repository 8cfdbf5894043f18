// SAM resources update in place for most properties, whatever the specification says (it marks
// every AWS::Serverless::* property as replacing).
#include <gtest/gtest.h>

#include "model/path.h"
#include "spec/resource_spec.h"

namespace c2a {
namespace {

UpdateType updateOf(std::string_view type, std::string_view dotted) {
  return ResourceSpec::builtin().updateType(type, fromDotted(dotted));
}

TEST(ServerlessUpdateTypes, FunctionTuningUpdatesInPlaceAndItsNameReplaces) {
  for (auto property : {"MemorySize", "Policies", "Environment", "CodeUri", "Timeout", "Events"}) {
    EXPECT_EQ(updateOf("AWS::Serverless::Function", std::string("Properties.") + property),
              UpdateType::Mutable)
        << property;
  }
  EXPECT_EQ(updateOf("AWS::Serverless::Function", "Properties.Environment.Variables.X"),
            UpdateType::Mutable);
  EXPECT_EQ(updateOf("AWS::Serverless::Function", "Properties.FunctionName"),
            UpdateType::Immutable);
  EXPECT_EQ(updateOf("AWS::Serverless::Function", "Properties.SomethingNew"), UpdateType::Unknown);
  EXPECT_EQ(updateOf("AWS::Serverless::Function", "DeletionPolicy"), UpdateType::Mutable);
}

TEST(ServerlessUpdateTypes, OtherCommonTypes) {
  EXPECT_EQ(updateOf("AWS::Serverless::Api", "Properties.DefinitionBody"), UpdateType::Mutable);
  EXPECT_EQ(updateOf("AWS::Serverless::Api", "Properties.StageName"), UpdateType::Conditional);
  EXPECT_EQ(updateOf("AWS::Serverless::HttpApi", "Properties.CorsConfiguration"),
            UpdateType::Mutable);
  EXPECT_EQ(updateOf("AWS::Serverless::SimpleTable", "Properties.PrimaryKey.Name"),
            UpdateType::Immutable);
  EXPECT_EQ(updateOf("AWS::Serverless::LayerVersion", "Properties.ContentUri"),
            UpdateType::Immutable);
  EXPECT_EQ(updateOf("AWS::Serverless::StateMachine", "Properties.Definition"),
            UpdateType::Mutable);
  EXPECT_EQ(updateOf("AWS::Serverless::StateMachine", "Properties.Name"), UpdateType::Immutable);
  EXPECT_TRUE(ResourceSpec::builtin().isStateful("AWS::Serverless::SimpleTable"));
  EXPECT_FALSE(ResourceSpec::builtin().isStateful("AWS::Serverless::Function"));
}

}  // namespace
}  // namespace c2a
