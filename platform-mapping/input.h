#pragma once
// The entry point of platform-mapping: a template file or a CDK cloud assembly → InfraModel.
#include <string>

#include "model/error.h"
#include "model/infra_model.h"
#include "readers/read_limits.h"

namespace c2a {

/// `path` is a CloudFormation template (JSON or YAML) or a directory holding a cloud assembly's
/// manifest.json. Errors throw C2aError; warnings are appended to `warnings`.
InfraModel loadInput(const std::string& path, const ReadLimits& limits, Diagnostics& warnings);

/// A template file and, recursively, the nested templates its stacks name on this machine (a
/// local TemplateURL, relative to the template naming it, or ReadLimits::nestedTemplates): each
/// becomes the stack named by its logical id path (`Network`, `Network/Subnets`).
InfraModel loadTemplateFile(const std::string& path, const ReadLimits& limits,
                            Diagnostics& warnings);

struct SourceDocument;
/// A template already read (an inline template of a rule test, say) → InfraModel, as loadInput
/// maps a template file.
InfraModel loadTemplate(const SourceDocument& document, Diagnostics& warnings);
/// loadTemplate for a document the caller gives up: its bodies are moved into the model.
InfraModel loadTemplate(SourceDocument&& document, Diagnostics& warnings);

}  // namespace c2a
