#include "model/location_table.h"

#include <algorithm>
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

std::size_t LocationTable::ChildKeyHash::operator()(const ChildKey& key) const {
  std::size_t hash = std::hash<std::string_view>{}(key.segment);
  return hash ^ (key.parent * 0x9e3779b97f4a7c15ULL);
}

LocationTable::LocationTable(std::string file) : file_(std::move(file)) {
  positions_.emplace_back();  // the root
}

void LocationTable::reserve(std::size_t count) {
  positions_.reserve(count + 1);
  children_.reserve(count);
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
  if (auto it = children_.find(ChildKey{parent, segment}); it != children_.end()) {
    return it->second;
  }
  auto id = static_cast<NodeId>(positions_.size());
  positions_.emplace_back();
  children_.emplace(ChildKey{parent, keep(segment)}, id);
  return id;
}

LocationTable::NodeId LocationTable::addChild(NodeId parent, std::string_view segment, int line,
                                              int column) {
  NodeId id = child(parent, segment);
  positions_[id] = Position{line, column};
  return id;
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
  forEachSegment(pointer, [&](std::string_view segment) {
    auto it = children_.find(ChildKey{node, segment});
    if (it == children_.end()) return false;
    node = it->second;
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
