/* acphys — the DAT records a run reads. See excerpts.h.
 *
 * INTEGRATION POINT (branch `dat`): the ACP_HAVE_DATSET half compiles against src/dat/dat.h as
 * the DAT branch publishes it; the other half stands in until that branch is merged. */
#include "excerpts.h"

#include <stdlib.h>
#include <string.h>

#include "text.h"

#if defined(ACP_HAVE_DATSET) && ACP_HAVE_DATSET

#include "../dat/dat.h"

struct acp_excerpts {
    acp_datset *set;
};

bool acp_excerpts_supported(void) { return true; }

acp_excerpts *acp_excerpts_create(void)
{
    acp_excerpts *ex = calloc(1, sizeof *ex);
    if (!ex) return NULL;
    ex->set = acp_datset_create();
    if (!ex->set) {
        free(ex);
        return NULL;
    }
    return ex;
}

void acp_excerpts_destroy(acp_excerpts *ex)
{
    if (!ex) return;
    acp_datset_destroy(ex->set);
    free(ex);
}

bool acp_excerpts_add(acp_excerpts *ex, const uint8_t *bytes, size_t size, char *msg, size_t msg_size)
{
    acp_dat_error err;
    memset(&err, 0, sizeof err);
    acp_dat_status st = acp_datset_add_dat_bytes(ex->set, bytes, size, &err);
    if (st == ACP_DAT_OK) return true;
    if (msg && msg_size) {
        acp_text t;
        acp_text_fixed(&t, msg, msg_size);
        acp_text_put(&t, "not a readable DAT file: ");
        acp_text_put(&t, acp_dat_status_string(st));
        acp_text_put(&t, " (");
        if (err.record_id) {
            acp_text_put(&t, "record ");
            acp_text_put_hex32(&t, err.record_id);
            acp_text_put(&t, ", ");
        }
        acp_text_put(&t, "byte ");
        acp_text_put_u64(&t, err.offset);
        if (err.field && err.field[0]) {
            acp_text_put(&t, ", field ");
            acp_text_put(&t, err.field);
        }
        acp_text_put(&t, ")");
    }
    return false;
}

const acp_setup *acp_excerpts_setup(const acp_excerpts *ex, uint32_t id) { return acp_datset_setup(ex->set, id); }

const acp_animation *acp_excerpts_animation(const acp_excerpts *ex, uint32_t id)
{
    return acp_datset_animation(ex->set, id);
}

const acp_motion_table *acp_excerpts_motion_table(const acp_excerpts *ex, uint32_t id)
{
    return acp_datset_motion_table(ex->set, id);
}

const struct acp_datset *acp_excerpts_datset(const acp_excerpts *ex) { return ex->set; }

#else /* no DAT reader in this build yet */

struct acp_excerpts {
    uint32_t added;                  /* excerpts handed in (not read) */
};

bool acp_excerpts_supported(void) { return false; }

acp_excerpts *acp_excerpts_create(void) { return calloc(1, sizeof(acp_excerpts)); }

void acp_excerpts_destroy(acp_excerpts *ex) { free(ex); }

bool acp_excerpts_add(acp_excerpts *ex, const uint8_t *bytes, size_t size, char *msg, size_t msg_size)
{
    (void)bytes;
    (void)size;
    (void)msg;
    (void)msg_size;
    ex->added++;
    return true;
}

const acp_setup *acp_excerpts_setup(const acp_excerpts *ex, uint32_t id)
{
    (void)ex;
    (void)id;
    return NULL;
}

const acp_animation *acp_excerpts_animation(const acp_excerpts *ex, uint32_t id)
{
    (void)ex;
    (void)id;
    return NULL;
}

const acp_motion_table *acp_excerpts_motion_table(const acp_excerpts *ex, uint32_t id)
{
    (void)ex;
    (void)id;
    return NULL;
}

const struct acp_datset *acp_excerpts_datset(const acp_excerpts *ex)
{
    (void)ex;
    return NULL;
}

#endif
