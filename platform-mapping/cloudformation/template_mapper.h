#pragma once
// CloudFormation template → components and relationships of an InfraModel (seed 002's CFN parser).
#include <string>

#include "model/error.h"
#include "model/infra_model.h"
#include "readers/source_document.h"

namespace c2a {

/// Adds the template's Stack component, its Resources, Parameters, Outputs, Conditions and
/// Mappings, and every dependency the intrinsic functions and DependsOn make (within the stack).
/// `stack` is the stack name ("" for a lone template). A document that is not a template (not a
/// mapping, a resource without a string Type) throws C2aError InvalidInput with its location.
/// A reference to a logical id that does not exist becomes a located warning.
/// Returns the index of the Stack component.
ComponentIndex mapTemplate(const SourceDocument& document, const std::string& stack,
                           InfraModel& model, Diagnostics& warnings);
/// mapTemplate for a document the caller gives up: the entities' bodies are moved into the
/// components rather than copied (unless a transform expands them), leaving `document.root`
/// unspecified.
ComponentIndex mapTemplate(SourceDocument&& document, const std::string& stack, InfraModel& model,
                           Diagnostics& warnings);

/// Links every `Fn::ImportValue` whose name equals an Output's `Export.Name` (in any stack of the
/// model) with an ImportValue dependency. Call once all stacks are mapped.
void linkImports(InfraModel& model);

}  // namespace c2a
