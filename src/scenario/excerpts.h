/* acphys — the DAT records a run reads: the runner's one interface to the DAT reader.
 *
 * CONVENTIONS
 *   INTEGRATION POINT (branch `dat`): when src/dat/dat.h is present, CMake defines
 *   ACP_HAVE_DATSET=1 and excerpts.c wraps acp_datset (acp_datset_create, acp_datset_add_dat_bytes,
 *   acp_datset_setup, acp_datset_motion_table). Without it (before the DAT branch is merged) the
 *   same functions accept excerpt bytes without reading them and find no records; the runner then
 *   runs objects without parts and says so in its warnings (run.h). Nothing else in src/scenario
 *   names the DAT reader.
 *   An excerpt is a whole DAT file in memory (SPEC §5); records added later replace earlier ones
 *   with the same id (a user's excerpt replaces the defaults). The bytes are not kept.
 */
#ifndef ACP_EXCERPTS_H
#define ACP_EXCERPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../dat/records.h"

struct acp_datset;

/** The records of a run. */
typedef struct acp_excerpts acp_excerpts;

/** True when this build reads DAT files (the DAT branch is merged). */
bool acp_excerpts_supported(void);

/** An empty set; NULL when out of memory. */
acp_excerpts *acp_excerpts_create(void);
/** Free the set and every record (NULL is ignored). */
void acp_excerpts_destroy(acp_excerpts *ex);

/** Read every record of one DAT file held in memory. On failure returns false and writes a
 *  message (msg_size bytes, NUL-terminated) naming the record, byte offset and field. */
bool acp_excerpts_add(acp_excerpts *ex, const uint8_t *bytes, size_t size, char *msg, size_t msg_size);

/** The Setup / Animation / MotionTable with this id, or NULL. */
const acp_setup *acp_excerpts_setup(const acp_excerpts *ex, uint32_t id);
const acp_animation *acp_excerpts_animation(const acp_excerpts *ex, uint32_t id);
const acp_motion_table *acp_excerpts_motion_table(const acp_excerpts *ex, uint32_t id);

/** The underlying record store for the world (acp_world.dats), or NULL without DAT support. */
const struct acp_datset *acp_excerpts_datset(const acp_excerpts *ex);

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
