#pragma once
// Private to the YAML reader: the tree a YAML document's events build, whichever parser gives
// them (libyaml first, yaml-cpp for what libyaml refuses; yaml_readers.h). It makes the same
// ordered JSON tree a JSON template gives (short-form tags become their long form, scalars are
// typed by the YAML 1.2 core schema) and records where every value starts. Built from events
// rather than a parser's node tree, so that an alias is sized before it is copied: a
// billion-laughs document stops at the value or text limit without first building what it
// expands to.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/error.h"
#include "model/json.h"
#include "model/location_table.h"
#include "readers/object_members.h"
#include "readers/read_limits.h"
#include "readers/source_document.h"
#include "readers/source_positions.h"

namespace c2a {

/// An anchor as the events name it: 0 for none, otherwise a number given to each definition
/// (a later `&a` is a new anchor; an alias names the latest).
using YamlAnchor = std::size_t;

/// The tag of an untagged plain scalar (or collection), and of an untagged quoted scalar. Other
/// tags arrive resolved: `!Ref`, or `tag:yaml.org,2002:str` for `!!str`.
inline constexpr std::string_view kYamlPlainTag = "?";
inline constexpr std::string_view kYamlQuotedTag = "!";

/// Where an event starts; line 0 when the parser does not say.
using YamlMark = LineColumn;

class YamlTreeBuilder {
 public:
  /// `textSize`: the bytes the events come from, to size the location table.
  YamlTreeBuilder(const std::string& file, const ReadLimits& limits, std::size_t textSize);

  /// An empty node, or a plain untagged `~`, `null`, `Null`, `NULL`.
  void onNull(YamlMark mark, YamlAnchor anchor);
  void onScalar(YamlMark mark, std::string_view tag, YamlAnchor anchor, std::string text);
  void onAlias(YamlMark mark, YamlAnchor anchor);
  void onSequenceStart(YamlMark mark, std::string_view tag, YamlAnchor anchor);
  void onMapStart(YamlMark mark, std::string_view tag, YamlAnchor anchor);
  /// The end of the innermost sequence or mapping.
  void onCollectionEnd();

  /// The document read, once the events are all given. Throws C2aError ("empty document") when
  /// they held no value or a null one (only comments, or a bare `---`): nothing to read.
  SourceDocument finish() &&;
  [[nodiscard]] SourceLocation locate(YamlMark mark) const;

 private:
  struct Anchored {
    Json value;
    std::size_t values;  // how many values a copy adds, aliases inside included
    int height;          // levels of nesting it adds where it is copied
    std::size_t bytes;   // how much text (keys and scalars) a copy adds
  };
  struct Merge {
    Json source;
    YamlMark at;  // the `<<` key, where merged members are located
  };
  struct Frame {
    Json value;
    LocationTable::NodeId node = LocationTable::kRoot;  // of `value`, inside a short-form tag
    std::optional<std::string> wrapper;  // a short-form tag's long-form key (`!Sub [...]`)
    int depth = 0;                       // JSON nesting of `value`
    int parentDepth = 0;
    int deepest = 0;  // deepest nesting reached inside, for anchor heights
    YamlAnchor anchor = 0;
    std::size_t valuesAtStart = 0;
    std::size_t bytesAtStart = 0;
    bool quiet = false;      // inside a merge source: its positions are not the merged members'
    bool mergeList = false;  // `<<: [*a, *b]`: its items are merge sources
    // Mappings: the member being read.
    bool expectKey = true;
    std::string key;
    YamlMark keyMark;
    bool keyIsMerge = false;
    std::vector<Merge> merges;
    ObjectMembers members;
    // Sequences.
    std::size_t nextIndex = 0;
  };
  /// Where the value that starts now goes: `segment` (a key, or an index for `inArray`) inside
  /// `parent`, or the root when `root`.
  struct Slot {
    LocationTable::NodeId parent = LocationTable::kRoot;
    std::string_view segment;
    std::size_t index = 0;
    bool root = false;
    bool inArray = false;
    YamlMark at;  // a member is located by its key
    bool quiet = false;
    bool isKey = false;
    bool isMerge = false;
  };

  [[nodiscard]] Slot nextSlot(YamlMark mark) const;
  /// The table node of the slot's value, positioned at `slot.at` unless it is quiet.
  LocationTable::NodeId record(const Slot& slot);
  /// The node of `segment` inside `parent`, positioned at `at` (when the parser gave it).
  LocationTable::NodeId record(LocationTable::NodeId parent, std::string_view segment, YamlMark at);
  [[nodiscard]] int currentDepth() const { return frames_.empty() ? 0 : frames_.back().depth; }
  void checkDepth(int depth, YamlMark mark) const;
  void countValues(std::size_t count, YamlMark mark, bool viaAlias);
  void countBytes(std::size_t count, YamlMark mark, bool viaAlias);
  [[nodiscard]] C2aError nonScalarKey(YamlMark mark, const Json& key) const;
  void takeKey(YamlMark mark, std::string text, bool isMerge, YamlAnchor anchor, bool viaAlias);
  void addLeaf(Json value, int height, std::size_t bytes, YamlMark mark, YamlAnchor anchor);
  void startContainer(YamlMark mark, std::string_view tag, YamlAnchor anchor, Json empty);
  void applyMerges(Frame& frame);
  void deliver(Json value, int height);
  void addMerge(Frame& top, Json source);

  const std::string& file_;
  const ReadLimits& limits_;
  std::shared_ptr<LocationTable> table_;
  std::vector<Frame> frames_;
  std::unordered_map<YamlAnchor, Anchored> anchors_;
  std::size_t values_ = 0;
  std::size_t bytes_ = 0;
  Json root_;
  bool hasRoot_ = false;
};

}  // namespace c2a
