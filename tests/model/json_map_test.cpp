// Json's objects (model/json.h, MovingOrderedMap) keep nlohmann's ordered_map behaviour while
// growing without copying values: insertion order, a key already there untouched and nothing
// moved, and arguments that refer into the object itself read before it grows.
#include <gtest/gtest.h>

#include <string>

#include "model/json.h"

namespace c2a {
namespace {

Json::object_t& membersOf(Json& object) {
  return object.get_ref<Json::object_t&>();
}

// An object whose member vector is full, so that the next new key must make room.
Json fullObject() {
  Json object = Json::object();
  for (int i = 0;; ++i) {
    object["k" + std::to_string(i)] = Json{{"nested", i}};
    if (membersOf(object).size() == membersOf(object).capacity()) return object;
  }
}

TEST(JsonObjects, KeepInsertionOrderAndValuesAcrossGrowth) {
  Json object = Json::object();
  for (int i = 0; i < 1000; ++i) object["key" + std::to_string(999 - i)] = Json::array({i, "x"});
  ASSERT_EQ(object.size(), 1000U);
  int i = 0;
  for (const auto& [key, value] : object.items()) {
    EXPECT_EQ(key, "key" + std::to_string(999 - i));
    EXPECT_EQ(value, Json::array({i, "x"}));
    ++i;
  }
  object["key500"] = "replaced";  // an existing key keeps its place
  EXPECT_EQ(object.size(), 1000U);
  EXPECT_EQ(std::next(object.begin(), 499).key(), "key500");
  EXPECT_EQ(object["key500"], "replaced");
}

TEST(JsonObjects, AnExistingKeyOfAFullObjectMovesNothing) {
  Json object = fullObject();
  const Json* first = &object["k0"];
  object["k1"] = 42;  // no insertion: references into the object stay valid
  object.emplace("k2", 7);
  EXPECT_EQ(&object["k0"], first);
  EXPECT_EQ(object["k1"], 42);
  EXPECT_EQ(object["k2"], Json({{"nested", 2}}));  // emplace of a key there changes nothing
}

TEST(JsonObjects, AValueTakenFromTheObjectItselfSurvivesItsGrowth) {
  Json object = fullObject();
  auto& members = membersOf(object);
  const auto size = members.size();
  members.emplace("copy", members.front().second);
  members.insert(Json::object_t::value_type("pair", members.back().second));
  ASSERT_EQ(members.size(), size + 2);
  EXPECT_EQ(object["copy"], Json({{"nested", 0}}));
  EXPECT_EQ(object["pair"], Json({{"nested", 0}}));
  // And through basic_json, as templates are built.
  Json again = fullObject();
  again.push_back(Json::object_t::value_type("first", again["k0"]));
  EXPECT_EQ(again["first"], Json({{"nested", 0}}));
}

TEST(JsonObjects, ACopyGrowsAsTheOriginalDid) {
  Json original = fullObject();
  Json copy = original;
  copy["added"] = true;
  EXPECT_EQ(copy.size(), original.size() + 1);
  copy.erase("added");
  EXPECT_EQ(copy, original);
  Json merged = Json::object();
  merged.update(original);
  EXPECT_EQ(merged, original);
}

}  // namespace
}  // namespace c2a
