/* acphys — deterministic scalar math (see mathx.h): atan2, asin and acos.
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

