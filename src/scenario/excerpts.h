/* acphys — the DAT records a run reads: the runner's one interface to the DAT reader.
 *
 * CONVENTIONS
 *   A thin wrapper of the DAT record store (src/dat/dat.h, acp_datset): nothing else in
 *   src/scenario names the DAT reader.
 *   An excerpt is a whole DAT file in memory (docs/DAT.md); records added later replace earlier
 *   ones with the same id (a user's excerpt replaces the defaults). The bytes are not kept.
 */
#ifndef ACP_EXCERPTS_H
#define ACP_EXCERPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dat/records.h"

struct acp_datset;

/** The records of a run. */
typedef struct acp_excerpts acp_excerpts;

/** An empty set; NULL when out of memory. */
acp_excerpts *acp_excerpts_create(void);
/** Free the set and every record (NULL is ignored). */
void acp_excerpts_destroy(acp_excerpts *ex);

/** Read every record of one DAT file held in memory. On failure returns false and writes a
 *  message (msg_size bytes, NUL-terminated) naming the record, byte offset and field. */
bool acp_excerpts_add(acp_excerpts *ex, const uint8_t *bytes, size_t size, char *msg, size_t msg_size);

/** The records' digest (snapshots name it): FNV-1a 64 over each DAT file added, its size (u64
 *  little-endian) then its bytes, in the order added; an empty set has the FNV basis. */
uint64_t acp_excerpts_digest(const acp_excerpts *ex);

/** The Setup / Animation / MotionTable with this id, or NULL. */
const acp_setup *acp_excerpts_setup(const acp_excerpts *ex, uint32_t id);
const acp_animation *acp_excerpts_animation(const acp_excerpts *ex, uint32_t id);
const acp_motion_table *acp_excerpts_motion_table(const acp_excerpts *ex, uint32_t id);

/** The underlying record store for the world (acp_world.dats). */
const struct acp_datset *acp_excerpts_datset(const acp_excerpts *ex);

struct acp_terrain;

/** Result of acp_excerpts_build_terrain. */
typedef enum acp_excerpts_terrain_status {
    ACP_EXCERPTS_TERRAIN_OK = 0,          /* *out holds every LandBlock and EnvCell, or is NULL when none */
    ACP_EXCERPTS_TERRAIN_NO_REGION = 1,   /* LandBlocks but no Region 0x13000000 (no heights) */
    ACP_EXCERPTS_TERRAIN_NO_MEMORY = 2
} acp_excerpts_terrain_status;

/** Build the terrain of every LandBlock record the excerpts hold, with the heights of Region
 *  0x13000000 (retail LScape over the loaded landblocks), and every EnvCell whose Environment
 *  they hold (CEnvCell::UnPack; one that cannot be built is left out: no cell). *out is NULL
 *  when there are neither LandBlocks nor EnvCells: the world is then the fixture world without terrain (docs/DEVIATIONS.md). The
 *  caller destroys the terrain (acp_terrain_destroy) after the world. */
acp_excerpts_terrain_status acp_excerpts_build_terrain(const acp_excerpts *ex, struct acp_terrain **out);

/** Call warn(ctx, message) once for every EnvCell record of the excerpts that terrain `t` (built
 *  from them) did not load, the message naming the cell and why (its Environment missing, no
 *  such CellStruct, a bad polygon or portal, an id outside 0x0100-0xFFFD: DEVIATIONS C2).
 *  Returns how many. */
size_t acp_excerpts_warn_unloaded_envcells(const acp_excerpts *ex, const struct acp_terrain *t,
                                           void (*warn)(void *ctx, const char *message), void *ctx);

/** One embedded default excerpt (data/portal-default.dat, data/cell-default.dat), compiled into
 *  the library by CMake from the files under data/ (none when they are absent). */
typedef struct acp_embedded_excerpt {
    const char *name;                /* file name, e.g. "portal-default.dat" */
    const uint8_t *data;
    uint32_t size;                   /* bytes */
} acp_embedded_excerpt;

/** The embedded default excerpts ("excerpts": ["default"]), portal first; *count receives the
 *  number (0 when the build found none under data/). */
const acp_embedded_excerpt *acp_default_excerpts(uint32_t *count);

#endif
