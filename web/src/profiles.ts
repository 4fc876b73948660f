// The clock profiles the page runs and shows: retail, acdream-r6 and ace (ACE's clock, for ACE's
// authors). Which profile runs beside the primary one, and the constants each plot marks
// (docs/RETAIL-CONTRACT.md has the profiles' tables).
import type { ProfileName } from '../../wasm/scenario.mjs';

/** The profile shown beside `primary`: the first other entry of the scenario's
 *  compare_profiles, else retail beside acdream-r6 or ace and acdream-r6 beside retail. */
export function comparisonProfile(primary: ProfileName, compare?: readonly ProfileName[]): ProfileName {
  const named = (compare ?? []).find((p) => p !== primary);
  if (named) return named;
  return primary === 'retail' ? 'acdream-r6' : 'retail';
}

/** MAX_QUANTUM of a profile and its label (s): retail 1/5 (double), acdream-r6 0.2f, ACE 0.1. */
export function maxQuantum(profile: ProfileName | undefined): { value: number; label: string } {
  return profile === 'ace' ? { value: 0.1, label: '0.1 s' } : { value: 0.2, label: '0.2 s' };
}
