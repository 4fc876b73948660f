/* acphys — the public API's version and build digest (include/acphys.h, "version"). In the
 * library's build only (cmake/library.cmake): the digest is generated over the library's sources
 * (cmake/build_digest.cmake), which the CLI and the WebAssembly module, whose runner uses the
 * API's worlds (src/api/acphys.c), do not need. Not retail. */
#include "acphys.h"

#include "base/version.h"

extern const char acp_build_digest_hex[]; /* generated: cmake/build_digest.cmake */

ACP_API const char *acp_api_version(void) { return ACP_API_VERSION; }
ACP_API const char *acp_library_version(void) { return acp_version(); }
ACP_API const char *acp_build_digest(void) { return acp_build_digest_hex; }
