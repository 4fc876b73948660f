# `acphys world` over the default cell excerpt (tests/data/world-*.json say what it must print).
#   cmake -DACPHYS=<acphys> -DSRC=<source dir> -P cmake/check_world.cmake
# Holtburg 0xA9B4 (by hand from its stand-in records, scripts/gen-buildings.mjs): the cottage
# building 0x0100F300 at (120, 24, 94), cell floor(120/24)·8 + floor(24/24) + 1 = 42 = 0x2A, the
# recorded heading's quaternion as float32; then init_static_objs' LandBlockInfo tree 0x0200F300
# at (132, 12, 94), cell 5·8 + 0 + 1 = 41 = 0x29, scale 1; no scenery (its words carry no scene
# bits), no EnvCell statics (the cottage's EnvCell holds none).
execute_process(COMMAND ${ACPHYS} world ${SRC}/data/cell-default.dat 0xA9B4 OUTPUT_VARIABLE out RESULT_VARIABLE rc)
file(READ ${SRC}/tests/data/world-a9b4.json want)
if(NOT rc EQUAL 0 OR NOT out STREQUAL want)
  message(FATAL_ERROR "acphys world 0xA9B4 printed (status ${rc}):\n${out}\nwanted:\n${want}")
endif()
# Holtburg's neighbour 0xAAB4 carries the stand-in scene bits: scenery follows, and only scenery.
execute_process(COMMAND ${ACPHYS} world ${SRC}/data/cell-default.dat 0xAAB4FFFF OUTPUT_VARIABLE out RESULT_VARIABLE rc)
string(REGEX MATCHALL "\"kind\":\"scenery\"" scenery "${out}")
string(REGEX MATCHALL "\"kind\":\"" kinds "${out}")
list(LENGTH scenery n)
list(LENGTH kinds all)
if(NOT rc EQUAL 0 OR n EQUAL 0 OR NOT n EQUAL all)
  message(FATAL_ERROR "acphys world 0xAAB4 (status ${rc}): ${n} scenery objects of ${all}:\n${out}")
endif()
# A landblock the DAT does not hold, and an id that is not hex: refused with a message.
execute_process(COMMAND ${ACPHYS} world ${SRC}/data/cell-default.dat 0x0101 ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 1 OR NOT err MATCHES "holds no LandBlock 0x0101FFFF")
  message(FATAL_ERROR "acphys world 0x0101: status ${rc}, ${err}")
endif()
execute_process(COMMAND ${ACPHYS} world ${SRC}/data/cell-default.dat holtburg ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 2 OR NOT err MATCHES "must be hex")
  message(FATAL_ERROR "acphys world holtburg: status ${rc}, ${err}")
endif()
