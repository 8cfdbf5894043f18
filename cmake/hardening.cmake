# Build options for finding defects rather than shipping: warnings as errors, sanitizers, and the
# libFuzzer instrumentation the fuzz targets need (fuzz/). All apply to every target, so a library
# and the test or fuzz target that drives it are instrumented alike.

option(C2A_WERROR "Treat compiler warnings as errors" OFF)
set(C2A_SANITIZE "" CACHE STRING
    "Sanitizers for every target, as -fsanitize takes them (e.g. address,undefined)")
option(C2A_FUZZ "Build the libFuzzer targets in fuzz/ (clang only)" OFF)

if(C2A_WERROR)
  add_compile_options(-Werror)
endif()

if(C2A_SANITIZE)
  # Frame pointers give ASan's reports whole stacks even in optimised builds.
  add_compile_options(-fsanitize=${C2A_SANITIZE} -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${C2A_SANITIZE})
  if(C2A_SANITIZE MATCHES "undefined")
    # UBSan only prints and goes on by default: a finding must fail the test that triggers it.
    add_compile_options(-fno-sanitize-recover=undefined)
    add_link_options(-fno-sanitize-recover=undefined)
  endif()
endif()

if(C2A_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "C2A_FUZZ needs clang (libFuzzer): configure with CMAKE_CXX_COMPILER=clang++")
  endif()
  # Coverage feedback for every library; only the fuzz executables link libFuzzer's main.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
