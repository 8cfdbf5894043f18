# Build time (docs/contributing.md, "Build time"): every file includes nlohmann/json and fmt, and
# parsing them was most of each file's compile time. Four levers, each optional:
#   - ccache when installed (`make deps` installs it), set up so that a build in another folder
#     (CI clones the repository elsewhere) reuses a developer's cache;
#   - a faster linker where packaged (mold, else lld);
#   - one precompiled header for the library headers (gcc), shared by every target;
#   - unity builds for the targets made of many small files (c2a_unity below).

option(C2A_CCACHE "Compile through ccache when it is installed" ON)
option(C2A_PCH "Precompile the heavy library headers (gcc)" ON)
option(C2A_FAST_LINKER "Link with mold or lld when the compiler accepts it" ON)

find_program(C2A_CCACHE_PROGRAM ccache)
if(C2A_CCACHE AND C2A_CCACHE_PROGRAM)
  # base_dir: paths under the folder above the checkout are hashed relative to the build folder,
  # so /work/main/build and /ci/clone/build share entries; hash_dir off for the same reason (the
  # debug information's compilation folder is then the first builder's). The sloppiness is what
  # ccache needs for precompiled headers (its manual, "Precompiled headers").
  get_filename_component(C2A_CCACHE_BASE "${PROJECT_SOURCE_DIR}/.." ABSOLUTE)
  set(CMAKE_CXX_COMPILER_LAUNCHER
      /usr/bin/env CCACHE_BASEDIR=${C2A_CCACHE_BASE} CCACHE_NOHASHDIR=true
      CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
      ${C2A_CCACHE_PROGRAM})
  message(STATUS "c2a: compiling through ${C2A_CCACHE_PROGRAM}")
endif()

if(C2A_FAST_LINKER)
  include(CheckLinkerFlag)
  foreach(linker mold lld)
    check_linker_flag(CXX "-fuse-ld=${linker}" C2A_LINKER_${linker})
    if(C2A_LINKER_${linker})
      add_link_options(-fuse-ld=${linker})
      message(STATUS "c2a: linking with ${linker}")
      break()
    endif()
  endforeach()
endif()

# The precompiled headers: one for the libraries and the c2a binary, one with GoogleTest added for
# the test suites. Clang (the fuzz build) refuses a precompiled header when the command line's
# macros differ from its own, and each target has its own, so it compiles without.
set(C2A_USE_PCH OFF)
if(C2A_PCH AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  set(C2A_USE_PCH ON)
endif()
set(C2A_PCH_HEADERS
    <algorithm> <filesystem> <map> <optional> <set> <string> <string_view> <unordered_map>
    <vector> <fmt/format.h> "${PROJECT_SOURCE_DIR}/model/json.h")

# Called once the dependencies are found: the targets whose precompiled headers the others reuse.
function(c2a_define_pch_owners)
  if(NOT C2A_USE_PCH)
    return()
  endif()
  add_library(c2a_pch OBJECT "${PROJECT_SOURCE_DIR}/cmake/pch.cpp")
  target_link_libraries(c2a_pch PRIVATE nlohmann_json::nlohmann_json c2a::fmt)
  target_precompile_headers(c2a_pch PRIVATE ${C2A_PCH_HEADERS})
  add_library(c2a_test_pch OBJECT "${PROJECT_SOURCE_DIR}/cmake/pch.cpp")
  target_link_libraries(c2a_test_pch PRIVATE nlohmann_json::nlohmann_json c2a::fmt GTest::gtest)
  target_precompile_headers(c2a_test_pch PRIVATE ${C2A_PCH_HEADERS} <gtest/gtest.h>)
endfunction()

# c2a_precompiled(TARGET... [TESTS]): the targets compile with the shared precompiled header.
function(c2a_precompiled)
  if(NOT C2A_USE_PCH)
    return()
  endif()
  set(owner c2a_pch)
  set(targets ${ARGN})
  if("TESTS" IN_LIST targets)
    set(owner c2a_test_pch)
    list(REMOVE_ITEM targets TESTS)
  endif()
  foreach(target IN LISTS targets)
    target_precompile_headers(${target} REUSE_FROM ${owner})
  endforeach()
endfunction()

# c2a_unity(TARGET...): many small files compiled as a few (each batch one translation unit), so
# the headers are parsed and the templates instantiated once per batch. Internal names must then
# be unique per target: the units of a table name their function after the unit (lessThan,
# stackGroup), and the generated specification tables stay alone (spec/CMakeLists.txt).
option(C2A_UNITY "Unity builds for the targets of many small files" ON)
function(c2a_unity)
  if(NOT C2A_UNITY)
    return()
  endif()
  foreach(target IN LISTS ARGN)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 16)
  endforeach()
endfunction()
