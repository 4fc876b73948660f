/* acphys — a replay's run judged at every client report. See compare.h. */
#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "physics/cell/terrain.h"
#include "physics/object/physobj.h"
#include "physics/world/physics.h"

#define INDOOR_FIRST 0x0100u

static bool is_indoor(uint32_t cell) { return (cell & 0xFFFFu) >= INDOOR_FIRST; }

/* Why the loaded data cannot cover the client's cell, or "" when it can. */
static void cell_reason(const acp_world *world, uint32_t cell, char *out, size_t n)
{
    out[0] = '\0';
    const struct acp_terrain *terrain = world ? world->terrain : NULL;
    if (terrain && acp_terrain_get_landcell(terrain, cell)) return;
    if (is_indoor(cell))
        snprintf(out, n, "indoor cell 0x%08X: its EnvCell is not in the excerpts", (unsigned)cell);
    else
        snprintf(out, n, "cell 0x%08X: landblock 0x%04X is not in the excerpts", (unsigned)cell, (unsigned)(cell >> 16));
}

static double wrap180(double d)
{
    while (d > 180.0) d -= 360.0;
    while (d <= -180.0) d += 360.0;
    return d;
}

/* The player's SetState left out at or before t that the run lacks, or NULL. */
static const acp_replay_skipped *left_out_state(const acp_replay_plan *plan, double t)
{
    const acp_replay_skipped *last = NULL;
    for (uint32_t i = 0; i < plan->num_skipped; i++) {
        const acp_replay_skipped *k = &plan->skipped[i];
        if (k->guid == plan->player && k->why == ACP_REPLAY_SKIP_SET_STATE && k->t <= t) last = k;
    }
    return last;
}

static void judge(const acp_run *run, const acp_replay_plan *plan, const acp_replay_report *r, acp_replay_result *res)
{
    memset(res, 0, sizeof *res);
    res->report = r;
    res->distance = NAN;
    res->frame = acp_run_frames_done(run);
    res->client_heading = acp_replay_heading(r->pos.q);
    const acp_physobj *p = acp_run_object(run, 0);
    if (p && p->has_cell) {
        const acp_frame *f = &p->position.frame;
        res->has_acphys = true;
        res->acphys = (acp_replay_pos){p->position.objcell_id, {f->origin.x, f->origin.y, f->origin.z}, {f->qw, f->qx, f->qy, f->qz}};
        res->acphys_heading = acp_replay_heading(res->acphys.q); /* as the client's: from q */
        res->heading_diff = wrap180(res->acphys_heading - res->client_heading);
        res->same_cell = res->acphys.cell == r->pos.cell;
    }
    if (r->after_teleport) {
        snprintf(res->reason, sizeof res->reason, "teleport: the player is between a PlayerTeleport and its position");
    } else {
        cell_reason(acp_run_world(run), r->pos.cell, res->reason, sizeof res->reason);
        if (!res->reason[0] && !res->has_acphys)
            snprintf(res->reason, sizeof res->reason, "acphys's player has no cell (it found no valid position)");
        const acp_replay_skipped *k = left_out_state(plan, r->t);
        if (!res->reason[0] && k && p && (p->state & ACP_HIDDEN_PS) && !(k->id & ACP_HIDDEN_PS))
            snprintf(res->reason, sizeof res->reason,
                     "acphys's player is hidden: the SetState 0x%08X at %.3f s that shows it was left out", (unsigned)k->id, k->t);
    }
    res->skipped = res->reason[0] != '\0';
    if (!res->skipped) res->distance = acp_replay_distance(&r->pos, &res->acphys);
}

static bool add_segment(acp_replay_outcome *o, uint32_t i)
{
    const acp_replay_result *r = &o->results[i];
    if (o->num_segments) {
        acp_replay_segment *s = &o->segments[o->num_segments - 1];
        if (s->last + 1 == i && !strcmp(s->reason, r->reason)) {
            s->last = i;
            s->to = r->report->t;
            return true;
        }
    }
    acp_replay_segment *n = realloc(o->segments, (o->num_segments + 1) * sizeof *n);
    if (!n) return false;
    o->segments = n;
    acp_replay_segment *s = &o->segments[o->num_segments++];
    s->first = s->last = i;
    s->from = s->to = r->report->t;
    memcpy(s->reason, r->reason, sizeof s->reason);
    return true;
}

static void totals(acp_replay_outcome *o)
{
    double sum = 0.0;
    for (uint32_t i = 0; i < o->num_results; i++) {
        const acp_replay_result *r = &o->results[i];
        if (r->skipped) {
            o->skipped++;
            continue;
        }
        o->compared++;
        o->cells_agree += r->same_cell;
        sum += r->distance;
        if (r->distance > o->max_distance) o->max_distance = r->distance;
        if (!o->has_beyond && r->distance > o->threshold) {
            o->has_beyond = true;
            o->first_beyond = i;
        }
    }
    o->mean_distance = o->compared ? sum / o->compared : 0.0;
}

bool acp_replay_compare(acp_run *run, const acp_replay_plan *plan, double threshold, acp_replay_outcome *out,
                        char *msg, size_t msg_size)
{
    memset(out, 0, sizeof *out);
    out->threshold = threshold;
    out->results = calloc(plan->num_reports ? plan->num_reports : 1, sizeof *out->results);
    if (!out->results) {
        snprintf(msg, msg_size, "out of memory");
        return false;
    }
    const acp_scenario *s = acp_run_scenario(run);
    uint32_t r = 0;
    for (;;) {
        uint32_t done = acp_run_frames_done(run);
        double next = done < s->frames.count ? s->frames.times[done] : INFINITY;
        while (r < plan->num_reports && plan->reports[r].t <= next) {
            judge(run, plan, &plan->reports[r], &out->results[r]);
            out->num_results = ++r;
        }
        if (!acp_run_step_next(run)) break;
    }
    if (acp_run_error(run)) {
        snprintf(msg, msg_size, "%s", acp_run_error(run));
        acp_replay_outcome_free(out);
        return false;
    }
    out->frames = acp_run_frames_done(run);
    for (uint32_t i = 0; i < out->num_results; i++)
        if (out->results[i].skipped && !add_segment(out, i)) {
            snprintf(msg, msg_size, "out of memory");
            acp_replay_outcome_free(out);
            return false;
        }
    totals(out);
    return true;
}

void acp_replay_outcome_free(acp_replay_outcome *out)
{
    free(out->results);
    free(out->segments);
    memset(out, 0, sizeof *out);
}

/* ---- output ---- */

static void put_pos_json(acp_text *t, const acp_replay_pos *p, double heading)
{
    acp_text_put(t, "{\"cell\":\"");
    acp_text_put_hex32(t, p->cell);
    acp_text_put(t, "\",\"origin\":[");
    for (int i = 0; i < 3; i++) {
        if (i) acp_text_put_char(t, ',');
        acp_text_put_g(t, (double)p->origin[i], 9);
    }
    acp_text_put(t, "],\"heading\":");
    acp_text_put_g(t, heading, 9);
    acp_text_put(t, "}");
}

static const char *skip_name(acp_replay_skip why)
{
    switch (why) {
    case ACP_REPLAY_SKIP_NO_POSITION: return "no position (contained, wielded or carried)";
    case ACP_REPLAY_SKIP_NO_SETUP: return "its Setup is not in the excerpts";
    case ACP_REPLAY_SKIP_NO_MOTION_TABLE: return "its motion table is not in the excerpts";
    case ACP_REPLAY_SKIP_BAD_POSITION: return "its position is none a scenario takes (the cell id, or not a unit quaternion)";
    case ACP_REPLAY_SKIP_SET_STATE: return "a SetState (this build's scenarios have no set_state event; not run)";
    }
    return "?";
}

void acp_replay_report_json(const acp_replay_plan *plan, const acp_replay_outcome *out, acp_text *t)
{
    acp_text_put(t, "{\"player\":\"");
    acp_text_put_hex32(t, plan->player);
    acp_text_put(t, "\",\"t0\":");
    acp_text_put_g(t, plan->t0, 17);
    acp_text_put(t, ",\"threshold\":");
    acp_text_put_g(t, out->threshold, 17);
    acp_text_put(t, ",\n\"reports\":[");
    for (uint32_t i = 0; i < out->num_results; i++) {
        const acp_replay_result *r = &out->results[i];
        acp_text_put(t, i ? ",\n {\"t\":" : "\n {\"t\":");
        acp_text_put_g(t, r->report->t, 17);
        acp_text_put(t, ",\"kind\":\"");
        acp_text_put(t, acp_replay_kind_name(r->report->kind));
        acp_text_put(t, "\",\"doing\":\"");
        acp_text_put(t, r->report->doing);
        acp_text_put(t, "\",\"frame\":");
        acp_text_put_u64(t, r->frame);
        acp_text_put(t, ",\"client\":");
        put_pos_json(t, &r->report->pos, r->client_heading);
        if (r->has_acphys) {
            acp_text_put(t, ",\"acphys\":");
            put_pos_json(t, &r->acphys, r->acphys_heading);
        }
        if (r->skipped) {
            acp_text_put(t, ",\"distance\":null,\"skipped\":");
            acp_text_put_json_string(t, r->reason, strlen(r->reason));
        } else {
            acp_text_put(t, ",\"distance\":");
            acp_text_put_g(t, r->distance, 9);
            acp_text_put(t, r->same_cell ? ",\"same_cell\":true" : ",\"same_cell\":false");
            acp_text_put(t, ",\"heading_difference\":");
            acp_text_put_g(t, r->heading_diff, 9);
        }
        acp_text_put(t, "}");
    }
    acp_text_put(t, "],\n\"segments\":[");
    for (uint32_t i = 0; i < out->num_segments; i++) {
        const acp_replay_segment *s = &out->segments[i];
        acp_text_put(t, i ? ",\n {\"from\":" : "\n {\"from\":");
        acp_text_put_g(t, s->from, 17);
        acp_text_put(t, ",\"to\":");
        acp_text_put_g(t, s->to, 17);
        acp_text_put(t, ",\"reports\":");
        acp_text_put_u64(t, s->last - s->first + 1);
        acp_text_put(t, ",\"reason\":");
        acp_text_put_json_string(t, s->reason, strlen(s->reason));
        acp_text_put(t, "}");
    }
    acp_text_put(t, "],\n\"skipped_objects\":[");
    for (uint32_t i = 0; i < plan->num_skipped; i++) {
        const acp_replay_skipped *k = &plan->skipped[i];
        acp_text_put(t, i ? ",\n {\"guid\":\"" : "\n {\"guid\":\"");
        acp_text_put_hex32(t, k->guid);
        acp_text_put(t, "\",\"t\":");
        acp_text_put_g(t, k->t, 17);
        acp_text_put(t, ",\"id\":\"");
        acp_text_put_hex32(t, k->id);
        acp_text_put(t, "\",\"reason\":\"");
        acp_text_put(t, skip_name(k->why));
        acp_text_put(t, "\"}");
    }
    acp_text_put(t, "],\n\"summary\":{\"reports\":");
    acp_text_put_u64(t, out->num_results);
    acp_text_put(t, ",\"compared\":");
    acp_text_put_u64(t, out->compared);
    acp_text_put(t, ",\"skipped\":");
    acp_text_put_u64(t, out->skipped);
    acp_text_put(t, ",\"cells_agree\":");
    acp_text_put_u64(t, out->cells_agree);
    acp_text_put(t, ",\"max_distance\":");
    acp_text_put_g(t, out->max_distance, 9);
    acp_text_put(t, ",\"mean_distance\":");
    acp_text_put_g(t, out->mean_distance, 9);
    acp_text_put(t, ",\"frames\":");
    acp_text_put_u64(t, out->frames);
    acp_text_put(t, ",\"objects\":");
    acp_text_put_u64(t, plan->num_objects);
    if (out->has_beyond) {
        const acp_replay_result *r = &out->results[out->first_beyond];
        acp_text_put(t, ",\"first_beyond\":{\"index\":");
        acp_text_put_u64(t, out->first_beyond);
        acp_text_put(t, ",\"t\":");
        acp_text_put_g(t, r->report->t, 17);
        acp_text_put(t, ",\"distance\":");
        acp_text_put_g(t, r->distance, 9);
        acp_text_put(t, ",\"doing\":\"");
        acp_text_put(t, r->report->doing);
        acp_text_put(t, "\"}");
    }
    acp_text_put(t, "}}\n");
}

static void put_col(acp_text *t, const char *s, size_t width)
{
    size_t start = t->len;
    acp_text_put(t, s);
    acp_text_pad_left(t, start, width);
}

static void put_num(acp_text *t, double v, int decimals, size_t width)
{
    size_t start = t->len;
    acp_text_put_f(t, v, decimals);
    acp_text_pad_left(t, start, width);
}

void acp_replay_table(const acp_replay_plan *plan, const acp_replay_outcome *out, acp_text *t)
{
    acp_text_put(t, "player ");
    acp_text_put_hex32(t, plan->player);
    acp_text_put(t, plan->player_created ? "" : " (no CreateObject: the stand-in humanoid)");
    acp_text_put(t, ", ");
    acp_text_put_u64(t, plan->num_objects);
    acp_text_put(t, " objects, ");
    acp_text_put_u64(t, out->frames);
    acp_text_put(t, " frames\n");
    acp_text_put(t, "      t  kind                client cell  acphys cell  distance  heading  doing\n");
    for (uint32_t i = 0; i < out->num_results; i++) {
        const acp_replay_result *r = &out->results[i];
        put_num(t, r->report->t, 3, 7);
        acp_text_put(t, "  ");
        size_t start = t->len;
        acp_text_put(t, acp_replay_kind_name(r->report->kind));
        acp_text_put_repeat(t, ' ', 18 - (t->len - start < 18 ? t->len - start : 18));
        acp_text_put(t, "  ");
        acp_text_put_hex32(t, r->report->pos.cell);
        acp_text_put(t, "   ");
        if (r->has_acphys) acp_text_put_hex32(t, r->acphys.cell);
        else put_col(t, "-", 10);
        if (r->skipped) {
            acp_text_put(t, "  skipped: ");
            acp_text_put(t, r->reason);
        } else {
            put_num(t, r->distance, 3, 10);
            put_num(t, fabs(r->heading_diff) < 0.05 ? 0.0 : r->heading_diff, 1, 9); /* no "-0.0" */
            acp_text_put(t, "  ");
            acp_text_put(t, r->report->doing);
        }
        acp_text_put_char(t, '\n');
    }
    for (uint32_t i = 0; i < out->num_segments; i++) {
        const acp_replay_segment *s = &out->segments[i];
        acp_text_put(t, "not compared: ");
        acp_text_put_f(t, s->from, 3);
        acp_text_put(t, " s to ");
        acp_text_put_f(t, s->to, 3);
        acp_text_put(t, " s (");
        acp_text_put_u64(t, s->last - s->first + 1);
        acp_text_put(t, s->last == s->first ? " report): " : " reports): ");
        acp_text_put(t, s->reason);
        acp_text_put_char(t, '\n');
    }
    for (uint32_t i = 0; i < plan->num_skipped; i++) {
        const acp_replay_skipped *k = &plan->skipped[i];
        acp_text_put(t, "left out: ");
        acp_text_put_hex32(t, k->guid);
        if (k->why != ACP_REPLAY_SKIP_NO_POSITION) {
            acp_text_put(t, k->why == ACP_REPLAY_SKIP_SET_STATE ? " state " : k->why == ACP_REPLAY_SKIP_BAD_POSITION ? " cell " : " record ");
            acp_text_put_hex32(t, k->id);
        }
        acp_text_put(t, k->why == ACP_REPLAY_SKIP_SET_STATE ? " at " : "");
        if (k->why == ACP_REPLAY_SKIP_SET_STATE) {
            acp_text_put_f(t, k->t, 3);
            acp_text_put(t, " s");
        }
        acp_text_put(t, ": ");
        acp_text_put(t, skip_name(k->why));
        acp_text_put_char(t, '\n');
    }
    acp_text_put_u64(t, out->num_results);
    acp_text_put(t, " reports: ");
    acp_text_put_u64(t, out->compared);
    acp_text_put(t, " compared, ");
    acp_text_put_u64(t, out->skipped);
    acp_text_put(t, " skipped; cells agree ");
    acp_text_put_u64(t, out->cells_agree);
    acp_text_put(t, "/");
    acp_text_put_u64(t, out->compared);
    if (!out->compared) {
        acp_text_put(t, "; distance n/a (no report compared)\n");
    } else {
        acp_text_put(t, "; distance max ");
        acp_text_put_f(t, out->max_distance, 3);
        acp_text_put(t, " m, mean ");
        acp_text_put_f(t, out->mean_distance, 3);
        acp_text_put(t, " m\n");
    }
    if (out->has_beyond) {
        const acp_replay_result *r = &out->results[out->first_beyond];
        acp_text_put(t, "first beyond ");
        acp_text_put_g(t, out->threshold, 6);
        acp_text_put(t, " m: report ");
        acp_text_put_u64(t, out->first_beyond);
        acp_text_put(t, " at ");
        acp_text_put_f(t, r->report->t, 3);
        acp_text_put(t, " s (");
        acp_text_put(t, acp_replay_kind_name(r->report->kind));
        acp_text_put(t, "), ");
        acp_text_put_f(t, r->distance, 3);
        acp_text_put(t, " m, while ");
        acp_text_put(t, r->report->doing);
        acp_text_put_char(t, '\n');
    } else if (out->compared) {
        acp_text_put(t, "every compared report within ");
        acp_text_put_g(t, out->threshold, 6);
        acp_text_put(t, " m\n");
    }
}
