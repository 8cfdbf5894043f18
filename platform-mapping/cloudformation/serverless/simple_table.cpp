// AWS::Serverless::SimpleTable → AWS::DynamoDB::Table under the same id: one hash key (`id`, a
// string, unless PrimaryKey says otherwise), on-demand unless ProvisionedThroughput is given.
#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a::serverless {

void expandSimpleTable(const SamResource& from, Expansion& expansion) {
  Json name = "id";
  Json type = "S";
  if (const Json* key = from.property("PrimaryKey"); key != nullptr && key->is_object()) {
    if (key->contains("Name")) name = (*key)["Name"];
    if (key->contains("Type")) {
      const Json& written = (*key)["Type"];
      type = written == "Number" ? Json("N") : written == "Binary" ? Json("B") : written == "String" ? Json("S") : written;
    }
  }
  Json table{{"AttributeDefinitions", Json::array({Json{{"AttributeName", name}, {"AttributeType", type}}})},
             {"KeySchema", Json::array({Json{{"AttributeName", name}, {"KeyType", "HASH"}}})}};
  if (const Json* throughput = from.property("ProvisionedThroughput")) {
    table["ProvisionedThroughput"] = *throughput;
  } else {
    table["BillingMode"] = "PAY_PER_REQUEST";
  }
  copy(from, table,
       {{"TableName", "TableName"},
        {"SSESpecification", "SSESpecification"},
        {"PointInTimeRecoverySpecification", "PointInTimeRecoverySpecification"}});
  if (const Json* tags = from.property("Tags")) table["Tags"] = tagList(tags, {});
  expansion.addOwn(from, "AWS::DynamoDB::Table", std::move(table));
}

}  // namespace c2a::serverless
