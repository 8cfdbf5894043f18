#include "platform-mapping/change-set/change_set_files.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <system_error>
#include <unordered_map>

#include "model/error.h"
#include "platform-mapping/change-set/change_set_reader.h"

namespace c2a {
namespace fs = std::filesystem;
namespace {

// The files of `path`: itself, or a directory's change-set files in name order. Each step keeps
// its own error, so one is never reported as another: a path whose kind cannot be read is read as
// a file (its reader says why), an entry that cannot be read is named, and so is a directory that
// cannot be walked.
std::vector<std::string> filesOf(const std::string& path) {
  std::error_code kindError;
  if (!fs::is_directory(path, kindError)) return {path};
  std::vector<std::string> files;
  std::error_code walkError;
  for (fs::directory_iterator it(path, walkError), end; !walkError && it != end;
       it.increment(walkError)) {
    const auto& entry = *it;
    auto extension = entry.path().extension().string();
    if (extension != ".json" && extension != ".yaml" && extension != ".yml") continue;
    std::error_code entryError;
    bool regular = entry.is_regular_file(entryError);
    if (entryError) {
      throw C2aError(ErrorKind::MissingInput, {entry.path().string()},
                     "cannot read this change-set file: " + entryError.message());
    }
    if (regular) files.push_back(entry.path().string());
  }
  if (walkError) {
    throw C2aError(ErrorKind::MissingInput, {path},
                   "cannot read the directory: " + walkError.message());
  }
  if (files.empty()) {
    throw C2aError(ErrorKind::MissingInput, {path},
                   "no change set here: --change-set DIR reads the *.json, *.yaml and *.yml "
                   "files of describe-change-set output in it");
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Which change set a description is of: its ChangeSetId, else its stack and change-set name.
// None when it has neither (a change-set name is unique only within its stack): nothing then
// says two such descriptions are of one change set, so they are never merged.
std::optional<std::string> identity(const ChangeSet& changeSet) {
  if (!changeSet.changeSetId.empty()) return changeSet.changeSetId;
  if (changeSet.stackName.empty() || changeSet.changeSetName.empty()) return std::nullopt;
  return changeSet.stackName + "\n" + changeSet.changeSetName;
}

// `field` of a resource from the other description: filled in where this one is silent, and
// bad input where both speak and differ.
void fill(std::string& mine, const std::string& theirs, std::string_view key,
          const ChangeSetResource& other, const ChangeSet& into) {
  if (theirs.empty() || mine == theirs) return;
  if (mine.empty()) {
    mine = theirs;
    return;
  }
  throw C2aError(ErrorKind::InvalidInput, other.where,
                 fmt::format("this description of change set {} gives {} `{}` for {}, and {} "
                             "gives `{}`: two descriptions of one change set must agree",
                             into.changeSetName.empty() ? into.changeSetId : into.changeSetName,
                             key, theirs, other.logicalId, into.file, mine));
}

}  // namespace

void mergeDescriptions(ChangeSet& into, ChangeSet other) {
  std::unordered_map<std::string, std::size_t> byId;
  for (std::size_t i = 0; i < into.resources.size(); ++i) byId[into.resources[i].logicalId] = i;
  for (auto& resource : other.resources) {
    auto found = byId.find(resource.logicalId);
    if (found == byId.end()) {
      byId[resource.logicalId] = into.resources.size();
      into.resources.push_back(std::move(resource));
      continue;
    }
    auto& mine = into.resources[found->second];
    fill(mine.action, resource.action, "Action", resource, into);
    fill(mine.replacement, resource.replacement, "Replacement", resource, into);
    fill(mine.policyAction, resource.policyAction, "PolicyAction", resource, into);
    fill(mine.resourceType, resource.resourceType, "ResourceType", resource, into);
    if (mine.physicalId.empty()) mine.physicalId = resource.physicalId;
    if (mine.nestedChangeSetId.empty()) mine.nestedChangeSetId = resource.nestedChangeSetId;
    if (!mine.beforeContext) mine.beforeContext = std::move(resource.beforeContext);
    if (!mine.afterContext) mine.afterContext = std::move(resource.afterContext);
    // The details with values say everything the others do, and the values.
    auto valued = [](const ChangeSetDetail& detail) { return !detail.path.empty(); };
    bool theirsValued = std::any_of(resource.details.begin(), resource.details.end(), valued);
    bool mineValued = std::any_of(mine.details.begin(), mine.details.end(), valued);
    if ((theirsValued && !mineValued) || (mine.details.empty() && !resource.details.empty())) {
      mine.details = std::move(resource.details);
    }
  }
  into.withValues = into.withValues || other.withValues;
  for (auto& file : other.files) into.files.push_back(std::move(file));
  for (std::string ChangeSet::*field :
       {&ChangeSet::stackName, &ChangeSet::changeSetName, &ChangeSet::changeSetId,
        &ChangeSet::parentChangeSetId, &ChangeSet::deploymentMode}) {
    if ((into.*field).empty()) into.*field = std::move(other.*field);
  }
}

std::vector<ChangeSet> readChangeSets(const std::vector<std::string>& paths,
                                      const ReadLimits& limits) {
  std::vector<ChangeSet> out;
  std::map<std::string, std::size_t> byIdentity;
  std::map<std::string, std::string> seen;  // each file once, however it was named
  for (const auto& path : paths) {
    for (const auto& file : filesOf(path)) {
      std::error_code error;
      auto key = fs::weakly_canonical(file, error).string();
      if (!seen.emplace(error ? file : key, file).second) continue;
      auto changeSet = readChangeSet(file, limits);
      auto known = identity(changeSet);
      if (!known) {
        out.push_back(std::move(changeSet));
        continue;
      }
      auto [at, added] = byIdentity.try_emplace(*known, out.size());
      if (added) {
        out.push_back(std::move(changeSet));
      } else {
        mergeDescriptions(out[at->second], std::move(changeSet));
      }
    }
  }
  return out;
}

}  // namespace c2a
