# Tests of the C ABI, the Python binding and the package. Included from capi/CMakeLists.txt.

set(carc_header_check ${CMAKE_CURRENT_SOURCE_DIR}/tests/header_c99.c)
add_test(NAME capi_header_c99
  COMMAND ${CMAKE_C_COMPILER} -std=c99 -Wall -Wextra -Wpedantic -Werror -Wstrict-prototypes
          -fsyntax-only -I${CMAKE_CURRENT_SOURCE_DIR}/include ${carc_header_check})
add_test(NAME capi_header_cxx
  COMMAND ${CMAKE_CXX_COMPILER} -std=c++11 -Wall -Wextra -Wpedantic -Werror
          -fsyntax-only -x c++ -I${CMAKE_CURRENT_SOURCE_DIR}/include ${carc_header_check})

if(CMAKE_NM AND CMAKE_SYSTEM_NAME MATCHES "Linux|BSD")
  add_test(NAME capi_exports_only_carc
    COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DLIBRARY=$<TARGET_FILE:carcassonne_c>
            -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/check_exports.cmake)
endif()

# The same seeded game printed by C++ on the engine, by C through the ABI and (below) by
# Python through the binding.
add_executable(carc_reference_game tests/reference_game.cpp)
target_link_libraries(carc_reference_game PRIVATE carcassonne fmt::fmt carc_warnings)
if(CARC_BUILD_EXAMPLES)
  foreach(game "7;3" "47;2" "5;6" "31;1")  # seed 47: a tile fits nowhere
    list(JOIN game "_" name)
    add_test(NAME capi_c_example_matches_cxx_${name}
      COMMAND ${CMAKE_COMMAND} "-DA=$<TARGET_FILE:carc_reference_game>;${game}"
              "-DB=$<TARGET_FILE:carc_c_random_game>;${game}" -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/compare_outputs.cmake)
  endforeach()
endif()

# The Python binding's unittest suite, and the Python example against the C++ twin. A
# sanitized library loads into Python only behind the sanitizer runtime.
if(Python3_Interpreter_FOUND)
  set(carc_python_env
    "CARCASSONNE_LIBRARY=$<TARGET_FILE:carcassonne_c>"
    "PYTHONPATH=${CMAKE_CURRENT_SOURCE_DIR}/python"
    "PYTHONDONTWRITEBYTECODE=1"
    "CARC_REFERENCE_GAME=$<TARGET_FILE:carc_reference_game>")
  if(CARC_SANITIZE MATCHES "address")
    # libstdc++ too, or ASan finds no __cxa_throw to intercept in a C program like Python.
    foreach(lib libasan.so libstdc++.so)
      execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=${lib}
                      OUTPUT_VARIABLE path OUTPUT_STRIP_TRAILING_WHITESPACE)
      list(APPEND carc_preload ${path})
    endforeach()
    list(JOIN carc_preload ":" carc_preload)
    list(APPEND carc_python_env "LD_PRELOAD=${carc_preload}" "ASAN_OPTIONS=detect_leaks=0")
  endif()
  # The Python examples' tests (examples/CMakeLists.txt) run with the same environment.
  set(CARC_PYTHON_TEST_ENV "${carc_python_env}" PARENT_SCOPE)
  add_test(NAME python_binding
    COMMAND ${Python3_EXECUTABLE} -m unittest discover -v -s ${CMAKE_CURRENT_SOURCE_DIR}/python/tests)
  set_tests_properties(python_binding PROPERTIES ENVIRONMENT "${carc_python_env}")
  # Self-play on Dask (test_selfplay_dask.py) needs python3-distributed, which a python3 first
  # on PATH may not see: then python_binding skips those tests and they run here, under
  # Debian's /usr/bin/python3, where a missing Dask fails. Not under sanitizers nor with
  # BUILD_SHARED_LIBS (package_shared_libs): they test the Python around the library, which
  # python_binding covers there.
  execute_process(COMMAND ${Python3_EXECUTABLE} -c "import distributed" RESULT_VARIABLE carc_no_dask
                  OUTPUT_QUIET ERROR_QUIET)
  find_program(CARC_DASK_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH DOC "Debian's Python, for the Dask tests")
  if(carc_no_dask AND CARC_DASK_PYTHON AND NOT CARC_SANITIZE AND NOT BUILD_SHARED_LIBS)
    add_test(NAME python_selfplay_dask COMMAND ${CARC_DASK_PYTHON} -m unittest -v test_selfplay_dask
             WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/python/tests)
    set_tests_properties(python_selfplay_dask PROPERTIES ENVIRONMENT "${carc_python_env};CARC_REQUIRE_DASK=1"
                         TIMEOUT 300)
  endif()
  # The Python rollout benchmark (bench/python_rollouts.py, run by hand) in its quick mode:
  # both ways of rolling out agree; no timing.
  add_test(NAME python_rollouts_quick COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/bench/python_rollouts.py --quick)
  set_tests_properties(python_rollouts_quick PROPERTIES ENVIRONMENT "${carc_python_env}")
  # The reinforcement-learning interface once more with Debian's interpreter when it has
  # numpy (the one above may have none): test_rl.py then checks the numpy arrays, and the
  # batch benchmark (bench/rl_batch.py, run by hand) and the RL example run in quick modes.
  find_program(CARC_NUMPY_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH DOC "A Python with numpy, for the RL tests")
  if(CARC_NUMPY_PYTHON)
    execute_process(COMMAND ${CARC_NUMPY_PYTHON} -c "import numpy" RESULT_VARIABLE carc_no_numpy OUTPUT_QUIET ERROR_QUIET)
  endif()
  set(carc_rl_python ${Python3_EXECUTABLE})
  if(CARC_NUMPY_PYTHON AND carc_no_numpy EQUAL 0)
    set(carc_rl_python ${CARC_NUMPY_PYTHON})
    add_test(NAME python_rl_numpy
      COMMAND ${CARC_NUMPY_PYTHON} -m unittest discover -v -s ${CMAKE_CURRENT_SOURCE_DIR}/python/tests -p "test_rl*.py")
    set_tests_properties(python_rl_numpy PROPERTIES ENVIRONMENT "${carc_python_env};CARC_EXPECT_NUMPY=1")
  endif()
  add_test(NAME python_rl_batch_quick COMMAND ${carc_rl_python} ${PROJECT_SOURCE_DIR}/bench/rl_batch.py --quick)
  add_test(NAME python_rl_example COMMAND ${carc_rl_python} ${PROJECT_SOURCE_DIR}/examples/rl_loop.py --quick)
  set_tests_properties(python_rl_batch_quick python_rl_example PROPERTIES ENVIRONMENT "${carc_python_env}")
  foreach(game "7;3" "47;2")
    list(JOIN game "_" name)
    add_test(NAME python_example_matches_cxx_${name}
      COMMAND ${CMAKE_COMMAND} "-DA=$<TARGET_FILE:carc_reference_game>;${game}"
              "-DB=${Python3_EXECUTABLE};${PROJECT_SOURCE_DIR}/examples/python_random_game.py;${game}"
              -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/compare_outputs.cmake)
    set_tests_properties(python_example_matches_cxx_${name} PROPERTIES ENVIRONMENT "${carc_python_env}")
  endforeach()
endif()

# pip install into a fresh virtual environment, from the checkout and from an install prefix,
# then import with no environment variables (capi/python/tests/pip_install.py). It needs a
# Python with venv: Debian's /usr/bin/python3 (python3-venv) if there is one. Not in
# sanitizer builds: their library loads only behind the sanitizer runtime, and the package
# is the same there. Nor with BUILD_SHARED_LIBS: the wheel carries libcarcassonne_c alone,
# which then needs the shared C++ library beside it (not packed yet).
if(NOT CARC_SANITIZE AND NOT BUILD_SHARED_LIBS)
  find_program(CARC_VENV_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH DOC "A Python with venv, for the pip tests")
  set(carc_venv_python ${CARC_VENV_PYTHON})
  if(NOT carc_venv_python AND Python3_Interpreter_FOUND)
    set(carc_venv_python ${Python3_EXECUTABLE})
  endif()
  if(carc_venv_python)
    set(carc_pip_test ${CMAKE_CURRENT_SOURCE_DIR}/python/tests/pip_install.py)
    add_test(NAME python_pip_install_checkout
      COMMAND ${carc_venv_python} ${carc_pip_test} checkout ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}
              $<TARGET_FILE:carcassonne_c> ${PROJECT_VERSION} ${CMAKE_CURRENT_BINARY_DIR}/pip-checkout)
    set_tests_properties(python_pip_install_checkout PROPERTIES TIMEOUT 300)
    if(CARC_INSTALL)
      add_test(NAME python_pip_install_prefix
        COMMAND ${carc_venv_python} ${carc_pip_test} prefix ${CMAKE_COMMAND} ${CMAKE_BINARY_DIR} ${PROJECT_VERSION}
                ${CMAKE_CURRENT_BINARY_DIR}/pip-prefix)
      set_tests_properties(python_pip_install_prefix PROPERTIES TIMEOUT 300)
    endif()
  endif()
endif()

# The installed package, consumed by CMake, pkg-config and Python users, and the source tree
# built inside a user's project (tests/package/).
if(CARC_INSTALL)
  find_program(CARC_PKG_CONFIG pkg-config)
  if(Python3_Interpreter_FOUND)
    set(carc_python ${Python3_EXECUTABLE})
  endif()
  set(carc_package_args -DSOURCE_DIR=${PROJECT_SOURCE_DIR}/tests/package -DPROJECT_DIR=${PROJECT_SOURCE_DIR}
      -DCONFIG=$<CONFIG> -DGENERATOR=${CMAKE_GENERATOR} -DC_COMPILER=${CMAKE_C_COMPILER}
      -DCXX_COMPILER=${CMAKE_CXX_COMPILER} -DVERSION=${PROJECT_VERSION} -DLIBDIR=${CMAKE_INSTALL_LIBDIR}
      -DPYDIR=${CARC_PYTHON_INSTALL_DIR} -DPYTHON=${carc_python} -DPKG_CONFIG=${CARC_PKG_CONFIG})
  add_test(NAME package_consumers
    COMMAND ${CMAKE_COMMAND} ${carc_package_args} -DBUILD_DIR=${CMAKE_BINARY_DIR}
            -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/package-test -DSHARED=${CARC_CXX_SHARED}
            -DSANITIZE=${CARC_SANITIZE} "-DPRELOAD=${carc_preload}" -P ${PROJECT_SOURCE_DIR}/tests/package/run.cmake)
  set_tests_properties(package_consumers PROPERTIES TIMEOUT 900)
  # The whole project again with BUILD_SHARED_LIBS=ON (a shared C++ library too): the C
  # ABI, Python, example and soak tests there, and its package. Not under sanitizers, and
  # not from inside a shared build.
  if(NOT CARC_SANITIZE AND NOT CARC_CXX_SHARED)
    add_test(NAME package_shared_libs
      COMMAND ${CMAKE_COMMAND} ${carc_package_args} -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/shared-libs
              -P ${PROJECT_SOURCE_DIR}/tests/package/shared.cmake)
    set_tests_properties(package_shared_libs PROPERTIES TIMEOUT 1800)
  endif()
endif()
