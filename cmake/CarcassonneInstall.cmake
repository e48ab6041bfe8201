# Install rules and package files: the headers, the C++ library, the C shared library, the
# Python module, a CMake package (find_package(Carcassonne CONFIG)) and a pkg-config file
# for the C library. Every path is relative to the prefix, so an install can be moved.
include(CMakePackageConfigHelpers)

set(CARC_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Carcassonne CACHE STRING
    "Where the CMake package files are installed")
set(CARC_PYTHON_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/python3/site-packages CACHE STRING
    "Where the Python module carcassonne is installed")

install(TARGETS carcassonne carcassonne_c EXPORT CarcassonneTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ ${PROJECT_SOURCE_DIR}/capi/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")
install(FILES ${CARC_TILE_ROWS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/carcassonne)  # generated

install(EXPORT CarcassonneTargets NAMESPACE Carcassonne:: DESTINATION ${CARC_CMAKE_INSTALL_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/CarcassonneConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/CarcassonneConfig.cmake INSTALL_DESTINATION ${CARC_CMAKE_INSTALL_DIR})
# Before 1.0 a minor release may break compatibility, so the minor acts as the major.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(carc_compatibility SameMinorVersion)
else()
  set(carc_compatibility SameMajorVersion)
endif()
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/CarcassonneConfigVersion.cmake
  COMPATIBILITY ${carc_compatibility})
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/CarcassonneConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/CarcassonneConfigVersion.cmake
        DESTINATION ${CARC_CMAKE_INSTALL_DIR})

# pkg-config: the prefix is found from the .pc file's own place (${pcfiledir}).
set(carc_pc_dir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE ${carc_pc_dir})
  set(CARC_PC_PREFIX ${CMAKE_INSTALL_PREFIX})
else()
  file(RELATIVE_PATH carc_up /prefix/${carc_pc_dir} /prefix)
  string(REGEX REPLACE "/$" "" carc_up "${carc_up}")
  set(CARC_PC_PREFIX "\${pcfiledir}/${carc_up}")
endif()
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE ${CMAKE_INSTALL_${dir}})
    set(CARC_PC_${dir} ${CMAKE_INSTALL_${dir}})
  else()
    set(CARC_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
configure_file(${PROJECT_SOURCE_DIR}/cmake/carcassonne_c.pc.in ${CMAKE_CURRENT_BINARY_DIR}/carcassonne_c.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/carcassonne_c.pc DESTINATION ${carc_pc_dir})

# The Python module, told where the library lies relative to itself.
if(IS_ABSOLUTE ${CMAKE_INSTALL_LIBDIR} OR IS_ABSOLUTE ${CARC_PYTHON_INSTALL_DIR})
  cmake_path(ABSOLUTE_PATH CMAKE_INSTALL_LIBDIR BASE_DIRECTORY ${CMAKE_INSTALL_PREFIX} OUTPUT_VARIABLE carc_py_libdir)
else()
  file(RELATIVE_PATH carc_py_libdir /prefix/${CARC_PYTHON_INSTALL_DIR}/carcassonne /prefix/${CMAKE_INSTALL_LIBDIR})
endif()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/python/_installed.py
  "# Written by the install: where libcarcassonne_c lies, relative to this package.\nLIBDIR = \"${carc_py_libdir}\"\n")
install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/python/carcassonne DESTINATION ${CARC_PYTHON_INSTALL_DIR}
  PATTERN "__pycache__" EXCLUDE)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/python/_installed.py DESTINATION ${CARC_PYTHON_INSTALL_DIR}/carcassonne)
