# The package as users consume it: install to a fresh prefix, then build and run a C++ and
# a C consumer found through find_package(Carcassonne), check that an incompatible version
# is refused, build a C consumer through pkg-config, and import the installed Python module.
# Run by ctest (capi/tests/tests.cmake) with: BUILD_DIR WORK_DIR SOURCE_DIR CONFIG GENERATOR
# C_COMPILER CXX_COMPILER VERSION LIBDIR PYDIR PYTHON PKG_CONFIG SANITIZE PRELOAD.

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    list(JOIN ARGN " " cmd)
    message(FATAL_ERROR "failed (${rc}): ${cmd}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

function(expect what pattern)
  if(NOT out MATCHES "${pattern}")
    message(FATAL_ERROR "${what}: expected '${pattern}' in:\n${out}")
  endif()
  message(STATUS "${what}: ${CMAKE_MATCH_0}")
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(config_args)
if(CONFIG)
  set(config_args --config ${CONFIG})
endif()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} ${config_args})

# find_package, as a CMake user does it.
set(consumer_args -G ${GENERATOR} -DCMAKE_BUILD_TYPE=${CONFIG} -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
if(SANITIZE)
  list(APPEND consumer_args -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=${SANITIZE})
endif()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/consumer -B ${WORK_DIR}/consumer ${consumer_args} -DWANT_VERSION=${VERSION})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer ${config_args})
run(${WORK_DIR}/consumer/cxx_consumer)
expect("C++ consumer" "C\\+\\+ consumer: [0-9]+ tiles")
run(${WORK_DIR}/consumer/c_consumer)
expect("C consumer" "C consumer: [0-9]+ tiles")

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

# pkg-config, as a Makefile user does it.
if(PKG_CONFIG)
  set(ENV{PKG_CONFIG_PATH} ${prefix}/${LIBDIR}/pkgconfig)
  run(${PKG_CONFIG} --cflags --libs carcassonne_c)
  string(STRIP "${out}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  set(san)
  if(SANITIZE)
    set(san -fsanitize=${SANITIZE})
  endif()
  run(${C_COMPILER} -std=c99 ${SOURCE_DIR}/consumer/main.c ${flags} ${san} -o ${WORK_DIR}/pkg_config_consumer)
  set(ENV{LD_LIBRARY_PATH} ${prefix}/${LIBDIR})
  run(${WORK_DIR}/pkg_config_consumer)
  expect("pkg-config consumer" "C consumer: [0-9]+ tiles")
  unset(ENV{LD_LIBRARY_PATH})
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
endif()
