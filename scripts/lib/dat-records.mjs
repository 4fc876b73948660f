// Serializers for the DAT records acphys parses, in the retail byte layout
// (each retail UnPack, named per record in src/dat/records.c, whose parsers read them back).
// Used by the generators of data/*.dat and of the test fixtures; no dependencies.
// Frames are { origin: [x, y, z], orientation: [w, x, y, z] }; every float is stored as float32.

/** A growable little-endian byte writer. */
export class ByteWriter {
  constructor() { this.buf = new Uint8Array(1024); this.view = new DataView(this.buf.buffer); this.length = 0; }
  #room(n) {
    if (this.length + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.length + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
  u8(v) { this.#room(1); this.view.setUint8(this.length, v); this.length += 1; return this; }
  u16(v) { this.#room(2); this.view.setUint16(this.length, v, true); this.length += 2; return this; }
  u32(v) { this.#room(4); this.view.setUint32(this.length, v >>> 0, true); this.length += 4; return this; }
  i32(v) { this.#room(4); this.view.setInt32(this.length, v, true); this.length += 4; return this; }
  f32(v) { this.#room(4); this.view.setFloat32(this.length, v, true); this.length += 4; return this; }
  f64(v) { this.#room(8); this.view.setFloat64(this.length, v, true); this.length += 8; return this; }
  /** Raw float32 bits (for NaN payloads and other deliberate oddities). */
  f32bits(bits) { return this.u32(bits); }
  vec3(v) { return this.f32(v[0]).f32(v[1]).f32(v[2]); }
  bytes(b) { this.#room(b.length); this.buf.set(b, this.length); this.length += b.length; return this; }
  /** Pad with zeros to a multiple of 4 from the record start (retail PackObj::ALIGN_PTR). */
  align4() { while (this.length % 4) this.u8(0); return this; }
  /** The bytes written so far (a copy). */
  result() { return this.buf.slice(0, this.length); }
}

export const IDENTITY = Object.freeze({ origin: [0, 0, 0], orientation: [1, 0, 0, 0] });

/** AFrame: origin x, y, z then qw, qx, qy, qz. */
export function frame(w, f) { return w.vec3(f.origin).f32(f.orientation[0]).f32(f.orientation[1]).f32(f.orientation[2]).f32(f.orientation[3]); }

/** Hook type ids (CAnimHook::UnPackHook). */
export const HOOK = Object.freeze({
  NoOp: 0, Sound: 1, SoundTable: 2, Attack: 3, AnimationDone: 4, ReplaceObject: 5, Ethereal: 6,
  TransparentPart: 7, Luminous: 8, LuminousPart: 9, Diffuse: 10, DiffusePart: 11, Scale: 12,
  CreateParticle: 13, DestroyParticle: 14, StopParticle: 15, NoDraw: 16, DefaultScript: 17,
  DefaultScriptPart: 18, CallPES: 19, Transparent: 20, SoundTweaked: 21, SetOmega: 22,
  TextureVelocity: 23, TextureVelocityPart: 24, SetLight: 25, CreateBlockingParticle: 26,
});

/** One hook: { type (name or id), direction, ...payload as in the JSON of acp_dat_record_json }.
 *  `raw` (a Uint8Array) replaces the payload, for fixtures of unknown types. */
export function hook(w, h) {
  const type = typeof h.type === 'string' ? HOOK[h.type] : h.type;
  w.u32(type).i32(h.direction ?? 0);
  if (h.raw) { w.bytes(h.raw); return w.align4(); }
  switch (type) {
    case HOOK.NoOp: case HOOK.DefaultScript: break;
    case HOOK.Sound: case HOOK.SoundTable: case HOOK.DestroyParticle: case HOOK.StopParticle:
    case HOOK.DefaultScriptPart: w.u32(h.id); break;
    case HOOK.Ethereal: case HOOK.NoDraw: case HOOK.SetLight: w.u32(h.flag); break;
    case HOOK.Attack:
      w.u32(h.part).f32(h.left_x).f32(h.left_y).f32(h.right_x).f32(h.right_y).f32(h.radius).f32(h.height); break;
    case HOOK.ReplaceObject: {
      // AnimPartChange: u8 part, then the GfxObj id packed relative to 0x01000000.
      const rel = (h.gfx_id - 0x01000000) >>> 0;
      w.u8(h.part);
      if (rel < 0x8000) w.u16(rel);
      else w.u16(0x8000 | (rel >>> 16)).u16(rel & 0xFFFF);
      break;
    }
    case HOOK.TransparentPart: case HOOK.LuminousPart: case HOOK.DiffusePart:
      w.u32(h.part).f32(h.start).f32(h.end).f32(h.time); break;
    case HOOK.Luminous: case HOOK.Diffuse: case HOOK.Transparent: w.f32(h.start).f32(h.end).f32(h.time); break;
    case HOOK.Scale: w.f32(h.end).f32(h.time); break;
    case HOOK.CreateParticle: case HOOK.CreateBlockingParticle:
      w.u32(h.info_id).u32(h.part); frame(w, h.offset); w.u32(h.emitter_id); break;
    case HOOK.CallPES: w.u32(h.script_id).f32(h.pause); break;
    case HOOK.SoundTweaked: w.u32(h.sound_id).f32(h.probability).f32(h.priority).f32(h.volume); break;
    case HOOK.SetOmega: w.vec3(h.omega); break;
    case HOOK.TextureVelocity: w.f32(h.u).f32(h.v); break;
    case HOOK.TextureVelocityPart: w.u32(h.part).f32(h.u).f32(h.v); break;
    default: throw new Error(`no payload layout for hook type ${type}`);
  }
  return w.align4();
}

/** AnimFrame: the part frames, a hook count and the hooks. */
export function animFrame(w, f) {
  for (const p of f.parts) frame(w, p);
  w.u32(f.hooks.length);
  for (const h of f.hooks) hook(w, h);
  return w;
}

/** Setup (CSetup::UnPack order). */
export function setup(s) {
  const w = new ByteWriter();
  w.u32(s.id).u32(s.flags).u32(s.parts.length);
  for (const p of s.parts) w.u32(p);
  if (s.flags & 1) for (const p of s.parent_index) w.u32(p);
  if (s.flags & 2) for (const v of s.default_scale) w.vec3(v);
  for (const list of [s.holding_locations, s.connection_points]) {
    w.u32(list.length);
    for (const l of list) { w.u32(l.key).u32(l.part_id); frame(w, l.frame); }
  }
  w.u32(s.placements.length);
  for (const p of s.placements) { w.u32(p.key); animFrame(w, p.frame); }
  w.u32(s.cylspheres.length);
  for (const c of s.cylspheres) w.vec3(c.low_pt).f32(c.radius).f32(c.height);
  w.u32(s.spheres.length);
  for (const c of s.spheres) w.vec3(c.center).f32(c.radius);
  w.f32(s.height).f32(s.radius).f32(s.step_up_height).f32(s.step_down_height);
  w.vec3(s.sorting_sphere.center).f32(s.sorting_sphere.radius);
  w.vec3(s.selection_sphere.center).f32(s.selection_sphere.radius);
  w.u32(s.lights.length);
  for (const l of s.lights) { w.u32(l.key); frame(w, l.frame); w.u32(l.color).f32(l.intensity).f32(l.falloff).f32(l.cone_angle); }
  w.u32(s.default_animation).u32(s.default_script).u32(s.default_motion_table).u32(s.default_sound_table)
    .u32(s.default_script_table);
  return w.result();
}

/** Animation (CAnimation::UnPack order). */
export function animation(a) {
  const w = new ByteWriter();
  w.u32(a.id).u32(a.flags).u32(a.num_parts).u32(a.part_frames.length);
  if (a.flags & 1) for (const f of a.pos_frames) frame(w, f);
  for (const f of a.part_frames) animFrame(w, f);
  return w.result();
}

/** MotionData after its key: counts and flags, align, AnimData, velocity, omega. */
function motionData(w, m) {
  const flags = (m.velocity ? 1 : 0) | (m.omega ? 2 : 0);
  w.u8(m.anims.length).u8(m.bitfield ?? 0).u8(flags).align4();
  for (const d of m.anims) w.u32(d.anim_id).i32(d.low_frame).i32(d.high_frame).f32(d.framerate);
  if (m.velocity) w.vec3(m.velocity);
  if (m.omega) w.vec3(m.omega);
}

function motionMap(w, entries) {
  w.u32(entries.length);
  for (const e of entries) { w.u32(e.key); motionData(w, e); }
}

/** MotionTable (CMotionTable::UnPack order). */
export function motionTable(t) {
  const w = new ByteWriter();
  w.u32(t.id).u32(t.default_style).u32(t.style_defaults.length);
  for (const s of t.style_defaults) w.u32(s.style).u32(s.substate);
  motionMap(w, t.cycles);
  motionMap(w, t.modifiers);
  w.u32(t.links.length);
  for (const l of t.links) { w.u32(l.key); motionMap(w, l.entries); }
  return w.result();
}

/** LandBlock (CLandBlock::UnPack): id, has_objects, 81 terrain words, 81 heights, align. */
export function landblock(lb) {
  const w = new ByteWriter();
  w.u32(lb.id).u32(lb.has_objects);
  for (const t of lb.terrain) w.u16(t);
  for (const h of lb.height) w.u8(h);
  return w.align4().result();
}

/** Region (CRegionDesc::UnPack) through the height table, then `remainder` bytes verbatim. */
export function region(g) {
  const w = new ByteWriter();
  w.u32(g.id).u32(g.region_number).u32(g.version);
  const name = new TextEncoder().encode(g.name);
  w.u16(name.length).bytes(name).align4();
  const d = g.land_defs;
  w.i32(d.num_block_length).i32(d.num_block_width).f32(d.square_length).i32(d.lblock_length)
    .i32(d.vertex_per_cell).f32(d.max_obj_height).f32(d.sky_height).f32(d.road_width);
  for (const h of g.land_height_table) w.f32(h);
  if (g.remainder) w.bytes(g.remainder);
  return w.result();
}

/** Compressed u32 (SB_As32Bit_Compressed): 1 byte below 0x80, 2 below 0x4000, else 4. */
export function compressedU32(w, v) {
  if (v < 0x80) return w.u8(v);
  if (v < 0x4000) return w.u8((v >> 8) | 0x80).u8(v & 0xFF);
  return w.u8(((v >>> 24) & 0x3F) | 0xC0).u8((v >>> 16) & 0xFF).u16(v & 0xFFFF);
}

/** BSP node FourCCs (the u32 before each node). */
export const BSP = Object.freeze({
  LEAF: 0x4C454146, PORT: 0x504F5254, BPIN: 0x4250494E, BPnN: 0x42506E4E, BPIn: 0x4250496E, BPnn: 0x42506E6E,
  BpIN: 0x4270494E, BpnN: 0x42706E4E,
});
const BSP_POS = new Set([BSP.BPIN, BSP.BPnN, BSP.BPIn, BSP.BPnn]);
const BSP_NEG = new Set([BSP.BPIN, BSP.BPnN, BSP.BpIN, BSP.BpnN]);

/** One BSP node of a tree of `kind` ('drawing', 'physics', 'cell'), as BSPNODE::UnPackChild
 *  reads it: { type, plane: [nx, ny, nz, d], pos, neg, sphere: { center, radius }, polys,
 *  portals: [[polygon, portal_index]], leaf_index, solid }. */
export function bspNode(w, n, kind) {
  w.u32(n.type);
  const sphere = () => w.vec3(n.sphere.center).f32(n.sphere.radius);
  const polys = () => { for (const p of n.polys ?? []) w.u16(p); };
  if (n.type === BSP.LEAF) {
    w.u32(n.leaf_index);
    if (kind === 'physics') { w.u32(n.solid ?? 0); sphere(); w.u32((n.polys ?? []).length); polys(); }
    return w;
  }
  w.vec3(n.plane.slice(0, 3)).f32(n.plane[3]);
  if (n.type === BSP.PORT) {
    bspNode(w, n.pos, kind); bspNode(w, n.neg, kind);
    if (kind === 'drawing') {
      sphere(); w.u32((n.polys ?? []).length).u32((n.portals ?? []).length); polys();
      for (const [p, i] of n.portals ?? []) w.u16(p).u16(i);
    }
    return w;
  }
  if (BSP_POS.has(n.type)) bspNode(w, n.pos, kind);
  if (BSP_NEG.has(n.type)) bspNode(w, n.neg, kind);
  if (kind === 'cell') return w;
  sphere();
  if (kind === 'drawing') { w.u32((n.polys ?? []).length); polys(); }
  return w;
}

/** One polygon (CPolygon::UnPack). { poly_id, stippling, sides_type, pos_surface, neg_surface,
 *  vertex_ids, pos_uv?, neg_uv? } (uv index lists default to zeros where stored). */
export function polygon(w, p) {
  const n = p.vertex_ids.length;
  w.u16(p.poly_id).u8(n).u8(p.stippling ?? 0).i32(p.sides_type ?? 0).u16(p.pos_surface ?? 0).u16(p.neg_surface ?? 0);
  for (const v of p.vertex_ids) w.u16(v);
  if (!((p.stippling ?? 0) & 4)) for (let i = 0; i < n; i++) w.u8(p.pos_uv?.[i] ?? 0);
  if ((p.sides_type ?? 0) === 2 && !((p.stippling ?? 0) & 8)) for (let i = 0; i < n; i++) w.u8(p.neg_uv?.[i] ?? 0);
  return w;
}

/** GfxObj (CGfxObj::Serialize): { id, flags, surfaces, vertex_type?, vertices: [{ id, origin,
 *  normal, uvs: [[u, v]] }], physics_polygons, physics_bsp, sort_center, polygons, drawing_bsp,
 *  degrade_id }. */
export function gfxobj(g) {
  const w = new ByteWriter();
  w.u32(g.id).u32(g.flags);
  compressedU32(w, g.surfaces.length); for (const s of g.surfaces) w.u32(s);
  w.u32(g.vertex_type ?? 1).u32(g.vertices.length);
  for (const v of g.vertices) {
    w.u16(v.id).u16((v.uvs ?? []).length).vec3(v.origin).vec3(v.normal ?? [0, 0, 1]);
    for (const [u, t] of v.uvs ?? []) w.f32(u).f32(t);
  }
  if (g.flags & 1) { compressedU32(w, g.physics_polygons.length); for (const p of g.physics_polygons) polygon(w, p); bspNode(w, g.physics_bsp, 'physics'); }
  w.vec3(g.sort_center ?? [0, 0, 0]);
  if (g.flags & 2) { compressedU32(w, g.polygons.length); for (const p of g.polygons) polygon(w, p); bspNode(w, g.drawing_bsp, 'drawing'); }
  if (g.flags & 8) w.u32(g.degrade_id);
  return w.result();
}

/** Frame (Frame::UnPack: the AFrame layout) for { origin, orientation }. */
const frameOf = (w, f) => frame(w, f ?? IDENTITY);

function vertexArray(w, vertices, type = 1) {
  w.u32(type).u32(vertices.length);
  for (const v of vertices) {
    w.u16(v.id).u16((v.uvs ?? []).length).vec3(v.origin).vec3(v.normal ?? [0, 0, 1]);
    for (const [u, t] of v.uvs ?? []) w.f32(u).f32(t);
  }
  return w;
}

/** CellStruct (CCellStruct::UnPack): { id, vertices, polygons, portals, cell_bsp,
 *  physics_polygons, physics_bsp, drawing_bsp? }. */
export function cellStruct(w, c) {
  w.u32(c.id).u32(c.polygons.length).u32(c.physics_polygons.length).u32(c.portals.length);
  vertexArray(w, c.vertices, c.vertex_type);
  for (const p of c.polygons) polygon(w, p);
  for (const p of c.portals) w.u16(p);
  w.align4();
  bspNode(w, c.cell_bsp, 'cell');
  for (const p of c.physics_polygons) polygon(w, p);
  bspNode(w, c.physics_bsp, 'physics');
  w.u32(c.drawing_bsp ? 1 : 0);
  if (c.drawing_bsp) bspNode(w, c.drawing_bsp, 'drawing');
  return w.align4();
}

/** Environment (CEnvironment::UnPack): { id, cell_structs }. */
export function environment(e) {
  const w = new ByteWriter();
  w.u32(e.id).u32(e.cell_structs.length);
  for (const c of e.cell_structs) cellStruct(w, c);
  return w.result();
}

/** EnvCell (CEnvCell::UnPack): { id, flags, surfaces (u16), environment (u16), cell_struct,
 *  position, portals: [{ flags, polygon, other_cell (u16), other_portal }], visible_cells (u16),
 *  stabs: [{ id, frame }], restriction_obj }. */
export function envcell(c) {
  const w = new ByteWriter();
  w.u32(c.id).u32(c.flags).u32(c.cell_id ?? c.id).u8(c.surfaces.length).u8(c.portals.length).u16(c.visible_cells.length);
  for (const s of c.surfaces) w.u16(s);
  w.u16(c.environment).u16(c.cell_struct);
  frameOf(w, c.position);
  for (const p of c.portals) w.u16(p.flags).u16(p.polygon).u16(p.other_cell).u16(p.other_portal);
  for (const v of c.visible_cells) w.u16(v);
  if (c.flags & 2) { w.u32(c.stabs.length); for (const s of c.stabs) frameOf(w.u32(s.id), s.frame); }
  if (c.flags & 8) w.u32(c.restriction_obj);
  return w.result();
}

/** LandBlockInfo (CLandBlockInfo::UnPack): { id, num_cells, objects: [{ id, frame }],
 *  buildings: [{ model_id, frame, num_leaves, portals: [{ flags, other_cell, other_portal,
 *  stabs }] }], pack_mask, restrictions: [[cell, object]], table_size }. */
export function landblockInfo(lb) {
  const w = new ByteWriter();
  w.u32(lb.id).u32(lb.num_cells).u32(lb.objects.length);
  for (const s of lb.objects) frameOf(w.u32(s.id), s.frame);
  w.u32((lb.buildings.length & 0xFFFF) | ((lb.pack_mask ?? 0) << 16));
  for (const b of lb.buildings) {
    frameOf(w.u32(b.model_id), b.frame);
    w.u32(b.num_leaves).u32(b.portals.length);
    for (const p of b.portals) {
      w.u16(p.flags).u16(p.other_cell).u16(p.other_portal).u16(p.stabs.length);
      for (const s of p.stabs) w.u16(s);
      if (p.stabs.length & 1) w.u16(0);
    }
  }
  if ((lb.pack_mask ?? 0) & 1) {
    const r = lb.restrictions ?? [];
    w.u32((r.length & 0xFFFF) | ((lb.table_size ?? 8) << 16));
    for (const [cell, obj] of r) w.u32(cell).u32(obj);
  }
  return w.result();
}

/** ParticleEmitterInfo (0x32...; ParticleEmitterInfo::UnPack 0x005179F0): 176 bytes. */
export function particleEmitterInfo(e) {
  const w = new ByteWriter();
  w.u32(e.id).u32(e.unknown ?? 0).i32(e.emitter_type).i32(e.particle_type).u32(e.gfxobj_id ?? 0).u32(e.hw_gfxobj_id ?? 0);
  w.f64(e.birthrate).i32(e.max_particles).i32(e.initial_particles ?? 0).i32(e.total_particles ?? 0);
  w.f64(e.total_seconds ?? 0).f64(e.lifespan).f64(e.lifespan_rand ?? 0);
  w.vec3(e.offset_dir ?? [0, 0, 0]).f32(e.min_offset ?? 0).f32(e.max_offset ?? 0);
  for (const k of ['a', 'b', 'c']) w.vec3(e[k] ?? [0, 0, 0]).f32(e[`min_${k}`] ?? 1).f32(e[`max_${k}`] ?? 1);
  w.f32(e.start_scale ?? 1).f32(e.final_scale ?? 1).f32(e.scale_rand ?? 0);
  w.f32(e.start_trans ?? 0).f32(e.final_trans ?? 0).f32(e.trans_rand ?? 0);
  w.i32(e.is_parent_local ?? 0);
  return w.result();
}

/** PhysicsScript (0x33...; PhysicsScript::UnPack 0x005218B0): hooks [{ start_time, hook }]. */
export function physicsScript(s) {
  const w = new ByteWriter();
  w.u32(s.id).u32(s.hooks.length);
  for (const h of s.hooks) { w.f64(h.start_time); hook(w, h.hook); }
  return w.align4().result();
}

/** PhysicsScriptTable (0x34...; PhysicsScriptTable::UnPack 0x005220E0): types [{ type, scripts: [{ mod, script_id }] }]. */
export function physicsScriptTable(t) {
  const w = new ByteWriter();
  w.u32(t.id).u32(t.types.length);
  for (const e of t.types) {
    w.u32(e.type).u32(e.scripts.length);
    for (const s of e.scripts) w.f32(s.mod).u32(s.script_id);
  }
  return w.result();
}

/** Scene (0x12...; retail Scene::UnPack 0x005A6300): id, count, then each ObjectDesc
 *  (ObjectDesc::UnPack 0x005A6110, 76 bytes): obj_id, base frame, freq, displace_x,
 *  displace_y, min_scale, max_scale, max_rot, min_slope, max_slope, align, orient, weenie_obj. */
export function scene(s) {
  const w = new ByteWriter();
  w.u32(s.id).u32(s.objects.length);
  for (const o of s.objects) {
    w.u32(o.obj_id);
    frame(w, o.base_loc ?? IDENTITY);
    w.f32(o.freq).f32(o.displace_x).f32(o.displace_y).f32(o.min_scale).f32(o.max_scale)
      .f32(o.max_rot).f32(o.min_slope).f32(o.max_slope).u32(o.align ?? 0).u32(o.orient ?? 0).u32(o.weenie_obj ?? 0);
  }
  return w.result();
}

/** The Region's bytes after its height table (retail CRegionDesc::UnPack from GameTime::UnPack
 *  on; src/dat/region_scenes.c reads them): a GameTime, the parts mask, the optional sky
 *  (0x10), sound (0x1) and scene (0x2) descriptions, the terrain types, then 24 zero bytes of
 *  LandSurf (selector 0, empty TexMerge). r = { timesOfDay: [names], weekDays: [names],
 *  seasons: [names], sky: { dayGroups: [{ skyObjects: n, skyTimes: [replaces] }] },
 *  sound: [{ stb_id, sounds: n }], sceneTypes: [{ stb_index, scenes: [ids] }],
 *  terrainTypes: [{ name, color, scene_types: [indices, 0xFFFFFFFF none] }] }; absent parts
 *  are left out of the mask. Returns { bytes, at } with `at.terrainSceneType[i][k]`, the
 *  offset within these bytes of terrain type i's k-th scene-type index. */
export function regionRemainder(r = {}) {
  const w = new ByteWriter();
  const pstring = (s) => { const b = new TextEncoder().encode(s); w.u16(b.length).bytes(b).align4(); };
  w.f64(0).u32(0).f32(0).u32(0);
  pstring('');
  const times = r.timesOfDay ?? [], days = r.weekDays ?? [], seasons = r.seasons ?? [];
  w.u32(times.length);
  for (const n of times) { w.f32(0).u32(0); pstring(n); }
  w.u32(days.length);
  for (const n of days) pstring(n);
  w.u32(seasons.length);
  for (const n of seasons) { w.u32(0); pstring(n); }
  const mask = (r.sky ? 0x10 : 0) | (r.sound ? 0x1 : 0) | (r.sceneTypes ? 0x2 : 0);
  w.u32(mask);
  if (r.sky) {
    w.f64(1).f64(1).align4().u32(r.sky.dayGroups.length);
    for (const g of r.sky.dayGroups) {
      w.f32(1);
      pstring('Day');
      w.u32(g.skyObjects);
      for (let i = 0; i < g.skyObjects; i++) for (let k = 0; k < 9; k++) w.u32(0);
      w.u32(g.skyTimes.length);
      for (const replaces of g.skyTimes) {
        for (let k = 0; k < 11; k++) w.u32(0);
        w.u32(replaces);
        for (let i = 0; i < replaces * 6; i++) w.u32(0);
      }
    }
  }
  if (r.sound) {
    w.u32(r.sound.length);
    for (const s of r.sound) { w.u32(s.stb_id).u32(s.sounds); for (let i = 0; i < s.sounds * 5; i++) w.u32(0); }
  }
  if (r.sceneTypes) {
    w.u32(r.sceneTypes.length);
    for (const s of r.sceneTypes) { w.u32(s.stb_index).u32(s.scenes.length); for (const id of s.scenes) w.u32(id); }
  }
  const terrain = r.terrainTypes ?? [];
  const at = { terrainSceneType: [] };
  w.u32(terrain.length);
  for (const t of terrain) {
    pstring(t.name);
    w.u32(t.color ?? 0).u32(t.scene_types.length);
    at.terrainSceneType.push(t.scene_types.map((i) => { const here = w.length; w.u32(i); return here; }));
  }
  for (let i = 0; i < 6; i++) w.u32(0);
  return { bytes: w.result(), at };
}
