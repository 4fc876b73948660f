/* acphys — cJSON tree → jsonv tree. See cjson_bridge.h. */
#define _POSIX_C_SOURCE 200809L /* fstat, fileno */

#include "cjson_bridge.h"

#include "scenario/jsoncheck.h"

#include <errno.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

static const char *convert(acp_jsonv_doc *doc, const cJSON *item, acp_jsonv *out, int depth)
{
    if (cJSON_IsNull(item)) {
        out->type = ACP_JSONV_NULL;
    } else if (cJSON_IsBool(item)) {
        out->type = ACP_JSONV_BOOL;
        out->boolean = cJSON_IsTrue(item);
    } else if (cJSON_IsNumber(item)) {
        out->type = ACP_JSONV_NUMBER;
        out->number = item->valuedouble;
    } else if (cJSON_IsString(item)) {
        size_t n = strlen(item->valuestring);
        if (n > UINT32_MAX) return "a string is too long";
        out->type = ACP_JSONV_STRING;
        out->count = (uint32_t)n;
        out->string = acp_jsonv_copy_string(doc, item->valuestring, (uint32_t)n);
        if (!out->string) return "out of memory";
    } else if (cJSON_IsArray(item) || cJSON_IsObject(item)) {
        if (depth >= ACP_JSONV_MAX_DEPTH) return "nesting deeper than 64 levels";
        bool object = cJSON_IsObject(item);
        int n = cJSON_GetArraySize(item);
        if (n < 0) return "not valid JSON";
        out->type = object ? ACP_JSONV_OBJECT : ACP_JSONV_ARRAY;
        if (object) out->members = acp_jsonv_alloc_members(doc, (uint32_t)n);
        else out->items = acp_jsonv_alloc_items(doc, (uint32_t)n);
        if (object ? !out->members : !out->items) return "out of memory";
        uint32_t i = 0;
        for (const cJSON *child = item->child; child && i < (uint32_t)n; child = child->next, i++) {
            acp_jsonv *v = object ? &out->members[i].value : &out->items[i];
            if (object) {
                const char *key = child->string ? child->string : "";
                size_t kn = strlen(key);
                if (kn > UINT32_MAX) return "a key is too long";
                out->members[i].key = acp_jsonv_copy_string(doc, key, (uint32_t)kn);
                out->members[i].key_len = (uint32_t)kn;
                if (!out->members[i].key) return "out of memory";
            }
            const char *err = convert(doc, child, v, depth + 1);
            if (err) return err;
            out->count = i + 1;
        }
        if (object) acp_jsonv_object_dedupe(out);
    } else {
        return "not valid JSON";
    }
    return NULL;
}

static void put_err(char *err, size_t err_size, const char *msg)
{
    if (err && err_size) snprintf(err, err_size, "%s", msg);
}

acp_jsonv_doc *acp_cjson_parse(const char *text, size_t len, char *err, size_t err_size)
{
    return acp_cjson_parse_ex(text, len, false, err, err_size);
}

acp_jsonv_doc *acp_cjson_parse_ex(const char *text, size_t len, bool trace, char *err, size_t err_size)
{
    put_err(err, err_size, "");
    /* The one strict check both hosts run (cJSON alone accepts 01, 1. and a \u0000 that ends a
     * string early); it also refuses a NUL byte, which cJSON would take for the end. */
    char where[160];
    if (!acp_json_check_ex(text, len, trace, where, sizeof where)) {
        if (err && err_size) snprintf(err, err_size, "not valid JSON: %s", where);
        return NULL;
    }
    char *copy = malloc(len + 1);
    if (!copy) {
        put_err(err, err_size, "out of memory");
        return NULL;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    cJSON *root = cJSON_ParseWithLengthOpts(copy, len + 1, NULL, 1);
    free(copy);
    if (!root) {
        put_err(err, err_size, "not valid JSON");
        return NULL;
    }
    acp_jsonv_doc *doc = acp_jsonv_doc_create();
    const char *msg = doc ? convert(doc, root, acp_jsonv_root(doc), 0) : "out of memory";
    cJSON_Delete(root);
    if (msg) {
        put_err(err, err_size, msg);
        acp_jsonv_doc_destroy(doc);
        return NULL;
    }
    return doc;
}

char *acp_read_file(const char *path, size_t max_size, size_t *len, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (err && err_size) snprintf(err, err_size, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > max_size) {
        bool regular = S_ISREG(st.st_mode);
        fclose(f);
        if (err && err_size) {
            if (!regular) snprintf(err, err_size, "not a regular file");
            else snprintf(err, err_size, "larger than %zu MiB", max_size >> 20);
        }
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n + 1 >= cap) {
            char *grown = cap < SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
        if (got == 0) break;
        if (n > max_size) { /* it grew while we read */
            free(buf);
            buf = NULL;
            break;
        }
    }
    bool oom = !buf;
    bool failed = oom || ferror(f);
    int saved = errno;
    fclose(f);
    if (failed) {
        free(buf);
        if (err && err_size) snprintf(err, err_size, "cannot read: %s", oom ? "out of memory" : strerror(saved));
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}
