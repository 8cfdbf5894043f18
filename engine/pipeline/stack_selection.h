#pragma once
// Which stacks a diff compares (`--stack`), and how a lone template pairs with a stack of a cloud
// assembly: the deployed template of one stack (`aws cloudformation get-template`) against the
// `cdk.out` of an app with several stacks compares with that stack, not with the whole app.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/error.h"
#include "model/infra_model.h"

namespace c2a {

struct ModelDiff;

/// Pairs a lone template with the assembly stack it stands for (the one `patterns` selects, or
/// the assembly's only top-level stack): the template's components move into that stack. Returns
/// the stacks whose changes the report keeps (patterns are globs: `*`, `?`, `[...]`; a nested
/// stack goes with its parent), or nothing when every stack counts. Both models stay whole, so a
/// change that reaches a chosen stack from another (an export it imports) is still found. A lone
/// template has only its root template, so the assembly's nested stacks are left out then, with a
/// warning. Throws C2aError (usage) when the pairing is ambiguous or a pattern matches nothing.
std::optional<std::set<std::string>> selectStacks(InfraModel& before, InfraModel& after,
                                                  const std::vector<std::string>& patterns,
                                                  Diagnostics& warnings);

/// Drops the operations of the stacks not in `keep`, and fingerprints what is left.
void keepStacks(ModelDiff& diff, const std::set<std::string>& keep);

}  // namespace c2a
