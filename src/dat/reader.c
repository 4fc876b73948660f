/* acphys — DAT status codes and the bounds-checked byte reader (see reader.h). */
#include "reader.h"

#include <math.h>
#include <string.h>

#define ACP_DAT_MSG_(name, msg) msg,
static const char *const status_messages[] = { ACP_DAT_STATUS_LIST(ACP_DAT_MSG_) };
#undef ACP_DAT_MSG_
#define ACP_DAT_NAME_(name, msg) "ACP_DAT_" #name,
static const char *const status_names[] = { ACP_DAT_STATUS_LIST(ACP_DAT_NAME_) };
#undef ACP_DAT_NAME_

const char *acp_dat_status_string(acp_dat_status status)
{
    if ((unsigned)status >= (unsigned)ACP_DAT_STATUS_COUNT) return "unknown status";
    return status_messages[status];
}

const char *acp_dat_status_name(acp_dat_status status)
{
    if ((unsigned)status >= (unsigned)ACP_DAT_STATUS_COUNT) return "ACP_DAT_UNKNOWN";
    return status_names[status];
}

acp_dat_status acp_dat_fail(acp_dat_error *err, acp_dat_status status, uint64_t offset,
                            const char *field, uint32_t record_id, bool in_record)
{
    if (err) {
        err->status = status;
        err->message = acp_dat_status_string(status);
        err->offset = offset;
        err->field = field ? field : "";
        err->record_id = record_id;
        err->in_record = in_record;
    }
    return status;
}

void acp_dat_error_clear(acp_dat_error *err)
{
    if (err) acp_dat_fail(err, ACP_DAT_OK, 0, "", 0, false);
}

acp_reader acp_reader_make(const uint8_t *data, size_t size)
{
    acp_reader r = {data, data ? size : 0, 0, ACP_DAT_OK, 0, ""};
    return r;
}

size_t acp_reader_left(const acp_reader *r)
{
    return r->status == ACP_DAT_OK ? r->size - r->pos : 0;
}

void acp_reader_fail(acp_reader *r, acp_dat_status status, size_t at, const char *field)
{
    if (r->status != ACP_DAT_OK) return;
    r->status = status;
    r->err_pos = at;
    r->err_field = field ? field : "";
}

/* The one bounds check: n bytes available at pos, else a sticky ERR_TRUNCATED. */
static const uint8_t *take(acp_reader *r, size_t n, const char *field)
{
    if (r->status != ACP_DAT_OK) return NULL;
    if (n > r->size - r->pos) {
        acp_reader_fail(r, ACP_DAT_ERR_TRUNCATED, r->pos, field);
        return NULL;
    }
    const uint8_t *p = r->data + r->pos;
    r->pos += n;
    return p;
}

uint32_t acp_get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void acp_put_u16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

void acp_put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

uint8_t acp_reader_u8(acp_reader *r, const char *field)
{
    const uint8_t *p = take(r, 1, field);
    return p ? p[0] : 0;
}

uint16_t acp_reader_u16(acp_reader *r, const char *field)
{
    const uint8_t *p = take(r, 2, field);
    return p ? (uint16_t)(p[0] | p[1] << 8) : 0;
}

uint32_t acp_reader_u32(acp_reader *r, const char *field)
{
    const uint8_t *p = take(r, 4, field);
    return p ? acp_get_u32(p) : 0;
}

int32_t acp_reader_i32(acp_reader *r, const char *field)
{
    uint32_t u = acp_reader_u32(r, field);
    int32_t v;
    memcpy(&v, &u, 4);
    return v;
}

float acp_reader_f32(acp_reader *r, const char *field)
{
    uint32_t u = acp_reader_u32(r, field);
    float f;
    memcpy(&f, &u, 4);
    return f;
}

float acp_reader_f32_finite(acp_reader *r, const char *field)
{
    size_t at = r->pos;
    float f = acp_reader_f32(r, field);
    if (!isfinite(f)) {
        acp_reader_fail(r, ACP_DAT_ERR_FLOAT_NOT_FINITE, at, field);
        return 0.0f;
    }
    return f;
}

acp_vec3 acp_reader_vec3_finite(acp_reader *r, const char *field)
{
    acp_vec3 v;
    v.x = acp_reader_f32_finite(r, field);
    v.y = acp_reader_f32_finite(r, field);
    v.z = acp_reader_f32_finite(r, field);
    return v;
}

void acp_reader_bytes(acp_reader *r, void *out, size_t n, const char *field)
{
    const uint8_t *p = take(r, n, field);
    if (p) memcpy(out, p, n);
    else if (n) memset(out, 0, n);
}

void acp_reader_skip(acp_reader *r, size_t n, const char *field)
{
    (void)take(r, n, field);
}

void acp_reader_align4(acp_reader *r, const char *field)
{
    size_t pad = (4 - (r->pos & 3)) & 3;
    (void)take(r, pad, field);
}

bool acp_reader_check_count(acp_reader *r, uint64_t count, uint64_t min_elem_size, uint64_t limit,
                            size_t at, const char *field)
{
    if (r->status != ACP_DAT_OK) return false;
    if (count > limit) {
        acp_reader_fail(r, ACP_DAT_ERR_LIMIT, at, field);
        return false;
    }
    /* count <= limit <= 2^32 and min_elem_size is a small constant, so the product cannot
     * overflow 64 bits; still, divide rather than multiply to keep the test obviously safe. */
    if (min_elem_size && count > (uint64_t)(r->size - r->pos) / min_elem_size) {
        acp_reader_fail(r, ACP_DAT_ERR_COUNT, at, field);
        return false;
    }
    return true;
}

uint32_t acp_reader_count(acp_reader *r, uint64_t min_elem_size, uint32_t limit, const char *field)
{
    size_t at = r->pos;
    uint32_t n = acp_reader_u32(r, field);
    return acp_reader_check_count(r, n, min_elem_size, limit, at, field) ? n : 0;
}

acp_aframe acp_reader_aframe(acp_reader *r, const char *field)
{
    acp_aframe f;
    size_t at = r->pos;
    f.origin.x = acp_reader_f32(r, field);
    f.origin.y = acp_reader_f32(r, field);
    f.origin.z = acp_reader_f32(r, field);
    f.qw = acp_reader_f32(r, field);
    f.qx = acp_reader_f32(r, field);
    f.qy = acp_reader_f32(r, field);
    f.qz = acp_reader_f32(r, field);
    if (r->status != ACP_DAT_OK) {
        memset(&f, 0, sizeof f);
        return f;
    }
    if (!isfinite(f.origin.x) || !isfinite(f.origin.y) || !isfinite(f.origin.z) || !isfinite(f.qw) ||
        !isfinite(f.qx) || !isfinite(f.qy) || !isfinite(f.qz)) {
        acp_reader_fail(r, ACP_DAT_ERR_FRAME_NOT_FINITE, at, field);
        memset(&f, 0, sizeof f);
        return f;
    }
    /* AFrame::IsValid: the squared norm summed in retail's order (qz, qy, qx, qw) in double and
     * stored to a float, then |norm − 1| against 5 × EPSILON in double. */
    float norm = (float)((double)f.qz * f.qz + (double)f.qy * f.qy + (double)f.qx * f.qx +
                         (double)f.qw * f.qw);
    if (ACP_F_EPSILON * 5.0 < fabs((double)norm - 1.0)) {
        acp_reader_fail(r, ACP_DAT_ERR_FRAME_BAD_QUATERNION, at, field);
        memset(&f, 0, sizeof f);
    }
    return f;
}
