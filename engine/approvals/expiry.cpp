#include "engine/approvals/expiry.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

#include "model/error.h"

namespace c2a {
namespace {

// The digits text[at, at + count) as a number, or -1.
int digits(std::string_view text, std::size_t at, std::size_t count) {
  if (at + count > text.size()) return -1;
  int value = 0;
  for (std::size_t i = at; i < at + count; ++i) {
    if (std::isdigit(static_cast<unsigned char>(text[i])) == 0) return -1;
    value = value * 10 + (text[i] - '0');
  }
  return value;
}

bool leapYear(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int daysInMonth(int year, int month) {
  constexpr std::array<int, 12> kDays{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && leapYear(year) ? 29 : kDays[static_cast<std::size_t>(month - 1)];
}

// Days from 1970-01-01 to the civil date (Howard Hinnant's days_from_civil).
long long daysFromCivil(int year, int month, int day) {
  year -= month <= 2 ? 1 : 0;
  const long long era = (year >= 0 ? year : year - 399) / 400;
  const long long yearOfEra = year - era * 400;
  const long long dayOfYear = (153LL * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  const long long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

}  // namespace

std::optional<std::time_t> parseRfc3339(std::string_view text) {
  // YYYY-MM-DDTHH:MM:SS, then an optional fraction, then Z or ±HH:MM.
  if (text.size() < 20 || text[4] != '-' || text[7] != '-' ||
      (text[10] != 'T' && text[10] != 't') || text[13] != ':' || text[16] != ':') {
    return std::nullopt;
  }
  int year = digits(text, 0, 4), month = digits(text, 5, 2), day = digits(text, 8, 2);
  int hour = digits(text, 11, 2), minute = digits(text, 14, 2), second = digits(text, 17, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) ||
      hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) {
    return std::nullopt;
  }
  std::size_t at = 19;
  if (at < text.size() && text[at] == '.') {
    ++at;
    std::size_t first = at;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) != 0) ++at;
    if (at == first) return std::nullopt;
  }
  long long offset = 0;
  if (at < text.size() && (text[at] == 'Z' || text[at] == 'z')) {
    ++at;
  } else if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
    int hours = digits(text, at + 1, 2), minutes = digits(text, at + 4, 2);
    if (at + 6 != text.size() || text[at + 3] != ':' || hours < 0 || hours > 23 || minutes < 0 ||
        minutes > 59) {
      return std::nullopt;
    }
    offset = (text[at] == '+' ? 1 : -1) * (hours * 3600LL + minutes * 60LL);
    at += 6;
  } else {
    return std::nullopt;
  }
  if (at != text.size()) return std::nullopt;
  long long seconds = daysFromCivil(year, month, day) * 86400LL + hour * 3600LL + minute * 60LL +
                      std::min(second, 59) - offset;
  return static_cast<std::time_t>(seconds);
}

std::string formatRfc3339(std::time_t time) {
  std::tm utc{};
  gmtime_r(&time, &utc);
  std::array<char, 32> buffer{};
  std::strftime(buffer.data(), buffer.size(), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buffer.data();
}

std::string expiryFrom(std::string_view text, std::time_t from) {
  std::time_t expires = 0;
  if (auto time = parseRfc3339(text)) {
    expires = *time;
  } else {
    long long count = 0;
    const char* end = text.data() + text.size();
    auto [unit, error] = std::from_chars(text.data(), end, count);
    long long scale = 0;
    if (error == std::errc() && unit + 1 == end) {
      switch (*unit) {
        case 'm': scale = 60; break;
        case 'h': scale = 3600; break;
        case 'd': scale = 86400; break;
        case 'w': scale = 7 * 86400; break;
        default: break;
      }
    }
    // At most ten years: a longer life is no expiry at all, and keeps the sum far from overflow.
    if (scale == 0 || count <= 0 || count > 10LL * 366 * 86400 / scale) {
      throw C2aError(ErrorKind::Usage, {},
                     fmt::format("--expires takes an RFC 3339 time (2026-12-31T18:00:00Z) or a "
                                 "duration of at most ten years (90m, 72h, 7d, 2w), not `{}`",
                                 text));
    }
    expires = from + static_cast<std::time_t>(count * scale);
  }
  if (expires <= from) {
    throw C2aError(ErrorKind::Usage, {},
                   fmt::format("--expires {}: that is not after the approval ({})", text,
                               formatRfc3339(from)));
  }
  return formatRfc3339(expires);
}

std::time_t wallClockNow() { return std::time(nullptr); }

}  // namespace c2a
