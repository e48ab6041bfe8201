# The api_reference test: runs docs/Doxyfile (the documented command, doxygen run from the
# top of the checkout) with the output in the build tree; any doxygen warning fails it.
# Usage: cmake -DDOXYGEN=<doxygen> -DSOURCE_DIR=<checkout> -DOUTPUT_DIR=<dir> -P api_reference.cmake
if(NOT DOXYGEN)
  message(FATAL_ERROR "doxygen not found: scripts/deps.sh installs it (Debian package doxygen)")
endif()
file(MAKE_DIRECTORY "${OUTPUT_DIR}")
file(WRITE "${OUTPUT_DIR}/Doxyfile" "@INCLUDE = ${SOURCE_DIR}/docs/Doxyfile\nOUTPUT_DIRECTORY = ${OUTPUT_DIR}\n")
execute_process(COMMAND "${DOXYGEN}" "${OUTPUT_DIR}/Doxyfile" WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "doxygen failed (${rc}): see its warnings above; every declaration in carcassonne.h needs a comment")
endif()
if(NOT EXISTS "${OUTPUT_DIR}/html/carcassonne_8h.html")
  message(FATAL_ERROR "doxygen wrote no page for carcassonne.h into ${OUTPUT_DIR}/html")
endif()
message(STATUS "API reference: ${OUTPUT_DIR}/html/carcassonne_8h.html")
