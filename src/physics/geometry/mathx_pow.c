/* acphys — deterministic scalar math (see mathx.h): pow and fmod.
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

