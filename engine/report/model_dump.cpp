#include "engine/report/model_dump.h"

#include "engine/report/escape.h"

#include <fmt/format.h>

#include <map>
#include <vector>

namespace c2a {
namespace {

Json nullIfEmpty(const std::string& text) {
  return text.empty() ? Json() : Json(text);
}

Json componentToJson(const Component& component) {
  Json out = Json::object();
  out["id"] = component.id();
  out["name"] = component.name;
  out["type"] = toString(component.type);
  out["subtype"] = nullIfEmpty(component.subtype);
  out["stack"] = nullIfEmpty(component.stack);
  auto where = component.location();
  if (where.known()) out["location"] = where.str();
  out["properties"] = component.properties;
  return out;
}

// DOT identifiers and labels are double-quoted strings: escape what could end or break them, and
// show controls, C1 controls and bidirectional overrides as terminalSafe does (the graph is often
// printed to a terminal, and viewers apply overrides too).
// A line break c2a writes into a label (name, then type) is DOT's own `\n`: each line is made safe
// on its own, so terminalSafe's `\x0a` never shows in the picture.
std::string dotQuote(std::string_view raw) {
  std::string out = "\"";
  std::size_t start = 0;
  while (true) {
    auto end = raw.find('\n', start);
    for (char c : terminalSafe(raw.substr(start, end == std::string_view::npos ? end : end - start))) {
      if (c == '"' || c == '\\') out += '\\';
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
        out += fmt::format("\\\\x{:02x}", static_cast<unsigned char>(c));
        continue;
      }
      out += c;
    }
    if (end == std::string_view::npos) break;
    out += "\\n";
    start = end + 1;
  }
  out += '"';
  return out;
}

}  // namespace

Json modelToJson(const InfraModel& model) {
  Json components = Json::array();
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    components.push_back(componentToJson(model.component(i)));
  }
  Json relationships = Json::array();
  model.forEachRelationship(
      [&](ComponentIndex source, ComponentIndex target, const Relationship& relationship) {
        Json edge = Json::object();
        edge["kind"] = toString(relationship.kind);
        edge["source"] = model.component(source).id();
        edge["target"] = model.component(target).id();
        edge["sourcePath"] =
            relationship.sourcePath.empty() ? Json() : Json(toDotted(relationship.sourcePath));
        edge["attribute"] = nullIfEmpty(relationship.attribute);
        if (relationship.reference != ReferenceKind::None) {
          edge["reference"] = toString(relationship.reference);
        }
        relationships.push_back(std::move(edge));
      });
  Json out = Json::object();
  out["components"] = std::move(components);
  out["relationships"] = std::move(relationships);
  return out;
}

std::string modelToDot(const InfraModel& model) {
  std::string out = "digraph c2a {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n";
  std::map<std::string, std::vector<ComponentIndex>> byStack;
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    byStack[model.component(i).stack].push_back(i);
  }
  int cluster = 0;
  for (const auto& [stack, members] : byStack) {
    out += fmt::format("  subgraph cluster_{} {{\n    label={};\n", cluster++,
                       dotQuote(stack.empty() ? "template" : stack));
    for (auto i : members) {
      const auto& c = model.component(i);
      std::string label = fmt::format(
          "{}\n{}", c.name, c.subtype.empty() ? toString(c.type) : std::string_view(c.subtype));
      auto shape = c.type == ComponentType::Resource    ? "box"
                   : c.type == ComponentType::Construct ? "folder"
                   : c.type == ComponentType::Stack     ? "tab"
                                                        : "ellipse";
      out +=
          fmt::format("    {} [label={}, shape={}];\n", dotQuote(c.id()), dotQuote(label), shape);
    }
    out += "  }\n";
  }
  model.forEachRelationship(
      [&](ComponentIndex source, ComponentIndex target, const Relationship& relationship) {
        if (relationship.kind == RelationshipKind::Structural) {
          out += fmt::format("  {} -> {} [style=dashed, color=gray];\n",
                             dotQuote(model.component(source).id()),
                             dotQuote(model.component(target).id()));
          return;
        }
        std::string label = toDotted(relationship.sourcePath);
        if (!relationship.attribute.empty())
          label += (label.empty() ? "" : " ") + relationship.attribute;
        out += fmt::format("  {} -> {} [label={}];\n", dotQuote(model.component(source).id()),
                           dotQuote(model.component(target).id()), dotQuote(label));
      });
  out += "}\n";
  return out;
}

}  // namespace c2a
