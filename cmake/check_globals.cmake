# No mutable global state in the library (issue 38): every symbol of LIB (libacphys.a) that lives
# in a writable data section (.data, .bss and their named variants; not .data.rel.ro, which is
# read-only once relocated, nor .tdata/.tbss, which are per thread) must be in ALLOWED. Only the
# API's world table is allowed: ACP_MAX_WORLDS slots of atomic flags and generations that make
# world ids process-wide values (src/api/acphys.c; Box2D v3's b2_worlds), taken and given back
# with atomic compare-and-exchange. Anything else is a finding (a static written at run time:
# two worlds on two threads would share it).
#   cmake -DLIB=build/native/libacphys.a -DOBJDUMP=objdump -P cmake/check_globals.cmake
cmake_minimum_required(VERSION 3.16)
set(ALLOWED "acphys.c.o:world_slots")
if(NOT OBJDUMP)
  set(OBJDUMP objdump)
endif()
execute_process(COMMAND ${OBJDUMP} -t ${LIB} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${OBJDUMP} -t ${LIB} failed (${rc})")
endif()
string(REPLACE "\n" ";" lines "${out}")
set(member "")
set(found "")
set(count 0)
foreach(line IN LISTS lines)
  if(line MATCHES "^([^ ]+):[ ]+file format")
    set(member "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^[0-9a-f]+ .* O (\\.(data|bss)[^ \t]*)[ \t]+[0-9a-f]+ (.+)$")
    set(section "${CMAKE_MATCH_1}")
    set(name "${CMAKE_MATCH_3}")
    # AddressSanitizer's one-definition-rule indicators (__odr_asan.*) are its instrumentation,
    # not state of the library's own.
    if(NOT section MATCHES "^\\.data\\.rel\\.ro" AND NOT name MATCHES "__odr_asan\\.")
      math(EXPR count "${count} + 1")
      if(NOT "${member}:${name}" IN_LIST ALLOWED)
        list(APPEND found "${member}: ${name} (${section})")
      endif()
    endif()
  endif()
endforeach()
if(found)
  list(JOIN found "\n  " text)
  message(FATAL_ERROR "writable global data in ${LIB} (state threads would share):\n  ${text}")
endif()
if(count EQUAL 0)
  message(FATAL_ERROR "no writable symbol at all in ${LIB}: the check read nothing (is it the library?)")
endif()
message(STATUS "${LIB}: ${count} writable data symbol(s), all allowed (${ALLOWED})")
