/* acphys — the native CLI's scenario commands (issue 5). main.c dispatches to them. */
#ifndef ACP_CLI_COMMANDS_H
#define ACP_CLI_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "scenario/diff.h"

/** `acphys run <scenario.json> [--trace out.jsonl] [--profile NAME] [--quiet] [--force]`: argv
 *  holds the arguments after "run". Returns the exit status: 0 done, 1 a bad scenario or excerpt,
 *  2 usage (naming the argument) or a trace estimated above 2 GB without --force. */
int acp_cli_run(int argc, char **argv);
/** `acphys world <cell dat> <landblock id> [--portal <portal dat>]` (world_cmd.c). */
int acp_cli_world(int argc, char **argv);

/** `acphys diff <a.jsonl> <b.jsonl> [options]`: 0 identical (or agreeing under the options), 1
 *  different, 2 usage (naming the argument), an unreadable file or one that is not a trace. */
int acp_cli_diff(int argc, char **argv);

/** Compare two traces' texts (JSON Lines; the texts are not modified) into d (initialised with
 *  its options): b is scanned first, then the lines compared and acp_trace_diff_finish called.
 *  With d->opt.all each differing line's summary goes to all_out (when not NULL). False when out
 *  of memory. */
bool acp_cli_diff_texts(acp_trace_diff *d, char *a, size_t la, char *b, size_t lb, FILE *all_out);
/** As acp_cli_diff_texts, and traces of two shapes: frames against quanta records
 *  (acp_trace_diff_shapes), or two dereth traces (acp_dereth_diff: bit for bit with exact, else
 *  dereth's tolerance rule). */
bool acp_cli_diff_shaped(acp_trace_diff *d, char *a, size_t la, char *b, size_t lb, FILE *all_out, bool exact);

/** The record kind of a trace's text (JSON Lines, not modified): the shape of its first line
 *  that is not a closing line (diff.h acp_trace_line_shape), ACP_TRACE_SHAPE_NONE when that line
 *  does not parse or there is none. conform_cmd.c picks the golden by it. */
acp_trace_shape acp_cli_text_shape(char *text, size_t len);

/** Apply the diff option argv[*i] (and its value, advancing *i) to o; 0, or 2 after printing the
 *  error. */
int acp_cli_parse_diff_option(acp_diff_options *o, int argc, char **argv, int *i);

/** " its first bytes are <hex> "<text>"" and a newline: at most the first 16 bytes of a file
 *  that is not what a command wanted, in hex and as text (printable ASCII as it is, \n \r \t
 *  escaped, any other byte a '.'; "..." after when the file goes on). */
void acp_cli_print_first_bytes(FILE *f, const unsigned char *bytes, size_t len);

/** `acphys conform <dir> [--suite DIR] [--group G] [diff options]`: 0 when every judged case
 *  passes, 1 otherwise, 2 usage or an unreadable suite. */
int acp_cli_conform(int argc, char **argv);

/** `acphys replay <capture> [options]` (docs/REPLAY.md): 0 done, 1 a bad capture, DAT or failed
 *  run or write, 2 usage (naming the argument) or an output that names an input. */
int acp_cli_replay(int argc, char **argv);

#endif
