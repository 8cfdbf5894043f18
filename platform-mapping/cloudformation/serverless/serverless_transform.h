#pragma once
// The AWS::Serverless-2016-10-31 transform (SAM), run as CloudFormation runs it before a
// deployment: each AWS::Serverless::* resource becomes the resources the transform makes (a
// function, its role and policies, its event sources and permissions, the implicit APIs...), with
// Globals merged in first; plain resources pass through unchanged. What the expansion cannot know
// (a policy template or event type it does not carry, an API's Auth, a deployment preference) is
// a not-analysed warning naming that resource, which always holds (a change of such a part shows
// in no resource made); a SAM type c2a does not expand stays as written and holds only while it
// changes (Diagnostic::seenIfUnchanged). docs/diff.md, "SAM", says what is and is not expanded.
#include <string>
#include <vector>

#include "model/error.h"
#include "model/json.h"
#include "platform-mapping/cloudformation/language_extensions.h"

namespace c2a {

/// Whether the template declares the AWS::Serverless-2016-10-31 transform.
bool usesServerlessTransform(const Json& root);

/// The Resources section's entries with every SAM resource expanded. `root` is the template (its
/// Globals); each entry made points at the SAM resource it was made from. Ids the transform
/// suffixes with a hash of its input (an API deployment, a function version) get a hash of c2a's
/// own: they change when that input changes, as SAM's do.
std::vector<ExpandedEntry> expandServerless(const Json& root, std::vector<ExpandedEntry> resources,
                                            const std::string& stack, Diagnostics& warnings,
                                            const LocationTablePtr& locations);

}  // namespace c2a
