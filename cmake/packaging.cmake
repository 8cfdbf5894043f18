# `cmake --install` and `make package` (docs/release.md): the binary (the specification and the
# presets are compiled in, so it needs nothing from the build tree), its man page and shell
# completions (made by the binary at build time: cli/CMakeLists.txt), and the documentation with
# the README example. CPack makes a Debian package and a tarball of the same tree.
include(GNUInstallDirs)

install(TARGETS c2a RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
set(C2A_SHARE ${PROJECT_BINARY_DIR}/share)
install(FILES ${C2A_SHARE}/man/man1/c2a.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${C2A_SHARE}/bash-completion/completions/c2a
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${C2A_SHARE}/zsh/vendor-completions/_c2a
        DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${C2A_SHARE}/fish/vendor_completions.d/c2a.fish
        DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES README.md CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(DIRECTORY examples/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples USE_SOURCE_PERMISSIONS)

set(CPACK_PACKAGE_NAME c2a)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "c2a")
set(CPACK_PACKAGE_CONTACT "c2a maintainers <c2a@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Change analysis and risk rules for CloudFormation and CDK deployments")
set(CPACK_PACKAGE_DESCRIPTION
    "c2a reads the deployed template and the one about to be deployed (CloudFormation JSON or YAML, "
    "or a CDK cloud assembly), works out every operation CloudFormation will perform, applies risk "
    "rules and exits with a verdict a pipeline acts on: approved, review or rejected.")
set(CPACK_RESOURCE_FILE_README ${PROJECT_SOURCE_DIR}/README.md)
set(CPACK_PACKAGE_FILE_NAME "c2a-${PROJECT_VERSION}-linux-${CMAKE_SYSTEM_PROCESSOR}")
set(CPACK_GENERATOR DEB TGZ)
set(CPACK_STRIP_FILES ON)
# Debian: Depends worked out from the binary's shared libraries (the C library and mimalloc; the
# rest is linked statically: cmake/static_libraries.cmake).
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PROJECT_HOMEPAGE_URL}")
include(CPack)
