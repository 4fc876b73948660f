/* acphys — the generic JSON value tree and its binary decoder. See jsonv.h. */
#include "jsonv.h"

#include <stdlib.h>
#include <string.h>

#include "text.h"

/* ---- the arena: a list of chunks, bump allocation, 8-byte alignment ---- */

typedef struct chunk {
    struct chunk *next;
    size_t used, cap;
    /* data follows, 8-byte aligned (the header is 24 or 12 bytes; see chunk_data) */
} chunk;

#define CHUNK_HEADER ((sizeof(chunk) + 7u) & ~(size_t)7u)
#define CHUNK_MIN 4096u

struct acp_jsonv_doc {
    acp_jsonv root;
    chunk *chunks;
};

static unsigned char *chunk_data(chunk *c) { return (unsigned char *)c + CHUNK_HEADER; }

/* n bytes, zeroed; NULL when out of memory or when n overflows. */
static void *arena_alloc(acp_jsonv_doc *doc, size_t n)
{
    size_t need = (n + 7u) & ~(size_t)7u;
    if (need < n) return NULL;
    chunk *c = doc->chunks;
    if (!c || c->cap - c->used < need) {
        size_t cap = need > CHUNK_MIN ? need : CHUNK_MIN;
        if (cap > SIZE_MAX - CHUNK_HEADER) return NULL;
        chunk *fresh = malloc(CHUNK_HEADER + cap);
        if (!fresh) return NULL;
        fresh->used = 0;
        fresh->cap = cap;
        fresh->next = doc->chunks;
        doc->chunks = fresh;
        c = fresh;
    }
    void *p = chunk_data(c) + c->used;
    c->used += need;
    memset(p, 0, n);
    return p;
}

acp_jsonv_doc *acp_jsonv_doc_create(void)
{
    acp_jsonv_doc *doc = calloc(1, sizeof *doc);
    return doc;
}

void acp_jsonv_doc_destroy(acp_jsonv_doc *doc)
{
    if (!doc) return;
    chunk *c = doc->chunks;
    while (c) {
        chunk *next = c->next;
        free(c);
        c = next;
    }
    free(doc);
}

acp_jsonv *acp_jsonv_root(acp_jsonv_doc *doc) { return &doc->root; }

/* count × size + 1 bytes (never 0, so an empty array is a valid pointer); NULL on overflow. */
static void *alloc_array(acp_jsonv_doc *doc, uint32_t count, size_t size)
{
    size_t bytes;
    if (__builtin_mul_overflow((size_t)count, size, &bytes) || bytes == SIZE_MAX) return NULL;
    return arena_alloc(doc, bytes + 1u);
}

acp_jsonv *acp_jsonv_alloc_items(acp_jsonv_doc *doc, uint32_t count)
{
    return alloc_array(doc, count, sizeof(acp_jsonv));
}

acp_jsonv_member *acp_jsonv_alloc_members(acp_jsonv_doc *doc, uint32_t count)
{
    return alloc_array(doc, count, sizeof(acp_jsonv_member));
}

const char *acp_jsonv_copy_string(acp_jsonv_doc *doc, const char *s, uint32_t len)
{
    char *p = arena_alloc(doc, (size_t)len + 1u);
    if (!p) return NULL;
    if (len) memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

/* ---- duplicate keys ---- */

static int key_cmp(const acp_jsonv_member *a, const acp_jsonv_member *b)
{
    uint32_t n = a->key_len < b->key_len ? a->key_len : b->key_len;
    int c = memcmp(a->key, b->key, n);
    if (c) return c;
    return a->key_len < b->key_len ? -1 : a->key_len > b->key_len;
}

/* Members sorted by (key, position): a run of equal keys lists every occurrence in order. */
typedef struct keyed {
    const acp_jsonv_member *m;
    uint32_t index;
} keyed;

static int by_key_then_position(const void *pa, const void *pb)
{
    const keyed *a = pa, *b = pb;
    int c = key_cmp(a->m, b->m);
    if (c) return c;
    return a->index < b->index ? -1 : a->index > b->index;
}

void acp_jsonv_object_dedupe(acp_jsonv *object)
{
    if (object->type != ACP_JSONV_OBJECT || object->count < 2) return;
    uint32_t n = object->count;
    acp_jsonv_member *m = object->members;
    /* Small objects (every scenario and trace object): quadratic scan, no allocation. */
    bool any = false;
    if (n <= 64) {
        for (uint32_t i = 1; i < n && !any; i++)
            for (uint32_t j = 0; j < i; j++)
                if (key_cmp(&m[i], &m[j]) == 0) { any = true; break; }
        if (!any) return;
    }
    keyed *order = malloc((size_t)n * sizeof *order);
    bool *drop = calloc(n, sizeof *drop);
    if (!order || !drop) {
        /* Out of memory: fall back to the quadratic merge. */
        free(order);
        free(drop);
        uint32_t out = 0;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t j = 0;
            while (j < out && key_cmp(&m[j], &m[i]) != 0) j++;
            if (j < out) m[j].value = m[i].value;
            else m[out++] = m[i];
        }
        object->count = out;
        return;
    }
    for (uint32_t i = 0; i < n; i++) order[i] = (keyed){&m[i], i};
    qsort(order, n, sizeof *order, by_key_then_position);
    for (uint32_t i = 0; i < n;) {
        uint32_t j = i + 1;
        while (j < n && key_cmp(order[i].m, order[j].m) == 0) j++;
        if (j - i > 1) {
            m[order[i].index].value = m[order[j - 1].index].value; /* first position, last value */
            for (uint32_t k = i + 1; k < j; k++) drop[order[k].index] = true;
        }
        i = j;
    }
    uint32_t out = 0;
    for (uint32_t i = 0; i < n; i++)
        if (!drop[i]) m[out++] = m[i];
    object->count = out;
    free(order);
    free(drop);
}

/* ---- the binary decoder ---- */

typedef struct decoder {
    const uint8_t *p;
    size_t size, pos;
    acp_jsonv_doc *doc;
    char *err;
    size_t err_size;
    bool failed;
} decoder;

static void fail(decoder *d, size_t at, const char *what)
{
    if (d->failed) return;
    d->failed = true;
    if (!d->err || !d->err_size) return;
    acp_text t;
    acp_text_fixed(&t, d->err, d->err_size);
    acp_text_put(&t, "binary JSON at byte ");
    acp_text_put_u64(&t, at);
    acp_text_put(&t, ": ");
    acp_text_put(&t, what);
}

static size_t left(const decoder *d) { return d->size - d->pos; }

static bool read_u8(decoder *d, uint8_t *out)
{
    if (1u > left(d)) {
        fail(d, d->pos, "the data ends early");
        return false;
    }
    *out = d->p[d->pos++];
    return true;
}

static bool read_u32(decoder *d, uint32_t *out)
{
    if (4u > left(d)) {
        fail(d, d->pos, "the data ends early");
        return false;
    }
    const uint8_t *b = d->p + d->pos;
    *out = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    d->pos += 4;
    return true;
}

static bool read_f64(decoder *d, double *out)
{
    if (8u > left(d)) {
        fail(d, d->pos, "the data ends early");
        return false;
    }
    uint64_t u = 0;
    for (int i = 7; i >= 0; i--) u = u << 8 | d->p[d->pos + (size_t)i];
    memcpy(out, &u, sizeof *out);
    d->pos += 8;
    return true;
}

/* A string of `len` bytes at the current position, copied into the document. */
static const char *read_bytes(decoder *d, uint32_t len)
{
    if ((size_t)len > left(d)) {
        fail(d, d->pos, "a string is longer than the bytes left");
        return NULL;
    }
    const char *s = acp_jsonv_copy_string(d->doc, (const char *)d->p + d->pos, len);
    if (!s) {
        fail(d, d->pos, "out of memory");
        return NULL;
    }
    d->pos += len;
    return s;
}

/* An array's or object's count, checked against the nesting limit and against the bytes left
 * (each element takes at least min_size bytes) before anything is allocated. */
static bool container(decoder *d, size_t at, int depth, size_t min_size, const char *too_many, uint32_t *n)
{
    if (depth >= ACP_JSONV_MAX_DEPTH) {
        fail(d, at, "nesting deeper than 64 levels");
        return false;
    }
    if (!read_u32(d, n)) return false;
    if ((size_t)*n > left(d) / min_size) {
        fail(d, at, too_many);
        return false;
    }
    return true;
}

static bool decode_value(decoder *d, acp_jsonv *out, int depth)
{
    size_t at = d->pos;
    uint8_t tag;
    if (!read_u8(d, &tag)) return false;
    switch (tag) {
    case 0: out->type = ACP_JSONV_NULL; return true;
    case 1:
    case 2:
        out->type = ACP_JSONV_BOOL;
        out->boolean = tag == 2;
        return true;
    case 3: out->type = ACP_JSONV_NUMBER; return read_f64(d, &out->number);
    case 4: {
        uint32_t len;
        if (!read_u32(d, &len)) return false;
        out->type = ACP_JSONV_STRING;
        out->count = len;
        out->string = read_bytes(d, len);
        return out->string != NULL;
    }
    case 5: {
        uint32_t n;
        if (!container(d, at, depth, 1u, "an array count is larger than the bytes left can hold", &n)) return false;
        out->type = ACP_JSONV_ARRAY;
        out->items = acp_jsonv_alloc_items(d->doc, n);
        if (!out->items) {
            fail(d, at, "out of memory");
            return false;
        }
        for (uint32_t i = 0; i < n; i++) {
            if (!decode_value(d, &out->items[i], depth + 1)) return false;
            out->count = i + 1;
        }
        return true;
    }
    case 6: {
        uint32_t n; /* a member takes a key length (4) and a value (1) at least */
        if (!container(d, at, depth, 5u, "an object count is larger than the bytes left can hold", &n)) return false;
        out->type = ACP_JSONV_OBJECT;
        out->members = acp_jsonv_alloc_members(d->doc, n);
        if (!out->members) {
            fail(d, at, "out of memory");
            return false;
        }
        for (uint32_t i = 0; i < n; i++) {
            acp_jsonv_member *m = &out->members[i];
            if (!read_u32(d, &m->key_len)) return false;
            m->key = read_bytes(d, m->key_len);
            if (!m->key) return false;
            if (!decode_value(d, &m->value, depth + 1)) return false;
            out->count = i + 1;
        }
        /* JSON.parse already merged repeated keys; a hand-made document may not have. */
        acp_jsonv_object_dedupe(out);
        return true;
    }
    default: fail(d, at, "unknown value tag"); return false;
    }
}

acp_jsonv_doc *acp_jsonv_decode(const uint8_t *bytes, size_t size, char *err, size_t err_size)
{
    if (err && err_size) err[0] = '\0';
    acp_jsonv_doc *doc = acp_jsonv_doc_create();
    if (!doc) {
        if (err && err_size) {
            acp_text t;
            acp_text_fixed(&t, err, err_size);
            acp_text_put(&t, "out of memory");
        }
        return NULL;
    }
    decoder d = {bytes, bytes ? size : 0, 0, doc, err, err_size, false};
    uint32_t magic = 0;
    if (read_u32(&d, &magic) && magic != ACP_JSONV_MAGIC) fail(&d, 0, "not a binary JSON document (bad magic)");
    if (!d.failed) decode_value(&d, &doc->root, 0);
    if (!d.failed && d.pos != d.size) fail(&d, d.pos, "bytes are left after the document");
    if (d.failed) {
        acp_jsonv_doc_destroy(doc);
        return NULL;
    }
    return doc;
}

const acp_jsonv *acp_jsonv_get(const acp_jsonv *object, const char *key)
{
    if (!object || object->type != ACP_JSONV_OBJECT) return NULL;
    size_t len = strlen(key);
    for (uint32_t i = 0; i < object->count; i++) {
        const acp_jsonv_member *m = &object->members[i];
        if (m->key_len == len && memcmp(m->key, key, len) == 0) return &m->value;
    }
    return NULL;
}

const char *acp_jsonv_type_phrase(acp_jsonv_type type)
{
    switch (type) {
    case ACP_JSONV_NULL: return "null";
    case ACP_JSONV_BOOL: return "a boolean";
    case ACP_JSONV_NUMBER: return "a number";
    case ACP_JSONV_STRING: return "a string";
    case ACP_JSONV_ARRAY: return "an array";
    case ACP_JSONV_OBJECT: return "an object";
    }
    return "an unknown value";
}
