// From template text through the readers to the model: locations and YAML short forms.
#include <gtest/gtest.h>

#include "mapper_support.h"

namespace c2a::testing {
namespace {

TEST(MapperWithReaders, YamlShortFormsMakeTheSameRelationships) {
  constexpr std::string_view kYaml = R"(Resources:
  Bucket:
    Type: AWS::S3::Bucket
  Queue:
    Type: AWS::SQS::Queue
    Properties:
      QueueName: !Join ["-", [!Ref Bucket, !GetAtt Bucket.Arn, !Sub "${Bucket}-${Missing}"]]
)";
  InfraModel model;
  Diagnostics warnings;
  mapTemplate(readYaml(kYaml, "t.yaml", ReadLimits{}), "", model, warnings);
  EXPECT_EQ(dependencies(model),
            (std::vector<std::string>{
                "Resource:Queue -> Resource:Bucket Ref Properties.QueueName",
                "Resource:Queue -> Resource:Bucket Fn::GetAtt Properties.QueueName @Arn",
                "Resource:Queue -> Resource:Bucket Fn::Sub Properties.QueueName"}));
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_EQ(warnings[0].where.file, "t.yaml");
  EXPECT_EQ(warnings[0].where.line, 7);
}

TEST(MapperWithReaders, ErrorsPointIntoTheJson) {
  constexpr std::string_view kJson = R"({
  "Resources": {
    "Bucket": {"Properties": {}}
  }
})";
  InfraModel model;
  Diagnostics warnings;
  try {
    mapTemplate(readJson(kJson, "t.json", ReadLimits{}), "", model, warnings);
    FAIL() << "no error";
  } catch (const C2aError& error) {
    EXPECT_EQ(error.diagnostic().str(), "t.json:3:5: resource Bucket has no Type");
  }
}

}  // namespace
}  // namespace c2a::testing
