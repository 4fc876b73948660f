/* acphys — the WebAssembly ABI, the DAT commands (`npx acphys list|dump|excerpt`): the native CLI's
 * own code (src/cli/dat_cmd.c), so both print the same bytes, on a host that the caller gives as
 * the module's acp_host_* imports (bin/acphys.mjs binds them to Node's fs through
 * Acphys.host; wasm/acphys.mjs binds them to a stub that throws anywhere else): the DAT is read
 * with synchronous positioned reads, block by block, as natively with pread, and never whole.
 * Conventions: wasm/abi/abi.h. */
#include "abi.h"

#include <stdio.h>

#include "../../src/cli/dat_cmd.h"
#include "../../src/cli/world_cmd.h"

/* The host's functions: imports of the module (declared to Emscripten by wasm/host.js, so a
 * standalone build imports them from "env"). */
#define ACP_HOST(name) extern

/** Print n bytes on standard output (stream 1) or standard error (2). */
ACP_HOST("print") void acp_host_print(int stream, const char *bytes, uint32_t n);
/** Open a DAT for reading: a handle >= 0 with its length in bytes at *length, or -1 with the
 *  reason (NUL-terminated, at most why_size bytes) in why. */
ACP_HOST("open") int acp_host_open(const char *path, char *why, uint32_t why_size, double *length);
/** Read length bytes at file offset into out: 0, or -1 on an I/O error or a short read. */
ACP_HOST("read") int acp_host_read(int handle, double offset, uint32_t length, uint8_t *out);
/** Close a handle from open. */
ACP_HOST("close") void acp_host_close(int handle);
/** 1 when a and b name the same existing file, else 0. */
ACP_HOST("same_file") int acp_host_same_file(const char *a, const char *b);
/** Write size bytes to path as src/cli/outfile.h says: 0, or -1 with the reason in why. */
ACP_HOST("write_file") int acp_host_write_file(const char *path, const uint8_t *bytes, uint32_t size, char *why,
                                               uint32_t why_size);

static void host_print(int stream, const char *bytes, size_t n) { acp_host_print(stream, bytes, (uint32_t)n); }

static int host_read(void *ctx, uint64_t offset, uint32_t length, uint8_t *out)
{
    return acp_host_read((int)(intptr_t)ctx, (double)offset, length, out) == 0 ? ACP_DAT_READ_OK : -1;
}

static int host_open(const char *path, acp_dat_source *src, char *why, size_t why_size)
{
    double length = 0;
    int h = acp_host_open(path, why, (uint32_t)why_size, &length);
    if (h < 0) return -1;
    src->read = host_read;
    src->ctx = (void *)(intptr_t)h;
    src->length = (uint64_t)length;
    return 0;
}

static void host_close(acp_dat_source *src) { acp_host_close((int)(intptr_t)src->ctx); }

static bool host_same_file(const char *a, const char *b) { return acp_host_same_file(a, b) != 0; }

static int host_write_file(const char *path, const uint8_t *bytes, size_t size, char *why, size_t why_size)
{
    if (size > UINT32_MAX) {
        snprintf(why, why_size, "larger than 4 GiB");
        return -1;
    }
    return acp_host_write_file(path, bytes, (uint32_t)size, why, (uint32_t)why_size);
}

static const acp_dat_cli_host HOST = {host_print, host_open, host_close, host_same_file, host_write_file};

/** Run the DAT command `name` ("list", "dump", "excerpt" or "world", src/cli/world_cmd.h) with argv[0..argc) (the arguments
 *  after it, NUL-terminated strings), printing through the host: the exit status (0, 1 a DAT or
 *  I/O error, 2 usage), or -1 for another name. */
ACP_ABI int acp_abi_cli_dat(const char *name, int argc, char **argv)
{
    if (!strcmp(name, "list")) return acp_dat_cli_list(&HOST, argc, argv);
    if (!strcmp(name, "dump")) return acp_dat_cli_dump(&HOST, argc, argv);
    if (!strcmp(name, "excerpt")) return acp_dat_cli_excerpt(&HOST, argc, argv);
    if (!strcmp(name, "world")) return acp_world_cli(&HOST, argc, argv);
    return -1;
}

/** The DAT commands' usage lines (as the native `acphys help` prints them). */
ACP_ABI const char *acp_abi_cli_dat_usage(void) { return acp_cli_dat_usage; }

/* ---- `acp.world(cellBytes, landblockId, {portal})`: the world command on DATs in memory ----
 * The same code as `acphys world` (src/cli/world_cmd.c), on a host whose "files" are the
 * caller's bytes (the names "cell" and "portal") and whose output is kept for the caller. */

typedef struct mem_text {
    char *bytes;
    size_t len;
    bool failed;
} mem_text;

static struct mem_world {
    const uint8_t *cell, *portal;
    uint32_t cell_size, portal_size;
    mem_text out[2]; /* stdout, stderr */
} MEM;

static void mem_print(int stream, const char *bytes, size_t n)
{
    mem_text *t = &MEM.out[stream == 2 ? 1 : 0];
    if (t->failed) return;
    char *b = realloc(t->bytes, t->len + n + 1);
    if (!b) {
        t->failed = true;
        return;
    }
    memcpy(b + t->len, bytes, n);
    t->len += n;
    b[t->len] = 0;
    t->bytes = b;
}

static int mem_read(void *ctx, uint64_t offset, uint32_t length, uint8_t *out)
{
    const uint8_t *bytes = ctx == (void *)&MEM.cell ? MEM.cell : MEM.portal;
    uint64_t size = ctx == (void *)&MEM.cell ? MEM.cell_size : MEM.portal_size;
    if (offset > size || length > size - offset) return -1;
    memcpy(out, bytes + offset, length);
    return ACP_DAT_READ_OK;
}

static int mem_open(const char *path, acp_dat_source *src, char *why, size_t why_size)
{
    bool cell = !strcmp(path, "cell");
    src->read = mem_read;
    src->ctx = cell ? (void *)&MEM.cell : (void *)&MEM.portal;
    src->length = cell ? MEM.cell_size : MEM.portal_size;
    (void)why;
    (void)why_size;
    return 0;
}

static void mem_close(acp_dat_source *src) { (void)src; }

static const acp_dat_cli_host MEM_HOST = {mem_print, mem_open, mem_close, NULL, NULL};

/** The static world of landblock `landblock` (0xXXYY or 0xXXYYFFFF) from the cell DAT at
 *  cell[0..cell_size) and, when portal_size > 0, the portal DAT at portal[0..portal_size) (the
 *  default excerpts fill in what they lack), as `acphys world` prints it: the exit status (0, 1 a
 *  DAT error or no such LandBlock, 2 a bad id); then acp_abi_world_text(1) is the JSON and
 *  acp_abi_world_text(2) the message, each valid until the next call. Retail:
 *  CLandBlock::init_buildings (0x0052FD80), CLandBlock::init_static_objs (0x00530A40). */
ACP_ABI int acp_abi_world(const uint8_t *cell, uint32_t cell_size, const uint8_t *portal, uint32_t portal_size, uint32_t landblock)
{
    for (int k = 0; k < 2; k++) {
        free(MEM.out[k].bytes);
        MEM.out[k] = (mem_text){NULL, 0, false};
    }
    MEM.cell = cell;
    MEM.cell_size = cell_size;
    MEM.portal = portal;
    MEM.portal_size = portal_size;
    char id[16], cell_name[] = "cell", portal_flag[] = "--portal", portal_name[] = "portal";
    snprintf(id, sizeof id, "0x%X", (unsigned)landblock);
    char *argv[4] = {cell_name, id, portal_flag, portal_name};
    int rc = acp_world_cli(&MEM_HOST, portal_size ? 4 : 2, argv);
    MEM.cell = MEM.portal = NULL;
    if (MEM.out[0].failed || MEM.out[1].failed) return 1;
    return rc;
}

/** What the last acp_abi_world printed on stream 1 (the JSON) or 2 (a message): a NUL-terminated
 *  string ("" when nothing). */
ACP_ABI const char *acp_abi_world_text(int stream)
{
    const mem_text *t = &MEM.out[stream == 2 ? 1 : 0];
    return t->bytes ? t->bytes : "";
}
