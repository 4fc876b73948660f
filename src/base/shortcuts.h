/* acphys — ACP_SHORTCUTS: the one switch over every place where acphys reaches retail's result
 * by a shorter road than retail takes (memos, pre-tests, early outs; docs/SHORTCUTS.md lists
 * them all, each with why it gives the same bits).
 *   ACP_SHORTCUTS 1 (the default, `cmake -DACP_SHORTCUTS=ON`): the shortcuts are taken.
 *   ACP_SHORTCUTS 0 (`cmake -DACP_SHORTCUTS=OFF`, the "twin"): the plain retail reading: every
 *   memo asked nothing, every pre-test and early out gone, every list rebuilt as retail does.
 * The two builds must give bit-identical traces for every scenario: `node scripts/twin.mjs`
 * (the CI lane of scripts/test.mjs) and the libFuzzer target fuzz_twin compare them over
 * generated worlds (src/scenario/worldgen.c). Include this header (not a transitive one) in
 * every file that tests the switch: an undefined macro in `#if` would read as 0. */
#ifndef ACP_SHORTCUTS_H
#define ACP_SHORTCUTS_H

#ifndef ACP_SHORTCUTS
#define ACP_SHORTCUTS 1
#endif

#endif
