#pragma once
// CIDR blocks, IPv4 and IPv6, for `inCidr` (in_cidr.cpp).
#include <string_view>

namespace c2a::rules {

/// Every address of the block (or single address) `inner` lies in the block `outer`; false when
/// either is not a CIDR block or they are of different families.
bool cidrWithin(std::string_view inner, std::string_view outer);

}  // namespace c2a::rules
