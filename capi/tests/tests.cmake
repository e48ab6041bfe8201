# Tests of the C ABI, the Python binding and the package. Included from capi/CMakeLists.txt.

# Tests are registered here, before the top level reaches its own enable_testing().
enable_testing()

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
              "-DB=$<TARGET_FILE:c_random_game>;${game}" -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/compare_outputs.cmake)
  endforeach()
endif()
