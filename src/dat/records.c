/* acphys — record parsers: one per retail UnPack (see dat.h for the rules they share).
 *
 * Every parser reads through the sticky reader: after the first failure every read returns 0,
 * every count 0 and every allocation NULL, so loops stop by themselves and the status is
 * tested once at the end. Field names in errors are static strings naming the record's field.
 */
#include "unpack.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---- */

/* See unpack.h. */
void *acp_unpack_array(acp_reader *r, acp_arena *a, size_t count, size_t elem, const char *field)
{
    if (count == 0 || !acp_reader_ok(r)) return NULL;
    void *p = acp_arena_array(a, count, elem);
    if (!p) acp_reader_fail(r, ACP_DAT_ERR_OUT_OF_MEMORY, r->pos, field);
    return p;
}

/* A keyed table being parsed: each element's key, the offset of that key, its index. */
typedef struct keyed {
    uint32_t key;
    uint32_t at;
    uint32_t index;
} keyed;

static int keyed_cmp(const void *pa, const void *pb)
{
    const keyed *a = pa, *b = pb;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return a->at < b->at ? -1 : a->at > b->at;
}

/* Room for the keys of an n-element table (malloc'd; NULL for n = 0 or out of memory). */
static keyed *keys_alloc(acp_reader *r, uint32_t n, const char *field)
{
    if (n == 0 || !acp_reader_ok(r)) return NULL;
    keyed *k = malloc(sizeof(keyed) * n);
    if (!k) acp_reader_fail(r, ACP_DAT_ERR_OUT_OF_MEMORY, r->pos, field);
    return k;
}

/* Sort the n elements (each starting with its uint32 key) by key, failing with
 * ERR_DUPLICATE_KEY at the second occurrence of a key. Frees `keys`. */
static void sort_table(acp_reader *r, void *elems, uint32_t n, size_t elem, keyed *keys, const char *field)
{
    if (!keys) return;
    if (acp_reader_ok(r) && n > 1) {
        qsort(keys, n, sizeof *keys, keyed_cmp);
        for (uint32_t i = 1; i < n; i++) {
            if (keys[i].key == keys[i - 1].key) {
                acp_reader_fail(r, ACP_DAT_ERR_DUPLICATE_KEY, keys[i].at, field);
                break;
            }
        }
        uint8_t *tmp = acp_reader_ok(r) ? malloc(elem * n) : NULL;
        if (tmp) {
            for (uint32_t i = 0; i < n; i++) memcpy(tmp + elem * i, (uint8_t *)elems + elem * keys[i].index, elem);
            memcpy(elems, tmp, elem * n);
            free(tmp);
        } else if (acp_reader_ok(r)) {
            acp_reader_fail(r, ACP_DAT_ERR_OUT_OF_MEMORY, r->pos, field);
        }
    }
    free(keys);
}

/* See unpack.h. */
void acp_unpack_expect_end(acp_reader *r)
{
    if (acp_reader_ok(r) && r->pos != r->size) acp_reader_fail(r, ACP_DAT_ERR_TRAILING_BYTES, r->pos, "record.end");
}

/* The reader's outcome as a status and error (offset within the record). */
static acp_dat_status finish(const acp_reader *r, uint32_t id, acp_dat_error *err)
{
    if (r->status == ACP_DAT_OK) {
        acp_dat_error_clear(err);
        return ACP_DAT_OK;
    }
    return acp_dat_fail(err, r->status, r->err_pos, r->err_field, id, true);
}

/* One record: allocate its struct in the arena, parse into it with `fn`, and report. */
typedef void (*unpack_fn)(acp_reader *r, acp_arena *a, void *out);

static void *unpack_record(const uint8_t *data, size_t size, acp_arena *arena, size_t struct_size,
                           const char *what, unpack_fn fn, acp_dat_status *st, acp_dat_error *err)
{
    acp_reader r = acp_reader_make(data, size);
    void *p = acp_unpack_array(&r, arena, 1, struct_size, what);
    if (p) fn(&r, arena, p);
    *st = finish(&r, size >= 4 ? acp_get_u32(data) : 0, err);
    return *st == ACP_DAT_OK ? p : NULL;
}

/* ---- animation hooks ---- */

/* Retail Unpack_AsDataIDOfKnownType (0x006844F0): a u16; with its top bit set, another u16
 * follows and the id is ((first & 0x3FFF) << 16) | second; the result is added to `base`. */
static uint32_t unpack_packed_did(acp_reader *r, uint32_t base, const char *field)
{
    uint16_t first = acp_reader_u16(r, field);
    if (first & 0x8000u) {
        uint16_t second = acp_reader_u16(r, field);
        return base + ((uint32_t)(first & 0x3FFFu) << 16 | second);
    }
    return base + first;
}

/* Retail CAnimHook::UnPackHook (0x005271D0): type, direction, the type's payload (each
 * subclass's UnPack), then PackObj::ALIGN_PTR. Type 4 (AnimationDone) has no case in retail
 * (the sequencer makes it at run time) and, like any other type outside the switch, fails. */
void acp_unpack_hook(acp_reader *r, acp_anim_hook *h)
{
    size_t at = r->pos;
    h->type = acp_reader_u32(r, "hook.type");
    h->direction = acp_reader_i32(r, "hook.direction");
    switch (h->type) {
    case ACP_HOOK_NOOP:
    case ACP_HOOK_DEFAULT_SCRIPT:                 /* DefaultScriptHook::UnPack reads nothing */
        break;
    case ACP_HOOK_SOUND:                          /* SoundHook::UnPack (0x005276C0) */
    case ACP_HOOK_SOUND_TABLE:                    /* SoundTableHook::UnPack (0x00526AF0) */
    case ACP_HOOK_DESTROY_PARTICLE:
    case ACP_HOOK_STOP_PARTICLE:
    case ACP_HOOK_DEFAULT_SCRIPT_PART:
        h->p.id = acp_reader_u32(r, "hook.id");
        break;
    case ACP_HOOK_ETHEREAL:
    case ACP_HOOK_NO_DRAW:
    case ACP_HOOK_SET_LIGHT:
        h->p.flag = acp_reader_u32(r, "hook.flag");
        break;
    case ACP_HOOK_ATTACK:                         /* AttackCone::UnPack (0x00527060) */
        h->p.attack.part = acp_reader_u32(r, "hook.attack.part");
        h->p.attack.left_x = acp_reader_f32(r, "hook.attack.left");
        h->p.attack.left_y = acp_reader_f32(r, "hook.attack.left");
        h->p.attack.right_x = acp_reader_f32(r, "hook.attack.right");
        h->p.attack.right_y = acp_reader_f32(r, "hook.attack.right");
        h->p.attack.radius = acp_reader_f32(r, "hook.attack.radius");
        h->p.attack.height = acp_reader_f32(r, "hook.attack.height");
        break;
    case ACP_HOOK_REPLACE_OBJECT:                 /* AnimPartChange::UnPack (0x005ADA10): u8 part */
        h->p.replace.part = acp_reader_u8(r, "hook.replace.part");
        h->p.replace.gfx_id = unpack_packed_did(r, 0x01000000u, "hook.replace.gfx_id");
        break;
    case ACP_HOOK_TRANSPARENT_PART:
    case ACP_HOOK_LUMINOUS_PART:
    case ACP_HOOK_DIFFUSE_PART:
        h->p.fade.part = acp_reader_u32(r, "hook.fade.part");
        h->p.fade.start = acp_reader_f32(r, "hook.fade.start");
        h->p.fade.end = acp_reader_f32(r, "hook.fade.end");
        h->p.fade.time = acp_reader_f32(r, "hook.fade.time");
        break;
    case ACP_HOOK_LUMINOUS:
    case ACP_HOOK_DIFFUSE:
    case ACP_HOOK_TRANSPARENT:
        h->p.fade.part = 0xFFFFFFFFu;
        h->p.fade.start = acp_reader_f32(r, "hook.fade.start");
        h->p.fade.end = acp_reader_f32(r, "hook.fade.end");
        h->p.fade.time = acp_reader_f32(r, "hook.fade.time");
        break;
    case ACP_HOOK_SCALE:                          /* changes the object's scale: physics */
        h->p.scale.end = acp_reader_f32_finite(r, "hook.scale.end");
        h->p.scale.time = acp_reader_f32_finite(r, "hook.scale.time");
        break;
    case ACP_HOOK_CREATE_PARTICLE:                /* CreateParticleHook::UnPack (0x005278A0) */
    case ACP_HOOK_CREATE_BLOCKING_PARTICLE:       /* the same payload (a CreateParticleHook subclass) */
        h->p.particle.info_id = acp_reader_u32(r, "hook.particle.info_id");
        h->p.particle.part = acp_reader_u32(r, "hook.particle.part");
        h->p.particle.offset = acp_reader_aframe(r, "hook.particle.offset");
        h->p.particle.emitter_id = acp_reader_u32(r, "hook.particle.emitter_id");
        break;
    case ACP_HOOK_CALL_PES:
        h->p.call_pes.script_id = acp_reader_u32(r, "hook.call_pes.script_id");
        h->p.call_pes.pause = acp_reader_f32(r, "hook.call_pes.pause");
        break;
    case ACP_HOOK_SOUND_TWEAKED:                  /* SoundTweakedHook::UnPack (0x00527780) */
        h->p.sound_tweaked.sound_id = acp_reader_u32(r, "hook.sound_tweaked.sound_id");
        h->p.sound_tweaked.probability = acp_reader_f32(r, "hook.sound_tweaked.probability");
        h->p.sound_tweaked.priority = acp_reader_f32(r, "hook.sound_tweaked.priority");
        h->p.sound_tweaked.volume = acp_reader_f32(r, "hook.sound_tweaked.volume");
        break;
    case ACP_HOOK_SET_OMEGA:                      /* an angular velocity: physics */
        h->p.omega = acp_reader_vec3_finite(r, "hook.set_omega");
        break;
    case ACP_HOOK_TEXTURE_VELOCITY:
        h->p.texture_velocity.part = 0xFFFFFFFFu;
        h->p.texture_velocity.u = acp_reader_f32(r, "hook.texture_velocity.u");
        h->p.texture_velocity.v = acp_reader_f32(r, "hook.texture_velocity.v");
        break;
    case ACP_HOOK_TEXTURE_VELOCITY_PART:
        h->p.texture_velocity.part = acp_reader_u32(r, "hook.texture_velocity.part");
        h->p.texture_velocity.u = acp_reader_f32(r, "hook.texture_velocity.u");
        h->p.texture_velocity.v = acp_reader_f32(r, "hook.texture_velocity.v");
        break;
    default:
        if (acp_reader_ok(r)) acp_reader_fail(r, ACP_DAT_ERR_HOOK_UNKNOWN_TYPE, at, "hook.type");
        return;
    }
    acp_reader_align4(r, "hook.align");
}

/* Retail AnimFrame::UnPack (0x0051F8E0): num_parts frames (AFrame::UnPack each), a u32 hook
 * count and the hooks. `parts` has room for num_parts frames. */
static void unpack_anim_frame(acp_reader *r, acp_arena *a, uint32_t num_parts, acp_aframe *parts,
                              acp_anim_frame *f)
{
    f->parts = parts;
    for (uint32_t i = 0; i < num_parts && acp_reader_ok(r); i++) parts[i] = acp_reader_aframe(r, "anim_frame.parts");
    f->num_hooks = acp_reader_count(r, 8, ACP_MAX_HOOKS, "anim_frame.num_hooks");
    f->hooks = acp_unpack_array(r, a, f->num_hooks, sizeof(acp_anim_hook), "anim_frame.hooks");
    for (uint32_t i = 0; i < f->num_hooks && acp_reader_ok(r); i++) acp_unpack_hook(r, &f->hooks[i]);
    if (!acp_reader_ok(r)) f->num_hooks = 0;
}

/* ---- Animation ---- */

/* Retail CAnimation::UnPack (0x0051FB50): id, flags (0x1 pos frames; retail copies 0x2 into
 * has_hooks), num_parts, num_frames, the pos frames when flag 0x1, then num_frames AnimFrames. */
static void unpack_animation(acp_reader *r, acp_arena *a, void *out)
{
    acp_animation *anim = out;
    anim->id = acp_reader_u32(r, "animation.id");
    anim->flags = acp_reader_u32(r, "animation.flags");
    anim->num_parts = acp_reader_count(r, 0, ACP_MAX_PARTS, "animation.num_parts");
    size_t frames_at = r->pos;
    uint32_t num_frames = acp_reader_u32(r, "animation.num_frames");
    /* Each frame needs its part frames and a hook count, plus a pos frame when flag 0x1. */
    uint64_t per_frame = (uint64_t)anim->num_parts * 28u + 4u + ((anim->flags & 1u) ? 28u : 0u);
    if (!acp_reader_check_count(r, num_frames, per_frame, ACP_MAX_FRAMES, frames_at, "animation.num_frames")) return;
    anim->num_frames = num_frames;
    if (anim->flags & 1u) {
        anim->pos_frames = acp_unpack_array(r, a, num_frames, sizeof(acp_aframe), "animation.pos_frames");
        for (uint32_t i = 0; i < num_frames && acp_reader_ok(r); i++)
            anim->pos_frames[i] = acp_reader_aframe(r, "animation.pos_frames");
    }
    anim->part_frames = acp_unpack_array(r, a, num_frames, sizeof(acp_anim_frame), "animation.part_frames");
    acp_aframe *parts = acp_unpack_array(r, a, (size_t)num_frames * anim->num_parts, sizeof(acp_aframe),
                                    "animation.part_frames");
    for (uint32_t i = 0; i < num_frames && acp_reader_ok(r); i++)
        unpack_anim_frame(r, a, anim->num_parts, parts ? parts + (size_t)i * anim->num_parts : NULL,
                          &anim->part_frames[i]);
    acp_unpack_expect_end(r);
    /* Not retail (docs/SHORTCUTS.md S21): whether every part frame combines validly, found once
     * here rather than by each part array that plays the animation. */
    bool valid = true;
    for (uint32_t i = 0; i < num_frames && acp_reader_ok(r) && anim->part_frames && valid; i++)
        valid = !anim->part_frames[i].parts || acp_aframes_combine_validly(anim->part_frames[i].parts, anim->num_parts);
    if (acp_reader_ok(r) && anim->part_frames) anim->parts_check = valid ? ACP_ANIM_PARTS_VALID : ACP_ANIM_PARTS_INVALID;
}


/* ---- MotionTable ---- */

/* Retail MotionData::UnPack (0x00526570) without its leading key (read by the table):
 * num_anims, bitfield, flags, align, AnimData × num_anims (AnimData::UnPack 0x00525E50),
 * velocity if flags & 1, omega if flags & 2. */
static void unpack_motion_data(acp_reader *r, acp_arena *a, acp_motion_data *m)
{
    size_t at = r->pos;
    m->num_anims = acp_reader_u8(r, "motion_data.num_anims");
    m->bitfield = acp_reader_u8(r, "motion_data.bitfield");
    m->flags = acp_reader_u8(r, "motion_data.flags");
    acp_reader_align4(r, "motion_data.align");
    if (!acp_reader_check_count(r, m->num_anims, 16, 255, at, "motion_data.num_anims")) {
        m->num_anims = 0;
        return;
    }
    m->anims = acp_unpack_array(r, a, m->num_anims, sizeof(acp_anim_data), "motion_data.anims");
    for (uint32_t i = 0; i < m->num_anims && acp_reader_ok(r); i++) {
        acp_anim_data *d = &m->anims[i];
        d->anim_id = acp_reader_u32(r, "motion_data.anims.anim_id");
        d->low_frame = acp_reader_i32(r, "motion_data.anims.low_frame");
        d->high_frame = acp_reader_i32(r, "motion_data.anims.high_frame");
        d->framerate = acp_reader_f32_finite(r, "motion_data.anims.framerate");
    }
    if (m->flags & 1u) m->velocity = acp_reader_vec3_finite(r, "motion_data.velocity");
    if (m->flags & 2u) m->omega = acp_reader_vec3_finite(r, "motion_data.omega");
    if (!acp_reader_ok(r)) m->num_anims = 0;
}

/* A u32 count then count × (u32 key, MotionData): the cycles, the modifiers, and each inner map
 * of the links. Sorted by key. */
static acp_motion_entry *unpack_motion_map(acp_reader *r, acp_arena *a, uint32_t *count, const char *field)
{
    uint32_t n = acp_reader_count(r, 8, ACP_MAX_MOTIONS, field);
    acp_motion_entry *e = acp_unpack_array(r, a, n, sizeof *e, field);
    keyed *keys = keys_alloc(r, n, field);
    for (uint32_t i = 0; i < n && acp_reader_ok(r); i++) {
        keys[i].at = (uint32_t)r->pos;
        keys[i].index = i;
        e[i].key = keys[i].key = acp_reader_u32(r, field);
        unpack_motion_data(r, a, &e[i].data);
    }
    sort_table(r, e, n, sizeof *e, keys, field);
    *count = acp_reader_ok(r) ? n : 0;
    return e;
}

/* Retail CMotionTable::UnPack (0x005238C0): id, default style, style defaults (style → substate),
 * cycles, modifiers, links (a map of maps), and a closing 4-byte alignment check. */
static void unpack_motion_table(acp_reader *r, acp_arena *a, void *out)
{
    acp_motion_table *t = out;
    t->id = acp_reader_u32(r, "motion_table.id");
    t->default_style = acp_reader_u32(r, "motion_table.default_style");

    uint32_t n = acp_reader_count(r, 8, ACP_MAX_MOTIONS, "motion_table.style_defaults");
    t->style_defaults = acp_unpack_array(r, a, n, sizeof(acp_style_default), "motion_table.style_defaults");
    keyed *keys = keys_alloc(r, n, "motion_table.style_defaults");
    for (uint32_t i = 0; i < n && acp_reader_ok(r); i++) {
        keys[i].at = (uint32_t)r->pos;
        keys[i].index = i;
        t->style_defaults[i].style = keys[i].key = acp_reader_u32(r, "motion_table.style_defaults.style");
        t->style_defaults[i].substate = acp_reader_u32(r, "motion_table.style_defaults.substate");
    }
    sort_table(r, t->style_defaults, n, sizeof(acp_style_default), keys, "motion_table.style_defaults.style");
    t->num_style_defaults = n;

    t->cycles = unpack_motion_map(r, a, &t->num_cycles, "motion_table.cycles");
    t->modifiers = unpack_motion_map(r, a, &t->num_modifiers, "motion_table.modifiers");

    n = acp_reader_count(r, 8, ACP_MAX_MOTIONS, "motion_table.links");
    t->links = acp_unpack_array(r, a, n, sizeof(acp_motion_link_map), "motion_table.links");
    keys = keys_alloc(r, n, "motion_table.links");
    for (uint32_t i = 0; i < n && acp_reader_ok(r); i++) {
        keys[i].at = (uint32_t)r->pos;
        keys[i].index = i;
        t->links[i].key = keys[i].key = acp_reader_u32(r, "motion_table.links.key");
        t->links[i].entries = unpack_motion_map(r, a, &t->links[i].num_entries, "motion_table.links.entries");
    }
    sort_table(r, t->links, n, sizeof(acp_motion_link_map), keys, "motion_table.links.key");
    t->num_links = n;
    acp_reader_align4(r, "motion_table.align"); /* retail's closing check; always aligned here */
    acp_unpack_expect_end(r);
}


/* ---- Setup ---- */

/* Holding locations and connection points: count × (key, part id, Frame) (LocationType). */
static acp_location *unpack_locations(acp_reader *r, acp_arena *a, uint32_t *count, const char *field,
                                      const char *frame_field)
{
    uint32_t n = acp_reader_count(r, 36, ACP_MAX_LOCATIONS, field);
    acp_location *l = acp_unpack_array(r, a, n, sizeof *l, field);
    keyed *keys = keys_alloc(r, n, field);
    for (uint32_t i = 0; i < n && acp_reader_ok(r); i++) {
        keys[i].at = (uint32_t)r->pos;
        keys[i].index = i;
        l[i].key = keys[i].key = acp_reader_u32(r, field);
        l[i].part_id = acp_reader_u32(r, field);
        l[i].frame = acp_reader_aframe(r, frame_field);
    }
    sort_table(r, l, n, sizeof *l, keys, field);
    *count = acp_reader_ok(r) ? n : 0;
    return l;
}

static acp_sphere unpack_sphere_finite(acp_reader *r, const char *field)
{
    acp_sphere s;
    s.center = acp_reader_vec3_finite(r, field);
    s.radius = acp_reader_f32_finite(r, field);
    return s;
}

/* Retail CSetup::UnPack (0x00520C50): flags, parts, parents (flag 0x1), default scales (flag
 * 0x2), holding locations, connection points, placement frames, cylspheres, spheres, height,
 * radius, step heights, sorting and selection spheres, lights, the five default ids, align. */
static void unpack_setup(acp_reader *r, acp_arena *a, void *out)
{
    acp_setup *s = out;
    s->id = acp_reader_u32(r, "setup.id");
    s->flags = acp_reader_u32(r, "setup.flags");
    uint64_t per_part = 4u + ((s->flags & 1u) ? 4u : 0u) + ((s->flags & 2u) ? 12u : 0u);
    uint32_t np = acp_reader_count(r, per_part, ACP_MAX_PARTS, "setup.num_parts");
    s->num_parts = np;
    s->parts = acp_unpack_array(r, a, np, sizeof(uint32_t), "setup.parts");
    for (uint32_t i = 0; i < np && acp_reader_ok(r); i++) s->parts[i] = acp_reader_u32(r, "setup.parts");
    if (s->flags & 1u) {
        s->parent_index = acp_unpack_array(r, a, np, sizeof(uint32_t), "setup.parent_index");
        for (uint32_t i = 0; i < np && acp_reader_ok(r); i++)
            s->parent_index[i] = acp_reader_u32(r, "setup.parent_index");
    }
    if (s->flags & 2u) {
        s->default_scale = acp_unpack_array(r, a, np, sizeof(acp_vec3), "setup.default_scale");
        for (uint32_t i = 0; i < np && acp_reader_ok(r); i++)
            s->default_scale[i] = acp_reader_vec3_finite(r, "setup.default_scale");
    }
    s->holding_locations = unpack_locations(r, a, &s->num_holding_locations, "setup.holding_locations",
                                            "setup.holding_locations.frame");
    s->connection_points = unpack_locations(r, a, &s->num_connection_points, "setup.connection_points",
                                            "setup.connection_points.frame");

    /* Placement frames: key, then an AnimFrame of num_parts frames (PlacementType). */
    uint32_t n = acp_reader_count(r, 4u + (uint64_t)np * 28u + 4u, ACP_MAX_PLACEMENTS, "setup.placements");
    s->placements = acp_unpack_array(r, a, n, sizeof(acp_placement), "setup.placements");
    acp_aframe *frames = acp_unpack_array(r, a, (size_t)n * np, sizeof(acp_aframe), "setup.placements");
    keyed *keys = keys_alloc(r, n, "setup.placements");
    for (uint32_t i = 0; i < n && acp_reader_ok(r); i++) {
        keys[i].at = (uint32_t)r->pos;
        keys[i].index = i;
        s->placements[i].key = keys[i].key = acp_reader_u32(r, "setup.placements.key");
        unpack_anim_frame(r, a, np, frames ? frames + (size_t)i * np : NULL, &s->placements[i].frame);
    }
    sort_table(r, s->placements, n, sizeof(acp_placement), keys, "setup.placements.key");
    s->num_placements = acp_reader_ok(r) ? n : 0;

    n = acp_reader_count(r, 20, ACP_MAX_SPHERES, "setup.cylspheres");
    s->cylspheres = acp_unpack_array(r, a, n, sizeof(acp_cylsphere), "setup.cylspheres");
    for (uint32_t i = 0; i < n && acp_reader_ok(r); i++) { /* CCylSphere::UnPack (0x0053A960) */
        s->cylspheres[i].low_pt = acp_reader_vec3_finite(r, "setup.cylspheres.low_pt");
        s->cylspheres[i].radius = acp_reader_f32_finite(r, "setup.cylspheres.radius");
        s->cylspheres[i].height = acp_reader_f32_finite(r, "setup.cylspheres.height");
    }
    s->num_cylspheres = n;

    n = acp_reader_count(r, 16, ACP_MAX_SPHERES, "setup.spheres");
    s->spheres = acp_unpack_array(r, a, n, sizeof(acp_sphere), "setup.spheres");
    for (uint32_t i = 0; i < n && acp_reader_ok(r); i++) /* CSphere::UnPack (0x0051FD20) */
        s->spheres[i] = unpack_sphere_finite(r, "setup.spheres");
    s->num_spheres = n;

    s->height = acp_reader_f32_finite(r, "setup.height");
    s->radius = acp_reader_f32_finite(r, "setup.radius");
    s->step_up_height = acp_reader_f32_finite(r, "setup.step_up_height");
    s->step_down_height = acp_reader_f32_finite(r, "setup.step_down_height");
    /* Sorting and selection spheres are for drawing and picking: kept as stored. */
    s->sorting_sphere.center.x = acp_reader_f32(r, "setup.sorting_sphere");
    s->sorting_sphere.center.y = acp_reader_f32(r, "setup.sorting_sphere");
    s->sorting_sphere.center.z = acp_reader_f32(r, "setup.sorting_sphere");
    s->sorting_sphere.radius = acp_reader_f32(r, "setup.sorting_sphere");
    s->selection_sphere.center.x = acp_reader_f32(r, "setup.selection_sphere");
    s->selection_sphere.center.y = acp_reader_f32(r, "setup.selection_sphere");
    s->selection_sphere.center.z = acp_reader_f32(r, "setup.selection_sphere");
    s->selection_sphere.radius = acp_reader_f32(r, "setup.selection_sphere");

    /* Lights (LIGHTINFO): key, Frame, RGBColor (a u32, RGBColor::UnPack 0x005AA080), intensity,
     * falloff, cone angle. */
    n = acp_reader_count(r, 48, ACP_MAX_LIGHTS, "setup.lights");
    s->lights = acp_unpack_array(r, a, n, sizeof(acp_light), "setup.lights");
    keys = keys_alloc(r, n, "setup.lights");
    for (uint32_t i = 0; i < n && acp_reader_ok(r); i++) {
        acp_light *l = &s->lights[i];
        keys[i].at = (uint32_t)r->pos;
        keys[i].index = i;
        l->key = keys[i].key = acp_reader_u32(r, "setup.lights.key");
        l->frame = acp_reader_aframe(r, "setup.lights.frame");
        l->color = acp_reader_u32(r, "setup.lights.color");
        l->intensity = acp_reader_f32(r, "setup.lights.intensity");
        l->falloff = acp_reader_f32(r, "setup.lights.falloff");
        l->cone_angle = acp_reader_f32(r, "setup.lights.cone_angle");
    }
    sort_table(r, s->lights, n, sizeof(acp_light), keys, "setup.lights.key");
    s->num_lights = acp_reader_ok(r) ? n : 0;

    s->default_animation = acp_reader_u32(r, "setup.default_animation");
    s->default_script = acp_reader_u32(r, "setup.default_script");
    s->default_motion_table = acp_reader_u32(r, "setup.default_motion_table");
    s->default_sound_table = acp_reader_u32(r, "setup.default_sound_table");
    s->default_script_table = acp_reader_u32(r, "setup.default_script_table");
    acp_reader_align4(r, "setup.align"); /* retail ends with an align; every field is 4 bytes */
    acp_unpack_expect_end(r);
}


/* ---- LandBlock ---- */

/* CLandBlock::UnPack (0x0052F310): has_objects, then CLandBlockStruct::UnPack (0x00531FD0):
 * 81 u16 terrain words, 81 u8 height indices, align. 252 bytes with the id. */
static void unpack_landblock(acp_reader *r, acp_arena *a, void *out)
{
    acp_landblock *lb = out;
    (void)a;
    lb->id = acp_reader_u32(r, "landblock.id");
    lb->has_objects = acp_reader_u32(r, "landblock.has_objects");
    for (int i = 0; i < 81; i++) lb->terrain[i] = acp_reader_u16(r, "landblock.terrain");
    for (int i = 0; i < 81; i++) lb->height[i] = acp_reader_u8(r, "landblock.height");
    acp_reader_align4(r, "landblock.align");
    acp_unpack_expect_end(r);
}


/* ---- Region ---- */

/* CRegionDesc::UnPack (0x004FF440) through the height table: region number, version (retail
 * refuses any but 3), the name (AC1Legacy::PStringBase<char>::UnPack: u16 length, 0xFFFF then a
 * u32 length, the bytes, align), the 8 LandDefs scalars (kept as stored; retail skips them:
 * LandDefs::get_vars hard-codes them), and 256 heights, each in [0, 800] (LandDefs::set_height_table 0x005A99E0,
 * which stops at the first height outside; NaN fails its test too), then through the terrain
 * types (region_scenes.c: the scene tables procedural scenery reads). The rest (LandSurf,
 * RegionMisc) is not parsed: `raw` holds the whole record, so excerpts copy it verbatim. */
static void unpack_region(acp_reader *r, acp_arena *a, void *out)
{
    acp_region *g = out;
    g->id = acp_reader_u32(r, "region.id");
    g->region_number = acp_reader_u32(r, "region.region_number");
    size_t at = r->pos;
    g->version = acp_reader_u32(r, "region.version");
    if (acp_reader_ok(r) && g->version != 3) acp_reader_fail(r, ACP_DAT_ERR_REGION_VERSION, at, "region.version");
    uint32_t len = acp_reader_u16(r, "region.name");
    if (len == 0xFFFFu) len = acp_reader_u32(r, "region.name");
    size_t name_at = r->pos;
    acp_reader_skip(r, len, "region.name");
    acp_reader_align4(r, "region.name");
    acp_land_defs *d = &g->land_defs;
    d->num_block_length = acp_reader_i32(r, "region.land_defs");
    d->num_block_width = acp_reader_i32(r, "region.land_defs");
    d->square_length = acp_reader_f32(r, "region.land_defs");
    d->lblock_length = acp_reader_i32(r, "region.land_defs");
    d->vertex_per_cell = acp_reader_i32(r, "region.land_defs");
    d->max_obj_height = acp_reader_f32(r, "region.land_defs");
    d->sky_height = acp_reader_f32(r, "region.land_defs");
    d->road_width = acp_reader_f32(r, "region.land_defs");
    for (int i = 0; i < 256 && acp_reader_ok(r); i++) {
        at = r->pos;
        float h = acp_reader_f32(r, "region.land_height_table");
        if (acp_reader_ok(r) && !(h >= 0.0f && h <= 800.0f))
            acp_reader_fail(r, ACP_DAT_ERR_REGION_HEIGHT_RANGE, at, "region.land_height_table");
        g->land_height_table[i] = h;
    }
    if (acp_reader_ok(r)) acp_unpack_region_scenes(r, a, g);
    uint8_t *raw = acp_unpack_array(r, a, r->size, 1, "region.raw");
    if (raw) memcpy(raw, r->data, r->size);
    g->raw = raw;
    g->raw_size = (uint32_t)r->size;
    if (raw) {
        g->name = (const char *)raw + name_at;
        g->name_length = len;
    }
}


/* ---- by type ---- */

static const struct parser {
    size_t size;
    const char *name;
    unpack_fn fn;
} parsers[ACP_DAT_TYPE_COUNT] = {
    [ACP_DAT_TYPE_SETUP] = {sizeof(acp_setup), "setup", unpack_setup},
    [ACP_DAT_TYPE_ANIMATION] = {sizeof(acp_animation), "animation", unpack_animation},
    [ACP_DAT_TYPE_MOTION_TABLE] = {sizeof(acp_motion_table), "motion_table", unpack_motion_table},
    [ACP_DAT_TYPE_LANDBLOCK] = {sizeof(acp_landblock), "landblock", unpack_landblock},
    [ACP_DAT_TYPE_REGION] = {sizeof(acp_region), "region", unpack_region},
    [ACP_DAT_TYPE_GFXOBJ] = {sizeof(acp_gfxobj), "gfxobj", acp_unpack_gfxobj},
    [ACP_DAT_TYPE_ENVIRONMENT] = {sizeof(acp_environment), "environment", acp_unpack_environment},
    [ACP_DAT_TYPE_ENVCELL] = {sizeof(acp_envcell), "envcell", acp_unpack_envcell},
    [ACP_DAT_TYPE_LANDBLOCK_INFO] = {sizeof(acp_landblock_info), "landblock_info", acp_unpack_landblock_info},
    [ACP_DAT_TYPE_PARTICLE_EMITTER_INFO] = {sizeof(acp_particle_emitter_info), "particle_emitter_info",
                                            acp_unpack_particle_emitter_info},
    [ACP_DAT_TYPE_PHYSICS_SCRIPT] = {sizeof(acp_physics_script), "physics_script", acp_unpack_physics_script},
    [ACP_DAT_TYPE_PHYSICS_SCRIPT_TABLE] = {sizeof(acp_physics_script_table), "physics_script_table",
                                           acp_unpack_physics_script_table},
    [ACP_DAT_TYPE_SCENE] = {sizeof(acp_scene), "scene", acp_unpack_scene},
};

static void *unpack_as(acp_dat_type type, const uint8_t *data, size_t size, acp_arena *arena, acp_dat_status *st,
                       acp_dat_error *err)
{
    const struct parser *p = &parsers[type];
    return unpack_record(data, size, arena, p->size, p->name, p->fn, st, err);
}

/* The typed parser of each record type (dat.h): unpack_as with the type's table entry. */
#define ACP_RECORD_UNPACK(name, type_enum)                                                            \
    acp_dat_status acp_##name##_unpack(const uint8_t *data, size_t size, acp_arena *arena, acp_##name **out, \
                                       acp_dat_error *err)                                           \
    {                                                                                                \
        acp_dat_status st;                                                                           \
        *out = unpack_as(type_enum, data, size, arena, &st, err);                                    \
        return st;                                                                                   \
    }
ACP_RECORD_UNPACK(setup, ACP_DAT_TYPE_SETUP)
ACP_RECORD_UNPACK(animation, ACP_DAT_TYPE_ANIMATION)
ACP_RECORD_UNPACK(motion_table, ACP_DAT_TYPE_MOTION_TABLE)
ACP_RECORD_UNPACK(landblock, ACP_DAT_TYPE_LANDBLOCK)
ACP_RECORD_UNPACK(region, ACP_DAT_TYPE_REGION)
ACP_RECORD_UNPACK(gfxobj, ACP_DAT_TYPE_GFXOBJ)
ACP_RECORD_UNPACK(environment, ACP_DAT_TYPE_ENVIRONMENT)
ACP_RECORD_UNPACK(envcell, ACP_DAT_TYPE_ENVCELL)
ACP_RECORD_UNPACK(landblock_info, ACP_DAT_TYPE_LANDBLOCK_INFO)
ACP_RECORD_UNPACK(particle_emitter_info, ACP_DAT_TYPE_PARTICLE_EMITTER_INFO)
ACP_RECORD_UNPACK(physics_script, ACP_DAT_TYPE_PHYSICS_SCRIPT)
ACP_RECORD_UNPACK(physics_script_table, ACP_DAT_TYPE_PHYSICS_SCRIPT_TABLE)
ACP_RECORD_UNPACK(scene, ACP_DAT_TYPE_SCENE)










acp_dat_type acp_dat_type_of(uint32_t data_set, uint32_t id)
{
    if (data_set == ACP_DAT_CELL) {
        if (id == 0x13000000u) return ACP_DAT_TYPE_REGION;
        uint32_t cell = id & 0xFFFFu;
        if (cell == 0xFFFFu) return ACP_DAT_TYPE_LANDBLOCK;
        if (cell == 0xFFFEu) return ACP_DAT_TYPE_LANDBLOCK_INFO;
        return cell >= 0x0100u ? ACP_DAT_TYPE_ENVCELL : ACP_DAT_TYPE_UNKNOWN;
    }
    switch (id >> 24) {
    case 0x01: return ACP_DAT_TYPE_GFXOBJ;
    case 0x02: return ACP_DAT_TYPE_SETUP;
    case 0x03: return ACP_DAT_TYPE_ANIMATION;
    case 0x09: return ACP_DAT_TYPE_MOTION_TABLE;
    case 0x0D: return ACP_DAT_TYPE_ENVIRONMENT;
    case 0x12: return ACP_DAT_TYPE_SCENE;
    case 0x13: return ACP_DAT_TYPE_REGION;
    case 0x32: return ACP_DAT_TYPE_PARTICLE_EMITTER_INFO;
    case 0x33: return ACP_DAT_TYPE_PHYSICS_SCRIPT;
    case 0x34: return ACP_DAT_TYPE_PHYSICS_SCRIPT_TABLE;
    default: return ACP_DAT_TYPE_UNKNOWN;
    }
}

const char *acp_dat_type_name(acp_dat_type type)
{
    switch (type) {
    case ACP_DAT_TYPE_SETUP: return "Setup";
    case ACP_DAT_TYPE_ANIMATION: return "Animation";
    case ACP_DAT_TYPE_MOTION_TABLE: return "MotionTable";
    case ACP_DAT_TYPE_LANDBLOCK: return "LandBlock";
    case ACP_DAT_TYPE_REGION: return "Region";
    case ACP_DAT_TYPE_GFXOBJ: return "GfxObj";
    case ACP_DAT_TYPE_ENVIRONMENT: return "Environment";
    case ACP_DAT_TYPE_ENVCELL: return "EnvCell";
    case ACP_DAT_TYPE_LANDBLOCK_INFO: return "LandBlockInfo";
    case ACP_DAT_TYPE_PARTICLE_EMITTER_INFO: return "ParticleEmitterInfo";
    case ACP_DAT_TYPE_PHYSICS_SCRIPT: return "PhysicsScript";
    case ACP_DAT_TYPE_PHYSICS_SCRIPT_TABLE: return "PhysicsScriptTable";
    case ACP_DAT_TYPE_SCENE: return "Scene";
    default: return "unknown";
    }
}

acp_dat_status acp_dat_record_parse(acp_dat_type type, uint32_t id, const uint8_t *data, size_t size,
                                    acp_dat_record *out, acp_dat_error *err)
{
    memset(out, 0, sizeof *out);
    if (type <= ACP_DAT_TYPE_UNKNOWN || type >= ACP_DAT_TYPE_COUNT)
        return acp_dat_fail(err, ACP_DAT_ERR_UNSUPPORTED_TYPE, 0, "type", id, true);
    if (size >= 4 && acp_get_u32(data) != id) return acp_dat_fail(err, ACP_DAT_ERR_ID_MISMATCH, 0, "id", id, true);
    out->arena = acp_arena_make(size + size / 2 + 256);
    acp_dat_status st;
    out->as.any = unpack_as(type, data, size, &out->arena, &st, err);
    if (st != ACP_DAT_OK) {
        if (err) err->record_id = id;
        acp_arena_free(&out->arena);
        memset(out, 0, sizeof *out);
        return st;
    }
    out->type = type;
    out->id = id;
    return ACP_DAT_OK;
}

void acp_dat_record_free(acp_dat_record *rec)
{
    acp_arena_free(&rec->arena);
    memset(rec, 0, sizeof *rec);
}
