#pragma once
// One input read and mapped: a template file, a cloud assembly directory, or `-` (a template on
// standard input). `c2a model` uses it alone, so the CLI talks to the engine only.
#include <string>
#include <utility>

#include "model/error.h"
#include "model/infra_model.h"
#include "readers/read_limits.h"

namespace c2a {

/// A template file, a cloud assembly directory or `-` → InfraModel. Throws C2aError.
InfraModel readModel(const std::string& input, const ReadLimits& limits, Diagnostics& warnings);

struct ModelPair {
  InfraModel before;
  InfraModel after;
};

/// A regular file or a directory (a cloud assembly), not `-`: an input a thread can read without
/// waiting on a writer.
bool plainInput(const std::string& input);

/// BEFORE, AFTER and every nested template file given (--nested-template...) are plain inputs:
/// what a thread can read ahead without waiting on a writer or taking standard input.
bool plainInputs(const std::string& before, const std::string& after, const ReadLimits& limits);

/// Whether readModels reads the two sides on two threads (see below), rather than in order on one.
bool readsSideBySide(const std::string& before, const std::string& after, const ReadLimits& limits);

/// Both sides of a diff, read side by side on two threads (one when limits.jobs is 1, the machine
/// has one core, or both are files under 64 KiB; each side's assembly reading then shares the
/// cores). The result is what
/// reading BEFORE then AFTER gives: the same models, BEFORE's warnings before AFTER's, and
/// BEFORE's error when both sides fail.
ModelPair readModels(const std::string& before, const std::string& after, const ReadLimits& limits,
                     Diagnostics& warnings);

/// Every KEY of --nested-template (and, for a pair, --before- and --after-nested-template) names
/// a nested stack of the side(s) it is given for: its path, logical id or TemplateURL. One that
/// names none would be ignored and leave the stack meant unseen: C2aError Usage, with a
/// did-you-mean. readModels checks a pair itself.
void requireNestedTemplatesNamed(const InfraModel& model, const ReadLimits& limits);
void requireNestedTemplatesNamed(const ModelPair& models, const ReadLimits& limits);

/// Standard input, read once (up to limits.maxInputBytes) and kept: `-` names it, in locations
/// as `<stdin>`.
const std::string& standardInput(const ReadLimits& limits);

}  // namespace c2a
