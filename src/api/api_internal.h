/* acphys — the public API's private header (include/acphys.h is the contract): the thread's
 * error message, shared by the API's files. Nothing outside src/api includes it. */
#ifndef ACP_API_INTERNAL_H
#define ACP_API_INTERNAL_H

#include "acphys.h"

/** Set the calling thread's message to "<fn>: <formatted>" and return `status`. */
acp_status acp_api_fail(acp_status status, const char *fn, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
