#pragma once
// CDK constructs from the `aws:cdk:path` metadata CDK writes on every resource (seed 002's CDK
// parser): one Construct component per construct that owns resources, wired into the stack tree.
#include <string>
#include <string_view>

#include "model/infra_model.h"

namespace c2a {

/// Adds a Construct component for every construct named by the `aws:cdk:path` of the resources of
/// `stack`, with structural relationships Stack → top-level construct → ... → innermost construct →
/// resource. `stackComponent` is the stack's Stack component (what mapTemplate returns).
/// `stackPath` is the construct path of the stack itself (`MyStage/MyStack` for a stack inside a
/// stage); when empty, or when a resource's path does not start with it, the first path segment is
/// taken as the stack. Resources without the metadata are left as they are.
void addConstructs(InfraModel& model, const std::string& stack, ComponentIndex stackComponent,
                   std::string_view stackPath = {});

/// The construct path of the nested stack that a nested-stack resource with this `aws:cdk:path`
/// deploys: CDK writes the resource as `<scope>/<id>.NestedStack/<id>.NestedStackResource` and the
/// nested stack's own resources under `<scope>/<id>/...`. Empty when the path is not of that shape.
std::string nestedStackConstructPath(std::string_view resourcePath);

}  // namespace c2a
