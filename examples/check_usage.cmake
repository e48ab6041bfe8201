# Runs a program with some arguments and fails unless it exits with status EXIT, prints
# its usage line ("usage: ...") on STREAM (stdout for --help, stderr for a refusal) and,
# if WHY is given, a reason matching WHY on stderr.
# Usage: cmake "-DCOMMAND=program;args" -DEXIT=2 -DSTREAM=stderr [-DWHY=regex] -P check_usage.cmake
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
if(NOT rc STREQUAL EXIT)
  message(FATAL_ERROR "${COMMAND}: exit status ${rc}, expected ${EXIT}\nstdout:\n${stdout}\nstderr:\n${stderr}")
endif()
if(NOT "${${STREAM}}" MATCHES "(^|\n)usage: [^\n]+")
  message(FATAL_ERROR "${COMMAND}: no usage line on ${STREAM}\nstdout:\n${stdout}\nstderr:\n${stderr}")
endif()
string(STRIP "${CMAKE_MATCH_0}" line)
message(STATUS "exit ${rc}, ${STREAM}: ${line}")
if(WHY)
  if(NOT stderr MATCHES "${WHY}")
    message(FATAL_ERROR "${COMMAND}: expected '${WHY}' on stderr:\n${stderr}")
  endif()
  message(STATUS "refused: ${CMAKE_MATCH_0}")
endif()
