/* acphys — the WebAssembly ABI, capture replays (src/replay/session.h) for `npx acphys replay`.
 * Conventions: wasm/abi/abi.h. The session makes every line the native CLI prints; JavaScript
 * reads and writes the files and parses the scenario with JSON.parse (its tree in the binary
 * encoding of src/scenario/jsonv.h, as acp_abi_run_create takes it). Strings come back
 * NUL-terminated in linear memory, valid until the session is freed. */
#include "abi.h"

#include "replay/session.h"

/** A session: no_default 1 leaves the embedded excerpts out; frames 0 = 60 Hz, 1 = the
 *  datagrams' times; resync 0/1; threshold in metres. 0 only when out of memory. */
ACP_ABI acp_replay_session *acp_abi_replay_create(int no_default, int frames, int resync, double threshold)
{
    return acp_replay_session_create(no_default != 0, frames ? ACP_REPLAY_FRAMES_DATAGRAMS : ACP_REPLAY_FRAMES_60HZ,
                                     resync != 0, threshold);
}
ACP_ABI void acp_abi_replay_free(acp_replay_session *s) { acp_replay_session_destroy(s); }
/** The error that stopped the session ("acphys replay: " goes before it), or 0. */
ACP_ABI const char *acp_abi_replay_error(const acp_replay_session *s) { return acp_replay_session_error(s); }
/** Warnings so far, and the i-th ("acphys replay: warning: " goes before it). */
ACP_ABI uint32_t acp_abi_replay_warning_count(const acp_replay_session *s) { return acp_replay_session_warning_count(s); }
ACP_ABI const char *acp_abi_replay_warning(const acp_replay_session *s, uint32_t i)
{
    return acp_replay_session_warning(s, i);
}
/** A DAT: `shown` (NUL-terminated) for messages, `name` as the scenario names it, `size` bytes
 *  (copied). 1 ok, 0 error. */
ACP_ABI int acp_abi_replay_add_dat(acp_replay_session *s, const char *shown, const char *name, const uint8_t *bytes,
                                   uint32_t size)
{
    return acp_replay_session_add_dat(s, shown, name, bytes, size);
}
/** The capture's bytes (not kept); `name` for messages. 1 ok, 0 error. */
ACP_ABI int acp_abi_replay_read_capture(acp_replay_session *s, const char *name, const uint8_t *bytes, uint32_t size)
{
    return acp_replay_session_read_capture(s, name, bytes, size);
}
/** Make the scenario: 1 ok, 0 error; then its JSON text and length. */
ACP_ABI int acp_abi_replay_build(acp_replay_session *s) { return acp_replay_session_build(s); }
ACP_ABI const char *acp_abi_replay_scenario(const acp_replay_session *s) { return acp_replay_session_scenario(s, NULL); }
ACP_ABI uint32_t acp_abi_replay_scenario_length(const acp_replay_session *s)
{
    size_t n = 0;
    acp_replay_session_scenario(s, &n);
    return (uint32_t)n;
}
/** Run the scenario, given as its binary JSON tree (`size` bytes at `json`): 1 ok, 0 error. */
ACP_ABI int acp_abi_replay_run(acp_replay_session *s, const uint8_t *json, uint32_t size)
{
    char err[256];
    acp_jsonv_doc *doc = acp_jsonv_decode(json, size, err, sizeof err);
    if (!doc) return 0;
    int ok = acp_replay_session_run(s, acp_jsonv_root(doc));
    acp_jsonv_doc_destroy(doc);
    return ok;
}
/** After run: the table, its totals (--quiet) and the report JSON; 0 when out of memory. */
ACP_ABI const char *acp_abi_replay_table(acp_replay_session *s) { return acp_replay_session_table(s); }
ACP_ABI const char *acp_abi_replay_totals(acp_replay_session *s) { return acp_replay_session_totals(s); }
ACP_ABI const char *acp_abi_replay_report(acp_replay_session *s) { return acp_replay_session_report(s); }
