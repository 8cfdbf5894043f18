# Start-up time (issue 14): every shared library costs each run of c2a the dynamic loader's
# symbol lookups and relocations; with six of them (yaml-cpp, RE2, fmt, libcrypto, zlib, the C++
# runtime; libyaml came later) they were half the instructions of `c2a --version`. Debian ships archives of all but
# fmt, which is header-only here instead. Off with sanitizers and fuzzing, whose runtimes expect
# the shared C++ library. docs/performance.md has the figures.
#
# Included before the find_package calls (OpenSSL and zlib read their *_USE_STATIC_LIBS then);
# c2a_link_libraries() after them defines the targets the stages link: c2a::yaml-cpp,
# c2a::libyaml, c2a::re2, c2a::fmt.

option(C2A_STATIC_LIBS "Link yaml-cpp, libyaml, RE2, libcrypto, zlib and the C++ runtime statically" ON)
set(C2A_LINK_STATIC ${C2A_STATIC_LIBS})
if(C2A_SANITIZE OR C2A_FUZZ)
  set(C2A_LINK_STATIC OFF)
endif()

if(C2A_LINK_STATIC)
  set(OPENSSL_USE_STATIC_LIBS TRUE)
  set(ZLIB_USE_STATIC_LIBS ON)
  add_link_options(-static-libstdc++ -static-libgcc)
endif()

# An archive as an imported target carrying `shared`'s include directories.
function(c2a_static_twin name archive shared)
  find_library(C2A_${name}_ARCHIVE NAMES ${archive} REQUIRED)
  add_library(c2a_${name}_archive STATIC IMPORTED)
  set_target_properties(c2a_${name}_archive PROPERTIES IMPORTED_LOCATION "${C2A_${name}_ARCHIVE}")
  get_target_property(includes ${shared} INTERFACE_INCLUDE_DIRECTORIES)
  if(includes)
    set_target_properties(c2a_${name}_archive PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${includes}")
  endif()
endfunction()

function(c2a_link_libraries)
  add_library(c2a_yaml_cpp INTERFACE)
  add_library(c2a_libyaml INTERFACE)
  add_library(c2a_re2 INTERFACE)
  add_library(c2a_fmt INTERFACE)
  if(C2A_LINK_STATIC)
    c2a_static_twin(yaml_cpp libyaml-cpp.a yaml-cpp)
    c2a_static_twin(re2 libre2.a PkgConfig::RE2)
    c2a_static_twin(libyaml libyaml.a PkgConfig::LIBYAML)
    target_link_libraries(c2a_yaml_cpp INTERFACE c2a_yaml_cpp_archive)
    target_link_libraries(c2a_libyaml INTERFACE c2a_libyaml_archive)
    target_link_libraries(c2a_re2 INTERFACE c2a_re2_archive Threads::Threads)
    target_link_libraries(c2a_fmt INTERFACE fmt::fmt-header-only)
  else()
    target_link_libraries(c2a_yaml_cpp INTERFACE yaml-cpp)
    target_link_libraries(c2a_libyaml INTERFACE PkgConfig::LIBYAML)
    target_link_libraries(c2a_re2 INTERFACE PkgConfig::RE2)
    target_link_libraries(c2a_fmt INTERFACE fmt::fmt)
  endif()
  add_library(c2a::yaml-cpp ALIAS c2a_yaml_cpp)
  add_library(c2a::libyaml ALIAS c2a_libyaml)
  add_library(c2a::re2 ALIAS c2a_re2)
  add_library(c2a::fmt ALIAS c2a_fmt)
endfunction()
