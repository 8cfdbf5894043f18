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
  // push_back and ranges). A key already there changes nothing and moves nothing; a new one is
  // built before room is made, so an argument that refers into this object is read while valid.
  template <class K, class V>
  std::pair<typename Base::iterator, bool> emplace(K&& key, V&& value) {
    auto found = Base::find(key);
    if (found != this->end()) return {found, false};
    if (this->size() < this->capacity()) {
      Base::Container::emplace_back(std::forward<K>(key), std::forward<V>(value));
    } else {
      typename Base::value_type member(std::forward<K>(key), std::forward<V>(value));
      makeRoom(this->size() + 1);
      Base::Container::push_back(std::move(member));  // copies the const key once
    }
    return {std::prev(this->end()), true};
  }
  template <class K>
  T& operator[](K&& key) {
    return emplace(std::forward<K>(key), T{}).first->second;
  }
  template <class K>
  const T& operator[](K&& key) const {
    return Base::operator[](std::forward<K>(key));
  }
  std::pair<typename Base::iterator, bool> insert(typename Base::value_type&& member) {
    return emplace(member.first, std::move(member.second));
  }
  std::pair<typename Base::iterator, bool> insert(const typename Base::value_type& member) {
    return emplace(member.first, member.second);
  }
  template <class InputIt>
  void insert(InputIt first, InputIt last) {
    for (; first != last; ++first) insert(*first);
  }

  /// Appends a member whose key the caller knows is not there yet (keys read from a source that
  /// has them once, fields written in turn): no lookup of every key first, and room made without
  /// copies. Unlike emplace, room is made first and the member built in place, so the key is
  /// moved, never copied: neither argument may refer into this object.
  template <class K, class V>
  T& append(K&& key, V&& value) {
    makeRoom(this->size() + 1);
    Base::Container::emplace_back(std::forward<K>(key), std::forward<V>(value));
    return this->back().second;
  }

  /// Ensures room for `wanted` members without std::vector's copying growth. The keys are copied
  /// first (that may throw, and leaves this map as it was), then the values moved (that cannot).
  void makeRoom(std::size_t wanted) {
    if (wanted <= this->capacity()) return;
    typename Base::Container grown;
    grown.reserve(std::max({wanted, this->size() * 2, std::size_t{4}}));
    for (const auto& member : *this) grown.emplace_back(member.first, T{});
    auto target = grown.begin();
    for (auto& member : *this) (target++)->second = std::move(member.second);
    static_cast<typename Base::Container&>(*this).swap(grown);
  }
};

using Json = nlohmann::basic_json<MovingOrderedMap>;

}  // namespace c2a
