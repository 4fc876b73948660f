/* acphys — retail CMotionTable (MotionState is motion_state.c, MotionTableManager object/mtable_manager.c). See motion_table.h.
 *
 * Read against PORTAL/canim/CMTable.c, CMotionPrim.c and PORTAL/cphysobj/CMTableManager.c.
 * GetObjectSequence reuses some of its locals for several purposes (a style-default lookup that
 * fails leaves the variable as it was, even the bits of a float speed); the `scratch` fields of
 * gos_vars reproduce that exactly.
 */
#include "motion_table.h"

#include <math.h>
#include <string.h>

#include "physics/object/physobj_motion.h"

/* ---- MotionState ---- */

/* ---- table lookups (retail hash tables; the records are sorted by key) ---- */

/* Binary search in an array of `n` elements of `size` bytes each starting with a uint32 key. */
static const void *find_key(const void *base, uint32_t n, size_t size, uint32_t key)
{
    const unsigned char *b = base;
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        uint32_t k;
        memcpy(&k, b + (size_t)mid * size, sizeof k);
        if (k == key) return b + (size_t)mid * size;
        if (k < key) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

bool acp_motion_table_style_default(const acp_motion_table *mt, uint32_t style, uint32_t *substate)
{
    const acp_style_default *d = find_key(mt->style_defaults, mt->num_style_defaults, sizeof *d, style);
    if (!d) return false;
    *substate = d->substate;
    return true;
}

const acp_motion_data *acp_motion_table_cycle(const acp_motion_table *mt, uint32_t key)
{
    const acp_motion_entry *e = find_key(mt->cycles, mt->num_cycles, sizeof *e, key);
    return e ? &e->data : NULL;
}

const acp_motion_data *acp_motion_table_modifier(const acp_motion_table *mt, uint32_t key)
{
    const acp_motion_entry *e = find_key(mt->modifiers, mt->num_modifiers, sizeof *e, key);
    return e ? &e->data : NULL;
}

static const acp_motion_link_map *link_map(const acp_motion_table *mt, uint32_t key)
{
    return find_key(mt->links, mt->num_links, sizeof(acp_motion_link_map), key);
}

static const acp_motion_data *link_entry(const acp_motion_link_map *map, uint32_t motion)
{
    const acp_motion_entry *e = find_key(map->entries, map->num_entries, sizeof *e, motion);
    return e ? &e->data : NULL;
}

/* A modifier styled first, then unstyled. */
static const acp_motion_data *find_modifier(const acp_motion_table *mt, uint32_t style, uint32_t motion)
{
    const acp_motion_data *md = acp_motion_table_modifier(mt, (style << 16) | (motion & 0xFFFFFFu));
    return md ? md : acp_motion_table_modifier(mt, motion & 0xFFFFFFu);
}

static uint32_t count_anims(const acp_motion_data *md) { return md ? md->num_anims : 0u; }

const acp_motion_data *acp_motion_table_get_link(const acp_motion_table *mt, uint32_t style, uint32_t substate,
                                                 float substate_speed, uint32_t motion, float speed)
{
    bool reversed = speed < 0.0f || substate_speed < 0.0f;
    uint32_t styled = style << 16;
    const acp_motion_link_map *map;
    if (reversed) {
        map = link_map(mt, styled | (motion & 0xFFFFFFu));
        const acp_motion_data *md = map ? link_entry(map, substate) : NULL;
        if (md) return md;
        uint32_t dflt;
        if (!acp_motion_table_style_default(mt, style, &dflt)) return NULL;
        map = link_map(mt, styled | (substate & 0xFFFFFFu));
        return map ? link_entry(map, dflt) : NULL;
    }
    map = link_map(mt, styled | (substate & 0xFFFFFFu));
    const acp_motion_data *md = map ? link_entry(map, motion) : NULL;
    if (md) return md;
    map = link_map(mt, styled);
    return map ? link_entry(map, motion) : NULL;
}

/* ---- motion data into the sequence ---- */

static acp_vec3 vec3_times(acp_vec3 v, float k)
{
    acp_vec3 r;
    r.x = (float)((double)k * v.x);
    r.y = (float)((double)k * v.y);
    r.z = (float)((double)k * v.z);
    return r;
}

void acp_add_motion(acp_sequence *seq, const acp_motion_data *data, float speed)
{
    if (!data) return;
    acp_sequence_set_velocity(seq, vec3_times(data->velocity, speed));
    acp_sequence_set_omega(seq, vec3_times(data->omega, speed));
    for (uint32_t i = 0; i < data->num_anims; i++) {
        acp_anim_data ad = data->anims[i]; /* operator*(AnimData, float) (0x00525D00) */
        ad.framerate = (float)((double)ad.framerate * speed);
        acp_sequence_append_animation(seq, &ad);
    }
}

void acp_combine_motion(acp_sequence *seq, const acp_motion_data *data, float speed)
{
    if (!data) return;
    acp_sequence_combine_physics(seq, vec3_times(data->velocity, speed), vec3_times(data->omega, speed));
}

void acp_subtract_motion(acp_sequence *seq, const acp_motion_data *data, float speed)
{
    if (!data) return;
    acp_sequence_subtract_physics(seq, vec3_times(data->velocity, speed), vec3_times(data->omega, speed));
}

void acp_change_cycle_speed(acp_sequence *seq, const acp_motion_data *data, float old_speed, float new_speed)
{
    (void)data;
    if (fabs((double)old_speed) > ACP_F_EPSILON) {
        acp_sequence_multiply_cyclic_animation_framerate(seq, (float)((double)new_speed / old_speed));
        return;
    }
    if (fabs((double)new_speed) < ACP_F_EPSILON) acp_sequence_multiply_cyclic_animation_framerate(seq, 0.0f);
}

/* same_sign (0x00522260): both negative or both not. */
static bool same_sign(float a, float b) { return (a < 0.0f) == (b < 0.0f); }

/* CMotionTable::is_allowed (0x005226C0): a cycle with bitfield bit 2 is allowed only as the
 * current substate or from the style's default substate. */
static bool is_allowed(const acp_motion_table *mt, uint32_t motion, const acp_motion_data *md, const acp_motion_state *st)
{
    if (!md) return false;
    if (!(md->bitfield & 2) || motion == st->substate) return true;
    uint32_t dflt;
    return acp_motion_table_style_default(mt, st->style, &dflt) && dflt == st->substate;
}

static void restart_sequence(acp_sequence *seq)
{
    acp_sequence_clear_physics(seq);
    acp_sequence_remove_cyclic_anims(seq);
}

/* ---- GetObjectSequence ---- */

/* Locals of GetObjectSequence that keep their value across failed lookups. */
typedef struct gos_vars {
    uint32_t new_substate;           /* the current style's default substate (0 until found) */
    uint32_t substate;               /* mtype2: the substate at entry */
    uint32_t scratch;                /* the stop_modifiers argument slot, reused */
} gos_vars;

static bool gos_style(const acp_motion_table *mt, uint32_t motion, acp_motion_state *st, acp_sequence *seq,
                      float speed, uint32_t *num_anims, gos_vars *v)
{
    acp_motion_table_style_default(mt, st->style, &v->new_substate);
    const acp_motion_data *pre_link = NULL;
    if (v->substate != v->new_substate)
        pre_link = acp_motion_table_get_link(mt, st->style, v->substate, st->substate_mod, v->new_substate, speed);
    if (!acp_motion_table_style_default(mt, motion, &v->scratch)) return false;
    const acp_motion_data *cycle = acp_motion_table_cycle(mt, (motion << 16) | (v->scratch & 0xFFFFFFu));
    if (!cycle) return false;
    if (cycle->bitfield & 1) acp_motion_state_clear_modifiers(st);
    const acp_motion_data *link = acp_motion_table_get_link(mt, st->style, v->new_substate, st->substate_mod, motion, speed);
    const acp_motion_data *link2 = NULL;
    if (!link && motion != st->style) {
        link = acp_motion_table_get_link(mt, st->style, v->new_substate, 1.0f, mt->default_style, 1.0f);
        acp_motion_table_style_default(mt, mt->default_style, &v->substate);
        link2 = acp_motion_table_get_link(mt, mt->default_style, v->substate, 1.0f, motion, 1.0f);
    }
    restart_sequence(seq);
    acp_add_motion(seq, pre_link, speed);
    acp_add_motion(seq, link, speed);
    acp_add_motion(seq, link2, speed);
    acp_add_motion(seq, cycle, speed);
    st->substate = v->scratch;
    st->style = motion;
    st->substate_mod = speed;
    acp_motion_table_re_modify(mt, seq, st);
    *num_anims = count_anims(link) + count_anims(link2) + cycle->num_anims + count_anims(pre_link) - 1u;
    return true;
}

static float bits_to_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static uint32_t float_to_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* The cycle is the current substate at the same sign of speed: only its speed changes. */
static void gos_change_speed(acp_motion_state *st, acp_sequence *seq, const acp_motion_data *cycle, float speed)
{
    acp_change_cycle_speed(seq, cycle, st->substate_mod, speed);
    acp_subtract_motion(seq, cycle, st->substate_mod);
    acp_combine_motion(seq, cycle, speed);
    st->substate_mod = speed;
}

static void gos_new_cycle(const acp_motion_table *mt, uint32_t motion, acp_motion_state *st, acp_sequence *seq,
                          float speed, uint32_t *num_anims, gos_vars *v, const acp_motion_data *cycle)
{
    if (cycle->bitfield & 1) acp_motion_state_clear_modifiers(st);
    const acp_motion_data *link = acp_motion_table_get_link(mt, st->style, st->substate, st->substate_mod, motion, speed);
    const acp_motion_data *link2 = NULL;
    if (!link || !same_sign(speed, st->substate_mod)) {
        acp_motion_table_style_default(mt, st->style, &v->scratch);
        link = acp_motion_table_get_link(mt, st->style, st->substate, st->substate_mod, v->scratch, 1.0f);
        link2 = acp_motion_table_get_link(mt, st->style, v->scratch, 1.0f, motion, speed);
    }
    restart_sequence(seq);
    if (link2) {
        acp_add_motion(seq, link, st->substate_mod);
        acp_add_motion(seq, link2, speed);
    } else {
        float k = (st->substate_mod >= 0.0f || speed <= 0.0f) ? speed : -speed;
        v->scratch = float_to_bits(k);
        acp_add_motion(seq, link, bits_to_float(v->scratch));
    }
    acp_add_motion(seq, cycle, speed);
    uint32_t old = st->substate;
    if (old != motion && (old & ACP_MOTION_MODIFIER_BIT)) {
        acp_motion_table_style_default(mt, st->style, &v->scratch);
        if (v->scratch != motion) acp_motion_state_add_modifier_no_check(st, old, st->substate_mod);
    }
    st->substate_mod = speed;
    st->substate = motion;
    acp_motion_table_re_modify(mt, seq, st);
    *num_anims = count_anims(link2) + cycle->num_anims + count_anims(link) - 1u;
}

static bool gos_substate(const acp_motion_table *mt, uint32_t motion, acp_motion_state *st, acp_sequence *seq,
                         float speed, uint32_t *num_anims, gos_vars *v)
{
    const acp_motion_data *cycle = acp_motion_table_cycle(mt, (motion & 0xFFFFFFu) | (st->style << 16));
    if (!cycle) cycle = acp_motion_table_cycle(mt, (motion & 0xFFFFFFu) | (mt->default_style << 16));
    if (!cycle || !is_allowed(mt, motion, cycle, st)) return false;
    if (motion == v->substate && same_sign(speed, st->substate_mod) && acp_sequence_has_anims(seq)) {
        gos_change_speed(st, seq, cycle, speed);
        return true;
    }
    gos_new_cycle(mt, motion, st, seq, speed, num_anims, v, cycle);
    return true;
}

/* An action played from the current cycle: through its own link, or through the style's
 * default substate and back. */
static bool gos_action(const acp_motion_table *mt, uint32_t motion, acp_motion_state *st, acp_sequence *seq,
                       float speed, uint32_t *num_anims, gos_vars *v)
{
    uint32_t key = (v->substate & 0xFFFFFFu) | (st->style << 16);
    const acp_motion_data *cycle = acp_motion_table_cycle(mt, key);
    if (!cycle) return false;
    const acp_motion_data *link = acp_motion_table_get_link(mt, st->style, v->substate, st->substate_mod, motion, speed);
    if (link) {
        acp_motion_state_add_action(st, motion, speed);
        restart_sequence(seq);
        acp_add_motion(seq, link, speed);
        acp_add_motion(seq, cycle, st->substate_mod);
        acp_motion_table_re_modify(mt, seq, st);
        *num_anims = link->num_anims;
        return true;
    }
    acp_motion_table_style_default(mt, st->style, &v->new_substate);
    const acp_motion_data *to_default =
        acp_motion_table_get_link(mt, st->style, v->substate, st->substate_mod, v->new_substate, 1.0f);
    if (!to_default) return false;
    const acp_motion_data *act = acp_motion_table_get_link(mt, st->style, v->new_substate, 1.0f, motion, speed);
    if (!act) return false;
    cycle = acp_motion_table_cycle(mt, key);
    if (!cycle) return false;
    const acp_motion_data *back = acp_motion_table_get_link(mt, st->style, v->new_substate, 1.0f, v->substate, st->substate_mod);
    acp_motion_state_add_action(st, motion, speed);
    restart_sequence(seq);
    acp_add_motion(seq, to_default, 1.0f);
    acp_add_motion(seq, act, speed);
    acp_add_motion(seq, back, 1.0f);
    acp_add_motion(seq, cycle, st->substate_mod);
    acp_motion_table_re_modify(mt, seq, st);
    *num_anims = to_default->num_anims + act->num_anims + count_anims(back);
    return true;
}

/* A modifier combined into the current cycle (styled data first, then unstyled); an already
 * listed modifier is stopped and re-added at the new speed. */
static bool gos_modifier(const acp_motion_table *mt, uint32_t motion, acp_motion_state *st, acp_sequence *seq,
                         float speed, const gos_vars *v)
{
    const acp_motion_data *cycle = acp_motion_table_cycle(mt, (st->style << 16) | (v->substate & 0xFFFFFFu));
    if (!cycle || (cycle->bitfield & 1)) return false;
    const acp_motion_data *md = find_modifier(mt, st->style, motion);
    if (!md) return false;
    if (!acp_motion_state_add_modifier(st, motion, speed)) {
        uint32_t ignored; /* retail passes the address of its own num_anims argument */
        acp_motion_table_stop_sequence_motion(mt, motion, 1.0f, st, seq, &ignored);
        if (!acp_motion_state_add_modifier(st, motion, speed)) return false;
    }
    acp_combine_motion(seq, md, speed);
    return true;
}

static bool gos_dispatch(const acp_motion_table *mt, uint32_t motion, acp_motion_state *st, acp_sequence *seq,
                         float speed, uint32_t *num_anims, bool stop_modifiers, gos_vars *v)
{
    acp_motion_table_style_default(mt, st->style, &v->new_substate);
    if (motion == v->new_substate && !stop_modifiers && (v->substate & ACP_MOTION_MODIFIER_BIT)) return true;
    if (motion & ACP_MOTION_STYLE_BIT) {
        if (st->style == motion) return true;
        if (gos_style(mt, motion, st, seq, speed, num_anims, v)) return true;
    }
    if ((motion & ACP_MOTION_SUBSTATE_BIT) && gos_substate(mt, motion, st, seq, speed, num_anims, v)) return true;
    if ((motion & ACP_MOTION_ACTION_BIT) && gos_action(mt, motion, st, seq, speed, num_anims, v)) return true;
    if (motion & ACP_MOTION_MODIFIER_BIT) return gos_modifier(mt, motion, st, seq, speed, v);
    return false;
}

bool acp_motion_table_get_object_sequence(const acp_motion_table *mt, uint32_t motion, acp_motion_state *st,
                                          acp_sequence *seq, float speed, uint32_t *num_anims, bool stop_modifiers)
{
    *num_anims = 0;
    if (!st->style || !st->substate) return false;
    if (st->depth >= ACP_MAX_MOTION_DEPTH) {
        st->capped++;
        return false;
    }
    /* Retail reads the default substate into an uninitialised local; a style without one
     * compares against 0 here. */
    gos_vars v = {0, st->substate, stop_modifiers ? 1u : 0u};
    st->depth++;
    bool ok = gos_dispatch(mt, motion, st, seq, speed, num_anims, stop_modifiers, &v);
    st->depth--;
    return ok;
}

bool acp_motion_table_do_object_motion(const acp_motion_table *mt, uint32_t motion, acp_motion_state *st,
                                       acp_sequence *seq, float speed, uint32_t *num_anims)
{
    return acp_motion_table_get_object_sequence(mt, motion, st, seq, speed, num_anims, false);
}

void acp_motion_table_re_modify(const acp_motion_table *mt, acp_sequence *seq, acp_motion_state *st)
{
    for (uint32_t copies = st->num_modifiers; copies > 0; copies--) {
        if (!st->num_modifiers) return; /* retail would read a NULL head */
        acp_motion_entry_state head = st->modifiers[0];
        acp_motion_state_remove_modifier(st, 0);
        uint32_t ignored;
        acp_motion_table_get_object_sequence(mt, head.motion, st, seq, head.speed_mod, &ignored, false);
    }
}

bool acp_motion_table_stop_sequence_motion(const acp_motion_table *mt, uint32_t motion, float speed,
                                           acp_motion_state *st, acp_sequence *seq, uint32_t *num_anims)
{
    (void)speed;
    *num_anims = 0;
    if ((motion & ACP_MOTION_SUBSTATE_BIT) && motion == st->substate) {
        uint32_t dflt = 0; /* retail: the address of num_anims when the style has no default */
        acp_motion_table_style_default(mt, st->style, &dflt);
        acp_motion_table_get_object_sequence(mt, dflt, st, seq, 1.0f, num_anims, true);
        return true;
    }
    if (!(motion & ACP_MOTION_MODIFIER_BIT)) return false;
    for (uint32_t i = 0; i < st->num_modifiers; i++) {
        if (st->modifiers[i].motion != motion) continue;
        const acp_motion_data *md = find_modifier(mt, st->style, motion);
        if (!md) return false;
        acp_subtract_motion(seq, md, st->modifiers[i].speed_mod);
        acp_motion_state_remove_modifier(st, i);
        return true;
    }
    return false;
}

bool acp_motion_table_stop_object_completely(const acp_motion_table *mt, acp_motion_state *st, acp_sequence *seq,
                                             uint32_t *num_anims)
{
    bool any = false;
    while (st->num_modifiers) {
        acp_motion_entry_state head = st->modifiers[0];
        if (acp_motion_table_stop_sequence_motion(mt, head.motion, head.speed_mod, st, seq, num_anims)) any = true;
        else acp_motion_state_remove_modifier(st, 0); /* retail retries the same head forever */
    }
    if (acp_motion_table_stop_sequence_motion(mt, st->substate, st->substate_mod, st, seq, num_anims)) return true;
    return any;
}

bool acp_motion_table_set_default_state(const acp_motion_table *mt, acp_motion_state *st, acp_sequence *seq,
                                        uint32_t *num_anims)
{
    uint32_t dflt;
    if (!acp_motion_table_style_default(mt, mt->default_style, &dflt)) return false;
    acp_motion_state_clear_modifiers(st);
    acp_motion_state_clear_actions(st);
    const acp_motion_data *cycle = acp_motion_table_cycle(mt, (mt->default_style << 16) | (dflt & 0xFFFFFFu));
    if (!cycle) return false;
    st->style = mt->default_style;
    st->substate = dflt;
    st->substate_mod = 1.0f;
    *num_anims = cycle->num_anims - 1u;
    acp_sequence_clear_physics(seq);
    acp_sequence_clear_animations(seq);
    acp_add_motion(seq, cycle, st->substate_mod);
    return true;
}

/* ---- MotionTableManager ---- */


