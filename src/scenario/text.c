/* acphys — text buffer and exact number formatting. See text.h. */
#include "text.h"

#include <stdlib.h>
#include <string.h>

/* ---- the buffer ---- */

void acp_text_init(acp_text *t)
{
    t->data = NULL;
    t->len = 0;
    t->cap = 0;
    t->fixed = false;
    t->oom = false;
}

void acp_text_fixed(acp_text *t, char *buf, size_t size)
{
    t->data = buf;
    t->len = 0;
    t->cap = size;
    t->fixed = true;
    t->oom = false;
    if (size) buf[0] = '\0';
}

void acp_text_fixed_at(acp_text *t, char *buf, size_t size, size_t len)
{
    t->data = buf;
    t->cap = size;
    t->len = len < size ? len : (size ? size - 1 : 0);
    t->fixed = true;
    t->oom = false;
    if (size) buf[t->len] = '\0';
}

void acp_text_free(acp_text *t)
{
    if (!t->fixed) {
        free(t->data);
        t->data = NULL;
        t->cap = 0;
    }
    t->len = 0;
    t->oom = false;
    if (t->cap) t->data[0] = '\0';
}

void acp_text_clear(acp_text *t)
{
    t->len = 0;
    if (t->cap) t->data[0] = '\0';
}

bool acp_text_reserve(acp_text *t, size_t extra)
{
    if (t->fixed) return t->cap > 0 && extra <= t->cap - 1 - t->len;
    if (t->oom) return false;
    if (t->cap && extra <= t->cap - 1 - t->len) return true;
    size_t need = t->len + extra + 1;
    if (need < t->len) {
        t->oom = true;
        return false;
    }
    size_t cap = t->cap ? t->cap : 256;
    while (cap < need) {
        if (cap > SIZE_MAX / 2) {
            cap = need;
            break;
        }
        cap *= 2;
    }
    char *p = realloc(t->data, cap);
    if (!p) {
        t->oom = true;
        return false;
    }
    t->data = p;
    t->cap = cap;
    return true;
}

void acp_text_put_n(acp_text *t, const char *s, size_t n)
{
    if (!acp_text_reserve(t, n)) {
        if (!t->fixed || t->cap == 0) return;
        n = t->cap - 1 - t->len; /* truncate */
    }
    memcpy(t->data + t->len, s, n);
    t->len += n;
    t->data[t->len] = '\0';
}

void acp_text_put(acp_text *t, const char *s) { acp_text_put_n(t, s, strlen(s)); }

void acp_text_put_char(acp_text *t, char c) { acp_text_put_n(t, &c, 1); }

void acp_text_put_repeat(acp_text *t, char c, size_t n)
{
    char block[32];
    memset(block, c, sizeof block);
    while (n) {
        size_t k = n < sizeof block ? n : sizeof block;
        acp_text_put_n(t, block, k);
        n -= k;
    }
}

void acp_text_put_u64(acp_text *t, uint64_t v)
{
    char buf[24];
    size_t i = sizeof buf;
    do {
        buf[--i] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    acp_text_put_n(t, buf + i, sizeof buf - i);
}

void acp_text_put_i64(acp_text *t, int64_t v)
{
    if (v < 0) {
        acp_text_put_char(t, '-');
        acp_text_put_u64(t, (uint64_t)0 - (uint64_t)v);
    } else {
        acp_text_put_u64(t, (uint64_t)v);
    }
}

void acp_text_put_hex32(acp_text *t, uint32_t v)
{
    static const char HEX[] = "0123456789ABCDEF";
    char buf[10] = {'0', 'x'};
    for (int i = 0; i < 8; i++) buf[2 + i] = HEX[(v >> (28 - 4 * i)) & 0xFu];
    acp_text_put_n(t, buf, sizeof buf);
}

void acp_text_put_hex64(acp_text *t, uint64_t v)
{
    static const char HEX[] = "0123456789abcdef";
    char buf[16];
    for (int i = 0; i < 16; i++) buf[i] = HEX[(v >> (60 - 4 * i)) & 0xFu];
    acp_text_put_n(t, buf, sizeof buf);
}

void acp_text_put_json_string(acp_text *t, const char *s, size_t n)
{
    static const char HEX[] = "0123456789abcdef";
    acp_text_put_char(t, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            acp_text_put_n(t, e, 2);
        } else if (c < 0x20) {
            char e[6] = {'\\', 'u', '0', '0', HEX[c >> 4], HEX[c & 0xFu]};
            acp_text_put_n(t, e, 6);
        } else {
            acp_text_put_char(t, (char)c);
        }
    }
    acp_text_put_char(t, '"');
}

void acp_text_pad_left(acp_text *t, size_t start, size_t width)
{
    size_t have = t->len - start;
    if (have >= width) return;
    size_t pad = width - have;
    if (!acp_text_reserve(t, pad)) return;
    memmove(t->data + start + pad, t->data + start, have);
    memset(t->data + start, ' ', pad);
    t->len += pad;
    t->data[t->len] = '\0';
}

/* ---- field paths ---- */

size_t acp_path_key(acp_path *p, const char *key, size_t n)
{
    size_t old = p->len;
    acp_text t;
    acp_text_fixed_at(&t, p->s, sizeof p->s, p->len);
    if (p->len) acp_text_put_char(&t, '.');
    acp_text_put_n(&t, key, n);
    p->len = t.len;
    return old;
}

size_t acp_path_index(acp_path *p, uint32_t i)
{
    size_t old = p->len;
    acp_text t;
    acp_text_fixed_at(&t, p->s, sizeof p->s, p->len);
    acp_text_put_char(&t, '[');
    acp_text_put_u64(&t, i);
    acp_text_put_char(&t, ']');
    p->len = t.len;
    return old;
}

void acp_path_pop(acp_path *p, size_t len)
{
    p->len = len;
    p->s[len] = '\0';
}

/* ---- exact decimal expansion ----
 * A finite double is m·2^e with integer m < 2^53. For e ≥ 0 its value is the integer m·2^e; for
 * e < 0 it is m·5^−e / 10^−e. Either way a big integer N (base 10^9 limbs) times a power of ten
 * gives every decimal digit exactly: at most 767 significant digits (m·5^1074). */

#define LIMB_BASE 1000000000u
#define MAX_LIMBS 96               /* 96 × 9 = 864 digits > 767 */
#define MAX_DIGITS (MAX_LIMBS * 9)

typedef struct decimal {
    char d[MAX_DIGITS];            /* significant digits '0'..'9', no leading or trailing zeros */
    int n;                         /* number of digits; 0 for the value zero */
    int exp10;                     /* decimal exponent of the first digit: |v| = 0.d × 10^(exp10+1) */
} decimal;

static void mul_small(uint32_t *limb, int *count, uint32_t factor)
{
    uint64_t carry = 0;
    for (int i = 0; i < *count; i++) {
        uint64_t x = (uint64_t)limb[i] * factor + carry;
        limb[i] = (uint32_t)(x % LIMB_BASE);
        carry = x / LIMB_BASE;
    }
    while (carry) {
        limb[(*count)++] = (uint32_t)(carry % LIMB_BASE);
        carry /= LIMB_BASE;
    }
}

/* The exact digits of |v| for finite v ≠ 0. */
static void exact_decimal(double v, decimal *out)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int biased = (int)((bits >> 52) & 0x7FFu);
    uint64_t m = bits & 0xFFFFFFFFFFFFFull;
    int e;
    if (biased) {
        m |= 1ull << 52;
        e = biased - 1075;
    } else {
        e = -1074;
    }
    while (e < 0 && !(m & 1u)) { /* fewer multiplications; the value is unchanged */
        m >>= 1;
        e++;
    }
    uint32_t limb[MAX_LIMBS];
    int count = 0;
    do {
        limb[count++] = (uint32_t)(m % LIMB_BASE);
        m /= LIMB_BASE;
    } while (m);
    int shift = 0;
    if (e > 0) {
        for (int k = e; k > 0; k -= 29) mul_small(limb, &count, 1u << (k < 29 ? k : 29));
    } else if (e < 0) {
        static const uint32_t POW5[14] = {1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u,
                                          1953125u, 9765625u, 48828125u, 244140625u, 1220703125u};
        for (int k = -e; k > 0; k -= 13) mul_small(limb, &count, POW5[k < 13 ? k : 13]);
        shift = e;
    }
    /* Digits, most significant first. */
    int n = 0;
    char tmp[9];
    uint32_t top = limb[count - 1];
    int t = 0;
    do {
        tmp[t++] = (char)('0' + top % 10u);
        top /= 10u;
    } while (top);
    while (t) out->d[n++] = tmp[--t];
    for (int i = count - 2; i >= 0; i--) {
        uint32_t x = limb[i];
        for (int k = 8; k >= 0; k--) {
            out->d[n + k] = (char)('0' + x % 10u);
            x /= 10u;
        }
        n += 9;
    }
    out->exp10 = n - 1 + shift;
    while (n > 0 && out->d[n - 1] == '0') n--;
    out->n = n;
}

/* Round to `keep` significant digits (keep may be ≤ 0: rounding at a position left of the first
 * digit), half to even, then drop trailing zeros. A result of zero has n = 0. */
static void round_decimal(decimal *x, int keep)
{
    if (x->n <= keep) return;
    bool up;
    if (keep < 0) {
        up = false;
    } else {
        char r = x->d[keep];
        if (r > '5') up = true;
        else if (r < '5') up = false;
        else if (x->n > keep + 1) up = true;               /* more non-zero digits follow */
        else up = keep > 0 && ((x->d[keep - 1] - '0') & 1); /* a tie: to even (0 is even) */
    }
    x->n = keep > 0 ? keep : 0;
    if (up) {
        int i = x->n - 1;
        while (i >= 0 && x->d[i] == '9') x->d[i--] = '0';
        if (i >= 0) {
            x->d[i]++;
        } else { /* 99.9 → 100, or a position left of the first digit → one unit there */
            x->d[0] = '1';
            x->n = 1;
            x->exp10 = x->exp10 + 1 + (keep < 0 ? -keep : 0);
        }
    }
    while (x->n > 0 && x->d[x->n - 1] == '0') x->n--;
}

static bool put_special(acp_text *t, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    bool neg = bits >> 63;
    if (((bits >> 52) & 0x7FFu) == 0x7FFu) {
        bool nan = (bits & 0xFFFFFFFFFFFFFull) != 0;
        acp_text_put(t, nan ? (neg ? "-nan" : "nan") : (neg ? "-inf" : "inf"));
        return true;
    }
    if (neg) acp_text_put_char(t, '-');
    return false;
}

void acp_text_put_g(acp_text *t, double v, int precision)
{
    if (put_special(t, v)) return;
    int p = precision < 1 ? 1 : precision;
    if (v == 0.0) {
        acp_text_put_char(t, '0');
        return;
    }
    decimal x;
    exact_decimal(v, &x);
    round_decimal(&x, p);
    int e = x.exp10;
    if (e < -4 || e >= p) {
        acp_text_put_char(t, x.d[0]);
        if (x.n > 1) {
            acp_text_put_char(t, '.');
            acp_text_put_n(t, x.d + 1, (size_t)(x.n - 1));
        }
        acp_text_put_char(t, 'e');
        acp_text_put_char(t, e < 0 ? '-' : '+');
        int a = e < 0 ? -e : e;
        if (a < 10) acp_text_put_char(t, '0');
        acp_text_put_u64(t, (uint64_t)a);
        return;
    }
    if (e >= 0) {
        if (x.n > e + 1) {
            acp_text_put_n(t, x.d, (size_t)(e + 1));
            acp_text_put_char(t, '.');
            acp_text_put_n(t, x.d + e + 1, (size_t)(x.n - e - 1));
        } else {
            acp_text_put_n(t, x.d, (size_t)x.n);
            acp_text_put_repeat(t, '0', (size_t)(e + 1 - x.n));
        }
    } else {
        acp_text_put(t, "0.");
        acp_text_put_repeat(t, '0', (size_t)(-e - 1));
        acp_text_put_n(t, x.d, (size_t)x.n);
    }
}

void acp_text_put_f(acp_text *t, double v, int decimals)
{
    if (put_special(t, v)) return;
    int nd = decimals < 0 ? 0 : decimals > 40 ? 40 : decimals;
    decimal x = {.n = 0, .exp10 = 0};
    if (v != 0.0) {
        exact_decimal(v, &x);
        round_decimal(&x, x.exp10 + 1 + nd);
    }
    /* Integer part. */
    if (x.n == 0 || x.exp10 < 0) {
        acp_text_put_char(t, '0');
    } else {
        int ip = x.exp10 + 1;
        int have = x.n < ip ? x.n : ip;
        acp_text_put_n(t, x.d, (size_t)have);
        acp_text_put_repeat(t, '0', (size_t)(ip - have));
    }
    if (nd == 0) return;
    acp_text_put_char(t, '.');
    for (int j = 1; j <= nd; j++) {
        int idx = x.exp10 + j;
        acp_text_put_char(t, x.n > 0 && idx >= 0 && idx < x.n ? x.d[idx] : '0');
    }
}

/* ---- the formatting self-check ---- */

const struct acp_text_format ACP_TEXT_FORMATS[8] = {{'g', 17}, {'g', 9}, {'g', 6}, {'g', 1},
                                                    {'f', 6}, {'f', 4}, {'f', 2}, {'f', 0}};

static uint64_t xorshift64(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *s = x;
    return x;
}

double acp_text_format_sample(uint64_t *state, uint32_t i)
{
    uint64_t r = xorshift64(state);
    double v;
    switch (i % 5u) {
    case 0: memcpy(&v, &r, sizeof v); return v;      /* any double, NaNs and infinities too */
    case 1: {                                           /* any float */
        uint32_t u = (uint32_t)r;
        float f;
        memcpy(&f, &u, sizeof f);
        return f;
    }
    case 2: /* short decimals of the sizes traces hold: ±k / 10^d */
        return (double)((int64_t)(r >> 40) - (1 << 23)) / (double)(1u << (r & 7u)) / 1000.0;
    case 3: /* exact ties: odd / 2^k, the cases where rounding half-to-even matters */
        return (double)(int64_t)((r >> 11) | 1u) / (double)(1ull << (r & 63u)) * ((r >> 10 & 1u) ? -1.0 : 1.0);
    default: /* doubles near powers of ten and small integers */
        return (double)(int64_t)(r % 2000001u) - 1000000.0 + (double)(r >> 60) * 0.05;
    }
}

uint64_t acp_text_format_digest(uint32_t count)
{
    uint64_t h = 0xcbf29ce484222325ull, state = 0x9E3779B97F4A7C15ull;
    char buf[1200];
    for (uint32_t i = 0; i < count; i++) {
        double v = acp_text_format_sample(&state, i);
        for (size_t k = 0; k < sizeof ACP_TEXT_FORMATS / sizeof ACP_TEXT_FORMATS[0]; k++) {
            acp_text t;
            acp_text_fixed(&t, buf, sizeof buf);
            if (ACP_TEXT_FORMATS[k].kind == 'g') acp_text_put_g(&t, v, ACP_TEXT_FORMATS[k].digits);
            else acp_text_put_f(&t, v, ACP_TEXT_FORMATS[k].digits);
            for (size_t j = 0; j <= t.len; j++) { /* with the NUL */
                h ^= (unsigned char)buf[j];
                h *= 0x100000001b3ull;
            }
        }
    }
    return h;
}
