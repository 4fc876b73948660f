/* acphys — dereth's physics trace gate (dereth-network/dereth, core/physics/src/trace.rs, MIT):
 * its record shape read from JSON and its comparison rule, so `acphys conform --format dereth`
 * judges a port's traces as dereth's own gate would.
 *
 * CONVENTIONS
 *   A record is one JSON object per line (trace.h, "the dereth line"): "t", "update_time"
 *   (numbers, seconds), "cell" (a number, or a "0x..." string), "origin", "velocity",
 *   "cached_velocity" (3 numbers), "quat" (4: w, x, y, z), "contact_plane" (null, or
 *   {"normal":[3 numbers],"d":number}), "state", "transient_state" (whole numbers below 2^32),
 *   "transition_state" ("OK", "COLLIDED", "ADJUSTED", "SLID" in any case, or 1..4, dereth's
 *   discriminants). Floats are read as float32 (dereth's Vec3 and Plane hold f32).
 *   The tolerance rule (trace.rs compare): the traces have as many records ("length" first);
 *   record i (from 0) compares cell, state, transient_state and transition_state exactly, then
 *   origin, velocity, cached_velocity and contact_plane (both absent, or normal and d) per
 *   component by close(a, b, rel): |a − b| <= rel · max(|a|, |b|, 1) in float32, rel 1e-5 for
 *   i < 100 and 1e-4 after. t, update_time and quat are not compared (dereth does not).
 *   The exact rule (--exact): every field bit for bit (floats as float32, t and update_time as
 *   float64), quat and the times included.
 */
#ifndef ACP_DERETH_H
#define ACP_DERETH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diff.h"
#include "jsonv.h"

typedef struct acp_dereth_record {
    double t, update_time;
    uint32_t cell;
    float origin[3], quat[4], velocity[3], cached_velocity[3];
    bool contact;
    float normal[3], d;
    uint32_t state, transient_state, transition_state;
} acp_dereth_record;

/** dereth's tolerance_for: 1e-5f below 100 sub-steps, 1e-4f from the 100th (index from 0). */
float acp_dereth_tolerance(uint32_t index);
/** dereth's close: |a − b| <= rel · max(|a|, |b|, 1), in float32. */
bool acp_dereth_close(float a, float b, float rel);

/** Read one record; false with "field: what is wrong" in err. */
bool acp_dereth_record_read(const acp_jsonv *v, acp_dereth_record *r, char *err, size_t err_size);

/** Compare trace a (the golden, na lines) with b (the port's), by the tolerance rule or, with
 *  exact, bit for bit; the first divergence goes into d (d->different, message, summary) as
 *  "sub-step I (line L), field F: a ..., b ...", a line that is not a record into d->error.
 *  d->lines counts the records compared. Returns true when they agree. */
bool acp_dereth_diff(acp_trace_diff *d, const acp_jsonv *const *a, uint32_t na, const acp_jsonv *const *b,
                     uint32_t nb, bool exact);

#endif
