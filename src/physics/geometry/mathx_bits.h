/* acphys — the deterministic libm's private part: bit access and the replay seam, shared by
 * mathx_trig.c, mathx_inverse.c, mathx_pow.c, mathx_digest.c and mathx_replay.c (see mathx.h). */
#ifndef ACP_MATHX_BITS_H
#define ACP_MATHX_BITS_H

#include "mathx.h"

#include <math.h> /* sqrt, fabs, floor only: all three are exact */
#include <stdint.h>
#include <string.h>

#ifdef ACP_MATHX_REPLAY
/* Test builds: the functions below are compiled under internal names and the public ones,
 * defined in mathx_replay.c, consult the replay table first. */
#define acp_sin mathx_sin
#define acp_cos mathx_cos
#define acp_atan2 mathx_atan2
#define acp_asin mathx_asin
#define acp_acos mathx_acos
#define acp_pow mathx_pow
#define acp_fmod mathx_fmod

/* The functions of mathx_trig.c, mathx_inverse.c and mathx_pow.c under their internal names (declared here
 * because mathx.h declares the public ones). */
double mathx_sin(double x);
double mathx_cos(double x);
double mathx_atan2(double y, double x);
double mathx_asin(double x);
double mathx_acos(double x);
double mathx_pow(double x, double y);
double mathx_fmod(double x, double y);
#endif


/* ---------------------------------------------------------------------------------------------
 * Bit access
 * ------------------------------------------------------------------------------------------- */

#define SIGN_BIT 0x8000000000000000ULL
#define EXP_MASK 0x7FF0000000000000ULL
#define FRAC_MASK 0x000FFFFFFFFFFFFFULL
#define IMPLICIT_BIT 0x0010000000000000ULL
#define CANONICAL_NAN 0x7FF8000000000000ULL

static inline uint64_t bits_of(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static inline double from_bits(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* High 32 bits (sign, exponent, top 20 fraction bits) and low 32 bits of x. */
static inline uint32_t high_word(double x) { return (uint32_t)(bits_of(x) >> 32); }
static inline uint32_t low_word(double x) { return (uint32_t)bits_of(x); }

static inline double from_words(uint32_t hi, uint32_t lo)
{
    return from_bits(((uint64_t)hi << 32) | lo);
}

/* x with its low 32 bits cleared: a "head" with at most 21 significant bits. */
static inline double chop_low(double x) { return from_bits(bits_of(x) & 0xFFFFFFFF00000000ULL); }

/* x with its high word replaced. */
static inline double set_high(double x, uint32_t hi) { return from_words(hi, low_word(x)); }

static inline int is_nan(double x) { return (bits_of(x) & ~SIGN_BIT) > EXP_MASK; }

static inline double with_sign_of(double mag, double sgn)
{
    return from_bits((bits_of(mag) & ~SIGN_BIT) | (bits_of(sgn) & SIGN_BIT));
}

/* x * 2^n with a single rounding.
 * Algorithm: fdlibm s_scalbn.c. Adjust the exponent field directly; a subnormal input is first
 * normalised by 2^54; a result that would be subnormal is built 54 binades higher and scaled
 * down by one multiplication by 2^-54 (the only rounding). Overflow and underflow are produced
 * by multiplying huge or tiny values so the sign is kept. */
static inline double scale_pow2(double x, int n)
{
    static const double two54 = 1.80143985094819840000e+16;  /* 0x43500000 00000000 */
    static const double twom54 = 5.55111512312578270212e-17; /* 0x3C900000 00000000 */
    static const double big = 1.0e300, small = 1.0e-300;
    uint64_t u = bits_of(x);
    int e = (int)((u >> 52) & 0x7FF);
    if (e == 0) {
        if ((u & ~SIGN_BIT) == 0) return x; /* ±0 */
        x *= two54;
        u = bits_of(x);
        e = (int)((u >> 52) & 0x7FF) - 54;
    }
    if (e == 0x7FF) return x + x; /* inf or NaN */
    if (n > 50000) return big * with_sign_of(big, x);
    if (n < -50000) return small * with_sign_of(small, x);
    e += n;
    if (e > 0x7FE) return big * with_sign_of(big, x);
    if (e > 0) return from_bits((u & ~EXP_MASK) | ((uint64_t)e << 52));
    if (e <= -54) return small * with_sign_of(small, x);
    e += 54;
    return from_bits((u & ~EXP_MASK) | ((uint64_t)e << 52)) * twom54;
}


#endif
