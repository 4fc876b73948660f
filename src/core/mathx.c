/* acphys — deterministic scalar math (see mathx.h).
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
#include "mathx.h"

#include <math.h> /* sqrt, fabs, floor only: all three are exact */
#include <stdint.h>
#include <string.h>

#ifdef ACP_MATHX_REPLAY
/* Test builds: the functions below are compiled under internal names and the public ones,
 * defined at the end of this file, consult the replay table first. */
#define acp_sin mathx_sin
#define acp_cos mathx_cos
#define acp_atan2 mathx_atan2
#define acp_asin mathx_asin
#define acp_acos mathx_acos
#define acp_pow mathx_pow
#define acp_fmod mathx_fmod
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
static double scale_pow2(double x, int n)
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

/* ---------------------------------------------------------------------------------------------
 * Argument reduction: x = N*(pi/2) + r, |r| <= ~pi/4, r returned as head + tail.
 * ------------------------------------------------------------------------------------------- */

/* 2/pi in 24-bit chunks: chunk i holds bits 24i+1 .. 24i+24 after the binary point,
 * i.e. 2/pi = sum chunk[i] * 2^(-24(i+1)). 1584 bits, enough for any binary64 exponent. */
static const int32_t TWO_OVER_PI_24[66] = {
    0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041, 0xFE5163,
    0xABDEBB, 0xC561B7, 0x246E3A, 0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129,
    0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C,
    0x845F8B, 0xBDF928, 0x3B1FF8, 0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF,
    0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5, 0xF17B3D, 0x0739F7, 0x8A5292,
    0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3,
    0x91615E, 0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880, 0x4D7327, 0x310606, 0x1556CA,
    0x73A8C9, 0x60E27B, 0xC08C6B,
};

/* pi/2 cut into pieces of 24 significant bits: pi/2 ~= sum PIO2_24[i]. */
static const double PIO2_24[8] = {
    1.57079625129699707031e+00, /* 0x3FF921FB 40000000 */
    7.54978941586159635335e-08, /* 0x3E74442D 00000000 */
    5.39030252995776476554e-15, /* 0x3CF84698 80000000 */
    3.28200341580791294123e-22, /* 0x3B78CC51 60000000 */
    1.27065575308067607349e-29, /* 0x39F01B83 80000000 */
    1.22933308981111328932e-36, /* 0x387A2520 40000000 */
    2.73370053816464559624e-44, /* 0x36E38222 80000000 */
    2.16741683877804819444e-51, /* 0x3569F31D 00000000 */
};

/* Large-argument reduction (Payne-Hanek style) for binary64.
 * Algorithm: fdlibm k_rem_pio2.c (__kernel_rem_pio2, double precision).
 * Method: the positive input is given as nx (<= 3) chunks xs[i] of 24 bits each, the first one
 * scaled by 2^e0. Only the terms of 2/pi that can affect the product modulo 8 are used: chunks
 * below index jv contribute an exact multiple of 8 and are skipped, so the work does not grow
 * with the exponent. The product x*(2/pi) is formed as 24-bit pieces q[], its integer part
 * modulo 8 gives N, and the fraction (flipped to 1 - f when f >= 1/2, so |r| <= pi/4) is
 * multiplied back by pi/2 (PIO2_24). If the leading fraction bits all cancel, more terms of
 * 2/pi are pulled in and the piece distillation is redone. KEEP = 4 terms beyond the first are
 * used initially (one more than the historical 3 so that cancellation is always detected).
 * Returns N mod 8; the reduced argument is *head + *tail. */
static int reduce_pio2_large(const double *xs, int nx, int e0, double *head, double *tail)
{
    enum { KEEP = 4, MAXQ = 20 };
    static const double two24 = 1.67772160000000000000e+07;  /* 0x41700000 00000000 */
    static const double twon24 = 5.96046447753906250000e-08; /* 0x3E700000 00000000 */
    int32_t iq[MAXQ];
    double f[MAXQ + 3], q[MAXQ], fq[MAXQ]; /* f is indexed up to jx + jz (jx <= 2) */
    const int jx = nx - 1;
    int jv = (e0 - 3) / 24;
    if (jv < 0) jv = 0;
    int q0 = e0 - 24 * (jv + 1); /* exponent of q[0]; always < 3 */

    /* f[0..jx+KEEP] = the chunks of 2/pi that line up with xs[] (zero before the table). */
    for (int i = 0, j = jv - jx; i <= jx + KEEP; i++, j++)
        f[i] = (j < 0) ? 0.0 : (double)TWO_OVER_PI_24[j];

    /* q[i] = sum_j xs[j] * f[jx+i-j], exact: products of 24-bit integers, at most 3 terms. */
    for (int i = 0; i <= KEEP; i++) {
        double acc = 0.0;
        for (int j = 0; j <= jx; j++) acc += xs[j] * f[jx + i - j];
        q[i] = acc;
    }

    int jz = KEEP;
    int n, ih;
    double z;
    for (;;) {
        /* Distill q[jz..0] into 24-bit integers iq[0..jz-1] (least significant first). */
        z = q[jz];
        for (int i = 0, j = jz; j > 0; i++, j--) {
            double carry_part = (double)(int32_t)(twon24 * z);
            iq[i] = (int32_t)(z - two24 * carry_part);
            z = q[j - 1] + carry_part;
        }

        /* Integer part of the leading piece, modulo 8. */
        z = scale_pow2(z, q0);
        z -= 8.0 * floor(z * 0.125);
        n = (int32_t)z;
        z -= (double)n;
        ih = 0;
        if (q0 > 0) { /* the top bits of iq[jz-1] still belong to the integer part */
            int32_t ipart = iq[jz - 1] >> (24 - q0);
            n += ipart;
            iq[jz - 1] -= ipart << (24 - q0);
            ih = iq[jz - 1] >> (23 - q0);
        } else if (q0 == 0) {
            ih = iq[jz - 1] >> 23;
        } else if (z >= 0.5) {
            ih = 2;
        }

        if (ih > 0) { /* fraction >= 1/2: take 1 - fraction and round N up */
            int borrow = 0;
            n += 1;
            for (int i = 0; i < jz; i++) {
                int32_t piece = iq[i];
                if (!borrow) {
                    if (piece != 0) {
                        borrow = 1;
                        iq[i] = 0x1000000 - piece;
                    }
                } else {
                    iq[i] = 0xFFFFFF - piece;
                }
            }
            if (q0 == 1) iq[jz - 1] &= 0x7FFFFF;
            else if (q0 == 2) iq[jz - 1] &= 0x3FFFFF;
            if (ih == 2) {
                z = 1.0 - z;
                if (borrow) z -= scale_pow2(1.0, q0);
            }
        }

        /* Total cancellation of the known fraction bits: fetch more of 2/pi and redo. */
        if (z == 0.0) {
            int32_t any = 0;
            for (int i = jz - 1; i >= KEEP; i--) any |= iq[i];
            if (any == 0) {
                int extra = 1;
                while (extra < KEEP && iq[KEEP - extra] == 0) extra++;
                if (jz + extra > MAXQ - 2) break; /* never reached for binary64 inputs */
                for (int i = jz + 1; i <= jz + extra; i++) {
                    f[jx + i] = (double)TWO_OVER_PI_24[jv + i];
                    double acc = 0.0;
                    for (int j = 0; j <= jx; j++) acc += xs[j] * f[jx + i - j];
                    q[i] = acc;
                }
                jz += extra;
                continue;
            }
        }
        break;
    }

    /* Drop leading zero pieces, or split the leading fraction into pieces. */
    if (z == 0.0) {
        jz -= 1;
        q0 -= 24;
        while (jz > 0 && iq[jz] == 0) {
            jz--;
            q0 -= 24;
        }
    } else {
        z = scale_pow2(z, -q0);
        if (z >= two24) {
            double top = (double)(int32_t)(twon24 * z);
            iq[jz] = (int32_t)(z - two24 * top);
            jz += 1;
            q0 += 24;
            iq[jz] = (int32_t)top;
        } else {
            iq[jz] = (int32_t)z;
        }
    }

    /* Pieces back to doubles: q[i] = iq[i] * 2^(q0 - 24*(jz-i)). */
    double scale = scale_pow2(1.0, q0);
    for (int i = jz; i >= 0; i--) {
        q[i] = scale * (double)iq[i];
        scale *= twon24;
    }

    /* fq[k] = sum PIO2_24[m] * q[jz-k+m]: the fraction times pi/2, by decreasing weight. */
    for (int i = jz; i >= 0; i--) {
        double acc = 0.0;
        for (int k = 0; k <= KEEP && k <= jz - i; k++) acc += PIO2_24[k] * q[i + k];
        fq[jz - i] = acc;
    }

    /* Compress into head + tail (sum small to large, then recover what the head lost). */
    double sum = 0.0;
    for (int i = jz; i >= 0; i--) sum += fq[i];
    double lost = fq[0] - sum;
    for (int i = 1; i <= jz; i++) lost += fq[i];
    *head = (ih == 0) ? sum : -sum;
    *tail = (ih == 0) ? lost : -lost;
    return n & 7;
}

/* Reduce x (finite, |x| > ~pi/4) modulo pi/2.
 * Algorithm: fdlibm e_rem_pio2.c (__ieee754_rem_pio2).
 * Method: for |x| <= 2^19*(pi/2), N = nearest integer to x*(2/pi) and r = x - N*pi/2 is computed
 * with pi/2 split into 33-bit pieces (pio2_1, pio2_2, pio2_3, each exact when multiplied by N)
 * plus a 53-bit tail: the first step is good to ~85 bits; when the result lost more than 16
 * bits to cancellation a second (~118 bits) and, past 49 bits, a third step (~151 bits) is
 * taken, which covers every binary64 input. Larger |x| is split into three 24-bit pieces and
 * handed to reduce_pio2_large. Returns N (its low bits select the quadrant). */
static int reduce_pio2(double x, double *head, double *tail)
{
    static const double invpio2 = 6.36619772367581382433e-01; /* 0x3FE45F30 6DC9C883 */
    static const double pio2_1 = 1.57079632673412561417e+00;  /* 0x3FF921FB 54400000 */
    static const double pio2_1t = 6.07710050650619224932e-11; /* 0x3DD0B461 1A626331 */
    static const double pio2_2 = 6.07710050630396597660e-11;  /* 0x3DD0B461 1A600000 */
    static const double pio2_2t = 2.02226624879595063154e-21; /* 0x3BA3198A 2E037073 */
    static const double pio2_3 = 2.02226624871116645580e-21;  /* 0x3BA3198A 2E000000 */
    static const double pio2_3t = 8.47842766036889956997e-32; /* 0x397B839A 252049C1 */
    static const double two24 = 1.67772160000000000000e+07;   /* 0x41700000 00000000 */
    const uint32_t hx = high_word(x);
    const uint32_t ix = hx & 0x7FFFFFFF;
    const int negative = (hx >> 31) != 0;

    if (ix <= 0x413921FB) { /* |x| <= ~2^19*(pi/2): medium size */
        const double ax = fabs(x);
        const int n = (int32_t)(ax * invpio2 + 0.5);
        const double fn = (double)n;
        const int ex = (int)(ix >> 20);
        double r = ax - fn * pio2_1; /* exact */
        double w = fn * pio2_1t;
        double y = r - w;
        if (ex - (int)((high_word(y) >> 20) & 0x7FF) > 16) {
            double t = r;
            w = fn * pio2_2;
            r = t - w;
            w = fn * pio2_2t - ((t - r) - w);
            y = r - w;
            if (ex - (int)((high_word(y) >> 20) & 0x7FF) > 49) {
                t = r;
                w = fn * pio2_3;
                r = t - w;
                w = fn * pio2_3t - ((t - r) - w);
                y = r - w;
            }
        }
        const double ytail = (r - y) - w;
        if (negative) {
            *head = -y;
            *tail = -ytail;
            return -n;
        }
        *head = y;
        *tail = ytail;
        return n;
    }

    /* Large: |x| = (xs[0] + xs[1]*2^-24 + xs[2]*2^-48) * 2^e0 with 24-bit integer pieces. */
    const int e0 = (int)(ix >> 20) - 1046;
    double z = from_words((ix & 0x000FFFFF) | (1046u << 20), low_word(x)); /* in [2^23, 2^24) */
    double xs[3];
    for (int i = 0; i < 2; i++) {
        xs[i] = (double)(int32_t)z;
        z = (z - xs[i]) * two24;
    }
    xs[2] = z;
    int nx = 3;
    while (nx > 1 && xs[nx - 1] == 0.0) nx--;
    double h, t;
    const int n = reduce_pio2_large(xs, nx, e0, &h, &t);
    if (negative) {
        *head = -h;
        *tail = -t;
        return -n;
    }
    *head = h;
    *tail = t;
    return n;
}

/* ---------------------------------------------------------------------------------------------
 * sin, cos
 * ------------------------------------------------------------------------------------------- */

/* sin(x + y) for |x| <= ~pi/4, y the tail of x (ignored when has_tail is 0).
 * Algorithm: fdlibm k_sin.c (__kernel_sin).
 * Method: odd minimax polynomial of degree 13, |sin(x)/x - (1 + S1 x^2 + ... + S6 x^12)| <=
 * 2^-58 on [0, pi/4]; with r = x^3 (S2 + x^2 (S3 + ... + x^2 S6)),
 * sin(x + y) ~= x + (S1 x^3 + (x^2 (r - y/2) + y)). Returns x itself for |x| < 2^-27. */
static double kernel_sin(double x, double y, int has_tail)
{
    static const double S1 = -1.66666666666666324348e-01; /* 0xBFC55555 55555549 */
    static const double S2 = 8.33333333332248946124e-03;  /* 0x3F811111 1110F8A6 */
    static const double S3 = -1.98412698298579493134e-04; /* 0xBF2A01A0 19C161D5 */
    static const double S4 = 2.75573137070700676789e-06;  /* 0x3EC71DE3 57B1FE7D */
    static const double S5 = -2.50507602534068634195e-08; /* 0xBE5AE5E6 8A2B9CEB */
    static const double S6 = 1.58969099521155010221e-10;  /* 0x3DE5D93A 5ACFD57C */
    if ((high_word(x) & 0x7FFFFFFF) < 0x3E400000) return x; /* |x| < 2^-27 */
    const double z = x * x;
    const double v = z * x;
    const double r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    if (!has_tail) return x + v * (S1 + z * r);
    return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

/* cos(x + y) for |x| <= ~pi/4, y the tail of x.
 * Algorithm: fdlibm k_cos.c (__kernel_cos).
 * Method: even minimax polynomial of degree 14, cos(x) ~= 1 - x^2/2 + C1 x^4 + ... + C6 x^14
 * (error <= 2^-58); with r the C-part, cos(x + y) ~= 1 - (x^2/2 - (r - x y)). For |x| >= 0.3
 * the subtraction is split: with qx = x/4 rounded to its high word (0.28125 above 0.78125),
 * cos = (1 - qx) - ((x^2/2 - qx) - (r - x y)), where 1 - qx and x^2/2 - qx are exact.
 * Returns 1 for |x| < 2^-27. */
static double kernel_cos(double x, double y)
{
    static const double C1 = 4.16666666666666019037e-02;  /* 0x3FA55555 5555554C */
    static const double C2 = -1.38888888888741095749e-03; /* 0xBF56C16C 16C15177 */
    static const double C3 = 2.48015872894767294178e-05;  /* 0x3EFA01A0 19CB1590 */
    static const double C4 = -2.75573143513906633035e-07; /* 0xBE927E4F 809C52AD */
    static const double C5 = 2.08757232129817482790e-09;  /* 0x3E21EE9E BDB4B1C4 */
    static const double C6 = -1.13596475577881948265e-11; /* 0xBDA8FAE9 BE8838D4 */
    const uint32_t ix = high_word(x) & 0x7FFFFFFF;
    if (ix < 0x3E400000) return 1.0; /* |x| < 2^-27 */
    const double z = x * x;
    const double r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
    if (ix < 0x3FD33333) /* |x| < 0.3 */
        return 1.0 - (0.5 * z - (z * r - x * y));
    const double qx = (ix > 0x3FE90000) ? 0.28125 : from_words(ix - 0x00200000, 0);
    const double hz = 0.5 * z - qx;
    const double a = 1.0 - qx;
    return a - (hz - (z * r - x * y));
}

/* Algorithm: fdlibm s_sin.c. Method: reduce x = N*(pi/2) + r (reduce_pio2), then by N mod 4:
 * sin r, cos r, -sin r, -cos r. NaN for ±inf and NaN. */
double acp_sin(double x)
{
    const uint32_t ix = high_word(x) & 0x7FFFFFFF;
    if (ix <= 0x3FE921FB) return kernel_sin(x, 0.0, 0); /* |x| <= ~pi/4 */
    if (ix >= 0x7FF00000) return x - x;                 /* inf or NaN */
    double h, t;
    const int n = reduce_pio2(x, &h, &t);
    switch (n & 3) {
    case 0: return kernel_sin(h, t, 1);
    case 1: return kernel_cos(h, t);
    case 2: return -kernel_sin(h, t, 1);
    default: return -kernel_cos(h, t);
    }
}

/* Algorithm: fdlibm s_cos.c. Method: reduce x = N*(pi/2) + r (reduce_pio2), then by N mod 4:
 * cos r, -sin r, -cos r, sin r. NaN for ±inf and NaN. */
double acp_cos(double x)
{
    const uint32_t ix = high_word(x) & 0x7FFFFFFF;
    if (ix <= 0x3FE921FB) return kernel_cos(x, 0.0); /* |x| <= ~pi/4 */
    if (ix >= 0x7FF00000) return x - x;              /* inf or NaN */
    double h, t;
    const int n = reduce_pio2(x, &h, &t);
    switch (n & 3) {
    case 0: return kernel_cos(h, t);
    case 1: return -kernel_sin(h, t, 1);
    case 2: return -kernel_cos(h, t);
    default: return kernel_sin(h, t, 1);
    }
}

/* ---------------------------------------------------------------------------------------------
 * atan, atan2
 * ------------------------------------------------------------------------------------------- */

/* Arc tangent of x.
 * Algorithm: fdlibm s_atan.c.
 * Method: atan(-x) = -atan(x). |x| is mapped into [0, 7/16] by one of
 *   [7/16, 11/16):  atan(1/2) + atan((2t - 1)/(2 + t))
 *   [11/16, 19/16): atan(1)   + atan((t - 1)/(t + 1))
 *   [19/16, 39/16): atan(3/2) + atan((t - 1.5)/(1 + 1.5t))
 *   [39/16, 2^66):  atan(inf) + atan(-1/t)
 * with the constant atan(c) held as hi + lo, and atan on [0, 7/16] is
 * t - t^3 (a1 + t^2 (a2 + ... + t^2 a11)) evaluated as odd and even halves. */
static double atan_core(double x)
{
    static const double atan_hi[4] = {
        4.63647609000806093515e-01, /* atan(0.5) hi 0x3FDDAC67 0561BB4F */
        7.85398163397448278999e-01, /* atan(1.0) hi 0x3FE921FB 54442D18 */
        9.82793723247329054082e-01, /* atan(1.5) hi 0x3FEF730B D281F69B */
        1.57079632679489655800e+00, /* atan(inf) hi 0x3FF921FB 54442D18 */
    };
    static const double atan_lo[4] = {
        2.26987774529616870924e-17, /* atan(0.5) lo 0x3C7A2B7F 222F65E2 */
        3.06161699786838301793e-17, /* atan(1.0) lo 0x3C81A626 33145C07 */
        1.39033110312309984516e-17, /* atan(1.5) lo 0x3C700788 7AF0CBBD */
        6.12323399573676603587e-17, /* atan(inf) lo 0x3C91A626 33145C07 */
    };
    static const double aT[11] = {
        3.33333333333329318027e-01,  /* 0x3FD55555 5555550D */
        -1.99999999998764832476e-01, /* 0xBFC99999 9998EBC4 */
        1.42857142725034663711e-01,  /* 0x3FC24924 920083FF */
        -1.11111104054623557880e-01, /* 0xBFBC71C6 FE231671 */
        9.09088713343650656196e-02,  /* 0x3FB745CD C54C206E */
        -7.69187620504482999495e-02, /* 0xBFB3B0F2 AF749A6D */
        6.66107313738753120669e-02,  /* 0x3FB10D66 A0D03D51 */
        -5.83357013379057348645e-02, /* 0xBFADDE2D 52DEFD9A */
        4.97687799461593236017e-02,  /* 0x3FA97B4B 24760DEB */
        -3.65315727442169155270e-02, /* 0xBFA2B444 2C6A6C2F */
        1.62858201153657823623e-02,  /* 0x3F90AD3A E322DA11 */
    };
    const uint32_t hx = high_word(x);
    const uint32_t ix = hx & 0x7FFFFFFF;
    const int negative = (hx >> 31) != 0;
    int id;

    if (ix >= 0x44100000) { /* |x| >= 2^66, inf or NaN */
        if (is_nan(x)) return x + x;
        return negative ? -atan_hi[3] - atan_lo[3] : atan_hi[3] + atan_lo[3];
    }
    if (ix < 0x3FDC0000) {                   /* |x| < 7/16 */
        if (ix < 0x3E200000) return x;       /* |x| < 2^-29 */
        id = -1;
    } else {
        x = fabs(x);
        if (ix < 0x3FF30000) {               /* |x| < 19/16 */
            if (ix < 0x3FE60000) {           /* 7/16 <= |x| < 11/16 */
                id = 0;
                x = (2.0 * x - 1.0) / (2.0 + x);
            } else {                         /* 11/16 <= |x| < 19/16 */
                id = 1;
                x = (x - 1.0) / (x + 1.0);
            }
        } else if (ix < 0x40038000) {        /* 19/16 <= |x| < 39/16 */
            id = 2;
            x = (x - 1.5) / (1.0 + 1.5 * x);
        } else {                             /* 39/16 <= |x| < 2^66 */
            id = 3;
            x = -1.0 / x;
        }
    }
    const double z = x * x;
    const double w = z * z;
    const double s_odd = z * (aT[0] + w * (aT[2] + w * (aT[4] + w * (aT[6] + w * (aT[8] + w * aT[10])))));
    const double s_even = w * (aT[1] + w * (aT[3] + w * (aT[5] + w * (aT[7] + w * aT[9]))));
    if (id < 0) return x - x * (s_odd + s_even);
    const double r = atan_hi[id] - ((x * (s_odd + s_even) - atan_lo[id]) - x);
    return negative ? -r : r;
}

/* Algorithm: fdlibm e_atan2.c.
 * Method: atan2(y, x) = atan(|y/x|) in the quadrant chosen by the signs of x and y:
 * +atan, -atan, pi - atan, atan - pi, with pi held as pi + pi_lo so the subtraction keeps full
 * precision. When the exponents differ by more than 60 the quotient is not formed: the result
 * is ±pi/2 or (x < 0) ±pi. The C99 zero, infinity and NaN cases are handled first
 * (atan2(±0, -0) = ±pi, atan2(±0, +0) = ±0, atan2(±inf, ±inf) = ±pi/4 or ±3pi/4, ...). */
double acp_atan2(double y, double x)
{
    static const double tiny = 1.0e-300;
    static const double pi_o_4 = 7.8539816339744827900e-01; /* 0x3FE921FB 54442D18 */
    static const double pi_o_2 = 1.5707963267948965580e+00; /* 0x3FF921FB 54442D18 */
    static const double pi = 3.1415926535897931160e+00;     /* 0x400921FB 54442D18 */
    static const double pi_lo = 1.2246467991473531772e-16;  /* 0x3CA1A626 33145C07 */
    if (is_nan(x) || is_nan(y)) return x + y;
    if (bits_of(x) == 0x3FF0000000000000ULL) return atan_core(y); /* x == 1 */

    const uint64_t ax = bits_of(x) & ~SIGN_BIT;
    const uint64_t ay = bits_of(y) & ~SIGN_BIT;
    const int y_neg = (bits_of(y) >> 63) != 0;
    const int x_neg = (bits_of(x) >> 63) != 0;
    const int quadrant = (y_neg ? 1 : 0) | (x_neg ? 2 : 0);

    if (ay == 0) { /* y = ±0 */
        switch (quadrant) {
        case 0:
        case 1: return y;            /* atan2(±0, +anything) = ±0 */
        case 2: return pi + tiny;    /* atan2(+0, -anything) = +pi */
        default: return -pi - tiny;  /* atan2(-0, -anything) = -pi */
        }
    }
    if (ax == 0) return y_neg ? -pi_o_2 - tiny : pi_o_2 + tiny; /* x = ±0 */

    if (ax == EXP_MASK) { /* x = ±inf */
        if (ay == EXP_MASK) {
            switch (quadrant) {
            case 0: return pi_o_4 + tiny;
            case 1: return -pi_o_4 - tiny;
            case 2: return 3.0 * pi_o_4 + tiny;
            default: return -3.0 * pi_o_4 - tiny;
            }
        }
        switch (quadrant) {
        case 0: return 0.0;
        case 1: return -0.0;
        case 2: return pi + tiny;
        default: return -pi - tiny;
        }
    }
    if (ay == EXP_MASK) return y_neg ? -pi_o_2 - tiny : pi_o_2 + tiny; /* y = ±inf */

    const int k = (int)(ay >> 52) - (int)(ax >> 52); /* binade difference */
    double z;
    if (k > 60) z = pi_o_2 + 0.5 * pi_lo;  /* |y/x| > 2^60 */
    else if (x_neg && k < -60) z = 0.0;    /* |y/x| < 2^-60 and x < 0 */
    else z = atan_core(fabs(y / x));
    switch (quadrant) {
    case 0: return z;
    case 1: return -z;
    case 2: return pi - (z - pi_lo);
    default: return (z - pi_lo) - pi;
    }
}

/* ---------------------------------------------------------------------------------------------
 * asin, acos
 * ------------------------------------------------------------------------------------------- */

/* R(t) = P(t)/Q(t), the rational minimax approximation of (asin(s) - s)/s^3 at t = s^2,
 * |error| < 2^-58.75 on [0, 0.25]. Shared by asin and acos (fdlibm e_asin.c / e_acos.c). */
static double asin_ratio(double t)
{
    static const double pS0 = 1.66666666666666657415e-01;  /* 0x3FC55555 55555555 */
    static const double pS1 = -3.25565818622400915405e-01; /* 0xBFD4D612 03EB6F7D */
    static const double pS2 = 2.01212532134862925881e-01;  /* 0x3FC9C155 0E884455 */
    static const double pS3 = -4.00555345006794114027e-02; /* 0xBFA48228 B5688F3B */
    static const double pS4 = 7.91534994289814532176e-04;  /* 0x3F49EFE0 7501B288 */
    static const double pS5 = 3.47933107596021167570e-05;  /* 0x3F023DE1 0DFDF709 */
    static const double qS1 = -2.40339491173441421878e+00; /* 0xC0033A27 1C8A2D4B */
    static const double qS2 = 2.02094576023350569471e+00;  /* 0x40002AE5 9C598AC8 */
    static const double qS3 = -6.88283971605453293030e-01; /* 0xBFE6066C 1B8D0159 */
    static const double qS4 = 7.70381505559019352791e-02;  /* 0x3FB3B8C5 B12E9282 */
    const double p = t * (pS0 + t * (pS1 + t * (pS2 + t * (pS3 + t * (pS4 + t * pS5)))));
    const double q = 1.0 + t * (qS1 + t * (qS2 + t * (qS3 + t * qS4)));
    return p / q;
}

static const double PIO2_HI = 1.57079632679489655800e+00; /* 0x3FF921FB 54442D18 */
static const double PIO2_LO = 6.12323399573676603587e-17; /* 0x3C91A626 33145C07 */

/* Algorithm: fdlibm e_asin.c.
 * Method: for |x| < 0.5, asin(x) = x + x*x^2*R(x^2). For 0.5 <= |x| < 1, with z = (1-|x|)/2
 * and s = sqrt(z), asin(|x|) = pi/2 - 2(s + s*z*R(z)); above 0.975 this is evaluated directly
 * as pio2_hi - (2(s + s z R(z)) - pio2_lo); below, s is split into f (its high word) and the
 * correction c = (z - f^2)/(s + f) and the result is pio4_hi + (pio4_hi - 2f) - (2 s z R(z) -
 * (pio2_lo + 2c)). asin(±1) = ±pi/2, NaN for |x| > 1. */
double acp_asin(double x)
{
    static const double pio4_hi = 7.85398163397448278999e-01; /* 0x3FE921FB 54442D18 */
    const uint32_t hx = high_word(x);
    const uint32_t ix = hx & 0x7FFFFFFF;
    if (ix >= 0x3FF00000) { /* |x| >= 1 or NaN */
        if (ix == 0x3FF00000 && low_word(x) == 0) return x * PIO2_HI + x * PIO2_LO; /* ±1 */
        if (is_nan(x)) return x + x;
        return (x - x) / (x - x);
    }
    if (ix < 0x3FE00000) {                 /* |x| < 0.5 */
        if (ix < 0x3E400000) return x;     /* |x| < 2^-27 */
        return x + x * asin_ratio(x * x);
    }
    const double z = (1.0 - fabs(x)) * 0.5;
    const double s = sqrt(z);
    const double r = asin_ratio(z);
    double result;
    if (ix >= 0x3FEF3333) { /* |x| > 0.975 */
        result = PIO2_HI - (2.0 * (s + s * r) - PIO2_LO);
    } else {
        const double f = chop_low(s);
        const double c = (z - f * f) / (s + f);
        const double p = 2.0 * s * r - (PIO2_LO - 2.0 * c);
        const double q = pio4_hi - 2.0 * f;
        result = pio4_hi - (p - q);
    }
    return (hx >> 31) ? -result : result;
}

/* Algorithm: fdlibm e_acos.c.
 * Method: acos(x) = pi/2 - asin(x). For |x| < 0.5: pio2_hi - (x - (pio2_lo - x*x^2*R(x^2))).
 * For x > 0.5, with z = (1-x)/2, s = sqrt(z) = f + c (f = high word of s):
 * acos(x) = 2(f + (c + s*z*R(z))). For x < -0.5, with z = (1+x)/2:
 * acos(x) = pi - 2(s + (s*z*R(z) - pio2_lo)). acos(1) = +0, acos(-1) = pi, NaN for |x| > 1. */
double acp_acos(double x)
{
    static const double pi = 3.14159265358979311600e+00; /* 0x400921FB 54442D18 */
    const uint32_t hx = high_word(x);
    const uint32_t ix = hx & 0x7FFFFFFF;
    if (ix >= 0x3FF00000) { /* |x| >= 1 or NaN */
        if (ix == 0x3FF00000 && low_word(x) == 0) return (hx >> 31) ? pi + 2.0 * PIO2_LO : 0.0;
        if (is_nan(x)) return x + x;
        return (x - x) / (x - x);
    }
    if (ix < 0x3FE00000) {                                     /* |x| < 0.5 */
        if (ix <= 0x3C600000) return PIO2_HI + PIO2_LO;        /* |x| <= 2^-57 */
        return PIO2_HI - (x - (PIO2_LO - x * asin_ratio(x * x)));
    }
    if (hx >> 31) { /* x <= -0.5 */
        const double z = (1.0 + x) * 0.5;
        const double s = sqrt(z);
        const double w = asin_ratio(z) * s - PIO2_LO;
        return pi - 2.0 * (s + w);
    }
    /* x >= 0.5 */
    const double z = (1.0 - x) * 0.5;
    const double s = sqrt(z);
    const double f = chop_low(s);
    const double c = (z - f * f) / (s + f);
    const double w = asin_ratio(z) * s + c;
    return 2.0 * (f + w);
}

/* ---------------------------------------------------------------------------------------------
 * pow
 * ------------------------------------------------------------------------------------------- */

/* 0 if y is not an integer, 1 if it is an odd integer, 2 if an even integer (y finite). */
static int integer_kind(double y)
{
    const uint64_t a = bits_of(y) & ~SIGN_BIT;
    if (a == 0) return 2;
    const int e = (int)(a >> 52) - 1023;
    if (e < 0) return 0;
    if (e >= 53) return 2;
    const uint64_t m = (a & FRAC_MASK) | IMPLICIT_BIT;
    const int frac_bits = 52 - e;
    if (frac_bits > 0 && (m & ((1ULL << frac_bits) - 1)) != 0) return 0;
    return ((m >> frac_bits) & 1) ? 1 : 2;
}

/* Algorithm: fdlibm e_pow.c (version 1.5, 2004).
 * Method: write |x| = 2^n (1+f). (1) log2|x| = t1 + t2 in extra precision, t1 with its low
 * word zero: with s = (v-b)/(v+b) (b = 1 or 1.5, v the reduced mantissa) log(v) is
 * 2s + 2/3 s^3 + s^5 * (minimax polynomial L1..L6) evaluated in head/tail pieces, then
 * multiplied by 2/(3 ln 2) (cp_h + cp_l) and shifted by n + log2(b). (fdlibm's separate
 * series for |y| > 2^31, |x| ~ 1 is not used: it is inaccurate, see below.) (2) y*log2|x| = p_h + p_l
 * with y split as well; its integer part m is removed. (3) 2^(remainder) by exp of the
 * remainder times ln 2 (minimax P1..P5, Remez-form rational), then the exponent m is added
 * (scale_pow2 for subnormal results). Overflow and underflow are decided on p_h + p_l before
 * evaluation (to within the rounding ovt). The C99 special cases are resolved first:
 * pow(x, ±0) = 1 and pow(+1, y) = 1 even for NaN; pow(-1, ±inf) = 1; (|x| > 1)^+inf = +inf ...;
 * pow(±0, y < 0) = ±inf or +inf; a negative base needs an integer exponent (else NaN) and an
 * odd one makes the result negative. */
double acp_pow(double x, double y)
{
    static const double bp[2] = {1.0, 1.5};
    static const double dp_h[2] = {0.0, 5.84962487220764160156e-01}; /* 0x3FE2B803 40000000 */
    static const double dp_l[2] = {0.0, 1.35003920212974897128e-08}; /* 0x3E4CFDEB 43CFD006 */
    static const double two53 = 9007199254740992.0;                  /* 0x43400000 00000000 */
    static const double huge = 1.0e300, tiny = 1.0e-300;
    /* poly coefs for (3/2)*(log(x)-2s-2/3*s**3) */
    static const double L1 = 5.99999999999994648725e-01;     /* 0x3FE33333 33333303 */
    static const double L2 = 4.28571428578550184252e-01;     /* 0x3FDB6DB6 DB6FABFF */
    static const double L3 = 3.33333329818377432918e-01;     /* 0x3FD55555 518F264D */
    static const double L4 = 2.72728123808534006489e-01;     /* 0x3FD17460 A91D4101 */
    static const double L5 = 2.30660745775561754067e-01;     /* 0x3FCD864A 93C9DB65 */
    static const double L6 = 2.06975017800338417784e-01;     /* 0x3FCA7E28 4A454EEF */
    static const double P1 = 1.66666666666666019037e-01;     /* 0x3FC55555 5555553E */
    static const double P2 = -2.77777777770155933842e-03;    /* 0xBF66C16C 16BEBD93 */
    static const double P3 = 6.61375632143793436117e-05;     /* 0x3F11566A AF25DE2C */
    static const double P4 = -1.65339022054652515390e-06;    /* 0xBEBBBD41 C5D26BF1 */
    static const double P5 = 4.13813679705723846039e-08;     /* 0x3E663769 72BEA4D0 */
    static const double lg2 = 6.93147180559945286227e-01;    /* 0x3FE62E42 FEFA39EF */
    static const double lg2_h = 6.93147182464599609375e-01;  /* 0x3FE62E43 00000000 */
    static const double lg2_l = -1.90465429995776804525e-09; /* 0xBE205C61 0CA86C39 */
    static const double ovt = 8.0085662595372944372e-17;     /* -(1024-log2(ovfl+.5ulp)) */
    static const double cp = 9.61796693925975554329e-01;     /* 0x3FEEC709 DC3A03FD = 2/(3ln2) */
    static const double cp_h = 9.61796700954437255859e-01;   /* 0x3FEEC709 E0000000 */
    static const double cp_l = -7.02846165095275826516e-09;  /* 0xBE3E2FE0 145B01F5 */

    const uint32_t hx = high_word(x), lx = low_word(x);
    const uint32_t hy = high_word(y), ly = low_word(y);
    const uint32_t ix = hx & 0x7FFFFFFF, iy = hy & 0x7FFFFFFF;
    const int x_neg = (hx >> 31) != 0, y_neg = (hy >> 31) != 0;

    if ((iy | ly) == 0) return 1.0;                          /* x^±0 = 1, even for NaN x */
    if (bits_of(x) == 0x3FF0000000000000ULL) return 1.0;     /* 1^y = 1, even for NaN y */
    if (is_nan(x) || is_nan(y)) return x + y;

    const int yint = integer_kind(y);

    if (ly == 0) {
        if (iy == 0x7FF00000) { /* y = ±inf */
            if (ix == 0x3FF00000 && lx == 0) return 1.0;      /* (-1)^±inf = 1 */
            if (ix >= 0x3FF00000) return y_neg ? 0.0 : y;     /* |x| > 1 */
            return y_neg ? -y : 0.0;                          /* |x| < 1 */
        }
        if (iy == 0x3FF00000) return y_neg ? 1.0 / x : x;     /* y = ±1 */
        if (hy == 0x40000000) return x * x;                   /* y = 2 */
        if (hy == 0x3FE00000 && !x_neg) return sqrt(x);       /* y = 0.5, x >= +0 */
    }

    double ax = fabs(x);
    if (lx == 0 && (ix == 0x7FF00000 || ix == 0 || ix == 0x3FF00000)) { /* x = ±0, ±inf, -1 */
        double z = y_neg ? 1.0 / ax : ax;
        if (x_neg) {
            if (ix == 0x3FF00000 && yint == 0) z = (z - z) / (z - z); /* (-1)^non-integer */
            else if (yint == 1) z = -z;
        }
        return z;
    }

    double sign = 1.0;
    if (x_neg) {
        if (yint == 0) return (x - x) / (x - x); /* negative^non-integer */
        if (yint == 1) sign = -1.0;
    }

    /* |y| > 2^31: unless |x| is within 2^-20 of 1 the result certainly over- or underflows. */
    if (iy > 0x41E00000) {
        if (iy > 0x43F00000) { /* |y| > 2^64 */
            if (ix <= 0x3FEFFFFF) return y_neg ? huge * huge : tiny * tiny;
            return y_neg ? tiny * tiny : huge * huge;
        }
        if (ix < 0x3FEFFFFF) return y_neg ? sign * huge * huge : sign * tiny * tiny;
        if (ix > 0x3FF00000) return y_neg ? sign * tiny * tiny : sign * huge * huge;
        /* fdlibm evaluates the remaining |x| ~ 1 cases with a short series whose "exact" head
         * ivln2_h * (|x| - 1) is not exact (|x| - 1 has up to 33 significant bits), which costs
         * hundreds of ulps for results far from 1. The general log2 below is accurate there. */
    }

    /* log2|x| = t1 + t2, t1 with its low word zero */
    double t1, t2;
    {
        int n = 0;
        uint32_t hax = ix;
        if (hax < 0x00100000) { /* subnormal x */
            ax *= two53;
            n -= 53;
            hax = high_word(ax);
        }
        n += (int)(hax >> 20) - 0x3FF;
        const uint32_t frac_hi = hax & 0x000FFFFF;
        uint32_t hnorm = frac_hi | 0x3FF00000; /* mantissa scaled to [1, 2) */
        int k;
        if (frac_hi <= 0x3988E) {
            k = 0; /* v < sqrt(3/2) */
        } else if (frac_hi < 0xBB67A) {
            k = 1; /* v < sqrt(3) */
        } else {
            k = 0;
            n += 1;
            hnorm -= 0x00100000;
        }
        ax = set_high(ax, hnorm);

        /* ss = s_h + s_l = (v - b)/(v + b) */
        double u = ax - bp[k];
        double v = 1.0 / (ax + bp[k]);
        const double ss = u * v;
        const double s_h = chop_low(ss);
        double t_h = from_words(((hnorm >> 1) | 0x20000000) + 0x00080000 + ((uint32_t)k << 18), 0);
        double t_l = ax - (t_h - bp[k]);
        const double s_l = v * ((u - s_h * t_h) - s_h * t_l);
        /* log(v) */
        double s2 = ss * ss;
        double r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
        r += s_l * (s_h + ss);
        s2 = s_h * s_h;
        t_h = chop_low(3.0 + s2 + r);
        t_l = r - ((t_h - 3.0) - s2);
        /* u + v = ss * (1 + ...) */
        u = s_h * t_h;
        v = s_l * t_h + t_l * ss;
        /* 2/(3 log 2) * (ss + ...) */
        const double p_h = chop_low(u + v);
        const double p_l = v - (p_h - u);
        const double z_h = cp_h * p_h;
        const double z_l = cp_l * p_h + p_l * cp + dp_l[k];
        /* log2(|x|) = n + dp_h + z_h + z_l */
        const double tn = (double)n;
        t1 = chop_low(((z_h + z_l) + dp_h[k]) + tn);
        t2 = z_l - (((t1 - tn) - dp_h[k]) - z_h);
    }

    /* y * log2|x| = p_h + p_l, with y split into y1 (high word) + (y - y1) */
    const double y1 = chop_low(y);
    const double p_l = (y - y1) * t1 + y * t2;
    double p_h = y1 * t1;
    double z = p_l + p_h;
    const uint32_t jz = high_word(z), iz = low_word(z);
    const uint32_t az = jz & 0x7FFFFFFF;
    if (!(jz >> 31) && jz >= 0x40900000) { /* z >= 1024 */
        if (((jz - 0x40900000) | iz) != 0) return sign * huge * huge;
        if (p_l + ovt > z - p_h) return sign * huge * huge;
    } else if (az >= 0x4090CC00) { /* z <= -1075 */
        if (((jz - 0xC090CC00u) | iz) != 0) return sign * tiny * tiny;
        if (p_l <= z - p_h) return sign * tiny * tiny;
    }

    /* 2^(p_h + p_l): remove the nearest integer m when |z| > 0.5 */
    int m = 0;
    if (az > 0x3FE00000) {
        const int kz = (int)(az >> 20) - 0x3FF;
        const uint32_t rounded = jz + (0x00100000u >> (kz + 1));
        const int kr = (int)((rounded & 0x7FFFFFFF) >> 20) - 0x3FF;
        const double t = from_words(rounded & ~(0x000FFFFFu >> kr), 0);
        m = (int)(((rounded & 0x000FFFFF) | 0x00100000) >> (20 - kr));
        if (jz >> 31) m = -m;
        p_h -= t;
    }
    double t = chop_low(p_l + p_h);
    const double u = t * lg2_h;
    const double v = (p_l - (t - p_h)) * lg2 + t * lg2_l;
    z = u + v;
    const double w = v - (z - u);
    t = z * z;
    const double c = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    const double r = (z * c) / (c - 2.0) - (w + z * w);
    z = 1.0 - (r - z);
    const int biased = (int)(high_word(z) >> 20) + m;
    if (biased <= 0) z = scale_pow2(z, m); /* subnormal result */
    else z = set_high(z, high_word(z) + ((uint32_t)m << 20));
    return sign * z;
}

/* ---------------------------------------------------------------------------------------------
 * fmod
 * ------------------------------------------------------------------------------------------- */

/* Algorithm: fdlibm e_fmod.c.
 * Method: shift and subtract on the integer significands. Both significands are normalised to
 * [2^52, 2^53) (subnormals shifted up, their exponent lowered to match); then for each binade
 * by which |x| exceeds |y| the divisor is subtracted when it fits and the partial remainder
 * shifted left one bit. The remainder is exact, is renormalised (subnormal if it must be) and
 * takes the sign of x. NaN for y = 0, x infinite or either NaN; x itself when |x| < |y|. */
double acp_fmod(double x, double y)
{
    const uint64_t ux = bits_of(x), uy = bits_of(y);
    const uint64_t sx = ux & SIGN_BIT;
    const uint64_t ax = ux & ~SIGN_BIT, ay = uy & ~SIGN_BIT;

    if (ay == 0 || ax >= EXP_MASK || ay > EXP_MASK) return (x * y) / (x * y);
    if (ax <= ay) {
        if (ax < ay) return x;  /* |x| < |y| */
        return from_bits(sx);   /* |x| == |y|: ±0 */
    }

    int ex = (int)(ax >> 52), ey = (int)(ay >> 52);
    uint64_t mx, my;
    if (ex == 0) { /* subnormal x */
        mx = ax;
        ex = 1;
        while (!(mx & IMPLICIT_BIT)) {
            mx <<= 1;
            ex--;
        }
    } else {
        mx = (ax & FRAC_MASK) | IMPLICIT_BIT;
    }
    if (ey == 0) { /* subnormal y */
        my = ay;
        ey = 1;
        while (!(my & IMPLICIT_BIT)) {
            my <<= 1;
            ey--;
        }
    } else {
        my = (ay & FRAC_MASK) | IMPLICIT_BIT;
    }

    /* Invariant mx < 2*my. */
    for (int n = ex - ey; n > 0; n--) {
        if (mx >= my) {
            mx -= my;
            if (mx == 0) return from_bits(sx);
        }
        mx <<= 1;
    }
    if (mx >= my) mx -= my;
    if (mx == 0) return from_bits(sx);

    /* Result = mx * 2^(ey - 1075). Renormalise. */
    while (!(mx & IMPLICIT_BIT)) {
        mx <<= 1;
        ey--;
    }
    if (ey > 0) return from_bits(sx | ((uint64_t)ey << 52) | (mx & FRAC_MASK));
    mx >>= (1 - ey); /* subnormal: the shifted-out bits are zero (the remainder is exact) */
    return from_bits(sx | mx);
}

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

#ifdef ACP_MATHX_REPLAY
/* ---- replay (test builds only; see mathx.h) ---- */
#undef acp_sin
#undef acp_cos
#undef acp_atan2
#undef acp_asin
#undef acp_acos
#undef acp_pow
#undef acp_fmod

static const acp_math_call *replay_calls;
static unsigned int replay_n, replay_misses;

void acp_math_replay(const acp_math_call *calls, unsigned int n)
{
    replay_calls = calls;
    replay_n = calls ? n : 0;
    replay_misses = 0;
}

unsigned int acp_math_replay_misses(void) { return replay_misses; }

static int replayed(acp_math_fn fn, double a, double b, double *r)
{
    if (!replay_n) return 0;
    for (unsigned int i = 0; i < replay_n; i++) {
        const acp_math_call *c = &replay_calls[i];
        if (c->fn == fn && bits_of(c->a) == bits_of(a) && bits_of(c->b) == bits_of(b)) {
            *r = c->r;
            return 1;
        }
    }
    replay_misses++;
    return 0;
}

double acp_sin(double x) { double r; return replayed(ACP_MATH_SIN, x, 0.0, &r) ? r : mathx_sin(x); }
double acp_cos(double x) { double r; return replayed(ACP_MATH_COS, x, 0.0, &r) ? r : mathx_cos(x); }
double acp_atan2(double y, double x) { double r; return replayed(ACP_MATH_ATAN2, y, x, &r) ? r : mathx_atan2(y, x); }
double acp_asin(double x) { double r; return replayed(ACP_MATH_ASIN, x, 0.0, &r) ? r : mathx_asin(x); }
double acp_acos(double x) { double r; return replayed(ACP_MATH_ACOS, x, 0.0, &r) ? r : mathx_acos(x); }
double acp_pow(double x, double y) { double r; return replayed(ACP_MATH_POW, x, y, &r) ? r : mathx_pow(x, y); }
double acp_fmod(double x, double y) { double r; return replayed(ACP_MATH_FMOD, x, y, &r) ? r : mathx_fmod(x, y); }
#endif
