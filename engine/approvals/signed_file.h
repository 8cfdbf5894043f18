#pragma once
// What approvals files and baselines share: the HMAC-SHA256 signature over a canonical form (so
// layout, key order and JSON or YAML do not matter), and the rule that with a key configured only
// files signed with it count. A baseline accepts changes just as an approval does, so an unsigned
// one is refused alike: otherwise the author of a change could commit a baseline listing it.
#include <optional>
#include <string>
#include <string_view>

#include "readers/located_json.h"

namespace c2a {

/// "hmac-sha256:" and 64 hex digits: the HMAC-SHA256 of `canonical` with `key`.
std::string signatureOf(std::string_view canonical, const std::string& key);

/// Checks the root's `signature` member against `canonical`: "verified" with a key and a matching
/// signature, "unsigned" or "not checked" (signed, no key) without a key. With a key, a file that
/// is unsigned or whose signature does not match is refused. `what` names the file ("approvals
/// file", "baseline") and `writer` the command that signs one. Throws C2aError located.
std::string checkSignature(const LocatedJson& doc, std::string_view canonical,
                           const std::optional<std::string>& key, std::string_view what,
                           std::string_view writer);

}  // namespace c2a
