# carc_catch_tests(<target>): every Catch2 test case of the test program <target> becomes a
# ctest test of the same name, run in the target's binary folder. The list is made after each
# build of the program (cmake/CatchAddTests.cmake), as Catch2's catch_discover_tests does.
# Catch2 2's own listing script cuts its output into names at ';' as well as at line ends, so a
# test case whose name holds a ';' became two ctest tests that matched no test case and passed
# without running anything; this one cuts only at line ends. Each test also runs with
# '--warn NoTests', so a name that selects no test case fails instead of passing.
function(carc_catch_tests target)
  set(tests_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_tests.cmake")
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_include.cmake")
  add_custom_command(
    TARGET ${target} POST_BUILD
    BYPRODUCTS "${tests_file}"
    COMMAND "${CMAKE_COMMAND}"
            -D "TEST_EXECUTABLE=$<TARGET_FILE:${target}>"
            -D "TEST_WORKING_DIR=${CMAKE_CURRENT_BINARY_DIR}"
            -D "CTEST_FILE=${tests_file}"
            -P "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/CatchAddTests.cmake"
    VERBATIM)
  # Before the first build there is no list: a test named for it fails and says so.
  file(WRITE "${include_file}"
    "if(EXISTS \"${tests_file}\")\n"
    "  include(\"${tests_file}\")\n"
    "else()\n"
    "  add_test(${target}_NOT_BUILT ${target}_NOT_BUILT)\n"
    "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()
