#pragma once
// When an approval stops counting. A signed `expires` keeps an old approvals file, restored from
// history or copied from another branch, from approving the same values again months later.
// Times are RFC 3339 (`2026-12-31T23:59:59Z`, `2026-12-31T23:59:59.5+01:00`); files carry UTC.
#include <ctime>
#include <optional>
#include <string>
#include <string_view>

namespace c2a {

/// Seconds since the epoch of an RFC 3339 date-time with a time zone (Z or ±HH:MM), or nothing
/// when `text` is not one.
std::optional<std::time_t> parseRfc3339(std::string_view text);

/// `time` as RFC 3339 UTC: 2026-11-23T13:49:36Z.
std::string formatRfc3339(std::time_t time);

/// `c2a approve --expires`: an RFC 3339 time, or a duration after `from` (`90m`, `72h`, `7d`,
/// `2w`), as RFC 3339 UTC. Throws C2aError (usage) for anything else or a time not after `from`.
std::string expiryFrom(std::string_view text, std::time_t from);

/// The real time now, never SOURCE_DATE_EPOCH: whether an approval has expired must not rest on
/// a variable a build may set from a commit's date, which the change's author chooses.
std::time_t wallClockNow();

}  // namespace c2a
