#pragma once
// Property values are JSON trees that keep the key order of the template they came from.
#include <algorithm>
#include <functional>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <utility>

namespace c2a {

/// nlohmann's ordered_map, but growing without copying its values. A member is a
/// pair<const std::string, Json>: the const key makes the pair's move constructor one that may
/// throw, so std::vector's own growth copies every member, deep (whole subtrees), each time an
/// object's capacity doubles. Before an insertion that would reallocate, this map grows itself,
/// copying each key (short) and moving each value. Everything else is ordered_map's.
template <class Key, class T, class IgnoredLess = std::less<Key>,
          class Allocator = std::allocator<std::pair<const Key, T>>>
struct MovingOrderedMap : nlohmann::ordered_map<Key, T, IgnoredLess, Allocator> {
  using Base = nlohmann::ordered_map<Key, T, IgnoredLess, Allocator>;
  using Base::Base;

  // The inserting members basic_json calls (emplace for operator[] and parsing, insert for
  // push_back and ranges); each makes room first, then defers to ordered_map.
  template <class... Args>
  std::pair<typename Base::iterator, bool> emplace(Args&&... args) {
    makeRoom(this->size() + 1);
    return Base::emplace(std::forward<Args>(args)...);
  }
  template <class K>
  T& operator[](K&& key) {
    makeRoom(this->size() + 1);
    return Base::operator[](std::forward<K>(key));
  }
  template <class K>
  const T& operator[](K&& key) const {
    return Base::operator[](std::forward<K>(key));
  }
  template <class Value>
  std::pair<typename Base::iterator, bool> insert(Value&& value) {
    makeRoom(this->size() + 1);
    return Base::insert(std::forward<Value>(value));
  }
  template <class InputIt>
  void insert(InputIt first, InputIt last) {
    makeRoom(this->size() + static_cast<std::size_t>(std::distance(first, last)));
    Base::insert(first, last);
  }

  /// Ensures room for `wanted` members without std::vector's copying growth.
  void makeRoom(std::size_t wanted) {
    if (wanted <= this->capacity()) return;
    typename Base::Container grown;
    grown.reserve(std::max({wanted, this->size() * 2, std::size_t{4}}));
    for (auto& member : *this) grown.emplace_back(member.first, std::move(member.second));
    static_cast<typename Base::Container&>(*this).swap(grown);
  }
};

using Json = nlohmann::basic_json<MovingOrderedMap>;

}  // namespace c2a
