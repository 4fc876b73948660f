/* acphys — counting the C heap's calls, for the benchmarks' "no allocation inside UseTime" row
 * and the tests of the same contract.
 *
 * CONVENTIONS
 *   A target that links alloc_count.c must also link with
 *   -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free (CMake: acp_count_allocations()
 *   in CMakeLists.txt): every call the program's own objects make to those four functions then
 *   goes through the counting wrappers below, natively (GNU ld) and in WebAssembly (wasm-ld).
 *   Calls the C library makes internally are not seen; the core calls none that allocate.
 *   The counter is a plain uint64_t: single-threaded use only, as the core is.
 */
#ifndef ACP_ALLOC_COUNT_H
#define ACP_ALLOC_COUNT_H

#include <stdint.h>

/** Calls to malloc, calloc, realloc and free (a free of NULL included) since the start. */
uint64_t acp_alloc_count(void);

#endif
