# Install rules and package files: the headers, the C++ library, the C shared library, the
# Python module, a CMake package (find_package(Carcassonne CONFIG)) and pkg-config files
# for both libraries. Every path is relative to the prefix, so an install can be moved.
include(CMakePackageConfigHelpers)

set(CARC_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Carcassonne CACHE STRING
    "Where the CMake package files are installed")
set(CARC_PYTHON_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/python3/site-packages CACHE STRING
    "Where the Python module carcassonne is installed")
set(CARC_LICENSE MIT)  # the project's license (LICENSE), named by the package files

get_target_property(carc_type carcassonne TYPE)
if(carc_type STREQUAL "SHARED_LIBRARY")
  set(CARC_CXX_SHARED TRUE)
else()
  set(CARC_CXX_SHARED FALSE)
endif()

# One export set per library, so that the C library's users never need fmt's CMake files:
# only the static C++ library's users link fmt.
install(TARGETS carcassonne EXPORT CarcassonneCxxTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS carcassonne_c EXPORT CarcassonneCTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ ${PROJECT_SOURCE_DIR}/capi/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")
install(FILES ${CARC_TILE_ROWS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/carcassonne)  # generated
if(EXISTS ${PROJECT_SOURCE_DIR}/LICENSE)
  install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
endif()

foreach(set CarcassonneCxxTargets CarcassonneCTargets)
  install(EXPORT ${set} NAMESPACE Carcassonne:: DESTINATION ${CARC_CMAKE_INSTALL_DIR})
endforeach()
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
# A shared library is found at run time through the rpath, wherever the prefix is.
set(CARC_PC_CXX_RPATH "")
if(CARC_CXX_SHARED)
  set(CARC_PC_CXX_RPATH " -Wl,-rpath,\${libdir}")
endif()
foreach(pc carcassonne_c carcassonne)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc DESTINATION ${carc_pc_dir})
endforeach()

# The Python module, told where the library lies relative to itself; and pip's source for
# the package (pyproject.toml and its backend), told where the installed module and library
# lie: `pip install PREFIX/${CMAKE_INSTALL_DATADIR}/carcassonne/python` builds a wheel of both.
# Paths are relative (the install can move) unless a directory was given as absolute.
function(carc_python_path out from to)
  if(IS_ABSOLUTE ${from} OR IS_ABSOLUTE ${to})
    cmake_path(ABSOLUTE_PATH to BASE_DIRECTORY ${CMAKE_INSTALL_PREFIX} OUTPUT_VARIABLE path)
  else()
    file(RELATIVE_PATH path /prefix/${from} /prefix/${to})
  endif()
  set(${out} ${path} PARENT_SCOPE)
endfunction()
set(carc_pip_dir ${CMAKE_INSTALL_DATADIR}/carcassonne/python)
carc_python_path(carc_py_libdir ${CARC_PYTHON_INSTALL_DIR}/carcassonne ${CMAKE_INSTALL_LIBDIR})
carc_python_path(carc_pip_module ${carc_pip_dir}/backend ${CARC_PYTHON_INSTALL_DIR}/carcassonne)
carc_python_path(carc_pip_libdir ${carc_pip_dir}/backend ${CMAKE_INSTALL_LIBDIR})
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/python/_installed.py
  "# Written by the install: where libcarcassonne_c lies, relative to this package.\nLIBDIR = \"${carc_py_libdir}\"\n")
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/python/_carcassonne_install.py
  "# Written by the install: where the module and libcarcassonne_c lie, relative to this backend.\n"
  "MODULE_DIR = \"${carc_pip_module}\"\nLIBRARY_DIR = \"${carc_pip_libdir}\"\n")
install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/python/carcassonne DESTINATION ${CARC_PYTHON_INSTALL_DIR}
  PATTERN "__pycache__" EXCLUDE)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/python/_installed.py DESTINATION ${CARC_PYTHON_INSTALL_DIR}/carcassonne)
install(FILES ${CMAKE_CURRENT_SOURCE_DIR}/python/pyproject.toml DESTINATION ${carc_pip_dir})
install(FILES ${CMAKE_CURRENT_SOURCE_DIR}/python/backend/carcassonne_build.py
              ${CMAKE_CURRENT_BINARY_DIR}/python/_carcassonne_install.py DESTINATION ${carc_pip_dir}/backend)
