/* acphys — one `acphys replay` without its files (docs/REPLAY.md): the DATs' and the capture's
 * bytes in, the scenario, the table and the report out. The native CLI (src/cli/replay_cmd.c)
 * and `npx acphys replay` (bin/acphys.mjs, through wasm/abi/replay.c) both drive it, so every line
 * they print and write is made here; they only read and write the files and parse the scenario's
 * JSON (cJSON natively, JSON.parse in JavaScript).
 *
 * CONVENTIONS
 *   Order: create → add_dat for each --portal / --cell in the order given → read_capture → build
 *   → (the host writes the scenario text; parses it into a jsonv tree) → run → table / report.
 *   Any failure puts the session in an error state: acp_replay_session_error is the message the
 *   CLI prints after "acphys replay: " (exit status 1), naming the thing: a DAT ("<name>: <what>"),
 *   the capture ("<capture>: <what>"), the scenario made ("<capture>: the scenario made: <field>:
 *   <what>"). Warnings (the capture's problems, the run's warnings) are printed after
 *   "acphys replay: warning: ".
 *   Memory: the session copies what it is given and owns everything it returns; strings stay
 *   valid until the session is destroyed.
 */
#ifndef ACP_REPLAY_SESSION_H
#define ACP_REPLAY_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "replay.h"
#include "scenario/jsonv.h"

typedef struct acp_replay_session acp_replay_session;

/** A session: the embedded default excerpts first unless no_default; frames, resync and the
 *  threshold (metres) as the CLI's options. NULL only when out of memory. */
acp_replay_session *acp_replay_session_create(bool no_default, acp_replay_frames frames, bool resync, double threshold);
void acp_replay_session_destroy(acp_replay_session *s);

/** The message of the error that stopped the session, or NULL. */
const char *acp_replay_session_error(const acp_replay_session *s);
/** Warnings so far (each a line without "acphys replay: warning: "). */
uint32_t acp_replay_session_warning_count(const acp_replay_session *s);
const char *acp_replay_session_warning(const acp_replay_session *s, uint32_t i);

/** A DAT (`shown`: its path as the user gave it, for messages; `name`: as the scenario's
 *  "excerpts" names it, its absolute path; `bytes` copied), read after the defaults and the DATs
 *  added before it. False on error ("<shown>: <the DAT reader's message>"). */
bool acp_replay_session_add_dat(acp_replay_session *s, const char *shown, const char *name, const uint8_t *bytes,
                                size_t size);
/** The capture (`name` for messages; bytes not kept). False on error. */
bool acp_replay_session_read_capture(acp_replay_session *s, const char *name, const uint8_t *bytes, size_t size);
/** Make the scenario and its reports. False on error. */
bool acp_replay_session_build(acp_replay_session *s);
/** The scenario's JSON text (after build) and its length. */
const char *acp_replay_session_scenario(const acp_replay_session *s, size_t *len);
/** Run the scenario (its parsed tree, `root`) and judge every report. False on error. */
bool acp_replay_session_run(acp_replay_session *s, const acp_jsonv *root);
/** After run: the summary table (stdout), its totals alone (--quiet), the report JSON. NULL when
 *  out of memory. */
const char *acp_replay_session_table(acp_replay_session *s);
const char *acp_replay_session_totals(acp_replay_session *s);
const char *acp_replay_session_report(acp_replay_session *s);

#endif
