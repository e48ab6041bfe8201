# The package as users consume it: install to a fresh prefix, then
# - build and run a C++ and a C consumer found through find_package(Carcassonne), and run
#   them again after the consumer's own install;
# - check that an incompatible version is refused;
# - build a C-only consumer (COMPONENTS carcassonne_c) with fmt's package hidden;
# - build a C and a C++ consumer through pkg-config;
# - import the installed Python module;
# - (static, unsanitized builds) build carcassonne inside a consumer's tree with
#   add_subdirectory.
# No program gets LD_LIBRARY_PATH: each finds the libraries through its rpath.
# Run by ctest (capi/tests/tests.cmake) with: BUILD_DIR WORK_DIR SOURCE_DIR PROJECT_DIR
# CONFIG GENERATOR C_COMPILER CXX_COMPILER VERSION LIBDIR PYDIR PYTHON PKG_CONFIG SHARED
# SANITIZE PRELOAD.

include(${CMAKE_CURRENT_LIST_DIR}/run_helper.cmake)

function(expect what pattern)
  if(NOT out MATCHES "${pattern}")
    message(FATAL_ERROR "${what}: expected '${pattern}' in:\n${out}")
  endif()
  message(STATUS "${what}: ${CMAKE_MATCH_0}")
endfunction()

unset(ENV{LD_LIBRARY_PATH})
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(config_args)
if(CONFIG)
  set(config_args --config ${CONFIG})
endif()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} ${config_args})

# find_package, as a CMake user does it; the programs run from the build tree, then installed.
set(consumer_args -G ${GENERATOR} -DCMAKE_BUILD_TYPE=${CONFIG} -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
if(SANITIZE)
  list(APPEND consumer_args -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=${SANITIZE})
endif()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/consumer -B ${WORK_DIR}/consumer ${consumer_args} -DWANT_VERSION=${VERSION})
expect("CMake package" "Carcassonne ${VERSION}, license MIT")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer ${config_args})
run(${CMAKE_COMMAND} --install ${WORK_DIR}/consumer --prefix ${WORK_DIR}/consumer-install ${config_args})
foreach(dir consumer consumer-install/bin)
  run(${WORK_DIR}/${dir}/cxx_consumer)
  expect("C++ consumer (${dir})" "C\\+\\+ consumer: [0-9]+ tiles")
  run(${WORK_DIR}/${dir}/c_consumer)
  expect("C consumer (${dir})" "C consumer: [0-9]+ tiles")
endforeach()

# The next minor release is not compatible before 1.0 (and the next major after it).
string(REGEX MATCH "^([0-9]+)\\.([0-9]+)" _ "${VERSION}")
if(CMAKE_MATCH_1 EQUAL 0)
  math(EXPR next "${CMAKE_MATCH_2} + 1")
  set(incompatible "0.${next}")
else()
  math(EXPR next "${CMAKE_MATCH_1} + 1")
  set(incompatible "${next}.0")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/consumer -B ${WORK_DIR}/consumer-incompatible
                        ${consumer_args} -DWANT_VERSION=${incompatible}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "not compatible|no suitable|version")
  message(FATAL_ERROR "find_package(Carcassonne ${incompatible}) accepted ${VERSION}:\n${err}")
endif()
message(STATUS "find_package(Carcassonne ${incompatible}) refuses ${VERSION}")

# The C ABI alone needs nothing of fmt: a C-only project configures with fmt's package
# hidden. Hidden fmt does stop a user of the static C++ library, so the hiding is real.
set(no_fmt -DCMAKE_DISABLE_FIND_PACKAGE_fmt=ON)
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/c_consumer -B ${WORK_DIR}/c_consumer ${consumer_args} ${no_fmt})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/c_consumer ${config_args})
run(${WORK_DIR}/c_consumer/c_only_consumer)
expect("C-only consumer without fmt" "C consumer: [0-9]+ tiles")
if(NOT SHARED)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/consumer -B ${WORK_DIR}/consumer-no-fmt
                          ${consumer_args} ${no_fmt} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
  if(rc EQUAL 0 OR NOT err MATCHES "fmt")
    message(FATAL_ERROR "the static C++ library was found without fmt:\n${err}")
  endif()
  message(STATUS "with fmt hidden, the static C++ library is refused and the C library is not")
endif()

# pkg-config, as a Makefile user does it. A static C++ library needs --static (for fmt).
if(PKG_CONFIG)
  set(ENV{PKG_CONFIG_PATH} ${prefix}/${LIBDIR}/pkgconfig)
  set(san)
  if(SANITIZE)
    set(san -fsanitize=${SANITIZE})
  endif()
  set(static --static)
  if(SHARED)
    set(static)
  endif()
  run(${PKG_CONFIG} --cflags --libs carcassonne_c)
  separate_arguments(flags UNIX_COMMAND "${out}")
  run(${C_COMPILER} -std=c99 ${SOURCE_DIR}/consumer/main.c ${flags} ${san} -o ${WORK_DIR}/pkg_config_c_consumer)
  run(${WORK_DIR}/pkg_config_c_consumer)
  expect("pkg-config consumer of carcassonne_c" "C consumer: [0-9]+ tiles")
  run(${PKG_CONFIG} ${static} --cflags --libs carcassonne)
  separate_arguments(flags UNIX_COMMAND "${out}")
  run(${CXX_COMPILER} -std=c++20 ${SOURCE_DIR}/consumer/main.cpp ${flags} ${san} -o ${WORK_DIR}/pkg_config_cxx_consumer)
  run(${WORK_DIR}/pkg_config_cxx_consumer)
  expect("pkg-config consumer of carcassonne" "C\\+\\+ consumer: [0-9]+ tiles")
  foreach(pc carcassonne_c carcassonne)
    file(READ ${prefix}/${LIBDIR}/pkgconfig/${pc}.pc out)
    expect("${pc}.pc" "# License: MIT")
  endforeach()
endif()

# Python, from the install alone: the module finds the installed library by itself.
if(PYTHON)
  unset(ENV{CARCASSONNE_LIBRARY})
  set(ENV{PYTHONPATH} ${prefix}/${PYDIR})
  set(ENV{PYTHONDONTWRITEBYTECODE} 1)
  if(PRELOAD)
    set(ENV{LD_PRELOAD} ${PRELOAD})
    set(ENV{ASAN_OPTIONS} detect_leaks=0)
  endif()
  file(WRITE ${WORK_DIR}/consumer.py
       "import carcassonne\ngame = carcassonne.Game(2, 7)\ngame.playout(1)\nprint(carcassonne.library_path, game.scores)\n")
  run(${PYTHON} ${WORK_DIR}/consumer.py)
  file(REAL_PATH ${prefix} real_prefix)
  expect("Python module" "^(${prefix}|${real_prefix})/${LIBDIR}/libcarcassonne_c[^ ]*")
  unset(ENV{LD_PRELOAD})
endif()

# A consumer that builds carcassonne in its own tree: it keeps its own build type (none,
# then Debug), its own target names, no tests but its own and no install rules of ours.
if(NOT SHARED AND NOT SANITIZE)
  set(sub_args -G ${GENERATOR} -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
      -DCARCASSONNE_SOURCE_DIR=${PROJECT_DIR})
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/subproject -B ${WORK_DIR}/subproject-no-type ${sub_args})
  file(STRINGS ${WORK_DIR}/subproject-no-type/CMakeCache.txt out REGEX "^CMAKE_BUILD_TYPE:")
  expect("subproject without a build type" "^CMAKE_BUILD_TYPE:STRING=$")
  set(sub ${WORK_DIR}/subproject)
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/subproject -B ${sub} ${sub_args} -DCMAKE_BUILD_TYPE=Debug)
  file(STRINGS ${sub}/CMakeCache.txt out REGEX "^CMAKE_BUILD_TYPE:")
  expect("subproject build type" "^CMAKE_BUILD_TYPE:STRING=Debug$")
  run(${CMAKE_COMMAND} --build ${sub} --target bench demo_game soak carc_demo_game carc_c_random_game)
  run(${sub}/bench)
  expect("the consumer's own bench" "C\\+\\+ consumer: [0-9]+ tiles")
  run(${sub}/demo_game)
  expect("the consumer's own demo_game" "C consumer: [0-9]+ tiles")
  run(${sub}/carcassonne/examples/demo_game 3 2)
  expect("carcassonne's demo_game in the consumer's tree" "player 1: [0-9]+")
  run(${sub}/carcassonne/examples/c_random_game 3 2)
  expect("carcassonne's c_random_game in the consumer's tree" "scores [0-9]+ [0-9]+")
  run(${CMAKE_CTEST_COMMAND} --test-dir ${sub} -N)
  expect("tests in the consumer's tree" "Total Tests: 1\n")
  run(${CMAKE_CTEST_COMMAND} --test-dir ${sub})
  run(${CMAKE_COMMAND} --install ${sub} --prefix ${WORK_DIR}/subproject-install)
  file(GLOB_RECURSE out ${WORK_DIR}/subproject-install/*)
  if(out)
    message(FATAL_ERROR "carcassonne as a subproject installed files:\n${out}")
  endif()
  message(STATUS "carcassonne as a subproject installs nothing")
endif()
