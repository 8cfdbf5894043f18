#include "fuzz/checks/promise.h"

#include <unistd.h>

#include <fstream>

#include "model/json.h"

namespace c2a::fuzz {
namespace {

const char* kindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Usage: return "usage";
    case ErrorKind::InvalidInput: return "invalid input";
    case ErrorKind::MissingInput: return "missing input";
    case ErrorKind::Internal: return "internal";
    case ErrorKind::CannotWrite: return "cannot write";
  }
  return "?";
}

Finding checkError(const C2aError& error, std::initializer_list<ErrorKind> allowed,
                   const std::string* file) {
  const Diagnostic& d = error.diagnostic();
  bool kindAllowed = false;
  for (ErrorKind kind : allowed) kindAllowed = kindAllowed || kind == d.kind;
  if (!kindAllowed) return std::string("C2aError of kind ") + kindName(d.kind) + ": " + d.str();
  if (d.where.file.empty()) return "C2aError naming no file: " + d.str();
  if (file != nullptr && d.where.file != *file) {
    return "C2aError naming " + d.where.file + ", not " + *file + ": " + d.str();
  }
  return std::nullopt;
}

Finding run(const std::function<Finding()>& body, std::initializer_list<ErrorKind> allowed,
            const std::string* file) {
  try {
    return body();
  } catch (const C2aError& error) {
    return checkError(error, allowed, file);
  } catch (const std::exception& error) {
    return std::string("exception escaped: ") + error.what();
  } catch (...) {
    return std::string("a non-standard exception escaped");
  }
}

}  // namespace

Finding underPromise(const std::function<Finding()>& body,
                     std::initializer_list<ErrorKind> allowed) {
  return run(body, allowed, nullptr);
}

Finding underPromiseNaming(const std::string& file, const std::function<Finding()>& body,
                           std::initializer_list<ErrorKind> allowed) {
  return run(body, allowed, &file);
}

std::filesystem::path scratchDirectory() {
  static const std::filesystem::path dir = [] {
    auto path = std::filesystem::temp_directory_path() /
                ("c2a-fuzz-" + std::to_string(static_cast<long>(::getpid())));
    std::filesystem::create_directories(path);
    return path;
  }();
  return dir;
}

std::string writeScratchFile(const std::string& name, std::string_view input) {
  auto path = scratchDirectory() / name;
  std::filesystem::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(input.data(), static_cast<std::streamsize>(input.size()));
  return path.string();
}

Finding invalidJson(const std::string& what, const std::string& text) {
  if (Json::accept(text)) return std::nullopt;
  return what + " is not valid JSON";
}

Finding notDumpable(const std::string& what, const Json& json) {
  try {
    (void)json.dump();
  } catch (const std::exception& error) {
    return what + " cannot be written as JSON: " + error.what();
  }
  return std::nullopt;
}

std::string extensionFor(std::string_view input) {
  auto first = input.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && input[first] == '{' ? "json" : "yaml";
}

ReadLimits fuzzLimits() {
  ReadLimits limits;
  limits.maxInputBytes = std::size_t{1} << 20;
  limits.maxNodes = 200'000;
  return limits;
}

}  // namespace c2a::fuzz
