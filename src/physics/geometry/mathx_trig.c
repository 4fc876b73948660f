/* acphys — deterministic scalar math (see mathx.h): sin and cos with their argument reduction.
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

