/* acphys — strict JSON syntax check. See jsoncheck.h. */
#include "jsoncheck.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jsonv.h"
#include "text.h"

/* A member name in an open object's table: [k, k_end) with its quotes; k NULL when empty. */
typedef struct name_slot {
    const unsigned char *k, *k_end;
    uint32_t hash;                   /* FNV-1a 32 of the name's code points */
} name_slot;

typedef struct scan {
    const unsigned char *p, *end, *start;
    const char *what;                /* first error, or NULL */
    const unsigned char *at;
    /* The open objects' name tables, stacked: an object's table sits above its parent's, and a
     * table grows only while it is the top one (between members, no child is open). */
    name_slot *slots;
    size_t num_slots, cap_slots;     /* slots in use (the stack top), slots allocated */
    bool trace;                      /* a trace line: non-finite tokens get the trace's hint, and a
                                        number beyond the double range is refused */
} scan;

static bool fail(scan *s, const unsigned char *at, const char *what)
{
    if (!s->what) {
        s->what = what;
        s->at = at;
    }
    return false;
}

static void skip_ws(scan *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')) s->p++;
}

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static bool is_hex(unsigned char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool literal(scan *s, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(s->end - s->p) < n || memcmp(s->p, word, n) != 0) return fail(s, s->p, "not a JSON value");
    s->p += n;
    return true;
}

static bool digits(scan *s)
{
    if (s->p >= s->end || !is_digit(*s->p)) return fail(s, s->p, "a digit was expected in the number");
    while (s->p < s->end && is_digit(*s->p)) s->p++;
    return true;
}

/* True when the number [b, e) (valid JSON) is beyond the double range: strtod gives infinity. */
static bool out_of_range(const unsigned char *b, const unsigned char *e)
{
    char small[64];
    size_t n = (size_t)(e - b);
    char *buf = n < sizeof small ? small : malloc(n + 1);
    if (!buf) return false; /* out of memory: JSON.parse decides */
    memcpy(buf, b, n);
    buf[n] = '\0';
    bool inf = isinf(strtod(buf, NULL));
    if (buf != small) free(buf);
    return inf;
}

static bool number_body(scan *s);

static bool number(scan *s)
{
    const unsigned char *b = s->p;
    if (!number_body(s)) return false;
    if (s->trace && out_of_range(b, s->p))
        return fail(s, b, "a number out of double range (a trace writes an infinite value as the string \"Infinity\" or \"-Infinity\")");
    return true;
}

static bool number_body(scan *s)
{
    if (*s->p == '-') s->p++;
    if (s->p < s->end && *s->p == '0') {
        s->p++;
        if (s->p < s->end && is_digit(*s->p)) return fail(s, s->p, "a number may not have leading zeros");
    } else if (!digits(s)) {
        return false;
    }
    if (s->p < s->end && *s->p == '.') {
        s->p++;
        if (!digits(s)) return false;
    }
    if (s->p < s->end && (*s->p == 'e' || *s->p == 'E')) {
        s->p++;
        if (s->p < s->end && (*s->p == '+' || *s->p == '-')) s->p++;
        if (!digits(s)) return false;
    }
    return true;
}

/* The value of four hex digits (already checked). */
static uint32_t hex4(const unsigned char *p)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        unsigned char c = p[i];
        v = v * 16u + (uint32_t)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    return v;
}

static bool escape(scan *s)
{
    const unsigned char *at = s->p - 1;
    if (s->p >= s->end) return fail(s, s->p, "the text ends inside a string");
    unsigned char c = *s->p++;
    if (strchr("\"\\/bfnrt", c) && c) return true;
    if (c != 'u') return fail(s, at, "not a valid escape in a string");
    if (s->end - s->p < 4) return fail(s, at, "\\u needs four hex digits");
    for (int i = 0; i < 4; i++)
        if (!is_hex(s->p[i])) return fail(s, at, "\\u needs four hex digits");
    if (memcmp(s->p, "0000", 4) == 0) return fail(s, at, "a \\u0000 escape (acphys does not accept U+0000 in strings)");
    uint32_t unit = hex4(s->p);
    s->p += 4;
    /* UTF-16 surrogates only in pairs: cJSON refuses a lone one, JSON.parse keeps it; neither is
     * a character. */
    if (unit >= 0xDC00 && unit <= 0xDFFF) return fail(s, at, "a \\u escape of a lone low surrogate (half a character)");
    if (unit < 0xD800 || unit > 0xDBFF) return true;
    bool low = s->end - s->p >= 6 && s->p[0] == '\\' && s->p[1] == 'u' && is_hex(s->p[2]) && is_hex(s->p[3]) &&
               is_hex(s->p[4]) && is_hex(s->p[5]) && hex4(s->p + 2) >= 0xDC00 && hex4(s->p + 2) <= 0xDFFF;
    if (!low) return fail(s, at, "a \\u escape of a high surrogate without its low surrogate (half a character)");
    s->p += 6;
    return true;
}

/* The rest of a UTF-8 sequence whose lead byte s->p[-1] is >= 0x80 (RFC 3629: no overlong forms,
 * no surrogates, nothing above U+10FFFF). */
static bool utf8_tail(scan *s)
{
    const unsigned char *at = s->p - 1;
    unsigned char c = *at;
    int more = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : -1;
    if (more < 0 || s->end - s->p < more) return fail(s, at, "not UTF-8 text (acphys reads JSON as UTF-8)");
    unsigned char lo = 0x80, hi = 0xBF; /* the second byte's range */
    if (c == 0xE0) lo = 0xA0;
    else if (c == 0xED) hi = 0x9F;
    else if (c == 0xF0) lo = 0x90;
    else if (c == 0xF4) hi = 0x8F;
    for (int i = 0; i < more; i++) {
        unsigned char b = s->p[i];
        if (b < (i ? 0x80 : lo) || b > (i ? 0xBF : hi)) return fail(s, at, "not UTF-8 text (acphys reads JSON as UTF-8)");
    }
    s->p += more;
    return true;
}

static bool string(scan *s)
{
    const unsigned char *open = s->p++;
    while (s->p < s->end) {
        unsigned char c = *s->p++;
        if (c == '"') return true;
        if (c >= 0x80) {
            if (!utf8_tail(s)) return false;
        } else if (c == '\\') {
            if (!escape(s)) return false;
        } else if (c < 0x20) {
            return fail(s, s->p - 1, "a control character inside a string (write it as an escape)");
        }
    }
    return fail(s, open, "a string is not closed");
}

static bool value(scan *s, int depth);
static bool members_in(scan *s, int depth, bool object, const unsigned char *open, unsigned char close, size_t base,
                       uint32_t *cap);

/* One character of a checked string at p (not its closing quote): its code point in *cp (an
 * escape decoded, a surrogate pair joined, UTF-8 decoded); returns what follows it. */
static const unsigned char *name_char(const unsigned char *p, uint32_t *cp)
{
    if (*p == '\\') {
        static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
        if (p[1] != 'u') {
            *cp = (unsigned char)to[strchr(from, p[1]) - from];
            return p + 2;
        }
        uint32_t unit = hex4(p + 2);
        if (unit < 0xD800 || unit > 0xDBFF) {
            *cp = unit;
            return p + 6;
        }
        *cp = 0x10000u + ((unit - 0xD800u) << 10) + (hex4(p + 8) - 0xDC00u);
        return p + 12;
    }
    int more = *p < 0x80 ? 0 : *p < 0xE0 ? 1 : *p < 0xF0 ? 2 : 3;
    uint32_t v = more == 0 ? *p : more == 1 ? (*p & 0x1Fu) : more == 2 ? (*p & 0x0Fu) : (*p & 0x07u);
    for (int i = 1; i <= more; i++) v = (v << 6) | (p[i] & 0x3Fu);
    *cp = v;
    return p + 1 + more;
}

/* True when two checked strings [a, a_end) and [b, b_end) (quotes included) are the same
 * characters, however each is written ("version" and "\\u0076ersion" are one name). */
static bool same_name(const unsigned char *a, const unsigned char *a_end, const unsigned char *b,
                      const unsigned char *b_end)
{
    a++, a_end--, b++, b_end--; /* inside the quotes */
    while (a < a_end && b < b_end) {
        uint32_t x, y;
        a = name_char(a, &x);
        b = name_char(b, &y);
        if (x != y) return false;
    }
    return a >= a_end && b >= b_end;
}

/* FNV-1a 32 over the code points of a checked name (quotes included), as same_name reads them. */
static uint32_t name_hash(const unsigned char *k, const unsigned char *k_end)
{
    uint32_t h = 2166136261u;
    for (const unsigned char *p = k + 1; p < k_end - 1;) {
        uint32_t cp;
        p = name_char(p, &cp);
        h = (h ^ cp) * 16777619u;
    }
    return h;
}

/* At least n slots allocated (their contents are the caller's to set); false when out of memory. */
static bool reserve_slots(scan *s, size_t n)
{
    if (n <= s->cap_slots) return true;
    size_t cap = s->cap_slots ? s->cap_slots : 64;
    while (cap < n) cap *= 2;
    name_slot *grown = realloc(s->slots, cap * sizeof *grown);
    if (!grown) return false;
    s->slots = grown;
    s->cap_slots = cap;
    return true;
}

static bool put_name(name_slot *table, uint32_t cap, name_slot slot)
{
    for (uint32_t i = slot.hash & (cap - 1);; i = (i + 1) & (cap - 1)) {
        name_slot *t = &table[i];
        if (!t->k) {
            *t = slot;
            return true;
        }
        if (t->hash == slot.hash && same_name(t->k, t->k_end, slot.k, slot.k_end)) return false;
    }
}

/* Add the name [k, k_end) to the table of the object whose slots start at `base` (capacity *cap,
 * `count` names so far; the top of the stack). 1 added, 0 the object already has it, -1 out of
 * memory. */
static int add_name(scan *s, size_t base, uint32_t *cap, uint32_t count, const unsigned char *k,
                    const unsigned char *k_end)
{
    if ((count + 1u) * 2u > *cap) { /* grow: move the names above the new table, then rehash */
        uint32_t grown = *cap ? *cap * 2u : 16u;
        if (!reserve_slots(s, base + grown + count)) return -1;
        name_slot *old = s->slots + base + grown;
        uint32_t n = 0;
        for (uint32_t i = 0; i < *cap; i++)
            if (s->slots[base + i].k) old[n++] = s->slots[base + i];
        memset(s->slots + base, 0, grown * sizeof *s->slots);
        for (uint32_t i = 0; i < n; i++) put_name(s->slots + base, grown, old[i]);
        *cap = grown;
        s->num_slots = base + grown;
    }
    name_slot slot = {k, k_end, name_hash(k, k_end)};
    return put_name(s->slots + base, *cap, slot) ? 1 : 0;
}

static bool members(scan *s, int depth, bool object)
{
    const unsigned char *open = s->p++;
    if (depth >= ACP_JSONV_MAX_DEPTH) return fail(s, open, "nesting deeper than 64 levels");
    skip_ws(s);
    unsigned char close = object ? '}' : ']';
    if (s->p < s->end && *s->p == close) {
        s->p++;
        return true;
    }
    size_t base = s->num_slots; /* this object's name table: above its parent's */
    uint32_t cap = 0;
    bool ok = members_in(s, depth, object, open, close, base, &cap);
    s->num_slots = base;        /* closed (or failed): its table is gone */
    return ok;
}

static bool members_in(scan *s, int depth, bool object, const unsigned char *open, unsigned char close, size_t base,
                       uint32_t *cap)
{
    for (uint32_t count = 1;; count++) {
        skip_ws(s);
        if (object) {
            if (s->p >= s->end || *s->p != '"') return fail(s, s->p, "a member name in double quotes was expected");
            const unsigned char *name = s->p;
            if (!string(s)) return false;
            if (count > ACP_JSON_MAX_MEMBERS)
                return fail(s, name, "an object with more than 4096 members (no scenario or trace has one)");
            int added = add_name(s, base, cap, count - 1, name, s->p);
            if (added < 0) return fail(s, name, "out of memory");
            if (added == 0)
                return fail(s, name, "a member name that this object already has (JSON.parse would keep the last one silently)");
            skip_ws(s);
            if (s->p >= s->end || *s->p != ':') return fail(s, s->p, "':' was expected after the member name");
            s->p++;
        }
        if (!value(s, depth + 1)) return false;
        skip_ws(s);
        if (s->p >= s->end) return fail(s, open, object ? "an object is not closed" : "an array is not closed");
        if (*s->p == close) {
            s->p++;
            return true;
        }
        if (*s->p != ',') return fail(s, s->p, object ? "',' or '}' was expected" : "',' or ']' was expected");
        s->p++;
    }
}

static bool value_non_finite(scan *s)
{
    return fail(s, s->p, s->trace ? "NaN and Infinity are not JSON (a trace writes the string \"NaN\", \"Infinity\" or \"-Infinity\")"
                                  : "NaN and Infinity are not JSON, nor allowed in a scenario (its numbers are finite)");
}

/* A token that prints a non-finite number: NaN, Infinity, -Infinity (JavaScript), nan, -nan,
 * inf, -inf (C's printf), with or without a sign. */
static bool non_finite(const unsigned char *p, const unsigned char *end)
{
    if (p < end && (*p == '-' || *p == '+')) p++;
    if (p >= end) return false;
    if (*p == 'N' || *p == 'I') return true;
    size_t left = (size_t)(end - p);
    return (left >= 3 && (memcmp(p, "nan", 3) == 0 || memcmp(p, "inf", 3) == 0));
}

static bool value(scan *s, int depth)
{
    skip_ws(s);
    if (s->p >= s->end) return fail(s, s->p, "the text ends where a value was expected");
    if (non_finite(s->p, s->end)) return value_non_finite(s);
    switch (*s->p) {
    case '{': return members(s, depth, true);
    case '[': return members(s, depth, false);
    case '"': return string(s);
    case 't': return literal(s, "true");
    case 'f': return literal(s, "false");
    case 'n': return literal(s, "null");
    default:
        /* NaN and Infinity (what JavaScript's String() gives), nan, -nan and inf (C's %.17g): a
         * trace writes a non-finite value as a string (docs/PORTING.md section 4); a scenario has none. */
        if (*s->p == '-' || is_digit(*s->p)) return number(s);
        return fail(s, s->p, "not a JSON value");
    }
}

bool acp_json_check(const char *text, size_t len, char *msg, size_t msg_size)
{
    return acp_json_check_ex(text, len, false, msg, msg_size);
}

bool acp_json_check_ex(const char *text, size_t len, bool trace, char *msg, size_t msg_size)
{
    scan s = {(const unsigned char *)text, (const unsigned char *)text + len, (const unsigned char *)text, NULL, NULL,
              NULL, 0, 0, trace};
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) s.start = s.p += 3; /* columns count after it */
    bool ok = value(&s, 0);
    free(s.slots);
    if (ok) {
        skip_ws(&s);
        if (s.p >= s.end) return true;
        fail(&s, s.p, "text after the JSON value");
    }
    uint32_t line = 1, col = 1;
    for (const unsigned char *q = s.start; q < s.at; q++) {
        if (*q == '\n') {
            line++;
            col = 1;
        } else if ((*q & 0xC0) != 0x80) { /* a character: a UTF-8 continuation byte is none */
            col++;
        }
    }
    if (!msg || !msg_size) return false;
    acp_text t;
    acp_text_fixed(&t, msg, msg_size);
    acp_text_put(&t, "line ");
    acp_text_put_u64(&t, line);
    acp_text_put(&t, ", column ");
    acp_text_put_u64(&t, col);
    acp_text_put(&t, ": ");
    acp_text_put(&t, s.what);
    return false;
}
