/* acphys — deterministic scalar math (see mathx.h): the digest of many calls (acp_math_digest).
 *
 * Every function here is plain IEEE 754 binary64 arithmetic (+, -, *, /, conversions) plus the
 * exactly rounded sqrt, fabs and floor, so the results are bit-identical wherever doubles are
 * evaluated in binary64 without contraction (x86-64 SSE2 and WebAssembly; build with
 * -ffp-contract=off, never -ffast-math). Bits of doubles are read and written with memcpy.
 *
 * The methods, polynomial coefficients and tables are those of fdlibm, re-expressed here:
 *   Copyright (C) 1993-2004 by Sun Microsystems, Inc. All rights reserved.
 *   Developed at SunSoft, a Sun Microsystems, Inc. business.
 *   Permission to use, copy, modify, and distribute this software is freely granted,
 *   provided that this notice is preserved.
 * Decimal constants are the ones fdlibm publishes; the hexadecimal words beside them are the
 * intended binary64 values (any correctly rounding compiler converts one into the other).
 */
#include "mathx_bits.h"

/* ---------------------------------------------------------------------------------------------
 * Digest
 * ------------------------------------------------------------------------------------------- */

typedef struct {
    uint64_t hash;
    uint32_t state;
    uint32_t unused;
} digest_ctx;

static uint32_t rng_next(digest_ctx *c)
{
    uint32_t v = c->state;
    v ^= v << 13;
    v ^= v >> 17;
    v ^= v << 5;
    c->state = v;
    return v;
}

/* Uniform in [0, 1) with 53 random bits (exact). */
static double rng_unit(digest_ctx *c)
{
    const uint64_t hi = rng_next(c) >> 5; /* 27 bits */
    const uint64_t lo = rng_next(c) >> 6; /* 26 bits */
    return (double)((hi << 26) | lo) * 1.11022302462515654042e-16; /* 2^-53 */
}

static double rng_range(digest_ctx *c, double lo, double hi)
{
    return lo + (hi - lo) * rng_unit(c);
}

static double rng_sign(digest_ctx *c, double v) { return (rng_next(c) & 1) ? -v : v; }

/* Any 64-bit pattern: all finite values, subnormals, infinities and NaNs. */
static double rng_raw(digest_ctx *c)
{
    const uint64_t hi = rng_next(c);
    const uint64_t lo = rng_next(c);
    return from_bits((hi << 32) | lo);
}

/* FNV-1a 64 over the little-endian bytes of v; every NaN hashes as one canonical pattern. */
static void digest_add(digest_ctx *c, double v)
{
    uint64_t u = bits_of(v);
    if (is_nan(v)) u = CANONICAL_NAN;
    for (int i = 0; i < 8; i++) {
        c->hash ^= (u >> (8 * i)) & 0xFF;
        c->hash *= 0x100000001B3ULL;
    }
}

/* Special and boundary inputs; indices past the table are inf, -inf, NaN, -NaN. */
static const double DIGEST_SPECIALS[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 10.0, -0.1,
    0x1p-1074, -0x1p-1074, 0x0.fffffffffffffp-1022, 0x1p-1022, -0x1p-1022, 0x1p-1060,
    0x1.921fb54442d18p+0,  -0x1.921fb54442d18p+0,  /* ±pi/2 */
    0x1.921fb54442d18p+1,  -0x1.921fb54442d18p+1,  /* ±pi */
    0x1.921fb54442d18p-1,  -0x1.921fb54442d18p-1,  /* ±pi/4 */
    0x1.2d97c7f3321d2p+2,  -0x1.2d97c7f3321d2p+2,  /* ±3pi/2 */
    0x1.921fb54442d18p+2,  0x1.921fb54442d18p+3,   /* 2pi, 4pi */
    0x1.3a28c59d5433bp+8,  0x1.7f7ec53a8d491p+21,  /* 100*pi, 1e6*pi (rounded products) */
    0x1.0000000000001p+0,  0x1.fffffffffffffp-1,   /* 1 + eps, 1 - eps/2 */
    -0x1.0000000000001p+0, 1.0e22, -1.0e22, 1.0e300, -1.0e300, 1.0e-300,
    0x1.fffffffffffffp+1023, -0x1.fffffffffffffp+1023, 0x1p+31, 0x1p+64, 0x1p+70, -0x1p+53,
    1023.5, -1074.5, 0x1.6a09e667f3bcdp+0,
};
#define DIGEST_SPECIAL_TABLE ((uint32_t)(sizeof DIGEST_SPECIALS / sizeof DIGEST_SPECIALS[0]))

static double digest_special(uint32_t r)
{
    const uint32_t i = r % (DIGEST_SPECIAL_TABLE + 4);
    if (i < DIGEST_SPECIAL_TABLE) return DIGEST_SPECIALS[i];
    switch (i - DIGEST_SPECIAL_TABLE) {
    case 0: return from_bits(EXP_MASK);
    case 1: return from_bits(EXP_MASK | SIGN_BIT);
    case 2: return from_bits(CANONICAL_NAN);
    default: return from_bits(CANONICAL_NAN | SIGN_BIT | 1);
    }
}

/* Random finite double of magnitude about 2^lo .. 2^hi (both in -1074 .. 1023), random sign. */
static double rng_magnitude(digest_ctx *c, int lo, int hi)
{
    const int e = lo + (int)(rng_next(c) % (uint32_t)(hi - lo + 1));
    return rng_sign(c, scale_pow2(rng_range(c, 1.0, 2.0), e));
}

unsigned long long acp_math_digest(unsigned int count)
{
    digest_ctx c = {0xCBF29CE484222325ULL, 0x12345678u, 0};
    for (unsigned int i = 0; i < count; i++) {
        switch (i % 9) {
        case 0: { /* small angles */
            const double x = rng_range(&c, -4.0, 4.0);
            digest_add(&c, acp_sin(x));
            digest_add(&c, acp_cos(x));
            break;
        }
        case 1: { /* angles up to ±1e6 */
            const double x = rng_range(&c, -1.0e6, 1.0e6);
            digest_add(&c, acp_sin(x));
            digest_add(&c, acp_cos(x));
            break;
        }
        case 2: { /* huge angles, 2^20 .. 2^1023 (beyond ±1e300) */
            const double x = rng_magnitude(&c, 20, 1023);
            digest_add(&c, acp_sin(x));
            digest_add(&c, acp_cos(x));
            break;
        }
        case 3: { /* special values through every function */
            const double a = digest_special(rng_next(&c));
            const double b = digest_special(rng_next(&c));
            digest_add(&c, acp_sin(a));
            digest_add(&c, acp_cos(a));
            digest_add(&c, acp_asin(a));
            digest_add(&c, acp_acos(a));
            digest_add(&c, acp_atan2(a, b));
            digest_add(&c, acp_pow(a, b));
            digest_add(&c, acp_fmod(a, b));
            break;
        }
        case 4: { /* atan2: all quadrants, axes, zeros, infinities, wide ratios */
            const uint32_t kind = rng_next(&c) % 8;
            double y = rng_range(&c, -10.0, 10.0), x = rng_range(&c, -10.0, 10.0);
            if (kind == 0) x = rng_sign(&c, 0.0);
            else if (kind == 1) y = rng_sign(&c, 0.0);
            else if (kind == 2) x = rng_sign(&c, from_bits(EXP_MASK));
            else if (kind == 3) y = rng_sign(&c, from_bits(EXP_MASK));
            else if (kind == 4) y = rng_magnitude(&c, -1074, 1023);
            else if (kind == 5) x = rng_magnitude(&c, -1074, 1023);
            digest_add(&c, acp_atan2(y, x));
            break;
        }
        case 5: { /* asin/acos on [-1, 1] and just outside */
            const uint32_t kind = rng_next(&c) % 4;
            double x;
            if (kind == 0) x = rng_range(&c, -1.0, 1.0);
            else if (kind == 1) x = rng_sign(&c, 1.0 - (double)(rng_next(&c) % 64) * 0x1p-53);
            else if (kind == 2) x = rng_range(&c, -1.001, 1.001);
            else x = rng_magnitude(&c, -80, -1);
            digest_add(&c, acp_asin(x));
            digest_add(&c, acp_acos(x));
            break;
        }
        case 6: { /* pow */
            const uint32_t kind = rng_next(&c) % 6;
            double x, y;
            switch (kind) {
            case 0: /* positive base, fractional exponent */
                x = rng_range(&c, 0.0, 10.0);
                y = rng_range(&c, -30.0, 30.0);
                break;
            case 1: /* negative base, integer exponent */
                x = -rng_range(&c, 0.0, 10.0);
                y = (double)((int)(rng_next(&c) % 81) - 40);
                break;
            case 2: /* integer base, integer exponent (exact results) */
                x = (double)((int)(rng_next(&c) % 41) - 20);
                y = (double)(rng_next(&c) % 25);
                break;
            case 3: /* base near 1, huge exponent */
                x = 1.0 + rng_range(&c, -1.0e-9, 1.0e-9);
                y = rng_sign(&c, rng_range(&c, 1.0, 1.0e12));
                break;
            case 4: /* special base or exponent */
                x = digest_special(rng_next(&c));
                y = (rng_next(&c) & 1) ? digest_special(rng_next(&c)) : rng_range(&c, -5.0, 5.0);
                break;
            default: /* wide magnitudes, overflow and underflow */
                x = fabs(rng_magnitude(&c, -1074, 1023));
                y = rng_range(&c, -3.0, 3.0);
                break;
            }
            digest_add(&c, acp_pow(x, y));
            break;
        }
        case 7: { /* fmod: signs and huge ratios */
            double x, y;
            if (rng_next(&c) & 1) {
                x = rng_sign(&c, rng_range(&c, 0.0, 1000.0));
                y = rng_sign(&c, rng_range(&c, 0.001, 10.0));
            } else {
                x = rng_magnitude(&c, -1074, 1023);
                y = rng_magnitude(&c, -1074, 1023);
            }
            digest_add(&c, acp_fmod(x, y));
            break;
        }
        default: { /* raw bit patterns through every function */
            const double a = rng_raw(&c);
            const double b = rng_raw(&c);
            digest_add(&c, acp_sin(a));
            digest_add(&c, acp_cos(a));
            digest_add(&c, acp_asin(a));
            digest_add(&c, acp_acos(a));
            digest_add(&c, acp_atan2(a, b));
            digest_add(&c, acp_pow(a, b));
            digest_add(&c, acp_fmod(a, b));
            break;
        }
        }
    }
    return c.hash;
}

