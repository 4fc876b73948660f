/* acphys — the PlayerDescription (GameEvent 0x0013), read as far as the skills (see messages.h):
 * u32 property flags, u32 weenie type, the property tables the flags name (each u16 count, u16
 * buckets, then its entries), u32 vector flags, u32 has-health, the attributes (u32 flags; the
 * six primaries 3 u32 each, the three vitals 4 u32 each) and the skills table (u32 id, u16
 * ranks, u16 adjust, u32 advancement class, u32 xp, u32 init level, u32 resistance, f64 last
 * used). Layout: the order the servers write it (ACE's GameEventPlayerDescription), which the
 * retail capture reads to its skills with the Run rate it implies; retail's readers are
 * CACQualities::UnPack, AttributeCache::UnPack (0x005CCFB0) and Skill::UnPack (0x005CAAC0). */
#include <string.h>

#include "net/msg_read.h"

/* Property table flags and entry sizes (key u32 + value). */
#define PT_INT32 0x01u
#define PT_BOOL 0x02u
#define PT_DOUBLE 0x04u
#define PT_DID 0x08u
#define PT_STRING 0x10u
#define PT_POSITION 0x20u
#define PT_IID 0x40u
#define PT_INT64 0x80u
#define VEC_ATTRIBUTE 0x1u
#define VEC_SKILL 0x2u
/** The most entries a property or skill table may claim. */
#define MAX_TABLE 4096u

/* A table of fixed-size entries. */
static void skip_table(acp_reader *r, size_t entry, const char *field)
{
    size_t at = r->pos;
    uint16_t n = acp_reader_u16(r, field);
    (void)acp_reader_u16(r, field);
    if (!acp_reader_check_count(r, n, entry, MAX_TABLE, at, field)) return;
    acp_reader_skip(r, (size_t)n * entry, field);
}

/* The string table: u32 key, u16 length, the bytes, padding so that length + 2 is a multiple
 * of 4. */
static void skip_strings(acp_reader *r)
{
    size_t at = r->pos;
    uint16_t n = acp_reader_u16(r, "player_description.strings.count");
    (void)acp_reader_u16(r, "player_description.strings.buckets");
    if (!acp_reader_check_count(r, n, 8, MAX_TABLE, at, "player_description.strings.count")) return;
    for (uint16_t i = 0; i < n && acp_reader_ok(r); i++) {
        (void)acp_reader_u32(r, "player_description.strings.key");
        uint16_t len = acp_reader_u16(r, "player_description.strings.length");
        acp_reader_skip(r, len, "player_description.strings.value");
        acp_reader_skip(r, (4 - ((2u + len) & 3)) & 3, "player_description.strings.padding");
    }
}

static void read_attributes(acp_reader *r, acp_msg_player_description *m)
{
    uint32_t f = acp_reader_u32(r, "player_description.attributes.flags");
    for (unsigned i = 0; i < 6; i++) {
        if (!(f & (1u << i))) continue;
        acp_net_attribute *a = &m->attributes[i];
        a->ranks = acp_reader_u32(r, "player_description.attributes.ranks");
        a->start = acp_reader_u32(r, "player_description.attributes.start");
        a->xp = acp_reader_u32(r, "player_description.attributes.xp");
        a->present = acp_reader_ok(r);
    }
    for (unsigned i = 6; i < 9; i++)
        if (f & (1u << i)) acp_reader_skip(r, 16, "player_description.vitals");
}

static void read_skill(acp_reader *r, acp_net_skill *s)
{
    s->ranks = acp_reader_u16(r, "player_description.skills.ranks");
    s->adjust = acp_reader_u16(r, "player_description.skills.adjust");
    s->advancement_class = acp_reader_u32(r, "player_description.skills.advancement_class");
    s->xp = acp_reader_u32(r, "player_description.skills.xp");
    s->init_level = acp_reader_u32(r, "player_description.skills.init_level");
    s->resistance = acp_reader_u32(r, "player_description.skills.resistance");
    uint8_t b[8];
    acp_reader_bytes(r, b, 8, "player_description.skills.last_used");
    uint64_t bits = (uint64_t)acp_get_u32(b) | (uint64_t)acp_get_u32(b + 4) << 32;
    memcpy(&s->last_used, &bits, 8);
    s->present = acp_reader_ok(r);
}

static void read_skills(acp_reader *r, acp_msg_player_description *m)
{
    size_t at = r->pos;
    uint16_t n = acp_reader_u16(r, "player_description.skills.count");
    (void)acp_reader_u16(r, "player_description.skills.buckets");
    if (!acp_reader_check_count(r, n, 32, MAX_TABLE, at, "player_description.skills.count")) return;
    for (uint16_t i = 0; i < n && acp_reader_ok(r); i++) {
        uint32_t id = acp_reader_u32(r, "player_description.skills.id");
        acp_net_skill s;
        memset(&s, 0, sizeof s);
        read_skill(r, &s);
        if (id == ACP_SKILL_RUN) m->run = s;
        else if (id == ACP_SKILL_JUMP) m->jump = s;
    }
}

void acp_msg_read_player_description(acp_reader *r, acp_msg_player_description *m)
{
    uint32_t f = acp_reader_u32(r, "player_description.property_flags");
    (void)acp_reader_u32(r, "player_description.weenie_type");
    if (f & PT_INT32) skip_table(r, 8, "player_description.int32.count");
    if (f & PT_INT64) skip_table(r, 12, "player_description.int64.count");
    if (f & PT_BOOL) skip_table(r, 8, "player_description.bool.count");
    if (f & PT_DOUBLE) skip_table(r, 12, "player_description.double.count");
    if (f & PT_STRING) skip_strings(r);
    if (f & PT_DID) skip_table(r, 8, "player_description.did.count");
    if (f & PT_IID) skip_table(r, 8, "player_description.iid.count");
    if (f & PT_POSITION) skip_table(r, 36, "player_description.position.count");
    uint32_t v = acp_reader_u32(r, "player_description.vector_flags");
    (void)acp_reader_u32(r, "player_description.has_health");
    if (v & VEC_ATTRIBUTE) read_attributes(r, m);
    if (v & VEC_SKILL) read_skills(r, m);
    /* Spells, enchantments and options follow: not physics, not read. */
}
