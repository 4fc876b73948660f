/* acphys — the records a record names: what `acphys excerpt` follows so that an excerpt holds
 * everything a Setup, a landblock or a cell needs (docs: DAT files and excerpts).
 *
 * Every id a record stores that names another record is listed, in the record's field order,
 * whether or not acphys parses that record's type (the caller filters). Ids of 0 are not
 * listed. An EnvCell names its Environment, its static objects and the cells behind its
 * portals; a LandBlockInfo its static objects, its buildings' models, its EnvCells
 * (0xXXYY0100 and on, num_cells of them) and the cells behind its buildings' portals; a
 * LandBlock with has_objects its LandBlockInfo (0xXXYYFFFE). Each reference says which DAT holds
 * it (portal or cell). The restriction objects are object instance ids, not records.
 */
#include "dat.h"

typedef struct refs {
    acp_dat_ref *out;
    size_t cap, n;
} refs;

static void add_in(refs *r, uint32_t id, uint32_t data_set)
{
    if (!id || id == 0xFFFFFFFFu) return;
    if (r->n < r->cap) r->out[r->n] = (acp_dat_ref){id, data_set};
    r->n++;
}

/* Records in the portal DAT (Setups, GfxObjs, animations, ...) and in the cell DAT (cells). */
static void add(refs *r, uint32_t id) { add_in(r, id, ACP_DAT_PORTAL); }
static void add_cell(refs *r, uint32_t id) { add_in(r, id, ACP_DAT_CELL); }

static void hooks_refs(refs *r, const acp_anim_hook *h, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        switch (h[i].type) {
        case ACP_HOOK_REPLACE_OBJECT: add(r, h[i].p.replace.gfx_id); break;
        case ACP_HOOK_CREATE_PARTICLE:
        case ACP_HOOK_CREATE_BLOCKING_PARTICLE: add(r, h[i].p.particle.info_id); break;
        case ACP_HOOK_CALL_PES: add(r, h[i].p.call_pes.script_id); break;
        default: break;
        }
    }
}

static void setup_refs(refs *r, const acp_setup *s)
{
    for (uint32_t i = 0; i < s->num_parts; i++) add(r, s->parts[i]);
    for (uint32_t i = 0; i < s->num_placements; i++)
        hooks_refs(r, s->placements[i].frame.hooks, s->placements[i].frame.num_hooks);
    add(r, s->default_animation);
    add(r, s->default_script);
    add(r, s->default_motion_table);
    add(r, s->default_sound_table);
    add(r, s->default_script_table);
}

static void motion_entries_refs(refs *r, const acp_motion_entry *e, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < e[i].data.num_anims; k++) add(r, e[i].data.anims[k].anim_id);
}

static void motion_table_refs(refs *r, const acp_motion_table *t)
{
    motion_entries_refs(r, t->cycles, t->num_cycles);
    motion_entries_refs(r, t->modifiers, t->num_modifiers);
    for (uint32_t i = 0; i < t->num_links; i++) motion_entries_refs(r, t->links[i].entries, t->links[i].num_entries);
}

static void envcell_refs(refs *r, const acp_envcell *c)
{
    add(r, c->environment_id);
    for (uint32_t i = 0; i < c->num_stabs; i++) add(r, c->stabs[i].id);
    for (uint32_t i = 0; i < c->num_portals; i++) add_cell(r, c->portals[i].other_cell_id);
}

static void landblock_info_refs(refs *r, const acp_landblock_info *lb)
{
    for (uint32_t i = 0; i < lb->num_objects; i++) add(r, lb->objects[i].id);
    for (uint32_t i = 0; i < lb->num_buildings; i++) {
        const acp_building *b = &lb->buildings[i];
        add(r, b->model_id);
        for (uint32_t k = 0; k < b->num_portals; k++) add_cell(r, b->portals[k].other_cell_id);
    }
    for (uint32_t i = 0; i < lb->num_cells && i < 0xFEFEu; i++) add_cell(r, (lb->id & 0xFFFF0000u) | (0x0100u + i));
}

size_t acp_dat_record_refs(const acp_dat_record *rec, acp_dat_ref *out, size_t cap)
{
    refs r = {out, cap, 0};
    switch (rec->type) {
    case ACP_DAT_TYPE_SETUP: setup_refs(&r, rec->as.setup); break;
    case ACP_DAT_TYPE_ANIMATION:
        for (uint32_t i = 0; i < rec->as.animation->num_frames; i++)
            hooks_refs(&r, rec->as.animation->part_frames[i].hooks, rec->as.animation->part_frames[i].num_hooks);
        break;
    case ACP_DAT_TYPE_MOTION_TABLE: motion_table_refs(&r, rec->as.motion_table); break;
    case ACP_DAT_TYPE_LANDBLOCK:
        if (rec->as.landblock->has_objects) add_cell(&r, (rec->id & 0xFFFF0000u) | 0xFFFEu);
        break;
    case ACP_DAT_TYPE_GFXOBJ:
        for (uint32_t i = 0; i < rec->as.gfxobj->num_surfaces; i++) add(&r, rec->as.gfxobj->surfaces[i]);
        add(&r, rec->as.gfxobj->degrade_id);
        break;
    case ACP_DAT_TYPE_ENVCELL: envcell_refs(&r, rec->as.envcell); break;
    case ACP_DAT_TYPE_LANDBLOCK_INFO: landblock_info_refs(&r, rec->as.landblock_info); break;
    case ACP_DAT_TYPE_PARTICLE_EMITTER_INFO:
        add(&r, rec->as.particle_emitter_info->gfxobj_id);
        add(&r, rec->as.particle_emitter_info->hw_gfxobj_id);
        break;
    case ACP_DAT_TYPE_PHYSICS_SCRIPT:
        for (uint32_t i = 0; i < rec->as.physics_script->num_hooks; i++)
            hooks_refs(&r, &rec->as.physics_script->hooks[i].hook, 1);
        break;
    case ACP_DAT_TYPE_PHYSICS_SCRIPT_TABLE:
        for (uint32_t i = 0; i < rec->as.physics_script_table->num_types; i++) {
            const acp_script_type_entry *e = &rec->as.physics_script_table->types[i];
            for (uint32_t k = 0; k < e->num_scripts; k++) add(&r, e->scripts[k].script_id);
        }
        break;
    case ACP_DAT_TYPE_SCENE:
        for (uint32_t i = 0; i < rec->as.scene->num_objects; i++) add(&r, rec->as.scene->objects[i].obj_id);
        break;
    default: break;
    }
    return r.n;
}
