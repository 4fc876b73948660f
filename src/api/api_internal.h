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

#endif
