/* acphys C tests — an object's cells (issue 14): CObjCell's object list through enter_cell,
 * leave_cell and change_cell (SetPositionInternal, a sweep's cell crossing, leave_world, the lost
 * cell), calc_cross_cells and calc_cross_cells_static, the HAS_PHYSICS_BSP shadow branch of
 * SetPositionInternal, report_collision_start, and the shadow lists' re-shadow swap.
 *
 * Every case runs on landblock 0xA9B4 made flat at z = 0 (column_terrain). Outdoor cell (x, y)
 * of a landblock (24 m squares) has id x·8 + y + 1: (1,1) is 0x0A, (2,1) 0x12, (2,2) 0x13. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "physics/cell/objcell.h"
#include "physics/object/physobj_cell.h"
#include "physics/object/physobj_collide.h"
#include "collide_helpers.h"

/* The corner (24, 24) of cells (0,0), (0,1), (1,0), (1,1) with a 0.5 m sphere on it:
 * CLandCell::add_all_outside_cells lists the centre's cell (1,1) first, then (0,1), (0,0),
 * (1,0) (tests/c/test_collide.c corner_in_four_cells derives the order). */
static const uint32_t CORNER[4] = {0xA9B4000Au, 0xA9B40002u, 0xA9B40001u, 0xA9B40009u};

/* The tests' random numbers (xorshift64; seeded, so every run draws the same). */
static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Uniform in [lo, hi). */
static float rnd_in(uint64_t *s, float lo, float hi)
{
    return lo + (hi - lo) * (float)((double)(rnd(s) >> 40) / 16777216.0);
}

static const acp_landcell *cell(acp_world *w, uint32_t id) { return acp_terrain_get_landcell(w->terrain, id); }
static uint32_t num_objects(acp_world *w, uint32_t id) { return acp_objcell_num_objects(w, cell(w, id)); }
static acp_physobj *object_at(acp_world *w, uint32_t id, uint32_t i) { return acp_objcell_object(w, cell(w, id), i); }
static uint32_t num_shadows(acp_world *w, uint32_t id) { return acp_objcell_shadow_list(w, cell(w, id))->num; }

/* ---- the object list ---- */

/* A, B, C enter cell 0x0A in turn: its object list is [A, B, C] (CObjCell::add_object appends).
 * A moves to 0x13 (SetPositionInternal → change_cell: leave_cell's remove_object moves the last
 * entry into the hole, [C, B]; enter_cell appends A to 0x13's list); back again, [C, B, A].
 * leave_world (leave_cell) takes A out again: [C, B], and A has no cell. */
static void object_list_follows_moves(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *a = ball(w, 1, 0, &BALL, 30.0f, 30.0f, 0.0f);
    acp_physobj *b = ball(w, 2, 0, &BALL, 33.0f, 30.0f, 0.0f);
    acp_physobj *c = ball(w, 3, 0, &BALL, 36.0f, 30.0f, 0.0f);
    const uint32_t home = 0xA9B4000Au, away_id = 0xA9B40013u;
    ENSURE_EQ(num_objects(w, home), 3);
    ENSURE(object_at(w, home, 0) == a && object_at(w, home, 1) == b && object_at(w, home, 2) == c);
    ENSURE(a->cell == cell(w, home));
    acp_position away = local_position(BLOCK, 60.0f, 60.0f, 0.0f, 0.0f);
    ENSURE_EQ(acp_physobj_set_position(a, &away, ACP_PLACEMENT_SPF | ACP_SLIDE_SPF), ACP_SPE_OK);
    ENSURE_EQ(num_objects(w, home), 2);
    ENSURE(object_at(w, home, 0) == c && object_at(w, home, 1) == b);
    ENSURE_EQ(num_objects(w, away_id), 1);
    ENSURE(object_at(w, away_id, 0) == a);
    ENSURE(a->cell == cell(w, away_id));
    ENSURE_EQ(a->position.objcell_id, away_id);
    acp_position back = local_position(BLOCK, 30.0f, 30.0f, 0.0f, 0.0f);
    ENSURE_EQ(acp_physobj_set_position(a, &back, ACP_PLACEMENT_SPF | ACP_SLIDE_SPF), ACP_SPE_OK);
    ENSURE_EQ(num_objects(w, away_id), 0);
    ENSURE_EQ(num_objects(w, home), 3);
    ENSURE(object_at(w, home, 0) == c && object_at(w, home, 1) == b && object_at(w, home, 2) == a);
    acp_physobj_leave_world(a);
    ENSURE(a->cell == NULL);
    ENSURE_EQ(a->position.objcell_id, 0);
    ENSURE_EQ(num_objects(w, home), 2);
    ENSURE(object_at(w, home, 0) == c && object_at(w, home, 1) == b);
    ENSURE(object_at(w, home, 2) == NULL);
    ENSURE_EQ(w->shadows.overflow, 0);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* An object's own sweep crosses from cell 0x0A (1,1) into 0x12 (2,1): a 0.5 m sphere at
 * x = 47.9, 1 m up, flies +x at 3 m/s; one 0.1 s quantum takes it to 48.2. Before, it is in
 * 0x0A's object list and shadows 0x0A then 0x12 (47.9 + 0.5 crosses x = 48); after, change_cell
 * has moved it into 0x12's list behind the object already there, out of 0x0A's, and its shadows
 * are 0x12 (the centre's cell) then 0x0A (47.7 < 48). */
static void change_cell_on_crossing(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    const uint32_t from = 0xA9B4000Au, to = 0xA9B40012u;
    acp_physobj *resting = ball(w, 2, 0, &BALL, 60.0f, 40.0f, 0.0f);
    acp_physobj *o = ball(w, 1, 0, &CENTERED, 47.9f, 40.0f, 1.0f);
    ENSURE(resting->cell == cell(w, to));
    ENSURE(o->cell == cell(w, from));
    ENSURE_EQ(o->num_shadow_objects, 2);
    ENSURE_EQ(o->shadow_objects[0].cell_id, from);
    ENSURE_EQ(o->shadow_objects[1].cell_id, to);
    ENSURE_EQ(num_objects(w, from), 1);
    acp_physobj_set_velocity(o, (acp_vec3){3.0f, 0.0f, 0.0f});
    w->frame_serial++;
    acp_physobj_update_object_internal(o, 0.1f);
    ENSURE(o->position.frame.origin.x > 48.0f);
    ENSURE(o->cell == cell(w, to));
    ENSURE_EQ(o->position.objcell_id, to);
    ENSURE_EQ(num_objects(w, from), 0);
    ENSURE_EQ(num_objects(w, to), 2);
    ENSURE(object_at(w, to, 0) == resting && object_at(w, to, 1) == o);
    ENSURE_EQ(o->num_shadow_objects, 2);
    ENSURE_EQ(o->shadow_objects[0].cell_id, to);
    ENSURE_EQ(o->shadow_objects[1].cell_id, from);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* SetPosition to a landblock that is not loaded (0xAAB4): AdjustPosition finds no cell, so the
 * object loses its cell (prepare_to_leave_visibility: its shadows go and leave_cell takes it out
 * of 0x0A's object list). */
static void lost_cell_leaves_lists(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *o = ball(w, 1, 0, &BALL, 30.0f, 30.0f, 0.0f);
    ENSURE_EQ(num_objects(w, 0xA9B4000Au), 1);
    ENSURE_EQ(num_shadows(w, 0xA9B4000Au), 1);
    acp_position lost = local_position(0xAAB40000u, 30.0f, 30.0f, 0.0f, 0.0f);
    ENSURE_EQ(acp_physobj_set_position(o, &lost, ACP_PLACEMENT_SPF | ACP_SLIDE_SPF), ACP_SPE_OK);
    ENSURE(!o->has_cell);
    ENSURE(o->cell == NULL);
    ENSURE_EQ(o->num_shadow_objects, 0);
    ENSURE_EQ(num_objects(w, 0xA9B4000Au), 0);
    ENSURE_EQ(num_shadows(w, 0xA9B4000Au), 0);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* "placement": "frame" (acp_world_place_object, row O8) enters the cell it is put in: 0x0A's
 * object list holds it. Put in a landblock that is not loaded (0xAAB4), it has no cell and
 * keeps the cell id it was given (change_cell(NULL) is not called: it would zero it). */
static void frame_placement_enters_cell(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *o = acp_world_add_object(w, 1);
    o->part_array = acp_partarray_create_spheres(o, &BALL, 1);
    acp_position p = local_position(BLOCK, 30.0f, 30.0f, 0.0f, 0.0f);
    acp_world_place_object(w, o, &p, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS, 0.0);
    ENSURE(o->cell == cell(w, 0xA9B4000Au));
    ENSURE_EQ(num_objects(w, 0xA9B4000Au), 1);
    ENSURE(object_at(w, 0xA9B4000Au, 0) == o);
    acp_physobj *off = acp_world_add_object(w, 2);
    off->part_array = acp_partarray_create_spheres(off, &BALL, 1);
    acp_position q = local_position(0xAAB40000u, 30.0f, 30.0f, 0.0f, 0.0f);
    acp_world_place_object(w, off, &q, 0, 0.0);
    ENSURE(!off->has_cell);
    ENSURE(off->cell == NULL);
    ENSURE_EQ(off->position.objcell_id, q.objcell_id);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* ---- calc_cross_cells ---- */

static acp_physobj *post_at(acp_world *w, uint32_t id, uint32_t state, float x, float y)
{
    acp_physobj *o = acp_world_add_object(w, id);
    o->state = state;
    o->part_array = acp_partarray_create_spheres(o, NULL, 0);
    o->part_array->num_cylspheres = 1;
    o->part_array->cylspheres = &POST;
    acp_position p = local_position(BLOCK, x, y, 0.0f, 0.0f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    return o;
}

static void ensure_corner_shadows(acp_world *w, const acp_physobj *o)
{
    ENSURE_EQ(o->num_shadow_objects, 4);
    for (uint32_t i = 0; i < 4 && i < o->num_shadow_objects; i++) {
        ENSURE_EQ(o->shadow_objects[i].cell_id, CORNER[i]);
        ENSURE(o->shadow_objects[i].cell == cell(w, CORNER[i]));
        ENSURE_EQ(num_shadows(w, CORNER[i]), 1);
        ENSURE(acp_shadow_list_get(&w->shadows, acp_objcell_shadow_list(w, cell(w, CORNER[i])), 0)->physobj == o);
    }
}

/* A post (one CCylSphere of radius 0.5 based at its origin) stands on the corner (24, 24):
 * calc_cross_cells puts its base point at the corner as a sphere of radius 0.5
 * (CObjCell::find_cell_list's CCylSphere overload), so it shadows the four cells in
 * add_all_outside_cells' order; calc_cross_cells_static (a cylinder: the same list) gives the
 * same four, each list holding it once. Its object list entry stays in its own cell alone. */
static void calc_cross_cells_corner(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *o = post_at(w, 1, ACP_STATIC_PS, 24.0f, 24.0f);
    acp_physobj_calc_cross_cells(o);
    ensure_corner_shadows(w, o);
    acp_physobj_calc_cross_cells_static(o);
    ensure_corner_shadows(w, o);
    uint32_t listed = 0;
    for (int i = 0; i < 4; i++) listed += num_objects(w, CORNER[i]);
    ENSURE_EQ(listed, 1);
    ENSURE(o->cell == cell(w, o->position.objcell_id));
    ENSURE_EQ(num_objects(w, o->position.objcell_id), 1);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* A sphere-only object on the corner shadows the four cells after its placement sweep; its
 * cell is the last of them that holds its sphere's centre (24, 24, 0.5) (find_cell_list's
 * curr_cell: each of the four does, on its edge), 0x09. calc_cross_cells_static (no CCylSpheres)
 * takes find_bbox_cell_list: that own cell only (the other lists empty). A HAS_PHYSICS_BSP object
 * at (24, 24.5) — its sweep lists 0x0A, then 0x02 (x − 0.5 < 24; y − 0.5 is not below 24), and
 * its cell is 0x02, the last holding (24, 24.5) — gets one shadow there from SetPositionInternal
 * (calc_cross_cells → find_bbox_cell_list: no buildings add cells) instead of the sweep's two. */
static void bbox_cells_are_the_own_cell(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *o = ball(w, 1, 0, &BALL, 24.0f, 24.0f, 0.0f);
    ensure_corner_shadows(w, o);
    ENSURE(o->cell == cell(w, CORNER[3]));
    acp_physobj_calc_cross_cells_static(o);
    ENSURE_EQ(o->num_shadow_objects, 1);
    ENSURE_EQ(o->shadow_objects[0].cell_id, CORNER[3]);
    ENSURE_EQ(num_shadows(w, CORNER[3]), 1);
    for (int i = 0; i < 3; i++) ENSURE_EQ(num_shadows(w, CORNER[i]), 0);
    acp_physobj *bsp = ball(w, 2, ACP_HAS_PHYSICS_BSP_PS, &BALL, 24.0f, 24.5f, 0.0f);
    ENSURE(bsp->cell == cell(w, CORNER[1]));
    ENSURE_EQ(bsp->num_shadow_objects, 1);
    ENSURE_EQ(bsp->shadow_objects[0].cell_id, CORNER[1]);
    ENSURE_EQ(num_shadows(w, CORNER[1]), 1);
    ENSURE_EQ(num_shadows(w, CORNER[0]), 0);
    acp_cell_array none;
    acp_cell_array_init(&none);
    acp_physobj_find_bbox_cell_list(bsp, &none);
    ENSURE_EQ(none.num_cells, 1);
    ENSURE_EQ(none.cells[0].cell_id, CORNER[1]);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* ---- the shadow lists' swap ---- */

/* Re-shadowing the cells an object already shadows (acp_physobj_replace_shadows' swap) leaves
 * each list as remove_shadows_from_cells then add_shadows_to_cells do: A, B, C shadow 0x0A in
 * turn ([A, B, C]); A again: remove moves C into A's place, the append puts A last, [C, B, A];
 * then C (now first): [A, B, C]; then C (last): unchanged. */
static void reshadow_swaps_with_last(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *a = ball(w, 1, 0, &BALL, 30.0f, 30.0f, 0.0f);
    acp_physobj *b = ball(w, 2, 0, &BALL, 33.0f, 30.0f, 0.0f);
    acp_physobj *c = ball(w, 3, 0, &BALL, 36.0f, 30.0f, 0.0f);
    const acp_shadow_list *l = acp_objcell_shadow_list(w, cell(w, 0xA9B4000Au));
#define AT(i) (acp_shadow_list_get(&w->shadows, l, (i))->physobj)
    ENSURE(AT(0) == a && AT(1) == b && AT(2) == c);
    acp_cell_array same;
    acp_cell_array_init(&same);
    acp_cell_array_add(&same, 0xA9B4000Au, cell(w, 0xA9B4000Au));
    acp_physobj_replace_shadows(a, &same);
    ENSURE_EQ(l->num, 3);
    ENSURE(AT(0) == c && AT(1) == b && AT(2) == a);
    acp_physobj_replace_shadows(c, &same);
    ENSURE(AT(0) == a && AT(1) == b && AT(2) == c);
    acp_physobj_replace_shadows(c, &same);
    ENSURE(AT(0) == a && AT(1) == b && AT(2) == c);
    for (uint32_t i = 0; i < 3; i++) ENSURE_EQ(acp_shadow_list_get(&w->shadows, l, i)->index, i);
#undef AT
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* ---- report_collision_start ---- */

/* A (REPORT_COLLISIONS) touches B (id 5) and then C (id 8): each begin is reported once, in that
 * order. A frame later, report_collision_start walks the collision table in the LongNIValHash's
 * order — bucket (id ^ id >> 8) & 3 ascending: C's 0 before B's 1 — and reports a collision with
 * each again: [8, 5]. B and C do not report collisions, so only A has reports; the table keeps
 * both records. */
static void collision_start_in_table_order(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *a = ball(w, 1, ACP_REPORT_COLLISIONS_PS, &BALL, 10.0f, 10.0f, 0.0f);
    acp_physobj *b = ball(w, 5, 0, &BALL, 20.0f, 10.0f, 0.0f);
    acp_physobj *c = ball(w, 8, 0, &BALL, 30.0f, 10.0f, 0.0f);
    w->frame_serial++;
    ENSURE(acp_physobj_track_object_collision(a, b, false));
    ENSURE(acp_physobj_track_object_collision(a, c, false));
    ENSURE(!acp_physobj_track_object_collision(a, b, false)); /* already in the table */
    ENSURE_EQ(acp_physobj_num_collisions(a), 2);
    ENSURE_EQ(a->reports.begin[0], 5);
    ENSURE_EQ(a->reports.begin[1], 8);
    w->frame_serial++;
    acp_physobj_report_collision_start(a);
    ENSURE_EQ(acp_physobj_num_collisions(a), 2);
    ENSURE_EQ(a->reports.begin[0], 8);
    ENSURE_EQ(a->reports.begin[1], 5);
    ENSURE_EQ(acp_physobj_num_collisions(b), 0);
    ENSURE_EQ(acp_physobj_num_collisions(c), 0);
    ENSURE_EQ(a->collision_table.num, 2);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* docs/SHORTCUTS.md S28: report_collision_start and report_collision_end (force) visit the
 * collision table in the LongNIValHash's order: bucket (id ^ id >> 8) & 3 ascending, and within
 * a bucket the newest record (largest serial) first; among equal serials (only a restored
 * snapshot can make them) the first in the array (next_record keeps its first pick unless a
 * later one is strictly newer). 400 tables of 1..16 records (the table's whole capacity), ids
 * from 40 objects (every bucket), half with serials ascending as the table makes them, half with
 * serials in any order, repeats included (as a snapshot may restore them), each checked against
 * that rule computed here: the order itself, and for tables of up to 8 records (the reports hold
 * 8) the begin reports and then the end reports. */
static void table_order_is_the_hash_order(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 64);
    acp_terrain_attach(w, t);
    acp_physobj *a = ball(w, 1000, ACP_REPORT_COLLISIONS_PS, &BALL, 10.0f, 10.0f, 0.0f);
    for (uint32_t id = 1; id <= 40; id++) ball(w, id, 0, &BALL, 20.0f + (float)id, 10.0f, 0.0f);
    uint64_t seed = 0x5EEDu;
    for (int trial = 0; trial < 400; trial++) {
        acp_collision_table *tab = &a->collision_table;
        const uint32_t n = 1u + (uint32_t)(rnd(&seed) % ACP_MAX_COLLISION_RECORDS);
        const bool ascending = trial % 2 == 0;
        uint32_t serial = (uint32_t)(rnd(&seed) % 100u);
        tab->num = n;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t id;
            bool fresh;
            do { /* distinct ids */
                id = 1u + (uint32_t)(rnd(&seed) % 40u);
                fresh = true;
                for (uint32_t j = 0; j < i; j++) fresh &= tab->records[j].id != id;
            } while (!fresh);
            serial = ascending ? serial + 1u + (uint32_t)(rnd(&seed) % 3u)
                               : (uint32_t)(rnd(&seed) % 6u);
            tab->records[i] = (acp_collision_record){id, serial, w->physics_time, false};
        }
        tab->next_serial = 1000u;
        /* The rule: repeatedly the unvisited record of the lowest bucket, newest first, the
         * earliest in the array among equals. */
        uint32_t expect[ACP_MAX_COLLISION_RECORDS];
        bool used[ACP_MAX_COLLISION_RECORDS] = {false};
        for (uint32_t k = 0; k < n; k++) {
            int best = -1;
            for (uint32_t i = 0; i < n; i++) {
                if (used[i]) continue;
                const uint32_t bi = (tab->records[i].id ^ (tab->records[i].id >> 8)) & 3u;
                if (best < 0) { best = (int)i; continue; }
                const uint32_t bb = (tab->records[best].id ^ (tab->records[best].id >> 8)) & 3u;
                if (bi < bb || (bi == bb && tab->records[i].serial > tab->records[best].serial)) best = (int)i;
            }
            used[best] = true;
            expect[k] = tab->records[best].id;
        }
        uint8_t order[ACP_MAX_COLLISION_RECORDS] = {0};
        const uint32_t got = acp_collision_table_order(tab, order);
        ENSURE_EQ(got, n);
        for (uint32_t k = 0; k < got && k < n; k++) ENSURE_EQ(tab->records[order[k]].id, expect[k]);
        if (n > ACP_MAX_COLLISION_REPORTS) continue;
        w->frame_serial++;
        acp_physobj_report_collision_start(a);
        ENSURE_EQ(acp_physobj_num_collisions(a), n);
        for (uint32_t k = 0; k < n; k++) ENSURE_EQ(a->reports.begin[k], expect[k]);
        w->frame_serial++;
        acp_physobj_report_collision_end(a, true);
        ENSURE_EQ(acp_physobj_num_collision_ends(a), n);
        for (uint32_t k = 0; k < n; k++) ENSURE_EQ(a->reports.end[k], expect[k]);
        ENSURE_EQ(tab->num, 0u);
    }
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* ---- set_hidden / set_state ---- */

/* The server's SetState hiding and showing an object (CPhysicsObj::set_state 0x00514DD0 →
 * set_hidden 0x00514C60). A (REPORT_COLLISIONS) has records of B (id 5, REPORT_COLLISIONS) and
 * C (id 8). set_state with HIDDEN added: report_collision_end(force) ends both records in the
 * table's order (bucket (id ^ id >> 8) & 3: C's 0, B's 1): A is told of [8, 5] while it still
 * reports collisions, B (which reports) of [1]; then REPORT_COLLISIONS is cleared and
 * IGNORE_COLLISIONS set; the table is empty. Hidden, A touches C: the record is made, nobody is
 * told (A no longer reports, C never did). set_state without HIDDEN (REPORT_COLLISIONS still
 * clear): IGNORE_COLLISIONS cleared, REPORT_COLLISIONS set, and report_collision_start tells A of
 * its one record, [8]. Showing an object that reports collisions starts none; a set_state that
 * leaves HIDDEN alone calls nothing (the bits are stored as given). */
static void set_state_hides_and_shows(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *a = ball(w, 1, ACP_REPORT_COLLISIONS_PS, &BALL, 10.0f, 10.0f, 0.0f);
    acp_physobj *b = ball(w, 5, ACP_REPORT_COLLISIONS_PS, &BALL, 20.0f, 10.0f, 0.0f);
    acp_physobj *c = ball(w, 8, 0, &BALL, 30.0f, 10.0f, 0.0f);
    w->frame_serial++;
    ENSURE(acp_physobj_track_object_collision(a, b, false));
    ENSURE(acp_physobj_track_object_collision(a, c, false));
    ENSURE_EQ(a->collision_table.num, 2);
    w->frame_serial++;
    const uint32_t shown = a->state;
    ENSURE(acp_physobj_set_state(a, shown | ACP_HIDDEN_PS));
    ENSURE_EQ(a->state, (shown | ACP_HIDDEN_PS | ACP_IGNORE_COLLISIONS_PS) & ~(uint32_t)ACP_REPORT_COLLISIONS_PS);
    ENSURE_EQ(a->collision_table.num, 0);
    ENSURE_EQ(acp_physobj_num_collision_ends(a), 2);
    ENSURE_EQ(a->reports.end[0], 8);
    ENSURE_EQ(a->reports.end[1], 5);
    ENSURE_EQ(acp_physobj_num_collision_ends(b), 1);
    ENSURE_EQ(b->reports.end[0], 1);
    ENSURE_EQ(acp_physobj_num_collision_ends(c), 0);
    ENSURE_EQ(acp_physobj_num_collisions(a), 0);
    w->frame_serial++;
    ENSURE(!acp_physobj_track_object_collision(a, c, false));
    ENSURE_EQ(a->collision_table.num, 1);
    ENSURE_EQ(acp_physobj_num_collisions(a), 0);
    w->frame_serial++;
    const uint32_t hidden = a->state;
    ENSURE(acp_physobj_set_state(a, hidden & ~(uint32_t)ACP_HIDDEN_PS));
    ENSURE_EQ(a->state, (hidden & ~(uint32_t)(ACP_HIDDEN_PS | ACP_IGNORE_COLLISIONS_PS)) | ACP_REPORT_COLLISIONS_PS);
    ENSURE_EQ(acp_physobj_num_collisions(a), 1);
    ENSURE_EQ(a->reports.begin[0], 8);
    ENSURE_EQ(acp_physobj_num_collision_ends(a), 0);
    ENSURE_EQ(a->collision_table.num, 1);
    /* Hidden again and shown with REPORT_COLLISIONS in the new bits: no start. */
    w->frame_serial++;
    ENSURE(acp_physobj_set_state(a, a->state | ACP_HIDDEN_PS));
    ENSURE(!(a->state & ACP_REPORT_COLLISIONS_PS));
    ENSURE(acp_physobj_track_object_collision(a, c, false) == false);
    w->frame_serial++;
    ENSURE(acp_physobj_set_state(a, (a->state & ~(uint32_t)ACP_HIDDEN_PS) | ACP_REPORT_COLLISIONS_PS));
    ENSURE_EQ(acp_physobj_num_collisions(a), 0);
    ENSURE(a->state & ACP_IGNORE_COLLISIONS_PS ? false : true);
    /* Bits other than HIDDEN are stored as given. */
    w->frame_serial++;
    ENSURE(acp_physobj_set_state(a, ACP_NODRAW_PS | ACP_GRAVITY_PS));
    ENSURE_EQ(a->state, ACP_NODRAW_PS | ACP_GRAVITY_PS);
    ENSURE_EQ(acp_physobj_num_collisions(a), 0);
    ENSURE_EQ(acp_physobj_num_collision_ends(a), 0);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* ---- the shadow walk's grid (docs/SHORTCUTS.md S18) against retail's walk as written ---- */

#define GRID_OBJECTS 220

static const acp_sphere GRID_TWO[2] = {{{0.0f, 0.0f, 0.5f}, 0.5f}, {{0.0f, 0.0f, 1.4f}, 0.4f}};
static const acp_sphere GRID_ONE[3] = {{{0.0f, 0.0f, 0.5f}, 0.5f}, {{0.0f, 0.0f, 0.3f}, 0.3f}, {{0.4f, 0.0f, 1.0f}, 1.5f}};

/* A place in the crowd: x 186-198 across the landblock edge x = 192 (entries of 0xAAB4 in
 * 0xA9B4's lists and back), y 22.5-31 over the cell edge y = 24; now and then a place far off (a
 * move out of the crowd's cells). */
static acp_position grid_place_at(uint64_t *s)
{
    float x = rnd_in(s, 186.0f, 198.0f), y = rnd_in(s, 22.5f, 31.0f);
    if (rnd(s) % 16 == 0) {
        x = rnd_in(s, 40.0f, 150.0f);
        y = rnd_in(s, 40.0f, 150.0f);
    }
    uint32_t block = BLOCK;
    if (x >= 192.0f) {
        x -= 192.0f;
        block = 0xAAB40000u;
    }
    /* now and then off the ground (S26's capsule: sweeps above, below and beside its axis) */
    const float z = rnd(s) % 4 == 0 ? rnd_in(s, 0.0f, 2.5f) : 0.0f;
    return local_position(block, x, y, z, rnd_in(s, 0.0f, 360.0f));
}

/* docs/SHORTCUTS.md S26: o's frame tilted by up to 0.4 rad about a horizontal axis (no longer
 * upright: its copy goes back to the sphere about its origin) or, with tilt 0, turned about z
 * alone (upright again). */
static void grid_tilt(acp_physobj *o, float tilt, float turn)
{
    acp_frame f = o->position.frame;
    acp_frame_set_heading(&f, turn);
    if (tilt != 0.0f) acp_frame_rotate(&f, (acp_vec3){tilt, 0.5f * tilt, 0.0f});
    acp_physobj_set_frame(o, &f);
}

/* balls_only: every object a ball centred on its origin (CENTERED), whose reach is its radius:
 * the bound is tight, so a grid square range one square short skips balls that touch. */
static void grid_world(acp_world *w, uint64_t seed, acp_physobj **objs, bool balls_only)
{
    uint64_t s = seed;
    for (uint32_t i = 0; i < GRID_OBJECTS; i++) {
        acp_physobj *o = objs[i] = acp_world_add_object(w, 500 + i);
        const uint32_t kind = balls_only ? 8u : (uint32_t)(rnd(&s) % 8);
        o->state = kind == 7 ? ACP_ETHEREAL_PS | ACP_REPORT_COLLISIONS_PS : ACP_REPORT_COLLISIONS_PS;
        if (kind < 4) {
            o->part_array = acp_partarray_create_spheres(o, GRID_TWO, 2);
        } else if (kind < 6) {
            o->part_array = acp_partarray_create_spheres(o, &GRID_ONE[kind - 4], 1);
        } else if (kind == 8) {
            o->part_array = acp_partarray_create_spheres(o, &CENTERED, 1);
        } else {
            o->part_array = acp_partarray_create_spheres(o, kind == 6 ? &GRID_ONE[2] : &GRID_ONE[0], 1);
            if (rnd(&s) & 1) {
                o->part_array->num_cylspheres = 1; /* a post: in no square */
                o->part_array->cylspheres = &POST;
            }
        }
        acp_position p = grid_place_at(&s);
        acp_world_enter_object(w, o, &p, 0.0);
        acp_physobj_set_velocity(o, (acp_vec3){rnd_in(&s, -6.0f, 6.0f), rnd_in(&s, -6.0f, 6.0f), 0.0f});
    }
}

/* Leave, enter, teleport (in the corner or far off), a new velocity, a scale, parenting. */
static void grid_change(uint64_t *s, acp_world *w, acp_physobj **objs)
{
    for (uint32_t m = (uint32_t)(rnd(s) % 8); m > 0; m--) {
        acp_physobj *o = objs[rnd(s) % GRID_OBJECTS];
        const uint32_t op = (uint32_t)(rnd(s) % 8);
        acp_position p = grid_place_at(s);
        const float a = rnd_in(s, -6.0f, 6.0f), b = rnd_in(s, -6.0f, 6.0f);
        if (op == 0 && o->has_cell) acp_physobj_leave_world(o);
        if (op == 1 && !o->has_cell) acp_world_enter_object(w, o, &p, 0.0);
        if (op == 2 && o->has_cell) acp_physobj_set_position(o, &p, ACP_PLACEMENT_SPF | ACP_SLIDE_SPF);
        if (op == 3) acp_physobj_set_velocity(o, (acp_vec3){a, b, 0.0f});
        if (op == 4) acp_physobj_set_scale(o, 0.5f + (a + 6.0f) / 6.0f, 0.0);
        if (op == 5) {
            o->has_parent = !o->has_parent;
            acp_objcell_refresh_shadow_reach(o);
        }
        if (op == 6 && o->has_cell) grid_tilt(o, a / 15.0f, 30.0f * b);
        if (op == 7 && o->has_cell) grid_tilt(o, 0.0f, 30.0f * b);
    }
}

/* Every shadow list of the corner's cells holds the same objects in the same order in both worlds. */
static bool grid_same_lists(acp_world *a, acp_world *b)
{
    for (uint32_t l = 0; l < a->shadows.num_lists && l < b->shadows.num_lists; l++) {
        const acp_shadow_list *la = &a->shadows.lists[l], *lb = &b->shadows.lists[l];
        if (la->num != lb->num) return false;
        for (uint32_t i = 0; i < la->num; i++)
            if (acp_shadow_list_get(&a->shadows, la, i)->physobj->id != acp_shadow_list_get(&b->shadows, lb, i)->physobj->id)
                return false;
    }
    return true;
}

/* 220 objects (two-sphere runners, balls, big balls, posts, ethereal ones) in a 12 × 8.5 m
 * patch across a landblock edge and over a cell edge, running into each other at up to 8 m/s:
 * lists of 70-85 entries (5-6 blocks), shadows spread over many 1 m squares and some in none (posts),
 * entries of both landblocks, objects leaving and entering the lists every step (the list's
 * last entry filling each hole), teleports (a quarter of them up to 2.5 m off the ground),
 * scales, parenting, tilts and turns back upright (S26: a tilted object's bound is the sphere
 * about its origin, an upright one's the capsule about its axis, GRID_ONE's offset sphere
 * 0.4 m from it). One world walks with the grid (S18) and the reach bounds, one as retail's walk is written (shadow_walk_plain): every
 * object's position, velocity, cell, transient state and collision records, and every list's
 * order, are the same bit for bit after every step, and the objects do meet each other. Seeds 5
 * and 6 fill the patch with centred balls only (a grid range one square short fails them). */
static void grid_walk_matches_plain_walk(void)
{
    for (uint32_t seed = 1; seed <= 6; seed++) {
        acp_terrain *t = acp_terrain_create(4);
        acp_region region;
        memset(&region, 0, sizeof region);
        const uint32_t ids[2] = {0xA9B4FFFFu, 0xAAB4FFFFu};
        for (int i = 0; i < 2; i++) {
            acp_landblock rec;
            memset(&rec, 0, sizeof rec);
            rec.id = ids[i];
            acp_terrain_add_landblock(t, &rec, &region);
        }
        acp_world *wa = acp_world_create(ACP_PROFILE_RETAIL, GRID_OBJECTS + 4);
        acp_world *wb = acp_world_create(ACP_PROFILE_RETAIL, GRID_OBJECTS + 4);
        acp_terrain_attach(wa, t);
        acp_terrain_attach(wb, t);
        wb->shadow_walk_plain = true;
        static acp_physobj *oa[GRID_OBJECTS], *ob[GRID_OBJECTS];
        const uint64_t start = 0xD1B54A32D192ED03ull * seed + 7;
        grid_world(wa, start, oa, seed > 4);
        grid_world(wb, start, ob, seed > 4);
        uint64_t sa = start ^ 0x5555u, sb = sa;
        uint32_t longest = 0, met = 0;
        bool same = true;
        for (int step = 0; step < 60 && same; step++) {
            grid_change(&sa, wa, oa);
            grid_change(&sb, wb, ob);
            for (uint32_t i = 0; i < GRID_OBJECTS; i++) {
                if (oa[i]->has_cell) acp_physobj_update_object_internal(oa[i], (float)(1.0 / 30.0));
                if (ob[i]->has_cell) acp_physobj_update_object_internal(ob[i], (float)(1.0 / 30.0));
            }
            for (uint32_t i = 0; i < GRID_OBJECTS && same; i++)
                same = !memcmp(&oa[i]->position, &ob[i]->position, sizeof oa[i]->position) &&
                       !memcmp(&oa[i]->velocity, &ob[i]->velocity, sizeof oa[i]->velocity) &&
                       oa[i]->collision_table.num == ob[i]->collision_table.num && oa[i]->has_cell == ob[i]->has_cell &&
                       oa[i]->transient_state == ob[i]->transient_state;
            same = same && grid_same_lists(wa, wb);
            ENSURE_EQ(acp_objcell_stale_shadow_reach(wa), 0u);
            for (uint32_t l = 0; l < wa->shadows.num_lists; l++)
                if (wa->shadows.lists[l].num > longest) longest = wa->shadows.lists[l].num;
            for (uint32_t i = 0; i < GRID_OBJECTS; i++) met += oa[i]->collision_table.num;
            if (!same) printf("  seed %u, step %d: the walks differ\n", seed, step);
        }
        ENSURE(same);
        if (longest < (seed > 4 ? 40u : 70u)) printf("  seed %u: longest list %u\n", seed, longest);
        ENSURE(longest >= (seed > 4 ? 40u : 70u));
        ENSURE(met > 0);
        acp_world_destroy(wa);
        acp_world_destroy(wb);
        acp_terrain_destroy(t);
    }
}

/* The shadow pool's slot sets given back and taken again (object hand-off, issue 38) in a pool
 * that also grew while its world ran (objects added to a running run): a set given back is the
 * next one taken (a stack), a reserve's sets are handed out one object at a time and never reused
 * whole as a wide object's, a wide set given back is reused for a wide object no larger. */
static void shadow_pool_gives_back_and_grows(void)
{
    acp_shadow_pool pool;
    ENSURE(acp_shadow_pool_init(&pool, 4, 2));
    acp_shadow_obj *a = acp_shadow_pool_take_object(&pool), *b = acp_shadow_pool_take_object(&pool);
    ENSURE(a && b && a != b);
    ENSURE(acp_shadow_pool_take_object(&pool) == NULL); /* full: counted */
    ENSURE_EQ(pool.overflow, 1);
    ENSURE(acp_shadow_pool_reserve_objects(&pool, 3));
    acp_shadow_obj *r[3];
    for (int i = 0; i < 3; i++) r[i] = acp_shadow_pool_take_object(&pool);
    ENSURE(r[0] && r[1] == r[0] + ACP_MAX_SHADOW_CELLS && r[2] == r[1] + ACP_MAX_SHADOW_CELLS);
    ENSURE_EQ(pool.spare_owed, 0);
    ENSURE_EQ(pool.spare_left, 3); /* the chunk holds twice what was owed */
    ENSURE(acp_shadow_pool_reserve_objects(&pool, 3)); /* room left: no new chunk */
    ENSURE_EQ(pool.spare_left, 3);
    for (int i = 0; i < 3; i++) ENSURE(acp_shadow_pool_take_object(&pool) == r[2] + (i + 1) * ACP_MAX_SHADOW_CELLS);
    ENSURE(acp_shadow_pool_take_object(&pool) == NULL);
    acp_shadow_pool_give_back(&pool, r[0]); /* the reserve's first set: its start */
    acp_shadow_pool_give_back(&pool, a);
    acp_shadow_obj *w = acp_shadow_pool_take_wide(&pool, 20);
    ENSURE(w && w != r[0]); /* the reserve is never a wide object's */
    ENSURE(acp_shadow_pool_take_object(&pool) == a);
    ENSURE(acp_shadow_pool_take_object(&pool) == r[0]);
    ENSURE(acp_shadow_pool_take_object(&pool) == NULL);
    /* growing one object at a time allocates a chunk only when the last is used up (doubling) */
    uint32_t chunks = 0, before = pool.num_blocks;
    for (int i = 0; i < 1000; i++) {
        ENSURE(acp_shadow_pool_reserve_objects(&pool, 1));
        if (pool.num_blocks != before) chunks++, before = pool.num_blocks;
        ENSURE(acp_shadow_pool_take_object(&pool) != NULL);
    }
    ENSURE(chunks <= 16); /* the pool grows by half each time: not one chunk every other object */
    acp_shadow_pool_give_back(&pool, w);
    ENSURE(acp_shadow_pool_take_wide(&pool, 19) == w);
    ENSURE(acp_shadow_pool_take_wide(&pool, 19) != w);
    acp_shadow_pool_give_back(&pool, b); /* the last of object_shadows taken: as if never taken */
    ENSURE_EQ(pool.num_free_objects, 0);
    ENSURE(acp_shadow_pool_take_object(&pool) == b);
    acp_shadow_pool_free(&pool);
}

void suite_objcells(void)
{
    RUN(object_list_follows_moves);
    RUN(change_cell_on_crossing);
    RUN(lost_cell_leaves_lists);
    RUN(frame_placement_enters_cell);
    RUN(calc_cross_cells_corner);
    RUN(bbox_cells_are_the_own_cell);
    RUN(reshadow_swaps_with_last);
    RUN(collision_start_in_table_order);
    RUN(table_order_is_the_hash_order);
    RUN(set_state_hides_and_shows);
    RUN(grid_walk_matches_plain_walk);
    RUN(shadow_pool_gives_back_and_grows);
}
