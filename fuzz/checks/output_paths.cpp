// Output paths a pull request controls (issue 30 §1): the input builds a small tree of files,
// directories and symbolic links, then names outputs and inputs, one per line:
//   file NAME | dir NAME | link NAME secret|outside|loop|=NAME2 | out NAME | in NAME
// NAME is relative to the run's folder (no `..`, no leading `/`); links point only inside the
// sandbox (`secret`: a file outside the folder, `outside`: that directory). The outputs are then
// checked (checkOutputs) and written as `c2a diff -o/--report` writes them (OutputFiles, links
// not followed). The promise: a run that fails changes nothing and leaves no temporary; one that
// succeeds changes only the files its outputs name (a link among the outputs is refused, never
// followed), no two outputs are one file, and no output is an input.
#include "engine/report/output_paths.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/report/output_file.h"
#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"
#include "model/error.h"

namespace c2a::fuzz {
namespace {

namespace fs = std::filesystem;

// A name a command line can give: no NUL (an argument cannot hold one), no way out of the folder.
bool safeName(const std::string& name) {
  if (name.empty() || name.size() > 64 || name.front() == '/') return false;
  if (name.find('\0') != std::string::npos) return false;
  for (const auto& part : fs::path(name)) {
    if (part == "..") return false;
  }
  return true;
}

// What every path under `root` is: "file:CONTENT", "dir", "link:TARGET".
std::map<std::string, std::string> snapshot(const fs::path& root) {
  std::map<std::string, std::string> out;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    auto status = it->symlink_status(ec);
    auto name = it->path().lexically_relative(root).generic_string();
    if (fs::is_symlink(status)) {
      out[name] = "link:" + fs::read_symlink(it->path(), ec).string();
    } else if (fs::is_directory(status)) {
      out[name] = "dir";
    } else {
      std::ifstream in(it->path(), std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      out[name] = "file:" + text.str();
    }
  }
  return out;
}

// Where writing `path` lands: its directory's links resolved, the last step as named.
std::string landing(const fs::path& root, const fs::path& path) {
  std::error_code ec;
  auto directory = fs::weakly_canonical(path.parent_path(), ec);
  return (directory / path.filename()).lexically_relative(root).generic_string();
}

}  // namespace

Finding checkOutputPaths(std::string_view input) {
  std::error_code ec;
  fs::remove_all(scratchDirectory() / "output-paths", ec);
  fs::create_directories(scratchDirectory() / "output-paths");
  // Canonical, so that where an output lands and what the snapshot lists compare as paths.
  const auto sandbox = fs::canonical(scratchDirectory() / "output-paths");
  const auto work = sandbox / "work";
  fs::create_directories(work);
  fs::create_directories(sandbox / "outside");
  std::ofstream(sandbox / "outside" / "secret") << "secret";

  std::vector<std::string> outputs;
  std::vector<std::string> inputs;
  std::istringstream lines{std::string(input)};
  std::string line;
  for (int count = 0; std::getline(lines, line) && count < 32; ++count) {
    std::istringstream words(line);
    std::string verb;
    std::string name;
    std::string target;
    words >> verb >> name >> target;
    if (!safeName(name)) continue;
    auto path = work / name;
    if (verb == "file") {
      std::ofstream(path) << target;
    } else if (verb == "dir") {
      fs::create_directories(path, ec);
    } else if (verb == "link") {
      fs::path to =
          target == "secret" ? fs::relative(sandbox / "outside" / "secret", path.parent_path(), ec)
          : target == "outside" ? fs::relative(sandbox / "outside", path.parent_path(), ec)
          : target == "loop"    ? path.filename()
          : target.size() > 1 && target[0] == '=' && safeName(target.substr(1))
              ? fs::path(target.substr(1))
              : fs::path();
      if (!to.empty() && !ec) fs::create_symlink(to, path, ec);
    } else if (verb == "out") {
      outputs.push_back(path.string());
    } else if (verb == "in") {
      inputs.push_back(path.string());
    }
  }
  // Files already there that a link reaches are not among what an output may replace.
  std::map<std::string, bool> named;  // where each output lands: was its last step a link?
  for (const auto& output : outputs) {
    named[landing(sandbox, output)] = fs::is_symlink(fs::symlink_status(output, ec));
  }
  const auto before = snapshot(sandbox);

  bool wrote = false;
  try {
    checkOutputs(outputs, inputs);
    OutputFiles files;
    for (std::size_t i = 0; i < outputs.size(); ++i) {
      files.stage(outputs[i], "report " + std::to_string(i));
    }
    files.commit();
    wrote = true;
  } catch (const C2aError& error) {
    auto kind = error.diagnostic().kind;
    if (kind != ErrorKind::Usage && kind != ErrorKind::CannotWrite) {
      return "an output path failed as " + error.diagnostic().str();
    }
  }
  const auto after = snapshot(sandbox);
  if (!wrote) {
    if (after != before) return "a run that failed changed or left files";
    return std::nullopt;
  }
  if (named.size() != outputs.size()) return "two outputs that are one file were both written";
  for (const auto& [landed, link] : named) {
    if (link) return "an output that is a symbolic link was written through: " + landed;
  }
  for (const auto& input : inputs) {
    if (fs::exists(input, ec) && named.count(landing(sandbox, input)) != 0) {
      return "an output replaced an input: " + input;
    }
  }
  for (const auto& [path, what] : after) {
    auto was = before.find(path);
    if ((was == before.end() || was->second != what) && named.count(path) == 0) {
      return "a file no output names changed or appeared: " + path;
    }
  }
  for (const auto& [path, what] : before) {
    if (after.count(path) == 0) return "a file disappeared: " + path;
  }
  return std::nullopt;
}

}  // namespace c2a::fuzz
