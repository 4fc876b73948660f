/* acphys — network status codes and diagnostics (see status.h). */
#include "net/status.h"

#include <stdio.h>
#include <stdlib.h>

#define ACP_NET_MSG_(name, msg) msg,
static const char *const status_messages[] = { ACP_NET_STATUS_LIST(ACP_NET_MSG_) };
#undef ACP_NET_MSG_
#define ACP_NET_NAME_(name, msg) "ACP_NET_" #name,
static const char *const status_names[] = { ACP_NET_STATUS_LIST(ACP_NET_NAME_) };
#undef ACP_NET_NAME_

const char *acp_net_status_string(acp_net_status status)
{
    if ((unsigned)status >= (unsigned)ACP_NET_STATUS_COUNT) return "unknown status";
    return status_messages[status];
}

const char *acp_net_status_name(acp_net_status status)
{
    if ((unsigned)status >= (unsigned)ACP_NET_STATUS_COUNT) return "ACP_NET_UNKNOWN";
    return status_names[status];
}

static bool grow(acp_net_diags *list)
{
    if (list->count < list->capacity) return true;
    size_t cap = list->capacity ? list->capacity * 2 : 16;
    if (cap > ACP_NET_MAX_DIAGS) cap = ACP_NET_MAX_DIAGS;
    acp_net_diag *items = realloc(list->items, cap * sizeof *items);
    if (!items) return false;
    list->items = items;
    list->capacity = cap;
    return true;
}

acp_net_status acp_net_diags_add(acp_net_diags *list, acp_net_status status, acp_net_where where,
                                 int32_t datagram, uint64_t offset, const char *field)
{
    if (!list) return status;
    if (list->count >= ACP_NET_MAX_DIAGS || !grow(list)) {
        list->dropped++;
        return status;
    }
    acp_net_diag *d = &list->items[list->count++];
    d->status = status;
    d->message = acp_net_status_string(status);
    d->field = field ? field : "";
    d->where = where;
    d->offset = offset;
    d->datagram = datagram;
    d->line = 0;
    d->opcode = 0;
    return status;
}

void acp_net_diags_free(acp_net_diags *list)
{
    if (!list) return;
    free(list->items);
    list->items = NULL;
    list->count = list->capacity = list->dropped = 0;
}

char *acp_net_diag_format(const acp_net_diag *d, char *buf, size_t cap)
{
    if (!buf || cap == 0) return buf;
    const char *name = acp_net_status_name(d->status);
    const char *field = d->field && d->field[0] ? d->field : "-";
    if (d->where == ACP_NET_AT_MESSAGE)
        snprintf(buf, cap, "%s at message offset %llu (field %s, opcode 0x%04X, datagram %d): %s", name,
                 (unsigned long long)d->offset, field, (unsigned)d->opcode, (int)d->datagram, d->message);
    else if (d->where == ACP_NET_AT_DATAGRAM)
        snprintf(buf, cap, "%s at datagram %d offset %llu (field %s): %s", name, (int)d->datagram,
                 (unsigned long long)d->offset, field, d->message);
    else if (d->line)
        snprintf(buf, cap, "%s at line %u, file offset %llu (field %s): %s", name, (unsigned)d->line,
                 (unsigned long long)d->offset, field, d->message);
    else
        snprintf(buf, cap, "%s at file offset %llu (field %s): %s", name, (unsigned long long)d->offset,
                 field, d->message);
    return buf;
}
