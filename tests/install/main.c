/* A user's program: only <acphys.h>, linked against an installed acphys (tests/install/run.cmake).
 * Makes a world with the default records, a human on the Holtburg terrain, runs one second at
 * 30 Hz, and prints the API version and where the human stands. Exit 1 on any failure. */
#include <acphys.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    if (strcmp(acp_api_version(), ACP_API_VERSION) != 0) return 1;
    acp_world_def wd = acp_default_world_def();
    acp_world_id w;
    if (acp_create_world(&wd, &w) != ACP_OK) return 1;
    if (acp_world_load_default_records(w) != ACP_OK) return 1;
    acp_object_def od = acp_default_object_def();
    od.id = 0x50000001u;
    od.setup = 0x02000001u;
    od.pose.cell = 0xA9B40017u;
    od.pose.origin[0] = 84.0f, od.pose.origin[1] = 156.0f, od.pose.origin[2] = 60.0f;
    if (acp_create_object(w, &od) != ACP_OK) {
        fprintf(stderr, "%s\n", acp_error_message());
        return 1;
    }
    for (int k = 1; k <= 30; k++)
        if (acp_world_step(w, k / 30.0) != ACP_OK) return 1;
    acp_object_state s;
    if (acp_object_get_state(w, od.id, &s) != ACP_OK) return 1;
    /* a bad id comes back as an error with its message, never a crash */
    if (acp_object_get_state(w, 7u, &s) != ACP_ERR_OBJECT || !strstr(acp_error_message(), "object_id")) return 1;
    printf("acphys %s (%s): cell 0x%08X contact %d\n", acp_api_version(), acp_build_digest(), (unsigned)s.cell, (int)s.contact);
    return acp_destroy_world(w) == ACP_OK ? 0 : 1;
}
