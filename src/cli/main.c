/* acphys — the native command line. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_cmd.h"
#include "dat_cmd.h"
#include "commands.h"
#include "physics/geometry/mathx.h"
#include "scenario/text.h"
#include "scenario/worldgen.h"
#include "base/version.h"

/* The digests' largest count: 100 million inputs run in seconds. */
#define ACP_CLI_MAX_DIGEST_COUNT 100000000u

static int usage(FILE *out)
{
    fprintf(out,
            "acphys %s: the Asheron's Call retail per-object physics update\n"
            "usage:\n"
            "  acphys help               this text (also --help, -h)\n"
            "  acphys version            print the version (also --version)\n"
            "  acphys math-digest [n]    digest of the deterministic math over n inputs\n"
            /* ---- scenarios and traces ---- */
            "  acphys run <scenario.json> [--trace out.jsonl] [--records frames|quanta] [--format acphys|dereth] "
            "[--profile retail|acdream-r6|ace|render-frame] [--peer NAME]... [--quiet] [--force] [--inspect <object>:<frame>] [--snapshot-at N --snapshot F] [--resume F]\n"
            "                            run a scenario: per-frame table on stdout, trace to a file\n"
            "                            (--force: a trace estimated above 2 GB too)\n"
            "  acphys diff <a.jsonl> <b.jsonl> [--fields a,b,c] [--ulps N] [--abs X] [--all]\n"
            "                            first frame and field where two traces differ (--all: every frame)\n"
            "  acphys conform <dir> [--group G] [--fields a,b,c] [--ulps N] [--abs X] [--suite DIR]\n"
            "                            judge a port's traces (<dir>/<case>.jsonl) against the conformance suite\n"
            "  acphys replay <capture> [--portal <dat>] [--cell <dat>]... [--no-default] [--resync]\n"
            "                [--frames 60hz|datagrams] [--threshold <m>] [--report <r.json>] [--scenario <s.json>] [--quiet]\n"
            "                            replay a capture of the retail client and compare it at every\n"
            "                            client report (docs/REPLAY.md)\n"
            "  acphys format-digest [n]  digest of the trace number formatting over n values\n"
            "  acphys worldgen <seed> [--cells <file.dat>]\n"
            "                            print the random world of seed (0..4294967295) as a scenario (the twin's\n"
            "                            lane, docs/SHORTCUTS.md); --cells: buildings of its own, in that file\n"
            "  acphys world <cell dat> <landblock id> [--portal <portal dat>]\n"
            "                            the static world of one landblock as JSON: buildings, LandBlockInfo\n"
            "                            statics, scenery (init_static_objs' order), EnvCell statics\n"
            "%s%s",
            acp_version(), acp_cli_dat_usage, acp_cli_bench_usage);
    return out == stdout ? 0 : 2;
}

/* A count argument: decimal digits only, at most `max`; the default when absent. */
static int count_arg(int argc, char **argv, unsigned dflt, unsigned max, unsigned *n)
{
    *n = dflt;
    if (argc < 3) return 0;
    const char *s = argv[2];
    char *end = NULL;
    bool digit = s[0] >= '0' && s[0] <= '9';
    unsigned long v = digit ? strtoul(s, &end, 10) : 0;
    if (argc > 3 || !digit || *end || v > max) {
        fprintf(stderr, "acphys %s: the count must be a whole number from 0 to %u, not \"%s\"\n", argv[1], max,
                argc > 3 ? argv[3] : s);
        return 2;
    }
    *n = (unsigned)v;
    return 0;
}

/* A file name the generator may put in a scenario's "excerpts" as it is. */
static bool plain_name(const char *s)
{
    if (!*s || !strcmp(s, ".") || !strcmp(s, "..")) return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '.' ||
              *s == '_' || *s == '-'))
            return false;
    return true;
}

/* `acphys worldgen <seed> [--cells <dir/name.dat>]`: the random world of seed on stdout; with
 * --cells, half of the worlds get buildings of their own, written to that file (only then),
 * which the scenario names by its file name (keep the two in one folder). */
static int worldgen(int argc, char **argv)
{
    const char *s = argc >= 1 ? argv[0] : "", *cells_path = NULL;
    if (argc == 3 && !strcmp(argv[1], "--cells")) cells_path = argv[2];
    else if (argc != 1) {
        fprintf(stderr, "acphys worldgen: usage: acphys worldgen <seed> [--cells <file.dat>], not %d arguments\n", argc);
        return 2;
    }
    char *end = NULL;
    bool digit = s[0] >= '0' && s[0] <= '9';
    unsigned long long v = digit ? strtoull(s, &end, 10) : 0;
    if (!digit || *end || v > 4294967295ull) {
        fprintf(stderr, "acphys worldgen: the seed must be a whole number from 0 to 4294967295, not \"%s\"\n", s);
        return 2;
    }
    const char *name = cells_path ? strrchr(cells_path, '/') : NULL;
    name = name ? name + 1 : cells_path;
    if (cells_path && !plain_name(name)) {
        fprintf(stderr, "acphys worldgen: --cells: the file name must be letters, digits, '.', '_' or '-', not \"%s\"\n",
                name);
        return 2;
    }
    size_t len, cells_size = 0;
    uint8_t *cells = NULL;
    char *text = acp_worldgen_ex((uint32_t)v, NULL, 0, name, &len, &cells, &cells_size);
    if (!text) {
        fprintf(stderr, "acphys worldgen: out of memory\n");
        return 1;
    }
    if (cells) {
        FILE *f = fopen(cells_path, "wb");
        bool ok = f && fwrite(cells, 1, cells_size, f) == cells_size;
        if (f && fclose(f) != 0) ok = false;
        free(cells);
        if (!ok) {
            fprintf(stderr, "acphys worldgen: cannot write %s: %s\n", cells_path, strerror(errno));
            free(text);
            return 1;
        }
    }
    fwrite(text, 1, len, stdout);
    free(text);
    return 0;
}

static int dispatch(int argc, char **argv);

int main(int argc, char **argv)
{
    int status = dispatch(argc, argv);
    /* A full disk or a closed pipe behind a redirection must not pass for success. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "acphys: cannot write the output: %s\n", strerror(errno));
        if (status == 0) status = 1;
    }
    return status;
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2) return usage(stderr);
    if (!strcmp(argv[1], "version") || !strcmp(argv[1], "--version")) {
        printf("%s\n", acp_version());
        return 0;
    }
    if (!strcmp(argv[1], "math-digest")) {
        unsigned n;
        if (count_arg(argc, argv, 20000u, ACP_CLI_MAX_DIGEST_COUNT, &n)) return 2;
        printf("%016llx\n", acp_math_digest(n));
        return 0;
    }
    if (!strcmp(argv[1], "dump")) return acp_cli_dump(argc - 2, argv + 2);
    if (!strcmp(argv[1], "excerpt")) return acp_cli_excerpt(argc - 2, argv + 2);
    if (!strcmp(argv[1], "list")) return acp_cli_list(argc - 2, argv + 2);
    if (!strcmp(argv[1], "world")) return acp_cli_world(argc - 2, argv + 2);
    /* ---- scenarios and traces ---- */
    if (!strcmp(argv[1], "run")) return acp_cli_run(argc - 2, argv + 2);
    if (!strcmp(argv[1], "format-digest")) { /* the WASM build must print the same characters */
        unsigned n;
        if (count_arg(argc, argv, 100000u, ACP_CLI_MAX_DIGEST_COUNT, &n)) return 2;
        printf("%016llx\n", (unsigned long long)acp_text_format_digest(n));
        return 0;
    }
    if (!strcmp(argv[1], "worldgen")) return worldgen(argc - 2, argv + 2);
    if (!strcmp(argv[1], "diff")) return acp_cli_diff(argc - 2, argv + 2);
    if (!strcmp(argv[1], "conform")) return acp_cli_conform(argc - 2, argv + 2);
    if (!strcmp(argv[1], "replay")) return acp_cli_replay(argc - 2, argv + 2);
    if (!strcmp(argv[1], "bench")) return acp_cli_bench(argc - 2, argv + 2);
    if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) return usage(stdout);
    fprintf(stderr, "acphys: unknown command '%s'\n", argv[1]);
    return usage(stderr);
}
