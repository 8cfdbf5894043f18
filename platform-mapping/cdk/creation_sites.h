#pragma once
// Where the app's own code made each construct: the `aws:cdk:creationStack` traces a cloud
// assembly's stack metadata carries (in manifest.json or the artifact's additionalMetadataFile).
// Annotations point there, at a line the pull request can change, not into generated cdk.out.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "model/json.h"
#include "model/source_location.h"

namespace c2a {

/// Construct path (`Orders/Archive/Resource`, no leading slash) → the app's source line.
using CreationSites = std::map<std::string, SourceLocation, std::less<>>;
using CreationSitesPtr = std::shared_ptr<const CreationSites>;

/// The first frame of a creation stack (V8's text: `new OrdersStack (/app/lib/stack.ts:19:21)`,
/// `/app/bin/app.js:8:1`, a `file://` URL) that is the app's own: not aws-cdk-lib's or another
/// package's (under node_modules), not Node's, not a frame CDK elided (`...`). Nullopt without one.
std::optional<SourceLocation> appFrame(const Json& trace);

/// Where the app made the construct at `path`: its own site, else its nearest enclosing construct's
/// (or that construct's own `Resource`/`Default`): a policy that a `grant...()` call adds deep in
/// aws-cdk-lib is made where its role's construct is. Never the top-level construct (the stack,
/// or the stage) alone: its line says nothing of the change. Null without one.
const SourceLocation* creationSiteOf(const CreationSites& sites, std::string_view path);

/// Adds the creation site of every construct of a stack artifact's `metadata` object (construct
/// path → entries of `{type, data}`). Entries of other shapes are skipped: traces are optional.
void addCreationSites(const Json& metadata, CreationSites& sites);

}  // namespace c2a
