# Writes the ctest file of a Catch2 (version 2) test program: one add_test per test case, named
# as the test case and selecting it by that name. Run after each build by carc_catch_tests
# (cmake/CatchTests.cmake).
# Usage: cmake -DTEST_EXECUTABLE=<program> -DTEST_WORKING_DIR=<folder> -DCTEST_FILE=<output>
#        -P CatchAddTests.cmake
cmake_minimum_required(VERSION 3.25)

# Catch2 2 exits with the number of test cases listed, 255 for 255 or more.
execute_process(
  COMMAND "${TEST_EXECUTABLE}" --list-test-names-only
  OUTPUT_VARIABLE output
  RESULT_VARIABLE result
  WORKING_DIRECTORY "${TEST_WORKING_DIR}")
if(NOT result MATCHES "^[0-9]+$")
  message(FATAL_ERROR "'${TEST_EXECUTABLE} --list-test-names-only' failed: ${result}\n${output}")
endif()

# One name a line. The names are not made a CMake list, which a ';' in a name would split.
set(script "")
set(count 0)
string(REPLACE "\r" "" output "${output}")
while(NOT output STREQUAL "")
  string(FIND "${output}" "\n" end)
  if(end EQUAL -1)
    set(name "${output}")
    set(output "")
  else()
    string(SUBSTRING "${output}" 0 ${end} name)
    math(EXPR end "${end} + 1")
    string(SUBSTRING "${output}" ${end} -1 output)
  endif()
  if(name STREQUAL "")
    continue()
  endif()
  # Catch2's test specification reads '\' as an escape, ',' between names, '[' ']' around tags.
  set(spec "${name}")
  foreach(char "\\" "," "[" "]")
    string(REPLACE "${char}" "\\${char}" spec "${spec}")
  endforeach()
  string(APPEND script
    "add_test([==[${name}]==] [==[${TEST_EXECUTABLE}]==] [==[${spec}]==] --warn NoTests)\n"
    "set_tests_properties([==[${name}]==] PROPERTIES WORKING_DIRECTORY [==[${TEST_WORKING_DIR}]==])\n")
  math(EXPR count "${count} + 1")
endwhile()
if(NOT (count EQUAL result OR (count GREATER 255 AND result EQUAL 255)))
  message(FATAL_ERROR "${TEST_EXECUTABLE}: ${count} names read, but it listed ${result} test cases")
endif()

file(WRITE "${CTEST_FILE}" "${script}")
