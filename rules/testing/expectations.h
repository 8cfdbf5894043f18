#pragma once
// A rule test case's `expect` checked against what a run of the case produced: the verdict and
// each change's decision. Pure: the run itself (the whole pipeline) is the engine's
// (engine/pipeline/rule_tests.cpp), which hands its outcome over as a CaseOutcome.
#include <string>
#include <vector>

#include "model/decision.h"
#include "model/json.h"
#include "model/location_table.h"
#include "model/verdict.h"

namespace c2a::rules {

/// What a run of a case produced, as its expectations read it.
struct CaseOutcome {
  struct Change {
    std::string id;     // the operation's id in the diff (`Bucket`, `Bucket.Properties.Name`...)
    Decision decision;  // what the rules decided about it
  };
  Verdict verdict = Verdict::Approved;
  std::vector<Change> changes;  // every operation of the diff, in its order
};

/// Checks `expect`, a case's `expect` mapping written at JSON pointer `pointer` (`/cases/0/expect`)
/// of the test file `locations` locates, against `outcome`. Returns one message per expectation
/// not met, in the order they are written, naming the rules that decided; a message may span
/// several lines (`\n`), continuation lines listing what came instead. Throws C2aError
/// (InvalidInput), located, at the first expectation that is malformed (an unknown key, a verdict
/// that is not a string...): the case cannot be run.
std::vector<std::string> checkExpectations(const Json& expect, const std::string& pointer,
                                           const LocationTable& locations,
                                           const CaseOutcome& outcome);

}  // namespace c2a::rules
