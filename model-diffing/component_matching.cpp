#include "model-diffing/component_matching.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

#include "model-diffing/candidate_index.h"
#include "model-diffing/similarity.h"
#include "model/parallel_work.h"
#include "model/same_value.h"
#include "model/snapshot_types.h"

namespace c2a::diffing {
namespace {

using GroupKey = std::pair<ComponentType, std::string>;  // type, subtype

// Below this many candidate pairs in a group, a thread costs more to start than it saves.
constexpr std::size_t kPairsWorthThreads = 32;

bool participates(const Component& component) {
  return component.type != ComponentType::Stack && component.type != ComponentType::Construct;
}

// Leftovers of one type/subtype on both sides.
struct Group {
  std::vector<ComponentIndex> removed;
  std::vector<ComponentIndex> inserted;
};

class Matcher {
 public:
  Matcher(const InfraModel& before, const InfraModel& after, const UpdateTypeLookup& updateTypes,
          const DeployedTypeLookup& deployedTypes, unsigned jobs)
      : before_(before),
        after_(after),
        updateTypes_(updateTypes),
        deployedTypes_(deployedTypes),
        jobs_(jobs) {}

  StackMatching run(const std::vector<ComponentIndex>& beforeMembers,
                    const std::vector<ComponentIndex>& afterMembers) {
    matchByName(beforeMembers, afterMembers);
    // Renames change what references mean, so matching repeats until no new rename appears: a
    // renamed role makes its renamed policy's body equal again, and so does a resource paired by
    // similarity or construct path for its children (an API's schema and resolvers). Each round
    // pairs at least one more component or ends.
    do {
      while (matchExactBodies()) {
      }
    } while (matchSimilarBodies());
    collectLeftovers();
    return std::move(result_);
  }

 private:
  void matchByName(const std::vector<ComponentIndex>& beforeMembers,
                   const std::vector<ComponentIndex>& afterMembers) {
    std::unordered_map<std::string, ComponentIndex> beforeByName;
    for (auto b : beforeMembers) {
      const auto& c = before_.component(b);
      if (!participates(c)) continue;
      beforeByName.emplace(std::string(toString(c.type)) + '\0' + c.name, b);
    }
    std::unordered_map<ComponentIndex, bool> beforeMatched;
    for (auto a : afterMembers) {
      const auto& c = after_.component(a);
      if (!participates(c)) continue;
      auto it = beforeByName.find(std::string(toString(c.type)) + '\0' + c.name);
      if (it != beforeByName.end() && sameDeployedType(before_.component(it->second), c)) {
        result_.pairs.push_back({it->second, a, false});
        beforeMatched[it->second] = true;
        continue;
      }
      groups_[{c.type, c.subtype}].inserted.push_back(a);
    }
    for (auto b : beforeMembers) {
      const auto& c = before_.component(b);
      if (!participates(c) || beforeMatched.count(b) != 0) continue;
      groups_[{c.type, c.subtype}].removed.push_back(b);
    }
  }

  // Resources rename; a snapshot under a new logical id is a new snapshot (model/snapshot_types.h).
  static bool mayRename(const GroupKey& key) {
    return key.first == ComponentType::Resource && !isSnapshotType(key.second);
  }

  // The same type, or a SAM type and the type its transform makes under the same logical id.
  bool sameDeployedType(const Component& before, const Component& after) const {
    if (before.subtype == after.subtype) return true;
    return before.type == ComponentType::Resource && deployedTypes_ &&
           deployedTypes_(before.subtype) == deployedTypes_(after.subtype);
  }

  Json beforeBody(ComponentIndex b) const {
    return applyRenames(identityBody(before_.component(b).properties), result_.renames);
  }
  Json afterBody(ComponentIndex a) const { return identityBody(after_.component(a).properties); }

  void acceptRename(Group& group, ComponentIndex b, ComponentIndex a) {
    result_.pairs.push_back({b, a, true});
    result_.renames[before_.component(b).name] = after_.component(a).name;
    group.removed.erase(std::find(group.removed.begin(), group.removed.end(), b));
    group.inserted.erase(std::find(group.inserted.begin(), group.inserted.end(), a));
  }

  // Identical bodies under a new logical id. Returns true if any rename was found.
  bool matchExactBodies() {
    bool found = false;
    for (auto& [key, group] : groups_) {
      if (!mayRename(key) || group.removed.empty() || group.inserted.empty()) continue;
      std::unordered_map<std::size_t, std::vector<ComponentIndex>> removedByHash;
      std::unordered_map<ComponentIndex, Json> bodies;
      for (auto b : group.removed) {
        bodies[b] = beforeBody(b);
        removedByHash[equivalenceHash(bodies[b])].push_back(b);
      }
      std::vector<std::pair<ComponentIndex, ComponentIndex>> accepted;
      std::unordered_map<ComponentIndex, bool> taken;
      for (auto a : group.inserted) {
        auto body = afterBody(a);
        auto it = removedByHash.find(equivalenceHash(body));
        if (it == removedByHash.end()) continue;
        // Several identical candidates: the most alike logical id is the likeliest origin.
        double bestName = -1;
        std::optional<ComponentIndex> best;
        for (auto b : it->second) {
          if (taken.count(b) != 0 || !equivalent(bodies[b], body)) continue;
          double s = stringSimilarity(before_.component(b).name, after_.component(a).name);
          if (s > bestName) {
            bestName = s;
            best = b;
          }
        }
        if (best) {
          taken[*best] = true;
          accepted.emplace_back(*best, a);
        }
      }
      for (auto [b, a] : accepted) {
        acceptRename(group, b, a);
        found = true;
      }
    }
    return found;
  }

  // `Stack/Aaaa/Resource` and `Stack/MyApi/Resource` (one construct renamed), or
  // `Stack/Old/Api/Resource` and `Stack/New/Api/Resource` (moved): the same tail, one segment
  // apart.
  static bool sameConstruct(const std::string& before, const std::string& after) {
    if (before.empty() || after.empty() || before == after) return false;
    auto split = [](const std::string& path) {
      std::vector<std::string_view> parts;
      std::string_view rest(path);
      while (true) {
        auto slash = rest.find('/');
        parts.push_back(rest.substr(0, slash));
        if (slash == std::string_view::npos) break;
        rest.remove_prefix(slash + 1);
      }
      return parts;
    };
    auto b = split(before);
    auto a = split(after);
    if (b.size() != a.size() || b.back() != a.back()) return false;
    std::size_t differing = 0;
    for (std::size_t k = 0; k < b.size(); ++k) differing += b[k] != a[k] ? 1 : 0;
    return differing == 1;
  }

  // Immutable properties must agree: a different physical name is a different resource.
  bool sameIdentity(const std::string& subtype, const Json& before, const Json& after) const {
    auto properties = [](const Json& body) -> const Json* {
      auto it = body.find("Properties");
      return it != body.end() && it->is_object() ? &*it : nullptr;
    };
    const Json* p = properties(before);
    const Json* q = properties(after);
    auto check = [&](const Json* from, const Json* other) {
      if (from == nullptr) return true;
      for (const auto& [key, value] : from->items()) {
        if (updateTypes_(subtype, Path{"Properties", key}) != UpdateType::Immutable) continue;
        if (other == nullptr) return false;
        auto it = other->find(key);
        if (it == other->end() || !equivalent(value, *it)) return false;
      }
      return true;
    };
    return check(p, q) && check(q, p);
  }

  // A reference to a resource still without a counterpart, on either side, reads as "some
  // unpaired resource of that type": a function renamed together with its rewritten role keeps
  // its likeness. The ambiguity margin still keeps look-alikes apart.
  void maskUnpairedReferences(RenameMap& before, RenameMap& after) const {
    for (const auto& [key, group] : groups_) {
      if (key.first != ComponentType::Resource) continue;
      std::string token = "(an unpaired " + key.second + ")";
      for (auto b : group.removed) before[before_.component(b).name] = token;
      for (auto a : group.inserted) after[after_.component(a).name] = token;
    }
  }

  // Alike bodies under a new logical id. Returns true if any rename was found.
  bool matchSimilarBodies() {
    bool found = false;
    RenameMap maskBefore;
    RenameMap maskAfter;
    maskUnpairedReferences(maskBefore, maskAfter);
    for (auto& [key, group] : groups_) {
      if (!mayRename(key) || group.removed.empty() || group.inserted.empty()) continue;
      std::vector<Json> removedBodies;
      std::vector<Json> insertedBodies;
      for (auto b : group.removed) removedBodies.push_back(applyRenames(beforeBody(b), maskBefore));
      for (auto a : group.inserted) insertedBodies.push_back(applyRenames(afterBody(a), maskAfter));

      // Candidate pairs: all of them for small groups, else those sharing rare leaf values.
      auto candidates = candidatePairs(removedBodies, insertedBodies);
      // Up to kAllPairsLimit pairs: each compares within its share (budgetPerPair), or 64 removed
      // and 64 added resources of 64 strings each cost 4096 comparisons of 4096 string pairs.
      long budget = budgetPerPair(candidates.size());
      const std::string& subtype = key.second;  // (a lambda cannot capture a structured binding)
      std::erase_if(candidates, [&](const auto& pair) {
        return !sameIdentity(subtype, removedBodies[pair.first], insertedBodies[pair.second]);
      });
      // Each pair's score is its own (its budget included), so they are worked out on every
      // thread (--jobs) and read in candidate order: the same scores, in the same order, however
      // many threads. A thread's strings have their bigrams computed once per scope.
      std::vector<double> scores(candidates.size());
      BigramScope bigrams;  // this thread's: the bodies' strings, once for all its pairs
      const unsigned threads = candidates.size() < kPairsWorthThreads ? 1 : jobs_;
      forEachIndex(candidates.size(), threads, [&](std::size_t k, unsigned worker) {
        std::optional<BigramScope> helpers;  // a helper thread's, for this pair's strings
        if (worker != 0) helpers.emplace();
        const auto [i, j] = candidates[k];
        scores[k] = similarity(removedBodies[i], insertedBodies[j], budget);
      });
      std::vector<std::tuple<double, std::size_t, std::size_t>> scored;
      for (std::size_t k = 0; k < candidates.size(); ++k) {
        if (scores[k] > 0)
          scored.emplace_back(scores[k], candidates[k].first, candidates[k].second);
      }
      // Best and second-best score per component on each side.
      std::vector<std::pair<double, double>> bestOfRemoved(removedBodies.size(), {0, 0});
      std::vector<std::pair<double, double>> bestOfInserted(insertedBodies.size(), {0, 0});
      auto note = [](std::pair<double, double>& best, double s) {
        if (s > best.first) {
          best.second = best.first;
          best.first = s;
        } else if (s > best.second) {
          best.second = s;
        }
      };
      for (const auto& [s, i, j] : scored) {
        note(bestOfRemoved[i], s);
        note(bestOfInserted[j], s);
      }
      std::sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) {
        if (std::get<0>(x) != std::get<0>(y)) return std::get<0>(x) > std::get<0>(y);
        if (std::get<1>(x) != std::get<1>(y)) return std::get<1>(x) < std::get<1>(y);
        return std::get<2>(x) < std::get<2>(y);
      });
      std::vector<std::pair<ComponentIndex, ComponentIndex>> accepted;
      for (const auto& [s, i, j] : scored) {
        if (s < kConstructRenameThreshold) break;
        // Below the usual bar only with the construct path as evidence: the same construct, renamed
        // or moved, whose name-like properties followed its new id.
        if (s < kRenameThreshold &&
            !sameConstruct(before_.component(group.removed[i]).constructPath(),
                           after_.component(group.inserted[j]).constructPath())) {
          continue;
        }
        const auto& r = bestOfRemoved[i];
        const auto& n = bestOfInserted[j];
        bool unambiguous = r.first == s && n.first == s && r.second <= s - kRenameMargin &&
                           n.second <= s - kRenameMargin;
        if (unambiguous) accepted.emplace_back(group.removed[i], group.inserted[j]);
      }
      for (auto [b, a] : accepted) acceptRename(group, b, a);
      found = found || !accepted.empty();
    }
    return found;
  }

  void collectLeftovers() {
    // Same logical id on both sides but a different type: CloudFormation cannot update a resource
    // into another type, so it is a removal and an insertion; keep the pairing for the report.
    std::unordered_map<std::string, ComponentIndex> removedByName;
    for (const auto& [key, group] : groups_) {
      for (auto b : group.removed) {
        result_.removed.push_back(b);
        if (key.first == ComponentType::Resource) removedByName[before_.component(b).name] = b;
      }
    }
    for (const auto& [key, group] : groups_) {
      for (auto a : group.inserted) {
        result_.inserted.push_back(a);
        if (key.first != ComponentType::Resource) continue;
        auto it = removedByName.find(after_.component(a).name);
        if (it != removedByName.end()) result_.typeChanged.push_back({it->second, a, false});
      }
    }
    std::sort(result_.removed.begin(), result_.removed.end());
    std::sort(result_.inserted.begin(), result_.inserted.end());
  }

  const InfraModel& before_;
  const InfraModel& after_;
  const UpdateTypeLookup& updateTypes_;
  const DeployedTypeLookup& deployedTypes_;
  const unsigned jobs_;
  std::map<GroupKey, Group> groups_;  // ordered: deterministic rename rounds
  StackMatching result_;
};

}  // namespace

Json identityBody(const Json& properties) {
  Json body = normalizeIntrinsics(properties);
  if (body.is_object()) {
    auto metadata = body.find("Metadata");
    if (metadata != body.end() && metadata->is_object()) {
      metadata->erase("aws:cdk:path");
      if (metadata->empty()) body.erase("Metadata");
    }
  }
  return body;
}

StackMatching matchComponents(const InfraModel& before,
                              const std::vector<ComponentIndex>& beforeMembers,
                              const InfraModel& after,
                              const std::vector<ComponentIndex>& afterMembers,
                              const UpdateTypeLookup& updateTypes,
                              const DeployedTypeLookup& deployedTypes, unsigned jobs) {
  return Matcher(before, after, updateTypes, deployedTypes, jobs).run(beforeMembers, afterMembers);
}

}  // namespace c2a::diffing
