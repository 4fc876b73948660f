/* acphys — the quantum inspector's record as JSON (issue 36): what `acphys run --inspect
 * <object>:<frame>` prints and the page's inspector reads (the one writer for both, so the two
 * are the same text).
 *
 * Shape (docs/SCENARIOS.md, "The quantum inspector"; docs/PAGE.md for the page):
 *   {"inspect":{"object":<index>,"id":<id>,"name":<name|null>,"frame":<k>,"now":<s>},
 *    "sweeps":[{"quantum":<k>,"insert_type":"transition"|"placement"|"initial_placement",
 *      "begin":<pos>,"end":<pos>,
 *      "calc_num_steps":{"ok":<bool>,"num_steps":<n>,"offset":[x,y,z],"offset_per_step":[x,y,z]},
 *      "branches":[...],                 (taken outside any step: "placement")
 *      "steps":[{"step":<i>,"check_pos":<pos>,"offset":[x,y,z],
 *        "spheres":[{"center":[x,y,z],"radius":r}],"cells":["0x..."],
 *        "insert":"OK"|"COLLIDED"|"ADJUSTED"|"SLID"|"INVALID","result":<same names>,
 *        "branches":["step_up","step_up_ok","step_down","step_down_ok","edge_slide",
 *                    "collide_landing","placement","neg_poly","lost_contact",
 *                    "collided","adjusted","slid"],  (the last three: an attempt's state)
 *        "objects":[{"id":<id>,"object":<index|null>,"name":<name|null>}],
 *        "contact_plane":{"n":[x,y,z],"d":d,"cell":"0x..."}|null,
 *        "collision_normal":[x,y,z]|null,"sliding_normal":[x,y,z]|null,
 *        "terrain_polygon":{"cell":"0x...","vertices":[[x,y,z]x3]}|null,
 *        "walkable_polygon":{"poly_id":<n>,"n":[x,y,z],"d":d}|null,
 *        "neg_collision_normal":[x,y,z]|null,"curr_pos":<pos>}],
 *      "result":<bool>,"curr_pos":<pos>}],
 *    "sweeps_dropped":<n>,"steps_dropped":<n>}
 *   <pos> = {"cell":"0xXXYYCCCC","origin":[x,y,z],"orientation":[w,x,y,z]}; floats with 9
 *   significant digits as the trace writes them (trace.c), so curr_pos reads as the trace's origin.
 */
#ifndef ACP_INSPECT_JSON_H
#define ACP_INSPECT_JSON_H

#include "physics/world/inspect.h"
#include "scenario.h"
#include "text.h"

/** Append the record of object `index` (scenario order; objects: the run's objects in scenario
 *  order, for naming the objects met) at frame `frame` (the trace's 1-based frame number, time
 *  `now` s) to t. */
void acp_inspect_write_json(acp_text *t, const acp_inspect *in, const acp_scenario *s, acp_physobj *const *objects,
                            uint32_t index, uint32_t frame, double now);

/* ---- the runner's inspector (run.c: acp_run_inspect) ---- */

/** The record of one armed request, and its JSON once the frame ran. */
typedef struct acp_run_inspector {
    uint32_t index, frame;              /* the object (scenario order) and the frame (1-based) */
    acp_text json;
    bool done;                          /* json holds the frame's record */
    acp_inspect rec;
} acp_run_inspector;

/** Whether scenario object `index` is in the world in frame `frame` (1-based) as far as its
 *  enter_at says: one whose enter_at is > 0 enters before the first frame whose time is >=
 *  enter_at (run.c enter_due). False with `err` (`inspect: object 2 enters at frame 121 (t =
 *  2.01677038 s, its enter_at 2 s), after frame 5`); true for an index or frame out of range
 *  (acp_run_inspector_arm and the caller's "past the scenario's frames" name those). */
bool acp_run_inspector_entered(const acp_scenario *s, uint32_t index, uint32_t frame, char *err, size_t err_size);
/** Arm *slot (allocated the first time) for object `index` of `num_objects` at frame `frame`,
 *  with `frames_done` frames run so far. False with `err` naming what is wrong: `inspect: object
 *  7 is not in the scenario (it has 3 objects, indices from 0)`, `inspect: frame 0 (frames count
 *  from 1, as the trace's "frame")`, `inspect: frame 12 has already run`, `out of memory`. */
bool acp_run_inspector_arm(acp_run_inspector **slot, uint32_t index, uint32_t num_objects, uint32_t frame,
                           uint32_t frames_done, char *err, size_t err_size);
/** Before frame `frame` runs: true (and the world records) when it is the armed one. NULL: false. */
bool acp_run_inspector_begin(acp_run_inspector *in, acp_world *w, acp_physobj *const *objects, uint32_t frame);
/** After that frame ran at `now`: stop recording and write the JSON; false when out of memory. */
bool acp_run_inspector_end(acp_run_inspector *in, acp_world *w, const acp_scenario *s, acp_physobj *const *objects,
                           double now);
/** The JSON once the armed frame ran, else NULL (NULL inspector: NULL). */
const char *acp_run_inspector_json(const acp_run_inspector *in, size_t *len);
/** Free it (NULL is ignored). */
void acp_run_inspector_free(acp_run_inspector *in);

#endif
