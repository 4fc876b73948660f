/* acphys — the LandBlockInfo record (cell 0xXXYYFFFE): retail CLandBlockInfo::UnPack
 * (0x0052ECA0) with CBldPortal::UnPack (0x0053BC40) and the restriction table's
 * PackableHashTable<unsigned long, unsigned long>::UnPack. Read against PORTAL/ccell/
 * CLandBlockInfo.c, PORTAL/cgeometry/CBldPortal.c and (for the table's layout)
 * PackableHashTable<unsigned long, CSpellBase>::UnPack (0x00597910), the same template.
 *
 * Layout: id, the EnvCell count (u32), the object count (u32) and (id, frame) each, a u32 whose
 * low 16 bits count the buildings and whose high 16 bits are the pack mask, each building (model
 * id, frame, leaf count u32, portal count u32, the portals), and with pack mask bit 0 the
 * restriction table (a u32: count in the low 16 bits, bucket count in the high 16; then (cell id,
 * object id) pairs).
 */
#include "unpack.h"

#include <stdlib.h>

/* Flags, other cell, other portal, the cells seen through it (u16 count and ids), padded to 4.
 * Retail: CBldPortal::UnPack (0x0053BC40). */
static void unpack_bld_portal(acp_reader *r, acp_arena *a, acp_bld_portal *p, uint32_t block_mask)
{
    p->flags = acp_reader_u16(r, "landblock_info.portals.flags");
    p->exact_match = p->flags & 1u;
    p->portal_side = !(p->flags & 2u);
    p->other_cell_id = block_mask | acp_reader_u16(r, "landblock_info.portals.other_cell_id");
    p->other_portal_id = acp_reader_u16(r, "landblock_info.portals.other_portal_id");
    size_t at = r->pos;
    p->num_stabs = acp_reader_u16(r, "landblock_info.portals.num_stabs");
    if (!acp_reader_check_count(r, p->num_stabs, 2, ACP_MAX_STABS, at, "landblock_info.portals.num_stabs")) return;
    p->stabs = acp_unpack_array(r, a, p->num_stabs, sizeof *p->stabs, "landblock_info.portals.stabs");
    for (uint32_t i = 0; p->stabs && i < p->num_stabs; i++)
        p->stabs[i] = block_mask | acp_reader_u16(r, "landblock_info.portals.stabs");
    if (p->num_stabs & 1u) acp_reader_skip(r, 2, "landblock_info.portals.stabs");
}

/* Model, frame, leaves, portals (each at least 8 bytes). */
static void unpack_building(acp_reader *r, acp_arena *a, acp_building *b, uint32_t block_mask)
{
    b->model_id = acp_reader_u32(r, "landblock_info.buildings.model_id");
    b->frame = acp_reader_aframe(r, "landblock_info.buildings.frame");
    b->num_leaves = acp_reader_u32(r, "landblock_info.buildings.num_leaves");
    b->num_portals = acp_reader_count(r, 8, ACP_MAX_BUILDING_PORTALS, "landblock_info.buildings.num_portals");
    b->portals = acp_unpack_array(r, a, b->num_portals, sizeof *b->portals, "landblock_info.buildings.portals");
    for (uint32_t i = 0; b->portals && i < b->num_portals; i++) unpack_bld_portal(r, a, &b->portals[i], block_mask);
}

static int restriction_cmp(const void *pa, const void *pb)
{
    const acp_restriction *x = pa, *y = pb;
    return x->cell_id < y->cell_id ? -1 : x->cell_id > y->cell_id;
}

/* The restriction table: a table size of 0 holds nothing (a count then fails, as retail's
 * `return count == 0`); both at most 0x10000 (retail's bound, ERR_LIMIT); a repeated cell id
 * fails (ERR_DUPLICATE_KEY: CLandBlockInfo keeps m_fThrowawayDuplicateKeysOnUnPack clear). */
static void unpack_restrictions(acp_reader *r, acp_arena *a, acp_landblock_info *lb)
{
    size_t at = r->pos;
    uint32_t word = acp_reader_u32(r, "landblock_info.restrictions");
    uint32_t count = word & 0xFFFFu;
    lb->restriction_table_size = word >> 16;
    if (!acp_reader_ok(r)) return;
    if (lb->restriction_table_size == 0) {
        if (count) acp_reader_fail(r, ACP_DAT_ERR_LIMIT, at, "landblock_info.restrictions");
        return;
    }
    if (!acp_reader_check_count(r, count, 8, 0x10000u, at, "landblock_info.restrictions")) return;
    lb->num_restrictions = count;
    lb->restrictions = acp_unpack_array(r, a, count, sizeof *lb->restrictions, "landblock_info.restrictions");
    for (uint32_t i = 0; lb->restrictions && i < count; i++) {
        lb->restrictions[i].cell_id = acp_reader_u32(r, "landblock_info.restrictions.cell_id");
        lb->restrictions[i].object_id = acp_reader_u32(r, "landblock_info.restrictions.object_id");
    }
    if (!lb->restrictions || !acp_reader_ok(r)) return;
    qsort(lb->restrictions, count, sizeof *lb->restrictions, restriction_cmp);
    for (uint32_t i = 1; i < count; i++)
        if (lb->restrictions[i].cell_id == lb->restrictions[i - 1].cell_id) {
            acp_reader_fail(r, ACP_DAT_ERR_DUPLICATE_KEY, at, "landblock_info.restrictions");
            return;
        }
}

/* Retail: CLandBlockInfo::UnPack (0x0052ECA0). */
void acp_unpack_landblock_info(acp_reader *r, acp_arena *a, void *out)
{
    acp_landblock_info *lb = out;
    lb->id = acp_reader_u32(r, "landblock_info.id");
    uint32_t block_mask = lb->id & 0xFFFF0000u;
    lb->num_cells = acp_reader_u32(r, "landblock_info.num_cells");
    lb->num_objects = acp_reader_count(r, 32, ACP_MAX_STABS, "landblock_info.num_objects");
    lb->objects = acp_unpack_stabs(r, a, lb->num_objects, "landblock_info.objects");
    size_t at = r->pos;
    uint32_t word = acp_reader_u32(r, "landblock_info.num_buildings");
    lb->num_buildings = word & 0xFFFFu;
    lb->pack_mask = word >> 16;
    if (acp_reader_ok(r) && !acp_reader_check_count(r, lb->num_buildings, 40, ACP_MAX_STABS, at, "landblock_info.num_buildings"))
        return;
    lb->buildings = acp_unpack_array(r, a, lb->num_buildings, sizeof *lb->buildings, "landblock_info.buildings");
    for (uint32_t i = 0; lb->buildings && i < lb->num_buildings; i++) unpack_building(r, a, &lb->buildings[i], block_mask);
    if (lb->pack_mask & 1u) unpack_restrictions(r, a, lb);
    acp_unpack_expect_end(r);
}
