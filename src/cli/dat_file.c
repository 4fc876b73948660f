/* acphys — pread-backed DAT sources (see dat_file.h). */
#define _POSIX_C_SOURCE 200809L
#include "dat_file.h"
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

acp_dat_status acp_dat_file_open(acp_dat_file *f, const char *path)
{
    f->fd = open(path, O_RDONLY);
    f->length = 0;
    if (f->fd < 0) return ACP_DAT_ERR_IO;
    struct stat st;
    if (fstat(f->fd, &st) != 0 || st.st_size < 0) {
        close(f->fd);
        f->fd = -1;
        return ACP_DAT_ERR_IO;
    }
    f->length = (uint64_t)st.st_size;
    return ACP_DAT_OK;
}

static int pread_all(void *ctx, uint64_t offset, uint32_t length, uint8_t *out)
{
    const acp_dat_file *f = ctx;
    while (length > 0) {
        ssize_t n = pread(f->fd, out, length, (off_t)offset);
        if (n <= 0) return -1;
        out += n;
        offset += (uint64_t)n;
        length -= (uint32_t)n;
    }
    return ACP_DAT_READ_OK;
}

acp_dat_source acp_dat_file_source(acp_dat_file *f)
{
    acp_dat_source s = {pread_all, f, f->length};
    return s;
}

void acp_dat_file_close(acp_dat_file *f)
{
    if (f->fd >= 0) close(f->fd);
    f->fd = -1;
}

uint8_t *acp_read_whole_file(const char *path, size_t *size)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            size_t ncap = cap ? cap * 2 : 65536;
            uint8_t *p = realloc(buf, ncap);
            if (!p) {
                free(buf);
                fclose(fp);
                return NULL;
            }
            buf = p;
            cap = ncap;
        }
        size_t n = fread(buf + len, 1, cap - len, fp);
        len += n;
        if (n == 0) break;
    }
    int bad = ferror(fp);
    fclose(fp);
    if (bad) {
        free(buf);
        return NULL;
    }
    *size = len;
    return buf;
}

int acp_write_whole_file(const char *path, const uint8_t *bytes, size_t size, char *err, size_t err_size)
{
    /* outfile.h: beside the target, then renamed over it, so a failed write never leaves a half
     * file where the user's file was. */
    acp_outfile o;
    if (acp_outfile_open(&o, path, err, err_size) != 0) return -1;
    if (fwrite(bytes, 1, size, o.fp) != size) {
        int e = errno;
        acp_outfile_abort(&o);
        if (err && err_size) snprintf(err, err_size, "cannot write: %s", strerror(e));
        return -1;
    }
    return acp_outfile_commit(&o, err, err_size);
}

