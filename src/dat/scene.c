/* acphys — the Scene record (portal 0x12xxxxxx): retail Scene::UnPack (0x005A6300) with
 * ObjectDesc::UnPack (0x005A6110) per object. Read against PORTAL/region/Scene.c.
 *
 * Layout: id, object count (u32), then per object (76 bytes): object id (u32), base frame
 * (Frame::UnPack: origin x, y, z, then qw, qx, qy, qz), freq, displace_x, displace_y,
 * min_scale, max_scale, max_rot, min_slope, max_slope (f32 each), align, orient, weenie_obj
 * (u32 each).
 *
 * Checks (retail has none): the count against the bytes left (ERR_COUNT) and ACP_MAX_PLACEMENTS
 * (ERR_LIMIT); the frame as every record frame (reader.h); finite floats (ERR_FLOAT_NOT_FINITE);
 * a scale range that is not positive (ERR_SCENE_SCALE, at min_scale: ObjectDesc::ScaleObj
 * divides max_scale by min_scale and raises the ratio to a power, so a zero or negative bound
 * would give an infinite or NaN scale); no trailing bytes.
 */
#include "unpack.h"

/* Retail: ObjectDesc::UnPack (0x005A6110). */
static void unpack_object_desc(acp_reader *r, acp_object_desc *o)
{
    o->obj_id = acp_reader_u32(r, "scene.objects.obj_id");
    o->base_loc = acp_reader_aframe(r, "scene.objects.base_loc");
    o->freq = acp_reader_f32_finite(r, "scene.objects.freq");
    o->displace_x = acp_reader_f32_finite(r, "scene.objects.displace_x");
    o->displace_y = acp_reader_f32_finite(r, "scene.objects.displace_y");
    size_t at = r->pos;
    o->min_scale = acp_reader_f32_finite(r, "scene.objects.min_scale");
    o->max_scale = acp_reader_f32_finite(r, "scene.objects.max_scale");
    if (acp_reader_ok(r) && !(o->min_scale > 0.0f && o->max_scale > 0.0f))
        acp_reader_fail(r, ACP_DAT_ERR_SCENE_SCALE, at, "scene.objects.min_scale");
    o->max_rot = acp_reader_f32_finite(r, "scene.objects.max_rot");
    o->min_slope = acp_reader_f32_finite(r, "scene.objects.min_slope");
    o->max_slope = acp_reader_f32_finite(r, "scene.objects.max_slope");
    o->align = acp_reader_u32(r, "scene.objects.align");
    o->orient = acp_reader_u32(r, "scene.objects.orient");
    o->weenie_obj = acp_reader_u32(r, "scene.objects.weenie_obj");
}

/* Retail: Scene::UnPack (0x005A6300). */
void acp_unpack_scene(acp_reader *r, acp_arena *a, void *out)
{
    acp_scene *s = out;
    s->id = acp_reader_u32(r, "scene.id");
    s->num_objects = acp_reader_count(r, 76, ACP_MAX_PLACEMENTS, "scene.num_objects");
    s->objects = acp_unpack_array(r, a, s->num_objects, sizeof *s->objects, "scene.objects");
    for (uint32_t i = 0; s->objects && i < s->num_objects && acp_reader_ok(r); i++) unpack_object_desc(r, &s->objects[i]);
    acp_unpack_expect_end(r);
}
