/* acphys — the DAT commands' native host (src/cli/dat_cmd.h): stdio, pread (dat_file.h) and
 * outfile.h; wasm/abi/cli.c is the .wasm's. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dat_cmd.h"
#include "dat_file.h"
#include "outfile.h"

/* A message on stderr follows what stdout has printed before it (stdout is flushed first), so a
 * merged stream (2>&1) reads in the order the command wrote it, as through npx. */
static void native_print(int stream, const char *bytes, size_t n)
{
    if (stream == 2) fflush(stdout);
    fwrite(bytes, 1, n, stream == 2 ? stderr : stdout);
    if (stream == 2) fflush(stderr);
}

static int native_open(const char *path, acp_dat_source *src, char *why, size_t why_size)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(why, why_size, "cannot open: %s", strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, why_size, "not a regular file%s", S_ISDIR(st.st_mode) ? " (a directory)" : "");
        return -1;
    }
    acp_dat_file *f = malloc(sizeof *f);
    if (!f) {
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    if (acp_dat_file_open(f, path) != ACP_DAT_OK) {
        snprintf(why, why_size, "cannot open: %s", strerror(errno));
        free(f);
        return -1;
    }
    *src = acp_dat_file_source(f);
    return 0;
}

static void native_close(acp_dat_source *src)
{
    acp_dat_file *f = src->ctx;
    if (!f) return;
    acp_dat_file_close(f);
    free(f);
    src->ctx = NULL;
}

static const acp_dat_cli_host NATIVE_HOST = {native_print, native_open, native_close, acp_same_file,
                                             acp_write_whole_file};

int acp_cli_dump(int argc, char **argv) { return acp_dat_cli_dump(&NATIVE_HOST, argc, argv); }
int acp_cli_excerpt(int argc, char **argv) { return acp_dat_cli_excerpt(&NATIVE_HOST, argc, argv); }
int acp_cli_list(int argc, char **argv) { return acp_dat_cli_list(&NATIVE_HOST, argc, argv); }

const acp_dat_cli_host *acp_cli_native_host(void) { return &NATIVE_HOST; }
