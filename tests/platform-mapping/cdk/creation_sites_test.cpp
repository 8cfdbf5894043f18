// The app's own source line of each construct, from a cloud assembly's `aws:cdk:creationStack`
// traces (platform-mapping/cdk/creation_sites.h): which frame is the app's, how a stack
// artifact's metadata is read, and which enclosing construct a resource without a site borrows.
#include "platform-mapping/cdk/creation_sites.h"

#include <gtest/gtest.h>

#include <optional>
#include <ostream>
#include <string>

#include "model/json.h"

namespace c2a {

// Failures print the location, not its bytes (internal linkage: found by ADL, no clash).
static void PrintTo(const SourceLocation& where, std::ostream* out) {
  *out << '"' << where.file << "\" " << where.line << ':' << where.column;
}

namespace {

SourceLocation at(const std::string& file, int line, int column) {
  return {file, line, column};
}

std::optional<SourceLocation> frameOf(const char* trace) {
  return appFrame(Json::parse(trace));
}

// ---- appFrame: one frame of each shape V8 and aws-cdk-lib write
// ----------------------------------

TEST(AppFrame, AFunctionFrameNamesTheFileInParentheses) {
  EXPECT_EQ(frameOf(R"~(["new OrdersStack (/app/lib/orders-stack.js:19:21)"])~"),
            at("/app/lib/orders-stack.js", 19, 21));
  EXPECT_EQ(frameOf(R"~(["Object.<anonymous> (/app/bin/app.js:8:1)"])~"),
            at("/app/bin/app.js", 8, 1));
  EXPECT_EQ(frameOf(R"~(["<anonymous> (/app/bin/app.js:8:1)"])~"), at("/app/bin/app.js", 8, 1));
}

TEST(AppFrame, AFrameWithoutAFunctionIsTheLocationAlone) {
  EXPECT_EQ(frameOf(R"~(["/app/bin/app.js:8:1"])~"), at("/app/bin/app.js", 8, 1));
  // V8's own text, before aws-cdk-lib strips it.
  EXPECT_EQ(frameOf(R"~(["at /app/bin/app.js:8:1"])~"), at("/app/bin/app.js", 8, 1));
}

TEST(AppFrame, AFileUrlIsItsPath) {
  EXPECT_EQ(frameOf(R"~(["new Api (file:///app/lib/api.mjs:30:7)"])~"),
            at("/app/lib/api.mjs", 30, 7));
  EXPECT_EQ(frameOf(R"~(["file:///app/bin/app.mjs:4:1"])~"), at("/app/bin/app.mjs", 4, 1));
}

TEST(AppFrame, AWindowsPathInsideParentheses) {
  EXPECT_EQ(frameOf(R"~(["new Stack (C:\\app\\lib\\x.js:3:4)"])~"), at("C:\\app\\lib\\x.js", 3, 4));
  // aws-cdk-lib's files on Windows are not the app's.
  EXPECT_EQ(frameOf(R"~(["new Bucket (C:\\app\\node_modules\\aws-cdk-lib\\s3.js:1:2)",
                        "new Stack (C:\\app\\lib\\x.js:3:4)"])~"),
            at("C:\\app\\lib\\x.js", 3, 4));
}

TEST(AppFrame, ARelativePathIsKeptForTheSourceRootToResolve) {
  EXPECT_EQ(frameOf(R"~(["new Stack (lib/stack.ts:12:5)"])~"), at("lib/stack.ts", 12, 5));
}

TEST(AppFrame, AFrameWithoutLineAndColumnIsNoLocation) {
  EXPECT_EQ(frameOf(R"~(["new Stack (/app/lib/x.js)"])~"), std::nullopt);
  EXPECT_EQ(frameOf(R"~(["/app/lib/x.js"])~"), std::nullopt);
  EXPECT_EQ(frameOf(R"~(["new Stack (native)"])~"), std::nullopt);
  EXPECT_EQ(frameOf(R"~(["new Stack (/app/lib/x.js:a:b)"])~"), std::nullopt);
  EXPECT_EQ(frameOf(R"~(["new Stack (:1:2)"])~"), std::nullopt);  // no file
  EXPECT_EQ(frameOf(R"~(["new Stack (/app/x.js:0:0)"])~"), std::nullopt);
  EXPECT_EQ(frameOf(R"~([""])~"), std::nullopt);
  // Only the frames that have one are skipped: the next one is the answer.
  EXPECT_EQ(frameOf(R"~(["new Stack (native)", "/app/bin/app.js:8:1"])~"),
            at("/app/bin/app.js", 8, 1));
}

TEST(AppFrame, AFrameOfAPackageOrOfNodeIsNotTheApps) {
  EXPECT_EQ(frameOf(R"~(["new Bucket (/app/node_modules/aws-cdk-lib/aws-s3/lib/bucket.js:1:2)",
                        "node:internal/modules/cjs/loader:1364:14",
                        "Module._compile (node:internal/modules/cjs/loader:1364:14)",
                        "internal/main/run_main_module.js:17:47",
                        "new OrdersStack (/app/lib/orders-stack.js:19:21)",
                        "/app/bin/app.js:8:1"])~"),
            at("/app/lib/orders-stack.js", 19, 21));
  EXPECT_EQ(frameOf(R"~(["new Bucket (/app/node_modules/aws-cdk-lib/aws-s3/lib/bucket.js:1:2)"])~"),
            std::nullopt);
}

TEST(AppFrame, FramesCdkFoldedAreSkipped) {
  // A folded frame that looks like a location is still not the app's.
  EXPECT_EQ(frameOf(R"~(["...new Bucket2 in aws-cdk-lib...",
                        "...node internals...",
                        ".../app/lib/fake.js:1:1",
                        "new OrdersStack (/app/lib/orders-stack.js:19:21)"])~"),
            at("/app/lib/orders-stack.js", 19, 21));
  EXPECT_EQ(frameOf(R"~(["...new Bucket2 in aws-cdk-lib...", "...node internals...",
                        "...aws-cdk-lib, jsii runtime..."])~"),
            std::nullopt);
  // What aws-cdk-lib writes when it saw no frame of the app's.
  EXPECT_EQ(frameOf(R"~(["...aws-cdk-lib...",
                        "(no user code in 10 frames, use --stack-trace-limit to capture more)"])~"),
            std::nullopt);
}

TEST(AppFrame, EntriesThatAreNotTextAreSkipped) {
  EXPECT_EQ(frameOf(R"~([42, null, {"file": "/app/x.js"}, ["/app/y.js:1:1"], true,
                        "/app/bin/app.js:8:1"])~"),
            at("/app/bin/app.js", 8, 1));
  EXPECT_EQ(frameOf(R"~([42, null])~"), std::nullopt);
}

TEST(AppFrame, ATraceThatIsNotAnArrayHasNoFrame) {
  EXPECT_EQ(frameOf(R"~("new OrdersStack (/app/lib/orders-stack.js:19:21)")~"), std::nullopt);
  EXPECT_EQ(frameOf(R"~({"0": "/app/bin/app.js:8:1"})~"), std::nullopt);
  EXPECT_EQ(frameOf("null"), std::nullopt);
  EXPECT_EQ(frameOf("[]"), std::nullopt);
}

TEST(AppFrame, HugeNumbersAreNoLocation) {
  EXPECT_EQ(frameOf(R"~(["/app/x.js:12345678901234567890:1"])~"), std::nullopt);
  EXPECT_EQ(frameOf(R"~(["/app/x.js:1:12345678901234567890"])~"), std::nullopt);
}

// Shapes real traces take that a first reading missed. A relative frame is kept for the source
// root to resolve, so a relative frame under node_modules/ must still be a package's.
TEST(AppFrameShapes, ARelativeNodeModulesFrameIsNotTheApps) {
  EXPECT_EQ(frameOf(R"~(["new Bucket (node_modules/aws-cdk-lib/aws-s3/lib/bucket.js:1:2)",
                        "new Stack (lib/stack.ts:12:5)"])~"),
            at("lib/stack.ts", 12, 5));
}

// The parentheses that close the frame are matched from the end: `app (copy)/` stays whole, as
// aws-cdk-lib's own StackFrame.parse reads it.
TEST(AppFrameShapes, ADirectoryWithParenthesesInItsName) {
  EXPECT_EQ(frameOf(R"~(["new Stack (/home/me/app (copy)/lib/stack.js:12:5)"])~"),
            at("/home/me/app (copy)/lib/stack.js", 12, 5));
}

// A Python, Java or .NET app's frames come from the jsii host; aws-cdk-lib writes them without a
// column when it has none: the line alone still locates it.
TEST(AppFrameShapes, AJsiiHostFrameWithALineAndNoColumn) {
  // aws-cdk-lib's formatExternalFrame: `${name} (${filename}:${line})` when the column is 0.
  EXPECT_EQ(frameOf(R"~(["...jsii runtime...", "<module> (/app/app.py:12)"])~"),
            at("/app/app.py", 12, 0));
}

// An ES module's frames are file URLs, percent-encoded: a space is %20.
TEST(AppFrameShapes, AFileUrlIsDecoded) {
  EXPECT_EQ(frameOf(R"~(["file:///my%20app/bin/app.mjs:4:1"])~"), at("/my app/bin/app.mjs", 4, 1));
}

// aws-cdk-lib's StackFrame.parse takes a frame without a function (an ES module's top-level code,
// `file:///app/bin/app.mjs:4:1`) for a function name and renders it `FILE:LINE (:)`: the file
// and line are still there, before the empty parentheses.
TEST(AppFrameShapes, AFrameAwsCdkLibRenderedWithoutAFunction) {
  EXPECT_EQ(frameOf(R"~(["...aws-cdk-lib...", "file:///app/bin/app.mjs:4 (:)"])~"),
            at("/app/bin/app.mjs", 4, 0));
}

// ---- addCreationSites: a stack artifact's `metadata` -----------------------------------------

TEST(AddCreationSites, KeysLoseTheirLeadingSlash) {
  CreationSites sites;
  addCreationSites(Json::parse(R"~({
    "/Orders/Archive/Resource": [
      {"type": "aws:cdk:logicalId", "data": "ArchiveDA4CB258"},
      {"type": "aws:cdk:creationStack",
       "data": ["...new Bucket in aws-cdk-lib...", "new OrdersStack (/app/lib/orders-stack.js:19:21)"]}
    ],
    "Orders/Queue/Resource": [
      {"type": "aws:cdk:creationStack", "data": ["/app/lib/orders-stack.js:30:5"]}
    ]
  })~"),
                   sites);
  ASSERT_EQ(sites.size(), 2U);
  EXPECT_EQ(sites.at("Orders/Archive/Resource"), at("/app/lib/orders-stack.js", 19, 21));
  EXPECT_EQ(sites.at("Orders/Queue/Resource"), at("/app/lib/orders-stack.js", 30, 5));
  EXPECT_FALSE(sites.contains("/Orders/Archive/Resource"));
}

TEST(AddCreationSites, EntriesWithoutACreationStackAddNothing) {
  CreationSites sites;
  addCreationSites(Json::parse(R"~({
    "/Orders/Archive/Resource": [{"type": "aws:cdk:logicalId", "data": "ArchiveDA4CB258"}],
    "/Orders/Warned": [{"type": "aws:cdk:warning", "data": "/app/lib/x.js:1:1"}],
    "/Orders/Folded/Resource": [{"type": "aws:cdk:creationStack", "data": ["...aws-cdk-lib..."]}],
    "/Orders/NoData/Resource": [{"type": "aws:cdk:creationStack"}],
    "/Orders/Empty": []
  })~"),
                   sites);
  EXPECT_TRUE(sites.empty());
}

TEST(AddCreationSites, ShapesThatAreNotMetadataAreSkippedWithoutCrashing) {
  CreationSites sites;
  for (const char* shape : {"null", "[]", "42", R"~("text")~",
                            R"~([{"/Orders/A": [{"type": "aws:cdk:creationStack",
                                                "data": ["/app/a.js:1:1"]}]}])~"}) {
    addCreationSites(Json::parse(shape), sites);
  }
  addCreationSites(Json::parse(R"~({
    "/Orders/A": {"type": "aws:cdk:creationStack", "data": ["/app/a.js:1:1"]},
    "/Orders/B": "aws:cdk:creationStack",
    "/Orders/C": [null, 7, "aws:cdk:creationStack", ["/app/c.js:1:1"]],
    "/Orders/D": [{"type": 5, "data": ["/app/d.js:1:1"]}],
    "/Orders/E": [{"type": ["aws:cdk:creationStack"], "data": ["/app/e.js:1:1"]}],
    "/Orders/F": [{"type": "aws:cdk:creationStack", "data": "/app/f.js:1:1"}],
    "/Orders/G": [{"type": "aws:cdk:creationStack", "data": {"0": "/app/g.js:1:1"}}],
    "/Orders/H": [7, {"type": "aws:cdk:creationStack", "data": ["/app/h.js:2:3"]}]
  })~"),
                   sites);
  // Only the well-formed entry after the garbage one counts.
  ASSERT_EQ(sites.size(), 1U);
  EXPECT_EQ(sites.at("Orders/H"), at("/app/h.js", 2, 3));
}

TEST(AddCreationSites, AnEarlierSiteOfTheSamePathIsKept) {
  // manifest.json's metadata is read before the additionalMetadataFile: the first one read wins.
  CreationSites sites;
  addCreationSites(Json::parse(R"~({"/Orders/A": [{"type": "aws:cdk:creationStack",
                                                  "data": ["/app/first.js:1:1"]}]})~"),
                   sites);
  addCreationSites(Json::parse(R"~({"/Orders/A": [{"type": "aws:cdk:creationStack",
                                                  "data": ["/app/second.js:2:2"]}]})~"),
                   sites);
  EXPECT_EQ(sites.at("Orders/A"), at("/app/first.js", 1, 1));
}

// ---- creationSiteOf: the nearest enclosing construct's --------------------------------------

CreationSites sitesOf(std::initializer_list<std::pair<const char*, int>> paths) {
  CreationSites out;
  for (const auto& [path, line] : paths) out.emplace(path, at("/app/lib/stack.js", line, 1));
  return out;
}

int lineOf(const CreationSites& sites, std::string_view path) {
  const auto* site = creationSiteOf(sites, path);
  return site == nullptr ? 0 : site->line;
}

TEST(CreationSiteOf, TheConstructsOwnSite) {
  auto sites = sitesOf({{"Orders/Archive/Resource", 19}, {"Orders/Archive", 18}});
  EXPECT_EQ(lineOf(sites, "Orders/Archive/Resource"), 19);
  EXPECT_EQ(lineOf(sites, "Orders/Archive"), 18);
}

TEST(CreationSiteOf, TheNearestEnclosingConstructs) {
  auto sites = sitesOf({{"Orders/Handler", 30}, {"Orders/Handler/ServiceRole", 31}});
  EXPECT_EQ(lineOf(sites, "Orders/Handler/ServiceRole/DefaultPolicy/Resource"), 31);
  EXPECT_EQ(lineOf(sites, "Orders/Handler/LogRetention/Resource"), 30);
}

TEST(CreationSiteOf, AnEnclosingConstructsOwnResourceOrDefault) {
  // A grant adds the policy deep in aws-cdk-lib; the role's own resource has the app's line.
  auto sites = sitesOf({{"Orders/Handler/ServiceRole/Resource", 40}});
  EXPECT_EQ(lineOf(sites, "Orders/Handler/ServiceRole/DefaultPolicy/Resource"), 40);
  auto defaults = sitesOf({{"Orders/Api/Default", 50}});
  EXPECT_EQ(lineOf(defaults, "Orders/Api/Deployment/Resource"), 50);
  // Nearest first: the closer ancestor's own resource before a farther ancestor.
  auto both = sitesOf({{"Orders/Handler", 30}, {"Orders/Handler/ServiceRole/Resource", 40}});
  EXPECT_EQ(lineOf(both, "Orders/Handler/ServiceRole/DefaultPolicy/Resource"), 40);
}

TEST(CreationSiteOf, NeverTheTopLevelConstructAlone) {
  auto sites = sitesOf({{"Orders", 8}, {"Orders/Resource", 9}, {"Orders/Default", 10}});
  EXPECT_EQ(creationSiteOf(sites, "Orders/Archive/Resource"), nullptr);
  EXPECT_EQ(creationSiteOf(sites, "Orders/Archive"), nullptr);
  EXPECT_EQ(creationSiteOf(sites, "Orders/A/B/C/D"), nullptr);
}

TEST(CreationSiteOf, NeitherASiblingNorAConstructWhoseNameStartsTheSame) {
  auto sites = sitesOf({{"Orders/Archive/Resource", 19}, {"Orders/Arch", 20}});
  EXPECT_EQ(creationSiteOf(sites, "Orders/Archive2/Resource"), nullptr);
  EXPECT_EQ(creationSiteOf(sites, "Orders/Queue/Resource"), nullptr);
  // Never down: a construct does not take the site of one it encloses...
  auto inner = sitesOf({{"Orders/Archive/Policy/Resource", 21}});
  EXPECT_EQ(creationSiteOf(inner, "Orders/Archive/Resource"), nullptr);
  // ...but a construct inside the Archive takes the Archive's own resource's.
  EXPECT_EQ(lineOf(sites, "Orders/Archive/Policy/Resource"), 19);
}

TEST(CreationSiteOf, NothingWithoutSitesOrPath) {
  CreationSites none;
  EXPECT_EQ(creationSiteOf(none, "Orders/Archive/Resource"), nullptr);
  auto sites = sitesOf({{"Orders/Archive/Resource", 19}});
  EXPECT_EQ(creationSiteOf(sites, ""), nullptr);
  EXPECT_EQ(creationSiteOf(sites, "/"), nullptr);
  EXPECT_EQ(creationSiteOf(sites, "Orders/"), nullptr);
}

}  // namespace
}  // namespace c2a
