# Fails if a file of the repository points outside it, at the folder beside the checkout
# that once held the rules and the tile data: the project owns its contract (docs/, data/),
# and a user who clones it has only the project.
# Usage: cmake -DSOURCE_DIR=<top of the checkout> -P self_contained.cmake
cmake_minimum_required(VERSION 3.25)
# The folder's name is put together from pieces, so that this file does not match itself.
string(CONCAT folder "sha" "red")
# "../<folder>", or "<folder>/" at the start of a path ("/work/<folder>/x", "<folder>/x").
set(pattern "\\.\\./${folder}|(^|[^A-Za-z0-9_.-])${folder}/")

# The files git knows (tracked, or new and not ignored), else every file outside build
# trees and .git.
set(files "")
find_program(GIT git)
if(GIT AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT}" ls-files --cached --others --exclude-standard
                  WORKING_DIRECTORY "${SOURCE_DIR}" OUTPUT_VARIABLE listed RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "git ls-files failed in ${SOURCE_DIR}")
  endif()
  string(REPLACE "\n" ";" files "${listed}")
  list(REMOVE_ITEM files "")
else()
  file(GLOB_RECURSE all RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/*")
  foreach(f IN LISTS all)
    if(NOT f MATCHES "^(build[^/]*|\\.git)/")
      list(APPEND files "${f}")
    endif()
  endforeach()
endif()
list(LENGTH files count)
if(count LESS 50)
  message(FATAL_ERROR "found only ${count} files under ${SOURCE_DIR}: not the checkout?")
endif()

set(hits "")
foreach(f IN LISTS files)
  if(f STREQUAL "" OR NOT EXISTS "${SOURCE_DIR}/${f}" OR IS_DIRECTORY "${SOURCE_DIR}/${f}")
    continue()
  endif()
  file(STRINGS "${SOURCE_DIR}/${f}" lines REGEX "${pattern}")
  foreach(line IN LISTS lines)
    string(APPEND hits "\n  ${f}: ${line}")
  endforeach()
endforeach()
if(hits)
  message(FATAL_ERROR "these lines point outside the repository (use docs/ and data/):${hits}")
endif()
message(STATUS "${count} files, none points outside the repository")
