/* acphys — the native CLI's scenario commands (issue 5). main.c dispatches to them. */
#ifndef ACP_CLI_COMMANDS_H
#define ACP_CLI_COMMANDS_H

/** `acphys run <scenario.json> [--trace out.jsonl] [--profile NAME] [--quiet] [--force]`: argv
 *  holds the arguments after "run". Returns the exit status: 0 done, 1 a bad scenario or excerpt,
 *  2 usage (naming the argument) or a trace estimated above 2 GB without --force. */
int acp_cli_run(int argc, char **argv);

/** `acphys diff <a.jsonl> <b.jsonl>`: 0 identical, 1 different, 2 usage or unreadable file. */
int acp_cli_diff(int argc, char **argv);

#endif
