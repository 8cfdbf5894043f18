#include "engine/approvals/inline_accept.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "model/error.h"
#include "model/path.h"
#include "model/suggestions.h"

namespace c2a {
namespace {

constexpr std::string_view kHelp =
    " (docs/approvals.md: `Metadata: {c2a: {accept: [{operation, path, reason}]}}`)";

class EntryReader {
 public:
  EntryReader(const Component& component, ComponentIndex index)
      : component_(component), index_(index) {}

  std::vector<InlineAccept> read() {
    std::vector<InlineAccept> out;
    const auto& body = component_.properties;
    if (!body.is_object()) return out;
    auto metadata = body.find("Metadata");
    if (metadata == body.end() || !metadata->is_object()) return out;
    auto c2a = metadata->find("c2a");
    if (c2a == metadata->end()) return out;
    Path at{"Metadata", "c2a"};
    if (!c2a->is_object()) fail(at, "`Metadata.c2a` must be an object with an `accept` list");
    for (const auto& [key, value] : c2a->items()) {
      if (key != "accept") {
        fail(with(at, key), fmt::format("unknown key `{}` in `Metadata.c2a`{} (known: `accept`)",
                                        key, didYouMean(key, {"accept"})));
      }
    }
    auto accept = c2a->find("accept");
    if (accept == c2a->end()) return out;
    at.emplace_back("accept");
    if (!accept->is_array()) fail(at, "`accept` must be a list of entries" + std::string(kHelp));
    for (std::size_t i = 0; i < accept->size(); ++i) {
      out.push_back(entry((*accept)[i], with(at, std::to_string(i))));
    }
    return out;
  }

 private:
  static Path with(Path path, const std::string& key) {
    path.push_back(key);
    return path;
  }

  [[noreturn]] void fail(const Path& path, const std::string& message) const {
    throw C2aError(ErrorKind::InvalidInput, component_.location(path),
                   fmt::format("resource {}: {}", component_.name, message));
  }

  static std::optional<OperationType> operationNamed(std::string name) {
    for (auto& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (auto type : {OperationType::Insert, OperationType::Remove, OperationType::Update,
                      OperationType::Replace, OperationType::Rename}) {
      if (toString(type) == name) return type;
    }
    return std::nullopt;
  }

  void operation(const Json& value, const Path& at, InlineAccept& out) const {
    if (!value.is_string()) {
      fail(at, "`operation` must be INSERT, UPDATE, REPLACE or RENAME (or a list of them)");
    }
    auto type = operationNamed(value.get<std::string>());
    if (!type) {
      fail(at, fmt::format("unknown operation `{}`{} (INSERT, UPDATE, REPLACE or RENAME)",
                           value.get<std::string>(),
                           didYouMean(value.get<std::string>(),
                                      {"INSERT", "UPDATE", "REPLACE", "RENAME"})));
    }
    if (*type == OperationType::Remove) {
      fail(at,
           "a removed resource is not in the AFTER template, so it cannot accept its own removal: "
           "approve it with an approvals file or the baseline");
    }
    out.operations.push_back(*type);
  }

  InlineAccept entry(const Json& value, const Path& at) const {
    if (!value.is_object()) {
      fail(at, "an `accept` entry must be an object with `reason` (and `operation`, `path`)" +
                   std::string(kHelp));
    }
    InlineAccept out;
    out.component = index_;
    out.where = component_.location(at);
    for (const auto& [key, field] : value.items()) {
      auto fieldAt = with(at, key);
      if (key == "operation") {
        if (field.is_array()) {
          for (std::size_t i = 0; i < field.size(); ++i) {
            operation(field[i], with(fieldAt, std::to_string(i)), out);
          }
          if (field.empty()) fail(fieldAt, "`operation` lists no operation");
        } else {
          operation(field, fieldAt, out);
        }
      } else if (key == "path") {
        if (!field.is_string() || field.get_ref<const std::string&>().empty()) {
          fail(fieldAt, "`path` must be a property path such as `Properties.BucketName`");
        }
        out.path = fromDotted(field.get<std::string>());
      } else if (key == "reason") {
        if (!field.is_string()) fail(fieldAt, "`reason` must be text");
        out.reason = field.get<std::string>();
      } else {
        fail(fieldAt,
             fmt::format("unknown key `{}` in an `accept` entry{} (known: `operation`, `path`, "
                         "`reason`)",
                         key, didYouMean(key, {"operation", "path", "reason"})));
      }
    }
    auto blank = std::all_of(out.reason.begin(), out.reason.end(),
                             [](unsigned char c) { return std::isspace(c) != 0; });
    if (blank) {
      fail(at,
           "an `accept` entry needs a `reason`: say why this change is acceptable, for the "
           "reviewers who read the report");
    }
    // An entry accepts only what it names: its operations, and for an UPDATE or a REPLACE the
    // property. One that names neither would accept whatever the resource does next.
    if (out.operations.empty()) {
      fail(at,
           "an `accept` entry names the operations it accepts (`operation: UPDATE`, or a list of "
           "INSERT, UPDATE, REPLACE, RENAME)" + std::string(kHelp));
    }
    bool propertyChanges =
        std::any_of(out.operations.begin(), out.operations.end(), [](OperationType type) {
          return type == OperationType::Update || type == OperationType::Replace;
        });
    if (!out.path.empty() && !propertyChanges) {
      fail(with(at, "path"), "`path` applies to UPDATE and REPLACE entries only");
    }
    if (propertyChanges && out.path.empty()) {
      fail(at,
           "an `accept` entry for UPDATE or REPLACE names the property it accepts (`path: "
           "Properties.QueueName`)" + std::string(kHelp));
    }
    // An entry over the acceptances themselves would let later entries in unreviewed.
    if (out.path.size() >= 1 && out.path[0] == "Metadata" &&
        (out.path.size() < 2 || out.path[1] == "c2a" || out.path[1] == "*")) {
      fail(with(at, "path"),
           fmt::format("`path: {}` would accept changes of the acceptances themselves "
                       "(`Metadata.c2a`): an acceptance is added or edited in a change a person "
                       "reviews",
                       toDotted(out.path)));
    }
    if (propertyChanges && (out.path.size() < 2 || out.path[1] == "*")) {
      fail(with(at, "path"),
           fmt::format("`path: {}` names no property: it would accept any change of the "
                       "resource; name the property (`Properties.QueueName`)",
                       toDotted(out.path)));
    }
    return out;
  }

  const Component& component_;
  ComponentIndex index_;
};

}  // namespace

std::vector<InlineAccept> readInlineAccepts(const InfraModel& after) {
  std::vector<InlineAccept> out;
  for (ComponentIndex i = 0; i < after.componentCount(); ++i) {
    const auto& component = after.component(i);
    if (component.type != ComponentType::Resource) continue;
    for (auto& entry : EntryReader(component, i).read()) out.push_back(std::move(entry));
  }
  return out;
}

std::vector<InlineAccept> readDeployedInlineAccepts(const InfraModel& before) {
  std::vector<InlineAccept> out;
  for (ComponentIndex i = 0; i < before.componentCount(); ++i) {
    const auto& component = before.component(i);
    if (component.type != ComponentType::Resource) continue;
    try {
      for (auto& entry : EntryReader(component, i).read()) out.push_back(std::move(entry));
    } catch (const C2aError&) {
      // A malformed entry was refused when it was deployed, so it never counted.
    }
  }
  return out;
}

bool sameEntry(const InlineAccept& a, const InlineAccept& b) {
  return a.operations == b.operations && a.path == b.path && a.reason == b.reason;
}

bool pathMatches(const Path& pattern, const Path& path) {
  if (pattern.size() > path.size()) return false;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != "*" && pattern[i] != path[i]) return false;
  }
  return true;
}

}  // namespace c2a
