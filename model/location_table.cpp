#include "model/location_table.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <functional>

namespace c2a {
namespace {

constexpr std::size_t kSegmentBlock = std::size_t{16} << 10;

/// Calls `visit` with each segment of a JSON pointer, unescaped (`~1` is `/`, `~0` is `~`);
/// stops when it returns false.
template <class Visit>
void forEachSegment(std::string_view pointer, Visit visit) {
  if (pointer.empty()) return;
  if (pointer.front() == '/') pointer.remove_prefix(1);
  std::string unescaped;
  while (true) {
    auto slash = pointer.find('/');
    std::string_view segment = pointer.substr(0, slash);
    if (segment.find('~') != std::string_view::npos) {
      unescaped.clear();
      for (std::size_t i = 0; i < segment.size(); ++i) {
        bool escape = segment[i] == '~' && i + 1 < segment.size() &&
                      (segment[i + 1] == '0' || segment[i + 1] == '1');
        if (escape) {
          unescaped += segment[i + 1] == '0' ? '~' : '/';
          ++i;
        } else {
          unescaped += segment[i];
        }
      }
      segment = unescaped;
    }
    if (!visit(segment) || slash == std::string_view::npos) return;
    pointer.remove_prefix(slash + 1);
  }
}

}  // namespace

std::uint32_t LocationTable::hashOf(NodeId parent, std::string_view segment) {
  std::size_t hash = std::hash<std::string_view>{}(segment) ^ (parent * 0x9e3779b97f4a7c15ULL);
  hash ^= hash >> 29;
  return static_cast<std::uint32_t>(hash ^ (hash >> 32));
}

LocationTable::LocationTable(std::string file) : file_(std::move(file)) {
  positions_.emplace_back();  // the root
  nodes_.emplace_back();
}

void LocationTable::reserve(std::size_t count) {
  positions_.reserve(count + 1);
  nodes_.reserve(count + 1);
  std::size_t size = 16;
  while (size < count * 2) size *= 2;
  if (size > slots_.size()) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(size, Slot{});
    for (const Slot& slot : old) {
      if (slot.id != kRoot) {
        const Node& node = nodes_[slot.id];
        slots_[slotOf(node.parent, node.segment, slot.hash)] = slot;
      }
    }
  }
}

void LocationTable::grow() {
  reserve(std::max<std::size_t>(nodes_.size() * 2, 8));
}

std::size_t LocationTable::slotOf(NodeId parent, std::string_view segment,
                                  std::uint32_t hash) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot& slot = slots_[i];
    if (slot.id == kRoot) return i;
    if (slot.hash == hash && nodes_[slot.id].parent == parent &&
        nodes_[slot.id].segment == segment) {
      return i;
    }
  }
}

std::string_view LocationTable::keep(std::string_view segment) {
  if (segment.size() > blockLeft_) {
    std::size_t size = std::max(kSegmentBlock, segment.size());
    segments_.push_back(std::make_unique<char[]>(size));
    free_ = segments_.back().get();
    blockLeft_ = size;
  }
  char* at = free_;
  if (!segment.empty()) std::memcpy(at, segment.data(), segment.size());
  free_ += segment.size();
  blockLeft_ -= segment.size();
  return {at, segment.size()};
}

LocationTable::NodeId LocationTable::child(NodeId parent, std::string_view segment) {
  // At most half full: a probe ends at an empty slot soon.
  if ((nodes_.size() + 1) * 2 > slots_.size()) grow();
  const std::uint32_t hash = hashOf(parent, segment);
  const std::size_t at = slotOf(parent, segment, hash);
  if (slots_[at].id != kRoot) return slots_[at].id;
  auto id = static_cast<NodeId>(nodes_.size());
  positions_.emplace_back();
  nodes_.push_back(Node{parent, keep(segment)});
  slots_[at] = Slot{hash, id};
  return id;
}

LocationTable::NodeId LocationTable::addChild(NodeId parent, std::string_view segment, int line,
                                              int column) {
  NodeId id = child(parent, segment);
  positions_[id] = Position{line, column};
  return id;
}

LocationTable::NodeId LocationTable::addElement(NodeId parent, std::size_t index, int line,
                                                int column) {
  NodeId id = element(parent, index);
  positions_[id] = Position{line, column};
  return id;
}

LocationTable::NodeId LocationTable::element(NodeId parent, std::size_t index) {
  std::array<char, 24> digits{};
  auto written = std::to_chars(digits.data(), digits.data() + digits.size(), index);
  return child(parent, std::string_view(digits.data(), written.ptr - digits.data()));
}

void LocationTable::setRoot(int line, int column) {
  positions_[kRoot] = Position{line, column};
}

void LocationTable::add(std::string_view pointer, int line, int column) {
  NodeId node = kRoot;
  forEachSegment(pointer, [&](std::string_view segment) {
    node = child(node, segment);
    return true;
  });
  if (positions_[node].line == 0) positions_[node] = Position{line, column};
}

SourceLocation LocationTable::find(std::string_view pointer) const {
  NodeId node = kRoot;
  Position found = positions_[kRoot];
  if (slots_.empty()) return SourceLocation{file_, found.line, found.column};
  forEachSegment(pointer, [&](std::string_view segment) {
    const Slot& slot = slots_[slotOf(node, segment, hashOf(node, segment))];
    if (slot.id == kRoot) return false;
    node = slot.id;
    if (positions_[node].line != 0) found = positions_[node];
    return true;
  });
  return SourceLocation{file_, found.line, found.column};
}

std::size_t LocationTable::size() const {
  return static_cast<std::size_t>(std::count_if(positions_.begin(), positions_.end(),
                                                [](const Position& p) { return p.line != 0; }));
}

}  // namespace c2a
