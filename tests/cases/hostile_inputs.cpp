#include "tests/cases/hostile_inputs.h"

#include <sys/stat.h>

#include <fstream>
#include <stdexcept>

namespace c2a::testing {
namespace {

namespace fs = std::filesystem;

std::size_t count(const std::string& argument) {
  return static_cast<std::size_t>(std::stoull(argument));
}

std::string repeated(std::string_view piece, std::size_t n) {
  std::string out;
  out.reserve(piece.size() * n);
  for (std::size_t i = 0; i < n; ++i) out.append(piece);
  return out;
}

std::string deepJson(std::size_t depth) {
  return R"({"Resources":{"A":{"Type":"AWS::SNS::Topic","Properties":{"P":)" +
         repeated("[", depth) + repeated("]", depth) + "}}}}\n";
}

std::string deepYaml(std::size_t depth) {
  return "Resources:\n  A:\n    Type: AWS::SNS::Topic\n    Properties:\n      P: " +
         repeated("[", depth) + repeated("]", depth) + "\n";
}

std::string deepRules(std::size_t depth) {
  return "rule \"deep\" {\n  let change = change\n  where " + repeated("(", depth) +
         "change.type == \"UPDATE\"" + repeated(")", depth) +
         "\n  effect risk = low, action = approve\n}\n";
}

std::string manyResources(std::size_t n) {
  std::string out = "{\"Resources\":{";
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) out += ",";
    out += "\"Topic" + std::to_string(i) +
           "\":{\"Type\":\"AWS::SNS::Topic\",\"Properties\":{\"TopicName\":\"t" +
           std::to_string(i) + "\"}}";
  }
  return out + "}}\n";
}

std::string subPlaceholders(std::size_t n) {
  return R"({"Resources":{"Q":{"Type":"AWS::SQS::Queue"},"T":{"Type":"AWS::SNS::Topic",)"
         R"("Properties":{"TopicName":{"Fn::Sub":")" +
         repeated("${Q.Arn}-${AWS::Region}", n / 2) + "\"}}}}}\n";
}

// A function whose environment holds n variables, each a Ref to one topic: n references into
// one object of n keys, each of which the dependency-cycle check follows.
std::string referencesIntoOneObject(std::size_t n) {
  std::string variables;
  for (std::size_t i = 0; i < n; ++i) {
    variables += (i == 0 ? "" : ",") + std::string("\"V") + std::to_string(i) + R"(":{"Ref":"T"})";
  }
  return R"({"Resources":{"T":{"Type":"AWS::SNS::Topic"},"F":{"Type":"AWS::Lambda::Function",)"
         R"("Properties":{"Environment":{"Variables":{)" +
         variables + "}}}}}}\n";
}

// A flow sequence of n tagged flow sequences, each opened inside the last: `[![![!...`.
std::string yamlFlowTags(std::size_t n) {
  return "Resources: [" + repeated("![", n) + "\n";
}

std::string parameterLines(std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += "Stray" + std::to_string(i) + "=value\n";
  return out;
}

// Rules whose three change bindings nothing ties together: every combination is a candidate.
std::string cartesianRules(std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    auto name = "n" + std::to_string(i);
    out += "rule \"cartesian " + std::to_string(i) +
           "\" {\n  let a = change\n  let b = change\n  let c = change\n  where a.id == \"" + name +
           "\" or b.id == \"" + name + "\" or c.id == \"" + name +
           "\"\n  effect target = a, risk = high, action = reject\n}\n";
  }
  return out;
}

void write(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
}

}  // namespace

void generateInput(const fs::path& file, const std::string& generator,
                   const std::string& argument) {
  if (generator == "deep-json") return write(file, deepJson(count(argument)));
  if (generator == "deep-yaml") return write(file, deepYaml(count(argument)));
  if (generator == "deep-rules") return write(file, deepRules(count(argument)));
  if (generator == "many-resources") return write(file, manyResources(count(argument)));
  if (generator == "parameter-lines") return write(file, parameterLines(count(argument)));
  if (generator == "cartesian-rules") return write(file, cartesianRules(count(argument)));
  if (generator == "sub-placeholders") return write(file, subPlaceholders(count(argument)));
  if (generator == "references-into-one-object") {
    return write(file, referencesIntoOneObject(count(argument)));
  }
  if (generator == "yaml-flow-tags") return write(file, yamlFlowTags(count(argument)));
  if (generator == "sparse") {
    write(file, "");
    fs::resize_file(file, count(argument));
    return;
  }
  if (generator == "fifo") {
    if (::mkfifo(file.c_str(), 0600) != 0) throw std::runtime_error("mkfifo " + file.string());
    return;
  }
  if (generator == "symlink") {
    fs::create_directories(file.parent_path());
    fs::create_symlink(argument.empty() ? file.filename() : fs::path(argument), file);
    return;
  }
  throw std::runtime_error("unknown generator " + generator + " for " + file.string());
}

}  // namespace c2a::testing
