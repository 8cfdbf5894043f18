// `c2a diff` on cloud assemblies whose stacks carry creation stacks: annotations at the app's own
// source line relative to --source-root, and assemblies whose `additionalMetadataFile` is
// hostile (outside the assembly, missing, malformed, of another shape).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "model/json.h"
#include "tests/cli/run_c2a.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;
using testing::runC2a;
using testing::slurp;

const std::string kCase = "tests/cases/report/assembly-creation-stacks/";
const std::string kDiff = "diff " + kCase + "before " + kCase + "after --no-presets ";

TEST(CreationSites, TheSourceRootSaysWhereTheAppsFilesAre) {
  auto rooted = runC2a(kDiff + "--format github --source-root /app");
  EXPECT_EQ(rooted.status, 1) << rooted.err;  // review: no rules
  EXPECT_NE(rooted.out.find("file=lib/orders-stack.js,line=19,col=21,"), std::string::npos)
      << rooted.out;
  EXPECT_NE(rooted.out.find("file=lib/storage-stack.js,line=12,col=18,"), std::string::npos);
  // A root deeper in the app: the same files, relative to it.
  auto lib = runC2a(kDiff + "--format github --source-root /app/lib/");
  EXPECT_NE(lib.out.find("file=orders-stack.js,line=19,col=21,"), std::string::npos) << lib.out;
  EXPECT_EQ(lib.out.find("file=lib/orders-stack.js"), std::string::npos) << lib.out;
  // A root written with `..` and `.` is the same root.
  auto dotted = runC2a(kDiff + "--format github --source-root /app/bin/../.");
  EXPECT_EQ(dotted.out, rooted.out);
}

TEST(CreationSites, OutsideTheSourceRootTheTemplatesLineInstead) {
  // The default root is the current directory (the checkout here): /app/... is outside it.
  auto unrooted = runC2a(kDiff + "--format github");
  EXPECT_EQ(unrooted.out.find("file=lib/orders-stack.js"), std::string::npos) << unrooted.out;
  EXPECT_EQ(unrooted.out.find("file=/"), std::string::npos) << unrooted.out;
  EXPECT_NE(unrooted.out.find("file=" + kCase + "after/Orders.template.json,line=3,"),
            std::string::npos)
      << unrooted.out;
  // A relative frame is resolved against whichever root is given.
  EXPECT_NE(unrooted.out.find("file=lib/alarms-stack.js,line=10,col=5,"), std::string::npos);
  // A root that is a sibling whose name starts the same is not the app's root.
  auto sibling = runC2a(kDiff + "--format github --source-root /ap");
  EXPECT_EQ(sibling.out.find("orders-stack.js"), std::string::npos) << sibling.out;
}

TEST(CreationSites, TheJsonReportWritesTheSourceOnlyForTheAfterSide) {
  auto json = runC2a(kDiff + "--format json --source-root /app");
  ASSERT_EQ(json.status, 1) << json.err;
  auto report = Json::parse(json.out);
  int sourced = 0;
  for (const auto& change : report["changes"]) {
    const auto& id = change["id"].get_ref<const std::string&>();
    bool has = change.contains("location") && change["location"].contains("source");
    if (id.ends_with(":REMOVE") || id.find("Alarms/Resource:HighErrors") == 0 ||
        id.find("Alarms/Resource:Latency") == 0) {
      EXPECT_FALSE(has) << id << ": " << change["location"].dump();
    } else {
      EXPECT_TRUE(has) << id;
      if (!has) continue;
      ++sourced;
      const auto& file = change["location"]["source"]["file"].get_ref<const std::string&>();
      EXPECT_FALSE(file.starts_with("/")) << id << ": " << file;
      EXPECT_EQ(file.find(".."), std::string::npos) << id << ": " << file;
    }
  }
  EXPECT_GT(sourced, 0);
}

// ---- hostile additionalMetadataFile ------------------------------------------------------------

class HostileMetadataFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("c2a-cli-sites-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    for (const char* side : {"before", "after"}) {
      fs::copy(fs::path(C2A_SOURCE_DIR) / kCase / side, dir_ / side, fs::copy_options::recursive);
    }
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The after side's Orders artifact names `name` as its metadata file.
  void nameMetadataFile(const Json& name) const {
    auto file = dir_ / "after/manifest.json";
    auto manifest = Json::parse(slurp(file));
    manifest["artifacts"]["Orders"]["additionalMetadataFile"] = name;
    std::ofstream(file, std::ios::binary) << manifest.dump(1);
  }
  void writeMetadataFile(const std::string& text) const {
    std::ofstream(dir_ / "after/Orders.metadata.json", std::ios::binary) << text;
  }
  [[nodiscard]] testing::RunResult diff(const std::string& format = "json") const {
    return runC2a("diff '" + (dir_ / "before").string() + "' '" + (dir_ / "after").string() +
                  "' --no-presets --source-root /app --format " + format);
  }
  // The verdict and the changes, without where they are.
  [[nodiscard]] static std::string decisions(const std::string& json) {
    auto report = Json::parse(json);
    std::string out = report["verdict"].get<std::string>();
    for (const auto& change : report["changes"]) {
      out += '\n';
      out += change["id"].get<std::string>();
      out += ' ';
      out += change["action"].get<std::string>();
    }
    return out;
  }

  fs::path dir_;
};

// `c2a: FILE:LINE:COL: ` with FILE the manifest of the after side.
void expectLocatedAt(const std::string& err, const std::string& file) {
  std::regex located(
      "^c2a: " + std::regex_replace(file, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
      ":[0-9]+:[0-9]+: ");
  EXPECT_TRUE(std::regex_search(err, located)) << err;
}

TEST_F(HostileMetadataFile, OneOutsideTheAssemblyIsRefused) {
  std::ofstream(dir_ / "after/../outside.json") << "{}";
  for (const std::string& name : std::vector<std::string>{
           "../outside.json", (dir_ / "outside.json").string(), "./x/../../outside.json"}) {
    nameMetadataFile(name);
    auto run = diff();
    EXPECT_EQ(run.status, 65) << name << "\n" << run.err;
    expectLocatedAt(run.err, (dir_ / "after/manifest.json").string());
    EXPECT_NE(run.err.find("lies outside the cloud assembly"), std::string::npos) << run.err;
    EXPECT_TRUE(run.out.empty()) << run.out;
  }
}

TEST_F(HostileMetadataFile, OneMissingIsMissingInput) {
  nameMetadataFile("Gone.metadata.json");
  auto run = diff();
  EXPECT_EQ(run.status, 66) << run.err;
  expectLocatedAt(run.err, (dir_ / "after/manifest.json").string());
  EXPECT_NE(run.err.find("Gone.metadata.json"), std::string::npos) << run.err;
}

TEST_F(HostileMetadataFile, OneMalformedIsAnErrorAtItsLine) {
  writeMetadataFile(
      "{\n \"/Orders/Archive/Resource\": [\n  {\"type\": \"aws:cdk:creationStack\",,\n");
  auto run = diff();
  EXPECT_EQ(run.status, 65) << run.err;
  expectLocatedAt(run.err, (dir_ / "after/Orders.metadata.json").string());
  EXPECT_NE(run.err.find("Orders.metadata.json:3:"), std::string::npos) << run.err;
}

TEST_F(HostileMetadataFile, OneOfAnotherShapeChangesNoDecision) {
  auto reference = diff();
  ASSERT_EQ(reference.status, 1) << reference.err;
  const auto expected = decisions(reference.out);
  for (const char* text :
       {"[]", "[1, {\"/Orders/Archive/Resource\": []}]", "null", "\"text\"", "42",
        R"~({"/Orders/Archive/Resource": 7, "/Orders/Handler/Resource": [null, 1, "x", [],
            {"type": "aws:cdk:creationStack"}, {"type": "aws:cdk:creationStack", "data": 5},
            {"type": "aws:cdk:creationStack", "data": [null, {}, "...", "(x)", ":1:1"]}],
            "": [{"type": "aws:cdk:creationStack", "data": ["/app/root.js:1:1"]}],
            "/": [{"type": "aws:cdk:creationStack", "data": ["/app/slash.js:1:1"]}]})~"}) {
    writeMetadataFile(text);
    auto run = diff();
    EXPECT_EQ(run.status, 1) << text << "\n" << run.err;
    if (run.status != 1) continue;
    EXPECT_EQ(decisions(run.out), expected) << text;
    // The Orders stack's changes lost their source line, and nothing else was made up.
    EXPECT_EQ(run.out.find("orders-stack.js"), std::string::npos) << text;
    EXPECT_EQ(run.out.find("root.js"), std::string::npos) << text;
    EXPECT_EQ(run.out.find("slash.js"), std::string::npos) << text;
    auto github = diff("github");
    EXPECT_EQ(github.status, 1) << text << "\n" << github.err;
  }
}

TEST_F(HostileMetadataFile, ANameThatIsNotTextIsIgnored) {
  for (const Json& name :
       {Json(7), Json::array({"Orders.metadata.json"}), Json(nullptr), Json("")}) {
    nameMetadataFile(name);
    auto run = diff();
    EXPECT_EQ(run.status, 1) << name.dump() << "\n" << run.err;
    EXPECT_EQ(run.out.find("orders-stack.js"), std::string::npos) << name.dump();
  }
}

}  // namespace
}  // namespace c2a
