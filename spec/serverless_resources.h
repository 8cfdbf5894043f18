#pragma once
// AWS::Serverless::* (the AWS::Serverless-2016-10-31 transform, SAM): c2a does not run the
// transform (docs/diff.md), so it carries a maintained table of how each SAM property updates the
// resources SAM makes from it. The resource specification marks every SAM property as replacing;
// CloudFormation updates the transformed resources in place for most of them (MemorySize,
// Policies, Environment, CodeUri...). A property the table does not list is Unknown.
#include <optional>
#include <string_view>

#include "model/path.h"
#include "model/update_type.h"

namespace c2a {

/// True for the SAM resource types (`AWS::Serverless::...`).
bool isServerlessType(std::string_view resourceType);

/// The update type of a change at `path` (from the resource root, `Properties.X...`) of a SAM
/// resource, or nullopt for a type the table does not know.
std::optional<UpdateType> serverlessUpdateType(std::string_view resourceType, const Path& path);

/// The resource type the transform makes from a SAM type under the same logical id
/// (`AWS::Serverless::Api` → `AWS::ApiGateway::RestApi`), or nullopt for a type the table does
/// not know. The differ takes a SAM resource and that type under one logical id for the same
/// resource (docs/diff.md), as cdk diff does.
std::optional<std::string_view> serverlessTransformedType(std::string_view resourceType);

/// True for SAM types that hold data (SimpleTable, a DynamoDB table).
bool isServerlessStateful(std::string_view resourceType);

}  // namespace c2a
