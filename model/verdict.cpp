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

}  // namespace c2a
