#pragma once
// What a change grants, opens and takes away, as tables a reviewer reads at a glance (the CDK's
// IAM and security-group tables are the model): one row per policy statement, managed policy or
// security group rule a change adds (+) or removes (-), with values evaluated where the inputs
// give them. Built once per report (Report::security); every format renders the same rows.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "model/template_evaluation.h"

namespace c2a {

struct Report;

/// One cell: a line per element (each action, each principal).
using SecurityCell = std::vector<std::string>;

struct SecurityRow {
  bool added = true;       // + or -
  std::size_t change = 0;  // the change that writes it (inside its statement or rule, if any)
  std::vector<SecurityCell> cells;  // one per column
};

struct SecurityTable {
  std::string_view key;    // the JSON report's name: "iam", "managedPolicies", "network"
  std::string_view title;  // "IAM statement changes"
  std::vector<std::string_view> columns;  // headings, "Resource", "Effect"...
  std::vector<std::string_view> fields;   // the JSON report's names, "resource", "effect"...
  std::vector<SecurityRow> rows;
};

/// The tables of the report's changes that touch IAM or network rules; only tables with rows.
/// Linear in the size of the resources changed; each resource's rows are read on up to `threads`
/// threads (--jobs), with the same tables on any number.
std::vector<SecurityTable> securityTables(const Report& report, const Deployments& deployments,
                                          unsigned threads = 1);

}  // namespace c2a
