/* acphys C tests: tiny harness in Box2D's style.
 *
 * Each suite is a file tests/c/test_<suite>.c defining `void suite_<suite>(void)` that calls
 * RUN(fn) for its cases. tests/c/test_main.c runs one suite selected by argv[1], or all of them;
 * ctest registers every suite as its own entry.
 * Assertions print the file, line and both values, and mark the case failed (never abort, so
 * one run reports every failure).
 */
#ifndef ACP_TEST_H
#define ACP_TEST_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern int acp_test_failures;
extern int acp_test_checks;
extern const char *acp_test_case;
/* A suite that cannot run here (an optional lane whose inputs are absent) sets this to the
 * reason; the runner then reports the suite as "NOT RUN: <reason>" instead of "ok". */
extern const char *acp_test_not_run;

static inline uint32_t acp_test_fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline uint64_t acp_test_dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

#define ACP_FAIL_(...) do { acp_test_failures++; \
    fprintf(stderr, "FAIL %s (%s:%d): ", acp_test_case, __FILE__, __LINE__); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } while (0)

/* A condition that must hold. */
#define ENSURE(c) do { acp_test_checks++; if (!(c)) ACP_FAIL_("%s", #c); } while (0)
/* Integers equal. */
#define ENSURE_EQ(a, b) do { acp_test_checks++; long long a_ = (long long)(a), b_ = (long long)(b); \
    if (a_ != b_) ACP_FAIL_("%s == %s: %lld vs %lld (0x%llx vs 0x%llx)", #a, #b, a_, b_, \
        (unsigned long long)a_, (unsigned long long)b_); } while (0)
/* Two floats with the same bits (float32). */
#define ENSURE_FBITS(a, b) do { acp_test_checks++; float a_ = (float)(a), b_ = (float)(b); \
    if (acp_test_fbits(a_) != acp_test_fbits(b_)) ACP_FAIL_("%s == %s: %.9g (0x%08x) vs %.9g (0x%08x)", \
        #a, #b, (double)a_, acp_test_fbits(a_), (double)b_, acp_test_fbits(b_)); } while (0)
/* Two doubles with the same bits. */
#define ENSURE_DBITS(a, b) do { acp_test_checks++; double a_ = (a), b_ = (b); \
    if (acp_test_dbits(a_) != acp_test_dbits(b_)) ACP_FAIL_("%s == %s: %.17g vs %.17g", \
        #a, #b, a_, b_); } while (0)
/* |a - b| <= tol. */
#define ENSURE_NEAR(a, b, tol) do { acp_test_checks++; double a_ = (double)(a), b_ = (double)(b); \
    if (!(fabs(a_ - b_) <= (tol))) ACP_FAIL_("%s ~ %s: %.17g vs %.17g (tol %g)", #a, #b, a_, b_, \
        (double)(tol)); } while (0)

#define RUN(fn) do { acp_test_case = #fn; fn(); } while (0)

#endif
