/* acphys — synthetic DAT records (animations, motion tables, Setups) built in memory from plain
 * values, for the tests and the ABI's test fixtures; not retail code.
 *
 * CONVENTIONS
 *   A fixture owns every record made through it and frees them all in acp_fixture_destroy. Keyed
 *   arrays are kept sorted as records.h requires. A pointer returned by a function that adds to a
 *   record (acp_fixture_motion, acp_fixture_motion_anim) stays valid only until the next addition
 *   to the same record. Units as records.h. Functions return NULL / false when out of memory.
 */
#ifndef ACP_RECFIXTURE_H
#define ACP_RECFIXTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "records.h"
#include "recsource.h"

typedef struct acp_fixture acp_fixture;

/** Which map of a motion table acp_fixture_motion edits. */
typedef enum acp_fixture_map { ACP_FIXTURE_CYCLE = 0, ACP_FIXTURE_MODIFIER = 1, ACP_FIXTURE_LINK = 2 } acp_fixture_map;

acp_fixture *acp_fixture_create(void);
void acp_fixture_destroy(acp_fixture *fx);

/** A source that finds the fixture's animations and motion tables by id. */
acp_record_source acp_fixture_source(const acp_fixture *fx);

/** An animation of num_frames frames for num_parts parts. pos_frames: num_frames root-motion
 *  frames (copied), or NULL for none. Part frames are identity frames without hooks. */
acp_animation *acp_fixture_animation(acp_fixture *fx, uint32_t id, uint32_t num_frames, uint32_t num_parts,
                                     const acp_aframe *pos_frames);

/** Append a hook to frame `frame` of an animation; false when out of range or memory. */
bool acp_fixture_animation_hook(acp_animation *anim, uint32_t frame, const acp_anim_hook *hook);

/** An empty motion table. */
acp_motion_table *acp_fixture_motion_table(acp_fixture *fx, uint32_t id, uint32_t default_style);

/** Set a style's default substate. */
bool acp_fixture_style_default(acp_motion_table *mt, uint32_t style, uint32_t substate);

/** The MotionData at `key` of a cycle or modifier map, or for a link at Links[outer_key][key];
 *  created empty (no animations, zero velocity and omega) when missing. */
acp_motion_data *acp_fixture_motion(acp_motion_table *mt, acp_fixture_map map, uint32_t outer_key, uint32_t key);

/** Append an animation to a MotionData. */
bool acp_fixture_motion_anim(acp_motion_data *md, uint32_t anim_id, int32_t low, int32_t high, float framerate);

/** A Setup of num_parts parts (ids 0x01000000 + i) and the given spheres (copied). */
acp_setup *acp_fixture_setup(acp_fixture *fx, uint32_t id, uint32_t num_parts, const acp_sphere *spheres,
                             uint32_t num_spheres);

/** Add a placement (key 0 Default, 0x65 Resting, ...) with one frame per part (copied). */
bool acp_fixture_setup_placement(acp_setup *setup, uint32_t key, const acp_aframe *frames);

#endif
