/* acphys — the CLI's DAT commands: dump, excerpt, list (see dat_cmd.c). Each takes the
 * arguments after the command name and returns the process exit status: 0 success, 1 a DAT or
 * I/O error (described on stderr), 2 a usage error. */
#ifndef ACP_CLI_DAT_CMD_H
#define ACP_CLI_DAT_CMD_H

/** `acphys dump <dat> <id>`: the record as one line of JSON on stdout. */
int acp_cli_dump(int argc, char **argv);
/** `acphys excerpt <dat> <id>... -o <out.dat>`: copy records into a new DAT of the same kind. */
int acp_cli_excerpt(int argc, char **argv);
/** `acphys list <dat>`: one line per directory entry: id, type, size, date, iteration. */
int acp_cli_list(int argc, char **argv);
/** The usage lines of these commands, for the main help. */
extern const char acp_cli_dat_usage[];

#endif
