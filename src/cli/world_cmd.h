/* acphys — `acphys world <cell dat> <landblock id> [--portal <portal dat>]` (world_cmd.c): the
 * static world of one landblock as JSON, the same code natively, through the .wasm
 * (`npx acphys world`) and in the JavaScript library (`acp.world`, wasm/abi/cli.c), on the
 * DAT commands' host (dat_cmd.h). */
#ifndef ACP_CLI_WORLD_CMD_H
#define ACP_CLI_WORLD_CMD_H

#include "dat_cmd.h"

/** The command with argv[0..argc) (the arguments after "world"): the JSON on the host's stdout
 *  and status 0; 1 with a message on its stderr when a DAT cannot be opened or read or holds no
 *  such LandBlock (or Region 0x13000000); 2 on a usage error (argument count, an id not hex).
 *  Retail: CLandBlock::init_buildings (0x0052FD80), CLandBlock::init_static_objs (0x00530A40). */
int acp_world_cli(const acp_dat_cli_host *host, int argc, char **argv);

#endif
