/* acphys — the CLI's DAT commands: dump, excerpt, list (see dat_cmd.c), the same code natively
 * and through the .wasm (`npx acphys list|dump|excerpt`, wasm/abi/cli.c), so both print the same
 * bytes. The commands do no I/O of their own: a host opens and reads the DAT (block by block:
 * an 800 MB client_cell_1.dat is never loaded whole), writes the excerpt and prints. Each command
 * takes the arguments after its name and returns the process exit status: 0 success, 1 a DAT or
 * I/O error (described on stderr), 2 a usage error. */
#ifndef ACP_CLI_DAT_CMD_H
#define ACP_CLI_DAT_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dat/container.h"

/** What a command needs of the system. Native: src/cli/dat_file.c (pread, stdio, outfile.h);
 *  WebAssembly: wasm/abi/cli.c (Node's fs through the module's acp_host_* imports). */
typedef struct acp_dat_cli_host {
    /** Print bytes[0..n) on standard output (stream 1) or standard error (2). */
    void (*print)(int stream, const char *bytes, size_t n);
    /** Open the DAT at `path` for reading: 0 and its source in *src, or -1 with the reason in
     *  why ("cannot open: No such file or directory", "not a regular file (a directory)"). */
    int (*open)(const char *path, acp_dat_source *src, char *why, size_t why_size);
    /** Close a source from open. */
    void (*close)(acp_dat_source *src);
    /** True when a and b name the same existing file (links followed). */
    bool (*same_file)(const char *a, const char *b);
    /** Write bytes[0..size) to `path` as src/cli/outfile.h says (replaced only once complete):
     *  0, or -1 with the reason in why. */
    int (*write_file)(const char *path, const uint8_t *bytes, size_t size, char *why, size_t why_size);
} acp_dat_cli_host;

/** `acphys dump <dat> <id>`: the record as one line of JSON on stdout. */
int acp_dat_cli_dump(const acp_dat_cli_host *host, int argc, char **argv);
/** `acphys excerpt <dat> <id>... -o <out.dat> [--no-deps]`: copy records into a new DAT of the
 *  same kind. */
int acp_dat_cli_excerpt(const acp_dat_cli_host *host, int argc, char **argv);
/** `acphys list <dat>`: a header row, then one line per directory entry: id, type, size, date
 *  (UTC), iteration. */
int acp_dat_cli_list(const acp_dat_cli_host *host, int argc, char **argv);

/** The native CLI's commands: the above with the host of src/cli/dat_file.c. */
int acp_cli_dump(int argc, char **argv);
int acp_cli_excerpt(int argc, char **argv);
int acp_cli_list(int argc, char **argv);
/** The native host (src/cli/dat_host.c: stdio, pread, outfile.h), for the other commands that
 *  read DATs through it (`acphys world`, world_cmd.h). */
const acp_dat_cli_host *acp_cli_native_host(void);
/** The usage lines of these commands, for the main help. */
extern const char acp_cli_dat_usage[];

#endif
