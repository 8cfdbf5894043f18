#include "spec/spec_table_text.h"

#include <algorithm>
#include <charconv>

#include "model/error.h"

namespace c2a {
namespace {

constexpr std::string_view kHeader = "c2a-spec-table 1";
constexpr std::string_view kOrigin = "origin ";

char updateTypeLetter(UpdateType type) {
  switch (type) {
    case UpdateType::Immutable: return 'i';
    case UpdateType::Conditional: return 'c';
    default: return 'm';
  }
}

void writeShape(const SpecTables& tables, ShapeId id, std::string& out) {
  const Shape& shape = tables.shapes[id];
  switch (shape.kind) {
    case Shape::Kind::Leaf: out += '-'; return;
    case Shape::Kind::Ref: out += '#' + std::to_string(shape.target); return;
    case Shape::Kind::Array: out += '['; return writeShape(tables, shape.target, out);
    case Shape::Kind::Map: out += '{'; return writeShape(tables, shape.target, out);
    case Shape::Kind::Union:
      out += '(';
      for (std::size_t i = 0; i < shape.members.size(); ++i) {
        if (i > 0) out += '|';
        writeShape(tables, shape.members[i], out);
      }
      out += ')';
      return;
  }
}

void writeProperties(const SpecTables& tables, const PropertyTable& table, std::string& out) {
  for (const auto& [name, property] : table.entries()) {
    out.append(name);
    bool leaf = property.shape == SpecTables::kLeaf;
    if (property.updateType != UpdateType::Mutable || !leaf) {
      out += ' ';
      out += updateTypeLetter(property.updateType);
      if (!leaf) writeShape(tables, property.shape, out);
    }
    out += '\n';
  }
}

/// Calls `line` with each line of text split into chunks at line ends, and its offset (from the
/// first chunk's start, counting every chunk before); stops when it returns false.
template <class Line>
void forEachLine(std::span<const std::string_view> chunks, std::size_t from, Line line) {
  std::size_t base = 0;
  for (std::string_view chunk : chunks) {
    if (from >= base + chunk.size()) {
      base += chunk.size();
      continue;
    }
    std::size_t at = from > base ? from - base : 0;
    while (at < chunk.size()) {
      auto end = chunk.find('\n', at);
      if (end == std::string_view::npos) end = chunk.size();
      if (!line(chunk.substr(at, end - at), base + at)) return;
      at = end + 1;
    }
    base += chunk.size();
  }
}

class TableTextReader {
 public:
  TableTextReader(const std::string& source, TableTextStorage storage, SpecTables& tables)
      : source_(source), storage_(storage), tables_(tables) {}

  void read(std::span<const std::string_view> chunks) {
    forEachLine(chunks, 0, [this](std::string_view text, std::size_t) {
      readLine(text);
      return true;
    });
    if (line_ == 0) fail("empty table");
    finishTable();
    for (const Shape& shape : tables_.shapes) {
      if (shape.kind == Shape::Kind::Ref && shape.target >= tables_.nestedTypes.size()) {
        fail("reference to nested type " + std::to_string(shape.target) + " which is not defined");
      }
    }
  }

  /// The block at `offset`: a `%N` line (into nestedTypes[N], already there) or an `@Type` line,
  /// and the property lines after it.
  void readBlock(std::span<const std::string_view> chunks, std::size_t offset) {
    inBlock_ = true;
    line_ = 1;  // past the header: a block's lines are only types and properties
    forEachLine(chunks, offset, [this](std::string_view text, std::size_t) {
      if (current_ != nullptr && (text.starts_with('%') || text.starts_with('@'))) return false;
      readLine(text);
      return true;
    });
    finishTable();
  }

 private:
  void readLine(std::string_view text) {
    ++line_;
    if (line_ == 1) {
      if (text != kHeader) fail("not a c2a spec table");
    } else if (text.starts_with(kOrigin)) {
      tables_.origin = text.substr(kOrigin.size());
    } else if (text.starts_with('%')) {
      finishTable();
      auto id = number(text.substr(1));
      if (inBlock_) {
        if (id >= tables_.nestedTypes.size()) fail("nested type out of range");
        current_ = &tables_.nestedTypes[id];
        return;
      }
      if (id != tables_.nestedTypes.size()) fail("nested types out of order");
      current_ = &tables_.nestedTypes.emplace_back();
    } else if (text.starts_with('@')) {
      finishTable();
      auto space = text.find(' ');
      // The generated table lists the types sorted: each goes in at the end in constant time.
      SpecResource& resource =
          tables_.resources
              .emplace_hint(inBlock_ ? tables_.resources.lower_bound(text.substr(1, space - 1))
                                     : tables_.resources.end(),
                            text.substr(1, space - 1), SpecResource{})
              ->second;
      // After the type: `*` (stateful) and `!Name` for each physical-name property.
      while (space != std::string_view::npos) {
        auto start = space + 1;
        space = text.find(' ', start);
        auto token = text.substr(start, space == std::string_view::npos ? space : space - start);
        if (token == "*") {
          resource.stateful = true;
        } else if (token.size() > 1 && token.front() == '!') {
          resource.physicalNames.emplace_back(token.substr(1));
        } else {
          fail("unknown resource marker");
        }
      }
      current_ = &resource.properties;
    } else if (text.empty()) {
      fail("empty line");
    } else if (current_ == nullptr) {
      fail("property outside of a type");
    } else {
      readProperty(text);
    }
  }

  void readProperty(std::string_view text) {
    auto space = text.find(' ');
    SpecProperty property;
    if (space != std::string_view::npos) {
      std::string_view rest = text.substr(space + 1);
      if (rest.empty()) fail("missing update type");
      switch (rest[0]) {
        case 'm': property.updateType = UpdateType::Mutable; break;
        case 'i': property.updateType = UpdateType::Immutable; break;
        case 'c': property.updateType = UpdateType::Conditional; break;
        default: fail("unknown update type letter");
      }
      rest.remove_prefix(1);
      if (!rest.empty()) property.shape = shape(rest);
      if (!rest.empty()) fail("trailing characters after shape");
    }
    std::string_view name = text.substr(0, space);
    current_->add(storage_ == TableTextStorage::Static ? name : tables_.names.intern(name),
                  property);
  }

  ShapeId shape(std::string_view& text) {
    if (text.empty()) fail("missing shape");
    char kind = text[0];
    text.remove_prefix(1);
    switch (kind) {
      case '-': return SpecTables::kLeaf;
      case '#': {
        auto digits = text.find_first_not_of("0123456789");
        auto target = number(text.substr(0, digits));
        text.remove_prefix(digits == std::string_view::npos ? text.size() : digits);
        return tables_.addShape({Shape::Kind::Ref, target, {}});
      }
      case '[': return tables_.addShape({Shape::Kind::Array, shape(text), {}});
      case '{': return tables_.addShape({Shape::Kind::Map, shape(text), {}});
      case '(': {
        Shape either{Shape::Kind::Union, 0, {}};
        do {
          either.members.push_back(shape(text));
          if (text.empty()) fail("unterminated union");
          kind = text[0];
          text.remove_prefix(1);
        } while (kind == '|');
        if (kind != ')') fail("malformed union");
        return tables_.addShape(std::move(either));
      }
      default: fail(std::string("unknown shape '") + kind + "'");
    }
    return SpecTables::kLeaf;
  }

  std::uint32_t number(std::string_view digits) {
    std::uint32_t value = 0;
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (error != std::errc() || end != digits.data() + digits.size()) fail("malformed number");
    return value;
  }

  void finishTable() {
    if (current_ != nullptr) current_->sort();
    current_ = nullptr;
  }

  [[noreturn]] void fail(const std::string& message) const {
    throw C2aError(ErrorKind::Internal, {source_, line_, 0}, "spec table: " + message);
  }

  const std::string& source_;
  TableTextStorage storage_;
  SpecTables& tables_;
  int line_ = 0;
  bool inBlock_ = false;
  PropertyTable* current_ = nullptr;
};

}  // namespace

std::string writeSpecTableText(const SpecTables& tables) {
  std::string out;
  out += kHeader;
  out += '\n';
  out += kOrigin;
  out += tables.origin;
  out += '\n';
  for (std::size_t i = 0; i < tables.nestedTypes.size(); ++i) {
    out += '%' + std::to_string(i) + '\n';
    writeProperties(tables, tables.nestedTypes[i], out);
  }
  for (const auto& [type, resource] : tables.resources) {
    out += '@' + type + (resource.stateful ? " *" : "");
    for (const auto& name : resource.physicalNames) out += " !" + name;
    out += '\n';
    writeProperties(tables, resource.properties, out);
  }
  return out;
}

SpecTables readSpecTableText(std::span<const std::string_view> chunks, const std::string& source,
                             TableTextStorage storage) {
  SpecTables tables;
  TableTextReader(source, storage, tables).read(chunks);
  return tables;
}

namespace {

/// The resource type of the `@` line at `offset`: up to the first blank or the line's end.
std::string_view resourceTypeOfLine(std::span<const std::string_view> chunks, std::size_t offset) {
  for (std::string_view chunk : chunks) {
    if (offset < chunk.size()) {
      std::size_t start = offset + 1;  // past the `@`
      std::size_t end = start;
      while (end < chunk.size() && chunk[end] != ' ' && chunk[end] != '\n') ++end;
      return chunk.substr(start, end - start);
    }
    offset -= chunk.size();
  }
  return {};
}

}  // namespace

ScannedSpecTableIndex indexSpecTableText(std::span<const std::string_view> chunks) {
  ScannedSpecTableIndex index;
  forEachLine(chunks, 0, [&index](std::string_view text, std::size_t offset) {
    if (text.starts_with('%')) {
      index.nestedTypes.push_back(offset);
    } else if (text.starts_with('@')) {
      index.resources.push_back(offset);
    } else if (text.starts_with(kOrigin)) {
      index.origin = text.substr(kOrigin.size());
    }
    return true;
  });
  // The writer lists resource types in order already; a table written otherwise still works.
  auto byType = [chunks](std::size_t a, std::size_t b) {
    return resourceTypeOfLine(chunks, a) < resourceTypeOfLine(chunks, b);
  };
  if (!std::is_sorted(index.resources.begin(), index.resources.end(), byType)) {
    std::stable_sort(index.resources.begin(), index.resources.end(), byType);
  }
  return index;
}

std::string_view SpecTableIndex::resourceTypeAt(std::size_t i) const {
  return resourceTypeOfLine(chunks, resources[i]);
}

std::optional<std::size_t> SpecTableIndex::find(std::string_view resourceType) const {
  std::size_t low = 0;
  std::size_t high = resources.size();
  while (low < high) {
    std::size_t middle = low + (high - low) / 2;
    if (resourceTypeAt(middle) < resourceType) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  if (low == resources.size() || resourceTypeAt(low) != resourceType) return std::nullopt;
  return resources[low];
}

void readSpecTableBlock(std::span<const std::string_view> chunks, std::size_t offset,
                        const std::string& source, SpecTables& tables) {
  TableTextReader(source, TableTextStorage::Static, tables).readBlock(chunks, offset);
}

}  // namespace c2a
