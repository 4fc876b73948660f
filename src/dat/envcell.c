/* acphys — the EnvCell record (cell 0xXXYY0100..0xXXYYFFFD): retail CEnvCell::UnPack
 * (0x0052D470) with CCellPortal::UnPack (0x0053BAB0). Read against PORTAL/ccell/CEnvCell.c and
 * PORTAL/cgeometry/CCellPortal.c.
 *
 * Layout: id, flags (u32), the cell id again (u32; its high 16 bits are the block mask every
 * stored u16 cell id is completed with), surface count (u8), portal count (u8), visible-cell count
 * (u16), surfaces (u16 each, | 0x08000000), environment (u16, | 0x0D000000), CellStruct (u16), the
 * cell's frame, the portals (8 bytes each), the visible cells (u16 each), with HAS_STATICS a u32
 * count and (id, frame) each, with HAS_RESTRICTION the restriction object (u32).
 */
#include "unpack.h"

/* Flags (exact match, side, no other cell), polygon, other cell, other portal.
 * Retail: CCellPortal::UnPack (0x0053BAB0). */
static void unpack_cell_portal(acp_reader *r, acp_cell_portal *p, uint32_t block_mask)
{
    p->flags = acp_reader_u16(r, "envcell.portals.flags");
    p->exact_match = p->flags & 1u;
    p->portal_side = !(p->flags & 2u);
    p->polygon = acp_reader_u16(r, "envcell.portals.polygon");
    uint16_t other = acp_reader_u16(r, "envcell.portals.other_cell_id");
    p->other_cell_id = (p->flags & 4u) ? 0xFFFFFFFFu : (block_mask | other);
    p->other_portal_id = acp_reader_u16(r, "envcell.portals.other_portal_id");
}

/* n static objects: id and frame each (Frame::UnPack, validated as D1 says). */
acp_stab *acp_unpack_stabs(acp_reader *r, acp_arena *a, uint32_t n, const char *field)
{
    acp_stab *s = acp_unpack_array(r, a, n, sizeof *s, field);
    for (uint32_t i = 0; s && i < n; i++) {
        s[i].id = acp_reader_u32(r, field);
        s[i].frame = acp_reader_aframe(r, field);
    }
    return s;
}

/* Retail: CEnvCell::UnPack (0x0052D470). */
void acp_unpack_envcell(acp_reader *r, acp_arena *a, void *out)
{
    acp_envcell *c = out;
    c->id = acp_reader_u32(r, "envcell.id");
    c->flags = acp_reader_u32(r, "envcell.flags");
    c->cell_id = acp_reader_u32(r, "envcell.cell_id");
    uint32_t block_mask = c->cell_id & 0xFFFF0000u;
    c->num_surfaces = acp_reader_u8(r, "envcell.num_surfaces");
    c->num_portals = acp_reader_u8(r, "envcell.num_portals");
    c->num_visible_cells = acp_reader_u16(r, "envcell.num_visible_cells");
    c->surfaces = acp_unpack_array(r, a, c->num_surfaces, sizeof *c->surfaces, "envcell.surfaces");
    for (uint32_t i = 0; c->surfaces && i < c->num_surfaces; i++)
        c->surfaces[i] = 0x08000000u | acp_reader_u16(r, "envcell.surfaces");
    c->environment_id = 0x0D000000u | acp_reader_u16(r, "envcell.environment_id");
    c->cell_struct = acp_reader_u16(r, "envcell.cell_struct");
    c->position = acp_reader_aframe(r, "envcell.position");
    c->portals = acp_unpack_array(r, a, c->num_portals, sizeof *c->portals, "envcell.portals");
    for (uint32_t i = 0; c->portals && i < c->num_portals; i++) unpack_cell_portal(r, &c->portals[i], block_mask);
    c->visible_cells = acp_unpack_array(r, a, c->num_visible_cells, sizeof *c->visible_cells, "envcell.visible_cells");
    for (uint32_t i = 0; c->visible_cells && i < c->num_visible_cells; i++)
        c->visible_cells[i] = block_mask | acp_reader_u16(r, "envcell.visible_cells");
    if (c->flags & ACP_ENVCELL_HAS_STATICS) {
        c->num_stabs = acp_reader_count(r, 32, ACP_MAX_STABS, "envcell.num_stabs");
        c->stabs = acp_unpack_stabs(r, a, c->num_stabs, "envcell.stabs");
    }
    if (c->flags & ACP_ENVCELL_HAS_RESTRICTION) c->restriction_obj = acp_reader_u32(r, "envcell.restriction_obj");
    acp_unpack_expect_end(r);
}
