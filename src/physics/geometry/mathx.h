/* acphys — deterministic scalar math.
 *
 * CONVENTIONS
 *   Every transcendental function the physics calls goes through this module, so native (gcc,
 *   glibc) and WebAssembly (Emscripten, musl) builds compile the same code and produce the same
 *   bits (SPEC §3). glibc and musl differ in the last bit of sin/cos/atan2/pow; we do not call
 *   either. The algorithms are fdlibm's (Sun Microsystems, freely redistributable), re-written in
 *   our own C; results are within 1 ulp of the correctly rounded value.
 *   sqrt, fabs and floor are exact in IEEE 754 and are taken from <math.h>.
 *   All functions take and return double: retail evaluates in x87 registers at 53-bit precision
 *   (ClientMain::ConfigureFPU) and rounds to float only at its stores.
 */
#ifndef ACP_MATHX_H
#define ACP_MATHX_H

/** Sine of x (radians). NaN for NaN or ±inf. */
double acp_sin(double x);
/** Cosine of x (radians). NaN for NaN or ±inf. */
double acp_cos(double x);
/** Arc tangent of y/x in (−π, π], with the C99 sign and zero rules (atan2(±0, −0) = ±π). */
double acp_atan2(double y, double x);
/** Arc sine of x in [−π/2, π/2]; NaN outside [−1, 1]. */
double acp_asin(double x);
/** Arc cosine of x in [0, π]; NaN outside [−1, 1]. */
double acp_acos(double x);
/** x raised to y with the C99 special cases (pow(x, ±0) = 1, pow(1, y) = 1, ...). */
double acp_pow(double x, double y);
/** Remainder of x/y with the sign of x, exact (C99 fmod). NaN for y = 0 or x infinite. */
double acp_fmod(double x, double y);

/** Digest (FNV-1a 64) of acp_* results over `count` fixed pseudo-random inputs, used to prove
 *  native and WASM builds give the same bits (tests/node/determinism.test.mjs). */
unsigned long long acp_math_digest(unsigned int count);

/* ---- replay (test builds only: compiled with ACP_MATHX_REPLAY) ----
 * The retail-vector tests (tests/c/test_retail_vectors.c) replay the results their generator's
 * libm returned, so that the arithmetic after a transcendental call is checked bit for bit even
 * where fdlibm and that libm differ in the last bit. Production builds have none of this. */
#ifdef ACP_MATHX_REPLAY
typedef enum acp_math_fn {
    ACP_MATH_SIN = 1, ACP_MATH_COS, ACP_MATH_ATAN2, ACP_MATH_ASIN, ACP_MATH_ACOS, ACP_MATH_POW, ACP_MATH_FMOD
} acp_math_fn;
/** One recorded call: fn(a) or fn(a, b) returned r (arguments matched bit for bit). */
typedef struct acp_math_call {
    acp_math_fn fn;
    double a, b, r;
} acp_math_call;
/** Replay `calls` (NULL or n = 0: compute normally). A call not in the table is computed and
 *  counted as a miss. Resets the miss count. */
void acp_math_replay(const acp_math_call *calls, unsigned int n);
/** Calls since acp_math_replay that were not in its table. */
unsigned int acp_math_replay_misses(void);
#endif
#endif
