// AWS::Serverless::LayerVersion → AWS::Lambda::LayerVersion. SAM suffixes the id with a hash of
// the layer; c2a keeps the id (so the functions' `Ref`s still name it) and lets the change of
// content replace the version, as CloudFormation does. RetentionPolicy (default Retain) is its
// DeletionPolicy.
#include "platform-mapping/cloudformation/serverless/expansion.h"

namespace c2a::serverless {

void expandLayerVersion(const SamResource& from, Expansion& expansion) {
  Json layer = Json::object();
  if (const Json* uri = from.property("ContentUri")) {
    layer["Content"] = s3Location(*uri, "S3Bucket", "S3Key", "S3ObjectVersion");
  }
  copy(from, layer,
       {{"LayerName", "LayerName"},
        {"Description", "Description"},
        {"CompatibleRuntimes", "CompatibleRuntimes"},
        {"CompatibleArchitectures", "CompatibleArchitectures"},
        {"LicenseInfo", "LicenseInfo"}});
  if (!layer.contains("LayerName")) layer["LayerName"] = from.id;
  SamResource own = from;
  const Json* retention = from.property("RetentionPolicy");
  own.body["DeletionPolicy"] = retention != nullptr && *retention == "Delete" ? "Delete" : "Retain";
  expansion.addOwn(own, "AWS::Lambda::LayerVersion", std::move(layer));
}

}  // namespace c2a::serverless
