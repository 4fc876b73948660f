/* acphys — the public API's private header (include/acphys.h is the contract): the thread's
 * error message, shared by the API's files. Nothing outside src/api includes it. */
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

#endif
