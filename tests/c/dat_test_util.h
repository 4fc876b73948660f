/* Helpers shared by the DAT test suites: repository files, a DAT built from records, and a
 * minimal JSON scanner for the generated manifests and shared/data copies (flat objects, number
 * arrays and strings without escapes: enough for files this repository writes). */
#ifndef ACP_DAT_TEST_UTIL_H
#define ACP_DAT_TEST_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dat/dat.h"
#include "dat/writer.h"

/** Read `relative` (to the source tree) whole; NULL on failure (the test then fails). */
uint8_t *dt_read_repo_file(const char *relative, size_t *size);

/** A record store holding the default excerpts, data/portal-default.dat and
 *  data/cell-default.dat, read from the source tree; NULL (after printing why) when they cannot
 *  be read or parsed. Destroy it with acp_datset_destroy. */
acp_datset *dt_load_default_excerpts(void);

/** A DAT of data set `data_set` and block size `block_size` holding records ids[i] → bytes[i]
 *  (sizes[i] bytes) with the fixed entry fields of the generators. malloc'd; NULL on failure. */
uint8_t *dt_build_dat(uint32_t data_set, uint32_t block_size, size_t n, const uint32_t *ids,
                      const uint8_t *const *bytes, const uint32_t *sizes, size_t *out_size);

/** The value after `"key":` searched in [p, end), skipping whitespace; NULL when absent. */
const char *mj_find(const char *p, const char *end, const char *key);
/** The end (one past the closing bracket) of the object or array starting at p. */
const char *mj_skip(const char *p, const char *end);
/** Copy the string starting at p (a '"') into out (cap bytes, NUL-terminated). */
bool mj_string(const char *p, char *out, size_t cap);
/** The number starting at p. */
bool mj_number(const char *p, double *out);
/** true/false starting at p. */
bool mj_bool(const char *p, bool *out);
/** Up to cap numbers of the array starting at p; returns how many, or -1. */
int mj_numbers(const char *p, const char *end, double *out, int cap);

#endif
