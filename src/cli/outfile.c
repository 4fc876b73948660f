/* acphys — files the CLI writes (see outfile.h). */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* mkstemp, realpath */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

static int open_replacing(acp_outfile *o, const char *final, mode_t mode, char *err, size_t err_size)
{
    size_t n = strlen(final);
    o->final = strdup(final);
    o->tmp = malloc(n + sizeof ".acphys-XXXXXX");
    if (!o->final || !o->tmp) return say(err, err_size, "out of memory", 0);
    memcpy(o->tmp, final, n);
    memcpy(o->tmp + n, ".acphys-XXXXXX", sizeof ".acphys-XXXXXX");
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        free(o->tmp);
        o->tmp = NULL;
        return say(err, err_size, "cannot create a file beside it", e);
    }
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
    struct stat st;
    if (stat(path, &st) != 0) {
        int e = errno;
        if (e != ENOENT) return say(err, err_size, "cannot open", e);
        if (lstat(path, &st) == 0) return say(err, err_size, "is a symbolic link to a file that does not exist", 0);
        return open_replacing(o, path, new_file_mode(), err, err_size);
    }
    if (S_ISDIR(st.st_mode)) return say(err, err_size, "is a directory", 0);
    if (!S_ISREG(st.st_mode)) return open_through(o, path, err, err_size);
    char *real = realpath(path, NULL);
    if (!real) return say(err, err_size, "cannot resolve the path", errno);
    int rc = open_replacing(o, real, st.st_mode & 07777, err, err_size);
    free(real);
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
    if (!bad && o->tmp && rename(o->tmp, o->final) != 0) {
        bad = 1;
        e = errno;
    }
    if (bad) {
        acp_outfile_abort(o);
        return say(err, err_size, "cannot write", e);
    }
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
