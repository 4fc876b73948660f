/* acphys — `acphys bench`: the native half of the benchmarks (scripts/bench.mjs runs it and the
 * WebAssembly half, and prints the comparison). Each subcommand prints one line of JSON on
 * stdout and returns the exit status: 0 success, 1 a failure (described on stderr, and for
 * `world` a non-zero allocation count inside UseTime), 2 a usage error. */
#ifndef ACP_CLI_BENCH_CMD_H
#define ACP_CLI_BENCH_CMD_H

/** `acphys bench <world|kernel|dat-gen|dat-read> ...` (the arguments after "bench"). */
int acp_cli_bench(int argc, char **argv);
/** The usage lines of the command, for the main help. */
extern const char acp_cli_bench_usage[];

#endif
