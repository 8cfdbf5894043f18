#pragma once
// A one-template model written as its components' bodies, for the tests of template evaluation.
#include <initializer_list>
#include <string>

#include "model/infra_model.h"

namespace c2a::testing {

struct WrittenComponent {
  ComponentType type;
  std::string name;
  const char* body;  // JSON
};

inline InfraModel templateModel(std::initializer_list<WrittenComponent> components) {
  InfraModel out;
  for (const auto& written : components) {
    Component component;
    component.type = written.type;
    component.name = written.name;
    component.properties = Json::parse(written.body);
    out.addComponent(std::move(component));
  }
  return out;
}

}  // namespace c2a::testing
