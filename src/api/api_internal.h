/* acphys — the public API's private header (include/acphys.h is the contract): the thread's
 * error message, shared by the API's files, and the read-only views of a world that the scenario
 * runner (src/scenario/run.c) and the benchmark use. Besides src/api, only the runner includes it:
 * it drives its world through include/acphys.h and reads back through these views (the trace
 * capture, the quanta records, the inspector, the page's struct reads of the ABI). None of it is
 * exported from the shared library. */
#ifndef ACP_API_INTERNAL_H
#define ACP_API_INTERNAL_H

#include "acphys.h"

/** Set the calling thread's message to "<fn>: <formatted>" and return `status`. */
acp_status acp_api_fail(acp_status status, const char *fn, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

struct acp_world;

/** The core world behind a live API world (NULL otherwise): for the benchmark that compares
 *  stepping through the API with stepping the core directly (src/api/api_bench.c). Hidden:
 *  not part of the API. */
struct acp_world *acp_api_internal_world(acp_world_id world);

struct acp_physobj;
/** Object `id` of a live world, or NULL with *st the error (named for fn). */
struct acp_physobj *acp_api_get_object(acp_world_id world, uint32_t id, const char *fn, acp_status *st);
/** Whether v[0..n) are finite. */
bool acp_api_finite(const float *v, int n);
struct acp_excerpts;

/** The core object `object_id` of a live world; NULL with the status and the thread's message
 *  (fn: "world: ..." or "object_id: no object ...") otherwise (acphys.c, for readback.c). */
struct acp_physobj *acp_api_object(acp_world_id world, uint32_t object_id, const char *fn, acp_status *st);
struct acp_terrain;

/** The core object behind object `object_id` of a live API world (NULL otherwise): for readers
 *  (the runner's trace capture). Hidden. */
struct acp_physobj *acp_api_internal_object(acp_world_id world, uint32_t object_id);
/** The world's records (NULL for a world that is not live): the runner's record checks and
 *  warnings name scenario fields. Hidden. */
const struct acp_excerpts *acp_api_internal_records(acp_world_id world);
/** The world's terrain (NULL before acp_world_finish_records / the first object or step, or
 *  without LandBlocks and EnvCells): the runner's warnings. Hidden. */
const struct acp_terrain *acp_api_internal_terrain(acp_world_id world);

struct acp_excerpts;
struct acp_terrain;

/** A live API world's parts, for src/api/snapshot.c (which may replace *world). */
typedef struct acp_api_world_parts {
    struct acp_world **world;
    const struct acp_excerpts *records;
    struct acp_terrain *terrain;
    uint32_t *num_objects;           /* the objects made through the API */
    uint32_t max_objects;
} acp_api_world_parts;

/** The parts of world `id` (sealed first when seal_it: its records and terrain built, as at its
 *  first object or step); the get_world error otherwise. */
acp_status acp_api_internal_parts(acp_world_id id, const char *fn, bool seal_it, acp_api_world_parts *out);

struct acp_snap_io;
/** A host's own section of a snapshot (after the world's), read into the host's state: false with
 *  acp_snap_fail's error in io when refused. */
typedef bool (*acp_api_host_section)(struct acp_snap_io *io, void *user);

/** acp_world_restore for a host that writes its own section after the world's (acphys run's
 *  runner, src/scenario/run_snapshot.c): world `id` (its objects, if any, go with the world they
 *  are in) takes the snapshot's world, with the core world's quantum hook kept, and host(io, user)
 *  reads the host's section, which the snapshot must have. On any refusal the world is left as
 *  it was and the thread's message says why ("<fn>: offset N, <where> <field>: ..."). Hidden. */
acp_status acp_api_restore_hosted(acp_world_id id, const char *fn, const void *bytes, size_t size,
                                  acp_api_host_section host, void *user);

#endif
