#include "rules/testing/expectations.h"

#include <fmt/format.h>

#include <algorithm>

#include "model/error.h"

namespace c2a::rules {
namespace {

class ExpectationCheck {
 public:
  ExpectationCheck(const LocationTable& locations, const CaseOutcome& outcome)
      : locations_(locations), outcome_(outcome) {}

  void check(const Json& expect, const std::string& pointer) {
    if (!expect.is_object()) fail(pointer, "case has no `expect` mapping (verdict and/or changes)");
    for (const auto& [key, value] : expect.items()) {
      if (key == "verdict") {
        std::string actual(toString(outcome_.verdict));
        if (!value.is_string()) fail(pointer + "/verdict", "verdict is a string");
        if (value.get<std::string>() != actual) {
          failures_.push_back(
              fmt::format("verdict: expected {}, got {}", value.get<std::string>(), actual));
        }
      } else if (key == "changes") {
        checkChanges(value, pointer + "/changes");
      } else {
        fail(pointer + "/" + key,
             fmt::format("unknown key `{}` in expect (expected verdict, changes)", key));
      }
    }
  }

  std::vector<std::string> failures() && { return std::move(failures_); }

 private:
  [[noreturn]] void fail(const std::string& pointer, const std::string& message) const {
    throw C2aError(ErrorKind::InvalidInput, locations_.find(pointer), message);
  }

  void checkChanges(const Json& expected, const std::string& pointer) {
    if (!expected.is_object()) fail(pointer, "`changes` maps change ids to expectations");
    for (const auto& [id, wanted] : expected.items()) {
      const Decision* op = nullptr;
      for (const auto& change : outcome_.changes) {
        if (change.id == id) op = &change.decision;
      }
      if (op == nullptr) {
        std::string ids;
        for (const auto& candidate : outcome_.changes) ids += "\n  " + candidate.id;
        failures_.push_back(fmt::format("no change `{}` in the diff; its changes are:{}", id,
                                        ids.empty() ? " (none)" : ids));
        continue;
      }
      if (!wanted.is_object()) fail(pointer + "/" + id, "expect risk, action and/or rule");
      std::string decided = op->rules.empty() ? "no rule matched" : "decided by: ";
      for (std::size_t i = 0; i < op->rules.size(); ++i) {
        decided += (i > 0 ? "; " : "") + ruleWithId(*op, i);
      }
      for (const auto& [field, value] : wanted.items()) {
        std::string actual;
        if (field == "risk") {
          actual = toString(op->risk);
        } else if (field == "action") {
          actual = toString(op->action);
        } else if (field == "rule") {
          if (!value.is_string())
            fail(pointer + "/" + id + "/rule", "`rule` is a rule description or id");
          // A description, or a rule id (docs/rules.md, "Rule ids").
          const auto& wantedRule = value.get<std::string>();
          bool found =
              std::find(op->rules.begin(), op->rules.end(), wantedRule) != op->rules.end() ||
              std::find(op->ruleIds.begin(), op->ruleIds.end(), wantedRule) != op->ruleIds.end();
          if (!found) {
            failures_.push_back(fmt::format("{}: expected rule \"{}\" to apply ({})", id,
                                            value.get<std::string>(), decided));
          }
          continue;
        } else {
          fail(pointer + "/" + id + "/" + field,
               fmt::format("unknown key `{}` (expected risk, action, rule)", field));
        }
        if (!value.is_string() || value.get<std::string>() != actual) {
          failures_.push_back(fmt::format(
              "{}: expected {} {}, got {} ({})", id, field,
              value.is_string() ? value.get<std::string>() : value.dump(), actual, decided));
        }
      }
    }
  }

  const LocationTable& locations_;
  const CaseOutcome& outcome_;
  std::vector<std::string> failures_;
};

}  // namespace

std::vector<std::string> checkExpectations(const Json& expect, const std::string& pointer,
                                           const LocationTable& locations,
                                           const CaseOutcome& outcome) {
  ExpectationCheck check(locations, outcome);
  check.check(expect, pointer);
  return std::move(check).failures();
}

}  // namespace c2a::rules
