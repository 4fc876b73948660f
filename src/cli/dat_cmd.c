/* acphys — the CLI's DAT commands (see dat_cmd.h): the same code natively and in the .wasm; the
 * host reads the user's DAT block by block (an 800 MB client_cell_1.dat is never loaded whole). */
#include "dat_cmd.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dat/dat.h"
#include "dat/writer.h"
#include "scenario/excerpts.h"
#include "scenario/text.h"

const char acp_cli_dat_usage[] =
    "  acphys dump <dat> <id>    print record <id> (e.g. 0xD59AFFFF) of a DAT as JSON\n"
    "  acphys excerpt <dat> <id>... -o <out.dat>\n"
    "                            copy records into a new DAT of the same kind\n"
    "  acphys list <dat>         list a DAT's directory: id, type, size, date, iteration\n";

/* Standard output gathered up to this many bytes before the host prints it. */
#define OUT_CHUNK 65536u

/* A command's state: the host, and standard output not yet printed. */
typedef struct cli {
    const acp_dat_cli_host *host;
    acp_text out;
} cli;

static void flush_out(cli *c)
{
    if (c->out.len) c->host->print(1, c->out.data, c->out.len);
    acp_text_clear(&c->out);
}

static void vput(acp_text *t, const char *fmt, va_list ap)
{
    char small[512];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0) {
        va_end(again);
        return;
    }
    if ((size_t)n < sizeof small) {
        acp_text_put_n(t, small, (size_t)n);
    } else if (acp_text_reserve(t, (size_t)n + 1)) {
        vsnprintf(t->data + t->len, (size_t)n + 1, fmt, again);
        t->len += (size_t)n;
    }
    va_end(again);
}

/* printf to standard output (integers and strings only: glibc and musl print those alike). */
static void out(cli *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(cli *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vput(&c->out, fmt, ap);
    va_end(ap);
    if (c->out.len >= OUT_CHUNK) flush_out(c);
}

/* printf to standard error, after what standard output has gathered. */
static void err(cli *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void err(cli *c, const char *fmt, ...)
{
    flush_out(c);
    acp_text t;
    acp_text_init(&t);
    va_list ap;
    va_start(ap, fmt);
    vput(&t, fmt, ap);
    va_end(ap);
    if (t.len) c->host->print(2, t.data, t.len);
    acp_text_free(&t);
}

/* The end of a command: print what is left; returns rc. */
static int done(cli *c, int rc)
{
    flush_out(c);
    acp_text_free(&c->out);
    return rc;
}

static void report(cli *c, const char *path, const acp_dat_error *e)
{
    if (e->status == ACP_DAT_ERR_NOT_FOUND) { /* no place in the file to name: the id is the news */
        err(c, "acphys: %s: no record 0x%08X in this DAT (%s)\n", path, e->record_id, acp_dat_status_name(e->status));
        return;
    }
    acp_text t;
    acp_text_init(&t);
    acp_text_put(&t, "acphys: ");
    acp_text_put(&t, path);
    acp_text_put(&t, ": ");
    acp_text_put(&t, e->message ? e->message : acp_dat_status_string(e->status));
    acp_text_put(&t, " (");
    acp_text_put(&t, acp_dat_status_name(e->status));
    acp_text_put(&t, ")");
    if (e->record_id) {
        acp_text_put(&t, ", record ");
        acp_text_put_hex32(&t, e->record_id);
    }
    acp_text_put(&t, e->in_record ? ", record offset " : ", file offset ");
    acp_text_put_u64(&t, e->offset);
    if (e->field && *e->field) {
        acp_text_put(&t, ", field ");
        acp_text_put(&t, e->field);
    }
    err(c, "%s\n", t.data ? t.data : "acphys: out of memory");
    acp_text_free(&t);
}

static int parse_id(cli *c, const char *s, uint32_t *id)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (!*s || *end || v > 0xFFFFFFFFull) {
        err(c, "acphys: '%s' is not a record id (use hex like 0x02000001)\n", s);
        return -1;
    }
    *id = (uint32_t)v;
    return 0;
}

/* When the file is shorter than its header's fileSize_ (at 0x148, after the magic 0x5442 at
 * 0x140), say so, first: a cut copy explains any block "outside the file" that follows. */
static bool note_truncated(cli *c, const char *path, const acp_dat_source *src)
{
    uint8_t b[12];
    if (src->length < 0x14C || src->read(src->ctx, 0x140, sizeof b, b) != ACP_DAT_READ_OK) return false;
    uint32_t magic = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    uint32_t size = (uint32_t)b[8] | (uint32_t)b[9] << 8 | (uint32_t)b[10] << 16 | (uint32_t)b[11] << 24;
    if (magic != 0x5442u || size <= src->length) return false;
    err(c,
        "acphys: %s: the file is %" PRIu64 " bytes but its header (fileSize_ at 0x148) says %u: it is "
        "truncated, and records stored past byte %" PRIu64 " cannot be read\n",
        path, src->length, size, src->length);
    return true;
}

/* A DAT error, after the truncation note when the file is cut short. */
static void report_dat(cli *c, const char *path, const acp_dat_source *src, const acp_dat_error *e)
{
    note_truncated(c, path, src);
    report(c, path, e);
}

/* Open a DAT as a container; 0 or an exit status. */
static int open_dat(cli *c, const char *path, acp_dat_source *src, acp_dat_container *con)
{
    char why[512];
    if (c->host->open(path, src, why, sizeof why) != 0) {
        err(c, "acphys: %s: %s\n", path, why);
        return 1;
    }
    acp_dat_error e;
    if (acp_dat_container_open(con, *src, &e) != ACP_DAT_OK) {
        report_dat(c, path, src, &e);
        c->host->close(src);
        return 1;
    }
    return 0;
}

/* Read record `id`: its entry and bytes (malloc'd); 0 or an exit status. */
static int read_record(cli *c, const char *path, const acp_dat_container *con, uint32_t id, acp_dat_entry *e,
                       uint8_t **bytes)
{
    acp_dat_error de;
    acp_dat_status st = acp_dat_container_find(con, id, e, &de);
    if (st == ACP_DAT_OK) st = acp_dat_container_check_entry(con, e, &de);
    if (st != ACP_DAT_OK) {
        report_dat(c, path, &con->src, &de);
        return 1;
    }
    *bytes = malloc(e->size ? e->size : 1);
    if (!*bytes) {
        err(c, "acphys: out of memory\n");
        return 1;
    }
    if (acp_dat_container_read(con, e, *bytes, &de) != ACP_DAT_OK) {
        report_dat(c, path, &con->src, &de);
        free(*bytes);
        *bytes = NULL;
        return 1;
    }
    return 0;
}

/* Parse a record of a type acphys knows (the type comes from the DAT's kind and the id). */
static int parse_record(cli *c, const char *path, const acp_dat_container *con, const acp_dat_entry *e,
                        const uint8_t *bytes, acp_dat_record *rec)
{
    acp_dat_error de;
    acp_dat_type type = acp_dat_type_of(con->header.data_set, e->id);
    if (acp_dat_record_parse(type, e->id, bytes, e->size, rec, &de) != ACP_DAT_OK) {
        report(c, path, &de);
        return 1;
    }
    return 0;
}

/* Region 0x13000000 of the embedded default excerpts (data/portal-default.dat), or NULL when the
 * build embedded none; *set receives the record set holding it (the caller destroys it). */
static const acp_region *default_region(acp_datset **set)
{
    uint32_t n = 0;
    const acp_embedded_excerpt *ex = acp_default_excerpts(&n);
    *set = acp_datset_create();
    if (!*set) return NULL;
    acp_dat_error e;
    for (uint32_t i = 0; i < n; i++) acp_datset_add_dat_bytes(*set, ex[i].data, ex[i].size, &e);
    return acp_datset_region(*set, 0x13000000u);
}

/* Print a parsed record as JSON; a LandBlock gets its heights in metres from a Region: the DAT's
 * own when it carries one, else the embedded portal excerpt's (retail reads the Region from
 * client_portal.dat, where the default excerpts keep it too). 0 or an exit status. */
static int dump_parsed(cli *c, const char *path, const acp_dat_container *con, acp_dat_type type, const acp_dat_record *rec)
{
    acp_dat_record region_rec;
    memset(&region_rec, 0, sizeof region_rec);
    const acp_region *region = NULL;
    acp_datset *fallback = NULL;
    acp_dat_entry re;
    uint8_t *rbytes = NULL;
    acp_dat_error e;
    if (type == ACP_DAT_TYPE_LANDBLOCK && acp_dat_container_find(con, 0x13000000u, &re, &e) == ACP_DAT_OK &&
        read_record(c, path, con, re.id, &re, &rbytes) == 0 && parse_record(c, path, con, &re, rbytes, &region_rec) == 0)
        region = region_rec.as.region;
    if (type == ACP_DAT_TYPE_LANDBLOCK && !region) region = default_region(&fallback);
    free(rbytes);
    char *json = acp_dat_record_json(rec, region, NULL);
    int rc = json ? 0 : 1;
    if (json) out(c, "%s\n", json);
    else err(c, "acphys: out of memory\n");
    free(json);
    acp_dat_record_free(&region_rec);
    acp_datset_destroy(fallback);
    return rc;
}

int acp_dat_cli_dump(const acp_dat_cli_host *host, int argc, char **argv)
{
    cli c = {host, {0}};
    acp_text_init(&c.out);
    if (argc != 2) {
        err(&c, "usage: acphys dump <dat> <id>\n");
        return done(&c, 2);
    }
    uint32_t id;
    if (parse_id(&c, argv[1], &id)) return done(&c, 2);
    acp_dat_source src;
    acp_dat_container con;
    int rc = open_dat(&c, argv[0], &src, &con);
    if (rc) return done(&c, rc);
    acp_dat_entry e;
    uint8_t *bytes = NULL;
    rc = read_record(&c, argv[0], &con, id, &e, &bytes);
    acp_dat_type type = acp_dat_type_of(con.header.data_set, id);
    if (!rc && type == ACP_DAT_TYPE_UNKNOWN) {
        /* Not a type acphys parses: describe the directory entry only. */
        out(&c, "{\"id\":\"0x%08X\",\"type\":\"unknown\",\"size\":%u,\"date\":%d,\"iteration\":%d,\"flags\":\"0x%08X\"}\n",
            e.id, e.size, e.date, e.iteration, e.flags);
    } else if (!rc) {
        acp_dat_record rec;
        rc = parse_record(&c, argv[0], &con, &e, bytes, &rec);
        if (!rc) rc = dump_parsed(&c, argv[0], &con, type, &rec);
        acp_dat_record_free(&rec);
    }
    free(bytes);
    host->close(&src);
    return done(&c, rc);
}

/* The excerpt being gathered: the ids to copy, in order (the named ones first, then what they
 * name), and the named-but-absent ones. */
typedef struct gather {
    uint32_t *ids;
    size_t n, cap;
    uint32_t *absent;
    size_t n_absent, cap_absent;
    uint32_t *other;                  /* named records of the other DAT (a cell DAT's GfxObjs, ...) */
    size_t n_other, cap_other;
    uint32_t other_set;               /* that DAT's data set */
} gather;

static bool has_id(const uint32_t *ids, size_t n, uint32_t id)
{
    for (size_t i = 0; i < n; i++)
        if (ids[i] == id) return true;
    return false;
}

static int push_id(cli *c, uint32_t **ids, size_t *n, size_t *cap, uint32_t id)
{
    if (has_id(*ids, *n, id)) return 0;
    uint32_t *grown = acp_grow(*ids, cap, *n, sizeof **ids);
    if (!grown) {
        err(c, "acphys: out of memory\n");
        return 1;
    }
    *ids = grown;
    (*ids)[(*n)++] = id;
    return 0;
}

/* Queue the records `rec` names that live in this DAT and that acphys parses; a named record the
 * DAT does not hold is noted (a Setup's GfxObjs in a portal DAT without them, say). */
static int follow_refs(cli *cl, const acp_dat_container *c, const acp_dat_record *rec, gather *g)
{
    acp_dat_ref small[64];
    size_t n = acp_dat_record_refs(rec, small, 64);
    acp_dat_ref *refs = small;
    if (n > 64) {
        refs = malloc(n * sizeof *refs);
        if (!refs) {
            err(cl, "acphys: out of memory\n");
            return 1;
        }
        acp_dat_record_refs(rec, refs, n);
    }
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        uint32_t id = refs[i].id;
        if (refs[i].data_set != c->header.data_set) {
            /* Another DAT's record (a LandBlockInfo's shells, an EnvCell's Environment): noted. */
            g->other_set = refs[i].data_set;
            if (acp_dat_type_of(refs[i].data_set, id) != ACP_DAT_TYPE_UNKNOWN && !has_id(g->other, g->n_other, id))
                rc = push_id(cl, &g->other, &g->n_other, &g->cap_other, id);
            continue;
        }
        if (acp_dat_type_of(c->header.data_set, id) == ACP_DAT_TYPE_UNKNOWN) continue;
        acp_dat_entry e;
        acp_dat_error err;
        if (acp_dat_container_find(c, id, &e, &err) == ACP_DAT_OK) rc = push_id(cl, &g->ids, &g->n, &g->cap, id);
        else rc = push_id(cl, &g->absent, &g->n_absent, &g->cap_absent, id);
    }
    if (refs != small) free(refs);
    return rc;
}

/* Copy record ids[i] into the writer (parsing it first when acphys parses its type: an excerpt
 * never carries a broken record) and, with deps, queue what it names. */
static int copy_record(cli *cl, const char *dat, const acp_dat_container *c, acp_dat_writer *w, gather *g, size_t i,
                       bool deps)
{
    acp_dat_entry e;
    uint8_t *bytes = NULL;
    int rc = read_record(cl, dat, c, g->ids[i], &e, &bytes);
    if (!rc && acp_dat_type_of(c->header.data_set, e.id) != ACP_DAT_TYPE_UNKNOWN) {
        acp_dat_record rec;
        rc = parse_record(cl, dat, c, &e, bytes, &rec);
        if (!rc && deps) rc = follow_refs(cl, c, &rec, g);
        acp_dat_record_free(&rec);
    }
    if (!rc) {
        acp_dat_status st = acp_dat_writer_add(w, &e, bytes, e.size);
        if (st != ACP_DAT_OK) {
            err(cl, "acphys: record 0x%08X: %s\n", e.id, acp_dat_status_string(st));
            rc = 1;
        }
    }
    free(bytes);
    return rc;
}

/* The notes after an excerpt: named records it could not copy. */
static void excerpt_notes(cli *c, const gather *g, const char *dat)
{
    for (size_t i = 0; i < g->n_absent && i < 20; i++)
        err(c, "acphys: note: 0x%08X is named by a copied record but is not in %s\n", g->absent[i], dat);
    if (g->n_absent > 20) err(c, "acphys: note: %zu more named records are not in %s\n", g->n_absent - 20, dat);
    const char *other = g->other_set == ACP_DAT_PORTAL ? "portal" : g->other_set == ACP_DAT_CELL ? "cell" : "other";
    for (size_t i = 0; i < g->n_other && i < 20; i++)
        err(c, "acphys: note: 0x%08X is named by a copied record and lives in the %s DAT: excerpt it from there\n",
            g->other[i], other);
    if (g->n_other > 20) err(c, "acphys: note: %zu more named records live in the %s DAT\n", g->n_other - 20, other);
}

int acp_dat_cli_excerpt(const acp_dat_cli_host *host, int argc, char **argv)
{
    cli c = {host, {0}};
    acp_text_init(&c.out);
    const char *out_path = NULL;
    gather g = {0};
    const char *dat = NULL;
    int rc = 0;
    bool bare_o = false; /* -o without its file */
    bool deps = true;
    for (int i = 0; i < argc && !rc && !bare_o; i++) {
        uint32_t id;
        if (!strcmp(argv[i], "-o") && i + 1 >= argc) bare_o = true;
        else if (!strcmp(argv[i], "-o")) out_path = argv[++i];
        else if (!strcmp(argv[i], "--no-deps")) deps = false;
        else if (!strcmp(argv[i], "--with-deps")) deps = true;
        else if (!dat) dat = argv[i];
        else if (parse_id(&c, argv[i], &id)) rc = 2;
        else rc = push_id(&c, &g.ids, &g.n, &g.cap, id);
    }
    if (!rc && (bare_o || !dat || !out_path || !*out_path || g.n == 0)) {
        err(&c, "usage: acphys excerpt <dat> <id>... -o <out.dat> [--no-deps]\n");
        rc = 2;
    }
    if (!rc && host->same_file(dat, out_path)) {
        err(&c, "acphys: excerpt: -o %s is the DAT being read; write the excerpt to another file\n", out_path);
        rc = 2;
    }
    acp_dat_source src;
    acp_dat_container con;
    if (!rc) rc = open_dat(&c, dat, &src, &con);
    if (rc) {
        free(g.ids);
        return done(&c, rc);
    }
    size_t named = g.n;
    acp_dat_writer *w = acp_dat_writer_create(&con.header);
    if (!w) {
        err(&c, "acphys: out of memory\n");
        rc = 1;
    }
    for (size_t i = 0; i < g.n && !rc; i++) rc = copy_record(&c, dat, &con, w, &g, i, deps);
    uint8_t *file = NULL;
    size_t size = 0;
    char why[4608];
    if (!rc) {
        acp_dat_status st = acp_dat_writer_finish(w, &file, &size);
        if (st != ACP_DAT_OK) {
            err(&c, "acphys: %s\n", acp_dat_status_string(st));
            rc = 1;
        } else if (host->write_file(out_path, file, size, why, sizeof why) != 0) {
            err(&c, "acphys: %s: %s\n", out_path, why);
            rc = 1;
        } else {
            out(&c, "%s: %zu records (%zu named, %zu they need), %zu bytes, block size %u\n", out_path,
                acp_dat_writer_count(w), named, g.n - named, size, con.header.block_size);
            excerpt_notes(&c, &g, dat);
        }
    }
    free(file);
    acp_dat_writer_destroy(w);
    host->close(&src);
    free(g.ids);
    free(g.absent);
    free(g.other);
    return done(&c, rc);
}

typedef struct list_ctx {
    cli *c;
    uint32_t data_set;
} list_ctx;

/* A directory entry's date (Unix seconds, UTC) as "YYYY-MM-DD hh:mm:ss"; 0 as "-" (none). The
 * calendar from days since 1970-01-01 is H. Hinnant's civil_from_days (proleptic Gregorian), so
 * the C library's time zone never enters. */
static void format_date(int32_t date, char out[40])
{
    if (date == 0) {
        memcpy(out, "-", 2);
        return;
    }
    int64_t t = date, days = t >= 0 ? t / 86400 : -((-t + 86399) / 86400), secs = t - days * 86400;
    int64_t z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097, yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    int64_t d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9, y = yoe + era * 400 + (m <= 2);
    snprintf(out, 40, "%04d-%02d-%02d %02d:%02d:%02d", (int)y, (int)m, (int)d, (int)(secs / 3600),
             (int)(secs / 60 % 60), (int)(secs % 60));
}

static bool print_entry(void *ctx, const acp_dat_entry *e)
{
    const list_ctx *l = ctx;
    char date[40];
    format_date(e->date, date);
    out(l->c, "0x%08X  %-19s %10u  %-19s %9d%s\n", e->id, acp_dat_type_name(acp_dat_type_of(l->data_set, e->id)),
        e->size, date, e->iteration, (e->flags & 1u) ? "  compressed" : "");
    return true;
}

int acp_dat_cli_list(const acp_dat_cli_host *host, int argc, char **argv)
{
    cli c = {host, {0}};
    acp_text_init(&c.out);
    if (argc != 1) {
        err(&c, "usage: acphys list <dat>\n");
        return done(&c, 2);
    }
    acp_dat_source src;
    acp_dat_container con;
    int rc = open_dat(&c, argv[0], &src, &con);
    if (rc) return done(&c, rc);
    list_ctx l = {&c, con.header.data_set};
    out(&c, "%-10s  %-19s %10s  %-19s %9s\n", "id", "type", "size", "date (UTC)", "iteration");
    acp_dat_error e;
    if (acp_dat_container_enumerate(&con, print_entry, &l, NULL, &e) != ACP_DAT_OK) {
        report_dat(&c, argv[0], &src, &e);
        rc = 1;
    } else if (note_truncated(&c, argv[0], &src)) {
        /* The directory may sit in the part that is left, but the records do not all: say so. */
        rc = 1;
    }
    host->close(&src);
    return done(&c, rc);
}
