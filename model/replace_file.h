#pragma once
// For the build-time generators (spec/generator, rules/presets/generator): a generated source is
// written beside its target and renamed over it, so that an interrupted build leaves no half file.
// (What c2a itself writes goes through engine/report/output_file.h, which also keeps symbolic links
// and devices as they are.)
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace c2a {

inline void replaceFile(const std::string& file, std::string_view content) {
  const std::string temporary = file + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << content;
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary);
  }
  std::filesystem::rename(temporary, file);
}

}  // namespace c2a
