# cmake/Package.cmake: what `cmake --install` puts where, the PtoLint CMake package, and the Debian package (CPack).
#
# The layout is fixed relative to the prefix, not taken from GNUInstallDirs: the binaries find the NPU prelude at
# ../share/pto-lint/prelude from their own directory (clangfe/NpuDatabase.cpp, preludeDir()), and the package
# config finds everything from its own place. Two components: `lint` (the CLI, the launcher, the plugin, the
# prelude, docs, the CMake package) and `editor` (pto-tidy, pto-clangd, the clang-tidy module), so a build machine
# can install `lint` alone (cmake --install <build> --component lint).
include(CMakePackageConfigHelpers)

set(PTOLINT_INSTALL_BINDIR bin)
set(PTOLINT_INSTALL_PLUGINDIR lib/pto-lint)
set(PTOLINT_INSTALL_PRELUDEDIR share/pto-lint/prelude)
set(PTOLINT_INSTALL_DOCDIR share/doc/pto-lint)
set(PTOLINT_INSTALL_CMAKEDIR lib/cmake/PtoLint)

install(TARGETS pto-lint pto-lint-launch RUNTIME DESTINATION ${PTOLINT_INSTALL_BINDIR} COMPONENT lint)
install(TARGETS ptolint LIBRARY DESTINATION ${PTOLINT_INSTALL_PLUGINDIR} COMPONENT lint)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/clangfe/prelude/ DESTINATION ${PTOLINT_INSTALL_PRELUDEDIR} COMPONENT lint)
foreach(editor_tool pto-tidy pto-clangd)
  if(TARGET ${editor_tool})
    install(TARGETS ${editor_tool} RUNTIME DESTINATION ${PTOLINT_INSTALL_BINDIR} COMPONENT editor)
  endif()
endforeach()
if(TARGET pto-tidy-module)
  install(TARGETS pto-tidy-module LIBRARY DESTINATION ${PTOLINT_INSTALL_PLUGINDIR} COMPONENT editor)
endif()
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${PTOLINT_INSTALL_DOCDIR} COMPONENT lint)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${PTOLINT_INSTALL_DOCDIR} COMPONENT lint)

configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/PtoLintConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/PtoLintConfig.cmake
                              INSTALL_DESTINATION ${PTOLINT_INSTALL_CMAKEDIR}
                              PATH_VARS PTOLINT_INSTALL_BINDIR PTOLINT_INSTALL_PLUGINDIR)
# 0.x: a minor version may change ptolint_enable, so only the same minor version is compatible.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/PtoLintConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/PtoLintConfig.cmake ${CMAKE_BINARY_DIR}/PtoLintConfigVersion.cmake
        DESTINATION ${PTOLINT_INSTALL_CMAKEDIR} COMPONENT lint)

# The Debian package: `cpack -G DEB` in the build directory. Library dependencies come from dpkg-shlibdeps (the
# libclang-cpp19, libllvm19, libz3-4, gRPC, ... the binaries link); the Clang resource headers pto-lint parses with
# (its -resource-dir, /usr/lib/llvm-N/lib/clang/N) are data, named here.
set(CPACK_PACKAGE_NAME pto-lint)
set(CPACK_PACKAGE_VENDOR "pto-lint")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "static verifier for PTO tile kernels (Ascend NPU): CLI, Clang plugin, launcher")
set(CPACK_PACKAGE_DESCRIPTION
    "pto-lint proves or refutes the preconditions of PTO tile ops in C++ and CCE kernels with Z3: a CLI over compile
databases, a Clang plugin, the pto-lint-launch compiler launcher for bisheng builds, a clang-tidy module, pto-tidy,
pto-clangd, and a CMake package (find_package(PtoLint), ptolint_enable).")
set(CPACK_PACKAGE_CONTACT "pto-lint maintainers <maintainers@pto-lint.invalid>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON) # the RelWithDebInfo binaries are mostly debug info (about 60 MB each)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libclang-common-${PTOLINT_LLVM_VERSION}-dev")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "clang-${PTOLINT_LLVM_VERSION}, clang-tidy-${PTOLINT_LLVM_VERSION}")
set(CPACK_GENERATOR DEB)
include(CPack)
