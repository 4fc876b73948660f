/* acphys — the GfxObj physics a world builds for its objects' parts (retail's DBObj cache of
 * CGfxObj). See physics.h. Built at load time only; nothing here runs during an update. */
#include <stdlib.h>

#include "dat/dat.h"
#include "physics.h"
#include "physics/shapes/gfxobj.h"

static acp_gfxobj_physics *cached(const acp_world *w, uint32_t id)
{
    for (uint32_t i = 0; i < w->num_gfxobjs; i++)
        if (w->gfxobjs[i]->id == id) return w->gfxobjs[i];
    return NULL;
}

static bool grow(acp_world *w)
{
    if (w->num_gfxobjs < w->cap_gfxobjs) return true;
    uint32_t cap = w->cap_gfxobjs ? w->cap_gfxobjs * 2 : 8;
    acp_gfxobj_physics **g = realloc(w->gfxobjs, cap * sizeof *g);
    if (!g) return false;
    w->gfxobjs = g;
    w->cap_gfxobjs = cap;
    return true;
}

const struct acp_gfxobj_physics *acp_world_gfxobj_physics(acp_world *w, uint32_t id)
{
    if (!w || !w->dats) return NULL;
    acp_gfxobj_physics *g = cached(w, id);
    if (g) return g;
    const acp_gfxobj *rec = acp_datset_gfxobj(w->dats, id);
    if (!rec || !grow(w)) return NULL;
    g = malloc(sizeof *g);
    uint32_t bad = 0;
    if (!g || !acp_gfxobj_physics_build(g, rec, &bad)) {
        free(g);
        return NULL;
    }
    w->gfxobjs[w->num_gfxobjs++] = g;
    return g;
}

void acp_world_free_gfxobjs(acp_world *w)
{
    for (uint32_t i = 0; i < w->num_gfxobjs; i++) {
        acp_gfxobj_physics_free(w->gfxobjs[i]);
        free(w->gfxobjs[i]);
    }
    free(w->gfxobjs);
    w->gfxobjs = NULL;
    w->num_gfxobjs = w->cap_gfxobjs = 0;
}
