/* acphys — version. */
#ifndef ACP_VERSION_H
#define ACP_VERSION_H

/** The library version ("major.minor.patch"), a static string. */
const char *acp_version(void);

#endif
