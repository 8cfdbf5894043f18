// Rule ids (rule_ids.h).
#include "rules/rule_ids.h"

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <set>

#include "model/decision.h"

namespace c2a::rules {
namespace {

bool idCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

// "rules/team.c2a" -> "team"; "preset:data-loss" -> "preset:data-loss" (slugged by the caller).
std::string stemOf(const std::string& file) {
  auto stem = std::filesystem::path(file).stem().string();
  return stem.empty() ? file : stem;
}

void walk(std::vector<Rule>& rules, std::vector<Rule*>& out) {
  for (Rule& rule : rules) {
    out.push_back(&rule);
    walk(rule.children, out);
  }
}

}  // namespace

std::string ruleIdProblem(std::string_view id) {
  std::string problem;
  if (id.empty()) {
    problem = "a rule id cannot be empty";
  } else if (id.size() > kMaxRuleIdLength) {
    problem = fmt::format("rule id `{}` is longer than {} characters", id, kMaxRuleIdLength);
  } else if (id.front() == '-') {
    problem = fmt::format("rule id `{}` starts with `-`", id);
  } else {
    for (char c : id) {
      if (!idCharacter(c)) {
        problem = fmt::format("rule id `{}` may not hold `{}`", id, std::string(1, c));
        break;
      }
    }
  }
  if (problem.empty()) return problem;
  problem += ": an id is lowercase letters, digits and `-`, starting with a letter or a digit";
  auto slug = ruleIdSlug(id, kMaxRuleIdLength);
  if (!slug.empty() && slug != id) problem += fmt::format(" (like `{}`)", slug);
  return problem;
}

std::string ruleLabel(const Rule& rule) {
  if (!rule.description.empty()) return rule.description;
  if (rule.pointer && !rule.where.file.empty()) return rule.where.file + "#" + *rule.pointer;
  if (rule.where.file.empty() && rule.where.line == 0) return "";
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) about "literal" + string here.
  std::string label("rule at ");
  label.append(rule.where.file);
  if (rule.where.line > 0) label.append(":").append(std::to_string(rule.where.line));
  return label;
}

std::string derivedRuleId(const Rule& rule) {
  auto id = ruleIdSlug(rule.description, kMaxDerivedRuleIdLength);
  if (!id.empty()) return id;
  std::string place = rule.where.file.empty() ? "rule" : stemOf(rule.where.file);
  if (rule.pointer) {
    place += " " + *rule.pointer;
  } else if (rule.where.line > 0) {
    place += " " + std::to_string(rule.where.line);
  }
  id = ruleIdSlug(place, kMaxDerivedRuleIdLength);
  return id.empty() ? "rule" : id;
}

Diagnostics assignRuleIds(std::vector<Rule>& rules) {
  Diagnostics problems;
  std::vector<Rule*> all;
  walk(rules, all);
  // Written ids first: they are what the author chose, and a derived id gives way to them.
  std::map<std::string, const Rule*, std::less<>> written;
  for (Rule* rule : all) {
    if (!rule->idWhere) continue;
    if (auto problem = ruleIdProblem(rule->id); !problem.empty()) {
      problems.push_back({ErrorKind::InvalidInput, *rule->idWhere, std::move(problem)});
      continue;
    }
    auto [first, fresh] = written.emplace(rule->id, rule);
    if (!fresh) {
      const SourceLocation& other = *first->second->idWhere;
      const std::string there =
          other.file == rule->idWhere->file && other.line > 0
              ? fmt::format("line {}, column {}", other.line, other.column)
              : other.str();
      problems.push_back(
          {ErrorKind::InvalidInput, *rule->idWhere,
           fmt::format("rule id `{}` is given twice: here and at {} (rule ids are unique in a "
                       "rule set)",
                       rule->id, there)});
    }
  }
  std::set<std::string, std::less<>> taken;
  for (const auto& [id, rule] : written) taken.insert(id);
  // The next suffix to try per base id: k rules of one description cost k steps, not k².
  std::map<std::string, int, std::less<>> nextSuffix;
  for (Rule* rule : all) {
    if (rule->idWhere) continue;
    const auto base = derivedRuleId(*rule);
    auto id = base;
    if (taken.count(id) != 0) {
      int& n = nextSuffix.try_emplace(base, 2).first->second;
      do {
        id = fmt::format("{}-{}", base, n++);
      } while (taken.count(id) != 0);
    }
    taken.insert(id);
    rule->id = std::move(id);
  }
  return problems;
}

}  // namespace c2a::rules
