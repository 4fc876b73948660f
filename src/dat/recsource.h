/* acphys — where the physics finds DAT records by id: animations (0x03...) and motion tables
 * (0x09...), as retail's DBObj::Get does for AnimSequenceNode::set_animation_id and
 * MotionTableManager::SetMotionTableID.
 *
 * CONVENTIONS
 *   A source is a pair of lookup functions and an opaque context. The scenario runner wraps the
 *   DAT set (acp_datset_animation / acp_datset_motion_table); tests and the ABI fixtures use
 *   acp_record_array below. A lookup returns NULL for an id it does not hold (retail: DBObj::Get
 *   fails); the caller then behaves as retail does with a NULL record.
 *   Records are borrowed: they must outlive every object that uses them, and must not change
 *   while one does (a part array checks an animation's part frames once: partarray.c).
 */
#ifndef ACP_RECSOURCE_H
#define ACP_RECSOURCE_H

#include <stdint.h>

#include "records.h"

/** Lookups of DAT records by id; either function may be NULL (every lookup then fails). */
typedef struct acp_record_source {
    const void *ctx;
    const acp_animation *(*animation)(const void *ctx, uint32_t id);
    const acp_motion_table *(*motion_table)(const void *ctx, uint32_t id);
} acp_record_source;

/** The animation `id` of the source, or NULL. */
const acp_animation *acp_records_animation(const acp_record_source *src, uint32_t id);
/** The motion table `id` of the source, or NULL. */
const acp_motion_table *acp_records_motion_table(const acp_record_source *src, uint32_t id);

/** Records held in plain arrays (any order; the first with a matching id wins). */
typedef struct acp_record_array {
    uint32_t num_animations;
    const acp_animation *const *animations;
    uint32_t num_motion_tables;
    const acp_motion_table *const *motion_tables;
} acp_record_array;

/** A source reading `arr` (which must outlive the source). */
acp_record_source acp_record_array_source(const acp_record_array *arr);

#endif
