// YAML read by yaml-cpp's event parser: the reading for what libyaml refuses, and the source of
// the located message when a text is refused (yaml_readers.h). yaml-cpp 0.7 is more lenient than
// YAML in places, so its events are checked against the source (yaml_source_checks.h) before the
// tree builder takes them. yaml-cpp types stay in this file.
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>

#include "model/error.h"
#include "readers/source_positions.h"
#include "readers/yaml_readers.h"
#include "readers/yaml_source_checks.h"
#include "readers/yaml_tree_builder.h"

namespace c2a {
namespace {

class YamlCppEvents : public YAML::EventHandler {
 public:
  YamlCppEvents(std::string_view text, const TextPositions& positions, YamlTreeBuilder& builder)
      : text_(text), positions_(positions), builder_(builder) {}

  void OnDocumentStart(const YAML::Mark& /*mark*/) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    builder_.onNull(at(mark), anchor);
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& text) override {
    std::optional<std::string> repaired = checkQuotedScalar(mark, tag, text);
    if (tag != kYamlPlainTag) {
      if (auto utf8 = repairLatin1Escapes(repaired ? *repaired : text)) repaired = std::move(utf8);
    }
    builder_.onScalar(at(mark), tag, anchor, repaired ? std::move(*repaired) : text);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    builder_.onAlias(at(mark), anchor);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value /*style*/) override {
    builder_.onSequenceStart(at(mark), tag, anchor);
  }
  void OnSequenceEnd() override { builder_.onCollectionEnd(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value /*style*/) override {
    builder_.onMapStart(at(mark), tag, anchor);
  }
  void OnMapEnd() override { builder_.onCollectionEnd(); }

  [[nodiscard]] SourceLocation locate(const YAML::Mark& mark) const {
    return builder_.locate(at(mark));
  }

 private:
  [[nodiscard]] YamlMark at(const YAML::Mark& mark) const {
    if (mark.is_null() || mark.pos < 0) return YamlMark{};
    return positions_.at(static_cast<std::size_t>(mark.pos));
  }

  /// Guards against two yaml-cpp 0.7 faults with quoted scalars (see yaml_source_checks.h):
  /// fails on an unclosed quote, and gives the right text when empty lines end it.
  std::optional<std::string> checkQuotedScalar(const YAML::Mark& mark, const std::string& tag,
                                               const std::string& text) const {
    if (tag == kYamlPlainTag || mark.pos < 0) return std::nullopt;
    auto source = text_.substr(std::min(static_cast<std::size_t>(mark.pos), text_.size()));
    auto quoted = inspectQuotedScalar(source);
    if (!quoted) return std::nullopt;
    if (!quoted->closed) {
      throw C2aError(ErrorKind::InvalidInput, locate(mark),
                     "invalid YAML: quoted string without its closing quote");
    }
    return repairTrailingLineBreaks(*quoted, text);
  }

  std::string_view text_;
  const TextPositions& positions_;
  YamlTreeBuilder& builder_;
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
                          const YamlCppEvents& events) {
  NextDocumentStart probe;
  try {
    parser.HandleNextDocument(probe);
  } catch (const NextDocumentStart::Found& next) {
    if (next.mark.pos >= 0 &&
        !startsFollowingDocument(text, static_cast<std::size_t>(next.mark.pos))) {
      throw C2aError(ErrorKind::InvalidInput, events.locate(next.mark),
                     "invalid YAML: content after the end of the top-level value (is it indented "
                     "wrongly?)");
    }
  } catch (const YAML::Exception&) {
    // A syntax error in a further document: that document is not read.
  }
}

}  // namespace

SourceDocument readYamlWithYamlCpp(std::string_view text, const std::string& file,
                                   const ReadLimits& limits) {
  TextPositions positions(text);
  YamlTreeBuilder builder(file, limits, text.size());
  YamlCppEvents events(text, positions, builder);
  std::istringstream stream{std::string(text)};
  try {
    YAML::Parser parser(stream);
    if (parser.HandleNextDocument(events)) checkNothingLeftOver(parser, text, events);
  } catch (const YAML::DeepRecursion& error) {
    throw C2aError(ErrorKind::InvalidInput, events.locate(error.mark),
                   "nesting deeper than the YAML parser allows (--max-depth)");
  } catch (const YAML::Exception& error) {
    throw C2aError(ErrorKind::InvalidInput, events.locate(error.mark),
                   "invalid YAML: " + escapeNonAscii(error.msg));
  }
  return std::move(builder).finish();
}

}  // namespace c2a
