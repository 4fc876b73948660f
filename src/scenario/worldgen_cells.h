/* acphys — the random worlds' own buildings and statics (worldgen.h; worldgen_cells.c). */
#ifndef ACP_WORLDGEN_CELLS_H
#define ACP_WORLDGEN_CELLS_H

#include <stddef.h>
#include <stdint.h>

#include "base/types.h"

/** An added cottage: its frame in landblock 0xA9B4 and its EnvCell's id (0xA9B40101 upward). */
typedef struct acp_worldgen_building {
    acp_aframe frame;
    uint32_t cell;
    uint32_t num_stabs;    /* 0..2 static objects of the EnvCell (Setup `static_setup`) */
    acp_aframe stabs[2];   /* their frames (landblock frame, as every position) */
} acp_worldgen_building;

/** A cell DAT excerpt (malloc'd, *size bytes) holding LandBlockInfo 0xA9B4FFFE (the default's
 *  statics and buildings, then `num_statics` objects of Setup `static_setup` at `statics` and a
 *  copy of the cottage at each `extra` frame) and each extra cottage's EnvCell (the default
 *  0xA9B40100's copy at its frame; with `num_stabs` static objects the flag HAS_STATICS set and their list
 *  written after the visible cells, where CEnvCell::UnPack 0x0052D470 reads it). NULL when out of memory or the default excerpts lack the
 *  cottage. */
uint8_t *acp_worldgen_cells_dat(const acp_worldgen_building *extra, uint32_t num_extra, const acp_aframe *statics,
                                uint32_t num_statics, uint32_t static_setup, size_t *size);

#endif
