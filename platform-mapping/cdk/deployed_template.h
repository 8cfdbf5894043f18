#pragma once
// What c2a reads of a cloud assembly must be what deploys. The CDK CLI deploys a stack from the
// template asset its `stackTemplateAssetObjectUrl` names, published from the file the asset
// manifest gives as that asset's source, and a nested stack from the asset its TemplateURL names;
// c2a reads the stack's `templateFile` and the nested stack's `aws:asset:path`. `cdk synth` writes
// the same file for both, but a pull request can commit a cdk.out whose two files differ: an
// innocent template to read and another one to deploy. Where both are named they must hold the
// same bytes, or the input is refused.
#include <string>
#include <string_view>

#include "model/json.h"
#include "model/source_location.h"
#include "platform-mapping/cdk/asset_index.h"
#include "readers/read_limits.h"

namespace c2a {

/// Checks that `read` (the file c2a maps) is the source of the asset `deploys` names (a URL or
/// an expression of its parts), when an asset manifest of `assemblyDir` lists that asset. Throws
/// C2aError (InvalidInput, at `where`) when the asset's source is another file with other bytes;
/// `what` names the stack in the message.
void checkTemplateDeploys(const AssetIndex& assets, const std::string& assemblyDir,
                          const Json& deploys, const std::string& read,
                          const SourceLocation& where, std::string_view what,
                          const ReadLimits& limits);

}  // namespace c2a
