#pragma once
// Report formats in one registration table: name, file extension, renderer, and the rendering of
// `c2a plan` where the format has one. Adding a format is one file in formats/ and one line in
// report_formats.cpp.
#include <string>
#include <string_view>
#include <vector>

#include "engine/report/report.h"

namespace c2a {

struct RenderOptions {
  bool color = false;  // ANSI colour (text only); the CLI decides from --color, TTY and NO_COLOR
  /// Show only changes whose action is one of these ("rejected", "review", "approved"); empty:
  /// all. The summary and verdict always count every change.
  std::vector<std::string> only;
  /// -1: old and new values each on their own line; N >= 0: a unified diff of the pretty-printed
  /// JSON values with N lines of context.
  int contextLines = -1;
  bool summaryOnly = false;  // one line per stack and the verdict
  /// JUnit: a change waiting for review is a failed test case when the report's gate fails on it
  /// (Report::gate, `--fail-on`; the default gate fails on every one), else a skipped one with
  /// the reason as its message. False: skipped whatever the gate (the CLI sets it for
  /// `--fail-on rejected` and `never`). Rejections always fail.
  bool reviewFails = true;
};

struct ReportFormat {
  std::string_view name;       // what --format and --report take
  std::string_view extension;  // of a file holding it
  std::string_view summary;    // one line for --help
  std::string (*render)(const Report& report, const RenderOptions& options);
  /// `c2a plan --format NAME`: one line for its --help, and the deployment plan in this format;
  /// null for a format `c2a plan` does not write.
  std::string_view planSummary = {};
  std::string (*renderPlan)(const Report& report, const RenderOptions& options) = nullptr;
};

const std::vector<ReportFormat>& reportFormats();
/// The format named `name`, or null.
const ReportFormat* findReportFormat(std::string_view name);

}  // namespace c2a
