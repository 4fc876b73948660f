# The public library (issue 37): include/acphys.h over the core, as a shared library
# (libacphys.so.1) and a static one (libacphys.a), both built from one set of position-independent
# objects with every symbol hidden but the API's (ACP_API). `cmake --install` puts them, the
# header, acphys.pc (pkg-config) and the CMake package (find_package(acphys)) under the prefix.
include(GNUInstallDirs)
set(ACP_API_VERSION 1.1.0)
set(ACP_API_SOVERSION 1)
set(ACP_LIBRARY_SOURCES
  ${ACP_CORE_SOURCES} ${ACP_SCENARIO_SOURCES} ${ACP_DEFAULT_EXCERPTS_C}
  src/api/build_info.c src/api/file.c src/cli/cjson_bridge.c)
set(ACP_BUILD_DIGEST_C ${CMAKE_BINARY_DIR}/generated/build_digest.c)
set(ACP_BUILD_DIGEST_FLAGS "${CMAKE_C_COMPILER_ID} ${CMAKE_C_COMPILER_VERSION} ${CMAKE_BUILD_TYPE} ${ACP_WARNINGS} -ffp-contract=off -fno-fast-math")
set(ACP_BUILD_DIGEST_FILES)
foreach(f ${ACP_CORE_SOURCES} ${ACP_SCENARIO_SOURCES} src/api/build_info.c src/api/file.c src/cli/cjson_bridge.c include/acphys.h)
  list(APPEND ACP_BUILD_DIGEST_FILES ${CMAKE_SOURCE_DIR}/${f})
endforeach()
file(GLOB ACP_DEFAULT_DATS ${CMAKE_SOURCE_DIR}/data/*-default.dat)
list(APPEND ACP_BUILD_DIGEST_FILES ${ACP_DEFAULT_DATS})
add_custom_command(OUTPUT ${ACP_BUILD_DIGEST_C}
  COMMAND ${CMAKE_COMMAND} "-DFILES=${ACP_BUILD_DIGEST_FILES}" "-DFLAGS=${ACP_BUILD_DIGEST_FLAGS}" -DOUT=${ACP_BUILD_DIGEST_C}
          -P ${CMAKE_SOURCE_DIR}/cmake/build_digest.cmake
  DEPENDS ${ACP_BUILD_DIGEST_FILES} ${CMAKE_SOURCE_DIR}/cmake/build_digest.cmake
  COMMENT "The library's build digest" VERBATIM)

add_library(acphys_objects OBJECT ${ACP_LIBRARY_SOURCES} ${ACP_BUILD_DIGEST_C})
add_dependencies(acphys_objects acphys_default_excerpts)
set_target_properties(acphys_objects PROPERTIES POSITION_INDEPENDENT_CODE ON C_VISIBILITY_PRESET hidden)
target_include_directories(acphys_objects PRIVATE src include)
target_include_directories(acphys_objects SYSTEM PRIVATE ${ACP_CJSON_INCLUDE})
target_compile_definitions(acphys_objects PRIVATE ACP_VERSION_STRING="${PROJECT_VERSION}" ACP_BUILDING_LIBRARY)

add_library(acphys_shared SHARED $<TARGET_OBJECTS:acphys_objects>)
set_target_properties(acphys_shared PROPERTIES OUTPUT_NAME acphys VERSION ${ACP_API_VERSION} SOVERSION ${ACP_API_SOVERSION})
target_link_libraries(acphys_shared PRIVATE ${ACP_CJSON_LIB} m)
target_include_directories(acphys_shared PUBLIC $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include>
                                                $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
add_library(acphys_static STATIC $<TARGET_OBJECTS:acphys_objects>)
set_target_properties(acphys_static PROPERTIES OUTPUT_NAME acphys)
target_link_libraries(acphys_static INTERFACE ${ACP_CJSON_LIB} m)
target_include_directories(acphys_static PUBLIC $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include>
                                                $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
set_target_properties(acphys_shared acphys_static PROPERTIES EXPORT_NAME acphys)
set_target_properties(acphys_static PROPERTIES EXPORT_NAME acphys_static)

install(TARGETS acphys_shared acphys_static EXPORT acphysTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES include/acphys.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT acphysTargets NAMESPACE acphys:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/acphys)
include(CMakePackageConfigHelpers)
file(WRITE ${CMAKE_BINARY_DIR}/acphysConfig.cmake.in
  "@PACKAGE_INIT@\ninclude(\"\${CMAKE_CURRENT_LIST_DIR}/acphysTargets.cmake\")\ncheck_required_components(acphys)\n")
configure_package_config_file(${CMAKE_BINARY_DIR}/acphysConfig.cmake.in ${CMAKE_BINARY_DIR}/acphysConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/acphys)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/acphysConfigVersion.cmake VERSION ${ACP_API_VERSION}
  COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/acphysConfig.cmake ${CMAKE_BINARY_DIR}/acphysConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/acphys)
# ".." for each folder of <libdir>/pkgconfig: the prefix seen from the .pc file
string(REPLACE "/" ";" ACP_LIBDIR_PARTS "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
set(ACP_PC_UP "")
foreach(part IN LISTS ACP_LIBDIR_PARTS)
  string(APPEND ACP_PC_UP "../")
endforeach()
string(REGEX REPLACE "/$" "" ACP_PC_UP "${ACP_PC_UP}")
configure_file(${CMAKE_SOURCE_DIR}/cmake/acphys.pc.in ${CMAKE_BINARY_DIR}/acphys.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/acphys.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The C API suite: the public header and the shared library only.
add_executable(acphys_api_tests tests/c/test_api.c)
find_package(Threads REQUIRED)
target_link_libraries(acphys_api_tests PRIVATE acphys_shared Threads::Threads)
target_compile_definitions(acphys_api_tests PRIVATE ACP_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
add_test(NAME api COMMAND acphys_api_tests)
# Snapshots and threads through the API (issue 38).
add_executable(acphys_api_snapshot_tests tests/c/test_api_snapshot.c)
target_link_libraries(acphys_api_snapshot_tests PRIVATE acphys_shared Threads::Threads)
target_compile_definitions(acphys_api_snapshot_tests PRIVATE ACP_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
add_test(NAME api_snapshot COMMAND acphys_api_snapshot_tests)
# examples/landblock-groups: landblock groups on a thread pool with hand-offs (issue 38).
add_executable(landblock_groups examples/landblock-groups/main.c)
target_link_libraries(landblock_groups PRIVATE acphys_shared Threads::Threads m)
add_test(NAME example_landblock_groups COMMAND landblock_groups 60 300)
# 400 s of hand-offs (~1000): before export gave shadow slots back, the pool ran out at t=179 s
add_test(NAME example_landblock_groups_long COMMAND landblock_groups 200 12000)
# No writable global data in the library but the world table (cmake/check_globals.cmake).
add_test(NAME no_mutable_globals COMMAND ${CMAKE_COMMAND} -DLIB=$<TARGET_FILE:acphys_static> -DOBJDUMP=${CMAKE_OBJDUMP}
                                        -P ${CMAKE_SOURCE_DIR}/cmake/check_globals.cmake)
# Install into a scratch prefix, then build and run a small C program against the installed copy:
# with pkg-config (shared and --static) and with find_package(acphys).
# (Not in the sanitizer and fuzz builds: a plain user program cannot link their instrumented library.)
if(NOT ACP_SANITIZE AND NOT ACP_FUZZ)
add_test(NAME api_install COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${CMAKE_BINARY_DIR} -DSOURCE_DIR=${CMAKE_SOURCE_DIR}
                                  -DC_COMPILER=${CMAKE_C_COMPILER} -P ${CMAKE_SOURCE_DIR}/tests/install/run.cmake)
endif()

# The API's cost beside the core's (BENCHMARKS.md, "The public API"): links the static library
# (the core's hidden symbols resolve statically).
add_executable(acphys_api_bench src/api/api_bench.c)
target_include_directories(acphys_api_bench PRIVATE src include)
target_link_libraries(acphys_api_bench PRIVATE acphys_static)
