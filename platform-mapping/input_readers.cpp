#include "platform-mapping/input_readers.h"

#include <array>

#include "platform-mapping/cdk/cloud_assembly.h"
#include "readers/source_document.h"
#include "platform-mapping/cloudformation/template_mapper.h"
#include "platform-mapping/input.h"

namespace c2a {
namespace {

// ---- cloud assemblies: a directory with a manifest.json (platform-mapping/cdk/) ----------------

bool acceptsAssembly(const InputProbe& probe) {
  return probe.directory;
}

InfraModel readAssembly(const std::string& path, const ReadLimits& limits, Diagnostics& warnings) {
  InfraModel model;
  mapCloudAssembly(path, limits, model, warnings);
  // Once, after every stack is in: an import may name an export of any stack of the assembly.
  linkImports(model);
  return model;
}

// ---- change sets: what `describe-change-set` prints is no template -----------------------------
// Given where a template belongs (a change set passed as AFTER), it would read as a template
// with unknown sections; saying what it is and where it goes is the useful answer.

// The first key of a JSON object: `aws ... describe-change-set` starts with `Changes` (or, with
// keys sorted, `Capabilities`/`ChangeSetId`); no template section is named like these.
bool acceptsChangeSet(const InputProbe& probe) {
  std::string_view head = probe.head;
  if (head.substr(0, 3) == "\xEF\xBB\xBF") head.remove_prefix(3);
  auto skip = [&head] {
    auto start = head.find_first_not_of(" \t\r\n");
    head.remove_prefix(start == std::string_view::npos ? head.size() : start);
  };
  skip();
  if (head.empty() || head.front() != '{') return false;
  head.remove_prefix(1);
  skip();
  if (head.empty() || head.front() != '"') return false;
  auto end = head.find('"', 1);
  if (end == std::string_view::npos) return false;
  auto key = head.substr(1, end - 1);
  return key == "Changes" || key == "ChangeSetId" || key == "ChangeSetName" ||
         key == "Capabilities";
}

InfraModel refuseChangeSet(const std::string& path, const ReadLimits&, Diagnostics&) {
  throw C2aError(ErrorKind::InvalidInput, {path},
                 "this is a change set (`aws cloudformation describe-change-set`), not a "
                 "template: give the templates as BEFORE and AFTER, and the change set with "
                 "--change-set");
}

// ---- templates: JSON or YAML files (platform-mapping/cloudformation/) --------------------------

bool acceptsTemplate(const InputProbe& probe) {
  return !probe.directory;
}

InfraModel readTemplate(const std::string& path, const ReadLimits& limits, Diagnostics& warnings) {
  return loadTemplateFile(path, limits, warnings);
}

constexpr std::array kReaders{
    InputReader{"cloud-assembly", "a CDK cloud assembly directory (cdk.out, manifest.json)",
                &acceptsAssembly, &readAssembly},
    InputReader{"change-set", "the JSON of `aws cloudformation describe-change-set` (refused)",
                &acceptsChangeSet, &refuseChangeSet},
    InputReader{"template", "a CloudFormation template, JSON or YAML", &acceptsTemplate,
                &readTemplate},
};

}  // namespace

std::span<const InputReader> inputReaders() {
  return kReaders;
}

}  // namespace c2a
