#include "spec/fixed_after_creation.h"

#include <array>

namespace c2a {
namespace {

constexpr std::string_view kNewPool =
    "create a new user pool beside this one (a new logical id) and migrate the users to it (a "
    "user migration Lambda trigger, or an export and import), then remove the old pool";
constexpr std::string_view kNewAttribute =
    "leave the attribute as it is and add a new custom attribute under another name, or create a "
    "new user pool beside this one and migrate the users to it";

// One line per property; each cites the service documentation that states the limit.
constexpr std::array kTable{
    FixedProperty{"AWS::Cognito::UserPool", "UsernameAttributes", false,
                  "the sign-in attributes (email or phone number as the username) are set when "
                  "the user pool is created and cannot be changed (Amazon Cognito Developer "
                  "Guide, \"Customizing sign-in attributes\"; UpdateUserPool has no such field)",
                  kNewPool},
    FixedProperty{"AWS::Cognito::UserPool", "AliasAttributes", false,
                  "the alias sign-in attributes are set when the user pool is created and cannot "
                  "be changed (Amazon Cognito Developer Guide, \"Customizing sign-in "
                  "attributes\"; UpdateUserPool has no such field)",
                  kNewPool},
    FixedProperty{"AWS::Cognito::UserPool", "UsernameConfiguration", false,
                  "whether usernames are case sensitive is set when the user pool is created and "
                  "cannot be changed (Amazon Cognito API Reference, UsernameConfigurationType; "
                  "UpdateUserPool has no such field)",
                  kNewPool},
    FixedProperty{"AWS::Cognito::UserPool", "Schema", true,
                  "an attribute of the schema cannot be changed or removed once the user pool "
                  "exists (required or not, mutable or not, its type and constraints); only new "
                  "custom attributes can be added (Amazon Cognito Developer Guide, \"Working "
                  "with user attributes\"; AddCustomAttributes)",
                  kNewAttribute},
};

}  // namespace

const FixedProperty* fixedAfterCreation(std::string_view resourceType, std::string_view property) {
  for (const auto& entry : kTable) {
    if (entry.resourceType == resourceType && entry.property == property) return &entry;
  }
  return nullptr;
}

}  // namespace c2a
