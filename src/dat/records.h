/* acphys — in-memory forms of the DAT records the physics reads.
 *
 * CONVENTIONS
 *   These are the parsed, validated forms of the retail records (layouts: the
 *   retail UnPack functions, named per type). The parsers in src/dat fill them;
 *   the physics (src/physics) only reads them. Every array's length is the count beside it; a NULL
 *   array has count 0. Keyed arrays (cycles, modifiers, links, placements, ...) are sorted by key
 *   ascending with no duplicate keys, so lookups are binary searches (retail uses hash tables;
 *   with unique keys the result is the same).
 *   Units: metres, seconds, radians, radians per second, frames per second. Frames (acp_aframe)
 *   are relative to the parent named in each field's comment.
 *   Ownership: a record and everything it points to live in one allocation owned by whoever
 *   parsed it (see dat.h); they are never modified after parsing.
 */
#ifndef ACP_RECORDS_H
#define ACP_RECORDS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/types.h"

/* ---- Animation hooks (retail CAnimHook and its subclasses; CAnimHook::UnPackHook) ---- */

/** Hook type ids as stored in the DAT. */
typedef enum acp_hook_type {
    ACP_HOOK_NOOP = 0,
    ACP_HOOK_SOUND = 1,
    ACP_HOOK_SOUND_TABLE = 2,
    ACP_HOOK_ATTACK = 3,
    ACP_HOOK_ANIMATION_DONE = 4,   /* never stored; made by the sequencer at run time */
    ACP_HOOK_REPLACE_OBJECT = 5,
    ACP_HOOK_ETHEREAL = 6,
    ACP_HOOK_TRANSPARENT_PART = 7,
    ACP_HOOK_LUMINOUS = 8,
    ACP_HOOK_LUMINOUS_PART = 9,
    ACP_HOOK_DIFFUSE = 10,
    ACP_HOOK_DIFFUSE_PART = 11,
    ACP_HOOK_SCALE = 12,
    ACP_HOOK_CREATE_PARTICLE = 13,
    ACP_HOOK_DESTROY_PARTICLE = 14,
    ACP_HOOK_STOP_PARTICLE = 15,
    ACP_HOOK_NO_DRAW = 16,
    ACP_HOOK_DEFAULT_SCRIPT = 17,
    ACP_HOOK_DEFAULT_SCRIPT_PART = 18,
    ACP_HOOK_CALL_PES = 19,
    ACP_HOOK_TRANSPARENT = 20,
    ACP_HOOK_SOUND_TWEAKED = 21,
    ACP_HOOK_SET_OMEGA = 22,
    ACP_HOOK_TEXTURE_VELOCITY = 23,
    ACP_HOOK_TEXTURE_VELOCITY_PART = 24,
    ACP_HOOK_SET_LIGHT = 25,
    ACP_HOOK_CREATE_BLOCKING_PARTICLE = 26,
    ACP_HOOK_TYPE_COUNT = 27
} acp_hook_type;

/** Hook direction filter: fires when playing forward, backward, or both. */
typedef enum acp_hook_direction {
    ACP_HOOK_BACKWARD = -1,
    ACP_HOOK_BOTH = 0,
    ACP_HOOK_FORWARD = 1
} acp_hook_direction;

/** One animation hook with its payload. `part` fields are part indices into the Setup. */
typedef struct acp_anim_hook {
    uint32_t type;                     /* acp_hook_type */
    int32_t direction;                 /* acp_hook_direction */
    union {
        uint32_t id;                   /* Sound (wave id), SoundTable (sound type), Destroy/Stop-
                                          Particle (emitter id), DefaultScriptPart (part), CallPES
                                          uses call_pes */
        uint32_t flag;                 /* Ethereal, NoDraw, SetLight: 0 or 1 */
        struct { uint32_t part; float left_x, left_y, right_x, right_y, radius, height; } attack;
        struct { uint32_t part; uint32_t gfx_id; } replace;         /* ReplaceObject */
        struct { uint32_t part; float start, end, time; } fade;     /* Transparent(Part), Luminous(Part),
                                                                       Diffuse(Part); part = 0xFFFFFFFF
                                                                       for the whole-object forms;
                                                                       time in seconds */
        struct { float end, time; } scale;                          /* Scale: target scale, seconds */
        struct { uint32_t info_id, part; acp_aframe offset; uint32_t emitter_id; } particle;
        struct { uint32_t script_id; float pause; } call_pes;       /* pause in seconds */
        struct { uint32_t sound_id; float probability, priority, volume; } sound_tweaked;
        acp_vec3 omega;                                             /* SetOmega: rad/s, object axes */
        struct { uint32_t part; float u, v; } texture_velocity;     /* part = 0xFFFFFFFF for all */
    } p;
} acp_anim_hook;

/** One animation frame: a frame per part (relative to the object) and the hooks fired when
 *  playback crosses into it. */
typedef struct acp_anim_frame {
    acp_aframe *parts;                 /* num_parts entries (of the owning record) */
    uint32_t num_hooks;
    acp_anim_hook *hooks;
} acp_anim_frame;

/* ---- Animation (0x03xxxxxx; retail CAnimation::UnPack) ---- */

/** Not retail (docs/SHORTCUTS.md S21): what the reader found of an animation's part frames. */
typedef enum acp_anim_parts_check {
    ACP_ANIM_PARTS_UNKNOWN = 0,        /* not looked at (a record built by hand) */
    ACP_ANIM_PARTS_VALID = 1,          /* every part frame passes acp_aframes_combine_validly */
    ACP_ANIM_PARTS_INVALID = 2         /* some part frame does not */
} acp_anim_parts_check;

typedef struct acp_animation {
    uint32_t id;
    uint32_t flags;                    /* 0x1 pos frames present, 0x2 has hooks */
    uint32_t num_parts;
    uint32_t num_frames;
    acp_aframe *pos_frames;            /* num_frames root-motion deltas (object axes), or NULL */
    acp_anim_frame *part_frames;       /* num_frames */
    uint32_t parts_check;              /* acp_anim_parts_check: set by the DAT reader (not retail) */
} acp_animation;

/** Not retail: whether every one of n part frames has a finite origin and a quaternion whose
 *  norm² (double) is finite and in [10^-20, 10^30]: then Frame::combine of a valid object frame
 *  with each gives a valid rotation (physics/object/partarray.c, SHORTCUTS S15). */
static inline bool acp_aframes_combine_validly(const acp_aframe *parts, uint32_t n)
{
    bool ok = true;
    for (uint32_t i = 0; i < n; i++) {
        const acp_aframe *b = &parts[i];
        double b2 = (double)b->qw * b->qw + (double)b->qx * b->qx + (double)b->qy * b->qy + (double)b->qz * b->qz;
        double o = (double)b->origin.x + (double)b->origin.y + (double)b->origin.z;
        ok &= (b2 >= 1e-20) & (b2 <= 1e30) & (o - o == 0.0);
    }
    return ok;
}

/* ---- MotionTable (0x09xxxxxx; retail CMotionTable::UnPack, MotionData::UnPack) ---- */

/** One animation of a motion: frames low..high (high −1 = the last) at `framerate` (frames per
 *  second, negative = reverse). Retail AnimData. */
typedef struct acp_anim_data {
    uint32_t anim_id;
    int32_t low_frame;
    int32_t high_frame;
    float framerate;
} acp_anim_data;

/** Retail MotionData: the animations of a motion and its velocity and omega at speed 1. */
typedef struct acp_motion_data {
    uint8_t num_anims;
    uint8_t bitfield;                  /* 0x1 clears and forbids modifiers; 0x2 action only from
                                          the style's default substate */
    uint8_t flags;                     /* 0x1 has velocity, 0x2 has omega */
    acp_anim_data *anims;
    acp_vec3 velocity;                 /* m/s at speed 1, object axes; zero when absent */
    acp_vec3 omega;                    /* rad/s at speed 1, object axes; zero when absent */
} acp_motion_data;

typedef struct acp_motion_entry {
    uint32_t key;
    acp_motion_data data;
} acp_motion_entry;

/** One outer entry of the links map: the links out of one (style, substate), keyed by the full
 *  32-bit target motion. */
typedef struct acp_motion_link_map {
    uint32_t key;                      /* (style << 16) | (from & 0xFFFFFF), or style << 16 */
    uint32_t num_entries;
    acp_motion_entry *entries;         /* sorted by target motion */
} acp_motion_link_map;

typedef struct acp_style_default {
    uint32_t style;
    uint32_t substate;
} acp_style_default;

typedef struct acp_motion_table {
    uint32_t id;
    uint32_t default_style;
    uint32_t num_style_defaults;
    acp_style_default *style_defaults; /* sorted by style */
    uint32_t num_cycles;
    acp_motion_entry *cycles;          /* key (style << 16) | (substate & 0xFFFFFF) */
    uint32_t num_modifiers;
    acp_motion_entry *modifiers;       /* key styled or unstyled (motion & 0xFFFFFF) */
    uint32_t num_links;
    acp_motion_link_map *links;
} acp_motion_table;

/* ---- Setup (0x02xxxxxx; retail CSetup::UnPack) ---- */

/** Collision sphere: centre in object axes (metres, before the object's scale), radius. */
typedef struct acp_sphere {
    acp_vec3 center;
    float radius;
} acp_sphere;

/** Collision cylinder capped by spheres: base centre, radius, height (metres). */
typedef struct acp_cylsphere {
    acp_vec3 low_pt;
    float radius;
    float height;
} acp_cylsphere;

/** Holding location / connection point: a part and a frame relative to it. */
typedef struct acp_location {
    uint32_t key;
    uint32_t part_id;
    acp_aframe frame;
} acp_location;

/** A placement (Default 0, MissileFlight 0x34, Resting 0x65, ...): a frame per part. */
typedef struct acp_placement {
    uint32_t key;
    acp_anim_frame frame;
} acp_placement;

typedef struct acp_light {
    uint32_t key;
    acp_aframe frame;
    uint32_t color;                    /* ARGB */
    float intensity;
    float falloff;
    float cone_angle;
} acp_light;

typedef struct acp_setup {
    uint32_t id;
    uint32_t flags;                    /* 0x1 has parent, 0x2 has default scale,
                                          0x4 allow free heading, 0x8 has physics BSP */
    uint32_t num_parts;
    uint32_t *parts;                   /* GfxObj ids */
    uint32_t *parent_index;            /* per part, 0xFFFFFFFF = none; NULL without flag 0x1 */
    acp_vec3 *default_scale;           /* per part; NULL without flag 0x2 (then 1, 1, 1) */
    uint32_t num_holding_locations;
    acp_location *holding_locations;
    uint32_t num_connection_points;
    acp_location *connection_points;
    uint32_t num_placements;
    acp_placement *placements;         /* sorted by key */
    uint32_t num_cylspheres;
    acp_cylsphere *cylspheres;
    uint32_t num_spheres;
    acp_sphere *spheres;
    float height;                      /* metres */
    float radius;                      /* metres */
    float step_up_height;              /* metres */
    float step_down_height;            /* metres */
    acp_sphere sorting_sphere;
    acp_sphere selection_sphere;
    uint32_t num_lights;
    acp_light *lights;
    uint32_t default_animation;        /* 0x03..., 0 = none */
    uint32_t default_script;           /* 0x33..., 0 = none */
    uint32_t default_motion_table;     /* 0x09..., 0 = none */
    uint32_t default_sound_table;
    uint32_t default_script_table;
} acp_setup;

/* ---- LandBlock (cell dat 0xXXYYFFFF; retail CLandBlock::UnPack) ---- */

#define ACP_LANDBLOCK_SIDE 9           /* vertices per side */

typedef struct acp_landblock {
    uint32_t id;                       /* 0xXXYYFFFF */
    uint32_t has_objects;              /* 1 when a 0xXXYYFFFE LandBlockInfo exists */
    uint16_t terrain[81];              /* element x*9 + y: bits 0-1 road, 2-6 type, 11-15 scenery */
    uint8_t height[81];                /* element x*9 + y: index into the Region's height table */
} acp_landblock;

/* ---- Region (0x13000000; retail CRegionDesc::UnPack, LandDefs::set_height_table) ---- */

/** The LandDefs scalars as stored in the Region (retail ignores them and hard-codes the same
 *  values in LandDefs::get_vars: 255, 255, 24.0, 8, 1, 200.0, 1000.0, 5.0). */
typedef struct acp_land_defs {
    int32_t num_block_length, num_block_width;
    float square_length;               /* metres per cell side */
    int32_t lblock_length, vertex_per_cell;
    float max_obj_height, sky_height, road_width; /* metres */
} acp_land_defs;

typedef struct acp_region {
    uint32_t id;                       /* 0x13000000 */
    uint32_t region_number;
    uint32_t version;                  /* 3 */
    float land_height_table[256];      /* metres per height index */
    const uint8_t *raw;                /* the whole record as read, for verbatim copies */
    uint32_t raw_size;
    /* Added by the DAT reader (informative; the physics reads none of them): */
    const char *name;                  /* points into raw: name_length bytes, not NUL-terminated */
    uint32_t name_length;
    acp_land_defs land_defs;           /* as stored */
    /* The scene tables CLandBlock::get_land_scenes reads (CRegionDesc::NumSceneType, SceneCount,
     * GetScene), read through the GameTime, sky and sound descriptions before them. */
    uint32_t parts_mask;               /* 0x10 sky, 0x1 sound, 0x2 scenes, 0x200 misc */
    uint32_t num_scene_types;
    struct acp_scene_type *scene_types;        /* CSceneDesc: the region's scene types */
    uint32_t num_terrain_types;
    struct acp_terrain_type *terrain_types;    /* CTerrainDesc: indexed by the terrain word's bits 2-6 */
} acp_region;

/** One scene type (retail CSceneType): its ambient sound table index and the Scenes (0x12...)
 *  one of which a vertex of this type shows. */
typedef struct acp_scene_type {
    uint32_t stb_index;                /* 0xFFFFFFFF: none */
    uint32_t num_scenes;
    uint32_t *scenes;                  /* Scene ids, stored order (the scene pick indexes them) */
} acp_scene_type;

/** One terrain type (retail CTerrainType): its scene types, indexed by the terrain word's bits
 *  11-15. Each names one of the region's scene types, or none (retail stores NULL for -1). */
typedef struct acp_terrain_type {
    uint32_t num_scene_types;
    const acp_scene_type **scene_types;        /* NULL entries: none */
} acp_terrain_type;

/* ---- GfxObj (0x01xxxxxx; retail CGfxObj::Serialize) and the BSP trees ---- */

/** One vertex of a GfxObj's vertex array (retail CSWVertex): its id, position and normal in the
 *  object's axes (metres, before the object's scale). The texture coordinates are drawing data:
 *  only their count is kept (they are read and skipped). */
typedef struct acp_gfx_vertex {
    uint16_t id;                       /* vert_id, the vertex's index as stored */
    uint16_t num_uvs;
    acp_vec3 origin;                   /* metres, object axes */
    acp_vec3 normal;
} acp_gfx_vertex;

/** A vertex array (retail CVertexArray): its type (1, CSWVertex, the only one retail reads) and
 *  vertices. */
typedef struct acp_vertex_array {
    uint32_t type;
    uint32_t num_vertices;
    acp_gfx_vertex *vertices;
} acp_vertex_array;

/** Polygon sides (retail CullMode / sides_type). */
enum { ACP_POLY_SIDES_SINGLE = 0, ACP_POLY_SIDES_BOTH = 1, ACP_POLY_SIDES_CLOCKWISE = 2 };
/** Polygon stippling bits that decide which uv lists are stored. */
enum { ACP_POLY_NO_POS_UVS = 4, ACP_POLY_NO_NEG_UVS = 8 };

/** One polygon (retail CPolygon::UnPack 0x005384F0): its vertices by index into the vertex array
 *  (checked: every index names a vertex). The plane is not stored: the physics computes it with
 *  CPolygon::make_plane when it builds the shape. */
typedef struct acp_gfx_polygon {
    uint16_t poly_id;
    uint8_t num_pts;
    uint8_t stippling;                 /* ACP_POLY_NO_POS_UVS, ACP_POLY_NO_NEG_UVS, ... */
    int32_t sides_type;                /* ACP_POLY_SIDES_* */
    int16_t pos_surface, neg_surface;  /* surface indices; for SIDES_BOTH neg = pos, as retail */
    uint16_t *vertex_ids;              /* num_pts indices into the vertex array */
} acp_gfx_polygon;

/** BSP tree kinds (retail BSPTreeType): which fields the nodes store. */
typedef enum acp_bsp_kind {
    ACP_BSP_DRAWING = 0,               /* nodes keep a bounding sphere and their polygons; portals their portal polys */
    ACP_BSP_PHYSICS = 1,               /* nodes keep a bounding sphere; leaves solid, sphere, polygons */
    ACP_BSP_CELL = 2                   /* planes and leaves only (CCellStruct's cell BSP) */
} acp_bsp_kind;

/** Node types as the u32 stored before each node (little-endian FourCCs). */
#define ACP_BSP_LEAF 0x4C454146u       /* 'LEAF' */
#define ACP_BSP_PORT 0x504F5254u       /* 'PORT' */
#define ACP_BSP_BPIN 0x4250494Eu       /* 'BPIN': both children */
#define ACP_BSP_BPNN_ 0x42506E4Eu      /* 'BPnN': both children */
#define ACP_BSP_BPIn 0x4250496Eu       /* 'BPIn': positive child only */
#define ACP_BSP_BPnn 0x42506E6Eu       /* 'BPnn': positive child only */
#define ACP_BSP_BpIN 0x4270494Eu       /* 'BpIN': negative child only */
#define ACP_BSP_BpnN 0x42706E4Eu       /* 'BpnN': negative child only */
/** Deepest BSP tree a parser accepts (retail recurses without bound). */
#define ACP_MAX_BSP_DEPTH 256u
#define ACP_MAX_GFX_VERTICES 65536u    /* vertex ids are u16 */
#define ACP_MAX_GFX_POLYGONS 65536u    /* polygon indices are u16 */
#define ACP_MAX_GFX_SURFACES 65536u

/** A portal polygon of a drawing-tree portal node (retail CPortalPoly): a polygon index and the
 *  portal's index. */
typedef struct acp_bsp_portal_poly {
    uint16_t polygon;
    uint16_t portal_index;
} acp_bsp_portal_poly;

/** One BSP node (retail BSPNODE, BSPLEAF, BSPPORTAL). Which fields are set depends on the type
 *  and the tree's kind, exactly as retail's UnPack reads them; the others are 0 / NULL. */
typedef struct acp_bsp_node {
    uint32_t type;                     /* ACP_BSP_LEAF, ACP_BSP_PORT or a splitting node's FourCC */
    acp_vec3 plane_n;                  /* splitting plane n·p + d = 0 (not for leaves) */
    float plane_d;
    struct acp_bsp_node *pos, *neg;    /* children (NULL where the type has none) */
    acp_sphere sphere;                 /* bounding sphere (drawing and physics trees) */
    uint32_t leaf_index;               /* leaves */
    uint32_t solid;                    /* leaves of physics trees */
    uint32_t num_polys;
    uint16_t *polys;                   /* polygon indices (checked against the polygon list) */
    uint32_t num_portals;              /* drawing-tree portals */
    acp_bsp_portal_poly *portals;
} acp_bsp_node;

/** GfxObj flags (retail CGfxObj::Serialize's first word). */
enum { ACP_GFX_HAS_PHYSICS = 1, ACP_GFX_HAS_DRAWING = 2, ACP_GFX_HAS_DEGRADE = 8 };

/** Retail CGfxObj (0x01xxxxxx): the surfaces it names, its vertex array, the physics polygons
 *  and physics BSP (with HAS_PHYSICS), the sort centre, the drawing polygons and drawing BSP
 *  (with HAS_DRAWING) and the degrade id (with HAS_DEGRADE). Coordinates are metres in the
 *  object's axes. */
typedef struct acp_gfxobj {
    uint32_t id;
    uint32_t flags;                    /* ACP_GFX_* */
    uint32_t num_surfaces;
    uint32_t *surfaces;                /* Surface ids (0x08xxxxxx) */
    acp_vertex_array vertex_array;
    uint32_t num_physics_polygons;
    acp_gfx_polygon *physics_polygons;
    acp_bsp_node *physics_bsp;         /* root, or NULL without HAS_PHYSICS */
    acp_vec3 sort_center;
    uint32_t num_polygons;
    acp_gfx_polygon *polygons;         /* drawing polygons */
    acp_bsp_node *drawing_bsp;         /* root, or NULL without HAS_DRAWING */
    uint32_t degrade_id;               /* 0x11xxxxxx with HAS_DEGRADE, else 0 */
} acp_gfxobj;

/* ---- Environment (0x0Dxxxxxx; retail CEnvironment::UnPack) and its CellStructs ---- */

#define ACP_MAX_CELL_STRUCTS 4096u
#define ACP_MAX_CELL_PORTALS 256u      /* an EnvCell's portal count is a u8 */
#define ACP_MAX_STABS 65536u           /* static objects of a cell or landblock, buildings */

/** Retail CCellStruct: one room's geometry. Coordinates are metres in the cell's axes. */
typedef struct acp_cell_struct {
    uint32_t id;                       /* cellstruct_id: the index an EnvCell names */
    acp_vertex_array vertex_array;
    uint32_t num_polygons;
    acp_gfx_polygon *polygons;         /* drawing polygons; the portals and the cell BSP index them */
    uint32_t num_portals;
    uint16_t *portals;                 /* polygon indices of the portal polygons (checked) */
    acp_bsp_node *cell_bsp;            /* cell tree (planes and leaves) over the polygons */
    uint32_t num_physics_polygons;
    acp_gfx_polygon *physics_polygons;
    acp_bsp_node *physics_bsp;         /* physics tree over the physics polygons */
    acp_bsp_node *drawing_bsp;         /* drawing tree over the polygons, or NULL (stored flag 0) */
} acp_cell_struct;

/** Retail CEnvironment: the CellStructs EnvCells are built from, in stored order. */
typedef struct acp_environment {
    uint32_t id;
    uint32_t num_cell_structs;
    acp_cell_struct *cell_structs;
} acp_environment;

/* ---- EnvCell (cell 0xXXYY0100..0xXXYYFFFD; retail CEnvCell::UnPack) ---- */

/** EnvCell flags (retail pack_bitfield). */
enum { ACP_ENVCELL_SEEN_OUTSIDE = 1, ACP_ENVCELL_HAS_STATICS = 2, ACP_ENVCELL_HAS_RESTRICTION = 8 };

/** A portal of an EnvCell (retail CCellPortal::UnPack 0x0053BAB0): the polygon of its
 *  CellStruct it is, and the cell and portal on its other side. */
typedef struct acp_cell_portal {
    uint16_t flags;                    /* bit 0 exact_match, bit 1 clear = portal_side 1, bit 2 no other cell */
    uint16_t polygon;                  /* poly_id: the portal polygon's index in the CellStruct's polygons */
    uint32_t other_cell_id;            /* block_mask | stored u16; 0xFFFFFFFF with flag bit 2 */
    uint16_t other_portal_id;
    bool exact_match;                  /* flags & 1 */
    bool portal_side;                  /* !(flags & 2) */
} acp_cell_portal;

/** A static object placed in a cell or on a landblock (retail stab_list + frames). */
typedef struct acp_stab {
    uint32_t id;                       /* Setup (0x02) or GfxObj (0x01) id */
    acp_aframe frame;                  /* in the cell's or landblock's frame (metres) */
} acp_stab;

/** Retail CEnvCell: an indoor cell. */
typedef struct acp_envcell {
    uint32_t id;
    uint32_t flags;                    /* ACP_ENVCELL_* */
    uint32_t cell_id;                  /* the id stored again after the flags (its block gives block_mask) */
    uint32_t num_surfaces;
    uint32_t *surfaces;                /* 0x08000000 | stored u16 */
    uint32_t environment_id;           /* 0x0D000000 | stored u16 */
    uint16_t cell_struct;              /* the CellStruct's id in that Environment */
    acp_aframe position;               /* the cell's frame in its landblock (metres) */
    uint32_t num_portals;
    acp_cell_portal *portals;
    uint32_t num_visible_cells;
    uint32_t *visible_cells;           /* block_mask | stored u16 */
    uint32_t num_stabs;
    acp_stab *stabs;                   /* with HAS_STATICS */
    uint32_t restriction_obj;          /* with HAS_RESTRICTION, else 0 */
} acp_envcell;

/* ---- LandBlockInfo (cell 0xXXYYFFFE; retail CLandBlockInfo::UnPack) ---- */

#define ACP_MAX_BUILDING_PORTALS 65536u

/** A building's portal (retail CBldPortal::UnPack 0x0053BC40): into one of its EnvCells. */
typedef struct acp_bld_portal {
    uint16_t flags;                    /* bit 0 exact_match, bit 1 clear = portal_side 1 */
    uint32_t other_cell_id;            /* block_mask | stored u16 */
    uint16_t other_portal_id;          /* the stored word; retail's field is its sign extension
                                          (an __int16 into an int: 0x8000.. are negative) */
    uint32_t num_stabs;
    uint32_t *stabs;                   /* cells seen through the portal: block_mask | stored u16 */
    bool exact_match;
    bool portal_side;
} acp_bld_portal;

/** A building on a landblock (retail BuildInfo): its model, frame, leaves and portals. */
typedef struct acp_building {
    uint32_t model_id;                 /* Setup or GfxObj of the shell */
    acp_aframe frame;                  /* in the landblock (metres) */
    uint32_t num_leaves;
    uint32_t num_portals;
    acp_bld_portal *portals;
} acp_building;

/** One restriction table entry (a land cell id → the object that restricts entry). */
typedef struct acp_restriction {
    uint32_t cell_id;
    uint32_t object_id;
} acp_restriction;

/** Retail CLandBlockInfo: what stands on a landblock. */
typedef struct acp_landblock_info {
    uint32_t id;                       /* 0xXXYYFFFE */
    uint32_t num_cells;                /* EnvCells of the landblock (0xXXYY0100 upward) */
    uint32_t num_objects;
    acp_stab *objects;                 /* static objects (scenery, trees) */
    uint32_t num_buildings;
    acp_building *buildings;
    uint32_t pack_mask;                /* the high 16 bits of the buildings word; bit 0: a restriction table follows */
    uint32_t num_restrictions;
    acp_restriction *restrictions;     /* sorted by cell id (unique) */
    uint32_t restriction_table_size;   /* the stored bucket count */
} acp_landblock_info;

/* ---- ParticleEmitterInfo (0x32xxxxxx; retail ParticleEmitterInfo::UnPack 0x005179F0) ---- */

/** How an emitter decides to emit (retail EmitterType, bits). */
enum { ACP_EMITTER_BIRTHRATE_PER_SEC = 1, ACP_EMITTER_BIRTHRATE_PER_METER = 2 };

/** Particle motions (retail ParticleType). */
typedef enum acp_particle_type {
    ACP_PARTICLE_UNKNOWN = 0,
    ACP_PARTICLE_STILL = 1,
    ACP_PARTICLE_LOCAL_VELOCITY = 2,
    ACP_PARTICLE_PARABOLIC_LVGA = 3,
    ACP_PARTICLE_PARABOLIC_LVGAGR = 4,
    ACP_PARTICLE_SWARM = 5,
    ACP_PARTICLE_EXPLODE = 6,
    ACP_PARTICLE_IMPLODE = 7,
    ACP_PARTICLE_PARABOLIC_LVLA = 8,
    ACP_PARTICLE_PARABOLIC_LVLALR = 9,
    ACP_PARTICLE_PARABOLIC_GVGA = 10,
    ACP_PARTICLE_PARABOLIC_GVGAGR = 11,
    ACP_PARTICLE_GLOBAL_VELOCITY = 12,
    ACP_PARTICLE_TYPE_COUNT = 13
} acp_particle_type;

/** Retail ParticleEmitterInfo: what an emitter emits and how. Times in seconds, offsets in
 *  metres (the emitter's axes), a/b/c the motion vectors of the particle type (m/s, m/s², rad/s
 *  or amplitudes, per type: particle.h). sorting_radius is InitEnd's max(max_offset,
 *  max_a · lifespan). */
typedef struct acp_particle_emitter_info {
    uint32_t id;
    uint32_t unknown;                  /* the u32 after the id (retail stores it, never reads it) */
    int32_t emitter_type;              /* ACP_EMITTER_* bits */
    int32_t particle_type;             /* acp_particle_type */
    uint32_t gfxobj_id, hw_gfxobj_id;  /* the particle's GfxObj (hardware path: hw_gfxobj_id) */
    double birthrate;                  /* seconds between emissions, or metres (per-meter) */
    int32_t max_particles, initial_particles, total_particles; /* total 0 = unlimited */
    double total_seconds;              /* 0 = unlimited */
    double lifespan, lifespan_rand;    /* seconds */
    acp_vec3 offset_dir;               /* the offsets lie in the plane normal to it */
    float min_offset, max_offset;      /* metres */
    acp_vec3 a; float min_a, max_a;
    acp_vec3 b; float min_b, max_b;
    acp_vec3 c; float min_c, max_c;
    float start_scale, final_scale, scale_rand;
    float start_trans, final_trans, trans_rand;
    int32_t is_parent_local;           /* particles follow the parent's frame, not their start frame */
    float sorting_radius;              /* InitEnd (0x005173B0) */
} acp_particle_emitter_info;

/* ---- PhysicsScript (0x33xxxxxx; retail PhysicsScript::UnPack 0x005218B0) ---- */

/** One timed hook of a script (retail PhysicsScriptData): start_time seconds after the script
 *  starts. */
typedef struct acp_script_hook {
    double start_time;
    acp_anim_hook hook;
} acp_script_hook;

/** Retail PhysicsScript: hooks sorted by start time as the CRT's qsort with
 *  PhysicsScriptData::Sort leaves them (equal times permuted, not kept in stored order:
 *  DEVIATIONS P2), and length = the last hook's start time (0 without hooks). */
typedef struct acp_physics_script {
    uint32_t id;
    uint32_t num_hooks;
    acp_script_hook *hooks;
    double length;                     /* seconds */
} acp_physics_script;

/* ---- PhysicsScriptTable (0x34xxxxxx; retail PhysicsScriptTable::UnPack 0x005220E0) ---- */

/** One (mod, script) pair (retail ScriptAndModData). */
typedef struct acp_script_and_mod {
    float mod;
    uint32_t script_id;                /* 0x33... */
} acp_script_and_mod;

/** The scripts of one script type (retail PhysicsScriptTableData), in stored order: GetScript
 *  takes the first whose mod is not below the wanted mod. */
typedef struct acp_script_type_entry {
    uint32_t key;                      /* retail PScriptType */
    uint32_t num_scripts;
    acp_script_and_mod *scripts;
} acp_script_type_entry;

typedef struct acp_physics_script_table {
    uint32_t id;
    uint32_t num_types;
    acp_script_type_entry *types;      /* sorted by key */
} acp_physics_script_table;

/* ---- Scene (0x12xxxxxx; retail Scene::UnPack 0x005A6300, ObjectDesc::UnPack 0x005A6110) ---- */

/** One object a Scene places (retail ObjectDesc, 76 bytes stored): CLandBlock::get_land_scenes
 *  reads it at each terrain vertex whose scene it is. Distances in metres in the landblock's
 *  cell frame, angles in degrees, slopes as the terrain normal's z. */
typedef struct acp_object_desc {
    uint32_t obj_id;                   /* Setup 0x02... or GfxObj 0x01... */
    acp_aframe base_loc;               /* offset from the vertex and base orientation */
    float freq;                        /* placed when the vertex's noise is below it, in [0, 1] */
    float displace_x, displace_y;      /* metres of pseudo-random displacement (<= 0: none) */
    float min_scale, max_scale;        /* scale range (> 0, checked) */
    float max_rot;                     /* degrees of pseudo-random heading (<= 0: base only) */
    float min_slope, max_slope;        /* the terrain normal's z must lie within */
    uint32_t align;                    /* nonzero: heading from the slope (ObjAlign) */
    uint32_t orient;                   /* stored; get_land_scenes does not read it */
    uint32_t weenie_obj;               /* nonzero: a server object, not placed by the client */
} acp_object_desc;

typedef struct acp_scene {
    uint32_t id;                       /* 0x12... */
    uint32_t num_objects;
    acp_object_desc *objects;          /* stored order: the k of the placement noise */
} acp_scene;

#endif
