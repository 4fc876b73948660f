/* The bounds-checked byte reader and the status list (src/dat/reader.h). */
#include "test.h"

#include "dat/reader.h"

static void reads_little_endian(void)
{
    const uint8_t b[] = {0x01, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x80, 0x3F};
    acp_reader r = acp_reader_make(b, sizeof b);
    ENSURE_EQ(acp_reader_u8(&r, "a"), 1);
    ENSURE_EQ(acp_reader_u16(&r, "b"), 0x1234);
    ENSURE_EQ(acp_reader_u32(&r, "c"), 0x12345678u);
    ENSURE_EQ(acp_reader_i32(&r, "d"), -1);
    ENSURE_FBITS(acp_reader_f32(&r, "e"), 1.0f);
    ENSURE(acp_reader_ok(&r));
    ENSURE_EQ(r.pos, sizeof b);
    ENSURE_EQ(acp_reader_left(&r), 0);
}

static void truncation_is_sticky(void)
{
    const uint8_t b[] = {1, 2, 3, 4, 5};
    acp_reader r = acp_reader_make(b, sizeof b);
    (void)acp_reader_u16(&r, "first");
    ENSURE_EQ(acp_reader_u32(&r, "second"), 0); /* 3 bytes left */
    ENSURE_EQ(r.status, ACP_DAT_ERR_TRUNCATED);
    ENSURE_EQ(r.err_pos, 2);
    ENSURE(!strcmp(r.err_field, "second"));
    ENSURE_EQ(r.pos, 2);
    /* Later reads return 0 even where bytes remain, and keep the first failure. */
    ENSURE_EQ(acp_reader_u8(&r, "third"), 0);
    ENSURE(!strcmp(r.err_field, "second"));
    uint8_t out[2] = {9, 9};
    acp_reader_bytes(&r, out, 2, "fourth");
    ENSURE_EQ(out[0], 0);
    ENSURE_EQ(acp_reader_left(&r), 0);
    acp_reader z = acp_reader_make(NULL, 12);
    ENSURE_EQ(acp_reader_u8(&z, "null"), 0);
    ENSURE_EQ(z.status, ACP_DAT_ERR_TRUNCATED);
}

static void counts_are_checked_first(void)
{
    /* count 3, then 8 bytes: 3 elements of 4 fit, of 3 bytes fit, of 5 do not. */
    const uint8_t b[] = {3, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    acp_reader r = acp_reader_make(b, sizeof b);
    ENSURE_EQ(acp_reader_count(&r, 4, 10, "ok"), 3);
    ENSURE(acp_reader_ok(&r));
    r = acp_reader_make(b, sizeof b);
    ENSURE_EQ(acp_reader_count(&r, 5, 10, "too many"), 0);
    ENSURE_EQ(r.status, ACP_DAT_ERR_COUNT);
    ENSURE_EQ(r.err_pos, 0);
    r = acp_reader_make(b, sizeof b);
    ENSURE_EQ(acp_reader_count(&r, 1, 2, "limit"), 0);
    ENSURE_EQ(r.status, ACP_DAT_ERR_LIMIT);
    /* The largest count with a large element size cannot overflow the test. */
    const uint8_t big[] = {0xFF, 0xFF, 0xFF, 0xFF};
    r = acp_reader_make(big, sizeof big);
    ENSURE_EQ(acp_reader_count(&r, UINT64_MAX / 2, UINT32_MAX, "huge"), 0);
    ENSURE_EQ(r.status, ACP_DAT_ERR_COUNT);
}

static void align_counts_from_the_start(void)
{
    const uint8_t b[8] = {0};
    acp_reader r = acp_reader_make(b, sizeof b);
    acp_reader_align4(&r, "a");
    ENSURE_EQ(r.pos, 0);
    (void)acp_reader_u8(&r, "b");
    acp_reader_align4(&r, "c");
    ENSURE_EQ(r.pos, 4);
    (void)acp_reader_u16(&r, "d");
    (void)acp_reader_u8(&r, "e");
    acp_reader_align4(&r, "f");
    ENSURE_EQ(r.pos, 8);
    r = acp_reader_make(b, 6);
    (void)acp_reader_u8(&r, "g");
    acp_reader_skip(&r, 4, "h");
    acp_reader_align4(&r, "pad");
    ENSURE_EQ(r.status, ACP_DAT_ERR_TRUNCATED);
    ENSURE_EQ(r.err_pos, 5);
}

static void put_f32(uint8_t *p, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    acp_put_u32(p, u);
}

static void non_finite_floats_fail(void)
{
    uint8_t b[8];
    acp_put_u32(b, 0x7FC00000u);
    acp_put_u32(b + 4, 0x7F800000u);
    acp_reader r = acp_reader_make(b, sizeof b);
    ENSURE(isnan(acp_reader_f32(&r, "raw"))); /* plain reads keep what is stored */
    ENSURE(acp_reader_ok(&r));
    r = acp_reader_make(b + 4, 4);
    ENSURE_FBITS(acp_reader_f32_finite(&r, "inf"), 0.0f);
    ENSURE_EQ(r.status, ACP_DAT_ERR_FLOAT_NOT_FINITE);
    ENSURE_EQ(r.err_pos, 0);
}

/* An AFrame with origin (1, 2, 3) and quaternion q. */
static acp_reader frame_reader(uint8_t *b, float qw, float qx, float qy, float qz)
{
    put_f32(b, 1.0f);
    put_f32(b + 4, 2.0f);
    put_f32(b + 8, 3.0f);
    put_f32(b + 12, qw);
    put_f32(b + 16, qx);
    put_f32(b + 20, qy);
    put_f32(b + 24, qz);
    return acp_reader_make(b, 28);
}

static void aframes_follow_retail_is_valid(void)
{
    uint8_t b[28];
    acp_reader r = frame_reader(b, 1.0f, 0.0f, 0.0f, 0.0f);
    acp_aframe f = acp_reader_aframe(&r, "f");
    ENSURE(acp_reader_ok(&r));
    ENSURE_FBITS(f.origin.z, 3.0f);
    ENSURE_FBITS(f.qw, 1.0f);
    /* AFrame::IsValid: |float(|q|²) − 1| <= 5 × 0.0002f. 1.0004² = 1.0008 passes, 1.0005² fails. */
    r = frame_reader(b, 1.0004f, 0.0f, 0.0f, 0.0f);
    (void)acp_reader_aframe(&r, "f");
    ENSURE(acp_reader_ok(&r));
    r = frame_reader(b, 1.0005f, 0.0f, 0.0f, 0.0f);
    (void)acp_reader_aframe(&r, "f");
    ENSURE_EQ(r.status, ACP_DAT_ERR_FRAME_BAD_QUATERNION);
    r = frame_reader(b, 0.0f, 0.0f, 0.0f, 0.0f);
    (void)acp_reader_aframe(&r, "f");
    ENSURE_EQ(r.status, ACP_DAT_ERR_FRAME_BAD_QUATERNION);
    r = frame_reader(b, 1.0f, NAN, 0.0f, 0.0f);
    (void)acp_reader_aframe(&r, "f");
    ENSURE_EQ(r.status, ACP_DAT_ERR_FRAME_NOT_FINITE);
    ENSURE_EQ(r.err_pos, 0);
    /* Retail's IsValid accepts an infinite origin (only NaN fails); acphys refuses it too. */
    put_f32(b + 4, INFINITY);
    r = acp_reader_make(b, 28);
    (void)acp_reader_aframe(&r, "f");
    ENSURE_EQ(r.status, ACP_DAT_ERR_FRAME_NOT_FINITE);
    r = frame_reader(b, 1.0f, 0.0f, 0.0f, 0.0f);
    r.size = 27;
    (void)acp_reader_aframe(&r, "short");
    ENSURE_EQ(r.status, ACP_DAT_ERR_TRUNCATED);
    ENSURE_EQ(r.err_pos, 24);
}

static void every_status_has_a_name_and_message(void)
{
    for (int i = 0; i < ACP_DAT_STATUS_COUNT; i++) {
        const char *name = acp_dat_status_name((acp_dat_status)i);
        ENSURE(!strncmp(name, "ACP_DAT_", 8));
        ENSURE(strlen(acp_dat_status_string((acp_dat_status)i)) > 1);
        for (int j = 0; j < i; j++) ENSURE(strcmp(name, acp_dat_status_name((acp_dat_status)j)) != 0);
    }
    ENSURE_EQ(ACP_DAT_OK, 0);
    ENSURE_EQ(ACP_DAT_PENDING, 1);
    ENSURE(!strcmp(acp_dat_status_name(ACP_DAT_ERR_FREE_BLOCK), "ACP_DAT_ERR_FREE_BLOCK"));
    ENSURE(!strcmp(acp_dat_status_string((acp_dat_status)999), "unknown status"));
    acp_dat_error e;
    ENSURE_EQ(acp_dat_fail(&e, ACP_DAT_ERR_COUNT, 12, "x.count", 0x02000001u, true), ACP_DAT_ERR_COUNT);
    ENSURE_EQ(e.offset, 12);
    ENSURE(e.in_record);
    ENSURE(!strcmp(e.message, acp_dat_status_string(ACP_DAT_ERR_COUNT)));
    ENSURE_EQ(acp_dat_fail(NULL, ACP_DAT_ERR_IO, 0, NULL, 0, false), ACP_DAT_ERR_IO);
}

void suite_dat_reader(void)
{
    RUN(reads_little_endian);
    RUN(truncation_is_sticky);
    RUN(counts_are_checked_first);
    RUN(align_counts_from_the_start);
    RUN(non_finite_floats_fail);
    RUN(aframes_follow_retail_is_valid);
    RUN(every_status_has_a_name_and_message);
}
