#pragma once
// What a nested stack's TemplateURL says about its template without fetching it: a local path
// (the layout `aws cloudformation package` reads), or a URL that names its content.
#include <optional>
#include <string>

#include "model/json.h"

namespace c2a {

/// True when the TemplateURL names its content: a 64-hex-digit hash in it, as CDK asset URLs and
/// asset parameters have, or a Serverless Application Repository location with its
/// SemanticVersion (a SAM application's). While such a URL is unchanged, the template it names is.
bool templateUrlNamesContent(const Json& templateUrl);

/// The file a TemplateURL names on this machine (`./nested/network.yaml`, `nested/db.json`,
/// `file:///abs/path.yaml`), resolved against the directory of `parentFile`; nullopt for an
/// http(s) or s3 URL, an intrinsic function, or a non-string.
std::optional<std::string> localTemplatePath(const Json& templateUrl,
                                             const std::string& parentFile);

}  // namespace c2a
