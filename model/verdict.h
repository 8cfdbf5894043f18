#pragma once
#include <string_view>
#include <vector>

#include "model/decision.h"

namespace c2a {

/// What a pipeline does with a diff: deploy on, wait for a human, or stop.
enum class Verdict { Approved, Review, Rejected };

std::string_view toString(Verdict verdict);

struct VerdictSummary {
  Verdict verdict = Verdict::Approved;
  std::size_t changes = 0;
  std::size_t approved = 0;
  std::size_t rejected = 0;
  std::size_t review = 0;
};

/// Rejected if any change is rejected; approved if every change is approved (or there is none);
/// review otherwise: a change no rule covers needs a human, nothing is approved by accident.
VerdictSummary summarize(const Decisions& decisions);

}  // namespace c2a
