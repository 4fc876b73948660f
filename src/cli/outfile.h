/* acphys — files the CLI writes (a trace, an excerpt) without ever losing the user's data.
 *
 * CONVENTIONS
 *   A regular file (or a symbolic link to one) is written beside its real path under a temporary
 *   name and renamed over it only when every byte is written, so a failed or interrupted write
 *   (Ctrl-C, kill: the temporary file is removed) leaves the old file as it was. The new file
 *   takes the old one's permission bits (not set-user-id or set-group-id) and, where the user
 *   may give it, its owner and group. A file with other hard links is rewritten in place once
 *   the temporary file is complete, so every name sees the new content (if that copy fails, the
 *   message names the temporary file that holds it). A path that names
 *   something else that can be written (a FIFO, /dev/stdout, a terminal) is written through, as
 *   a shell redirection would. A directory, a symbolic link to nothing and an empty path are
 *   refused. Error messages carry the system's reason (strerror). Not built for WebAssembly.
 *   A run killed outright (SIGKILL) cannot remove its temporary file: the next one that writes
 *   the same file removes it (acp_outfile_remove_stale).
 */
#ifndef ACP_CLI_OUTFILE_H
#define ACP_CLI_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/** Bytes an error message of this module may need: a reason and a temporary file's full path. */
#define ACP_OUTFILE_ERR_SIZE 4608

typedef struct acp_outfile {
    FILE *fp;      /* where to write */
    char *tmp;     /* the temporary file, or NULL when writing through */
    char *final;   /* the real path the temporary file replaces, or NULL */
    bool in_place; /* final has other hard links: copy the finished file over it, in place */
} acp_outfile;

/** Open `path` for writing as the conventions say. 0, or -1 with a reason in err (err_size
 *  bytes), e.g. "is a directory". */
int acp_outfile_open(acp_outfile *o, const char *path, char *err, size_t err_size);
/** Finish: flush, close and (for a regular file) rename into place. 0, or -1 with the reason
 *  (the temporary file is removed and the old file is kept). */
int acp_outfile_commit(acp_outfile *o, char *err, size_t err_size);
/** Give up: close and remove the temporary file; the old file is kept. Safe to call twice. */
void acp_outfile_abort(acp_outfile *o);

/** Remove the temporary files beside `final` that runs killed before they finished left there
 *  (SIGKILL, a power cut: no handler ran): `<final>.acphys-<pid>-<rand>`, regular files, whose
 *  process <pid> no longer runs on this machine; each removal is noted on stderr. A file of a
 *  live process, or without a process number, is left alone. acp_outfile_open calls it. */
void acp_outfile_remove_stale(const char *final);

/** True when `a` and `b` name the same existing file (same device and inode, links followed). */
bool acp_same_file(const char *a, const char *b);

#endif
