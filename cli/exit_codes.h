#pragma once
// Exit statuses of the contract (CONTRACT.md), sysexits-style for errors.
#include "model/error.h"

namespace c2a::cli {

enum ExitCode : int {
  kApproved = 0,
  kReview = 1,
  kRejected = 2,
  kUsage = 64,
  kDataError = 65,
  kNoInput = 66,
  kInternal = 70,
  kCannotCreate = 73,
};

inline int exitCodeFor(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Usage: return kUsage;
    case ErrorKind::InvalidInput: return kDataError;
    case ErrorKind::MissingInput: return kNoInput;
    case ErrorKind::Internal: return kInternal;
    case ErrorKind::CannotWrite: return kCannotCreate;
  }
  return kInternal;
}

}  // namespace c2a::cli
