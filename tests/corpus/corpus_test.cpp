// Property tests over ../shared/corpus (real templates and before/after pairs from public
// repositories). Run by `make test-corpus`; skipped where the corpus is absent (a user's clone).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/pipeline/analyze.h"
#include "engine/report/report_format.h"
#include "model-diffing/model_diff.h"
#include "model/operation_json.h"
#include "platform-mapping/input.h"
#include "spec/resource_spec.h"

namespace c2a {
namespace {

namespace fs = std::filesystem;

fs::path corpus() {
  return fs::path(C2A_CORPUS_DIR);
}

#define REQUIRE_CORPUS()                                                \
  if (!fs::exists(corpus() / "templates")) {                            \
    GTEST_SKIP() << "no corpus at " << corpus() << " (a user's clone)"; \
  }

std::vector<fs::path> templates() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(corpus() / "templates")) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<fs::path> pairs() {
  std::vector<fs::path> dirs;
  for (const auto& entry : fs::recursive_directory_iterator(corpus() / "pairs")) {
    if (entry.is_directory() &&
        (fs::exists(entry.path() / "old.json") || fs::exists(entry.path() / "old.yaml"))) {
      dirs.push_back(entry.path());
    }
  }
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

std::string side(const fs::path& dir, const std::string& stem) {
  return fs::exists(dir / (stem + ".json")) ? (dir / (stem + ".json")).string()
                                            : (dir / (stem + ".yaml")).string();
}

UpdateTypeLookup builtinUpdateTypes() {
  const auto& spec = ResourceSpec::builtin();
  return [&spec](std::string_view type, const Path& path) { return spec.updateType(type, path); };
}

TEST(Corpus, EveryTemplateReadsAndDiffsEmptyWithItself) {
  REQUIRE_CORPUS();
  auto updateTypes = builtinUpdateTypes();
  auto files = templates();
  ASSERT_GT(files.size(), 4000u);
  std::ostringstream failures;
  std::size_t failed = 0;
  std::size_t nonEmpty = 0;
  for (const auto& file : files) {
    try {
      Diagnostics warnings;
      auto model = loadInput(file.string(), ReadLimits{}, warnings);
      auto diff = diffModels(model, model, updateTypes);
      if (!diff.operations.empty()) {
        ++nonEmpty;
        failures << "diff(A, A) not empty: " << file << ": "
                 << operationToJson(diff.operations.front()).dump() << "\n";
      }
    } catch (const C2aError& error) {
      ++failed;
      failures << error.diagnostic().str() << "\n";
    }
  }
  EXPECT_EQ(failed, 0u) << failures.str();
  EXPECT_EQ(nonEmpty, 0u) << failures.str();
}

struct Counts {
  std::size_t inserts = 0, removes = 0, renames = 0;
};

Counts countOperations(const ModelDiff& diff) {
  Counts counts;
  for (const auto& op : diff.operations) {
    counts.inserts += op.type == OperationType::Insert ? 1 : 0;
    counts.removes += op.type == OperationType::Remove ? 1 : 0;
    counts.renames += op.type == OperationType::Rename ? 1 : 0;
  }
  return counts;
}

TEST(Corpus, PairsDiffBothWaysWithMirroredCounts) {
  REQUIRE_CORPUS();
  auto dirs = pairs();
  ASSERT_GT(dirs.size(), 600u);
  std::ostringstream failures;
  std::size_t mismatched = 0;
  std::size_t failed = 0;
  for (const auto& dir : dirs) {
    try {
      auto forward = analyze(side(dir, "old"), side(dir, "new"), AnalyzeOptions{});
      auto backward = analyze(side(dir, "new"), side(dir, "old"), AnalyzeOptions{});
      auto f = countOperations(forward->diff);
      auto b = countOperations(backward->diff);
      if (f.inserts != b.removes || f.removes != b.inserts || f.renames != b.renames) {
        ++mismatched;
        failures << dir << ": forward +" << f.inserts << " -" << f.removes << " ~" << f.renames
                 << ", backward +" << b.inserts << " -" << b.removes << " ~" << b.renames << "\n";
      }
      // Deterministic: the same inputs give the same fingerprint and the same operations.
      auto again = analyze(side(dir, "old"), side(dir, "new"), AnalyzeOptions{});
      EXPECT_EQ(again->diff.fingerprint, forward->diff.fingerprint) << dir;
    } catch (const C2aError& error) {
      ++failed;
      failures << error.diagnostic().str() << "\n";
    }
  }
  EXPECT_EQ(failed, 0u) << failures.str();
  EXPECT_EQ(mismatched, 0u) << failures.str();
}

TEST(Corpus, EveryPairRendersInEveryFormatTheSameEachTime) {
  REQUIRE_CORPUS();
  auto dirs = pairs();
  ASSERT_GT(dirs.size(), 600u);
  std::ostringstream failures;
  std::size_t failed = 0;
  for (const auto& dir : dirs) {
    try {
      auto report = analyze(side(dir, "old"), side(dir, "new"), AnalyzeOptions{});
      // Every change sits in exactly one leaf of the aggregation tree.
      std::size_t counted = 0;
      for (const auto& root : report->aggregations.roots) counted += root.count;
      if (counted != report->diff.operations.size()) {
        ++failed;
        failures << dir << ": the tree holds " << counted << " of "
                 << report->diff.operations.size() << " changes\n";
      }
      for (const auto& format : reportFormats()) {
        auto first = format.render(*report, RenderOptions{});
        if (first.empty() || first != format.render(*report, RenderOptions{})) {
          ++failed;
          failures << dir << ": " << format.name << " report empty or not deterministic\n";
        }
        // A pull-request comment must fit GitHub's and GitLab's 65,536 characters.
        if (format.name == "markdown" && first.size() > 65536) {
          ++failed;
          failures << dir << ": markdown report of " << first.size() << " bytes\n";
        }
        if (format.name == "json" || format.name == "sarif") {
          if (!Json::accept(first)) {
            ++failed;
            failures << dir << ": " << format.name << " report is not valid JSON\n";
          }
        }
      }
    } catch (const C2aError& error) {
      ++failed;
      failures << error.diagnostic().str() << "\n";
    }
  }
  EXPECT_EQ(failed, 0u) << failures.str();
}

}  // namespace
}  // namespace c2a
