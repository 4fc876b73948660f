/* acphys — retail CPartArray. See partarray.h. */
#include "partarray.h"

#include <stdlib.h>
#include <string.h>

#include "physobj.h"

static acp_partarray *alloc_partarray(struct acp_physobj *owner, uint32_t num_parts, uint32_t num_spheres)
{
    acp_partarray *pa = calloc(1, sizeof *pa);
    if (!pa) return NULL;
    pa->owner = owner;
    pa->num_parts = num_parts;
    pa->scale = (acp_vec3){1.0f, 1.0f, 1.0f};
    acp_sequence_init(&pa->sequence, owner);
    size_t n = num_parts ? num_parts : 1;
    pa->part_frames = calloc(n, sizeof *pa->part_frames);
    pa->part_translucency = calloc(n, sizeof(float));
    pa->part_luminosity = calloc(n, sizeof(float));
    pa->part_diffusion = calloc(n, sizeof(float));
    if (num_spheres) pa->spheres = calloc(num_spheres, sizeof *pa->spheres);
    if (!pa->part_frames || !pa->part_translucency || !pa->part_luminosity || !pa->part_diffusion ||
        (num_spheres && !pa->spheres)) {
        acp_partarray_destroy(pa);
        return NULL;
    }
    for (uint32_t i = 0; i < num_parts; i++) pa->part_frames[i] = acp_frame_identity();
    return pa;
}

acp_partarray *acp_partarray_create_spheres(struct acp_physobj *owner, const acp_sphere *spheres, uint32_t num_spheres)
{
    acp_partarray *pa = alloc_partarray(owner, 0, num_spheres);
    if (!pa) return NULL;
    if (num_spheres) memcpy((acp_sphere *)pa->spheres, spheres, num_spheres * sizeof *spheres);
    pa->num_spheres = num_spheres;
    return pa;
}

acp_partarray *acp_partarray_create(struct acp_physobj *owner, const acp_setup *setup)
{
    acp_partarray *pa = acp_partarray_create_spheres(owner, setup->spheres, setup->num_spheres);
    if (!pa) return NULL;
    pa->setup = setup;
    return pa;
}

void acp_partarray_destroy(acp_partarray *pa)
{
    if (!pa) return;
    free(pa->part_frames);
    free(pa->part_translucency);
    free(pa->part_luminosity);
    free(pa->part_diffusion);
    free((acp_sphere *)pa->spheres);
    free(pa);
}

void acp_partarray_update(acp_partarray *pa, float quantum, acp_frame *offset_frame)
{
    acp_sequence_update(&pa->sequence, quantum, offset_frame);
}

void acp_partarray_set_frame(acp_partarray *pa, const acp_frame *frame)
{
    (void)pa;
    (void)frame;
}

void acp_partarray_handle_movement(acp_partarray *pa) { (void)pa; }

void acp_partarray_animation_done(acp_partarray *pa, bool success)
{
    (void)pa;
    (void)success;
}

void acp_partarray_set_scale(acp_partarray *pa, acp_vec3 scale) { pa->scale = scale; }

void acp_partarray_set_part_value(acp_partarray *pa, float *values, uint32_t part, float value)
{
    if (part == UINT32_MAX) {
        for (uint32_t i = 0; i < pa->num_parts; i++) values[i] = value;
        return;
    }
    if (part < pa->num_parts) values[part] = value;
}
