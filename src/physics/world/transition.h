/* acphys — retail CTransition: the collision sweep that moves an object's spheres from its
 * current position to the candidate of this quantum, and its parts SPHEREPATH, COLLISIONINFO,
 * OBJECTINFO and CELLARRAY (one module per retail class: transition.c, spherepath.c,
 * collisioninfo.c, objectinfo.c, objcell.c; this header holds their shared structs).
 *
 * CONVENTIONS
 *   Positions are cell-relative (acp_position: origin in metres relative to the landblock's
 *   south-west corner). "Global" spheres and points are in the landblock frame of the position
 *   they belong to (global_sphere: check_pos's landblock; global_curr_center: curr_pos's), as
 *   retail keeps them; LandDefs::get_block_offset moves between landblocks. Vectors are world
 *   axes, metres. Planes are n·p + d = 0 in the landblock frame of their cell.
 *   A transition is a slot of the world's pool of ten (retail's static transit[10]:
 *   CTransition::makeTransition, init, cleanupTransition; docs/DEVIATIONS.md T14), which keeps
 *   between sweeps what retail's init keeps; nothing here allocates. A sweep's cell array holds
 *   ACP_MAX_TRANSITION_CELLS; the cell lists objects shadow, the world's array sized from the
 *   objects it holds (acp_world_fit_shadow_cells; docs/DEVIATIONS.md T3).
 *   Arithmetic follows retail (frame.h): double evaluation, float stores, retail operand order.
 *   A world without terrain (world->terrain == NULL) is a fixture, not retail: the sweep
 *   succeeds at the requested position and the contact state the object had is carried over
 *   unchanged (docs/DEVIATIONS.md).
 *   Indoor cells (EnvCell BSP) and the camera (IS_VIEWER) are out of scope: the branches that
 *   only they reach are noted where they are left out. Objects collide through the cells'
 *   shadow lists (cell/objcell.h) and their shapes (shapes/sphere.h, shapes/cylsphere.h).
 */
#ifndef ACP_TRANSITION_H
#define ACP_TRANSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "physics/object/physobj.h"
#include "physics/geometry/position.h"

struct acp_terrain;
struct acp_landcell;
struct acp_world;

#define ACP_MAX_TRANSITION_SPHERES 2     /* retail SPHEREPATH holds at most two spheres */
/** Cells one sweep step can touch outdoors: a sphere adds its cell and at most the 8 around it
 *  (only a sphere wider than 12 m reaches both sides), two spheres at most 18. */
#define ACP_MAX_TRANSITION_CELLS 18
/** Most sub-steps a transition takes (retail: up to 2³²−1, the count's 32 bits). More fail the
 *  transition (docs/DEVIATIONS.md T1). */
#define ACP_MAX_TRANSITION_STEPS 10000
/** Slots of the transition pool (retail's static transit[10], CTransition::makeTransition). */
#define ACP_TRANSITION_POOL 10
/** Most rings CTransition::find_placement_pos searches (retail: ceil(4 m / radius), unbounded
 *  for tiny spheres). More fail the placement (docs/DEVIATIONS.md). */
#define ACP_MAX_PLACEMENT_RINGS 100
/** Objects one sweep's COLLISIONINFO lists (retail: a DArray growing by 10). More are dropped and
 *  counted (docs/DEVIATIONS.md row O1). */
#define ACP_MAX_COLLIDE_OBJECTS 16

/** Retail TransitionState. */
typedef enum acp_transition_state {
    ACP_TS_INVALID = 0,
    ACP_TS_OK = 1,
    ACP_TS_COLLIDED = 2,
    ACP_TS_ADJUSTED = 3,
    ACP_TS_SLID = 4
} acp_transition_state;

/** Retail SPHEREPATH::InsertType. */
typedef enum acp_insert_type {
    ACP_TRANSITION_INSERT = 0,
    ACP_PLACEMENT_INSERT = 1,
    ACP_INITIAL_PLACEMENT_INSERT = 2
} acp_insert_type;

/** Retail ObjectInfoEnum (OBJECTINFO::state bits). */
enum acp_object_info_state {
    ACP_CONTACT_OI = 0x1,
    ACP_ON_WALKABLE_OI = 0x2,
    ACP_IS_VIEWER_OI = 0x4,
    ACP_PATH_CLIPPED_OI = 0x8,
    ACP_FREE_ROTATE_OI = 0x10,
    ACP_PERFECT_CLIP_OI = 0x40,
    ACP_IS_IMPENETRABLE_OI = 0x80,   /* weenie bits: never set without a weenie */
    ACP_IS_PLAYER_OI = 0x100,
    ACP_IGNORE_CREATURES_OI = 0x400,
    ACP_IS_PK_OI = 0x800,
    ACP_IS_PKLITE_OI = 0x1000,
    ACP_EDGE_SLIDE_OI = 0x200
};

/** Retail COLLISIONINFO: what the sweep touched. Planes: landblock frame of their cell id. */
typedef struct acp_collision_info {
    bool last_known_contact_plane_valid;
    acp_plane last_known_contact_plane;
    bool last_known_contact_plane_is_water;
    uint32_t last_known_contact_plane_cell_id;
    bool contact_plane_valid;
    acp_plane contact_plane;
    uint32_t contact_plane_cell_id;
    bool contact_plane_is_water;
    bool sliding_normal_valid;
    acp_vec3 sliding_normal;
    bool collision_normal_valid;
    acp_vec3 collision_normal;
    acp_vec3 adjust_offset;
    uint32_t num_collide_object;     /* objects in collide_object */
    struct acp_physobj *collide_object[ACP_MAX_COLLIDE_OBJECTS]; /* in the order they were met */
    struct acp_physobj *last_collided_object; /* the last one added with a state other than OK */
    uint32_t collide_object_dropped; /* objects not listed: the array was full (row O1) */
    bool collided_with_environment;
    int frames_stationary_fall;
} acp_collision_info;

/** Retail OBJECTINFO: the moving object's properties for the sweep. */
typedef struct acp_object_info {
    acp_physobj *object;
    uint32_t state;                  /* acp_object_info_state bits */
    float scale;
    float step_up_height;            /* metres */
    float step_down_height;          /* metres */
    bool ethereal;
    bool step_down;                  /* may probe downwards (not MISSILE_PS) */
    uint32_t target_id;
} acp_object_info;

/** Retail CELLINFO / CELLARRAY: the cells a sphere set overlaps. cell NULL: not loaded. */
typedef struct acp_cell_info {
    uint32_t cell_id;
    const struct acp_landcell *cell;
} acp_cell_info;

typedef struct acp_cell_array {
    uint32_t num_cells;
    bool added_outside;
    bool do_not_load_cells;
    bool reached_building;           /* not retail: a listed land cell's building was tested
                                        (CEnvCell::check_building_transit, a 3-D test) */
    uint32_t dropped;                /* not retail: cells past capacity not added since
                                        num_cells was last reset (DEVIATIONS T3) */
    uint32_t capacity;               /* not retail: how many cells `cells` holds */
    acp_cell_info *cells;            /* own, or the world's larger array (acp_cell_array_use) */
    acp_cell_info own[ACP_MAX_TRANSITION_CELLS];
} acp_cell_array;

/** Empty the array and give it its own ACP_MAX_TRANSITION_CELLS cells (a sweep's array).
 *  Not retail (CELLARRAY grows by 8). */
static inline void acp_cell_array_init(acp_cell_array *ca)
{
    ca->num_cells = 0;
    ca->added_outside = false;
    ca->do_not_load_cells = false;
    ca->reached_building = false;
    ca->dropped = 0;
    ca->capacity = ACP_MAX_TRANSITION_CELLS;
    ca->cells = ca->own;
}

/** Empty the array and make it hold `capacity` cells in `storage` (the world's array for shadow
 *  cell lists, acp_world_fit_shadow_cells); storage NULL: its own. Not retail. */
static inline void acp_cell_array_use(acp_cell_array *ca, acp_cell_info *storage, uint32_t capacity)
{
    acp_cell_array_init(ca);
    if (storage && capacity > ACP_MAX_TRANSITION_CELLS) {
        ca->cells = storage;
        ca->capacity = capacity;
    }
}

/** Retail SPHEREPATH. Cells are land cells of the world's terrain; NULL is retail's missing cell. */
typedef struct acp_sphere_path {
    uint32_t num_sphere;
    acp_sphere local_sphere[ACP_MAX_TRANSITION_SPHERES];   /* object axes, scaled */
    acp_vec3 local_low_point;
    acp_sphere global_sphere[ACP_MAX_TRANSITION_SPHERES];  /* check_pos's landblock frame */
    acp_vec3 global_low_point;
    acp_vec3 global_curr_center[ACP_MAX_TRANSITION_SPHERES]; /* curr_pos's landblock frame */
    const struct acp_landcell *begin_cell;
    bool has_begin_pos;              /* retail begin_pos != NULL (false: a placement) */
    acp_position begin_pos;
    acp_position end_pos;
    const struct acp_landcell *curr_cell;
    acp_position curr_pos;
    acp_vec3 global_offset;
    bool step_up;
    acp_vec3 step_up_normal;
    bool collide;
    const struct acp_landcell *check_cell;
    acp_position check_pos;
    int insert_type;                 /* acp_insert_type */
    bool step_down;
    int backup;                      /* saved insert_type */
    const struct acp_landcell *backup_cell;
    acp_position backup_check_pos;
    bool obstruction_ethereal;
    bool hits_interior_cell;
    float walkable_allowance;
    float walk_interp;
    float step_down_amt;             /* metres */
    const struct acp_cpolygon *walkable; /* the walkable polygon a BSP found (set_walkable), or NULL */
    bool check_walkable;
    bool cell_array_valid;
    bool neg_step_up;
    acp_vec3 neg_collision_normal;
    bool neg_poly_hit;               /* set by BSPs only */
    bool placement_allows_sliding;
    bool has_curr_cell;              /* after the sweep: curr_cell != NULL (the commit reads it) */
    bool curr_center_deferred;       /* not retail: init_path's global_curr_center is still to be
                                      * cached (acp_spherepath_init_path_deferred) */
    bool caches_deferred;            /* not retail: validate_transition's caches (global_curr_center,
                                      * global_sphere, global_low_point from curr_pos = check_pos)
                                      * are still to be made: at the next step, or never when the
                                      * sweep ends first (docs/SHORTCUTS.md S12) */
    acp_position localspace_pos;     /* the position of the object or part last tested as a
                                        CCylSphere or BSP (SPHEREPATH::cache_localspace_sphere) */
    uint32_t curr_cell_id;
    /* The sweep in a BSP shape's axes (SPHEREPATH::cache_localspace_sphere), and the walkable
     * polygon's probe (SPHEREPATH::set_walkable): spheres and points in the shape's axes divided
     * by its scale (the shape's position is localspace_pos above); localspace_z the check
     * frame's z axis in the shape's axes. */
    acp_sphere localspace_sphere[ACP_MAX_TRANSITION_SPHERES];
    acp_vec3 localspace_low_point;
    acp_vec3 localspace_curr_center[ACP_MAX_TRANSITION_SPHERES];
    acp_vec3 localspace_z;
    acp_sphere walkable_check_pos;
    acp_position walkable_pos;
    acp_vec3 walkable_up;
    float walkable_scale;
    bool bldg_check;                 /* sweeping a building's shell (CBuildingObj) */
} acp_sphere_path;

/** What the cell array was last built from (not retail: a repeat is not rebuilt). Outdoors,
 *  where no listed land cell has a building, CObjCell::find_cell_list depends on nothing but the
 *  check cell id and each sphere's centre x, y and radius (CLandCell::add_all_outside_cells and
 *  the terrain polygon of point_in_cell are 2-D), so a rebuild with the same inputs (step_down
 *  probes the same x, y lower) gives the same cells and containing cell. A list built where a
 *  listed land cell has a building is not kept, whether or not it reached an EnvCell: the
 *  building's CEnvCell::check_building_transit tests the spheres against the EnvCell in 3-D, so
 *  the same x, y at another z may list it (audit D1: a fall into a building's room). */
typedef struct acp_cell_list_key {
    bool valid;
    uint32_t cell_id;
    uint32_t num_sphere;
    float xyr[ACP_MAX_TRANSITION_SPHERES][3]; /* centre x, y and radius per sphere */
    bool has_curr;                   /* the containing cell was asked for ... */
    bool wrote_curr;                 /* ... and written ... */
    const struct acp_landcell *curr; /* ... as this */
} acp_cell_list_key;

/** Not retail: the last find_terrain_poly of a sweep's find_env_collisions (a cell's triangles
 *  do not change during a sweep, so the same cell and the same x and y bits find the same one;
 *  the sweep asks again after each lift along z). poly NULL: none holds the point. */
typedef struct acp_terrain_poly_memo {
    const struct acp_landcell *cell; /* NULL: nothing remembered */
    uint32_t x_bits, y_bits;
    const struct acp_polygon *poly;
} acp_terrain_poly_memo;

/** Retail CTransition. */
typedef struct acp_transition {
    acp_object_info object_info;
    acp_sphere_path sphere_path;
    acp_collision_info collision_info;
    acp_cell_array cell_array;
    const struct acp_terrain *terrain;   /* the world's loaded landblocks */
    acp_cell_list_key cell_list_key;     /* what cell_array was built from */
    acp_terrain_poly_memo terrain_poly;  /* find_env_collisions' last terrain polygon */
    acp_transition_state insert_state;   /* not retail's field: what transitional_insert returned
                                            on the sweep's last step (OK before the first;
                                            INVALID from acp_transition_init until a sweep
                                            begins); the per-quantum records read it */
    struct acp_inspect *inspect;         /* not retail: the quantum inspector's record, NULL
                                            unless this sweep is inspected (inspect.h) */
} acp_transition;

/* ---- CPhysicsObj's entry points (transition.c) ---- */

/** Sweep obj from old_pos to new_pos (the candidate of this quantum, same cell id as old_pos,
 *  origin possibly outside the landblock) in a slot of the world's transition pool
 *  (acp_transition_make), released before returning as retail releases it
 *  (cleanupTransition); returns the slot holding the result (curr_pos, curr_cell,
 *  collision_info), valid until the world's next sweep, or NULL when the sweep failed or the
 *  pool was exhausted. admin_move: ignore the contact state (retail's admin moves).
 *  Retail: CPhysicsObj::transition (0x00512DC0). */
acp_transition *acp_physobj_transition(acp_physobj *obj, const acp_position *old_pos, const acp_position *new_pos,
                                       bool admin_move);

/** The OBJECTINFO state of obj for a sweep, seeding t's contact plane (or last known contact
 *  plane when moving away from it) and sliding normal from the object's transient state.
 *  Retail: CPhysicsObj::get_object_info (0x00511CC0). */
uint32_t acp_physobj_get_object_info(const acp_physobj *obj, acp_transition *t, bool admin_move);

/** The sweep's spheres: the part array's spheres scaled by the object's scale, or retail's
 *  dummy sphere (centre (0, 0, 0.1), radius 0.1, scale 1) without them. Retail: the sphere setup
 *  shared by CPhysicsObj::transition (0x00512DC0) and CPhysicsObj::SetPosition (0x005160C0). */
void acp_transition_init_object_spheres(acp_transition *t, const acp_physobj *obj);

/* ---- CTransition (transition.c) ---- */

/** A transition as retail's constructor leaves it: every field zero, the positions at the
 *  identity frame, its cell array holding its own ACP_MAX_TRANSITION_CELLS cells (for good:
 *  acp_transition_init leaves them), then acp_transition_init. For a transition outside the world's pool (tests,
 *  probes). Retail: CTransition::CTransition (0x0050A980). */
void acp_transition_construct(acp_transition *t, const struct acp_terrain *terrain);

/** Reset what retail's CTransition::init resets, and only that: OBJECTINFO's object, state and
 *  target; SPHEREPATH::init's fields (sphere count, cells, begin position, the step, collide,
 *  walkable and placement flags; placement_allows_sliding true); COLLISIONINFO's valid flags,
 *  object count, collided_with_environment, contact_plane_cell_id and frames_stationary_fall;
 *  the cell array's count and flags. Everything else keeps what the slot's previous sweep left
 *  (notably last_known_contact_plane_cell_id: docs/DEVIATIONS.md T14). Also clears acphys's own
 *  per-sweep fields (the cell-list cache, has_curr_cell) and sets the terrain.
 *  Retail: CTransition::init (0x00509DD0) with SPHEREPATH::init (0x0050C330). */
void acp_transition_init(acp_transition *t, const struct acp_terrain *terrain);

/** A slot of the world's pool for one sweep: transit[transition_level], initialised
 *  (acp_transition_init) and taken (transition_level + 1); NULL when all ACP_TRANSITION_POOL
 *  slots are taken. Retail: CTransition::makeTransition (0x0050B150). */
acp_transition *acp_transition_make(struct acp_world *w);

/** Release the last slot taken (transition_level − 1); its contents stay readable until the
 *  next acp_transition_make. Retail: CTransition::cleanupTransition (0x00509DC0). */
void acp_transition_cleanup(struct acp_world *w);

/** Sub-steps of the sweep: offset = begin → end (metres, world axes), per-step offset and
 *  count: ceil(|offset| / radius of sphere 0) when that exceeds 1 (per step offset / count),
 *  converted as retail's (unsigned __int64) cast on the x87 and cut to 32 bits, so an infinite
 *  or ≥ 2⁶³ count (a zero radius) and a multiple of 2³² are 0 steps; 1 step when the quotient is
 *  ≤ 1 (or NaN) and the offset is not zero; 0 for no offset. Returns false only when the count
 *  exceeds ACP_MAX_TRANSITION_STEPS (our bound; docs/DEVIATIONS.md T1).
 *  Retail: CTransition::calc_num_steps (0x0050A0B0). */
bool acp_transition_calc_num_steps(const acp_transition *t, acp_vec3 *offset, acp_vec3 *offset_per_step,
                                   uint32_t *num_steps);

/** The step offset projected for contact and sliding (into the contact plane, along the
 *  intersection of contact plane and sliding plane, or off the sliding plane); may push
 *  check_pos up out of the contact plane. Retail: CTransition::adjust_offset (0x0050A370). */
acp_vec3 acp_transition_adjust_offset(acp_transition *t, acp_vec3 offset);

/** Run the sweep: placement (insert_type ≠ 0) or transitional. True on success.
 *  Retail: CTransition::find_valid_position (0x0050C310). */
bool acp_transition_find_valid_position(acp_transition *t);

/** The per-step sweep from begin_pos to end_pos with the rotation slerped per step.
 *  Retail: CTransition::find_transitional_position (0x0050BDF0). */
bool acp_transition_find_transitional_position(acp_transition *t);

/** Insert the spheres at check_pos into check_cell and its neighbours, retrying adjusted and
 *  slid states up to `attempts` times; steps down (or edge-slides) an object in contact that
 *  lost its contact plane. Retail: CTransition::transitional_insert (0x0050B6F0). */
acp_transition_state acp_transition_transitional_insert(acp_transition *t, int attempts);

/** Commit or roll back one step: OK and moved → curr_pos = check_pos; otherwise restore,
 *  fall back to the last known contact plane, default the collision normal to +Z; count
 *  frames_stationary_fall for GRAVITY_PS objects (at 3 a flat plane under the sphere);
 *  update the CONTACT_OI / ON_WALKABLE_OI bits. Retail: CTransition::validate_transition
 *  (0x0050AA70). */
acp_transition_state acp_transition_validate_transition(acp_transition *t, acp_transition_state ts);

/** Probe downwards by step_down_ht (metres) for a contact plane with n.z ≥ z_val; confirms it
 *  with a placement insert. Retail: CTransition::step_down (0x0050B2A0). */
bool acp_transition_step_down(acp_transition *t, float step_down_ht, float z_val);

/** Step up onto an obstacle of normal collision_normal: step_down with the step_up flag (the
 *  check position is not lowered; terrain contact lifts it). Restores check_pos on failure.
 *  Retail: CTransition::step_up (0x0050B610). */
bool acp_transition_step_up(acp_transition *t, acp_vec3 collision_normal);

/** An EDGE_SLIDE object on walkable ground that could not step down: cliff slide on a
 *  too-steep plane, stop at a drop. *ts receives the state; returns true when the caller must
 *  return *ts. Retail: CTransition::edge_slide (0x0050B3D0). */
bool acp_transition_edge_slide(acp_transition *t, acp_transition_state *ts, float step_down_ht, float z_val);

/** Slide along the line where the contact plane meets the last known contact plane.
 *  Retail: CTransition::cliff_slide (0x0050A6D0). */
acp_transition_state acp_transition_cliff_slide(acp_transition *t, const acp_plane *contact_plane);

/** Insert at curr_pos; when that fails and placement_allows_sliding, try rings of spots around
 *  it: ceil(4 m / r) rings (r = sphere 0's radius, at least 0.48 m; below 0.125 m half as many
 *  rings within 2 m), ring i at distance i·(4 m / rings) with 2·ceil(i·π·step/r) spots at even
 *  headings. More than ACP_MAX_PLACEMENT_RINGS rings fail at once (our bound).
 *  Retail: CTransition::find_placement_pos (0x0050BA50). */
bool acp_transition_find_placement_pos(acp_transition *t);

/** Placement sweep: insert at the requested position, search rings around it when it collides
 *  (placement_allows_sliding), then step down onto the ground (not for missiles).
 *  Retail: CTransition::find_placement_position (0x0050C170). */
bool acp_transition_find_placement_position(acp_transition *t);

/* ---- SPHEREPATH (spherepath.c) ---- */

/** Copy up to two spheres scaled by `scale`; local_low_point = sphere 0's lowest point.
 *  Retail: SPHEREPATH::init_sphere (0x0050C670). */
void acp_spherepath_init_sphere(acp_sphere_path *sp, uint32_t num_sphere, const acp_sphere *spheres, float scale);
/** Begin a sweep at begin_pos (NULL: a placement at end_pos). Retail: SPHEREPATH::init_path
 *  (0x0050CE20). */
void acp_spherepath_init_path(acp_sphere_path *sp, const struct acp_landcell *begin_cell,
                              const acp_position *begin_pos, const acp_position *end_pos);
/** init_path but for its cache_global_curr_center, which is left to the sweep's first step
 *  (curr_pos does not change until then, nor is global_curr_center read): curr_center_deferred
 *  is set, and the step caches it with check_from_curr's global spheres from the one frame
 *  (acp_spherepath_cache_global_curr_center_and_sphere). Not retail; the same values. */
void acp_spherepath_init_path_deferred(acp_sphere_path *sp, const struct acp_landcell *begin_cell,
                                       const acp_position *begin_pos, const acp_position *end_pos);
/** Spheres and low point at check_pos (offset NULL) or moved by *offset.
 *  Retail: SPHEREPATH::cache_global_sphere (0x0050C810). */
void acp_spherepath_cache_global_sphere(acp_sphere_path *sp, const acp_vec3 *offset);
/** cache_global_curr_center then cache_global_sphere(sp, NULL) when check_pos.frame is
 *  curr_pos.frame (curr_pos was just copied from check_pos): the frame is read once and each
 *  centre's x and y, the same terms in the same order in both, are computed once; z (whose terms
 *  retail adds in another order in each) and the low point as each computes them. Not retail
 *  (retail calls the two); the same values. */
void acp_spherepath_cache_global_curr_center_and_sphere(acp_sphere_path *sp);
/** Sphere centres at curr_pos. Retail: SPHEREPATH::cache_global_curr_center (0x0050C740). */
void acp_spherepath_cache_global_curr_center(acp_sphere_path *sp);
/** check_pos += offset. Retail: SPHEREPATH::add_offset_to_check_pos (0x00509D10, 0x00536A60). */
void acp_spherepath_add_offset_to_check_pos(acp_sphere_path *sp, acp_vec3 offset);
/** check_pos = p in cell. Retail: SPHEREPATH::set_check_pos (0x0050A8B0). */
void acp_spherepath_set_check_pos(acp_sphere_path *sp, const acp_position *p, const struct acp_landcell *cell);
/** Retail: SPHEREPATH::save_check_pos (0x0050A880). */
void acp_spherepath_save_check_pos(acp_sphere_path *sp);
/** Retail: SPHEREPATH::restore_check_pos (0x0050B100). */
void acp_spherepath_restore_check_pos(acp_sphere_path *sp);
/** Re-express check_pos in the landblock of outdoor cell_id. Retail: SPHEREPATH::adjust_check_pos
 *  (0x0050CC00). */
void acp_spherepath_adjust_check_pos(acp_sphere_path *sp, uint32_t cell_id);
/** The spheres at check_pos and curr_pos and the check frame's z axis in the axes of shape
 *  position p (a part's frame), divided by scale (the part's scale z).
 *  Retail: SPHEREPATH::cache_localspace_sphere (0x0050C9D0). */
void acp_spherepath_cache_localspace_sphere(acp_sphere_path *sp, const acp_position *p, float scale);
/** Record the walkable polygon a BSP found and the probe over it.
 *  Retail: SPHEREPATH::set_walkable (0x00539FC0). */
void acp_spherepath_set_walkable(acp_sphere_path *sp, const acp_sphere *sphere, const struct acp_cpolygon *poly,
                                 const acp_vec3 *zaxis, const acp_position *local_pos, float scale);
/** A polygon hit from behind: step up (step_up) or slide along −normal later.
 *  Retail: SPHEREPATH::set_neg_poly_hit (0x005398E0). */
void acp_spherepath_set_neg_poly_hit(acp_sphere_path *sp, bool step_up, acp_vec3 collision_normal);
/** Whether the walkable polygon a BSP recorded still holds the probe sphere at half its radius
 *  (the probe's radius is halved in place, as retail's); true without one.
 *  Retail: SPHEREPATH::check_walkables (0x0050C3E0). */
bool acp_spherepath_check_walkables(acp_sphere_path *sp);
/** Slide along the edge of the walkable polygon the object was about to step off.
 *  Retail: SPHEREPATH::precipice_slide (0x0050CC80). */
acp_transition_state acp_spherepath_precipice_slide(acp_sphere_path *sp, acp_collision_info *c);
/** Slide along the step the object could not climb. Retail: SPHEREPATH::step_up_slide (0x0050C3B0). */
acp_transition_state acp_spherepath_step_up_slide(acp_sphere_path *sp, acp_collision_info *c);

/* ---- COLLISIONINFO (collisioninfo.c) ---- */

/** Retail: COLLISIONINFO::init (0x00509D60). */
void acp_collisioninfo_init(acp_collision_info *c);
/** Retail: COLLISIONINFO::set_contact_plane (0x00509D80). (static inline: the sweep sets it a
 *  few times a step.) */
static inline void acp_collisioninfo_set_contact_plane(acp_collision_info *c, const acp_plane *plane, bool is_water)
{
    c->contact_plane_valid = true;
    c->contact_plane = *plane;
    c->contact_plane_is_water = is_water;
}
/** List object once (its first state decides nothing else); a state other than OK also makes it
 *  the last collided object. Retail: COLLISIONINFO::add_object (0x006B4E20). */
void acp_collisioninfo_add_object(acp_collision_info *c, struct acp_physobj *object, acp_transition_state ts);
/** The collision normal, normalized (zero when too short). Retail: COLLISIONINFO::
 *  set_collision_normal (0x0050A000). */
void acp_collisioninfo_set_collision_normal(acp_collision_info *c, acp_vec3 normal);
/** The sliding normal: the horizontal part of normal, normalized (zero when too short).
 *  Retail: COLLISIONINFO::set_sliding_normal (0x0050A060); CTransition::init_sliding_normal
 *  (0x0050FF20) is the same. */
void acp_collisioninfo_set_sliding_normal(acp_collision_info *c, acp_vec3 normal);

/* ---- OBJECTINFO (objectinfo.c) ---- */

/** Fill the object info of obj with the given state: scale, step heights (Setup × scale.z, or
 *  0.01 m for a part array without Setup, 0 without parts), ethereal, step_down (not missiles).
 *  Retail: OBJECTINFO::init (0x0050CF30). */
void acp_objectinfo_init(acp_object_info *oi, acp_physobj *obj, uint32_t state);
/** Whether the mover ignores `other`: other is a MISSILE_PS object (the rest of retail's rule,
 *  a missile ignoring ethereal or creature objects other than its target, needs their weenie).
 *  Retail: OBJECTINFO::missile_ignore (0x0050CEB0). */
bool acp_objectinfo_missile_ignore(const acp_object_info *oi, const struct acp_physobj *other);
/** n.z ≥ floor_z. Retail: CPhysicsObj::is_valid_walkable (0x0050F530). */
bool acp_objectinfo_is_valid_walkable(acp_vec3 normal);
/** Stop the object: set_velocity(0). Retail: OBJECTINFO::kill_velocity (0x0050CFE0). */
void acp_objectinfo_kill_velocity(acp_object_info *oi);
/** Test a sphere (check_pos, in the plane's landblock frame) against a walkable plane: touching
 *  records the contact plane, penetrating lifts check_pos out along z (ADJUSTED).
 *  Retail: OBJECTINFO::validate_walkable (0x0050D010). */
acp_transition_state acp_objectinfo_validate_walkable(acp_object_info *oi, const acp_sphere *check_pos,
                                                      const acp_plane *contact_plane, bool is_water,
                                                      float water_depth, acp_sphere_path *path,
                                                      acp_collision_info *collisions, uint32_t land_cell_id);

/* ---- CSphere (sphere.c) ---- */

/** Slide sphere (at check position) along the line where the plane of collision_normal meets
 *  the contact plane (or the last known one); plain reflection off the normal when the planes
 *  are parallel. May rewrite *collision_normal. Retail: CSphere::slide_sphere (0x00537440). */
acp_transition_state acp_sphere_slide_sphere(const acp_sphere *sphere, acp_sphere_path *path, acp_collision_info *c,
                                             acp_vec3 *collision_normal, acp_vec3 curr_pos);

/* ---- CObjCell / CELLARRAY (objcell.c) ---- */

/** Add a cell unless its id is present; a full array (capacity) counts it in
 *  `dropped` instead (DEVIATIONS T3). Retail: CELLARRAY::add_cell (0x006B4FF0). */
void acp_cell_array_add(acp_cell_array *ca, uint32_t cell_id, const struct acp_landcell *cell);
/** The cells the spheres (in p's landblock frame) overlap; with curr_cell, the last loaded
 *  cell that holds sphere 0's centre (NULL for none; untouched when p's own cell is not
 *  loaded). Each listed cell's find_transit_cells runs in the loop (the array grows as it goes):
 *  an EnvCell's through its portals, a land cell's add_all_outside_cells once and its
 *  building's portals. Retail: CObjCell::find_cell_list (0x0052B4E0), CLandCell::find_transit_cells (0x00533800),
 *  CSortCell::find_transit_cells (0x00534080). */
void acp_objcell_find_cell_list(const struct acp_terrain *terrain, const acp_position *p, uint32_t num_sphere,
                                const acp_sphere *spheres, acp_cell_array *ca,
                                const struct acp_landcell **curr_cell, acp_sphere_path *path);
/** acp_objcell_find_cell_list for the sweep: the containing cell's test of a land cell is
 *  answered from the sweep's terrain polygon memo when it holds that cell and the point's x and
 *  y bits (memo may be NULL; the memo is only read). Not retail: docs/SHORTCUTS.md S25. */
void acp_objcell_find_cell_list_swept(const struct acp_terrain *terrain, const acp_position *p, uint32_t num_sphere,
                                      const acp_sphere *spheres, acp_cell_array *ca,
                                      const struct acp_landcell **curr_cell, acp_sphere_path *path,
                                      const acp_terrain_poly_memo *memo);

#endif
