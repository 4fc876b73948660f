/* The optional real-DAT lane: when ACPHYS_DAT_DIR names a folder holding the end-of-retail
 * client_portal.dat and client_cell_1.dat, check facts published about them (DatReaderWriter's
 * EoR test pins, shared/reference/dat-formats.md §3.2), reading them lazily through pread as the
 * CLI does. Without the folder the suite reports "NOT RUN" and why; it does not pretend to pass. */
#include "test.h"

#include <stdlib.h>

#include "cli/dat_file.h"
#include "dat_test_util.h"

static const char *dat_dir;

/* Open `name` in ACPHYS_DAT_DIR as a lazy source of `set`; false (and a failure) when it fails. */
static bool add_file(acp_datset *set, acp_dat_file *f, const char *name, uint32_t *block_size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dat_dir, name);
    if (acp_dat_file_open(f, path) != ACP_DAT_OK) {
        ENSURE(!"cannot open a DAT named by ACPHYS_DAT_DIR");
        fprintf(stderr, "  %s\n", path);
        return false;
    }
    acp_dat_container c;
    acp_dat_error err;
    ENSURE_EQ(acp_dat_container_open(&c, acp_dat_file_source(f), &err), ACP_DAT_OK);
    *block_size = c.header.block_size;
    ENSURE_EQ(acp_datset_add_source(set, acp_dat_file_source(f), NULL, &err), ACP_DAT_OK);
    return true;
}

static void require(acp_datset *set, uint32_t id)
{
    acp_dat_error err;
    acp_dat_status st = acp_datset_require(set, id, &err);
    if (st != ACP_DAT_OK)
        fprintf(stderr, "  0x%08X: %s at %s offset %llu (%s)\n", id, acp_dat_status_name(st), err.in_record ? "record" : "file",
                (unsigned long long)err.offset, err.field);
    ENSURE_EQ(st, ACP_DAT_OK);
}

static void end_of_retail_pins(void)
{
    acp_datset *set = acp_datset_create();
    acp_dat_file portal = {-1, 0}, cell = {-1, 0};
    uint32_t portal_bs = 0, cell_bs = 0;
    if (add_file(set, &portal, "client_portal.dat", &portal_bs)) ENSURE_EQ(portal_bs, 1024);
    if (add_file(set, &cell, "client_cell_1.dat", &cell_bs)) ENSURE_EQ(cell_bs, 256);

    require(set, 0x02000108u);
    const acp_setup *s = acp_datset_setup(set, 0x02000108u);
    if (s) {
        ENSURE_EQ(s->num_spheres, 1);
        if (s->num_spheres == 1) {
            ENSURE_FBITS(s->spheres[0].center.x, 0.0f);
            ENSURE_FBITS(s->spheres[0].center.y, -0.1475f);
            ENSURE_FBITS(s->spheres[0].center.z, 0.439f);
            ENSURE_FBITS(s->spheres[0].radius, 0.439f);
        }
        ENSURE_FBITS(s->height, 0.878f);
        ENSURE_FBITS(s->step_up_height, 0.3612f);
        ENSURE_FBITS(s->step_down_height, 0.3612f);
    }
    require(set, 0x09000202u);
    const acp_motion_table *t = acp_datset_motion_table(set, 0x09000202u);
    if (t) {
        ENSURE_EQ(t->default_style, 0x8000003Du);
        ENSURE_EQ(t->num_style_defaults, 1);
        if (t->num_style_defaults == 1) {
            ENSURE_EQ(t->style_defaults[0].style, 0x8000003Du);
            ENSURE_EQ(t->style_defaults[0].substate, 0x4000000Cu);
        }
    }
    require(set, 0x03000514u);
    const acp_animation *a = acp_datset_animation(set, 0x03000514u);
    if (a) {
        ENSURE_EQ(a->num_parts, 17);
        ENSURE_EQ(a->num_frames, 44);
        if (a->num_frames > 0) {
            ENSURE_EQ(a->part_frames[0].num_hooks, 1);
            if (a->part_frames[0].num_hooks == 1) ENSURE_EQ(a->part_frames[0].hooks[0].type, ACP_HOOK_SOUND_TABLE);
        }
    }
    /* Landblock 0x9AB1 (DatReaderWriter pins; dat-formats.md §3.1). */
    require(set, 0x9AB1FFFFu);
    const acp_landblock *lb = acp_datset_landblock(set, 0x9AB1FFFFu);
    if (lb) {
        ENSURE_EQ(lb->height[0], 120);
        ENSURE_EQ(lb->height[80], 110);
        ENSURE_EQ(lb->terrain[1] >> 11, 13);
    }
    acp_datset_destroy(set);
    acp_dat_file_close(&portal);
    acp_dat_file_close(&cell);
}

void suite_dat_real(void)
{
    dat_dir = getenv("ACPHYS_DAT_DIR");
    if (!dat_dir || !*dat_dir) {
        acp_test_not_run = "ACPHYS_DAT_DIR is not set (point it at a folder with the end-of-retail "
                           "client_portal.dat and client_cell_1.dat to check the published facts)";
        return;
    }
    RUN(end_of_retail_pins);
}
