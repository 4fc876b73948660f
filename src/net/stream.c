/* acphys — a capture's datagrams to its game messages (see stream.h). */
#include "net/stream.h"

#include <stdlib.h>
#include <string.h>

/* The keys of one direction's ISAAC stream: `cur` is the next word in order; `skipped` holds
 * words passed over (a datagram lost or late) still unused. */
typedef struct key_stream {
    bool seeded;
    acp_isaac isaac;
    uint32_t cur;
    uint32_t skipped[ACP_NET_KEY_WINDOW];
    size_t skipped_count;
} key_stream;

/* A datagram sequence seen: its first datagram and the key it used (keyed ones). */
typedef struct seq_entry {
    bool used;
    uint8_t dir;
    uint32_t sequence;
    int32_t datagram;
    bool keyed;
    uint32_t key;
} seq_entry;

typedef struct frag_slot {
    const uint8_t *data;         /* inside the caller's datagram */
    uint16_t size;
    int32_t datagram;
    uint32_t at;                 /* the fragment header's offset in its datagram */
} frag_slot;

/* A message being put together (or done: `complete`). */
typedef struct assembly {
    bool used;
    uint8_t dir;
    uint32_t sequence, id;
    uint16_t count, received, group;
    bool complete;
    int32_t first_datagram;
    frag_slot *slots;
} assembly;

typedef struct stream_state {
    key_stream keys[2];
    seq_entry *seqs;
    size_t seq_cap, seq_count;
    assembly *asm_;
    size_t asm_cap, asm_count;
    size_t msg_cap;
} stream_state;

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    return x;
}

/* ---- datagram sequences ---- */

static bool seq_grow(stream_state *st)
{
    size_t cap = st->seq_cap ? st->seq_cap * 2 : 256;
    seq_entry *t = calloc(cap, sizeof *t);
    if (!t) return false;
    for (size_t i = 0; i < st->seq_cap; i++) {
        if (!st->seqs[i].used) continue;
        size_t h = mix64((uint64_t)st->seqs[i].sequence << 1 | st->seqs[i].dir) & (cap - 1);
        while (t[h].used) h = (h + 1) & (cap - 1);
        t[h] = st->seqs[i];
    }
    free(st->seqs);
    st->seqs = t;
    st->seq_cap = cap;
    return true;
}

/* The entry of (dir, sequence), created when absent (*created). NULL when out of memory. */
static seq_entry *seq_find(stream_state *st, uint8_t dir, uint32_t sequence, bool *created)
{
    if ((st->seq_count + 1) * 2 > st->seq_cap && !seq_grow(st)) return NULL;
    size_t h = mix64((uint64_t)sequence << 1 | dir) & (st->seq_cap - 1);
    while (st->seqs[h].used) {
        if (st->seqs[h].dir == dir && st->seqs[h].sequence == sequence) {
            *created = false;
            return &st->seqs[h];
        }
        h = (h + 1) & (st->seq_cap - 1);
    }
    seq_entry *e = &st->seqs[h];
    memset(e, 0, sizeof *e);
    e->used = true;
    e->dir = dir;
    e->sequence = sequence;
    st->seq_count++;
    *created = true;
    return e;
}

/* ---- keys ---- */

static void keys_seed(key_stream *k, uint32_t seed)
{
    acp_isaac_seed(&k->isaac, seed);
    k->cur = acp_isaac_next(&k->isaac);
    k->skipped_count = 0;
    k->seeded = true;
}

/* Use up `key` if it is one of the next unused words (the current one, a skipped one, or one
 * up to the window's end, the words before it then skipped). False leaves the stream as it was. */
static bool keys_take(key_stream *k, uint32_t key)
{
    if (k->cur == key) {
        k->cur = acp_isaac_next(&k->isaac);
        return true;
    }
    for (size_t i = 0; i < k->skipped_count; i++) {
        if (k->skipped[i] != key) continue;
        k->skipped[i] = k->skipped[--k->skipped_count];
        return true;
    }
    size_t room = ACP_NET_KEY_WINDOW - k->skipped_count;
    acp_isaac probe = k->isaac;
    size_t steps = 0;
    bool found = false;
    for (uint32_t w = acp_isaac_next(&probe); steps < room; w = acp_isaac_next(&probe)) {
        steps++;
        if (w == key) { found = true; break; }
    }
    if (!found) return false;
    /* cur and the `steps - 1` words after it are skipped; the word after `key` becomes cur. */
    k->skipped[k->skipped_count++] = k->cur;
    for (size_t i = 1; i < steps; i++) k->skipped[k->skipped_count++] = acp_isaac_next(&k->isaac);
    (void)acp_isaac_next(&k->isaac); /* key */
    k->cur = acp_isaac_next(&k->isaac);
    return true;
}

/* ---- messages ---- */

static assembly *asm_find(stream_state *st, uint8_t dir, uint32_t sequence, uint32_t id, bool create);

static bool asm_grow(stream_state *st)
{
    size_t cap = st->asm_cap ? st->asm_cap * 2 : 256;
    assembly *t = calloc(cap, sizeof *t);
    if (!t) return false;
    assembly *old = st->asm_;
    size_t old_cap = st->asm_cap;
    st->asm_ = t;
    st->asm_cap = cap;
    for (size_t i = 0; i < old_cap; i++) {
        if (!old[i].used) continue;
        size_t h = mix64(((uint64_t)old[i].sequence << 32 | old[i].id) ^ old[i].dir) & (cap - 1);
        while (t[h].used) h = (h + 1) & (cap - 1);
        t[h] = old[i];
    }
    free(old);
    return true;
}

static assembly *asm_find(stream_state *st, uint8_t dir, uint32_t sequence, uint32_t id, bool create)
{
    if (create && (st->asm_count + 1) * 2 > st->asm_cap && !asm_grow(st)) return NULL;
    if (!st->asm_cap) return NULL;
    size_t h = mix64(((uint64_t)sequence << 32 | id) ^ dir) & (st->asm_cap - 1);
    while (st->asm_[h].used) {
        assembly *a = &st->asm_[h];
        if (a->dir == dir && a->sequence == sequence && a->id == id) return a;
        h = (h + 1) & (st->asm_cap - 1);
    }
    if (!create) return NULL;
    assembly *a = &st->asm_[h];
    memset(a, 0, sizeof *a);
    a->used = true;
    a->dir = dir;
    a->sequence = sequence;
    a->id = id;
    st->asm_count++;
    return a;
}

static acp_net_status add_diag(acp_net_stream *s, acp_net_status st, acp_net_where where, int32_t dg,
                               uint64_t offset, const char *field)
{
    return acp_net_diags_add(&s->diags, st, where, dg, offset, field);
}

/* The datagram that carried byte `offset` of an assembled message. */
static int32_t datagram_at(const assembly *a, uint64_t offset)
{
    uint64_t end = 0;
    for (uint16_t i = 0; i < a->count; i++) {
        end += a->slots[i].size;
        if (offset < end) return a->slots[i].datagram;
    }
    return a->count ? a->slots[a->count - 1].datagram : a->first_datagram;
}

static acp_net_status finish_message(acp_net_stream *s, stream_state *st, assembly *a,
                                     const acp_datagram *dg, int32_t di)
{
    size_t total = 0;
    for (uint16_t i = 0; i < a->count; i++) total += a->slots[i].size;
    uint8_t *bytes = malloc(total ? total : 1);
    if (!bytes) return ACP_NET_ERR_OUT_OF_MEMORY;
    size_t pos = 0;
    for (uint16_t i = 0; i < a->count; i++) {
        if (a->slots[i].size) memcpy(bytes + pos, a->slots[i].data, a->slots[i].size);
        pos += a->slots[i].size;
    }
    if (s->count == st->msg_cap) {
        size_t cap = st->msg_cap ? st->msg_cap * 2 : 64;
        acp_net_message *m = realloc(s->messages, cap * sizeof *m);
        if (!m) { free(bytes); return ACP_NET_ERR_OUT_OF_MEMORY; }
        s->messages = m;
        st->msg_cap = cap;
    }
    acp_net_message *m = &s->messages[s->count++];
    memset(m, 0, sizeof *m);
    m->dir = (acp_net_dir)a->dir;
    m->sequence = a->sequence;
    m->id = a->id;
    m->group = a->group;
    m->fragment_count = a->count;
    m->first_datagram = a->first_datagram;
    m->datagram = di;
    m->t = dg->t;
    m->data = bytes;
    m->size = (uint32_t)total;
    acp_net_diag err;
    m->status = acp_msg_decode(bytes, total, &m->msg, &err);
    s->stats.messages++;
    if (m->status != ACP_NET_OK) {
        s->stats.bad_messages++;
        size_t before = s->diags.count;
        add_diag(s, err.status, ACP_NET_AT_MESSAGE, datagram_at(a, err.offset), err.offset, err.field);
        if (s->diags.count > before) s->diags.items[before].opcode = err.opcode;
    } else {
        s->stats.by_kind[m->msg.kind][a->dir]++;
        if (m->msg.kind == ACP_MSG_PLAYER_CREATE && s->player_guid == 0)
            s->player_guid = m->msg.u.player_create.guid;
    }
    a->complete = true;
    free(a->slots);
    a->slots = NULL;
    return ACP_NET_OK;
}

/* File one fragment of a verified datagram. */
static acp_net_status take_fragment(acp_net_stream *s, stream_state *st, const acp_fragment *f,
                                    uint8_t dir, const acp_datagram *dg, int32_t di)
{
    assembly *a = asm_find(st, dir, f->sequence, f->id, true);
    if (!a) return ACP_NET_ERR_OUT_OF_MEMORY;
    uint16_t size = (uint16_t)(f->size - ACP_FRAGMENT_HEADER_SIZE);
    if (a->count == 0) {
        if (f->count > ACP_NET_MAX_FRAGMENTS_PER_MESSAGE) {
            add_diag(s, ACP_NET_ERR_LIMIT, ACP_NET_AT_DATAGRAM, di, f->at + 8, "fragment.count");
            /* It stays empty: later fragments of it are refused the same way. */
            return ACP_NET_OK;
        }
        a->slots = calloc(f->count, sizeof *a->slots);
        if (!a->slots) return ACP_NET_ERR_OUT_OF_MEMORY;
        a->count = f->count;
        a->group = f->group;
        a->first_datagram = di;
    }
    if (f->count != a->count) {
        add_diag(s, ACP_NET_ERR_FRAGMENT_COUNT, ACP_NET_AT_DATAGRAM, di, f->at + 8, "fragment.count");
        return ACP_NET_OK;
    }
    if (a->complete) return ACP_NET_OK; /* a retransmitted fragment of a finished message */
    frag_slot *slot = &a->slots[f->index];
    if (slot->data) {
        if (slot->size != size || memcmp(slot->data, f->data, size) != 0)
            add_diag(s, ACP_NET_ERR_FRAGMENT_CONFLICT, ACP_NET_AT_DATAGRAM, di, f->at, "fragment.data");
        return ACP_NET_OK;
    }
    slot->data = size ? f->data : (const uint8_t *)"";
    slot->size = size;
    slot->datagram = di;
    slot->at = f->at;
    if (++a->received < a->count) return ACP_NET_OK;
    return finish_message(s, st, a, dg, di);
}

/* Verify a parsed datagram's checksum; records its kind in *info. */
static bool verify(acp_net_stream *s, stream_state *st, const acp_datagram *dg, const acp_packet *p,
                   acp_datagram_info *info, seq_entry *e, bool repeat, int32_t di)
{
    uint32_t hh, bh;
    acp_packet_hashes(dg->data, dg->len, p, &hh, &bh);
    if (!(p->header.flags & ACP_PKT_ENCRYPTED_CHECKSUM)) {
        if (acp_packet_checksum(hh, bh, 0) == p->header.checksum) {
            info->checksum = ACP_CHECKSUM_PLAIN;
            return true;
        }
        add_diag(s, ACP_NET_ERR_CHECKSUM, ACP_NET_AT_DATAGRAM, di, 8, "header.checksum");
        info->checksum = ACP_CHECKSUM_BAD;
        return false;
    }
    key_stream *k = &st->keys[dg->dir];
    uint32_t key = (p->header.checksum - hh) ^ bh;
    info->key = key;
    if (!k->seeded) {
        add_diag(s, ACP_NET_ERR_NO_SEED, ACP_NET_AT_DATAGRAM, di, 8, "header.checksum");
        info->checksum = ACP_CHECKSUM_BAD;
        return false;
    }
    if ((repeat && e->keyed && e->key == key) || keys_take(k, key)) {
        if (!e->keyed) { e->keyed = true; e->key = key; }
        info->checksum = ACP_CHECKSUM_ISAAC;
        return true;
    }
    add_diag(s, ACP_NET_ERR_CHECKSUM, ACP_NET_AT_DATAGRAM, di, 8, "header.checksum");
    info->checksum = ACP_CHECKSUM_BAD;
    return false;
}

static acp_net_status take_datagram(acp_net_stream *s, stream_state *st, const acp_datagram *dg, int32_t di)
{
    acp_datagram_info *info = &s->datagrams[di];
    acp_packet p;
    acp_net_diag err;
    if (acp_packet_parse(dg->data, dg->len, &p, &err) != ACP_NET_OK) {
        s->stats.unparsed++;
        add_diag(s, err.status, ACP_NET_AT_DATAGRAM, di, err.offset, err.field);
        return ACP_NET_OK;
    }
    info->parsed = true;
    info->sequence = p.header.sequence;
    info->flags = p.header.flags;
    info->fragments = p.fragment_count;
    uint8_t dir = (uint8_t)dg->dir;
    bool created;
    seq_entry *e = seq_find(st, dir, p.header.sequence, &created);
    if (!e) return ACP_NET_ERR_OUT_OF_MEMORY;
    if (created) e->datagram = di;
    const acp_datagram *first = created ? NULL : dg - di + e->datagram;
    bool same = first && first->len == dg->len && memcmp(first->data, dg->data, dg->len) == 0;
    info->retransmit = !created && ((p.header.flags & ACP_PKT_RETRANSMISSION) || same);
    if (info->retransmit) s->stats.retransmits++;
    if (!verify(s, st, dg, &p, info, e, !created, di)) {
        s->stats.checksum_bad++;
        return ACP_NET_OK;
    }
    if (info->checksum == ACP_CHECKSUM_PLAIN) s->stats.checksum_plain++;
    else s->stats.checksum_isaac++;
    if (p.has_connect_request && !s->has_connect_request) {
        s->has_connect_request = true;
        s->connect_request = p.connect_request;
        keys_seed(&st->keys[ACP_NET_C2S], p.connect_request.seed_c2s);
        keys_seed(&st->keys[ACP_NET_S2C], p.connect_request.seed_s2c);
    }
    for (uint32_t i = 0; i < p.fragment_count; i++) {
        s->stats.fragments++;
        acp_net_status r = take_fragment(s, st, &p.fragments[i], dir, dg, di);
        if (r != ACP_NET_OK) return r;
    }
    return ACP_NET_OK;
}

/* Orders unfinished messages by their first datagram, then id. */
static int by_first_datagram(const void *x, const void *y)
{
    const assembly *a = *(const assembly *const *)x, *b = *(const assembly *const *)y;
    if (a->first_datagram != b->first_datagram) return a->first_datagram < b->first_datagram ? -1 : 1;
    if (a->dir != b->dir) return a->dir < b->dir ? -1 : 1;
    if (a->sequence != b->sequence) return a->sequence < b->sequence ? -1 : 1;
    return a->id < b->id ? -1 : a->id > b->id;
}

/* Every message still missing fragments, in the order of its first datagram. */
static acp_net_status list_lost(acp_net_stream *s, stream_state *st)
{
    size_t n = 0;
    for (size_t i = 0; i < st->asm_cap; i++)
        if (st->asm_[i].used && !st->asm_[i].complete && st->asm_[i].count) n++;
    if (!n) return ACP_NET_OK;
    assembly **lost = malloc(n * sizeof *lost);
    if (!lost) return ACP_NET_ERR_OUT_OF_MEMORY;
    n = 0;
    for (size_t i = 0; i < st->asm_cap; i++)
        if (st->asm_[i].used && !st->asm_[i].complete && st->asm_[i].count) lost[n++] = &st->asm_[i];
    qsort(lost, n, sizeof *lost, by_first_datagram);
    for (size_t i = 0; i < n; i++) {
        s->stats.lost++;
        add_diag(s, ACP_NET_ERR_FRAGMENT_LOST, ACP_NET_AT_MESSAGE, lost[i]->first_datagram, 0, "fragment.index");
    }
    free(lost);
    return ACP_NET_OK;
}

static void state_free(stream_state *st)
{
    if (!st) return;
    for (size_t i = 0; i < st->asm_cap; i++) free(st->asm_[i].slots);
    free(st->asm_);
    free(st->seqs);
    free(st);
}

acp_net_status acp_net_decode(const acp_datagram *dg, size_t n, acp_net_stream *out)
{
    if (!out) return ACP_NET_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!dg && n) return ACP_NET_ERR_ARGUMENT;
    if (n > INT32_MAX) return ACP_NET_ERR_LIMIT;
    stream_state *st = calloc(1, sizeof *st);
    out->datagrams = calloc(n ? n : 1, sizeof *out->datagrams);
    if (!st || !out->datagrams) {
        free(st);
        return ACP_NET_ERR_OUT_OF_MEMORY;
    }
    out->datagram_count = n;
    out->stats.datagrams = n;
    acp_net_status r = ACP_NET_OK;
    for (size_t i = 0; i < n && r == ACP_NET_OK; i++) r = take_datagram(out, st, &dg[i], (int32_t)i);
    if (r == ACP_NET_OK) r = list_lost(out, st);
    state_free(st);
    return r;
}

void acp_net_stream_free(acp_net_stream *s)
{
    if (!s) return;
    for (size_t i = 0; i < s->count; i++) free((void *)s->messages[i].data);
    free(s->messages);
    free(s->datagrams);
    acp_net_diags_free(&s->diags);
    memset(s, 0, sizeof *s);
}
