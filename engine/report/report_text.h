#pragma once
// Words every renderer uses for the same things: values, decisions, cause chains, headlines.
// Plain text: each renderer escapes it for its medium (escape.h).
#include <string>
#include <vector>

#include "engine/report/report.h"

namespace c2a {

/// A JSON value on one line as the template means it ("orders", 5, {"Ref": "X"}); "(absent)".
std::string valueText(const std::optional<Json>& value);
/// A JSON value pretty-printed, for multi-line views.
std::string valueBlock(const std::optional<Json>& value);

/// "rejected", "review", "approved": what happens to the change.
std::string actionWord(const Decision& decision);

/// The change and what led to it, from the change itself to the root:
/// {"Orders replacement", "Properties.TableName is immutable", "Orders Properties.TableName
/// changed", "nested stack parameter X changes", "Parameter X changed"}: titles and reasons
/// alternate. A change without a cause gives its title alone.
std::vector<std::string> causeChain(const Report& report, std::size_t index);

/// The construct path of the change's component (aws:cdk:path), or "".
std::string constructPathOf(const Report& report, std::size_t index);

/// "FILE:LINE" of the change on the side it has (AFTER preferred), or "".
std::string shortLocation(const Report& report, std::size_t index);

/// "12 changes: 2 definite replacements, 1 possible replacement, 3 additions, 6 updates".
std::string changeCountsLine(const Report& report);

/// "Verdict: REVIEW (3 changes need a human)".
std::string verdictLine(const VerdictSummary& summary);

/// Changes kept by `only` (action words); all when `only` is empty.
std::vector<bool> shownChanges(const Report& report, const std::vector<std::string>& only);

/// "APPROVED", "REVIEW", "REJECTED".
std::string verdictWord(Verdict verdict);

/// Replacements among `changes`: a RENAME is a definite replacement under a new id.
struct ReplacementCounts {
  std::size_t definite = 0;
  std::size_t possible = 0;
};
ReplacementCounts replacementCounts(const Report& report, const std::vector<std::size_t>& changes);

/// What a REMOVE leaves behind ("DeletionPolicy Retain: the physical resource is kept"), or "".
std::string retentionNote(const Report& report, const Operation& op);

/// The changes of one component within a group: its component-level operations (heads) and its
/// property updates.
struct ComponentBlock {
  std::vector<std::size_t> heads;
  std::vector<std::size_t> updates;
  bool replaced = false;  // replaced or renamed
};
/// `changes` component by component, in order of first appearance, replaced components first.
std::vector<ComponentBlock> componentBlocks(const Report& report,
                                            const std::vector<std::size_t>& changes);

/// A node's change indexes (its own and its subtree's), in report order.
std::vector<std::size_t> changesUnder(const AggregationNode& node);

}  // namespace c2a
