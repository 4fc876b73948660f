/* acphys — text output for the scenario runner: a byte buffer (growable, or a fixed array that
 * truncates), and exact number formatting that gives the same characters on every target.
 *
 * CONVENTIONS
 *   Nothing here calls printf: glibc (native) and musl (WASM) would each have to be trusted to
 *   format alike. acp_text_put_g and acp_text_put_f compute the exact decimal expansion of the
 *   double with integer arithmetic (a base-10^9 big number; every binary double is a finite
 *   decimal) and round it half-to-even, so their output is the C library's %.*g / %.*f under the
 *   default rounding mode, character for character (tests/c/test_scenario.c checks this against
 *   glibc over a million values), and identical natively and in WASM by construction.
 *   A growable text reports running out of memory through `oom` (the text stays valid, with what
 *   fit); a fixed text silently truncates and always stays NUL-terminated.
 */
#ifndef ACP_TEXT_H
#define ACP_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** A byte buffer, always NUL-terminated after `len` bytes (when cap > 0). */
typedef struct acp_text {
    char *data;
    size_t len;
    size_t cap;                      /* bytes available including the NUL */
    bool fixed;                      /* a caller's array: truncate instead of growing */
    bool oom;                        /* a growable text failed to grow; later puts are dropped */
} acp_text;

/** A growable text, initially empty (no allocation until the first put). */
void acp_text_init(acp_text *t);
/** A text over the caller's array buf[size] (size ≥ 1); truncates when full. */
void acp_text_fixed(acp_text *t, char *buf, size_t size);
/** A text over buf[size] that already holds `len` bytes (len < size; appends keep them). */
void acp_text_fixed_at(acp_text *t, char *buf, size_t size, size_t len);
/** Free a growable text's memory (a fixed one is left alone) and empty it. */
void acp_text_free(acp_text *t);
/** Empty the text, keeping its memory. */
void acp_text_clear(acp_text *t);
/** Make room for `extra` more bytes; false when a growable text cannot (oom is set). */
bool acp_text_reserve(acp_text *t, size_t extra);

void acp_text_put(acp_text *t, const char *s);
void acp_text_put_n(acp_text *t, const char *s, size_t n);
void acp_text_put_char(acp_text *t, char c);
/** `n` copies of c. */
void acp_text_put_repeat(acp_text *t, char c, size_t n);
/** Decimal integers. */
void acp_text_put_u64(acp_text *t, uint64_t v);
void acp_text_put_i64(acp_text *t, int64_t v);
/** "0x" and 8 upper-case hex digits (the project's id style, e.g. 0xD59A0023). */
void acp_text_put_hex32(acp_text *t, uint32_t v);
/** 16 lower-case hex digits, no prefix (digests). */
void acp_text_put_hex64(acp_text *t, uint64_t v);
/** A JSON string literal: quotes, and escapes for ", \ and control characters. */
void acp_text_put_json_string(acp_text *t, const char *s, size_t n);

/** v as C's %.{precision}g (precision 0 is 1), exactly: the significant digits correctly
 *  rounded half-to-even, fixed notation for decimal exponents −4..precision−1, else d.ddde±XX;
 *  trailing zeros removed. Non-finite: "nan", "-nan", "inf", "-inf" (glibc's spelling). */
void acp_text_put_g(acp_text *t, double v, int precision);
/** v as C's %.{decimals}f, exactly (decimals 0..40). Non-finite as acp_text_put_g. */
void acp_text_put_f(acp_text *t, double v, int decimals);
/** The i-th value of the formatting sample (deterministic): random double bit patterns, random
 *  float bit patterns, short decimals, and values whose exact expansions end in a tie at the
 *  printed precision (integers / 2^k). *state starts at any non-zero value. */
double acp_text_format_sample(uint64_t *state, uint32_t i);
/** The formats the trace and table use, as {kind, digits}: kind 'g' or 'f'. */
extern const struct acp_text_format { char kind; int digits; } ACP_TEXT_FORMATS[8];
/** FNV-1a 64 of every sample value 0..count−1 formatted in every ACP_TEXT_FORMATS entry (each
 *  string followed by a 0 byte): equal natively and in WASM iff both print the same characters. */
uint64_t acp_text_format_digest(uint32_t count);

/** Pad with spaces on the left so that the text from `start` is at least `width` bytes. */
void acp_text_pad_left(acp_text *t, size_t start, size_t width);

/** A field path for messages, e.g. "objects[0].position.origin[2]" (truncated past 255 bytes). */
typedef struct acp_path {
    char s[256];
    size_t len;
} acp_path;

/** Append ".key" (just "key" at the start); returns the previous length, for acp_path_pop. */
size_t acp_path_key(acp_path *p, const char *key, size_t n);
/** Append "[i]"; returns the previous length. */
size_t acp_path_index(acp_path *p, uint32_t i);
/** Cut the path back to a length acp_path_key or acp_path_index returned. */
void acp_path_pop(acp_path *p, size_t len);

#endif
