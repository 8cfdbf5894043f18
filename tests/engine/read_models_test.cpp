// BEFORE and AFTER are read on two threads (readModels): what comes out must be what reading one
// after the other gives, whatever the number of threads.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/pipeline/read_model.h"

namespace c2a {
namespace {

class ReadModels : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(::testing::TempDir()) /
           ("c2a-read-models-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  /// A template file; with `large`, padded past the size under which both sides are read in
  /// order (a long Description), so that the two threads are what is tested.
  std::string write(const std::string& name, std::string text, bool large = true) {
    if (large) text.insert(1, "\"Description\": \"" + std::string(std::size_t{80} << 10, 'x') + "\", ");
    auto path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  static ModelPair read(const std::string& before, const std::string& after, unsigned jobs,
                        Diagnostics& warnings) {
    ReadLimits limits;
    limits.jobs = jobs;
    return readModels(before, after, limits, warnings);
  }

  static Diagnostic errorOf(const std::string& before, const std::string& after, unsigned jobs) {
    Diagnostics warnings;
    try {
      read(before, after, jobs, warnings);
    } catch (const C2aError& error) {
      return error.diagnostic();
    }
    ADD_FAILURE() << "reading did not fail";
    return {};
  }

  static std::vector<std::string> ids(const InfraModel& model) {
    std::vector<std::string> out;
    for (ComponentIndex i = 0; i < model.componentCount(); ++i) {
      out.push_back(model.component(i).id() + " " + model.component(i).location({}).str());
    }
    return out;
  }

  std::filesystem::path dir_;
};

// Each side refers to a logical id it does not define: a warning per side.
constexpr const char* kBefore = R"({"Resources": {"A": {"Type": "AWS::SQS::Queue",
  "Properties": {"RedrivePolicy": {"Ref": "MissingBefore"}}}}})";
constexpr const char* kAfter = R"({"Resources": {"B": {"Type": "AWS::SQS::Queue",
  "Properties": {"RedrivePolicy": {"Ref": "MissingAfter"}}}}})";

TEST_F(ReadModels, TwoThreadsGiveTheModelsAndWarningsOfOne) {
  auto before = write("before.json", kBefore);
  auto after = write("after.json", kAfter);
  Diagnostics one;
  auto sequential = read(before, after, 1, one);
  for (unsigned jobs : {2U, 0U}) {
    Diagnostics many;
    auto parallel = read(before, after, jobs, many);
    EXPECT_EQ(ids(parallel.before), ids(sequential.before));
    EXPECT_EQ(ids(parallel.after), ids(sequential.after));
    ASSERT_EQ(many.size(), one.size());
    ASSERT_EQ(many.size(), 2U);
    for (std::size_t i = 0; i < many.size(); ++i) EXPECT_EQ(many[i].str(), one[i].str());
    EXPECT_NE(many[0].message.find("MissingBefore"), std::string::npos) << many[0].str();
    EXPECT_NE(many[1].message.find("MissingAfter"), std::string::npos) << many[1].str();
  }
}

TEST_F(ReadModels, WhenBothSidesFailBeforesErrorIsTheOneReported) {
  auto before = write("before.json", "{\"Resources\": [1,,]}");
  auto after = write("after.json", "{\"Resources\": {\"X\": }}");
  auto one = errorOf(before, after, 1);
  EXPECT_TRUE(one.where.file.ends_with("before.json")) << one.str();
  for (unsigned jobs : {2U, 0U}) EXPECT_EQ(errorOf(before, after, jobs).str(), one.str());
}

TEST_F(ReadModels, AnAfterOnlyErrorIsReportedAsReadingInOrderWould) {
  auto before = write("before.json", kBefore);
  auto missing = (dir_ / "nowhere.json").string();
  auto one = errorOf(before, missing, 1);
  EXPECT_EQ(one.kind, ErrorKind::MissingInput);
  EXPECT_EQ(errorOf(before, missing, 2).str(), one.str());
}

}  // namespace
}  // namespace c2a
