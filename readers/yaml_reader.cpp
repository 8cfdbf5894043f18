// YAML templates: yaml-cpp's event parser drives a builder that makes the same ordered JSON tree a
// JSON template gives (short-form tags become their long form, scalars are typed by the YAML 1.2
// core schema) and records where every value starts. Events rather than yaml-cpp's Node tree, so
// that an alias is sized before it is copied: a billion-laughs document stops at the value or text
// limit without first building what it expands to. yaml-cpp types stay in this file.
#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/error.h"
#include "model/intrinsics.h"
#include "model/path.h"
#include "readers/limit_errors.h"
#include "readers/object_members.h"
#include "readers/source_document.h"
#include "readers/source_positions.h"
#include "readers/yaml_scalars.h"
#include "readers/yaml_source_checks.h"

namespace c2a {
namespace {

constexpr std::string_view kPlainTag = "?";   // yaml-cpp's tag of an untagged plain scalar
constexpr std::string_view kQuotedTag = "!";  // ... and of an untagged quoted one

Json scalarValue(const std::string& tag, const std::string& text) {
  if (tag == kQuotedTag) return text;
  if (isStandardTag(tag)) return resolveStandardTaggedScalar(tag, text);
  // Plain, or an unknown local tag (`!Foo 12`), which is read as if untagged. yaml-cpp does not
  // say whether a tagged scalar was quoted, so such a scalar is resolved like a plain one.
  return resolvePlainScalar(text);
}

class YamlTreeBuilder : public YAML::EventHandler {
 public:
  YamlTreeBuilder(std::string_view text, const std::string& file, const ReadLimits& limits,
                  const TextPositions& positions, PositionLog& log)
      : text_(text), file_(file), limits_(limits), positions_(positions), log_(log) {}

  void OnDocumentStart(const YAML::Mark& /*mark*/) override {}
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    Slot slot = nextSlot(mark);
    if (slot.isKey) {
      takeKey(mark, "null", false, anchor, false);
      return;
    }
    record(slot.pointer, slot.at, slot.quiet);
    addLeaf(nullptr, 0, 0, mark, anchor);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& text) override {
    std::optional<std::string> repaired = checkQuotedScalar(mark, tag, text);
    if (tag != kPlainTag) {
      if (auto utf8 = repairLatin1Escapes(repaired ? *repaired : text)) repaired = std::move(utf8);
    }
    const std::string& value = repaired ? *repaired : text;
    Slot slot = nextSlot(mark);
    if (slot.isKey) {
      // Tags on keys mean nothing to CloudFormation; only a plain `<<` is a merge key.
      takeKey(mark, value, tag == kPlainTag && value == "<<", anchor, false);
      return;
    }
    record(slot.pointer, slot.at, slot.quiet);
    if (auto key = functionKeyForTag(tag)) {
      std::string inner = slot.pointer;
      appendPointerSegment(inner, *key);
      record(inner, mark, slot.quiet);
      Json call = callFromScalar(*key, value);
      int height = call.front().is_array() ? 2 : 1;
      addLeaf(std::move(call), height, value.size(), mark, anchor);
      return;
    }
    addLeaf(scalarValue(tag, value), 0, value.size(), mark, anchor);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto found = anchors_.find(anchor);
    if (found == anchors_.end()) {
      throw C2aError(ErrorKind::InvalidInput, locate(mark), "alias to an unknown anchor");
    }
    const Anchored& anchored = found->second;
    Slot slot = nextSlot(mark);
    if (slot.isKey) {
      if (anchored.value.is_structured()) throw nonScalarKey(mark, anchored.value);
      takeKey(
          mark,
          anchored.value.is_string() ? anchored.value.get<std::string>() : anchored.value.dump(),
          false, 0, true);
      return;
    }
    record(slot.pointer, slot.at, slot.quiet);
    // A merge source's members land in the enclosing mapping, one level up.
    int height = slot.isMerge ? std::max(0, anchored.height - 1) : anchored.height;
    checkDepth(currentDepth() + height, mark);
    countValues(anchored.values, mark, true);
    countBytes(anchored.bytes, mark, true);
    deliver(anchored.value, height);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value /*style*/) override {
    startContainer(mark, tag, anchor, Json::array());
  }
  void OnSequenceEnd() override { endContainer(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value /*style*/) override {
    startContainer(mark, tag, anchor, Json::object());
  }
  void OnMapEnd() override { endContainer(); }

  [[nodiscard]] bool hasRoot() const { return hasRoot_; }
  Json takeRoot() { return std::move(root_); }

  [[nodiscard]] SourceLocation locate(const YAML::Mark& mark) const {
    if (mark.is_null() || mark.pos < 0) return SourceLocation{file_};
    auto where = positions_.at(static_cast<std::size_t>(mark.pos));
    return SourceLocation{file_, where.line, where.column};
  }

 private:
  struct Anchored {
    Json value;
    std::size_t values;  // how many values a copy adds, aliases inside included
    int height;          // levels of nesting it adds where it is copied
    std::size_t bytes;   // how much text (keys and scalars) a copy adds
  };
  struct Merge {
    Json source;
    YAML::Mark at;  // the `<<` key, where merged members are located
  };
  struct Frame {
    Json value;
    std::string pointer;                 // of `value`, inside the wrapper of a short-form tag
    std::optional<std::string> wrapper;  // a short-form tag's long-form key (`!Sub [...]`)
    int depth = 0;                       // JSON nesting of `value`
    int parentDepth = 0;
    int deepest = 0;  // deepest nesting reached inside, for anchor heights
    YAML::anchor_t anchor = 0;
    std::size_t valuesAtStart = 0;
    std::size_t bytesAtStart = 0;
    bool quiet = false;      // inside a merge source: its positions are not the merged members'
    bool mergeList = false;  // `<<: [*a, *b]`: its items are merge sources
    // Mappings: the member being read.
    bool expectKey = true;
    std::string key;
    YAML::Mark keyMark;
    bool keyIsMerge = false;
    std::vector<Merge> merges;
    ObjectMembers members;
    // Sequences.
    std::size_t nextIndex = 0;
  };
  /// Where the value that starts now goes.
  struct Slot {
    std::string pointer;
    YAML::Mark at;  // a member is located by its key
    bool quiet = false;
    bool isKey = false;
    bool isMerge = false;
  };

  /// Guards against two yaml-cpp 0.7 faults with quoted scalars (see yaml_source_checks.h):
  /// fails on an unclosed quote, and gives the right text when empty lines end it.
  std::optional<std::string> checkQuotedScalar(const YAML::Mark& mark, const std::string& tag,
                                               const std::string& text) const {
    if (tag == kPlainTag || mark.pos < 0) return std::nullopt;
    auto source = text_.substr(std::min(static_cast<std::size_t>(mark.pos), text_.size()));
    auto quoted = inspectQuotedScalar(source);
    if (!quoted) return std::nullopt;
    if (!quoted->closed) {
      throw C2aError(ErrorKind::InvalidInput, locate(mark),
                     "invalid YAML: quoted string without its closing quote");
    }
    return repairTrailingLineBreaks(*quoted, text);
  }

  Slot nextSlot(const YAML::Mark& mark) const {
    if (frames_.empty()) return Slot{"", mark};
    const Frame& top = frames_.back();
    Slot slot{top.pointer, mark, top.quiet};
    if (top.value.is_object()) {
      if (top.expectKey) {
        slot.isKey = true;
      } else if (top.keyIsMerge) {
        slot.isMerge = true;
        slot.quiet = true;
      } else {
        appendPointerSegment(slot.pointer, top.key);
        slot.at = top.keyMark;
      }
    } else {
      appendPointerSegment(slot.pointer, std::to_string(top.nextIndex));
      slot.isMerge = top.mergeList;
    }
    return slot;
  }

  void record(const std::string& pointer, const YAML::Mark& at, bool quiet) {
    if (quiet || at.pos < 0) return;
    log_.add(pointer, positions_.at(static_cast<std::size_t>(at.pos)));
  }

  [[nodiscard]] int currentDepth() const { return frames_.empty() ? 0 : frames_.back().depth; }

  void checkDepth(int depth, const YAML::Mark& mark) const {
    if (depth > limits_.maxDepth) failTooDeep(locate(mark), limits_);
  }

  void countValues(std::size_t count, const YAML::Mark& mark, bool viaAlias) {
    values_ += count;
    if (values_ <= limits_.maxNodes) return;
    if (!viaAlias) failTooManyValues(locate(mark), limits_);
    throw C2aError(
        ErrorKind::InvalidInput, locate(mark),
        fmt::format("document expands to more than {} values (YAML aliases; --max-nodes)",
                    limits_.maxNodes));
  }

  // Values alone do not bound an alias bomb: 4,000,000 copies of a kilobyte string are 4 GB from a
  // 1 KB file. What aliases expand to is bounded like a file's text is, by --max-input-bytes.
  void countBytes(std::size_t count, const YAML::Mark& mark, bool viaAlias) {
    bytes_ += count;
    if (!viaAlias || bytes_ <= limits_.maxInputBytes) return;
    throw C2aError(ErrorKind::InvalidInput, locate(mark),
                   fmt::format("document expands to more than {} bytes of text (YAML aliases; "
                               "--max-input-bytes)",
                               limits_.maxInputBytes));
  }

  C2aError nonScalarKey(const YAML::Mark& mark, const Json& key) const {
    return C2aError(ErrorKind::InvalidInput, locate(mark),
                    fmt::format("a mapping key must be a scalar, not a {}",
                                key.is_object() ? "mapping" : "sequence"));
  }

  void takeKey(const YAML::Mark& mark, std::string text, bool isMerge, YAML::anchor_t anchor,
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
  void addLeaf(Json value, int height, std::size_t bytes, const YAML::Mark& mark,
               YAML::anchor_t anchor) {
    checkDepth(currentDepth() + height, mark);
    std::size_t count = height == 0 ? 1 : height == 1 ? 2 : 2 + value.front().size();
    countValues(count, mark, false);
    countBytes(bytes, mark, false);
    if (anchor != 0) anchors_[anchor] = Anchored{value, count, height, bytes};
    deliver(std::move(value), height);
  }

  void startContainer(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                      Json empty) {
    Slot slot = nextSlot(mark);
    if (slot.isKey) throw nonScalarKey(mark, empty);
    record(slot.pointer, slot.at, slot.quiet);
    Frame frame;
    frame.value = std::move(empty);
    frame.pointer = std::move(slot.pointer);
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
      appendPointerSegment(frame.pointer, *frame.wrapper);
      record(frame.pointer, mark, slot.quiet);
      ++frame.depth;
      ++count;
    }
    frame.deepest = frame.depth;
    checkDepth(frame.depth, mark);
    countValues(count, mark, false);
    frames_.push_back(std::move(frame));
  }

  void endContainer() {
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

  /// `<<: *base` (or a list of them): members of the merged mappings that the mapping does not
  /// set itself, the first merged mapping winning over later ones.
  void applyMerges(Frame& frame) {
    for (Merge& merge : frame.merges) {
      for (auto& [key, value] : merge.source.items()) {
        if (frame.members.contains(frame.value, key)) continue;
        if (!frame.quiet) {
          std::string pointer = frame.pointer;
          appendPointerSegment(pointer, key);
          record(pointer, merge.at, false);
        }
        frame.members.set(frame.value, key, std::move(value));
      }
    }
  }

  void deliver(Json value, int height) {
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

  void addMerge(Frame& top, Json source) {
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

  std::string_view text_;
  const std::string& file_;
  const ReadLimits& limits_;
  const TextPositions& positions_;
  PositionLog& log_;
  std::vector<Frame> frames_;
  std::unordered_map<YAML::anchor_t, Anchored> anchors_;
  std::size_t values_ = 0;
  std::size_t bytes_ = 0;
  Json root_;
  bool hasRoot_ = false;
};

/// Stops the parser where the next document starts, to tell a further document from content
/// that yaml-cpp left over after ending the first one early.
class NextDocumentStart : public YAML::EventHandler {
 public:
  struct Found {
    YAML::Mark mark;
  };
  void OnDocumentStart(const YAML::Mark& mark) override { throw Found{mark}; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& /*mark*/, YAML::anchor_t /*anchor*/) override {}
  void OnAlias(const YAML::Mark& /*mark*/, YAML::anchor_t /*anchor*/) override {}
  void OnScalar(const YAML::Mark& /*mark*/, const std::string& /*tag*/, YAML::anchor_t /*anchor*/,
                const std::string& /*value*/) override {}
  void OnSequenceStart(const YAML::Mark& /*mark*/, const std::string& /*tag*/,
                       YAML::anchor_t /*anchor*/, YAML::EmitterStyle::value /*style*/) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& /*mark*/, const std::string& /*tag*/, YAML::anchor_t /*anchor*/,
                  YAML::EmitterStyle::value /*style*/) override {}
  void OnMapEnd() override {}
};

/// Only the first document of a stream is read, but what follows it must be another document.
void checkNothingLeftOver(YAML::Parser& parser, std::string_view text,
                          const YamlTreeBuilder& builder) {
  NextDocumentStart probe;
  try {
    parser.HandleNextDocument(probe);
  } catch (const NextDocumentStart::Found& next) {
    if (next.mark.pos >= 0 &&
        !startsFollowingDocument(text, static_cast<std::size_t>(next.mark.pos))) {
      throw C2aError(ErrorKind::InvalidInput, builder.locate(next.mark),
                     "invalid YAML: content after the end of the top-level value (is it indented "
                     "wrongly?)");
    }
  } catch (const YAML::Exception&) {
    // A syntax error in a further document: that document is not read.
  }
}

}  // namespace

SourceDocument readYaml(std::string_view text, const std::string& file, const ReadLimits& limits) {
  std::string_view body = withoutByteOrderMark(text);
  requireUtf8Text(body, file);
  TextPositions positions(body);
  if (auto control = firstNonPrintable(body)) {
    auto where = positions.at(*control);
    throw C2aError(ErrorKind::InvalidInput, SourceLocation{file, where.line, where.column},
                   fmt::format("control character U+{:04X} is not allowed in YAML (write it as an "
                               "escape in a double-quoted string)",
                               static_cast<unsigned char>(body[*control])));
  }
  PositionLog log;
  YamlTreeBuilder builder(body, file, limits, positions, log);
  std::istringstream stream{std::string(body)};
  try {
    YAML::Parser parser(stream);
    if (parser.HandleNextDocument(builder)) checkNothingLeftOver(parser, body, builder);
  } catch (const YAML::DeepRecursion& error) {
    throw C2aError(ErrorKind::InvalidInput, builder.locate(error.mark),
                   "nesting deeper than the YAML parser allows (--max-depth)");
  } catch (const YAML::Exception& error) {
    throw C2aError(ErrorKind::InvalidInput, builder.locate(error.mark),
                   "invalid YAML: " + escapeNonAscii(error.msg));
  }
  // A document of only comments or `---` gives no value or a null one: nothing to read.
  if (!builder.hasRoot()) throw C2aError(ErrorKind::InvalidInput, {file}, "empty document");
  Json root = builder.takeRoot();
  if (root.is_null()) throw C2aError(ErrorKind::InvalidInput, {file}, "empty document");
  return SourceDocument{std::move(root), std::move(log).toTable(file)};
}

}  // namespace c2a
