#pragma once
// Words every renderer uses for the same things: values, decisions, cause chains, headlines.
// Plain text: each renderer escapes it for its medium (escape.h).
#include <span>
#include <string>
#include <vector>

#include "engine/report/report.h"

namespace c2a {

/// A JSON value on one line as the template means it ("orders", 5, {"Ref": "X"}); "(absent)".
std::string valueText(const std::optional<Json>& value);
std::string valueText(const Json& value);
/// A property value as written and, where evaluating it says more, as deployed:
/// `{"Ref": "Stage"} = "prod"` (template_evaluation.h).
std::string valueText(const std::optional<Json>& written, const std::optional<Json>& evaluated);
/// The evaluated value worth showing beside the written one: `evaluated`, or nothing when it does
/// not differ in substance from `written` (the written value in its normalised form: an
/// `Fn::GetAtt` "A.Arn" beside ["A", "Arn"]). Rules and the JSON report keep every evaluation.
const std::optional<Json>& shownEvaluated(const std::optional<Json>& written,
                                          const std::optional<Json>& evaluated);
/// A JSON value pretty-printed, for multi-line views.
std::string valueBlock(const std::optional<Json>& value);
std::string valueBlock(const Json& value);

/// "rejected", "review", "approved": what happens to the change.
std::string actionWord(const Decision& decision);

/// The changes a report shows for the chain of `index` (CauseIndex::chain): all of a chain of up
/// to kShownCauses, else its first kShownCauses - 2 and its root, `hidden` counting those between.
/// Every change of a long chain shows its chain: in full, the report would grow with the square of
/// the chain (1,000 replacements one after the other: 130 MB of text).
inline constexpr std::size_t kShownCauses = 8;
std::vector<std::size_t> shownCauses(const Report& report, std::size_t index, std::size_t& hidden);

/// The change and what led to it, from the change itself to the root:
/// {"Orders replacement", "Properties.TableName is immutable", "Orders Properties.TableName
/// changed", "nested stack parameter X changes", "Parameter X changed"}: titles and reasons
/// alternate. A change without a cause gives its title alone. A chain shortened by shownCauses
/// says "(N more changes)" where the hidden ones would be.
std::vector<std::string> causeChain(const Report& report, std::size_t index);

/// What led to the change, as one line of plain text: causeChain without the change itself, joined
/// by " <- " ("Properties.BucketName is immutable <- Bucket Properties.BucketName changed"); ""
/// for a change without a cause.
std::string causeLine(const Report& report, std::size_t index);

/// What led to the change, shortened for a reader who sees the group's heading: the change's own
/// reason and the change that caused it (the last hop), then the root ("<- ... <- ROOT" when
/// changes lie between); without the root when `rootNamed` (a heading above names it). The HTML
/// report shows the whole chain, the JSON report each link (`cause.changeId`). Parts to join with
/// an arrow; empty without a cause.
std::vector<std::string> shortCauseChain(const Report& report, std::size_t index, bool rootNamed);

/// The construct path of the change's component (aws:cdk:path), or "".
std::string constructPathOf(const Report& report, std::size_t index);

/// The whole body a change adds (INSERT) or takes away (REMOVE): the component's entry without its
/// Type, as written. Null for other changes, and for stacks and constructs (whose components are
/// changes of their own).
const Json* bodyOf(const Report& report, std::size_t index);

/// "FILE:LINE" of the change on the side it has (AFTER preferred), or "".
std::string shortLocation(const Report& report, std::size_t index);
/// "FILE:LINE" of the CDK app's code that made the change's construct (ChangeLocation::source),
/// or "".
std::string sourceLine(const Report& report, std::size_t index);

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

/// "no change on its own: applies with the next update" for a change of a resource attribute
/// CloudFormation only records (DeletionPolicy, UpdateReplacePolicy, Metadata...), else "" (and
/// "" for a resource renamed or replaced in this change: it is created with the attribute).
std::string passiveNote(const Report& report, const Operation& op);

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

/// `text` in pieces of at most `width` characters, cut between characters.
std::vector<std::string> cutInPieces(std::string_view text, std::size_t width);
/// The same, each piece cut after the last `:`, `/`, `,`, `*` or space of its second half where it
/// has one (a table cell's lines: an ARN breaks between its parts, never inside a name).
std::vector<std::string> cutAtBoundaries(std::string_view text, std::size_t width);

/// Text and Markdown prose (decisions, causes, failures, headlines, summary lines) is continued
/// past this many characters, the longest line a report has; values are never cut or folded.
inline constexpr std::size_t kProseWidth = 300;

/// `text` in lines of at most `width` characters, broken between words; a word longer than a line
/// is cut between characters (cutInPieces). Nothing is left out.
std::vector<std::string> wrapWords(std::string_view text, std::size_t width);

/// "A, B, C and 2 more": change titles, at most `max` of them.
std::string changeList(const Report& report, const std::vector<std::size_t>& changes,
                       std::size_t max = 3);

/// Why the verdict is what it is, naming the changes that decided it: "Decided by 1 rejected
/// change: ArchiveBucket replacement." / "Decided by 4 changes waiting for review: A, B, C and 1
/// more." / "Every change is approved: 5 by rules, 2 by approvals, 1 accepted in the template."
std::string decidedByLine(const Report& report);

/// With --fail-on: "Exit status 0: --fail-on rejected passes: no change is rejected." / "Exit
/// status 1: --fail-on high fails on 1 change: WorkerRole ... added."; "" without --fail-on.
std::string gateLine(const Report& report);

/// How a change the rules did not approve came to be approved: "approved by alice
/// (approvals.json, 2026-11-23T13:49:36Z): Reviewed in PR 42" / "accepted in the template
/// (after.yaml:12): REASON" / "accepted by the baseline (baseline.json)", and ", overriding a
/// rejection" when the rules rejected it.
std::string acceptanceText(const Acceptance& acceptance);

/// One line per approvals file: "approvals.json by alice (2026-...): applied: 3 changes approved"
/// (and the ids refused or unknown), or "...: not applied: WHY".
std::vector<std::string> approvalLines(const Report& report);

/// "Accepted in the template: 2 changes." / "Accepted: 3 changes: 2 in the template, 1 by the
/// baseline (baseline.json: 12 listed, 10 not in this change set; not ID: rejected...)."; "" when
/// nothing was accepted and no baseline was given.
std::string acceptedLine(const Report& report);

/// The acceptance of change `index`, or null.
const Acceptance* acceptanceOf(const Report& report, std::size_t index);

/// The failures foreseen for change `index` (report.failures is sorted by change: a binary search,
/// never a scan), in report order; empty for a change that deploys.
std::span<const Failure> failuresOf(const Report& report, std::size_t index);

/// "WILL FAIL (custom-name-replacement): MESSAGE": one foreseen failure, as every format says it.
std::string failureLine(const Failure& failure);

/// Why a failing change is rejected, in place of a rule: "deployment fails (custom-name-collision)"
/// ("deployment fails (a, b)" for several); "" for a change that deploys.
std::string failureReason(const Report& report, std::size_t index);

/// "2 deployment failures foreseen: CloudFormation will refuse this deployment."; "" without any.
std::string failuresSummaryLine(const Report& report);

/// "Change set deploy-42 for stack orders: 6 resources, 2 disagreements with c2a; replacement
/// answers from the change set: ...", lines on property values, the deployment mode and nested
/// change sets not given, then one "Change set disagrees: ..." line per disagreement; empty
/// without --change-set. Template text in them is not escaped.
std::vector<std::string> changeSetLines(const Report& report);

/// A node's change indexes (its own and its subtree's), in report order.
std::vector<std::size_t> changesUnder(const AggregationNode& node);

}  // namespace c2a
