/* acphys — random worlds for the shortcut-free twin (docs/SHORTCUTS.md, issue 32).
 *
 * acp_worldgen writes a version-1 scenario (docs/SCENARIOS.md) over the default excerpts: the
 * terrain of Holtburg's landblocks, the cottage (a LandBlockInfo building whose portal leads into
 * EnvCell 0xA9B40100) and the LandBlockInfo's tree (and, with acp_worldgen_ex, more cottages
 * with their EnvCells and more trees, in a cell excerpt of the world's own), the dungeon's EnvCells 0x3A11012A..E; and
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
 *  text, NUL-terminated, its length in *len; the caller frees it. NULL when out of memory. Its
 *  world is the default excerpts' (no buildings of its own). */
char *acp_worldgen(uint32_t seed, const uint8_t *bytes, size_t size, size_t *len);

/** acp_worldgen, and with `cells_name` (a plain file name: no quotes, backslashes or control
 *  characters) half of the worlds also get buildings and statics of their own: one to three
 *  more cottages (EnvCells 0xA9B40101.., about half of them with one or two trees standing in
 *  the room as EnvCell statics: CEnvCell::init_static_objects 0x0052C350) and up to four trees
 *  on Holtburg's plateau, in a cell
 *  DAT excerpt (*cells, malloc'd, *cells_size bytes; NULL for a world without) that the scenario
 *  lists after "default" under that name (its LandBlockInfo 0xA9B4FFFE replaces the default
 *  one, keeping the default's tree and cottage). The host writes the excerpt next to the
 *  scenario, or hands its bytes to the runner (acp_run_set_excerpt). The same seed, bytes and
 *  name give the same text and excerpt. A seed's world with cells_name NULL is acp_worldgen's. */
char *acp_worldgen_ex(uint32_t seed, const uint8_t *bytes, size_t size, const char *cells_name, size_t *len,
                      uint8_t **cells, size_t *cells_size);

#endif
