// A cloud assembly's stack templates are parsed on several threads (--jobs, template_prefetch.h):
// the model, and the first error, must be exactly what one thread gives.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <string>
#include <vector>

#include "tests/platform-mapping/cdk/cdk_support.h"

namespace c2a::testing {
namespace {

// Zero-padded: stacks are mapped in the order of their names.
std::string stackName(int i) {
  return (i < 10 ? "Stack0" : "Stack") + std::to_string(i);
}

// `stacks` stacks of a queue and a policy that refers to it; stack i > 0 imports stack 0's export.
void writeAssembly(const ScratchDirectory& dir, int stacks) {
  std::string artifacts;
  for (int i = 0; i < stacks; ++i) {
    if (i > 0) artifacts += ",\n";
    artifacts += "\"" + stackName(i) + "\": {\"type\": \"aws:cloudformation:stack\", " +
                 "\"environment\": \"aws://123456789012/eu-west-1\", \"properties\": " +
                 "{\"templateFile\": \"" + stackName(i) + ".template.json\"}}";
    std::string outputs =
        i == 0 ? R"(, "Outputs": {"Q": {"Value": {"Ref": "Queue"}, "Export": {"Name": "Shared"}}})"
               : "";
    std::string body = R"({"Resources": {
  "Queue": {"Type": "AWS::SQS::Queue", "Properties": {"DelaySeconds": )" +
                       std::to_string(i) + R"(}},
  "Policy": {"Type": "AWS::SQS::QueuePolicy", "Properties": {"Queues": [{"Ref": "Queue"}],
    "PolicyDocument": {"Statement": [{"Effect": "Allow",
      "Resource": {"Fn::ImportValue": "Shared"}}]}}}
})" + outputs + "}";
    dir.write(stackName(i) + ".template.json", body + "\n");
  }
  dir.write("manifest.json", "{\"version\": \"36.0.0\", \"artifacts\": {\n" + artifacts + "}}\n");
}

InfraModel loadWith(const std::string& path, unsigned jobs) {
  ReadLimits limits;
  limits.jobs = jobs;
  Diagnostics warnings;
  return loadInput(path, limits, warnings);
}

/// Every component (id, properties, where its body starts) and every edge, in model order.
std::vector<std::string> describe(const InfraModel& model) {
  std::vector<std::string> out;
  for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
    const Component& c = model.component(i);
    out.push_back(c.id() + " " + c.properties.dump() + " " + c.location({}).str());
  }
  for (const auto& edge : edges(model)) out.push_back(edge.source + " -> " + edge.target);
  return out;
}

Diagnostic errorWith(const std::string& path, unsigned jobs) {
  try {
    loadWith(path, jobs);
  } catch (const C2aError& error) {
    return error.diagnostic();
  }
  ADD_FAILURE() << "loading " << path << " with " << jobs << " threads did not fail";
  return {};
}

TEST(ParallelRead, ManyThreadsBuildTheModelOneThreadBuilds) {
  ScratchDirectory dir("parallel-same-model");
  writeAssembly(dir, 24);
  auto one = describe(loadWith(dir.path().string(), 1));
  ASSERT_GT(one.size(), 24U * 2);
  for (unsigned jobs : {2U, 4U, 0U}) {
    EXPECT_EQ(describe(loadWith(dir.path().string(), jobs)), one) << jobs << " threads";
  }
}

TEST(ParallelRead, TheFirstBadTemplateInMappingOrderIsTheErrorReported) {
  ScratchDirectory dir("parallel-first-error");
  writeAssembly(dir, 16);
  dir.write(stackName(5) + ".template.json", "{\"Resources\": {\n  \"A\": [1,, 2]}}\n");
  dir.write(stackName(11) + ".template.json", "{\"Resources\": \n");
  auto one = errorWith(dir.path().string(), 1);
  EXPECT_TRUE(one.where.file.ends_with(stackName(5) + ".template.json")) << one.str();
  EXPECT_EQ(one.where.line, 2);
  for (unsigned jobs : {2U, 8U}) {
    auto many = errorWith(dir.path().string(), jobs);
    EXPECT_EQ(many.str(), one.str()) << jobs << " threads";
    EXPECT_EQ(many.kind, one.kind);
  }
}

TEST(ParallelRead, ATemplateThatIsAPipeIsRefusedNotReadAhead) {
  // A FIFO nobody writes to would block a reader for ever: only regular files are read ahead.
  ScratchDirectory dir("parallel-fifo");
  writeAssembly(dir, 6);
  auto fifo = dir.path() / (stackName(3) + ".template.json");
  std::filesystem::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto one = errorWith(dir.path().string(), 1);
  auto many = errorWith(dir.path().string(), 4);
  EXPECT_EQ(many.str(), one.str());
  EXPECT_EQ(many.kind, ErrorKind::MissingInput);
}

}  // namespace
}  // namespace c2a::testing
