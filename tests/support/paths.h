#pragma once
// Where the tests find the checkout and the c2a binary. Defined in one file per build
// (tests/support/paths.cpp, compiled with the two paths), so every test file compiles the same in
// any checkout and a compile cache shares them across folders (cmake/build_speed.cmake).
namespace c2a::test {

const char* sourceDir();
const char* binaryPath();

}  // namespace c2a::test

// The names the tests have always used, now read at run time.
#define C2A_SOURCE_DIR (::c2a::test::sourceDir())
#define C2A_BINARY (::c2a::test::binaryPath())
