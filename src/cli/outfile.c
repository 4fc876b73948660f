/* acphys — files the CLI writes (see outfile.h). */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* mkstemp, realpath, fchown */
#include "outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporary file being written, for the signal handler alone: a run stopped with Ctrl-C or
 * kill removes it rather than leaving hundreds of MB beside the user's file. The one mutable
 * file-scope variable of the CLI; a handler can reach nothing else. */
static char *volatile pending_tmp;

static void remove_pending_and_die(int sig)
{
    char *tmp = pending_tmp;
    if (tmp) unlink(tmp); /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void watch_signals(char *tmp)
{
    pending_tmp = tmp;
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], tmp ? remove_pending_and_die : SIG_DFL);
}

/* The temporary file's name, after the target's path: ".acphys-<pid>-XXXXXX" (mkstemp fills the
 * X's), so a later run can tell a file whose writer is gone (bin/acphys.mjs names its own
 * ".acphys-<pid>-<base 36>"). */
#define TMP_PREFIX ".acphys-"
#define TMP_TEMPLATE_MAX 40

/* Whether `name` is `base` followed by ".acphys-<pid>-<letters and digits>" with <pid> a number
 * of a process that no longer runs here (kill(pid, 0) says ESRCH); *pid receives it. */
static bool stale_name(const char *name, const char *base, size_t base_len, long *pid)
{
    if (strncmp(name, base, base_len) != 0 || strncmp(name + base_len, TMP_PREFIX, strlen(TMP_PREFIX)) != 0) return false;
    const char *p = name + base_len + strlen(TMP_PREFIX);
    char *end;
    if (*p < '0' || *p > '9') return false;
    long v = strtol(p, &end, 10);
    if (*end != '-' || !end[1] || v <= 0 || v == (long)getpid()) return false;
    for (const char *q = end + 1; *q; q++)
        if (!((*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z'))) return false;
    *pid = v;
    return kill((pid_t)v, 0) != 0 && errno == ESRCH;
}

void acp_outfile_remove_stale(const char *final)
{
    const char *slash = strrchr(final, '/');
    const char *base = slash ? slash + 1 : final;
    size_t dir_len = slash ? (size_t)(slash - final) + 1 : 0;
    char *dir = dir_len ? strndup(final, dir_len) : strdup(".");
    DIR *d = dir ? opendir(dir) : NULL;
    if (!d) {
        free(dir);
        return;
    }
    size_t base_len = strlen(base);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        long pid;
        if (!stale_name(e->d_name, base, base_len, &pid)) continue;
        size_t n = dir_len + strlen(e->d_name) + 1;
        char *path = malloc(n);
        if (!path) break;
        snprintf(path, n, "%.*s%s", (int)dir_len, final, e->d_name);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && unlink(path) == 0)
            fprintf(stderr, "acphys: note: removed %s, the temporary file of an acphys run (process %ld) that was "
                            "killed before it finished\n", path, pid);
        free(path);
    }
    closedir(d);
    free(dir);
}

static int say(char *err, size_t err_size, const char *what, int errnum)
{
    if (err && err_size) {
        if (errnum) snprintf(err, err_size, "%s: %s", what, strerror(errnum));
        else snprintf(err, err_size, "%s", what);
    }
    return -1;
}

/* The permission bits a new file gets (0666 less the umask). */
static mode_t new_file_mode(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

static int open_through(acp_outfile *o, const char *path, char *err, size_t err_size)
{
    o->fp = fopen(path, "wb");
    if (!o->fp) return say(err, err_size, "cannot open", errno);
    return 0;
}

/* The temporary file beside `final`; `old` is the file it replaces (NULL: none), whose owner and
 * permission bits it takes (the owner only where the user may give it; never set-id bits). */
static int open_replacing(acp_outfile *o, const char *final, const struct stat *old, char *err, size_t err_size)
{
    acp_outfile_remove_stale(final);
    size_t n = strlen(final);
    o->final = strdup(final);
    o->tmp = malloc(n + TMP_TEMPLATE_MAX);
    if (!o->final || !o->tmp) return say(err, err_size, "out of memory", 0);
    snprintf(o->tmp, n + TMP_TEMPLATE_MAX, "%s" TMP_PREFIX "%ld-XXXXXX", final, (long)getpid());
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        free(o->tmp);
        o->tmp = NULL;
        return say(err, err_size, "cannot create a file beside it", e);
    }
    watch_signals(o->tmp);
    if (old && fchown(fd, old->st_uid, old->st_gid) != 0) { /* not ours to give: keep ours */ }
    mode_t mode = old ? old->st_mode & 0777 : new_file_mode();
    if (fchmod(fd, mode) != 0 || !(o->fp = fdopen(fd, "wb"))) {
        int e = errno;
        close(fd);
        acp_outfile_abort(o);
        return say(err, err_size, "cannot create a file beside it", e);
    }
    return 0;
}

int acp_outfile_open(acp_outfile *o, const char *path, char *err, size_t err_size)
{
    o->fp = NULL;
    o->tmp = o->final = NULL;
    o->in_place = false;
    if (!*path) return say(err, err_size, "an empty path", 0);
    struct stat st;
    if (stat(path, &st) != 0) {
        int e = errno;
        if (e != ENOENT) return say(err, err_size, "cannot open", e);
        if (lstat(path, &st) == 0) return say(err, err_size, "is a symbolic link to a file that does not exist", 0);
        return open_replacing(o, path, NULL, err, err_size);
    }
    if (S_ISDIR(st.st_mode)) return say(err, err_size, "is a directory", 0);
    if (!S_ISREG(st.st_mode)) return open_through(o, path, err, err_size);
    char *real = realpath(path, NULL);
    if (!real) return say(err, err_size, "cannot resolve the path", errno);
    int rc = open_replacing(o, real, &st, err, err_size);
    free(real);
    /* A file with other hard links is rewritten in place at the end (every name sees the new
     * content); a rename would leave the other names on the old file. */
    o->in_place = rc == 0 && st.st_nlink > 1;
    return rc;
}

/* Write n bytes at offset off (pwrite until done); 0, or -1 with errno. */
static int pwrite_all(int fd, const unsigned char *buf, size_t n, off_t off)
{
    while (n > 0) {
        ssize_t w = pwrite(fd, buf, n, off);
        if (w <= 0) {
            if (w == 0) errno = ENOSPC;
            return -1;
        }
        buf += w;
        n -= (size_t)w;
        off += w;
    }
    return 0;
}

/* Copy the finished temporary file over the hard-linked file, in place. The room the new content
 * needs beyond the old size is claimed first (zeros past the old end, cut back on failure), so a
 * full disk leaves the old content whole. 0, or -1 with errno and *damaged set when the old
 * content was already overwritten (a file system that needs new blocks to overwrite). */
static int copy_in_place(acp_outfile *o, bool *damaged)
{
    *damaged = false;
    int in = open(o->tmp, O_RDONLY), out = in >= 0 ? open(o->final, O_WRONLY) : -1;
    struct stat si, so;
    int rc = (in < 0 || out < 0 || fstat(in, &si) != 0 || fstat(out, &so) != 0) ? -1 : 0;
    static const unsigned char zeros[65536];
    unsigned char buf[65536];
    /* Blocks for the whole new length, holes of a sparse file included; where the file system
     * cannot (EOPNOTSUPP), zeros past the old end claim what lies beyond it. */
    int fa = rc == 0 && si.st_size > 0 ? posix_fallocate(out, 0, si.st_size) : 0;
    if (fa != 0 && fa != EOPNOTSUPP && fa != EINVAL) {
        if (ftruncate(out, so.st_size) != 0) { /* the old bytes are whole either way */ }
        errno = fa;
        rc = -1;
    }
    for (off_t off = so.st_size; rc == 0 && off < si.st_size; off += (off_t)sizeof zeros) {
        size_t n = (size_t)(si.st_size - off) < sizeof zeros ? (size_t)(si.st_size - off) : sizeof zeros;
        if (pwrite_all(out, zeros, n, off) != 0) {
            int e = errno;
            if (ftruncate(out, so.st_size) != 0) { /* the zeros past the old end stay: the old bytes are whole */ }
            errno = e;
            rc = -1;
        }
    }
    for (off_t off = 0; rc == 0 && off < si.st_size;) {
        ssize_t n = pread(in, buf, sizeof buf, off);
        if (n <= 0 || pwrite_all(out, buf, (size_t)n, off) != 0) {
            if (n == 0) errno = EIO;
            *damaged = true;
            rc = -1;
        }
        off += n > 0 ? n : 0;
    }
    if (rc == 0 && ftruncate(out, si.st_size) != 0) {
        *damaged = true;
        rc = -1;
    }
    int e = errno;
    if (in >= 0) close(in);
    if (out >= 0 && close(out) != 0 && rc == 0) {
        e = errno;
        *damaged = true;
        rc = -1;
    }
    errno = e;
    return rc;
}

int acp_outfile_commit(acp_outfile *o, char *err, size_t err_size)
{
    if (!o->fp) return say(err, err_size, "not open", 0);
    int bad = fflush(o->fp) != 0 || ferror(o->fp);
    int e = errno;
    if (fclose(o->fp) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    o->fp = NULL;
    if (bad) {
        bool replacing = o->tmp != NULL;
        acp_outfile_abort(o);
        return say(err, err_size, replacing ? "cannot write (the file there, if any, is unchanged)" : "cannot write", e);
    }
    bool damaged = false;
    if (o->tmp && o->in_place && copy_in_place(o, &damaged) != 0) {
        /* The new content is whole in the temporary file: keep it, and say where. */
        e = errno;
        watch_signals(NULL);
        if (err && err_size)
            snprintf(err, err_size, "cannot rewrite it in place (%s)%s; the new content is in %s", strerror(e),
                     damaged ? ", and it is damaged" : ", and its old content is unchanged", o->tmp);
        free(o->tmp);
        free(o->final);
        o->tmp = o->final = NULL;
        return -1;
    }
    if (o->tmp && !o->in_place && rename(o->tmp, o->final) != 0) {
        e = errno;
        acp_outfile_abort(o);
        return say(err, err_size, "cannot write (the file there, if any, is unchanged)", e);
    }
    if (o->tmp && o->in_place) unlink(o->tmp);
    watch_signals(NULL);
    free(o->tmp);
    free(o->final);
    o->tmp = o->final = NULL;
    return 0;
}

void acp_outfile_abort(acp_outfile *o)
{
    if (o->fp) fclose(o->fp);
    o->fp = NULL;
    if (o->tmp) unlink(o->tmp);
    watch_signals(NULL);
    free(o->tmp);
    free(o->final);
    o->tmp = o->final = NULL;
}

bool acp_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0) return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
