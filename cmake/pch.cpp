// The translation unit of the precompiled-header owners (cmake/build_speed.cmake): empty.
