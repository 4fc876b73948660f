/* acphys — the CLI's DAT commands (see dat_cmd.h). The user's DAT is read through pread, block by
 * block: an 800 MB client_cell_1.dat is never loaded whole. */
#define _POSIX_C_SOURCE 200809L
#include "dat_cmd.h"

#include <errno.h>
#include <sys/stat.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dat/dat.h"
#include "dat/writer.h"
#include "scenario/excerpts.h"
#include "dat_file.h"
#include "outfile.h"

const char acp_cli_dat_usage[] =
    "  acphys dump <dat> <id>    print record <id> (e.g. 0xD59AFFFF) of a DAT as JSON\n"
    "  acphys excerpt <dat> <id>... -o <out.dat>\n"
    "                            copy records into a new DAT of the same kind\n"
    "  acphys list <dat>         list a DAT's directory: id, type, size, date, iteration\n";

static void report(const char *path, const acp_dat_error *e)
{
    fprintf(stderr, "acphys: %s: %s (%s)", path, e->message ? e->message : acp_dat_status_string(e->status),
            acp_dat_status_name(e->status));
    if (e->record_id) fprintf(stderr, ", record 0x%08X", e->record_id);
    fprintf(stderr, ", %s offset %" PRIu64, e->in_record ? "record" : "file", e->offset);
    if (e->field && *e->field) fprintf(stderr, ", field %s", e->field);
    fputc('\n', stderr);
}

static int parse_id(const char *s, uint32_t *id)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (!*s || *end || v > 0xFFFFFFFFull) {
        fprintf(stderr, "acphys: '%s' is not a record id (use hex like 0x02000001)\n", s);
        return -1;
    }
    *id = (uint32_t)v;
    return 0;
}

/* After a failure: when the file is shorter than its header's fileSize_ (at 0x148, after the
 * magic 0x5442 at 0x140), say so; a cut copy explains any block "outside the file". */
static void note_truncated(const char *path, const acp_dat_file *f)
{
    uint8_t b[12];
    acp_dat_source src = acp_dat_file_source((acp_dat_file *)f);
    if (f->fd < 0 || f->length < 0x14C || src.read(src.ctx, 0x140, sizeof b, b) != ACP_DAT_READ_OK) return;
    uint32_t magic = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    uint32_t size = (uint32_t)b[8] | (uint32_t)b[9] << 8 | (uint32_t)b[10] << 16 | (uint32_t)b[11] << 24;
    if (magic != 0x5442u || size <= f->length) return;
    fprintf(stderr,
            "acphys: %s: the file is %" PRIu64 " bytes but its header (fileSize_ at 0x148) says %u: it is "
            "truncated, and records stored past byte %" PRIu64 " cannot be read\n",
            path, f->length, size, f->length);
}

/* Open a DAT on disk as a container; 0 or an exit status. */
static int open_dat(const char *path, acp_dat_file *f, acp_dat_container *c)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "acphys: %s: cannot open: %s\n", path, strerror(errno));
        return 1;
    }
    if (!S_ISREG(st.st_mode)) {
        fprintf(stderr, "acphys: %s: not a regular file%s\n", path, S_ISDIR(st.st_mode) ? " (a directory)" : "");
        return 1;
    }
    if (acp_dat_file_open(f, path) != ACP_DAT_OK) {
        fprintf(stderr, "acphys: %s: cannot open: %s\n", path, strerror(errno));
        return 1;
    }
    acp_dat_error err;
    if (acp_dat_container_open(c, acp_dat_file_source(f), &err) != ACP_DAT_OK) {
        report(path, &err);
        note_truncated(path, f);
        acp_dat_file_close(f);
        return 1;
    }
    return 0;
}

/* Read record `id`: its entry and bytes (malloc'd); 0 or an exit status. */
static int read_record(const char *path, const acp_dat_container *c, uint32_t id, acp_dat_entry *e,
                       uint8_t **bytes)
{
    acp_dat_error err;
    if (acp_dat_container_find(c, id, e, &err) != ACP_DAT_OK) {
        report(path, &err);
        return 1;
    }
    if (acp_dat_container_check_entry(c, e, &err) != ACP_DAT_OK) {
        report(path, &err);
        return 1;
    }
    *bytes = malloc(e->size ? e->size : 1);
    if (!*bytes) {
        fprintf(stderr, "acphys: out of memory\n");
        return 1;
    }
    if (acp_dat_container_read(c, e, *bytes, &err) != ACP_DAT_OK) {
        report(path, &err);
        free(*bytes);
        *bytes = NULL;
        return 1;
    }
    return 0;
}

/* Parse a record of a type acphys knows (the type comes from the DAT's kind and the id). */
static int parse_record(const char *path, const acp_dat_container *c, const acp_dat_entry *e,
                        const uint8_t *bytes, acp_dat_record *rec)
{
    acp_dat_error err;
    acp_dat_type type = acp_dat_type_of(c->header.data_set, e->id);
    if (acp_dat_record_parse(type, e->id, bytes, e->size, rec, &err) != ACP_DAT_OK) {
        report(path, &err);
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
    acp_dat_error err;
    for (uint32_t i = 0; i < n; i++) acp_datset_add_dat_bytes(*set, ex[i].data, ex[i].size, &err);
    return acp_datset_region(*set, 0x13000000u);
}

int acp_cli_dump(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: acphys dump <dat> <id>\n");
        return 2;
    }
    uint32_t id;
    if (parse_id(argv[1], &id)) return 2;
    acp_dat_file f;
    acp_dat_container c;
    int rc = open_dat(argv[0], &f, &c);
    if (rc) return rc;
    acp_dat_entry e;
    uint8_t *bytes = NULL;
    rc = read_record(argv[0], &c, id, &e, &bytes);
    if (rc) note_truncated(argv[0], &f);
    acp_dat_type type = acp_dat_type_of(c.header.data_set, id);
    if (!rc && type == ACP_DAT_TYPE_UNKNOWN) {
        /* Not a type acphys parses: describe the directory entry only. */
        printf("{\"id\":\"0x%08X\",\"type\":\"unknown\",\"size\":%u,\"date\":%d,\"iteration\":%d,"
               "\"flags\":\"0x%08X\"}\n",
               e.id, e.size, e.date, e.iteration, e.flags);
    } else if (!rc) {
        acp_dat_record rec, region_rec;
        memset(&region_rec, 0, sizeof region_rec);
        rc = parse_record(argv[0], &c, &e, bytes, &rec);
        if (!rc) {
            /* A LandBlock gets its heights in metres from a Region: the DAT's own when it carries
             * one, else the embedded portal excerpt's (retail reads the Region from
             * client_portal.dat, where the default excerpts keep it too). */
            const acp_region *region = NULL;
            acp_datset *fallback = NULL;
            acp_dat_entry re;
            uint8_t *rbytes = NULL;
            acp_dat_error err;
            if (type == ACP_DAT_TYPE_LANDBLOCK && acp_dat_container_find(&c, 0x13000000u, &re, &err) == ACP_DAT_OK &&
                read_record(argv[0], &c, re.id, &re, &rbytes) == 0 &&
                parse_record(argv[0], &c, &re, rbytes, &region_rec) == 0)
                region = region_rec.as.region;
            if (type == ACP_DAT_TYPE_LANDBLOCK && !region) region = default_region(&fallback);
            free(rbytes);
            char *json = acp_dat_record_json(&rec, region, NULL);
            if (json) printf("%s\n", json);
            else rc = 1;
            free(json);
            acp_dat_record_free(&rec);
            acp_dat_record_free(&region_rec);
            acp_datset_destroy(fallback);
        }
    }
    free(bytes);
    acp_dat_file_close(&f);
    return rc;
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

static int push_id(uint32_t **ids, size_t *n, size_t *cap, uint32_t id)
{
    if (has_id(*ids, *n, id)) return 0;
    uint32_t *grown = acp_grow(*ids, cap, *n, sizeof **ids);
    if (!grown) {
        fprintf(stderr, "acphys: out of memory\n");
        return 1;
    }
    *ids = grown;
    (*ids)[(*n)++] = id;
    return 0;
}

/* Queue the records `rec` names that live in this DAT and that acphys parses; a named record the
 * DAT does not hold is noted (a Setup's GfxObjs in a portal DAT without them, say). */
static int follow_refs(const acp_dat_container *c, const acp_dat_record *rec, gather *g)
{
    acp_dat_ref small[64];
    size_t n = acp_dat_record_refs(rec, small, 64);
    acp_dat_ref *refs = small;
    if (n > 64) {
        refs = malloc(n * sizeof *refs);
        if (!refs) {
            fprintf(stderr, "acphys: out of memory\n");
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
                rc = push_id(&g->other, &g->n_other, &g->cap_other, id);
            continue;
        }
        if (acp_dat_type_of(c->header.data_set, id) == ACP_DAT_TYPE_UNKNOWN) continue;
        acp_dat_entry e;
        acp_dat_error err;
        if (acp_dat_container_find(c, id, &e, &err) == ACP_DAT_OK) rc = push_id(&g->ids, &g->n, &g->cap, id);
        else rc = push_id(&g->absent, &g->n_absent, &g->cap_absent, id);
    }
    if (refs != small) free(refs);
    return rc;
}

/* Copy record ids[i] into the writer (parsing it first when acphys parses its type: an excerpt
 * never carries a broken record) and, with deps, queue what it names. */
static int copy_record(const char *dat, acp_dat_file *f, const acp_dat_container *c, acp_dat_writer *w,
                       gather *g, size_t i, bool deps)
{
    acp_dat_entry e;
    uint8_t *bytes = NULL;
    int rc = read_record(dat, c, g->ids[i], &e, &bytes);
    if (rc) note_truncated(dat, f);
    if (!rc && acp_dat_type_of(c->header.data_set, e.id) != ACP_DAT_TYPE_UNKNOWN) {
        acp_dat_record rec;
        rc = parse_record(dat, c, &e, bytes, &rec);
        if (!rc && deps) rc = follow_refs(c, &rec, g);
        acp_dat_record_free(&rec);
    }
    if (!rc) {
        acp_dat_status st = acp_dat_writer_add(w, &e, bytes, e.size);
        if (st != ACP_DAT_OK) {
            fprintf(stderr, "acphys: record 0x%08X: %s\n", e.id, acp_dat_status_string(st));
            rc = 1;
        }
    }
    free(bytes);
    return rc;
}

int acp_cli_excerpt(int argc, char **argv)
{
    const char *out = NULL;
    gather g = {0};
    const char *dat = NULL;
    int rc = 0;
    bool bare_o = false; /* -o without its file */
    bool deps = true;
    for (int i = 0; i < argc && !rc && !bare_o; i++) {
        uint32_t id;
        if (!strcmp(argv[i], "-o") && i + 1 >= argc) bare_o = true;
        else if (!strcmp(argv[i], "-o")) out = argv[++i];
        else if (!strcmp(argv[i], "--no-deps")) deps = false;
        else if (!strcmp(argv[i], "--with-deps")) deps = true;
        else if (!dat) dat = argv[i];
        else if (parse_id(argv[i], &id)) rc = 2;
        else rc = push_id(&g.ids, &g.n, &g.cap, id);
    }
    if (!rc && (bare_o || !dat || !out || !*out || g.n == 0)) {
        fprintf(stderr, "usage: acphys excerpt <dat> <id>... -o <out.dat> [--no-deps]\n");
        rc = 2;
    }
    if (!rc && acp_same_file(dat, out)) {
        fprintf(stderr, "acphys: excerpt: -o %s is the DAT being read; write the excerpt to another file\n", out);
        rc = 2;
    }
    acp_dat_file f;
    acp_dat_container c;
    if (!rc) rc = open_dat(dat, &f, &c);
    if (rc) {
        free(g.ids);
        return rc;
    }
    size_t named = g.n;
    acp_dat_writer *w = acp_dat_writer_create(&c.header);
    if (!w) rc = 1;
    for (size_t i = 0; i < g.n && !rc; i++) rc = copy_record(dat, &f, &c, w, &g, i, deps);
    uint8_t *file = NULL;
    size_t size = 0;
    char why[ACP_OUTFILE_ERR_SIZE];
    if (!rc) {
        acp_dat_status st = acp_dat_writer_finish(w, &file, &size);
        if (st != ACP_DAT_OK) {
            fprintf(stderr, "acphys: %s\n", acp_dat_status_string(st));
            rc = 1;
        } else if (acp_write_whole_file(out, file, size, why, sizeof why) != 0) {
            fprintf(stderr, "acphys: %s: %s\n", out, why);
            rc = 1;
        } else {
            printf("%s: %zu records (%zu named, %zu they need), %zu bytes, block size %u\n", out,
                   acp_dat_writer_count(w), named, g.n - named, size, c.header.block_size);
            for (size_t i = 0; i < g.n_absent && i < 20; i++)
                fprintf(stderr, "acphys: note: 0x%08X is named by a copied record but is not in %s\n", g.absent[i], dat);
            if (g.n_absent > 20) fprintf(stderr, "acphys: note: %zu more named records are not in %s\n", g.n_absent - 20, dat);
            const char *other = g.other_set == ACP_DAT_PORTAL ? "portal" : g.other_set == ACP_DAT_CELL ? "cell" : "other";
            for (size_t i = 0; i < g.n_other && i < 20; i++)
                fprintf(stderr, "acphys: note: 0x%08X is named by a copied record and lives in the %s DAT: excerpt it "
                                "from there\n", g.other[i], other);
            if (g.n_other > 20)
                fprintf(stderr, "acphys: note: %zu more named records live in the %s DAT\n", g.n_other - 20, other);
        }
    }
    free(file);
    acp_dat_writer_destroy(w);
    acp_dat_file_close(&f);
    free(g.ids);
    free(g.absent);
    free(g.other);
    return rc;
}

typedef struct list_ctx {
    uint32_t data_set;
} list_ctx;

static bool print_entry(void *ctx, const acp_dat_entry *e)
{
    const list_ctx *l = ctx;
    printf("0x%08X %-11s %10u %11d %6d%s\n", e->id, acp_dat_type_name(acp_dat_type_of(l->data_set, e->id)), e->size,
           e->date, e->iteration, (e->flags & 1u) ? " compressed" : "");
    return true;
}

int acp_cli_list(int argc, char **argv)
{
    if (argc != 1) {
        fprintf(stderr, "usage: acphys list <dat>\n");
        return 2;
    }
    acp_dat_file f;
    acp_dat_container c;
    int rc = open_dat(argv[0], &f, &c);
    if (rc) return rc;
    list_ctx l = {c.header.data_set};
    acp_dat_error err;
    if (acp_dat_container_enumerate(&c, print_entry, &l, NULL, &err) != ACP_DAT_OK) {
        report(argv[0], &err);
        rc = 1;
        note_truncated(argv[0], &f);
    } else if (c.header.file_size > f.length) {
        /* The directory may sit in the part that is left, but the records do not all: say so. */
        note_truncated(argv[0], &f);
        rc = 1;
    }
    acp_dat_file_close(&f);
    return rc;
}
