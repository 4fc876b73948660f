/* acphys — random worlds for the shortcut-free twin (docs/SHORTCUTS.md, issue 32).
 *
 * acp_worldgen writes a version-1 scenario (docs/SCENARIOS.md) over the default excerpts: the
 * terrain of Holtburg's landblocks, the cottage (a LandBlockInfo building whose portal leads into
 * EnvCell 0xA9B40100) and the LandBlockInfo's tree, the dungeon's EnvCells 0x3A11012A..E; and
 * objects of every kind the runner knows: humanoids and drudges running, turning, side-stepping
 * and jumping (interpreted and raw motions), missiles, objects the server drives (UpdatePositions,
 * move-tos, sticks, constraints), scripts and particles, objects dropped or lifted straight along
 * z through and beside the cottage (the sweeps whose cell lists change with z alone: audit D1),
 * indoor objects; random frame times (generated or explicit, backwards steps and long gaps) under
 * one of the four clock profiles.
 *
 * Deterministic: the same seed and bytes give the same text, on every platform (integer
 * arithmetic and fixed constants decide every number; no libm). The bytes (a fuzzer's input)
 * are drawn first, four at a time; then xorshift32 from the seed. Not part of the physics: it
 * allocates (the text) and is never called from update_object. */
#ifndef ACP_WORLDGEN_H
#define ACP_WORLDGEN_H

#include <stddef.h>
#include <stdint.h>

/** The scenario for `seed` (and the first `size` bytes of `bytes`, NULL when size is 0) as JSON
 *  text, NUL-terminated, its length in *len; the caller frees it. NULL when out of memory. */
char *acp_worldgen(uint32_t seed, const uint8_t *bytes, size_t size, size_t *len);

#endif
