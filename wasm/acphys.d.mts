// TypeScript types for wasm/acphys.mjs, the loader of acphys.wasm.
// Pointers are byte offsets into the module's linear memory. Frames are retail's Frame layout:
// 16 floats (qw, qx, qy, qz, m[9] column-major, origin x, y, z). Units: metres, seconds,
// radians; headings in degrees (0 = north, clockwise). World: +X east, +Y north, +Z up.

/** A byte offset into linear memory. */
export type Ptr = number;

/** The functions of wasm/abi/*.c (wasm/abi/abi.h lists the files). See them for each one's contract. */
export interface AcphysExports {
  memory: WebAssembly.Memory;
  _initialize?: () => void;
  acp_abi_alloc(size: number): Ptr;
  acp_abi_free(p: Ptr): void;
  acp_abi_version(): Ptr;
  acp_abi_world(cell: Ptr, cellSize: number, portal: Ptr, portalSize: number, landblock: number): number;
  acp_abi_world_text(stream: 1 | 2): Ptr;
  acp_abi_frame_identity(f: Ptr): void;
  acp_abi_frame_set_rotate(f: Ptr, w: number, x: number, y: number, z: number): void;
  acp_abi_frame_cache(f: Ptr): void;
  acp_abi_frame_is_valid(f: Ptr): number;
  acp_abi_frame_is_valid_except_for_heading(f: Ptr): number;
  acp_abi_frame_combine(out: Ptr, a: Ptr, b: Ptr): void;
  acp_abi_frame_combine_aframe(out: Ptr, a: Ptr, b: Ptr): void;
  acp_abi_frame_subtract1(out: Ptr, a: Ptr, b: Ptr): void;
  acp_abi_frame_subtract2(out: Ptr, a: Ptr, b: Ptr): void;
  /** Degrees in [0, 360). */
  acp_abi_frame_get_heading(f: Ptr): number;
  acp_abi_frame_set_heading(f: Ptr, degrees: number): void;
  acp_abi_frame_set_vector_heading(f: Ptr, x: number, y: number, z: number): void;
  /** Axis-angle in radians, world axes. */
  acp_abi_frame_grotate(f: Ptr, x: number, y: number, z: number): void;
  /** Axis-angle in radians, local axes. */
  acp_abi_frame_rotate(f: Ptr, x: number, y: number, z: number): void;
  acp_abi_frame_euler_set_rotate(f: Ptr, x: number, y: number, z: number, order: number): void;
  /** kind 0 localtoglobal, 1 globaltolocal, 2 localtoglobalvec, 3 globaltolocalvec. */
  acp_abi_frame_transform(f: Ptr, kind: number, io: Ptr): void;
  acp_abi_frame_interpolate_rotation(out: Ptr, from: Ptr, to: Ptr, t: number): void;
  acp_abi_position_get_offset(from: Ptr, to: Ptr, out: Ptr): void;
  acp_abi_position_distance(from: Ptr, to: Ptr): number;
  acp_abi_landdefs_adjust_to_outside(cell: Ptr, loc: Ptr): number;
  acp_abi_math_digest_lo(count: number): number;
  acp_abi_math_digest_hi(count: number): number;
  /** The field table of a struct kind (see Acphys.layout). */
  acp_abi_layout(kind: number): Ptr;
  // The world (CPhysics) and its objects (CPhysicsObj). Positions: cell id + frame (68 bytes).
  /** profile 0 retail, 1 acdream-r6, 2 ace. */
  acp_abi_world_create(profile: number, capacity: number): Ptr;
  acp_abi_world_destroy(world: Ptr): void;
  acp_abi_world_add_object(world: Ptr, id: number): Ptr;
  acp_abi_world_object(world: Ptr, id: number): Ptr;
  acp_abi_world_set_player(world: Ptr, obj: Ptr): void;
  acp_abi_world_add_static_animating(world: Ptr, obj: Ptr): void;
  acp_abi_world_place_object(world: Ptr, obj: Ptr, pos: Ptr, transientState: number, now: number): void;
  /** CPhysics::UseTime at `now` seconds. */
  acp_abi_world_use_time(world: Ptr, now: number): void;
  acp_abi_world_set_now(world: Ptr, now: number): void;
  acp_abi_physobj_update_object(obj: Ptr): void;
  /** quantum: seconds (float). */
  acp_abi_physobj_update_object_internal(obj: Ptr, quantum: number): void;
  /** spheres: n × (centre xyz, radius) f32. */
  acp_abi_physobj_set_spheres(obj: Ptr, spheres: Ptr, n: number): number;
  acp_abi_physobj_calc_friction(obj: Ptr, quantum: number, velocityMag2: number): void;
  acp_abi_physobj_calc_acceleration(obj: Ptr): void;
  /** SetScale: now (delta 0: m_scale and the part array's scale) or over delta seconds. */
  acp_abi_physobj_set_scale(obj: Ptr, scale: number, delta: number): void;
  /** CPhysicsObj::set_velocity: m/s, world axes; clamped to 50 m/s; activates. */
  acp_abi_physobj_set_velocity(obj: Ptr, x: number, y: number, z: number): void;
  acp_abi_physobj_set_active(obj: Ptr, active: number): number;
  acp_abi_physobj_add_anim_hook(obj: Ptr, hook: Ptr): number;
  acp_abi_physobj_commit_collision(obj: Ptr, nx: number, ny: number, nz: number, framesStationaryFall: number): void;
  acp_abi_hook_type_name(type: number): Ptr;
  // ---- motion: synthetic records, CSequence, CMotionTable, CMotionInterp, object motion.
  // Frames as float arrays: 7 floats each (origin x, y, z, quaternion w, x, y, z). Motion ids are
  // uint32: read returned ids with `>>> 0`.
  acp_abi_fixture_create(): Ptr;
  acp_abi_fixture_destroy(fx: Ptr): void;
  /** pos_frames: numFrames × 7 floats, or 0. */
  acp_abi_fixture_animation(fx: Ptr, id: number, numFrames: number, numParts: number, posFrames: Ptr): Ptr;
  /** direction: −1 backward, 0 both, 1 forward. */
  acp_abi_fixture_animation_hook(anim: Ptr, frame: number, type: number, direction: number): number;
  acp_abi_fixture_motion_table(fx: Ptr, id: number, defaultStyle: number): Ptr;
  acp_abi_fixture_style_default(mt: Ptr, style: number, substate: number): number;
  /** map: 0 cycle, 1 modifier, 2 link (Links[outer][key]). Velocity m/s, omega rad/s. */
  acp_abi_fixture_motion(mt: Ptr, map: number, outer: number, key: number, vx: number, vy: number, vz: number,
    ox: number, oy: number, oz: number, bitfield: number): Ptr;
  acp_abi_fixture_motion_anim(md: Ptr, animId: number, low: number, high: number, framerate: number): number;
  acp_abi_fixture_setup(fx: Ptr, id: number, numParts: number, spheres: Ptr, numSpheres: number,
    defaultAnimation: number, defaultScript: number, defaultMotionTable: number): Ptr;
  /** Step-up and step-down heights, metres. */
  acp_abi_fixture_setup_step_heights(setup: Ptr, stepUp: number, stepDown: number): void;
  acp_abi_fixture_setup_placement(setup: Ptr, key: number, frames: Ptr): number;
  acp_abi_sequence_create(fx: Ptr): Ptr;
  acp_abi_sequence_destroy(seq: Ptr): void;
  acp_abi_sequence_append_animation(seq: Ptr, animId: number, low: number, high: number, framerate: number): void;
  /** quantum: seconds; frame: a Frame (64 bytes) or 0. */
  acp_abi_sequence_update(seq: Ptr, quantum: number, frame: Ptr): void;
  acp_abi_sequence_set_physics(seq: Ptr, vx: number, vy: number, vz: number, ox: number, oy: number, oz: number): void;
  acp_abi_sequence_node(seq: Ptr, index: number): Ptr;
  acp_abi_motion_state_create(): Ptr;
  acp_abi_motion_state_destroy(st: Ptr): void;
  acp_abi_motion_table_set_default_state(mt: Ptr, st: Ptr, seq: Ptr, numAnims: Ptr): number;
  acp_abi_motion_table_do_object_motion(mt: Ptr, motion: number, st: Ptr, seq: Ptr, speed: number, numAnims: Ptr): number;
  acp_abi_motion_table_stop_sequence_motion(mt: Ptr, motion: number, st: Ptr, seq: Ptr, numAnims: Ptr): number;
  acp_abi_motion_table_get_link(mt: Ptr, style: number, substate: number, substateSpeed: number, motion: number,
    speed: number): Ptr;
  acp_abi_motion_interp_create(): Ptr;
  acp_abi_motion_interp_destroy(mi: Ptr): void;
  /** In place on the uint32 at `motion` and the float at `speed`; key 0 Invalid, 1 None, 2 Run. */
  acp_abi_motion_interp_adjust_motion(mi: Ptr, motion: Ptr, speed: Ptr, key: number): void;
  acp_abi_motion_interp_get_state_velocity(mi: Ptr, out: Ptr): void;
  acp_abi_physobj_set_setup(obj: Ptr, setup: Ptr, fx: Ptr): number;
  acp_abi_physobj_set_motion_table(obj: Ptr, tableId: number): number;
  acp_abi_physobj_apply_interpreted_motion(obj: Ptr, style: number, forwardCommand: number, forwardSpeed: number,
    sidestepCommand: number, sidestepSpeed: number, turnCommand: number, turnSpeed: number): void;
  acp_abi_physobj_apply_raw_motion(obj: Ptr, forwardCommand: number, forwardSpeed: number, sidestepCommand: number,
    sidestepSpeed: number, turnCommand: number, turnSpeed: number, holdRun: number): void;
  /** 0 or retail's WeenieError (36 in the air, 72 from this position, 8 no movement manager). */
  acp_abi_physobj_jump(obj: Ptr, extent: number): number;
  acp_abi_physobj_set_run_rate(obj: Ptr, runRate: number): void;
  acp_abi_physobj_motion_interp(obj: Ptr): Ptr;
  /** The part array's num_parts part frames (64-byte frames), placed now; the `part_frames`
   *  field of a part array holds them only as of the last call (src/physics/object/partarray.h). */
  acp_abi_partarray_part_frames(partArray: Ptr): Ptr;
  // ---- deviation pins (docs/DEVIATIONS.md M6, M7, T7) ----
  acp_abi_motion_state_add_modifier_no_check(st: Ptr, motion: number, speed: number): void;
  acp_abi_motion_table_stop_object_completely(mt: Ptr, st: Ptr, seq: Ptr, numAnims: Ptr): number;
  acp_abi_motion_table_re_modify(mt: Ptr, seq: Ptr, st: Ptr): void;
  acp_abi_sequence_remove_link_animations(seq: Ptr, n: number): void;
  /** The OBJECTINFO state; out (4 bytes, 0/1): contact plane valid, its water flag, last known
   *  contact plane valid, its water flag. */
  acp_abi_physobj_get_object_info(obj: Ptr, adminMove: number, out: Ptr): number;
  // ---- terrain and the collision sweep ----
  /** An empty terrain for `capacity` landblocks. */
  acp_abi_terrain_create(capacity: number): Ptr;
  acp_abi_terrain_destroy(terrain: Ptr): void;
  /** heights: 81 u8; terrainWords: 81 u16 or 0; heightTable: 256 f32. Returns 0 OK, 1 bad argument, 2 full. */
  acp_abi_terrain_add_landblock(terrain: Ptr, id: number, heights: Ptr, terrainWords: Ptr, heightTable: Ptr): number;
  acp_abi_terrain_attach(world: Ptr, terrain: Ptr): void;
  /** Height in metres written to out (f32); 1 or 0. */
  acp_abi_terrain_height(terrain: Ptr, cell: number, x: number, y: number, out: Ptr): number;
  /** Unit normal written to out (vec3); 1 or 0. */
  acp_abi_terrain_normal(terrain: Ptr, cell: number, x: number, y: number, out: Ptr): number;
  /** 0 none, 1 partial, 2 entire; 0xFFFFFFFF when the cell is not loaded. */
  acp_abi_terrain_cell_water_type(terrain: Ptr, cell: number): number;
  acp_abi_terrain_split_sw_to_ne(gx: number, gy: number): number;
  /** enter_world at a position (cell + frame) at `now` seconds; 1 when entered. */
  acp_abi_world_enter_object(world: Ptr, obj: Ptr, pos: Ptr, now: number): number;
  /** SetPosition with SetPositionFlag bits; the SetPositionError (0 OK). */
  acp_abi_physobj_set_position(obj: Ptr, pos: Ptr, flags: number): number;
  acp_abi_world_num_sweeps(world: Ptr): number;
  // DAT records (src/dat/dat.h). Statuses: 0 ok, 1 pending, 2+ errors (acp_abi_dat_status_name).
  // Unsigned 32-bit results (ids, lengths) arrive as signed numbers: use `>>> 0`.
  acp_abi_dat_create(): Ptr;
  acp_abi_dat_destroy(set: Ptr): void;
  acp_abi_dat_add_bytes(set: Ptr, bytes: Ptr, size: number): number;
  /** Returns the source index, or −status. */
  acp_abi_dat_add_lazy(set: Ptr, length: number): number;
  acp_abi_dat_require(set: Ptr, id: number): number;
  /** −1 when nothing is wanted. */
  acp_abi_dat_wanted_source(set: Ptr): number;
  acp_abi_dat_wanted_offset(set: Ptr): number;
  acp_abi_dat_wanted_length(set: Ptr): number;
  acp_abi_dat_supply(set: Ptr, source: number, offset: number, bytes: Ptr, length: number): number;
  acp_abi_dat_error_status(set: Ptr): number;
  acp_abi_dat_error_offset(set: Ptr): number;
  acp_abi_dat_error_in_record(set: Ptr): number;
  acp_abi_dat_error_field(set: Ptr): Ptr;
  acp_abi_dat_error_record(set: Ptr): number;
  acp_abi_dat_status_string(status: number): Ptr;
  acp_abi_dat_status_name(status: number): Ptr;
  acp_abi_dat_count(set: Ptr): number;
  acp_abi_dat_record_id(set: Ptr, index: number): number;
  acp_abi_dat_record_type(set: Ptr, index: number): number;
  /** NUL-terminated JSON to release with acp_abi_free, or 0. */
  acp_abi_dat_json(set: Ptr, type: number, id: number): Ptr;
  acp_abi_dat_landblock(set: Ptr, id: number): Ptr;
  acp_abi_dat_land_height_table(set: Ptr, id: number): Ptr;
  /** Landblock `id` of the store into a terrain, heights through the store's Region 0x13000000;
   *  0 OK, 1 a record missing, 2 full. */
  acp_abi_terrain_add_dat_landblock(terrain: Ptr, set: Ptr, id: number): number;
  /** Setup `setup_id` of the store, animations and motion tables from the store; 1 or 0. */
  acp_abi_physobj_set_setup_dat(obj: Ptr, set: Ptr, setupId: number): number;
  acp_abi_dat_writer_create(dataSet: number, blockSize: number): Ptr;
  acp_abi_dat_writer_add(w: Ptr, id: number, bytes: Ptr, size: number, flags: number, date: number, iteration: number): number;
  acp_abi_dat_writer_finish(w: Ptr): number;
  acp_abi_dat_writer_bytes(w: Ptr): Ptr;
  acp_abi_dat_writer_size(w: Ptr): number;
  acp_abi_dat_writer_destroy(w: Ptr): void;
  // ---- page ----
  /** The last frame's acp_trace_object array (layout 'trace_object'), 0 before the first frame. */
  acp_abi_run_frame_objects(run: Ptr): Ptr;
  /** event: binary JSON (encodeJson) of one "events" element; 1 added, 0 refused. */
  acp_abi_run_add_event(run: Ptr, json: Ptr, size: number): number;
  acp_abi_run_add_object(run: Ptr, json: Ptr, size: number): number;
  acp_abi_run_event_error(run: Ptr): Ptr;
  /** One frame at `now` seconds: 1 ok, 0 error (the run's error message). */
  acp_abi_run_step(run: Ptr, now: number): number;
  acp_abi_run_world(run: Ptr): Ptr;
  acp_abi_run_object(run: Ptr, index: number): Ptr;
  // ---- scripts and particles (wasm/abi/fx.c, issue 16) ----
  acp_abi_object_particle_count(obj: Ptr): number;
  acp_abi_object_particles(obj: Ptr, out: Ptr, cap: number): number;
  acp_abi_object_script_count(obj: Ptr): number;
  acp_abi_object_script_id(obj: Ptr, i: number): number;
  acp_abi_object_script_times(obj: Ptr, i: number, out: Ptr): number;
  acp_abi_world_reserve_fx(world: Ptr, fxBlocks: number, particles: number): number;
  acp_abi_world_fx_stats(world: Ptr, out: Ptr): number;
  acp_abi_run_object_count(run: Ptr): number;
  acp_abi_hook_type_name(type: number): Ptr;
  /** The world's terrain, 0 without one. */
  acp_abi_world_terrain(world: Ptr): Ptr;
  acp_abi_terrain_count(terrain: Ptr): number;
  /** 0xXXYYFFFF; read with `>>> 0`. */
  acp_abi_terrain_block_id(terrain: Ptr, index: number): number;
  /** 81 × (x, y, z) f32, metres, element x*9 + y. */
  acp_abi_terrain_block_vertices(terrain: Ptr, index: number): Ptr;
  acp_abi_physobj_sphere_count(obj: Ptr): number;
  /** centre x, y, z (object axes, unscaled) and radius: 4 f32. */
  acp_abi_physobj_sphere(obj: Ptr, index: number): Ptr;
  // ---- the draw side (wasm/abi/draw.c, src/draw/draw.h; cglm, not part of any trace) ----
  // Each call fills one caller-provided f32 array at `out` (allocate it once with acp_abi_alloc,
  // view it as a Float32Array over memory.buffer) and returns how many matrices (vertices) there
  // are, writing the first min(count, capacity): pass capacity 0 to size the array. A matrix is
  // 16 f32, column-major (three.js Matrix4.fromArray order). Positions are metres in the
  // landblock frame of `originCell` (only its top 16 bits 0xXXYY count; +X east, +Y north, +Z up):
  // an object in landblock (X, Y) is shifted by ((X − X0)·192, (Y − Y0)·192, 0).
  /** Part matrices in part order: the part's world frame (retail UpdateParts) × its drawing scale. */
  acp_abi_draw_part_matrices(obj: Ptr, originCell: number, out: Ptr, capacity: number): number;
  /** Collision sphere matrices: the unit sphere mapped onto each (centre and radius × scale). */
  acp_abi_draw_sphere_matrices(obj: Ptr, originCell: number, out: Ptr, capacity: number): number;
  /** Collision cylinder matrices: the unit cylinder (radius 1, z 0..1) mapped onto each. */
  acp_abi_draw_cylsphere_matrices(obj: Ptr, originCell: number, out: Ptr, capacity: number): number;
  /** The selection sphere's matrix (16 f32 at out): 1, or 0 without a Setup. */
  acp_abi_draw_selection_sphere_matrix(obj: Ptr, originCell: number, out: Ptr): number;
  /** Every object's part matrices back to back (update order, then the static animating ones). */
  acp_abi_draw_world_part_matrices(world: Ptr, originCell: number, out: Ptr, capacity: number): number;
  /** Every object's sphere matrices back to back, same object order. */
  acp_abi_draw_world_sphere_matrices(world: Ptr, originCell: number, out: Ptr, capacity: number): number;
  /** Landblock `index` of the terrain as a triangle list: 384 vertices × (x, y, z); capacity in
   *  floats (1152 for all). Returns 384, 0 when index is out of range. */
  acp_abi_draw_terrain_positions(terrain: Ptr, index: number, originCell: number, out: Ptr, capacity: number): number;
  /** Each triangle's plane normal for its 3 vertices (unit, up); capacity in floats. */
  acp_abi_draw_terrain_normals(terrain: Ptr, index: number, out: Ptr, capacity: number): number;
  /** The world's records' buildings as a triangle list (x, y, z per vertex; capacity in floats): the vertex count. */
  acp_abi_draw_block_static_spheres(world: Ptr, originCell: number, out: Ptr, capacity: number): number;
  acp_abi_draw_block_static_cylspheres(world: Ptr, originCell: number, out: Ptr, capacity: number): number;
  acp_abi_draw_part_triangles(world: Ptr, obj: Ptr, originCell: number, out: Ptr, capacity: number): number;
  acp_abi_draw_building_triangles(world: Ptr, originCell: number, out: Ptr, capacity: number): number;
  /** The world's records' EnvCells as a triangle list (x, y, z per vertex; capacity in floats): the vertex count. */
  acp_abi_draw_envcell_triangles(world: Ptr, originCell: number, out: Ptr, capacity: number): number;
  /** One EnvCell of the world's records (cell id 0xXXYY0100 on) as a triangle list, as in the list above: the vertex count (0: none). */
  acp_abi_draw_envcell_cell_triangles(world: Ptr, cellId: number, originCell: number, out: Ptr, capacity: number): number;
  /** The world's records' landblock statics' cylinders (16 floats each; capacity in matrices): the count. */
  acp_abi_draw_static_cylinders(world: Ptr, originCell: number, out: Ptr, capacity: number): number;
  acp_abi_draw_block_static_physics_triangles(world: Ptr, originCell: number, out: Ptr, capacity: number): number;
  acp_abi_lazydat_create(length: number): Ptr;
  acp_abi_lazydat_destroy(d: Ptr): void;
  /** 0 ok, 1 pending, else an error status. */
  acp_abi_lazydat_open(d: Ptr): number;
  acp_abi_lazydat_data_set(d: Ptr): number;
  acp_abi_lazydat_block_size(d: Ptr): number;
  acp_abi_lazydat_read(d: Ptr, id: number): number;
  acp_abi_lazydat_wanted_offset(d: Ptr): number;
  acp_abi_lazydat_wanted_length(d: Ptr): number;
  acp_abi_lazydat_supply(d: Ptr, offset: number, bytes: Ptr, length: number): number;
  acp_abi_lazydat_bytes(d: Ptr): Ptr;
  acp_abi_lazydat_size(d: Ptr): number;
  acp_abi_lazydat_flags(d: Ptr): number;
  acp_abi_lazydat_date(d: Ptr): number;
  acp_abi_lazydat_iteration(d: Ptr): number;
  acp_abi_lazydat_json(d: Ptr): Ptr;
  acp_abi_lazydat_error_status(d: Ptr): number;
  acp_abi_lazydat_error_offset(d: Ptr): number;
  acp_abi_lazydat_error_in_record(d: Ptr): number;
  acp_abi_lazydat_error_field(d: Ptr): Ptr;
  acp_abi_lazydat_error_record(d: Ptr): number;
  // ---- benchmarks: src/bench/bench.h; 64-bit counts arrive as doubles ----
  /** Calls to malloc, calloc, realloc and free since the module started. */
  acp_abi_alloc_count(): number;
  /** kind 0 motion, 1 terrain, 2 static; excerpt bytes in linear memory. 0 on failure (acp_abi_bench_status). */
  acp_abi_bench_create(kind: number, objects: number, portal: Ptr, portalSize: number, cell: Ptr, cellSize: number): Ptr;
  acp_abi_bench_status(): number;
  acp_abi_bench_status_string(status: number): Ptr;
  acp_abi_bench_destroy(bench: Ptr): void;
  /** The next `frames` frames of CPhysics::UseTime (frame k at k · 34953/2^20 s). */
  acp_abi_bench_run(bench: Ptr, frames: number): void;
  /** Frames whose quanta did not match the update records. */
  acp_abi_bench_verify(bench: Ptr, frames: number): number;
  acp_abi_bench_quanta(bench: Ptr): number;
  acp_abi_bench_frames(bench: Ptr): number;
  acp_abi_bench_sweeps(bench: Ptr): number;
  acp_abi_bench_particle_updates(b: Ptr): number;
  acp_abi_bench_active(bench: Ptr): number;
  acp_abi_bench_world(bench: Ptr): Ptr;
  acp_abi_bench_digest_lo(bench: Ptr): number;
  acp_abi_bench_digest_hi(bench: Ptr): number;
  acp_abi_bench_kernel_create(objects: number): Ptr;
  acp_abi_bench_kernel_destroy(kernel: Ptr): void;
  acp_abi_bench_kernel_run(kernel: Ptr, quanta: number): void;
  acp_abi_bench_kernel_digest_lo(kernel: Ptr): number;
  acp_abi_bench_kernel_digest_hi(kernel: Ptr): number;
  /** Read and parse every record of an in-memory DAT; writes records, record bytes, skipped (3 f64). */
  acp_abi_bench_dat_read(bytes: Ptr, size: number, out: Ptr): number;
  // ---- retail arithmetic vectors (tests/node/retail_vectors.test.mjs) ----
  /** acphys's libm: kind 1 sin, 2 cos, 3 atan2(a, b), 4 asin, 5 acos, 6 pow(a, b), 7 fmod(a, b). */
  acp_abi_rv_libm(kind: number, a: number, b: number): number;
  acp_abi_rv_frame_combine_scaled(out: Ptr, a: Ptr, b: Ptr, sx: number, sy: number, sz: number): void;
  acp_abi_rv_vec3_normalize_check_small(v: Ptr): number;
  acp_abi_rv_vec3_div(v: Ptr, d: number): void;
  acp_abi_rv_physobj_reset(obj: Ptr): void;
  acp_abi_rv_physobj_set_velocity(obj: Ptr, x: number, y: number, z: number): number;
  acp_abi_rv_physobj_update_physics_internal(obj: Ptr, quantum: number, frame: Ptr): void;
  acp_abi_rv_physobj_update_position_internal(obj: Ptr, quantum: number, out: Ptr): void;
  acp_abi_rv_physobj_handle_all_collisions(obj: Ptr, nx: number, ny: number, nz: number, normalValid: number,
    framesStationaryFall: number, prevOnWalkable: number): void;
  acp_abi_rv_sequence_apply_physics(frame: Ptr, quantum: number, sign: number, vx: number, vy: number, vz: number,
    ox: number, oy: number, oz: number): void;
  acp_abi_rv_fphook_execute(obj: Ptr, timeCreated: number, interpolationTime: number, start: number, end: number,
    now: number): number;
  // ---- the DAT commands (wasm/abi/cli.c): through Acphys.host ----
  /** Run "list", "dump" or "excerpt" with argc NUL-terminated argument strings (argv: their
   *  pointers): the exit status, or -1 for another name. */
  acp_abi_cli_dat(name: Ptr, argc: number, argv: Ptr): number;
  acp_abi_cli_dat_usage(): Ptr;
  // ---- the public C API, one export per call (wasm/abi/api.c; statuses are acp_status, 0 OK) ----
  /** acp_create_world: the world id (index1 | generation << 16), 0 on failure. */
  acp_abi_api_create_world(profile: number, maxObjects: number): number;
  acp_abi_api_destroy_world(world: number): number;
  /** acp_error_message of the last failed call. */
  acp_abi_api_error(): Ptr;
  acp_abi_api_load_default_records(world: number): number;
  acp_abi_api_load_records(world: number, bytes: Ptr, size: number): number;
  acp_abi_api_finish_records(world: number): number;
  acp_abi_api_set_peer_rules(world: number, rules: number): number;
  acp_abi_api_set_max_objects(world: number, maxObjects: number): number;
  acp_abi_api_set_player(world: number, objectId: number): number;
  acp_abi_api_set_time(world: number, now: number): number;
  acp_abi_api_step(world: number, now: number): number;
  /** Fill an acp_object_def (layout 'object_def') with the defaults; create an object from one. */
  acp_abi_api_default_object_def(out: Ptr): void;
  acp_abi_api_create_object(world: number, def: Ptr): number;
  acp_abi_api_destroy_object(world: number, id: number): number;
  /** Fill an acp_motion (layout 'motion') with the defaults; apply one. */
  acp_abi_api_default_motion(out: Ptr): void;
  acp_abi_api_apply_motion(world: number, id: number, motion: Ptr): number;
  acp_abi_api_apply_raw_motion(world: number, id: number, motion: Ptr): number;
  acp_abi_api_jump(world: number, id: number, extent: number, weenieError: Ptr): number;
  acp_abi_api_set_velocity(world: number, id: number, x: number, y: number, z: number): number;
  acp_abi_api_set_omega(world: number, id: number, x: number, y: number, z: number): number;
  acp_abi_api_set_state(world: number, id: number, state: number): number;
  acp_abi_api_stick_to(world: number, id: number, target: number): number;
  acp_abi_api_unstick(world: number, id: number): number;
  acp_abi_api_unconstrain(world: number, id: number): number;
  acp_abi_api_play_script(world: number, id: number, script: number): number;
  acp_abi_api_play_script_type(world: number, id: number, type: number, mod: number): number;
  /** acp_object_get_state into an acp_object_state (layout 'object_state'). */
  acp_abi_api_get_state(world: number, id: number, out: Ptr): number;
  /** acp_object_server_position from an acp_server_position (layout 'server_position'). */
  acp_abi_api_server_position(world: number, id: number, sp: Ptr): number;
  acp_abi_api_constrain_to(world: number, id: number, cell: number, x: number, y: number, z: number, qw: number,
    qx: number, qy: number, qz: number, startDistance: number, maxDistance: number): number;
  /** Fill an acp_move_to (layout 'move_to') with the defaults; send one. */
  acp_abi_api_default_move_to(out: Ptr): void;
  acp_abi_api_move_to(world: number, id: number, moveTo: Ptr): number;
  /** acp_world_get_info into an acp_world_info (layout 'world_info'). */
  acp_abi_api_world_info(world: number, out: Ptr): number;
  /** acp_world_snapshot / acp_object_export (buffer 0: only *size, a u32 at `size`, is set) and
   *  acp_world_restore / acp_object_import (API 1.1); Acphys.worldSnapshot and the others wrap them. */
  acp_abi_api_world_snapshot(world: number, buffer: Ptr, capacity: number, size: Ptr): number;
  acp_abi_api_world_restore(world: number, bytes: Ptr, size: number): number;
  acp_abi_api_object_export(world: number, id: number, buffer: Ptr, capacity: number, size: Ptr): number;
  acp_abi_api_object_import(world: number, bytes: Ptr, size: number, objectId: Ptr): number;
  [name: string]: unknown;
}

/** The loaded module. */
/** The host of the DAT commands (wasm/abi/cli.c): synchronous file access. */
export interface AcphysHost {
  /** Print bytes [p, p + n) on standard output (stream 1) or standard error (2). */
  print(stream: 1 | 2, p: Ptr, n: number): void;
  /** Open a DAT: a handle >= 0 with its length (a double) stored at lengthPtr, or -1 with the
   *  reason written NUL-terminated at why (whySize bytes at most). */
  open(path: Ptr, why: Ptr, whySize: number, lengthPtr: Ptr): number;
  /** Read length bytes at file offset into memory at out: 0, or -1 (an I/O error, a short read). */
  read(handle: number, offset: number, length: number, out: Ptr): number;
  close(handle: number): void;
  /** 1 when both paths name the same existing file. */
  same_file(a: Ptr, b: Ptr): number;
  /** Write size bytes at bytes to path without losing the old file on failure: 0, or -1 with
   *  the reason at why. */
  write_file(path: Ptr, bytes: Ptr, size: number, why: Ptr, whySize: number): number;
}

/** One static object of `acphys world` (kinds in retail's creation order). */
export interface WorldObject {
  kind: 'building' | 'landblock_info' | 'scenery' | 'envcell';
  /** Setup (0x02...) or GfxObj (0x01...), as "0x%08X". */
  id: string;
  cell: string;
  /** Metres, the landblock's frame. */
  origin: [number, number, number];
  /** Quaternion w, x, y, z. */
  orientation: [number, number, number, number];
  scale: number;
}
/** What `acphys world` prints. */
export interface WorldJson {
  landblock: string;
  objects: WorldObject[];
}

export declare class Acphys {
  readonly exports: AcphysExports;
  readonly memory: WebAssembly.Memory;
  /** Size of the .wasm in bytes. */
  readonly size: number;
  /** Build digest: first 16 hex digits of the SHA-256 of the .wasm (undefined without WebCrypto). */
  readonly digest: string | undefined;
  /** How many times the module has grown its memory; after each grow the loader adds headroom
   *  (a quarter of the memory, at most 96 MiB), so large runs grow it in few steps. */
  readonly memoryGrowths: number;
  /** The functions behind the module's acp_host_* imports, which only the DAT commands call
   *  (acp_abi_cli_dat: `npx acphys list|dump|excerpt`); bin/acphys.mjs sets them to Node's fs.
   *  Unset, such a call throws. Pointers are offsets into memory; strings NUL-terminated UTF-8. */
  host: AcphysHost | null;
  u8(): Uint8Array;
  u32(): Uint32Array;
  i32(): Int32Array;
  f32(): Float32Array;
  f64(): Float64Array;
  alloc(n: number): Ptr;
  free(p: Ptr): void;
  copyIn(bytes: Uint8Array): Ptr;
  string(p: Ptr): string;
  version(): string;
  /** The static world of one landblock as `acphys world` prints it (src/cli/world_cmd.c):
   *  parsed, or the JSON text with `{ text: true }`. Throws an Error with `status` 1 or 2. */
  world(cell: Uint8Array, landblockId: number, options?: { portal?: Uint8Array; text?: false }): WorldJson;
  world(cell: Uint8Array, landblockId: number, options: { portal?: Uint8Array; text: true }): string;
  // ---- page: struct layouts (acp_abi_layout) ----
  /** Field offsets of a C struct kind ('physobj', 'world', ..., 'trace_object', and the public
   *  API's 'object_def', 'motion', 'object_state', 'server_position', 'move_to', 'world_info' for the acp_abi_api_* exports). Types: 1 u32,
   *  2 i32, 3 f32, 4 f64, 5 bool (u8), 6 pointer, 7 i16, 0 opaque (embedded struct). */
  layout(kind: string): { size: number; fields: Record<string, { offset: number; type: number; count: number }> };
  field(kind: string, name: string): { offset: number; type: number; count: number };
  get(kind: string, ptr: Ptr, name: string): number | boolean | number[];
  set(kind: string, ptr: Ptr, name: string, value: number | boolean | number[]): void;
  // ---- snapshots and hand-offs of an API world (acp_abi_api_create_world's id; API 1.1) ----
  /** acp_world_snapshot: the world's whole mutable state, the same bytes natively. Throws ApiError. */
  worldSnapshot(world: number): Uint8Array;
  /** acp_world_restore into a fresh world over the same records. Throws ApiError (status 2 with
   *  the offset and field of damaged, truncated or other-version bytes; 7 other records; 8 a
   *  world with objects); a refused restore leaves the world as it was. */
  worldRestore(world: number, bytes: Uint8Array): void;
  /** acp_object_export: the object's bytes; it leaves the world. Throws ApiError. */
  objectExport(world: number, objectId: number): Uint8Array;
  /** acp_object_import: the object enters this world; returns its id. Throws ApiError. */
  objectImport(world: number, bytes: Uint8Array): number;
}

/** A call of the public API (acp_abi_api_*) refused: `status` is its acp_status, the message the
 *  library's (acp_error_message: the function, the argument, for snapshots the offset and field). */
export declare class ApiError extends Error {
  readonly status: number;
}

/** Thrown by loadAcphys() (no source given, in Node) when wasm/acphys.wasm is not there: a clone
 *  before its first build. The message names the file and the command that builds it. */
export declare class MissingWasmError extends Error {
  readonly code: 'ACPHYS_NO_WASM';
  /** The file that is missing. */
  readonly path: string;
}

/** Thrown by loadAcphys() (no source given) when wasm/acphys.wasm is empty or does not compile:
 *  an interrupted build. The message says which and the command that rebuilds it. */
export declare class DamagedWasmError extends Error {
  readonly code: 'ACPHYS_NO_WASM';
  /** The damaged file. */
  readonly path: string;
}

/** Load and instantiate acphys.wasm from bytes, a URL, a file path (Node) or the default beside
 *  the loader (MissingWasmError when that is not built yet, DamagedWasmError when it is empty or
 *  damaged). */
export declare function loadAcphys(source?: ArrayBuffer | ArrayBufferView | URL | string): Promise<Acphys>;

/** First 16 hex digits of the SHA-256 of the bytes. */
export declare function buildDigest(bytes: Uint8Array): Promise<string | undefined>;

/** Record types (acp_dat_type). */
export declare const DAT_TYPE: Readonly<{ Setup: 1; Animation: 2; MotionTable: 3; LandBlock: 4; Region: 5; GfxObj: 6; Environment: 7; EnvCell: 8; LandBlockInfo: 9; ParticleEmitterInfo: 10; PhysicsScript: 11; PhysicsScriptTable: 12; Scene: 13 }>;
/** The status meaning "supply the wanted range and call again". */
export declare const DAT_PENDING: 1;

/** Where and why a DAT call failed (C acp_dat_error). */
export interface DatErrorInfo {
  status: number;
  /** The status's name, e.g. "ACP_DAT_ERR_FREE_BLOCK". */
  code: string;
  message: string;
  /** Bytes: within the record when `inRecord`, else within the file. */
  offset: number;
  inRecord: boolean;
  /** Static field name, e.g. "setup.spheres". */
  field: string;
  /** The record the error is about (0 for file-level errors). */
  recordId: number;
}

/** A failed DAT call. */
export declare class DatError extends Error implements DatErrorInfo {
  constructor(info: DatErrorInfo);
  status: number;
  code: string;
  offset: number;
  inRecord: boolean;
  field: string;
  recordId: number;
  /** The status's own sentence (DatErrorInfo.message); `message` adds the code, offset, field
   *  and record to it. */
  reason: string;
  /** Where: "file offset 2816, field record chain" (record offset within a record). */
  place: string;
}

/** A parsed LandBlock: element x*9 + y; height indexes the Region's height table. */
export interface DatLandBlock {
  id: number;
  hasObjects: number;
  terrain: Uint16Array;
  height: Uint8Array;
}

/** A record store in the module (acp_datset). */
export declare class DatSet {
  constructor(acp: Acphys);
  readonly handle: Ptr;
  lastError(): DatErrorInfo;
  /** Parse every record of an in-memory DAT; throws DatError. */
  addBytes(bytes: Uint8Array): void;
  /** Register a DAT read on demand through `read` (e.g. File.slice); returns its source index. */
  addLazy(length: number, read: (offset: number, length: number) => Uint8Array | Promise<Uint8Array>): number;
  /** Load record `id` from the lazy sources; throws DatError (ACP_DAT_ERR_NOT_FOUND, ...). */
  require(id: number): Promise<void>;
  count(): number;
  records(): { type: number; id: number }[];
  /** The record as the JSON of acp_dat_record_json (ids as "0x%08X" strings). */
  json(type: number, id: number): Record<string, unknown> | undefined;
  landblock(id: number): DatLandBlock | undefined;
  /** The 256 heights in metres of Region `id` (default 0x13000000). */
  heightTable(id?: number): Float32Array | undefined;
  free(): void;
}

/** One record for writeDat. */
export interface DatRecordBytes {
  id: number;
  bytes: Uint8Array;
  /** Entry word: bit 0 compressed, bits 16-31 version. */
  flags?: number;
  /** Unix seconds. */
  date?: number;
  iteration?: number;
}

/** Write a DAT in the retail container format (dataSet 1 portal, 2 cell; blockSize 0 = 1024/256). */
export declare function writeDat(acp: Acphys, opts: { dataSet: number; blockSize?: number; records: DatRecordBytes[] }): Uint8Array;

// ---- page ----
/** A record copied out of a DAT: raw bytes, directory entry fields, and its parse as JSON. */
export interface DatRecordCopy extends DatRecordBytes {
  id: number;
  flags: number;
  date: number;
  iteration: number;
  /** The record as acp_dat_record_json gives it; undefined for a type acphys does not parse. */
  json: Record<string, unknown> | undefined;
  /** The records it names whose types acphys parses, each once, in field order, with the DAT
   *  holding each (1 portal, 2 cell): the closure `acphys excerpt` follows. LazyDat.record fills
   *  it; writeDat ignores it. */
  refs?: { id: number; dataSet: number }[];
}

/** A user's full DAT read on demand (File.slice), to copy the records a scenario needs into an
 *  excerpt (writeDat). Only the header, the B-tree path and the records' blocks are read. */
export declare class LazyDat {
  constructor(acp: Acphys, length: number, read: (offset: number, length: number) => Uint8Array | Promise<Uint8Array>,
    onRead?: (bytes: number) => void);
  lastError(): DatErrorInfo;
  /** Reads and checks the header; throws DatError (e.g. ACP_DAT_ERR_BAD_MAGIC: not a DAT). */
  open(): Promise<{ dataSet: number; blockSize: number }>;
  /** Throws DatError (ACP_DAT_ERR_NOT_FOUND when the DAT lacks the record, ...). */
  record(id: number): Promise<DatRecordCopy>;
  free(): void;
}

/** One live particle for drawing: world metres (block offset + the particle's origin), scale,
 *  translucency (0 opaque .. 1 invisible). */
export interface Particle { x: number; y: number; z: number; scale: number; translucency: number }
/** An object's live particles (acp_abi_object_particles), emitters and slots in order. */
export declare function objectParticles(acp: Acphys, obj: Ptr): Particle[];
/** A script an object's ScriptManager holds: id, start (s, Timer::cur_time); the running one
 *  (first) also has nextHook (s, −1 for none). */
export interface RunningScript { id: number; start: number; nextHook?: number }
/** The scripts an object's ScriptManager holds, the running one first. */
export declare function objectScripts(acp: Acphys, obj: Ptr): RunningScript[];
