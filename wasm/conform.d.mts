// Types of wasm/conform.mjs: the diff options and `acphys conform` through the .wasm (Node only).
import type { Acphys } from './acphys.mjs';

/** The conformance suite shipped with the package (conformance/v1). */
export declare const SUITE_DIR: string;

/** Parse diff options (--fields, --ulps, --abs, and --all when allowed) out of args: a pointer
 *  to free with acp_abi_diff_options_free and the other arguments, or the error message. */
export declare function diffOptions(acp: Acphys, args: string[], opts?: { allowAll?: boolean }):
  { options: number; rest: string[]; error?: undefined } | { error: string; options?: undefined; rest?: undefined };

/** The options' usage text. */
export declare function diffOptionsUsage(acp: Acphys): string;

/** What conform() judges, as `acphys conform`'s options: `suite` (--suite; default SUITE_DIR),
 *  `group` (--group), `fields` (--fields: an array or "a,b,c"), `ulps` (--ulps: N, or float and
 *  double apart), `abs` (--abs). `options`: a pointer from diffOptions instead of fields, ulps
 *  and abs (the CLI's way; not freed). `format` "acphys" is the default; "dereth" and `exact`
 *  (dereth's records) are the native CLI's for now: status 2 with npx's message. */
export interface ConformOptions {
  suite?: string;
  group?: string;
  fields?: string[] | string;
  ulps?: number | { float?: number; double?: number };
  abs?: number;
  format?: 'acphys' | 'dereth';
  exact?: boolean;
  options?: number;
}

/** Judge the traces in `dir` (<case>.jsonl) against the suite: status 0 all pass, 1 not, 2 usage
 *  or suite error (a bad option: its message, as the CLI's); `out` the report, `err` a message
 *  (without "acphys: "). */
export declare function conform(acp: Acphys, dir: string, opts?: ConformOptions):
  { status: 0 | 1 | 2; out?: string; err?: string };

/** The bytes of a file's first line that is not blank, or null (no such line). */
export declare function firstLine(bytes: Uint8Array): Uint8Array | null;

/** True when a line opens a JSON object ('{' after spaces, tabs or a UTF-8 byte order mark). */
export declare function opensObject(line: Uint8Array): boolean;
