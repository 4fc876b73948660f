/* Physics scripts and particles (issue 16): the PhysicsScript, PhysicsScriptTable and
 * ParticleEmitterInfo records; ScriptManager's timing on Timer::cur_time across the quanta of an
 * update_object call; SetOmega and Scale hooks on the object; ShouldEmitParticle's counts,
 * Particle::Update's closed forms per type, lifespans, the total-particles / total-seconds end;
 * inactive objects and animate_static_object. Expected values follow the retail rules of
 * PORTAL/cphysobj/CScriptManager.c, CParticleEmitter.c, CParticleEmitterInfo.c,
 * CParticleManager.c and PORTAL/canim/CPhysicsScript*.c; comments give the arithmetic. Fixture
 * world: no terrain (a sweep ends where it is asked to). Times are binary fractions (0.125 s
 * frames) so the strict comparisons of the rules are exact. */
#include "test.h"

#include <stdlib.h>

#include "collide_helpers.h"
#include "dat_test_util.h"
#include "physics/anim/anim_hook.h"
#include "physics/cell/objcell.h"
#include "physics/object/object_fx.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj_cell.h"
#include "physics/object/physobj_children.h"
#include "physics/object/physobj_collide.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/scripts.h"
#include "physics/world/physics.h"

static const uint32_t CELL = 0xA9B40019u;
static const acp_sphere ONE_SPHERE = {{0.0f, 0.0f, 0.5f}, 0.5f};

/* ---- a little record writer (the retail byte layouts of src/dat) ---- */

typedef struct buf {
    uint8_t b[2048];
    size_t n;
} buf;

static void put_u32(buf *w, uint32_t v) { for (int i = 0; i < 4; i++) w->b[w->n++] = (uint8_t)(v >> (8 * i)); }
static void put_f32(buf *w, float f) { uint32_t u; memcpy(&u, &f, 4); put_u32(w, u); }
static void put_f64(buf *w, double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    for (int i = 0; i < 8; i++) w->b[w->n++] = (uint8_t)(u >> (8 * i));
}
static void put_vec3(buf *w, acp_vec3 v) { put_f32(w, v.x); put_f32(w, v.y); put_f32(w, v.z); }

/* The hooks the scripts here use (CAnimHook::UnPackHook layouts). */
static void put_hook(buf *w, const acp_anim_hook *h)
{
    put_u32(w, h->type);
    put_u32(w, 0);
    switch (h->type) {
    case ACP_HOOK_SET_OMEGA: put_vec3(w, h->p.omega); break;
    case ACP_HOOK_SCALE: put_f32(w, h->p.scale.end); put_f32(w, h->p.scale.time); break;
    case ACP_HOOK_ETHEREAL: put_u32(w, h->p.flag); break;
    case ACP_HOOK_STOP_PARTICLE:
    case ACP_HOOK_DESTROY_PARTICLE: put_u32(w, h->p.id); break;
    case ACP_HOOK_CALL_PES: put_u32(w, h->p.call_pes.script_id); put_f32(w, h->p.call_pes.pause); break;
    case ACP_HOOK_CREATE_PARTICLE:
        put_u32(w, h->p.particle.info_id);
        put_u32(w, h->p.particle.part);
        put_vec3(w, h->p.particle.offset.origin);
        put_f32(w, 1.0f); put_f32(w, 0.0f); put_f32(w, 0.0f); put_f32(w, 0.0f);
        put_u32(w, h->p.particle.emitter_id);
        break;
    default: break;
    }
}

static void add_script(acp_datset *set, uint32_t id, uint32_t n, const double *times, const acp_anim_hook *hooks)
{
    buf w = {.n = 0};
    put_u32(&w, id);
    put_u32(&w, n);
    for (uint32_t i = 0; i < n; i++) {
        put_f64(&w, times[i]);
        put_hook(&w, &hooks[i]);
    }
    acp_dat_error err;
    ENSURE_EQ(acp_datset_add_record(set, ACP_DAT_TYPE_PHYSICS_SCRIPT, id, w.b, w.n, &err), ACP_DAT_OK);
}

static void add_emitter(acp_datset *set, const acp_particle_emitter_info *e)
{
    buf w = {.n = 0};
    put_u32(&w, e->id);
    put_u32(&w, 0);
    put_u32(&w, (uint32_t)e->emitter_type);
    put_u32(&w, (uint32_t)e->particle_type);
    put_u32(&w, e->gfxobj_id);
    put_u32(&w, e->hw_gfxobj_id);
    put_f64(&w, e->birthrate);
    put_u32(&w, (uint32_t)e->max_particles);
    put_u32(&w, (uint32_t)e->initial_particles);
    put_u32(&w, (uint32_t)e->total_particles);
    put_f64(&w, e->total_seconds);
    put_f64(&w, e->lifespan);
    put_f64(&w, e->lifespan_rand);
    put_vec3(&w, e->offset_dir);
    put_f32(&w, e->min_offset); put_f32(&w, e->max_offset);
    put_vec3(&w, e->a); put_f32(&w, e->min_a); put_f32(&w, e->max_a);
    put_vec3(&w, e->b); put_f32(&w, e->min_b); put_f32(&w, e->max_b);
    put_vec3(&w, e->c); put_f32(&w, e->min_c); put_f32(&w, e->max_c);
    put_f32(&w, e->start_scale); put_f32(&w, e->final_scale); put_f32(&w, e->scale_rand);
    put_f32(&w, e->start_trans); put_f32(&w, e->final_trans); put_f32(&w, e->trans_rand);
    put_u32(&w, (uint32_t)e->is_parent_local);
    acp_dat_error err;
    ENSURE_EQ(acp_datset_add_record(set, ACP_DAT_TYPE_PARTICLE_EMITTER_INFO, e->id, w.b, w.n, &err), ACP_DAT_OK);
}

/* An emitter with no randomness in its vectors (min = max = 1), no offset, scales and
 * translucencies fixed: 0x32000100 + type. */
static acp_particle_emitter_info plain_emitter(int32_t type)
{
    acp_particle_emitter_info e;
    memset(&e, 0, sizeof e);
    e.id = 0x32000100u + (uint32_t)type;
    e.emitter_type = ACP_EMITTER_BIRTHRATE_PER_SEC;
    e.particle_type = type;
    e.gfxobj_id = e.hw_gfxobj_id = 0x01000A00u;
    e.birthrate = 100.0; /* no emission during the run */
    e.max_particles = 4;
    e.initial_particles = 1;
    e.lifespan = 100.0;
    e.offset_dir = (acp_vec3){0.0f, 0.0f, 1.0f};
    e.min_a = e.max_a = e.min_b = e.max_b = e.min_c = e.max_c = 1.0f;
    e.start_scale = 0.5f;
    e.final_scale = 1.5f;
    e.start_trans = 0.0f;
    e.final_trans = 1.0f;
    return e;
}

/* ---- worlds ---- */

typedef struct fixture {
    acp_world *w;
    acp_datset *set;
} fixture;

static fixture make(void)
{
    fixture f;
    f.w = acp_world_create(ACP_PROFILE_RETAIL, 8);
    f.set = acp_datset_create();
    f.w->dats = f.set;
    return f;
}

static void done(fixture *f)
{
    acp_world_destroy(f->w);
    acp_datset_destroy(f->set);
}

/* A floating object (no gravity, not on the ground, so it stays active) at (x, y, z). */
static acp_physobj *floating(acp_world *w, uint32_t id, float x, float y, float z, bool spheres)
{
    acp_physobj *o = acp_world_add_object(w, id);
    o->state &= ~(uint32_t)ACP_GRAVITY_PS;
    if (spheres) o->part_array = acp_partarray_create_spheres(o, &ONE_SPHERE, 1);
    acp_position p = {CELL, acp_frame_identity()};
    p.frame.origin = (acp_vec3){x, y, z};
    acp_world_place_object(w, o, &p, 0, 0.0);
    return o;
}

static uint32_t count_hooks(const acp_physobj *o, uint32_t type)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < o->record.num_hooks && i < ACP_MAX_HOOKS_RECORDED; i++) n += o->record.hooks_fired[i] == type;
    return n;
}

/* ---- the records ---- */

/* tests/data/dat-records (scripts/gen-dat-fixtures.mjs): the script's hooks are stored at 0.5,
 * 0 and 0.25 s and come back sorted, length = the last start time; the table's GetScript takes
 * the first mod not below the wanted one; the emitter's InitEnd radius is max(0.5, 1 × 1.5). */
static void records_parse(void)
{
    size_t n = 0;
    acp_dat_record rec;
    acp_dat_error err;
    uint8_t *b = dt_read_repo_file("tests/data/dat-records/physics-script-three-hooks.bin", &n);
    ENSURE(b != NULL);
    if (b && acp_dat_record_parse(ACP_DAT_TYPE_PHYSICS_SCRIPT, 0x33000020u, b, n, &rec, &err) == ACP_DAT_OK) {
        const acp_physics_script *s = rec.as.physics_script;
        ENSURE_EQ(s->num_hooks, 3);
        ENSURE_DBITS(s->hooks[0].start_time, 0.0);
        ENSURE_EQ(s->hooks[0].hook.type, ACP_HOOK_SCALE);
        ENSURE_DBITS(s->hooks[1].start_time, 0.25);
        ENSURE_EQ(s->hooks[1].hook.type, ACP_HOOK_CREATE_PARTICLE);
        ENSURE_EQ(s->hooks[1].hook.p.particle.info_id, 0x32000010u);
        ENSURE_DBITS(s->hooks[2].start_time, 0.5);
        ENSURE_EQ(s->hooks[2].hook.type, ACP_HOOK_SET_OMEGA);
        ENSURE_DBITS(s->length, 0.5);
        acp_dat_record_free(&rec);
    } else {
        ENSURE(!"the script seed parses");
    }
    free(b);
    b = dt_read_repo_file("tests/data/dat-records/script-table-two-types.bin", &n);
    ENSURE(b != NULL);
    if (b && acp_dat_record_parse(ACP_DAT_TYPE_PHYSICS_SCRIPT_TABLE, 0x34000004u, b, n, &rec, &err) == ACP_DAT_OK) {
        const acp_physics_script_table *t = rec.as.physics_script_table;
        ENSURE_EQ(t->num_types, 2);
        ENSURE_EQ(t->types[0].key, 0x0Au); /* sorted by key */
        ENSURE_EQ(acp_physics_script_table_get_script(t, 0x13, 0.25f), 0x33000020u);
        ENSURE_EQ(acp_physics_script_table_get_script(t, 0x13, 0.5f), 0x33000020u); /* 0.5 > 0.5 is false */
        ENSURE_EQ(acp_physics_script_table_get_script(t, 0x13, 0.75f), 0x33000021u);
        ENSURE_EQ(acp_physics_script_table_get_script(t, 0x13, 1.5f), 0u);          /* past the last mod */
        ENSURE_EQ(acp_physics_script_table_get_script(t, 0x0A, 0.0f), 0x33000022u);
        ENSURE_EQ(acp_physics_script_table_get_script(t, 0x05, 0.0f), 0u);          /* no such type */
        acp_dat_record_free(&rec);
    } else {
        ENSURE(!"the table seed parses");
    }
    free(b);
    b = dt_read_repo_file("tests/data/dat-records/particle-emitter-local-velocity.bin", &n);
    ENSURE(b != NULL);
    if (b && acp_dat_record_parse(ACP_DAT_TYPE_PARTICLE_EMITTER_INFO, 0x32000010u, b, n, &rec, &err) == ACP_DAT_OK) {
        const acp_particle_emitter_info *e = rec.as.particle_emitter_info;
        ENSURE_EQ(n, 176);
        ENSURE_EQ(e->emitter_type, 1);
        ENSURE_EQ(e->particle_type, ACP_PARTICLE_LOCAL_VELOCITY);
        ENSURE_DBITS(e->birthrate, 0.1);
        ENSURE_EQ(e->max_particles, 20);
        ENSURE_EQ(e->initial_particles, 2);
        ENSURE_DBITS(e->lifespan, 1.5);
        ENSURE_DBITS(e->lifespan_rand, 0.25);
        ENSURE_FBITS(e->max_offset, 0.5f);
        ENSURE_FBITS(e->a.z, 1.0f);
        ENSURE_FBITS(e->min_a, 0.5f);
        ENSURE_FBITS(e->final_trans, 1.0f);
        ENSURE_FBITS(e->sorting_radius, 1.5f);
        acp_dat_record_free(&rec);
    } else {
        ENSURE(!"the emitter seed parses");
    }
    free(b);
}

/* A PhysicsScript record from (start time, hook) pairs, parsed (PhysicsScript::UnPack). */
static bool parse_script(uint32_t n, const double *times, const acp_anim_hook *hooks, acp_dat_record *rec)
{
    buf w = {.n = 0};
    put_u32(&w, 0x33000030u);
    put_u32(&w, n);
    for (uint32_t i = 0; i < n; i++) {
        put_f64(&w, times[i]);
        put_hook(&w, &hooks[i]);
    }
    acp_dat_error err;
    return acp_dat_record_parse(ACP_DAT_TYPE_PHYSICS_SCRIPT, 0x33000030u, w.b, w.n, rec, &err) == ACP_DAT_OK;
}

/* PhysicsScript::UnPack sorts with the CRT's qsort and PhysicsScriptData::Sort (0x00521600: −1
 * when a < b, else 1, so equal times compare as "greater"). Hooks tagged by SetOmega x = their
 * stored index.
 * 9 hooks all at 0 (more than the cutoff of 8: one partition): the median-of-three swaps
 * (0, 4), (0, 8), (4, 8) → [8 1 2 3 4 5 6 7 0]; loguy stops at 1 (1 "greater" than the element at
 * 4), higuy walks down to 4; swap(1, 4), the partition element follows to 1; loguy stops at 2,
 * higuy at 1: the ranges [0, 0] and [2, 8]; shortsort of [2, 8] finds each last element
 * "greater", so nothing moves: [8 4 2 3 1 5 6 7 0] (the audit's VS2005-2010 emulation; the
 * older middle-element qsort gives [4 1 2 3 0 5 6 7 8], DEVIATIONS P2).
 * 3 hooks [1.0, 0.5, 0.5] (shortsort alone): the greatest is the first (0.5 ≥ 1.0 is false for
 * both others) and goes last: [2 1 0]; then 1 ("greater" than 2 as equal) stays: the two 0.5
 * hooks come out in reverse order, [0.5 (stored 2), 0.5 (stored 1), 1.0]. */
static void script_hooks_sort_as_the_crt_qsort(void)
{
    acp_anim_hook hooks[10];
    double times[9];
    for (int i = 0; i < 10; i++) {
        hooks[i] = (acp_anim_hook){.type = ACP_HOOK_SET_OMEGA};
        hooks[i].p.omega = (acp_vec3){(float)i, 0.0f, 0.0f};
        if (i < 9) times[i] = 0.0;
    }
    acp_dat_record rec;
    if (!parse_script(9, times, hooks, &rec)) {
        ENSURE(!"nine tied hooks parse");
        return;
    }
    const int order[9] = {8, 4, 2, 3, 1, 5, 6, 7, 0};
    const acp_physics_script *s = rec.as.physics_script;
    for (int i = 0; i < 9; i++) ENSURE_FBITS(s->hooks[i].hook.p.omega.x, (float)order[i]);
    ENSURE_DBITS(s->length, 0.0);
    acp_dat_record_free(&rec);

    const double three[3] = {1.0, 0.5, 0.5};
    if (!parse_script(3, three, hooks, &rec)) {
        ENSURE(!"three hooks parse");
        return;
    }
    s = rec.as.physics_script;
    ENSURE_FBITS(s->hooks[0].hook.p.omega.x, 2.0f);
    ENSURE_FBITS(s->hooks[1].hook.p.omega.x, 1.0f);
    ENSURE_FBITS(s->hooks[2].hook.p.omega.x, 0.0f);
    ENSURE_DBITS(s->length, 1.0);
    acp_dat_record_free(&rec);

    /* Ten hooks stored in descending time (4.5, 4.0, ..., 0): sorted ascending whatever the ties. */
    double ten[10];
    for (int i = 0; i < 10; i++) ten[i] = 0.5 * (9 - i);
    if (!parse_script(10, ten, hooks, &rec)) {
        ENSURE(!"ten hooks parse");
        return;
    }
    s = rec.as.physics_script;
    for (int i = 0; i < 10; i++) ENSURE_DBITS(s->hooks[i].start_time, 0.5 * i);
    ENSURE_DBITS(s->length, 4.5);
    acp_dat_record_free(&rec);
}

/* The same order on the object, in a form that does not depend on which qsort (either CRT puts
 * stored hook 4 before stored hook 0 for nine ties): [CreateParticle(id 5), NoOp ×3,
 * DestroyParticle(5), NoOp ×4], all at 0. Retail runs the Destroy first (nothing to destroy),
 * then the Create: after the first frame the object holds emitter 5 and its initial particle. */
static void tied_destroy_runs_before_create(void)
{
    fixture f = make();
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_STILL);
    add_emitter(f.set, &e);
    acp_anim_hook hooks[9];
    double times[9];
    for (int i = 0; i < 9; i++) {
        hooks[i] = (acp_anim_hook){.type = ACP_HOOK_NOOP};
        times[i] = 0.0;
    }
    hooks[0].type = ACP_HOOK_CREATE_PARTICLE;
    hooks[0].p.particle.info_id = e.id;
    hooks[0].p.particle.part = 0xFFFFFFFFu;
    hooks[0].p.particle.emitter_id = 5;
    hooks[4].type = ACP_HOOK_DESTROY_PARTICLE;
    hooks[4].p.id = 5;
    add_script(f.set, 0x33000031u, 9, times, hooks);
    acp_physobj *o = floating(f.w, 1, 10.0f, 20.0f, 5.0f, true);
    acp_physobj_play_script(o, 0x33000031u);
    acp_world_use_time(f.w, 0.125);
    ENSURE_EQ(count_hooks(o, ACP_HOOK_CREATE_PARTICLE), 1);
    ENSURE_EQ(count_hooks(o, ACP_HOOK_DESTROY_PARTICLE), 1);
    ENSURE_EQ(o->fx->particles.num_emitters, 1);
    ENSURE_EQ(o->fx->particles.emitters[0].id, 5);
    ENSURE_EQ(o->fx->particles.emitters[0].num_particles, 1);
    done(&f);
}

/* ---- scripts ---- */

/* A script started at now = 0 with SetOmega (0, 0, 1) at 0.25 s. Frames at 0.125 s: at 0.125
 * nothing is due (0.125 < 0.25), so omega stays zero. One update_object call then jumps from
 * 0.125 to 0.625: elapsed 0.5 > MAX_QUANTUM 0.2, so three quanta of 0.2, 0.2 and 0.1. Timer::
 * cur_time is 0.625 in all three, so the hook runs at the tail of the first quantum: the rotation
 * of the first quantum is zero, the second and third turn by ω·0.2 and ω·0.1 (Frame::grotate
 * each). The hook is recorded once. */
static void script_hooks_fire_on_the_clock(void)
{
    fixture f = make();
    acp_anim_hook h = {.type = ACP_HOOK_SET_OMEGA};
    h.p.omega = (acp_vec3){0.0f, 0.0f, 1.0f};
    double t = 0.25;
    add_script(f.set, 0x33000001u, 1, &t, &h);
    acp_physobj *o = floating(f.w, 1, 10.0f, 10.0f, 5.0f, true);
    ENSURE(acp_physobj_play_script(o, 0x33000001u));
    ENSURE_EQ(acp_script_manager_count(&o->fx->scripts), 1);
    ENSURE_DBITS(o->fx->scripts.next_hook_time, 0.25); /* first hook 0.25 + start 0 */
    acp_world_use_time(f.w, 0.125);
    ENSURE_EQ(count_hooks(o, ACP_HOOK_SET_OMEGA), 0);
    ENSURE_FBITS(o->omega.z, 0.0f);
    acp_world_use_time(f.w, 0.625);
    ENSURE_EQ(o->record.num_quanta, 3);
    ENSURE_EQ(count_hooks(o, ACP_HOOK_SET_OMEGA), 1);
    ENSURE_FBITS(o->omega.z, 1.0f);
    acp_frame expect = acp_frame_identity();
    acp_frame_grotate(&expect, (acp_vec3){0.0f, 0.0f, (float)(0.2 * 1.0f)});
    acp_frame_grotate(&expect, (acp_vec3){0.0f, 0.0f, (float)(0.125 + 0.5 - 0.2 - 0.2 - 0.125)});
    ENSURE_FBITS(o->position.frame.qw, expect.qw);
    ENSURE_FBITS(o->position.frame.qz, expect.qz);
    /* After its last hook next_hook_time is −1, so the same UpdateScripts finds no further hook
     * and drops the script. */
    ENSURE_EQ(acp_script_manager_count(&o->fx->scripts), 0);
    ENSURE_DBITS(o->fx->scripts.next_hook_time, -1.0);
    done(&f);
}

/* A second script queued behind the first starts at the first's start + length (0 + 0.5): its
 * hook at 0.25 is due at 0.75, not at 0.25. */
static void scripts_queue_behind_each_other(void)
{
    fixture f = make();
    acp_anim_hook e1 = {.type = ACP_HOOK_ETHEREAL}, e0 = {.type = ACP_HOOK_ETHEREAL};
    e1.p.flag = 1;
    e0.p.flag = 0;
    acp_anim_hook pair[2] = {e1, e0};
    double times[2] = {0.0, 0.5};
    add_script(f.set, 0x33000002u, 2, times, pair);
    double t = 0.25;
    add_script(f.set, 0x33000003u, 1, &t, &e1);
    acp_physobj *o = floating(f.w, 1, 10.0f, 10.0f, 5.0f, true);
    ENSURE(acp_physobj_play_script(o, 0x33000002u));
    ENSURE(acp_physobj_play_script(o, 0x33000003u));
    ENSURE_DBITS(acp_script_manager_at(&o->fx->scripts, 1)->start_time, 0.5);
    acp_world_use_time(f.w, 0.125); /* hook 0 of script 1 (at 0): ethereal */
    ENSURE(o->state & ACP_ETHEREAL_PS);
    acp_world_use_time(f.w, 0.5); /* hook 1 (at 0.5): not ethereal */
    ENSURE(!(o->state & ACP_ETHEREAL_PS));
    acp_world_use_time(f.w, 0.625); /* script 2's hook is due at 0.5 + 0.25 = 0.75 */
    ENSURE(!(o->state & ACP_ETHEREAL_PS));
    acp_world_use_time(f.w, 0.75);
    ENSURE(o->state & ACP_ETHEREAL_PS);
    done(&f);
}

/* A Scale hook (end 2, 1 s) at 0 s runs at the tail of the first quantum (physics time 0.125):
 * SetScale makes an FPHook created then, start value 1. process_hooks runs in the next
 * quantum's UpdatePositionInternal with t = (0.25 − 0.125) / 1 = 0.125: scale = (2 − 1)·t + 1 =
 * 1.125; at 0.625, t = 0.5 → 1.5; at 1.0, 1.875; at 1.125, t = 1 → 2 and the hook is removed. */
static void scale_hook_interpolates(void)
{
    fixture f = make();
    acp_anim_hook h = {.type = ACP_HOOK_SCALE};
    h.p.scale.end = 2.0f;
    h.p.scale.time = 1.0f;
    double t = 0.0;
    add_script(f.set, 0x33000004u, 1, &t, &h);
    acp_physobj *o = floating(f.w, 1, 10.0f, 10.0f, 5.0f, true);
    ENSURE(acp_physobj_play_script(o, 0x33000004u));
    acp_world_use_time(f.w, 0.125);
    ENSURE_FBITS(o->scale, 1.0f);
    ENSURE_EQ(o->hooks.count, 1);
    acp_world_use_time(f.w, 0.25);
    ENSURE_FBITS(o->scale, 1.125f);
    acp_world_use_time(f.w, 0.5);
    acp_world_use_time(f.w, 0.625);
    ENSURE_FBITS(o->scale, 1.5f);
    for (int k = 6; k <= 8; k++) acp_world_use_time(f.w, k * 0.125);
    ENSURE_FBITS(o->scale, 1.875f); /* t = (1.0 − 0.125) / 1 */
    acp_world_use_time(f.w, 1.125);
    ENSURE_FBITS(o->scale, 2.0f);
    ENSURE_EQ(o->hooks.count, 0);
    done(&f);
}

/* CallPES with a pause: an FPHook over RollDice(0, pause) seconds whose end (value 1) plays the
 * script (CallPESInternal). The roll is the world generator's first draw × pause. */
static void call_pes_plays_after_its_pause(void)
{
    fixture f = make();
    acp_anim_hook e1 = {.type = ACP_HOOK_ETHEREAL};
    e1.p.flag = 1;
    double t = 0.0;
    add_script(f.set, 0x33000005u, 1, &t, &e1);
    acp_physobj *o = floating(f.w, 1, 10.0f, 10.0f, 5.0f, true);
    uint32_t seed = f.w->rng;
    acp_physobj_call_pes(o, 0x33000005u, 0.5f);
    ENSURE_EQ(o->hooks.count, 1);
    /* The expected roll from the same generator. */
    acp_world *g = acp_world_create(ACP_PROFILE_RETAIL, 1);
    g->rng = seed;
    float roll = (float)(acp_world_random(g) * (0.5 - 0.0) + 0.0);
    acp_world_destroy(g);
    ENSURE_FBITS(o->fp_hook_items[0].interpolation_time, roll);
    int frames = 0;
    while (!(o->state & ACP_ETHEREAL_PS) && frames < 40) {
        frames++;
        acp_world_use_time(f.w, frames * 0.125);
    }
    double due = f.w->now;
    /* Played in the first quantum whose physics time reaches the roll; its hook (at 0) runs in
     * the same UpdateScripts. */
    ENSURE(o->state & ACP_ETHEREAL_PS);
    ENSURE(due >= roll);
    ENSURE(due - 0.125 < roll);
    done(&f);
}

/* ---- particles ---- */

/* One emitter of LocalVelocity particles at 0.25 s per particle (per second), created at now 0
 * (last_emit_time = Timer::cur_time = 0). Frames of 0.125 s: a particle is due when
 * now − last_emit_time > 0.25 strictly: not at 0.25 (0.25 > 0.25 is false), at 0.375, then
 * 0.75, 1.125, 1.5, 1.875: five in 2 s. */
static void emission_count_per_second(void)
{
    fixture f = make();
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_LOCAL_VELOCITY);
    e.birthrate = 0.25;
    e.initial_particles = 0;
    e.max_particles = 20;
    add_emitter(f.set, &e);
    acp_physobj *o = floating(f.w, 1, 10.0f, 10.0f, 5.0f, true);
    uint32_t id = acp_physobj_create_particle_emitter(o, e.id, 0xFFFFFFFFu, NULL, 0, false);
    ENSURE_EQ(id, 0xFFFF0000u); /* ParticleManager's first id */
    int32_t emitted_at_025 = -1;
    for (int k = 1; k <= 16; k++) {
        acp_world_use_time(f.w, k * 0.125);
        if (k == 2) emitted_at_025 = o->fx->particles.emitters[0].total_emitted;
        if (k == 3) ENSURE_EQ(o->fx->particles.emitters[0].total_emitted, 1);
    }
    ENSURE_EQ(emitted_at_025, 0);
    ENSURE_EQ(o->fx->particles.emitters[0].total_emitted, 5);
    ENSURE_EQ(acp_particle_manager_num_particles(&o->fx->particles), 5);
    done(&f);
}

/* Per metre: an object moving at 1 m/s along x from the origin, birthrate 0.3 m. The emitter's
 * last_emit_offset starts at the particle object's unplaced origin (0, 0, 0), so a particle is
 * due when the origin is more than 0.3 m from the last emission's: at x = 0.375 (frame 3), then
 * 0.75, 1.125, 1.5, 1.875. */
static void emission_count_per_metre(void)
{
    fixture f = make();
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_STILL);
    e.emitter_type = ACP_EMITTER_BIRTHRATE_PER_METER;
    e.birthrate = 0.3;
    e.initial_particles = 0;
    e.max_particles = 20;
    add_emitter(f.set, &e);
    acp_physobj *o = floating(f.w, 1, 0.0f, 0.0f, 0.0f, true);
    o->velocity = (acp_vec3){1.0f, 0.0f, 0.0f};
    acp_physobj_create_particle_emitter(o, e.id, 0xFFFFFFFFu, NULL, 0, false);
    for (int k = 1; k <= 2; k++) acp_world_use_time(f.w, k * 0.125);
    ENSURE_EQ(o->fx->particles.emitters[0].total_emitted, 0);
    acp_world_use_time(f.w, 0.375);
    ENSURE_EQ(o->fx->particles.emitters[0].total_emitted, 1);
    ENSURE_FBITS(o->fx->particles.emitters[0].last_emit_offset.x, 0.375f);
    for (int k = 4; k <= 16; k++) acp_world_use_time(f.w, k * 0.125);
    ENSURE_EQ(o->fx->particles.emitters[0].total_emitted, 5);
    done(&f);
}

/* The particle of a plain emitter of `type` after 1.5 s from an object at P = (10, 20, 5),
 * identity rotation, a = (1, 2, 3), b = (0.5, −1, 0.25), c = (0, 0, 2). */
static const acp_particle *one_particle_after(fixture *f, int32_t type, acp_vec3 *a, acp_vec3 *b, acp_vec3 *c)
{
    done(f);
    *f = make();
    acp_particle_emitter_info e = plain_emitter(type);
    e.a = *a;
    e.b = *b;
    e.c = *c;
    add_emitter(f->set, &e);
    acp_physobj *o = floating(f->w, (uint32_t)(100 + type), 10.0f, 20.0f, 5.0f, true);
    acp_physobj_create_particle_emitter(o, e.id, 0xFFFFFFFFu, NULL, 0, false);
    for (int k = 1; k <= 12; k++) acp_world_use_time(f->w, k * 0.125);
    return &o->fx->particles.emitters[0].particles[0];
}

static void expect_origin(const acp_particle *p, double x, double y, double z)
{
    ENSURE_NEAR(p->frame.origin.x, x, 4e-6 * (1.0 + fabs(x)));
    ENSURE_NEAR(p->frame.origin.y, y, 4e-6 * (1.0 + fabs(y)));
    ENSURE_NEAR(p->frame.origin.z, z, 4e-6 * (1.0 + fabs(z)));
}

/* Closed forms of Particle::Update (t = 1.5 s, P = (10, 20, 5), offset 0):
 *   Still P; Local/GlobalVelocity P + a·t; ParabolicLVGA/LVLA/GVGA P + a·t + ½·b·t²;
 *   the GR/LR forms the same origin and the parent's rotation turned by c·t (|qw| = cos(|c|t/2));
 *   Swarm P + a·t + (cos(b.x t)·c.x, sin(b.y t)·c.y, cos(b.z t)·c.z);
 *   Explode P + (t·b + c·a.x)·t + (0, 0, a.z·t) with c the drawn unit direction;
 *   Implode P + offset + cos(a.x t)·c + t²·b with offset = c = the drawn offset scaled by c.
 *   Scale and translucency at lifetime / lifespan = 1.5 / 100: 0.5 + 0.015, 0 + 0.015. */
static void particle_closed_forms(void)
{
    const double t = 1.5, px = 10, py = 20, pz = 5;
    acp_vec3 a = {1.0f, 2.0f, 3.0f}, b = {0.5f, -1.0f, 0.25f}, c = {0.0f, 0.0f, 2.0f};
    fixture f = make(); /* each particle below gets a fresh world (one_particle_after) */
    const acp_particle *p = one_particle_after(&f, ACP_PARTICLE_STILL, &a, &b, &c);
    ENSURE_DBITS(p->lifetime, 1.5);
    expect_origin(p, px, py, pz);
    ENSURE_FBITS(p->scale, (float)((1.5 - 0.5) * (1.5 / 100.0) + 0.5));
    ENSURE_FBITS(p->translucency, (float)((1.0 - 0.0) * (1.5 / 100.0) + 0.0));
    int32_t velocity[] = {ACP_PARTICLE_LOCAL_VELOCITY, ACP_PARTICLE_GLOBAL_VELOCITY};
    for (int i = 0; i < 2; i++) {
        p = one_particle_after(&f, velocity[i], &a, &b, &c);
        expect_origin(p, px + a.x * t, py + a.y * t, pz + a.z * t);
    }
    int32_t parabolic[] = {ACP_PARTICLE_PARABOLIC_LVGA, ACP_PARTICLE_PARABOLIC_LVLA, ACP_PARTICLE_PARABOLIC_GVGA,
                           ACP_PARTICLE_PARABOLIC_LVGAGR, ACP_PARTICLE_PARABOLIC_LVLALR, ACP_PARTICLE_PARABOLIC_GVGAGR};
    for (int i = 0; i < 6; i++) {
        p = one_particle_after(&f, parabolic[i], &a, &b, &c);
        expect_origin(p, px + a.x * t + 0.5 * b.x * t * t, py + a.y * t + 0.5 * b.y * t * t,
                      pz + a.z * t + 0.5 * b.z * t * t);
        if (i >= 3) ENSURE_NEAR(fabs(p->frame.qw), cos(2.0 * t / 2.0), 2e-6);
        else ENSURE_FBITS(p->frame.qw, 1.0f);
    }
    p = one_particle_after(&f, ACP_PARTICLE_SWARM, &a, &b, &c);
    expect_origin(p, px + a.x * t + cos(b.x * t) * c.x, py + a.y * t + sin(b.y * t) * c.y,
                  pz + a.z * t + cos(b.z * t) * c.z);
    acp_vec3 ce = {1.0f, 1.0f, 1.0f};
    p = one_particle_after(&f, ACP_PARTICLE_EXPLODE, &a, &b, &ce);
    ENSURE_NEAR(sqrt((double)p->c.x * p->c.x + (double)p->c.y * p->c.y + (double)p->c.z * p->c.z), 1.0, 1e-6);
    expect_origin(p, px + (t * b.x + p->c.x * a.x) * t, py + (t * b.y + p->c.y * a.x) * t,
                  pz + (t * b.z + p->c.z * a.x + a.z) * t);
    done(&f);
    f = make();
    acp_particle_emitter_info imp = plain_emitter(ACP_PARTICLE_IMPLODE);
    imp.id = 0x32000200u;
    imp.min_offset = imp.max_offset = 2.0f;
    imp.a = a;
    imp.b = b;
    imp.c = (acp_vec3){0.5f, 0.5f, 0.5f};
    add_emitter(f.set, &imp);
    acp_physobj *o = floating(f.w, 200, 10.0f, 20.0f, 5.0f, true);
    acp_physobj_create_particle_emitter(o, imp.id, 0xFFFFFFFFu, NULL, 0, false);
    for (int k = 1; k <= 12; k++) acp_world_use_time(f.w, k * 0.125);
    p = &o->fx->particles.emitters[0].particles[0];
    ENSURE_DBITS(p->lifetime, 1.5);
    ENSURE_NEAR(sqrt((double)p->offset.x * p->offset.x + (double)p->offset.y * p->offset.y), 1.0, 1e-6);
    ENSURE_FBITS(p->c.x, p->offset.x);
    double k = cos(a.x * t);
    expect_origin(p, px + p->offset.x + k * p->c.x + t * t * b.x, py + p->offset.y + k * p->c.y + t * t * b.y,
                  pz + p->offset.z + k * p->c.z + t * t * b.z);
    done(&f);
}

/* A LocalVelocity particle from an object turned 90° (heading east): a = (0, 1, 0) in the
 * object's axes is +x in the world's (Frame::localtoglobalvec at birth). */
static void local_velocity_turns_with_the_parent(void)
{
    fixture f = make();
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_LOCAL_VELOCITY);
    e.a = (acp_vec3){0.0f, 1.0f, 0.0f};
    add_emitter(f.set, &e);
    acp_physobj *o = floating(f.w, 1, 10.0f, 20.0f, 5.0f, true);
    acp_physobj_set_heading(o, 90.0f);
    acp_physobj_create_particle_emitter(o, e.id, 0xFFFFFFFFu, NULL, 0, false);
    for (int k = 1; k <= 8; k++) acp_world_use_time(f.w, k * 0.125);
    const acp_particle *p = &o->fx->particles.emitters[0].particles[0];
    expect_origin(p, 11.0, 20.0, 5.0);
    done(&f);
}

/* Lifespan 0.5 s exactly (no random range): alive while lifetime < 0.5, killed by the update
 * whose lifetime reaches 0.5 (KillParticle: lifetime < lifespan keeps it). Born at 0. */
static void particles_die_at_their_lifespan(void)
{
    fixture f = make();
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_STILL);
    e.lifespan = 0.5;
    add_emitter(f.set, &e);
    acp_physobj *o = floating(f.w, 1, 10.0f, 20.0f, 5.0f, true);
    acp_physobj_create_particle_emitter(o, e.id, 0xFFFFFFFFu, NULL, 0, false);
    for (int k = 1; k <= 3; k++) acp_world_use_time(f.w, k * 0.125);
    ENSURE_EQ(o->fx->particles.emitters[0].num_particles, 1);
    acp_world_use_time(f.w, 0.5);
    ENSURE_EQ(o->fx->particles.emitters[0].num_particles, 0);
    ENSURE(!o->fx->particles.emitters[0].particles[0].live);
    done(&f);
}

/* total_particles 3 at 0.1 s per particle, lifespan 0.5: emissions at 0.125, 0.25 and 0.375
 * (each frame is > 0.1 after the last), StopEmitter stops it after the third; the last particle
 * (born 0.375) dies at 0.875, and the emitter is removed by that UpdateParticles. total_seconds
 * 0.3: stopped once creation + 0.3 < physics time, at 0.375, after that frame's emission. */
static void emitter_ends_after_total_particles_or_seconds(void)
{
    fixture f = make();
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_STILL);
    e.birthrate = 0.1;
    e.initial_particles = 0;
    e.total_particles = 3;
    e.lifespan = 0.5;
    add_emitter(f.set, &e);
    acp_physobj *o = floating(f.w, 1, 10.0f, 20.0f, 5.0f, true);
    acp_physobj_create_particle_emitter(o, e.id, 0xFFFFFFFFu, NULL, 0, false);
    for (int k = 1; k <= 3; k++) acp_world_use_time(f.w, k * 0.125);
    ENSURE_EQ(o->fx->particles.emitters[0].total_emitted, 3);
    ENSURE(o->fx->particles.emitters[0].stopped);
    for (int k = 4; k <= 6; k++) acp_world_use_time(f.w, k * 0.125);
    ENSURE_EQ(o->fx->particles.num_emitters, 1);
    acp_world_use_time(f.w, 0.875);
    ENSURE_EQ(o->fx->particles.num_emitters, 0);

    acp_particle_emitter_info s = plain_emitter(ACP_PARTICLE_STILL);
    s.id = 0x32000300u;
    s.birthrate = 0.1;
    s.initial_particles = 0;
    s.total_seconds = 0.3;
    s.lifespan = 10.0;
    add_emitter(f.set, &s);
    acp_physobj *q = floating(f.w, 2, 10.0f, 20.0f, 5.0f, true);
    acp_world_use_time(f.w, 1.0);
    /* created at now 1.0: emissions at 1.125, 1.25, 1.375, stopped at 1.375 (1.3 < 1.375) */
    acp_physobj_create_particle_emitter(q, s.id, 0xFFFFFFFFu, NULL, 0, false);
    for (int k = 9; k <= 11; k++) acp_world_use_time(f.w, k * 0.125);
    ENSURE(q->fx->particles.emitters[0].stopped);
    ENSURE_EQ(q->fx->particles.emitters[0].total_emitted, 3);
    acp_world_use_time(f.w, 1.5);
    ENSURE_EQ(q->fx->particles.emitters[0].total_emitted, 3);
    done(&f);
}

/* A script's CreateParticle, StopParticle and DestroyParticle hooks on the object, with the
 * hook's emitter id (7). */
static void particle_hooks_from_a_script(void)
{
    fixture f = make();
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_STILL);
    e.birthrate = 0.0;
    add_emitter(f.set, &e);
    acp_anim_hook hooks[3] = {{.type = ACP_HOOK_CREATE_PARTICLE}, {.type = ACP_HOOK_STOP_PARTICLE},
                              {.type = ACP_HOOK_DESTROY_PARTICLE}};
    hooks[0].p.particle.info_id = e.id;
    hooks[0].p.particle.part = 0xFFFFFFFFu;
    hooks[0].p.particle.offset.origin = (acp_vec3){0.0f, 0.0f, 1.0f};
    hooks[0].p.particle.emitter_id = 7;
    hooks[1].p.id = 7;
    hooks[2].p.id = 7;
    double times[3] = {0.0, 0.25, 0.5};
    add_script(f.set, 0x33000006u, 3, times, hooks);
    acp_physobj *o = floating(f.w, 1, 10.0f, 20.0f, 5.0f, true);
    acp_physobj_play_script(o, 0x33000006u);
    acp_world_use_time(f.w, 0.125);
    ENSURE_EQ(count_hooks(o, ACP_HOOK_CREATE_PARTICLE), 1);
    ENSURE_EQ(o->fx->particles.num_emitters, 1);
    ENSURE_EQ(o->fx->particles.emitters[0].id, 7);
    /* the initial particle at the parent's origin + the hook's offset (0, 0, 1) */
    ENSURE_FBITS(o->fx->particles.emitters[0].particles[0].frame.origin.z, 6.0f);
    int32_t before = o->fx->particles.emitters[0].total_emitted;
    acp_world_use_time(f.w, 0.25);
    ENSURE(o->fx->particles.emitters[0].stopped);
    acp_world_use_time(f.w, 0.375);
    ENSURE_EQ(o->fx->particles.emitters[0].total_emitted, before + 1); /* the 0.25 frame emitted before the stop */
    acp_world_use_time(f.w, 0.5);
    ENSURE_EQ(o->fx->particles.num_emitters, 0);
    done(&f);
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* ParticleEmitterInfo::GetRandomOffset (0x005174A0) and GetRandomA/B/C (0x00517610/670/6D0) with
 * the generator at 0xDAA66D13: its next outputs are 0.9668705875519663, 0.8097308408468962,
 * 0.384103003423661 (xorshift32 / 2^32). Expected bits from the retail expressions, worked in
 * float32 by tests/retail_vectors/particle_draws.py (not by acphys):
 *   offset, dir (0, 0.6f, 0.8f), min = max = 1 (no magnitude draw): the draws (z, y, x) are each
 *   stored as floats (0.93374115, 0.61946166, −0.23179400); dot = (y·dy + z·dz) + x·dx in double;
 *   dot·dy and dot·dz stored as floats before the subtraction; normalize_check_small →
 *   (0xBF7694D4, 0xBE5C2A20, 0x3E251F84). Kept in double (the old reading) all three differ:
 *   (0xBF7694D5, 0xBE5C2A1C, 0x3E251F83).
 *   A, B, C with v = (0.3f, 0, 1.7f), min 0.5, max 2, r = 0.96687: mag = 1.5·r + 0.5 stored as a
 *   float (1.9503059, 0x3FF9A3A0), then mag·v → (0x3F15C894, 0, 0x4054317C); with mag kept in
 *   double: (0x3F15C893, 0, 0x4054317B). */
static void random_draws_store_floats(void)
{
    fixture f = make();
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_STILL);
    e.offset_dir = (acp_vec3){0.0f, 0.6f, 0.8f};
    e.min_offset = e.max_offset = 1.0f;
    e.a = e.b = e.c = (acp_vec3){0.3f, 0.0f, 1.7f};
    e.min_a = e.min_b = e.min_c = 0.5f;
    e.max_a = e.max_b = e.max_c = 2.0f;
    f.w->rng = 0xDAA66D13u;
    acp_vec3 o = acp_emitter_info_random_offset(&e, f.w);
    ENSURE_EQ(fbits(o.x), 0xBF7694D4u);
    ENSURE_EQ(fbits(o.y), 0xBE5C2A20u);
    ENSURE_EQ(fbits(o.z), 0x3E251F84u);
    acp_vec3 (*draw[3])(const acp_particle_emitter_info *, acp_world *) = {
        acp_emitter_info_random_a, acp_emitter_info_random_b, acp_emitter_info_random_c};
    for (int i = 0; i < 3; i++) {
        f.w->rng = 0xDAA66D13u;
        acp_vec3 v = draw[i](&e, f.w);
        ENSURE_EQ(fbits(v.x), 0x3F15C894u);
        ENSURE_EQ(fbits(v.y), 0u);
        ENSURE_EQ(fbits(v.z), 0x4054317Cu);
    }
    done(&f);
}

/* CreateParticleEmitter (0x0051B6C0) → SetParenting → set_parent → add_child (0x0050F8F0): the
 * particle object is parented only for part index −1 or an index below part_array->num_parts;
 * otherwise the new emitter is destroyed before InitEnd. A 1-part object: indices 1 (= num_parts)
 * and 3 make no emitter, draw nothing (the generator's state is unchanged) and take no id
 * (next_emitter_id stays 0xFFFF0000); index 0 and −1 do. A hook naming an existing emitter id
 * with a bad part still removes that emitter first (the remove precedes makeParticleEmitter). */
static void part_index_past_the_parts_makes_no_emitter(void)
{
    fixture f = make();
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_STILL);
    e.initial_particles = 2;
    add_emitter(f.set, &e);
    uint32_t part_ids[1] = {0x01000A00u};
    acp_setup s;
    memset(&s, 0, sizeof s);
    s.id = 0x0200F0F1u;
    s.num_parts = 1;
    s.parts = part_ids;
    acp_physobj *o = floating(f.w, 1, 10.0f, 20.0f, 5.0f, false);
    o->part_array = acp_partarray_create(o, &s, NULL);
    ENSURE(o->part_array != NULL && o->part_array->num_parts == 1);
    uint32_t rng = f.w->rng;
    ENSURE_EQ(acp_physobj_create_particle_emitter(o, e.id, 3, NULL, 0, false), 0);
    ENSURE_EQ(acp_physobj_create_particle_emitter(o, e.id, 1, NULL, 0, false), 0);
    ENSURE_EQ(acp_physobj_create_particle_emitter(o, e.id, 3, NULL, 0, true), 0);
    ENSURE_EQ(f.w->rng, rng);
    ENSURE_EQ(o->fx->particles.num_emitters, 0);
    ENSURE_EQ(o->fx->particles.next_emitter_id, 0xFFFF0000u);
    ENSURE_EQ(acp_physobj_create_particle_emitter(o, e.id, 0, NULL, 0, false), 0xFFFF0000u);
    ENSURE_EQ(acp_physobj_create_particle_emitter(o, e.id, 0xFFFFFFFFu, NULL, 0, false), 0xFFFF0001u);
    ENSURE(f.w->rng != rng);
    ENSURE_EQ(o->fx->particles.num_emitters, 2);
    /* A CreateParticle hook with part 3 and the id of the emitter made at part 0. */
    acp_anim_hook h = {.type = ACP_HOOK_CREATE_PARTICLE};
    h.p.particle.info_id = e.id;
    h.p.particle.part = 3;
    h.p.particle.emitter_id = 0xFFFF0000u;
    double t = 0.0;
    add_script(f.set, 0x3300000Au, 1, &t, &h);
    acp_physobj_play_script(o, 0x3300000Au);
    acp_world_use_time(f.w, 0.125);
    ENSURE_EQ(count_hooks(o, ACP_HOOK_CREATE_PARTICLE), 1);
    ENSURE_EQ(o->fx->particles.num_emitters, 1);
    uint32_t left = 0;
    for (uint32_t i = 0; i < ACP_MAX_EMITTERS_PER_OBJECT; i++) left |= o->fx->particles.emitters[i].id;
    ENSURE_EQ(left, 0xFFFF0001u);
    ENSURE_EQ(o->fx->particles.next_emitter_id, 0xFFFF0002u);
    done(&f);
}

/* Retail's emitter has its own particle object (CPhysicsObj::makeParticleObject 0x00512640),
 * which set_parent (0x00515B50) puts into the parent's cell (change_cell → CObjCell::add_object)
 * and whose one shadow (add_particle_shadow_to_cell 0x00514A70, through recalc_cross_cells)
 * joins the cell's shadow list, both right after the parent's; every re-shadow of the parent
 * removes and re-appends it (remove_shadows_from_cells / add_shadows_to_cells recurse into the
 * children). P (with an emitter: its particle object X), then A and B entering cell 0x0A leave the
 * object list [P, X, A, B] and the shadow list [P, X, A, B]. P's re-shadow in the same cell gives
 * [B, A, P, X]: P's removal moves B into its hole ([B, X, A]), X's moves A ([B, A]), then P and X
 * are appended. X is held (parent P, PARTICLE_EMITTER | STATIC, id 0) at P's frame ∘ the emitter's
 * offset; destroying the emitter (ParticleEmitter::Destroy: unset_parent, leave_world) takes X out
 * of both lists, the last entry of each moving into its hole: objects [P, B, A], shadows [B, A, P]. */
static void emitter_particle_object_in_cell_lists(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_datset *set = acp_datset_create();
    w->dats = set;
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_STILL);
    add_emitter(set, &e);
    const uint32_t home = 0xA9B4000Au;
    const acp_landcell *c = acp_terrain_get_landcell(w->terrain, home);
    acp_physobj *p = ball(w, 1, 0, &BALL, 30.0f, 30.0f, 0.0f);
    const acp_aframe up = {{0.0f, 0.0f, 2.0f}, 1.0f, 0.0f, 0.0f, 0.0f};
    const uint32_t id = acp_physobj_create_particle_emitter(p, e.id, 0xFFFFFFFFu, &up, 0, false);
    ENSURE(id != 0);
    acp_physobj *x = p->fx->particles.emitters[0].physobj;
    ENSURE(x != NULL);
    ENSURE(x->parent == p && x->has_parent);
    ENSURE_EQ(x->id, 0);
    ENSURE_EQ(x->state & (ACP_PARTICLE_EMITTER_PS | ACP_STATIC_PS), ACP_PARTICLE_EMITTER_PS | ACP_STATIC_PS);
    ENSURE_EQ(x->position.objcell_id, home);
    ENSURE_FBITS(x->position.frame.origin.x, 30.0f); /* P's origin + (0, 0, 2), identity rotation */
    ENSURE_FBITS(x->position.frame.origin.y, 30.0f);
    ENSURE_FBITS(x->position.frame.origin.z, p->position.frame.origin.z + 2.0f);
    ENSURE(p->children && p->children->num_objects == 1 && p->children->objects[0] == x);
    acp_physobj *a = ball(w, 2, 0, &BALL, 33.0f, 30.0f, 0.0f);
    acp_physobj *b = ball(w, 3, 0, &BALL, 36.0f, 30.0f, 0.0f);
    ENSURE_EQ(acp_objcell_num_objects(w, c), 4);
    ENSURE(acp_objcell_object(w, c, 0) == p && acp_objcell_object(w, c, 1) == x && acp_objcell_object(w, c, 2) == a &&
           acp_objcell_object(w, c, 3) == b);
    const acp_shadow_list *l = acp_objcell_shadow_list(w, c);
    ENSURE_EQ(l->num, 4);
    ENSURE(acp_shadow_list_get(&w->shadows, l, 1)->physobj == x);
    acp_cell_array same;
    acp_cell_array_init(&same);
    acp_cell_array_add(&same, home, c);
    acp_physobj_replace_shadows(p, &same);
    ENSURE_EQ(l->num, 4);
    ENSURE(acp_shadow_list_get(&w->shadows, l, 0)->physobj == b);
    ENSURE(acp_shadow_list_get(&w->shadows, l, 1)->physobj == a);
    ENSURE(acp_shadow_list_get(&w->shadows, l, 2)->physobj == p);
    ENSURE(acp_shadow_list_get(&w->shadows, l, 3)->physobj == x);
    ENSURE(acp_physobj_destroy_particle_emitter(p, id));
    ENSURE_EQ(p->children->num_objects, 0);
    ENSURE_EQ(acp_objcell_num_objects(w, c), 3);
    ENSURE(acp_objcell_object(w, c, 0) == p && acp_objcell_object(w, c, 1) == b && acp_objcell_object(w, c, 2) == a);
    ENSURE_EQ(l->num, 3);
    ENSURE(acp_shadow_list_get(&w->shadows, l, 0)->physobj == b);
    ENSURE(acp_shadow_list_get(&w->shadows, l, 1)->physobj == a);
    ENSURE(acp_shadow_list_get(&w->shadows, l, 2)->physobj == p);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(set);
}

/* A held object's particles move with it: H held by P at −1 with the holding frame (1, 0, 0)
 * (P's identity rotation: H at P's origin + (1, 0, 0)), an emitter on H (parent-local, Still,
 * no random offset: its particle at H's origin, its particle object X a child of H there). P's
 * set_frame to (35, 30, z) places H at (36, 30, z) through UpdateChild (0x00512D50), H's own
 * UpdateChildrenInternal places X there too, and UpdateChild's UpdateParticles of H moves the
 * parent-local particle to H's new origin, to the bit (Still: parent origin + offset 0). */
static void held_object_particles_move_with_it(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_datset *set = acp_datset_create();
    w->dats = set;
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_STILL);
    e.is_parent_local = 1;
    add_emitter(set, &e);
    acp_physobj *p = ball(w, 1, 0, &BALL, 30.0f, 30.0f, 0.0f);
    acp_physobj *h = ball(w, 2, 0, &BALL, 40.0f, 30.0f, 0.0f);
    ENSURE(acp_world_reserve_children(w, p, 1));
    acp_frame hold = acp_frame_identity();
    hold.origin = (acp_vec3){1.0f, 0.0f, 0.0f};
    ENSURE(acp_physobj_set_parent(h, p, ACP_CHILD_NO_PART, &hold));
    const float z = p->position.frame.origin.z;
    ENSURE_FBITS(h->position.frame.origin.x, 31.0f);
    ENSURE(acp_physobj_create_particle_emitter(h, e.id, 0xFFFFFFFFu, NULL, 0, false) != 0);
    const acp_particle_emitter *pe = &h->fx->particles.emitters[0];
    acp_physobj *x = pe->physobj;
    ENSURE(x && x->parent == h);
    ENSURE_FBITS(pe->particles[0].frame.origin.x, 31.0f);
    acp_frame moved = p->position.frame;
    moved.origin.x = 35.0f;
    w->physics_time = w->now = 0.5;
    acp_physobj_set_frame(p, &moved);
    ENSURE_FBITS(h->position.frame.origin.x, 36.0f);
    ENSURE_FBITS(h->position.frame.origin.y, 30.0f);
    ENSURE_FBITS(h->position.frame.origin.z, z);
    ENSURE_FBITS(x->position.frame.origin.x, 36.0f);
    ENSURE_FBITS(pe->particles[0].frame.origin.x, 36.0f);
    ENSURE_FBITS(pe->particles[0].frame.origin.y, 30.0f);
    ENSURE_FBITS(pe->particles[0].frame.origin.z, z);
    ENSURE_DBITS(pe->particles[0].lifetime, 0.5);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(set);
}

/* A held object is in its holder's cell list right after it (set_parent: leave_world, then
 * change_cell into the holder's cell) and follows its cell changes: CPhysicsObj::change_cell
 * (0x00513390) → leave_cell / enter_cell recurse into the children, the holder first. P and A in
 * cell 0x0A ([P, A]); H (elsewhere, in 0x0B) taken by P: 0x0B empty, 0x0A [P, A, H]. P changes to
 * 0x0B: 0x0A loses P (A into its hole: [H, A]) then H ([A]); 0x0B gets [P, H], H's cell id is
 * 0x0B. Held, H's shadow reach is "never tested" (find_obj_collisions passes parented objects);
 * let go, its shadows are met again. */
static void held_object_follows_cell_changes(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    const acp_landcell *ca = acp_terrain_get_landcell(w->terrain, 0xA9B4000Au);
    const acp_landcell *cb = acp_terrain_get_landcell(w->terrain, 0xA9B4000Bu);
    acp_physobj *p = ball(w, 1, 0, &BALL, 30.0f, 30.0f, 0.0f);
    acp_physobj *a = ball(w, 2, 0, &BALL, 33.0f, 30.0f, 0.0f);
    acp_physobj *h = ball(w, 3, 0, &BALL, 30.0f, 54.0f, 0.0f);
    ENSURE_EQ(h->position.objcell_id, 0xA9B4000Bu);
    ENSURE_EQ(acp_objcell_num_objects(w, cb), 1);
    ENSURE(acp_world_reserve_children(w, p, 1));
    const acp_frame hold = acp_frame_identity();
    ENSURE(acp_physobj_set_parent(h, p, ACP_CHILD_NO_PART, &hold));
    ENSURE_EQ(acp_objcell_num_objects(w, cb), 0);
    ENSURE_EQ(acp_objcell_num_objects(w, ca), 3);
    ENSURE(acp_objcell_object(w, ca, 0) == p && acp_objcell_object(w, ca, 1) == a && acp_objcell_object(w, ca, 2) == h);
    ENSURE_EQ(h->position.objcell_id, 0xA9B4000Au);
    acp_physobj_change_cell(p, cb);
    ENSURE_EQ(acp_objcell_num_objects(w, ca), 1);
    ENSURE(acp_objcell_object(w, ca, 0) == a);
    ENSURE_EQ(acp_objcell_num_objects(w, cb), 2);
    ENSURE(acp_objcell_object(w, cb, 0) == p && acp_objcell_object(w, cb, 1) == h);
    ENSURE_EQ(h->position.objcell_id, 0xA9B4000Bu);
    ENSURE(h->cell == cb && h->has_cell);
    ENSURE(acp_objcell_shadow_reach_of(h).reach < 0.0);
    /* Let go, it is met again: its shadows' stored reach is its sphere's, not "never tested"
     * (the shortcut-free twin found the stale copy after an unparent): upright (the identity
     * frame), the capsule of S26 about the axis from z 0.5 to 0.5, radius 0 + 0.5 = 0.5 m from
     * the z axis at scale 1; without S26 the sphere, |centre| + radius = 0.5 + 0.5 = 1 m. */
    acp_physobj_unset_parent(h);
    ENSURE(h->num_shadow_objects >= 1);
    for (uint32_t i = 0; i < h->num_shadow_objects; i++) {
        const acp_shadow_obj *e = &h->shadow_objects[i];
        ENSURE(e->list != NULL);
        if (!e->list) continue;
        const acp_shadow_block *blk = &w->shadows.blocks[e->block - 1];
        const acp_shadow_reach r = acp_shadow_block_reach(blk, e->index % ACP_SHADOW_BLOCK);
#if ACP_SHORTCUTS
        ENSURE_DBITS(r.reach, 0.5);
        ENSURE(r.zlo == 0.5f && r.zhi == 0.5f && r.upright == 1u);
#else
        ENSURE_DBITS(r.reach, 1.0);
#endif
    }
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* Beyond 96 m from the player an object is inactive, yet UpdateObjectInternal still ends with
 * UpdateParticles and UpdateScripts: its particle ages and its script's hook fires. */
static void inactive_objects_still_advance(void)
{
    fixture f = make();
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_STILL);
    add_emitter(f.set, &e);
    acp_anim_hook h = {.type = ACP_HOOK_ETHEREAL};
    h.p.flag = 1;
    double t = 0.25;
    add_script(f.set, 0x33000007u, 1, &t, &h);
    acp_physobj *player = floating(f.w, 1, 10.0f, 10.0f, 5.0f, true);
    acp_world_set_player(f.w, player);
    acp_physobj *o = floating(f.w, 2, 150.0f, 10.0f, 5.0f, true);
    acp_physobj_create_particle_emitter(o, e.id, 0xFFFFFFFFu, NULL, 0, false);
    acp_physobj_play_script(o, 0x33000007u);
    for (int k = 1; k <= 4; k++) acp_world_use_time(f.w, k * 0.125);
    ENSURE(!o->record.active_after);
    ENSURE(o->state & ACP_ETHEREAL_PS);
    ENSURE_DBITS(o->fx->particles.emitters[0].particles[0].lifetime, 0.5);
    done(&f);
}

/* A static object with HAS_DEFAULT_SCRIPT_PS in the static animating workset: its script runs
 * through animate_static_object (elapsed ≥ 1/30 s). Without the bit the same script waits. */
static void static_default_script_runs(void)
{
    fixture f = make();
    acp_anim_hook h = {.type = ACP_HOOK_ETHEREAL};
    h.p.flag = 1;
    double t = 0.25;
    add_script(f.set, 0x33000008u, 1, &t, &h);
    acp_physobj *objs[2];
    for (int i = 0; i < 2; i++) {
        acp_physobj *o = acp_world_add_object(f.w, (uint32_t)(10 + i));
        o->state |= ACP_STATIC_PS | (i == 0 ? ACP_HAS_DEFAULT_SCRIPT_PS : 0u);
        o->part_array = acp_partarray_create_spheres(o, &ONE_SPHERE, 1);
        acp_position p = {CELL, acp_frame_identity()};
        p.frame.origin = (acp_vec3){10.0f, 10.0f, 0.0f};
        acp_world_place_object(f.w, o, &p, 0, 0.0);
        acp_world_add_static_animating(f.w, o);
        ENSURE(acp_physobj_play_script(o, 0x33000008u));
        objs[i] = o;
    }
    for (int k = 1; k <= 3; k++) acp_world_use_time(f.w, k * 0.125);
    ENSURE(objs[0]->state & ACP_ETHEREAL_PS);
    ENSURE(!(objs[1]->state & ACP_ETHEREAL_PS));
    ENSURE_EQ(acp_script_manager_count(&objs[1]->fx->scripts), 1);
    done(&f);
}

/* InitDefaults' script branch (CPhysicsObj::InitDefaults 0x005139D0): the Setup's default script
 * is played (play_script_internal, queued at now), its default_script_table becomes the object's
 * PhysicsScriptTable, and a STATIC_PS object gets HAS_DEFAULT_SCRIPT_PS and joins the static
 * animating workset, where animate_static_object runs the script. */
static void init_defaults_plays_the_default_script(void)
{
    fixture f = make();
    acp_anim_hook h = {.type = ACP_HOOK_ETHEREAL};
    h.p.flag = 1;
    double t = 0.25;
    add_script(f.set, 0x33000009u, 1, &t, &h);
    uint8_t table[] = {0x04, 0x00, 0x00, 0x34, 0x01, 0, 0, 0, /* id 0x34000004, one type */
                       0x01, 0, 0, 0, 0x01, 0, 0, 0,          /* type 1, one script */
                       0x00, 0x00, 0x00, 0x3F, 0x09, 0x00, 0x00, 0x33}; /* mod 0.5, 0x33000009 */
    acp_dat_error err;
    ENSURE_EQ(acp_datset_add_record(f.set, ACP_DAT_TYPE_PHYSICS_SCRIPT_TABLE, 0x34000004u, table, sizeof table, &err),
              ACP_DAT_OK);
    acp_setup s;
    memset(&s, 0, sizeof s);
    s.id = 0x0200F0F0u;
    s.num_spheres = 1;
    s.spheres = (acp_sphere *)&ONE_SPHERE;
    s.default_script = 0x33000009u;
    s.default_script_table = 0x34000004u;
    acp_physobj *o = acp_world_add_object(f.w, 5);
    o->state |= ACP_STATIC_PS;
    acp_position p = {CELL, acp_frame_identity()};
    p.frame.origin = (acp_vec3){10.0f, 10.0f, 0.0f};
    acp_world_place_object(f.w, o, &p, 0, 0.0);
    acp_record_source none = {NULL, NULL, NULL};
    ENSURE(acp_physobj_set_setup(o, &s, &none));
    ENSURE(o->state & ACP_HAS_DEFAULT_SCRIPT_PS);
    ENSURE(!(o->state & ACP_HAS_DEFAULT_ANIM_PS));
    ENSURE_EQ(f.w->num_static, 1);
    ENSURE(o->physics_script_table != NULL);
    ENSURE_EQ(acp_physics_script_table_get_script(o->physics_script_table, 1, 0.5f), 0x33000009u);
    ENSURE_EQ(acp_script_manager_count(&o->fx->scripts), 1);
    ENSURE_DBITS(acp_script_manager_at(&o->fx->scripts, 0)->start_time, 0.0);
    acp_world_use_time(f.w, 0.125);
    ENSURE(!(o->state & ACP_ETHEREAL_PS));
    acp_world_use_time(f.w, 0.25);
    ENSURE(o->state & ACP_ETHEREAL_PS);
    done(&f);
}

/* DefaultScriptPartHook::Execute → CPhysicsObj::play_default_script(part) (0x00513300): the
 * first child held at that part plays its own table's script for its default type and
 * intensity (type 1, mod 0.5 → 0x3300000A here). H holds C at −1: the hook with part −1 queues
 * C's script (and none of H's); with part 3 (no child there) nothing. */
static void default_script_part_plays_a_held_childs(void)
{
    fixture f = make();
    acp_anim_hook eth = {.type = ACP_HOOK_ETHEREAL};
    eth.p.flag = 1;
    double t = 0.0;
    add_script(f.set, 0x3300000Au, 1, &t, &eth);
    uint8_t table[] = {0x05, 0x00, 0x00, 0x34, 0x01, 0, 0, 0, /* id 0x34000005, one type */
                       0x01, 0, 0, 0, 0x01, 0, 0, 0,          /* type 1, one script */
                       0x00, 0x00, 0x00, 0x3F, 0x0A, 0x00, 0x00, 0x33}; /* mod 0.5, 0x3300000A */
    acp_dat_error err;
    ENSURE_EQ(acp_datset_add_record(f.set, ACP_DAT_TYPE_PHYSICS_SCRIPT_TABLE, 0x34000005u, table, sizeof table, &err),
              ACP_DAT_OK);
    acp_physobj *h = floating(f.w, 1, 10.0f, 10.0f, 5.0f, true);
    acp_physobj *c = floating(f.w, 2, 20.0f, 10.0f, 5.0f, true);
    ENSURE(acp_physobj_set_script_table(c, 0x34000005u, 1, 0.5f));
    ENSURE(acp_world_reserve_children(f.w, h, 1));
    const acp_frame hold = acp_frame_identity();
    ENSURE(acp_physobj_set_parent(c, h, ACP_CHILD_NO_PART, &hold));
    acp_anim_hook part = {.type = ACP_HOOK_DEFAULT_SCRIPT_PART};
    part.p.id = 3;
    acp_anim_hook_execute(&part, h);
    ENSURE(c->fx == NULL || acp_script_manager_count(&c->fx->scripts) == 0);
    part.p.id = ACP_CHILD_NO_PART;
    acp_anim_hook_execute(&part, h);
    ENSURE(c->fx != NULL);
    ENSURE_EQ(acp_script_manager_count(&c->fx->scripts), 1);
    ENSURE(h->fx == NULL || !h->fx->has_scripts || acp_script_manager_count(&h->fx->scripts) == 0);
    done(&f);
}

/* CPhysicsObj::InitDefaults (0x005139D0) with a default_phstable_id the DATs lack: retail
 * releases the object's table and stores DBObj::Get's NULL, so the object is left without one
 * (play_default_script then finds no script). */
static void unknown_script_table_leaves_none(void)
{
    fixture f = make();
    uint8_t table[] = {0x04, 0x00, 0x00, 0x34, 0x01, 0, 0, 0, 0x01, 0, 0, 0, 0x01, 0, 0, 0,
                       0x00, 0x00, 0x00, 0x3F, 0x09, 0x00, 0x00, 0x33};
    acp_dat_error err;
    ENSURE_EQ(acp_datset_add_record(f.set, ACP_DAT_TYPE_PHYSICS_SCRIPT_TABLE, 0x34000004u, table, sizeof table, &err),
              ACP_DAT_OK);
    acp_physobj *o = floating(f.w, 1, 10.0f, 10.0f, 5.0f, true);
    acp_setup s;
    memset(&s, 0, sizeof s);
    s.default_script_table = 0x34000004u;
    acp_physobj_init_defaults(o, &s);
    ENSURE(o->physics_script_table != NULL);
    s.default_script_table = 0x34000077u; /* not in the DATs */
    acp_physobj_init_defaults(o, &s);
    ENSURE(o->physics_script_table == NULL);
    done(&f);
}

/* Objects without scripts or particles take no fx block, and the world no pool. */
static void no_scripts_no_cost(void)
{
    fixture f = make();
    acp_physobj *o = floating(f.w, 1, 10.0f, 10.0f, 5.0f, true);
    for (int k = 1; k <= 8; k++) acp_world_use_time(f.w, k * 0.125);
    ENSURE(o->fx == NULL);
    ENSURE(f.w->fx_pool == NULL);
    done(&f);
}

/* A full pool refuses and counts: one fx block, two objects asking. */
static void pools_overflow_counted(void)
{
    fixture f = make();
    ENSURE(acp_world_reserve_fx(f.w, 1, 4));
    acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_STILL);
    e.max_particles = 3;
    add_emitter(f.set, &e);
    acp_physobj *a = floating(f.w, 1, 10.0f, 10.0f, 5.0f, true);
    acp_physobj *b = floating(f.w, 2, 12.0f, 10.0f, 5.0f, true);
    ENSURE(acp_physobj_create_particle_emitter(a, e.id, 0xFFFFFFFFu, NULL, 0, false) != 0);
    ENSURE_EQ(acp_physobj_create_particle_emitter(b, e.id, 0xFFFFFFFFu, NULL, 0, false), 0);
    ENSURE_EQ(f.w->fx_pool->overflow_fx, 1);
    ENSURE_EQ(acp_physobj_create_particle_emitter(a, e.id, 0xFFFFFFFFu, NULL, 0, false), 0); /* 3 + 3 > 4 */
    ENSURE_EQ(f.w->fx_pool->overflow_particles, 1);
    ENSURE(!acp_world_reserve_fx(f.w, 8, 64)); /* in use: no resize */
    done(&f);
}

/* 144 Hz frames (now = k / 144) for 1 s, an emitter of 0.01 s per particle created at 0.
 * retail: the world gate opens when now − last_update ≥ 1/30; each open frame runs one quantum
 * (elapsed < MAX_QUANTUM) whose UpdateParticles emits (now − last_emit > 0.01 always holds by
 * then), so retail emits once per open frame. render-frame: UpdateParticles runs on every frame,
 * and emits when now − last_emit > 0.01 with last_emit = the frame's time: every other frame. The
 * expected counts follow those rules frame by frame. */
static void render_frame_cadence(void)
{
    int expect_retail = 0, expect_frame = 0;
    double last_update = 0.0, last_emit = 0.0;
    for (int k = 1; k <= 144; k++) {
        double now = k / 144.0;
        if (now - last_update >= 1.0 / 30.0) {
            last_update = now;
            expect_retail++;
        }
        if (now - last_emit > 0.01) {
            last_emit = now;
            expect_frame++;
        }
    }
    ENSURE_EQ(expect_frame, 72);
    int got[2] = {0, 0};
    acp_clock_profile profiles[2] = {ACP_PROFILE_RETAIL, ACP_PROFILE_RENDER_FRAME};
    for (int i = 0; i < 2; i++) {
        fixture f = make();
        f.w->profile = profiles[i];
        acp_particle_emitter_info e = plain_emitter(ACP_PARTICLE_STILL);
        e.birthrate = 0.01;
        e.initial_particles = 0;
        e.max_particles = 500;
        add_emitter(f.set, &e);
        ENSURE(acp_world_reserve_fx(f.w, 4, 1024));
        acp_physobj *o = floating(f.w, 1, 10.0f, 10.0f, 5.0f, true);
        acp_physobj_create_particle_emitter(o, e.id, 0xFFFFFFFFu, NULL, 0, false);
        for (int k = 1; k <= 144; k++) acp_world_use_time(f.w, k / 144.0);
        got[i] = o->fx->particles.emitters[0].total_emitted;
        done(&f);
    }
    ENSURE_EQ(got[0], expect_retail);
    ENSURE_EQ(got[1], expect_frame);
    ENSURE(got[0] < got[1]);
}

void suite_scripts(void)
{
    RUN(render_frame_cadence);
    RUN(records_parse);
    RUN(script_hooks_sort_as_the_crt_qsort);
    RUN(tied_destroy_runs_before_create);
    RUN(script_hooks_fire_on_the_clock);
    RUN(scripts_queue_behind_each_other);
    RUN(scale_hook_interpolates);
    RUN(call_pes_plays_after_its_pause);
    RUN(emission_count_per_second);
    RUN(emission_count_per_metre);
    RUN(particle_closed_forms);
    RUN(local_velocity_turns_with_the_parent);
    RUN(particles_die_at_their_lifespan);
    RUN(emitter_ends_after_total_particles_or_seconds);
    RUN(particle_hooks_from_a_script);
    RUN(random_draws_store_floats);
    RUN(part_index_past_the_parts_makes_no_emitter);
    RUN(emitter_particle_object_in_cell_lists);
    RUN(held_object_particles_move_with_it);
    RUN(held_object_follows_cell_changes);
    RUN(default_script_part_plays_a_held_childs);
    RUN(inactive_objects_still_advance);
    RUN(static_default_script_runs);
    RUN(init_defaults_plays_the_default_script);
    RUN(unknown_script_table_leaves_none);
    RUN(no_scripts_no_cost);
    RUN(pools_overflow_counted);
}
