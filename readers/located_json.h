#pragma once
// Reading a small JSON or YAML file of c2a's own (approvals, baseline, a JSON report) with every
// mistake located FILE:LINE:COL: typed accessors by JSON pointer that throw C2aError
// (InvalidInput) at the offending value, unknown keys refused with a did-you-mean.
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "model/error.h"
#include "readers/source_document.h"

namespace c2a {

class LocatedJson {
 public:
  LocatedJson(SourceDocument document, std::string file);

  /// `parent` + "/" + `key`, escaped as RFC 6901 says.
  static std::string child(const std::string& parent, std::string_view key);
  static std::string child(const std::string& parent, std::size_t index);

  [[nodiscard]] const Json& root() const { return document_.root; }
  /// The value at `pointer` ("" is the root); null when there is none.
  [[nodiscard]] const Json* find(const std::string& pointer) const;
  [[nodiscard]] SourceLocation where(const std::string& pointer) const;
  [[noreturn]] void fail(const std::string& pointer, const std::string& message) const;

  void expectObject(const std::string& pointer, std::string_view what) const;
  /// Refuses keys of the object at `pointer` that are not `allowed`.
  void expectKeys(const std::string& pointer,
                  std::initializer_list<std::string_view> allowed) const;
  /// The string `key` of the object at `pointer`; "" when absent and not required.
  [[nodiscard]] std::string string(const std::string& pointer, std::string_view key,
                                   bool required) const;
  [[nodiscard]] long long integer(const std::string& pointer, std::string_view key,
                                  bool required) const;
  /// A fingerprint or change digest: "sha256:" and 64 lowercase hex digits.
  [[nodiscard]] std::string fingerprint(const std::string& pointer, std::string_view key) const;
  /// An array of non-empty strings (required).
  [[nodiscard]] std::vector<std::string> stringList(const std::string& pointer,
                                                    std::string_view key,
                                                    std::string_view what) const;

 private:
  SourceDocument document_;
  std::string file_;
};

/// Whether `text` is "sha256:" and 64 lowercase hex digits.
bool isFingerprint(std::string_view text);

}  // namespace c2a
