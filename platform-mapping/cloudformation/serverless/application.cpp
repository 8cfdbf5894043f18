// AWS::Serverless::Application → AWS::CloudFormation::Stack under the same id. A Location that is
// a path or URL is its TemplateURL (a local one is followed like any nested template); a
// Serverless Application Repository location (ApplicationId, SemanticVersion) stays the
// TemplateURL as written: a published version never changes, so while it is unchanged the nested
// stack is the same (docs/diff.md).
#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a::serverless {

void expandApplication(const SamResource& from, Expansion& expansion) {
  Json stack = Json::object();
  if (const Json* location = from.property("Location")) stack["TemplateURL"] = *location;
  copy(from, stack,
       {{"Parameters", "Parameters"},
        {"NotificationARNs", "NotificationARNs"},
        {"TimeoutInMinutes", "TimeoutInMinutes"}});
  if (const Json* tags = from.property("Tags")) stack["Tags"] = tagList(tags, {});
  expansion.addOwn(from, "AWS::CloudFormation::Stack", std::move(stack));
}

}  // namespace c2a::serverless
