/* acphys — the quantum inspector's record of one object's collision sweeps (issue 36).
 *
 * Not retail: a debugger's view of CTransition::find_transitional_position (0x0050BDF0) and
 * CTransition::transitional_insert (0x0050B6F0) as they run, for one object during one frame.
 *
 * CONVENTIONS
 *   Off unless asked: a world's `inspect` is NULL, and every hook in the sweep is one pointer
 *   test (transition.c: `if (t->inspect)`), in the step loop and in the rare branches (step up,
 *   step down, edge slide, the collide landing, placement). The host (src/scenario/run.c) points
 *   world->inspect at a record for one frame, re-running that frame from the recorded run.
 *   The record is fixed-size (ACP_INSPECT_MAX_SWEEPS, ACP_INSPECT_MAX_STEPS); what does not fit
 *   is counted (sweeps_dropped, steps_dropped), never allocated: the hooks allocate nothing.
 *   Positions are cell-relative as acp_position; spheres in check_pos's landblock frame; planes
 *   n·p + d = 0 in their cell's landblock frame (transition.h).
 */
#ifndef ACP_INSPECT_H
#define ACP_INSPECT_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/world/transition.h"

#define ACP_INSPECT_MAX_SWEEPS 64
#define ACP_INSPECT_MAX_STEPS 1024

/** The branches one step's transitional insert took (bits of acp_inspect_step.branches). */
enum acp_inspect_branch {
    ACP_INSPECT_STEP_UP = 0x1,          /* CTransition::step_up was tried ... */
    ACP_INSPECT_STEP_UP_OK = 0x2,       /* ... and stood the sphere on the step */
    ACP_INSPECT_STEP_DOWN = 0x4,        /* contact lost: CTransition::step_down probed ... */
    ACP_INSPECT_STEP_DOWN_OK = 0x8,     /* ... and found walkable ground */
    ACP_INSPECT_EDGE_SLIDE = 0x10,      /* CTransition::edge_slide */
    ACP_INSPECT_COLLIDE_LANDING = 0x20, /* the collide flag's landing (transitional_insert) */
    ACP_INSPECT_PLACEMENT = 0x40,       /* a placement-type insert (not TRANSITION_INSERT) */
    ACP_INSPECT_NEG_POLY = 0x80,        /* a BSP's negative-polygon hit answered */
    ACP_INSPECT_LOST_CONTACT = 0x100,   /* contact lost: the downward probes */
    ACP_INSPECT_COLLIDED = 0x200,       /* an attempt of the insert came back COLLIDED ... */
    ACP_INSPECT_ADJUSTED = 0x400,       /* ... ADJUSTED (moved out of what it met, tried again) ... */
    ACP_INSPECT_SLID = 0x800            /* ... or SLID (slid along it, tried again) */
};

/** The bit of acp_inspect_branch an attempt's state sets (0 for OK and INVALID). */
static inline uint32_t acp_inspect_state_bit(acp_transition_state ts)
{
    return ts == ACP_TS_COLLIDED ? ACP_INSPECT_COLLIDED
           : ts == ACP_TS_ADJUSTED ? ACP_INSPECT_ADJUSTED
           : ts == ACP_TS_SLID     ? ACP_INSPECT_SLID
                                   : 0u;
}

/** One step of a sweep: where it checked, what it met, what it kept. */
typedef struct acp_inspect_step {
    uint32_t sweep;                     /* index into acp_inspect.sweeps */
    uint32_t index;                     /* 0-based step of its sweep */
    acp_position check_pos;             /* after the step's offset, before the insert */
    acp_vec3 global_offset;             /* the step's offset after adjust_offset, metres */
    uint32_t num_sphere;
    acp_sphere sphere[ACP_MAX_TRANSITION_SPHERES]; /* global spheres at check_pos */
    uint32_t num_cells;
    uint32_t cells[ACP_MAX_TRANSITION_CELLS];  /* the cell array after the insert */
    int insert_ts;                      /* transitional_insert's acp_transition_state */
    int ts;                             /* after validate_transition (or the placement's) */
    uint32_t branches;                  /* acp_inspect_branch bits */
    uint32_t num_objects;               /* collide_object after the insert (the sweep's list) */
    uint32_t objects[ACP_MAX_COLLIDE_OBJECTS]; /* their ids, in the order met */
    bool contact_plane_valid;
    acp_plane contact_plane;
    uint32_t contact_plane_cell_id;
    bool collision_normal_valid;
    acp_vec3 collision_normal;
    bool sliding_normal_valid;
    acp_vec3 sliding_normal;
    bool terrain_poly_valid;            /* the last terrain triangle find_env_collisions used */
    uint32_t terrain_poly_cell_id;
    acp_vec3 terrain_poly[3];           /* its vertices, landblock frame of terrain_poly_cell_id */
    bool walkable_valid;                /* a BSP's walkable polygon (SPHEREPATH::walkable) */
    uint32_t walkable_poly_id;
    acp_plane walkable_plane;           /* in its shape's axes */
    bool neg_poly_hit;
    acp_vec3 neg_collision_normal;
    acp_position curr_pos;              /* after the step */
} acp_inspect_step;

/** One sweep (one quantum's CPhysicsObj::transition). */
typedef struct acp_inspect_sweep {
    acp_position begin_pos, end_pos;
    int insert_type;                    /* acp_insert_type */
    bool calc_ok;                       /* calc_num_steps' answer */
    uint32_t num_steps;                 /* calc_num_steps: steps planned */
    acp_vec3 offset, offset_per_step;   /* calc_num_steps: metres, world axes */
    uint32_t first_step, steps;         /* its steps in acp_inspect.steps */
    uint32_t branches;                  /* branches taken outside any step (placement) */
    bool done;                          /* the sweep returned */
    bool result;                        /* find_valid_position's answer */
    acp_position curr_pos;              /* the final curr_pos */
    uint32_t curr_cell_id;
} acp_inspect_sweep;

/** The record of one object's sweeps in one frame. */
typedef struct acp_inspect {
    const acp_physobj *object;          /* the object inspected */
    uint32_t num_sweeps, sweeps_dropped;
    uint32_t num_steps, steps_dropped;
    acp_inspect_sweep *cur_sweep;       /* the sweep under way, or NULL */
    acp_inspect_step *cur_step;         /* the step under way, or NULL */
    acp_inspect_sweep sweeps[ACP_INSPECT_MAX_SWEEPS];
    acp_inspect_step steps[ACP_INSPECT_MAX_STEPS];
} acp_inspect;

/** Point w->inspect at `in` (NULL: stop recording), keeping w->sweep_detour. */
void acp_inspect_attach(struct acp_world *w, acp_inspect *in);

/** Empty the record and point it at `object`. */
void acp_inspect_reset(acp_inspect *in, const acp_physobj *object);

/* The hooks (transition.c calls them only when t->inspect is set). */
void acp_inspect_sweep_begin(acp_transition *t);
void acp_inspect_calc(acp_transition *t, bool ok, acp_vec3 offset, acp_vec3 per_step, uint32_t num_steps);
void acp_inspect_step_begin(acp_transition *t, uint32_t index);
void acp_inspect_step_end(acp_transition *t, acp_transition_state insert_ts, acp_transition_state ts);
void acp_inspect_mark(acp_transition *t, uint32_t branch);
void acp_inspect_sweep_end(acp_transition *t, bool result);

#endif
