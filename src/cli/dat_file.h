/* acphys — DAT files on disk for the native CLI and tests: a pread-backed acp_dat_source, so a
 * user's 800 MB client_cell_1.dat is read block by block, never whole. Not part of the core
 * (which does no I/O) and not built for WebAssembly. */
#ifndef ACP_CLI_DAT_FILE_H
#define ACP_CLI_DAT_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "dat/container.h"

typedef struct acp_dat_file {
    int fd;
    uint64_t length;                   /* bytes */
} acp_dat_file;

/** Open `path` read-only; ERR_IO when it cannot be opened or measured. */
acp_dat_status acp_dat_file_open(acp_dat_file *f, const char *path);
/** A source answering every read synchronously with pread (never pending). */
acp_dat_source acp_dat_file_source(acp_dat_file *f);
/** Close the file (a closed or never opened file is fine). */
void acp_dat_file_close(acp_dat_file *f);

/** Read a whole small file into a malloc'd buffer (free it); NULL on failure. */
uint8_t *acp_read_whole_file(const char *path, size_t *size);
/** Write `size` bytes to `path` as outfile.h says (a regular file is replaced only once every
 *  byte is written, keeping its permission bits); 0, or -1 with the reason in err. */
int acp_write_whole_file(const char *path, const uint8_t *bytes, size_t size, char *err, size_t err_size);

#endif
