/* acphys — the library's version string. */
#include "version.h"

const char *acp_version(void) { return ACP_VERSION_STRING; }
