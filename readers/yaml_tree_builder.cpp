#include "readers/yaml_tree_builder.h"

#include <fmt/format.h>

#include <algorithm>

#include "model/intrinsics.h"
#include "readers/limit_errors.h"
#include "readers/yaml_scalars.h"

namespace c2a {
namespace {

Json scalarValue(std::string_view tag, const std::string& text) {
  if (tag == kYamlQuotedTag) return text;
  if (isStandardTag(tag)) return resolveStandardTaggedScalar(tag, text);
  // Plain, or an unknown local tag (`!Foo 12`), which is read as if untagged. yaml-cpp does not
  // say whether a tagged scalar was quoted, so such a scalar is resolved like a plain one, by
  // both readings.
  return resolvePlainScalar(text);
}

}  // namespace

YamlTreeBuilder::YamlTreeBuilder(const std::string& file, const ReadLimits& limits,
                                 std::size_t textSize)
    : file_(file), limits_(limits), table_(std::make_shared<LocationTable>(file)) {
  table_->reserve(guessedValueCount(textSize, 24));  // about a value every 24 bytes of YAML
}

void YamlTreeBuilder::onNull(YamlMark mark, YamlAnchor anchor) {
  Slot slot = nextSlot(mark);
  if (slot.isKey) {
    takeKey(mark, "null", false, anchor, false);
    return;
  }
  record(slot);
  addLeaf(nullptr, 0, 0, mark, anchor);
}

void YamlTreeBuilder::onScalar(YamlMark mark, std::string_view tag, YamlAnchor anchor,
                               std::string text) {
  Slot slot = nextSlot(mark);
  if (slot.isKey) {
    // Tags on keys mean nothing to CloudFormation; only a plain `<<` is a merge key.
    bool isMerge = tag == kYamlPlainTag && text == "<<";
    takeKey(mark, std::move(text), isMerge, anchor, false);
    return;
  }
  LocationTable::NodeId node = record(slot);
  if (auto key = functionKeyForTag(tag)) {
    if (!slot.quiet) record(node, *key, mark);
    Json call = callFromScalar(*key, text);
    int height = call.front().is_array() ? 2 : 1;
    addLeaf(std::move(call), height, text.size(), mark, anchor);
    return;
  }
  addLeaf(scalarValue(tag, text), 0, text.size(), mark, anchor);
}

void YamlTreeBuilder::onAlias(YamlMark mark, YamlAnchor anchor) {
  auto found = anchors_.find(anchor);
  if (found == anchors_.end()) {
    throw C2aError(ErrorKind::InvalidInput, locate(mark), "alias to an unknown anchor");
  }
  const Anchored& anchored = found->second;
  Slot slot = nextSlot(mark);
  if (slot.isKey) {
    if (anchored.value.is_structured()) throw nonScalarKey(mark, anchored.value);
    takeKey(mark,
            anchored.value.is_string() ? anchored.value.get<std::string>() : anchored.value.dump(),
            false, 0, true);
    return;
  }
  record(slot);
  // A merge source's members land in the enclosing mapping, one level up.
  int height = slot.isMerge ? std::max(0, anchored.height - 1) : anchored.height;
  checkDepth(currentDepth() + height, mark);
  countValues(anchored.values, mark, true);
  countBytes(anchored.bytes, mark, true);
  deliver(anchored.value, height);
}

void YamlTreeBuilder::onSequenceStart(YamlMark mark, std::string_view tag, YamlAnchor anchor) {
  startContainer(mark, tag, anchor, Json::array());
}

void YamlTreeBuilder::onMapStart(YamlMark mark, std::string_view tag, YamlAnchor anchor) {
  startContainer(mark, tag, anchor, Json::object());
}

void YamlTreeBuilder::onCollectionEnd() {
  Frame frame = std::move(frames_.back());
  frames_.pop_back();
  if (frame.value.is_object()) applyMerges(frame);
  Json value = std::move(frame.value);
  if (frame.wrapper) {
    Json call = Json::object();
    call[*frame.wrapper] = std::move(value);
    value = std::move(call);
  }
  int height = frame.deepest - frame.parentDepth;
  if (frame.anchor != 0) {
    anchors_[frame.anchor] =
        Anchored{value, values_ - frame.valuesAtStart, height, bytes_ - frame.bytesAtStart};
  }
  deliver(std::move(value), height);
}

SourceDocument YamlTreeBuilder::finish() && {
  if (!hasRoot_ || root_.is_null())
    throw C2aError(ErrorKind::InvalidInput, {file_}, "empty document");
  return SourceDocument{std::move(root_), std::move(table_)};
}

SourceLocation YamlTreeBuilder::locate(YamlMark mark) const {
  if (mark.line <= 0) return SourceLocation{file_};
  return SourceLocation{file_, mark.line, mark.column};
}

YamlTreeBuilder::Slot YamlTreeBuilder::nextSlot(YamlMark mark) const {
  Slot slot;
  slot.at = mark;
  if (frames_.empty()) {
    slot.root = true;
    return slot;
  }
  const Frame& top = frames_.back();
  slot.parent = top.node;
  slot.quiet = top.quiet;
  if (top.value.is_object()) {
    if (top.expectKey) {
      slot.isKey = true;
    } else if (top.keyIsMerge) {
      slot.isMerge = true;
      slot.quiet = true;
    } else {
      slot.segment = top.key;
      slot.at = top.keyMark;
    }
  } else {
    slot.inArray = true;
    slot.index = top.nextIndex;
    slot.isMerge = top.mergeList;
  }
  return slot;
}

LocationTable::NodeId YamlTreeBuilder::record(const Slot& slot) {
  // A quiet value's descendants are quiet too: its node is never asked for.
  if (slot.quiet) return LocationTable::kRoot;
  const YamlMark at = slot.at;
  if (slot.root) {
    if (at.line > 0) table_->setRoot(at.line, at.column);
    return LocationTable::kRoot;
  }
  if (slot.inArray) {
    if (at.line > 0) return table_->addElement(slot.parent, slot.index, at.line, at.column);
    return table_->element(slot.parent, slot.index);
  }
  return record(slot.parent, slot.segment, at);
}

LocationTable::NodeId YamlTreeBuilder::record(LocationTable::NodeId parent,
                                              std::string_view segment, YamlMark at) {
  if (at.line > 0) return table_->addChild(parent, segment, at.line, at.column);
  return table_->child(parent, segment);
}

void YamlTreeBuilder::checkDepth(int depth, YamlMark mark) const {
  if (depth > limits_.maxDepth) failTooDeep(locate(mark), limits_);
}

void YamlTreeBuilder::countValues(std::size_t count, YamlMark mark, bool viaAlias) {
  values_ += count;
  if (values_ <= limits_.maxNodes) return;
  if (!viaAlias) failTooManyValues(locate(mark), limits_);
  throw C2aError(ErrorKind::InvalidInput, locate(mark),
                 fmt::format("document expands to more than {} values (YAML aliases; --max-nodes)",
                             limits_.maxNodes));
}

// Values alone do not bound an alias bomb: 4,000,000 copies of a kilobyte string are 4 GB from a
// 1 KB file. What aliases expand to is bounded like a file's text is, by --max-input-bytes.
void YamlTreeBuilder::countBytes(std::size_t count, YamlMark mark, bool viaAlias) {
  bytes_ += count;
  if (!viaAlias || bytes_ <= limits_.maxInputBytes) return;
  throw C2aError(ErrorKind::InvalidInput, locate(mark),
                 fmt::format("document expands to more than {} bytes of text (YAML aliases; "
                             "--max-input-bytes)",
                             limits_.maxInputBytes));
}

C2aError YamlTreeBuilder::nonScalarKey(YamlMark mark, const Json& key) const {
  return C2aError(ErrorKind::InvalidInput, locate(mark),
                  fmt::format("a mapping key must be a scalar, not a {}",
                              key.is_object() ? "mapping" : "sequence"));
}

void YamlTreeBuilder::takeKey(YamlMark mark, std::string text, bool isMerge, YamlAnchor anchor,
                              bool viaAlias) {
  countBytes(text.size(), mark, viaAlias);
  if (anchor != 0) anchors_[anchor] = Anchored{text, 1, 0, text.size()};
  Frame& top = frames_.back();
  top.key = std::move(text);
  top.keyMark = mark;
  top.keyIsMerge = isMerge;
  top.expectKey = false;
}

/// A scalar, or a short-form tag on a scalar (`height` 1 or 2 then).
void YamlTreeBuilder::addLeaf(Json value, int height, std::size_t bytes, YamlMark mark,
                              YamlAnchor anchor) {
  checkDepth(currentDepth() + height, mark);
  std::size_t count = height == 0 ? 1 : height == 1 ? 2 : 2 + value.front().size();
  countValues(count, mark, false);
  countBytes(bytes, mark, false);
  if (anchor != 0) anchors_[anchor] = Anchored{value, count, height, bytes};
  deliver(std::move(value), height);
}

void YamlTreeBuilder::startContainer(YamlMark mark, std::string_view tag, YamlAnchor anchor,
                                     Json empty) {
  Slot slot = nextSlot(mark);
  if (slot.isKey) throw nonScalarKey(mark, empty);
  Frame frame;
  frame.node = record(slot);
  frame.value = std::move(empty);
  frame.anchor = anchor;
  frame.valuesAtStart = values_;
  frame.bytesAtStart = bytes_;
  frame.quiet = slot.quiet;
  frame.parentDepth = currentDepth();
  // An inline merge source's members land in the enclosing mapping, at its level.
  frame.depth = slot.isMerge ? frame.parentDepth : frame.parentDepth + 1;
  frame.mergeList = slot.isMerge && frame.value.is_array();
  std::size_t count = 1;
  frame.wrapper = functionKeyForTag(tag);
  if (frame.wrapper) {
    if (!slot.quiet) frame.node = record(frame.node, *frame.wrapper, mark);
    ++frame.depth;
    ++count;
  }
  frame.deepest = frame.depth;
  checkDepth(frame.depth, mark);
  countValues(count, mark, false);
  frames_.push_back(std::move(frame));
}

/// `<<: *base` (or a list of them): members of the merged mappings that the mapping does not set
/// itself, the first merged mapping winning over later ones.
void YamlTreeBuilder::applyMerges(Frame& frame) {
  for (Merge& merge : frame.merges) {
    for (auto& [key, value] : merge.source.items()) {
      if (frame.members.contains(frame.value, key)) continue;
      if (!frame.quiet) record(frame.node, key, merge.at);
      frame.members.set(frame.value, key, std::move(value));
    }
  }
}

void YamlTreeBuilder::deliver(Json value, int height) {
  if (frames_.empty()) {
    root_ = std::move(value);
    hasRoot_ = true;
    return;
  }
  Frame& top = frames_.back();
  top.deepest = std::max(top.deepest, top.depth + height);
  if (top.value.is_array()) {
    top.value.push_back(std::move(value));
    ++top.nextIndex;
    return;
  }
  top.expectKey = true;
  if (top.keyIsMerge) {
    addMerge(top, std::move(value));
  } else {
    // A duplicate key keeps its first place in the order and takes the last value.
    top.members.set(top.value, std::move(top.key), std::move(value));
  }
}

void YamlTreeBuilder::addMerge(Frame& top, Json source) {
  bool valid = source.is_object() ||
               (source.is_array() && std::all_of(source.begin(), source.end(),
                                                 [](const Json& j) { return j.is_object(); }));
  if (!valid) {
    throw C2aError(ErrorKind::InvalidInput, locate(top.keyMark),
                   "a merge key (<<) takes a mapping or a list of mappings");
  }
  if (source.is_object()) {
    top.merges.push_back(Merge{std::move(source), top.keyMark});
  } else {
    for (Json& each : source) top.merges.push_back(Merge{std::move(each), top.keyMark});
  }
}

}  // namespace c2a
