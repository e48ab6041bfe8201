# Builds the project with BUILD_SHARED_LIBS=ON (libcarcassonne.so beside libcarcassonne_c.so)
# and runs there the tests that prove it: the C library still exports only carc_*, the C,
# C++ and Python programs agree, the examples and the soak run, and the installed package
# works (tests/package/run.cmake, through that build's package_consumers test). The Catch2
# runners are not built: they add minutes and test the rules, which do not change here.
# Run by ctest (capi/tests/tests.cmake) with: WORK_DIR PROJECT_DIR CONFIG GENERATOR
# C_COMPILER CXX_COMPILER.

include(${CMAKE_CURRENT_LIST_DIR}/run_helper.cmake)

unset(ENV{LD_LIBRARY_PATH})
set(build ${WORK_DIR}/build)
run(${CMAKE_COMMAND} -S ${PROJECT_DIR} -B ${build} -G ${GENERATOR} -DCMAKE_BUILD_TYPE=${CONFIG}
    -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DBUILD_SHARED_LIBS=ON -DCARC_WERROR=ON)
run(${CMAKE_COMMAND} --build ${build} --parallel 2
    --target carcassonne carcassonne_c carc_examples carc_reference_game carc_soak)
if(NOT EXISTS ${build}/libcarcassonne.so)
  message(FATAL_ERROR "BUILD_SHARED_LIBS=ON made no libcarcassonne.so")
endif()
run(${CMAKE_CTEST_COMMAND} --test-dir ${build} --output-on-failure
    -R "^(capi_|python_|example_|soak$|package_consumers$)")
if(NOT out MATCHES "100% tests passed, 0 tests failed out of ([0-9]+)" OR CMAKE_MATCH_1 LESS 10)
  message(FATAL_ERROR "expected at least 10 tests to pass:\n${out}")
endif()
message(STATUS "BUILD_SHARED_LIBS=ON: ${CMAKE_MATCH_0}")
