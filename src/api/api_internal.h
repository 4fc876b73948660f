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

#endif
