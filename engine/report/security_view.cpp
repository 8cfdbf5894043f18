#include "engine/report/security_view.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <unordered_map>
#include <utility>

#include "engine/report/report.h"
#include "model/construct_labels.h"
#include "model/intrinsics.h"
#include "model/parallel_work.h"
#include "model/policies.h"
#include "model/same_value.h"
#include "model/worker_evaluators.h"

namespace c2a {
namespace {

enum Table { Iam, Managed, Network, kTables };

SecurityTable emptyTable(Table table) {
  switch (table) {
    case Iam:
      return {"iam",
              "IAM statement changes",
              {"Resource", "Effect", "Action", "Principal", "Condition"},
              {"resource", "effect", "action", "principal", "condition"},
              {}};
    case Managed:
      return {"managedPolicies",
              "Managed policy changes",
              {"Resource", "Managed policy ARN"},
              {"resource", "managedPolicy"},
              {}};
    case Network:
    case kTables: break;
  }
  return {"network",
          "Security group changes",
          {"Group", "Direction", "Protocol", "Ports", "Peer"},
          {"group", "direction", "protocol", "ports", "peer"},
          {}};
}

const Json* member(const Json& object, std::string_view key) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(std::string(key));
  return it == object.end() ? nullptr : &*it;
}

// A statement's or rule's cells as a reviewer reads them: resources by their construct paths
// where the stack has them.
class Cells {
 public:
  explicit Cells(const ReadableNames* names) : names_(names) {}

  SecurityCell listCell(const Json* value, std::string_view negated = {}) {
    SecurityCell cell;
    if (value == nullptr) return cell;
    if (value->is_array()) {
      for (const auto& element : *value)
        cell.push_back(std::string(negated) + readableText(element, names_));
    } else {
      cell.push_back(std::string(negated) + readableText(*value, names_));
    }
    return cell;
  }

  // `Action` or, negated, `NotAction`.
  SecurityCell eitherCell(const Json& statement, std::string_view key) {
    if (const auto* value = member(statement, key)) return listCell(value);
    return listCell(member(statement, "Not" + std::string(key)), "NOT ");
  }

  SecurityCell principalCell(const Json& statement) {
    SecurityCell cell;
    for (std::string_view key : {"Principal", "NotPrincipal"}) {
      const auto* value = member(statement, key);
      if (value == nullptr) continue;
      std::string prefix = key == "NotPrincipal" ? "NOT " : "";
      if (!value->is_object() || isIntrinsic(*value)) {
        cell.push_back(prefix + readableText(*value, names_));
        continue;
      }
      for (const auto& [kind, principals] : value->items()) {
        for (auto& line : listCell(&principals)) cell.push_back(prefix + kind + ":" + line);
      }
    }
    return cell;
  }

  SecurityCell conditionCell(const Json& statement) {
    SecurityCell cell;
    const auto* condition = member(statement, "Condition");
    if (condition == nullptr) return cell;
    if (!condition->is_object() || isIntrinsic(*condition))
      return {readableText(*condition, names_)};
    for (const auto& [test, values] : condition->items()) {
      cell.push_back(
          "\"" + test + "\": " +
          readableJson(values, names_).dump(-1, ' ', false, Json::error_handler_t::replace));
    }
    return cell;
  }

  SecurityCell readableCells(const std::vector<Json>& values, std::string_view prefix = {}) {
    SecurityCell cell;
    for (const auto& value : values)
      cell.push_back(std::string(prefix) + readableText(value, names_));
    return cell;
  }

  std::vector<SecurityCell> statementCells(const PolicyStatement& policy) {
    const Json& s = policy.statement;
    if (!s.is_object() || isIntrinsic(s)) {
      // A statement chosen by a condition (Fn::If) or read from elsewhere: shown as written.
      return {readableCells(policy.holders), {}, {readableText(s, names_)}, {}, {}};
    }
    SecurityCell resource = eitherCell(s, "Resource");
    if (resource.empty() && policy.kind != PolicyKind::Identity) {
      resource = readableCells(policy.holders);
    }
    SecurityCell principal = policy.kind == PolicyKind::Identity
                                 ? readableCells(policy.holders, "AWS:")
                                 : principalCell(s);
    SecurityCell effect;
    if (const auto* value = member(s, "Effect")) effect.push_back(readableText(*value, names_));
    return {std::move(resource), std::move(effect), eitherCell(s, "Action"), std::move(principal),
            conditionCell(s)};
  }

  std::string protocolWord(const Json* protocol) {
    if (protocol == nullptr) return "";
    auto text = readableText(*protocol, names_);
    if (text == "-1") return "all";
    if (text == "6") return "tcp";
    if (text == "17") return "udp";
    if (text == "1") return "icmp";
    if (text == "58") return "icmpv6";
    return text;
  }

  std::vector<SecurityCell> ruleCells(const NetworkRule& rule) {
    const Json& r = rule.rule;
    if (!r.is_object() || isIntrinsic(r)) {
      return {{readableText(rule.group, names_)},
              {rule.ingress ? "in" : "out"},
              {},
              {},
              {readableText(r, names_)}};
    }
    auto protocol = protocolWord(member(r, "IpProtocol"));
    const auto* from = member(r, "FromPort");
    const auto* to = member(r, "ToPort");
    std::string ports;
    if (protocol == "all") {
      ports = "all";
    } else if (protocol == "icmp" || protocol == "icmpv6") {
      if (from != nullptr) ports = "type " + readableText(*from, names_);
      if (to != nullptr && readableText(*to, names_) != "-1")
        ports += ", code " + readableText(*to, names_);
    } else if (from != nullptr && to != nullptr && equivalent(*from, *to)) {
      ports = readableText(*from, names_);
    } else if (from != nullptr || to != nullptr) {
      ports =
          (from ? readableText(*from, names_) : "?") + "-" + (to ? readableText(*to, names_) : "?");
    }
    SecurityCell peer;
    for (std::string_view key :
         {"CidrIp", "CidrIpv6", "SourceSecurityGroupId", "SourceSecurityGroupName",
          "DestinationSecurityGroupId", "SourcePrefixListId", "DestinationPrefixListId"}) {
      if (const auto* value = member(r, key)) peer.push_back(readableText(*value, names_));
    }
    return {{readableText(rule.group, names_)},
            {rule.ingress ? "in" : "out"},
            protocol.empty() ? SecurityCell{} : SecurityCell{protocol},
            ports.empty() ? SecurityCell{} : SecurityCell{ports},
            std::move(peer)};
  }

 private:
  const ReadableNames* names_;
};

std::string rowKey(const std::vector<SecurityCell>& cells) {
  std::string key;
  for (const auto& cell : cells) {
    for (const auto& line : cell) key += line + '\x1f';
    key += '\x1e';
  }
  return key;
}

// A row of one side, and where the resource writes it. Rows are compared by their cells with
// logical ids (`key`): a construct path is the app's to choose, so two resources that swap
// paths, or a path spelt like another's logical id, must not make a changed grant read as kept.
struct SideRow {
  std::vector<SecurityCell> cells;
  Path path;
  std::string key;
};
using Rows = std::array<std::vector<SideRow>, kTables>;

// The rows one side of a resource writes, from its body evaluated as far as the inputs give.
Rows rowsOf(const Component& component, TemplateEvaluator& evaluator,
            const std::map<std::string, ReadableNames, std::less<>>& names) {
  Rows rows;
  auto labels = names.find(component.stack);
  Cells shown(labels == names.end() ? nullptr : &labels->second);
  Cells plain(nullptr);
  auto evaluated = evaluator.value(component.stack, component.properties, false);
  const Json& body = evaluated.value;
  for (auto& statement : policyStatements(component.subtype, component.name, body)) {
    auto key = rowKey(plain.statementCells(statement));
    rows[Iam].push_back(
        {shown.statementCells(statement), std::move(statement.path), std::move(key)});
  }
  for (auto& attached : managedPolicies(component.subtype, component.name, body)) {
    auto key =
        rowKey({plain.readableCells({attached.holder}), plain.readableCells({attached.policy})});
    rows[Managed].push_back(
        {{shown.readableCells({attached.holder}), shown.readableCells({attached.policy})},
         std::move(attached.path),
         std::move(key)});
  }
  for (auto& rule : networkRules(component.subtype, component.name, body)) {
    auto key = rowKey(plain.ruleCells(rule));
    rows[Network].push_back({shown.ruleCells(rule), std::move(rule.path), std::move(key)});
  }
  return rows;
}

bool startsWith(const Path& path, const Path& prefix) {
  return prefix.size() <= path.size() && std::equal(prefix.begin(), prefix.end(), path.begin());
}

// The change of the resource that writes a row at `path`: the first whose property lies inside
// it or holds it; the resource's first change when none does (an addition, a removal).
std::size_t changeAt(const std::vector<Operation>& operations,
                     const std::vector<std::size_t>& changes, const Path& path) {
  for (auto i : changes) {
    const auto& property = operations[i].property;
    if (property && (startsWith(property->path, path) || startsWith(path, property->path))) {
      return i;
    }
  }
  return changes.front();
}

// Rows only one side has: removed ones (-) in BEFORE's order, then added ones (+) in AFTER's,
// each with the change that writes it.
void addDifference(std::vector<SecurityRow>& out, std::vector<SideRow>& before,
                   std::vector<SideRow>& after, const std::vector<Operation>& operations,
                   const std::vector<std::size_t>& changes) {
  std::unordered_map<std::string, long> counts;
  for (const auto& row : after) ++counts[row.key];
  std::vector<bool> keptBefore(before.size(), false);
  for (std::size_t i = 0; i < before.size(); ++i) {
    auto it = counts.find(before[i].key);
    if (it != counts.end() && it->second > 0) {
      --it->second;
      keptBefore[i] = true;
    }
  }
  std::unordered_map<std::string, long> kept;
  for (std::size_t i = 0; i < before.size(); ++i) {
    if (keptBefore[i]) {
      ++kept[before[i].key];
    } else {
      out.push_back(
          {false, changeAt(operations, changes, before[i].path), std::move(before[i].cells)});
    }
  }
  for (auto& row : after) {
    auto it = kept.find(row.key);
    if (it != kept.end() && it->second > 0) {
      --it->second;
      continue;
    }
    out.push_back({true, changeAt(operations, changes, row.path), std::move(row.cells)});
  }
}

// Below this many resources a thread costs more than it saves.
constexpr std::size_t kResourcesWorthThreads = 16;

}  // namespace

std::vector<SecurityTable> securityTables(const Report& report, const Deployments& deployments,
                                          unsigned threads) {
  std::vector<SecurityTable> tables;
  for (int t = 0; t < kTables; ++t) tables.push_back(emptyTable(static_cast<Table>(t)));
  // The changes of each resource that can write permissions or rules, by (BEFORE, AFTER) side.
  using Sides = std::pair<std::optional<ComponentIndex>, std::optional<ComponentIndex>>;
  std::vector<Sides> resources;
  std::map<Sides, std::vector<std::size_t>> changesOf;
  const auto& operations = report.changes();
  for (std::size_t i = 0; i < operations.size(); ++i) {
    const auto& op = operations[i];
    if (op.componentType != ComponentType::Resource) continue;
    bool writes = (op.before && writesPermissions(report.before.component(*op.before).subtype)) ||
                  (op.after && writesPermissions(report.after.component(*op.after).subtype));
    if (!writes) continue;
    auto& changes = changesOf[{op.before, op.after}];
    if (changes.empty()) resources.emplace_back(op.before, op.after);
    changes.push_back(i);
  }
  if (resources.empty()) return {};
  // Each resource's rows on their own, spread over the threads; the tables then in order.
  const unsigned workers = resources.size() < kResourcesWorthThreads ? 1 : std::max(1U, threads);
  WorkerEvaluators evaluators(report.before, report.after, deployments, workers);
  auto beforeNames = constructNames(report.before);
  auto afterNames = constructNames(report.after);
  keepAgreedNames(beforeNames, afterNames);
  std::vector<std::pair<Rows, Rows>> rows(resources.size());
  forEachIndex(resources.size(), workers, [&](std::size_t k, unsigned worker) {
    const auto& [old, now] = resources[k];
    if (old) {
      rows[k].first = rowsOf(report.before.component(*old), evaluators.before(worker), beforeNames);
    }
    if (now) {
      rows[k].second = rowsOf(report.after.component(*now), evaluators.after(worker), afterNames);
    }
  });
  for (std::size_t k = 0; k < resources.size(); ++k) {
    for (int t = 0; t < kTables; ++t) {
      addDifference(tables[t].rows, rows[k].first[t], rows[k].second[t], operations,
                    changesOf[resources[k]]);
    }
  }
  std::erase_if(tables, [](const SecurityTable& table) { return table.rows.empty(); });
  return tables;
}

}  // namespace c2a
