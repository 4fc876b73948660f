# Fails when a C source or header under DIRS (a ;-separated list of folders) includes cglm.
#   cmake -DDIRS="src/core;src/dat" -P cmake/check_no_cglm.cmake
# The physics is retail's scalar float and double arithmetic; cglm's SIMD paths (and its own
# operation order) would change bits. Only the draw side (src/draw) may include it.
if(NOT DIRS)
  message(FATAL_ERROR "check_no_cglm: pass -DDIRS=<folders>")
endif()
set(offenders "")
set(checked 0)
foreach(dir ${DIRS})
  file(GLOB_RECURSE files "${dir}/*.c" "${dir}/*.h")
  foreach(f ${files})
    math(EXPR checked "${checked} + 1")
    file(STRINGS "${f}" hits REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"][^>\"]*cglm")
    if(hits)
      list(APPEND offenders "${f}: ${hits}")
    endif()
  endforeach()
endforeach()
if(offenders)
  list(JOIN offenders "\n  " lines)
  message(FATAL_ERROR "cglm is for the draw side only (src/draw); these physics files include it:\n  ${lines}")
endif()
message(STATUS "check_no_cglm: ${checked} files, none includes cglm")
