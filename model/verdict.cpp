#include "model/verdict.h"

namespace c2a {

std::string_view toString(Verdict verdict) {
  switch (verdict) {
    case Verdict::Approved: return "approved";
    case Verdict::Review: return "review";
    case Verdict::Rejected: return "rejected";
  }
  return "review";
}

VerdictSummary summarize(const Decisions& decisions) {
  VerdictSummary summary;
  summary.changes = decisions.size();
  for (const auto& decision : decisions) {
    switch (decision.action) {
      case Action::Approve: ++summary.approved; break;
      case Action::Reject: ++summary.rejected; break;
      case Action::None: ++summary.review; break;
    }
  }
  if (summary.rejected > 0) {
    summary.verdict = Verdict::Rejected;
  } else if (summary.review > 0) {
    summary.verdict = Verdict::Review;
  } else {
    summary.verdict = Verdict::Approved;
  }
  return summary;
}

std::vector<std::size_t> decidingChanges(const Decisions& decisions, Verdict verdict) {
  std::vector<std::size_t> out;
  if (verdict == Verdict::Approved) return out;
  Action deciding = verdict == Verdict::Rejected ? Action::Reject : Action::None;
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    if (decisions[i].action == deciding) out.push_back(i);
  }
  return out;
}

std::string_view toString(FailOn failOn) {
  switch (failOn) {
    case FailOn::Rejected: return "rejected";
    case FailOn::High: return "high";
    case FailOn::Unknown: return "unknown";
    case FailOn::Review: return "review";
    case FailOn::Never: return "never";
  }
  return "review";
}

std::optional<FailOn> failOnFromString(std::string_view text) {
  for (auto value :
       {FailOn::Rejected, FailOn::High, FailOn::Unknown, FailOn::Review, FailOn::Never}) {
    if (toString(value) == text) return value;
  }
  return std::nullopt;
}

bool failsGate(const Decision& decision, FailOn failOn) {
  if (failOn == FailOn::Never || decision.action == Action::Approve) return false;
  if (decision.action == Action::Reject) return true;
  switch (failOn) {
    case FailOn::Rejected: return false;
    case FailOn::High: return decision.risk == Risk::High;
    case FailOn::Unknown: return decision.risk != Risk::Low;
    case FailOn::Review: return true;
    case FailOn::Never: break;
  }
  return false;
}

Gate gate(const Decisions& decisions, const VerdictSummary& summary, FailOn failOn) {
  Gate out;
  out.failOn = failOn;
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    if (failsGate(decisions[i], failOn)) out.changes.push_back(i);
  }
  bool unseenFails =
      failOn == FailOn::Review || failOn == FailOn::Unknown || failOn == FailOn::High;
  if (unseenFails) out.notAnalysed = summary.notAnalysed;
  if (unseenFails) out.disagreements = summary.disagreements;
  out.fails = !out.changes.empty() || out.notAnalysed > 0 || out.disagreements > 0;
  if (out.fails) out.exitStatus = summary.verdict == Verdict::Rejected ? 2 : 1;
  return out;
}

}  // namespace c2a
