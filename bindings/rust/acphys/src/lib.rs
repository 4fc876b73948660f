//! Retail-exact Asheron's Call physics (the 2013 client's `CPhysicsObj::update_object` and all it
//! reaches) from Rust, through the C API of libacphys (`include/acphys.h`).
//!
//! ```no_run
//! use acphys::{World, Profile, pose};
//! let mut world = World::new(Profile::Retail, 100)?;
//! world.load_default_records()?;
//! let mut def = acphys::object_def();
//! def.id = 0x5000_0001;
//! def.setup = 0x0200_0001;
//! def.pose = pose(0xA9B4_0017, [84.0, 156.0, 60.0]);
//! world.create_object(&def)?;
//! let mut walk = acphys::motion();
//! walk.forward_command = 0x4500_0005; // WalkForward
//! world.apply_motion(def.id, &walk)?;
//! for k in 1..=30 { world.step(k as f64 / 30.0)?; }
//! println!("{:?}", world.state(def.id)?.origin);
//! # Ok::<(), acphys::Error>(())
//! ```
//!
//! Units: metres, seconds, m/s, rad/s; a position is a cell id `0xXXYYCCCC` and an origin in the
//! cell's landblock frame; quaternions `[w, x, y, z]`. Every refused call is an [`Error`] carrying
//! the library's message, which names the argument. A [`World`] is `Send` but not `Sync`: one
//! thread at a time. Dropping it destroys the world and its objects.
use std::ffi::{CStr, CString};
use std::fmt;
use std::marker::PhantomData;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

pub use acphys_sys as sys;

/// Comparison mode (World::set_peer_rules): ACE's 0.1 s largest quantum. Not retail.
pub const PEER_ACE_MAX_QUANTUM: u32 = 1;
/// Comparison mode (World::set_peer_rules): ACE's sled friction. Not retail.
pub const PEER_ACE_SLED_FRICTION: u32 = 2;

pub type Pose = sys::acp_pose;
pub type ObjectDef = sys::acp_object_def;
pub type Motion = sys::acp_motion;
pub type ServerPosition = sys::acp_server_position;
pub type MoveTo = sys::acp_move_to;
pub type ObjectState = sys::acp_object_state;
pub type WorldInfo = sys::acp_world_info;

/// What kind of refusal an [`Error`] is (the C API's `acp_status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    Null,
    Argument,
    World,
    Object,
    Exists,
    Full,
    Records,
    State,
    NoMotion,
    Io,
    Scenario,
    Memory,
    Other(i32),
}

/// A call the library refused: its kind and the library's message (naming the argument).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

fn cstr(p: *const std::os::raw::c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

fn check(status: sys::acp_status) -> Result<()> {
    if status == sys::ACP_OK {
        return Ok(());
    }
    let kind = match status {
        sys::ACP_ERR_NULL => ErrorKind::Null,
        sys::ACP_ERR_ARGUMENT => ErrorKind::Argument,
        sys::ACP_ERR_WORLD => ErrorKind::World,
        sys::ACP_ERR_OBJECT => ErrorKind::Object,
        sys::ACP_ERR_EXISTS => ErrorKind::Exists,
        sys::ACP_ERR_FULL => ErrorKind::Full,
        sys::ACP_ERR_RECORDS => ErrorKind::Records,
        sys::ACP_ERR_STATE => ErrorKind::State,
        sys::ACP_ERR_NO_MOTION => ErrorKind::NoMotion,
        sys::ACP_ERR_IO => ErrorKind::Io,
        sys::ACP_ERR_SCENARIO => ErrorKind::Scenario,
        sys::ACP_ERR_MEMORY => ErrorKind::Memory,
        other => ErrorKind::Other(other),
    };
    Err(Error { kind, message: cstr(unsafe { sys::acp_error_message() }) })
}

fn path_c(path: &Path, what: &str) -> Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| Error { kind: ErrorKind::Argument, message: format!("{}: a path with a NUL byte", what) })
}

/// The loaded library's API version ("1.1.0").
pub fn api_version() -> String {
    cstr(unsafe { sys::acp_api_version() })
}
/// 16 hex digits naming the library's sources and flags.
pub fn build_digest() -> String {
    cstr(unsafe { sys::acp_build_digest() })
}
/// Retail's name of an anim hook type ("Unknown" for any other value).
pub fn hook_name(hook_type: u32) -> String {
    cstr(unsafe { sys::acp_hook_name(hook_type) })
}
/// The trace's name of an offset source.
pub fn offset_source_name(source: u32) -> String {
    cstr(unsafe { sys::acp_offset_source_name(source) })
}
/// The trace's name of a move-to type.
pub fn move_to_type_name(t: u32) -> String {
    cstr(unsafe { sys::acp_move_to_type_name(t) })
}

/// A position: cell and origin (identity rotation).
pub fn pose(cell: u32, origin: [f32; 3]) -> Pose {
    Pose { cell, origin, orientation: [1.0, 0.0, 0.0, 0.0] }
}
/// The scenario defaults of an object (set `id` and `pose`).
pub fn object_def() -> ObjectDef {
    unsafe { sys::acp_default_object_def() }
}
/// Retail's InterpretedMotionState / RawMotionState defaults.
pub fn motion() -> Motion {
    unsafe { sys::acp_default_motion() }
}
/// Retail's MovementParameters defaults (a move to a position).
pub fn move_to() -> MoveTo {
    unsafe { sys::acp_default_move_to() }
}

/// Clock profiles (docs/RETAIL-CONTRACT.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    Retail = 0,
    AcdreamR6 = 1,
    Ace = 2,
    RenderFrame = 3,
}

impl Profile {
    pub fn from_name(name: &str) -> Option<Profile> {
        match name {
            "retail" => Some(Profile::Retail),
            "acdream-r6" => Some(Profile::AcdreamR6),
            "ace" => Some(Profile::Ace),
            "render-frame" => Some(Profile::RenderFrame),
            _ => None,
        }
    }
}

/// An object's last-step environment reports and shadow drops ([`World::reports`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reports {
    /// The weenie's EnvCollisionProfile calls of the last step
    /// (CPhysicsObj::report_environment_collision, 0x00512FC0).
    pub env_collisions: u32,
    /// The cells its shadow lists could not hold so far (docs/DEVIATIONS.md T3).
    pub cells_dropped: u32,
}

/// The two numbers `acphys run --quiet` prints last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScenarioResult {
    pub frames: u32,
    pub digest: u64,
    pub warnings: u32,
}

impl fmt::Display for ScenarioResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} frames, digest {:016x}", self.frames, self.digest)
    }
}

/// Run a scenario file as `acphys run` does (None: the scenario's profile).
pub fn run_scenario(path: impl AsRef<Path>, profile: Option<Profile>) -> Result<ScenarioResult> {
    let p = path_c(path.as_ref(), "path")?;
    let mut out = sys::acp_scenario_result::default();
    check(unsafe { sys::acp_run_scenario_file(p.as_ptr(), profile.map_or(-1, |x| x as i32), &mut out) })?;
    Ok(ScenarioResult { frames: out.frames, digest: out.digest, warnings: out.warnings })
}

/// Run scenario JSON text; excerpt names relative to `base_dir`.
pub fn run_scenario_json(json: &str, base_dir: Option<&Path>, profile: Option<Profile>) -> Result<ScenarioResult> {
    let base = match base_dir {
        Some(b) => Some(path_c(b, "base_dir")?),
        None => None,
    };
    let mut out = sys::acp_scenario_result::default();
    check(unsafe {
        sys::acp_run_scenario_json(json.as_ptr() as *const _, json.len(), base.as_ref().map_or(std::ptr::null(), |b| b.as_ptr()),
                                   profile.map_or(-1, |x| x as i32), &mut out)
    })?;
    Ok(ScenarioResult { frames: out.frames, digest: out.digest, warnings: out.warnings })
}

/// A world (retail CPhysics): its records, objects (named by AC object id) and clock.
pub struct World {
    id: sys::acp_world_id,
    _not_sync: PhantomData<std::cell::Cell<()>>,
}

impl Drop for World {
    fn drop(&mut self) {
        unsafe { sys::acp_destroy_world(self.id) };
    }
}

impl World {
    /// An empty world for up to `max_objects` objects.
    pub fn new(profile: Profile, max_objects: u32) -> Result<World> {
        let mut def = unsafe { sys::acp_default_world_def() };
        def.profile = profile as u32;
        def.max_objects = max_objects;
        let mut id = sys::acp_world_id::default();
        check(unsafe { sys::acp_create_world(&def, &mut id) })?;
        Ok(World { id, _not_sync: PhantomData })
    }

    /// The C API's id of this world.
    pub fn id(&self) -> sys::acp_world_id {
        self.id
    }

    pub fn load_records(&mut self, dat: &[u8]) -> Result<()> {
        check(unsafe { sys::acp_world_load_records(self.id, dat.as_ptr(), dat.len()) })
    }
    pub fn load_default_records(&mut self) -> Result<()> {
        check(unsafe { sys::acp_world_load_default_records(self.id) })
    }
    pub fn load_records_file(&mut self, path: impl AsRef<Path>) -> Result<()> {
        let p = path_c(path.as_ref(), "path")?;
        check(unsafe { sys::acp_world_load_records_file(self.id, p.as_ptr()) })
    }
    pub fn set_player(&mut self, object_id: Option<u32>) -> Result<()> {
        check(unsafe { sys::acp_world_set_player_object(self.id, object_id.unwrap_or(0)) })
    }
    pub fn set_time(&mut self, now: f64) -> Result<()> {
        check(unsafe { sys::acp_world_set_time(self.id, now) })
    }
    /// Build the terrain from the records now and seal them (the first object or step does it
    /// otherwise): a records problem is an error here, before any object.
    pub fn finish_records(&mut self) -> Result<()> {
        check(unsafe { sys::acp_world_finish_records(self.id) })
    }
    /// Comparison modes (not retail), before the first object or step: `PEER_ACE_MAX_QUANTUM`,
    /// `PEER_ACE_SLED_FRICTION` (0: retail).
    pub fn set_peer_rules(&mut self, rules: u32) -> Result<()> {
        check(unsafe { sys::acp_world_set_peer_rules(self.id, rules) })
    }
    /// CPhysics::UseTime(now): one render frame.
    pub fn step(&mut self, now: f64) -> Result<()> {
        check(unsafe { sys::acp_world_step(self.id, now) })
    }
    pub fn info(&self) -> Result<WorldInfo> {
        let mut out = WorldInfo::default();
        check(unsafe { sys::acp_world_get_info(self.id, &mut out) })?;
        Ok(out)
    }

    pub fn create_object(&mut self, def: &ObjectDef) -> Result<u32> {
        check(unsafe { sys::acp_create_object(self.id, def) })?;
        Ok(def.id)
    }
    pub fn destroy_object(&mut self, object_id: u32) -> Result<()> {
        check(unsafe { sys::acp_destroy_object(self.id, object_id) })
    }
    pub fn exists(&self, object_id: u32) -> bool {
        unsafe { sys::acp_object_exists(self.id, object_id) }
    }

    pub fn apply_motion(&mut self, object_id: u32, m: &Motion) -> Result<()> {
        check(unsafe { sys::acp_object_apply_motion(self.id, object_id, m) })
    }
    pub fn apply_raw_motion(&mut self, object_id: u32, m: &Motion) -> Result<()> {
        check(unsafe { sys::acp_object_apply_raw_motion(self.id, object_id, m) })
    }
    /// Jump (extent 0..1); Ok(retail's WeenieError, 0 when it jumped).
    pub fn jump(&mut self, object_id: u32, extent: f32) -> Result<u32> {
        let mut e = 0u32;
        check(unsafe { sys::acp_object_jump(self.id, object_id, extent, &mut e) })?;
        Ok(e)
    }
    pub fn set_velocity(&mut self, object_id: u32, v: [f32; 3]) -> Result<()> {
        check(unsafe { sys::acp_object_set_velocity(self.id, object_id, v.as_ptr()) })
    }
    pub fn set_omega(&mut self, object_id: u32, w: [f32; 3]) -> Result<()> {
        check(unsafe { sys::acp_object_set_omega(self.id, object_id, w.as_ptr()) })
    }
    pub fn server_position(&mut self, object_id: u32, sp: &ServerPosition) -> Result<()> {
        check(unsafe { sys::acp_object_server_position(self.id, object_id, sp) })
    }
    pub fn stick_to(&mut self, object_id: u32, target_id: u32) -> Result<()> {
        check(unsafe { sys::acp_object_stick_to(self.id, object_id, target_id) })
    }
    pub fn unstick(&mut self, object_id: u32) -> Result<()> {
        check(unsafe { sys::acp_object_unstick(self.id, object_id) })
    }
    pub fn set_state(&mut self, object_id: u32, state: u32) -> Result<()> {
        check(unsafe { sys::acp_object_set_state(self.id, object_id, state) })
    }
    /// Object `object_id` held by `parent_id` (a ParentEvent) at `part` (-1: its own frame) with
    /// the holding frame `origin` and `orientation` (w, x, y, z; None: the identity).
    pub fn set_parent(&mut self, object_id: u32, parent_id: u32, part: i32, origin: [f32; 3],
                      orientation: Option<[f32; 4]>) -> Result<()> {
        let q = orientation.as_ref().map_or(std::ptr::null(), |q| q.as_ptr());
        check(unsafe { sys::acp_object_set_parent(self.id, object_id, parent_id, part, origin.as_ptr(), q) })
    }
    pub fn set_parent_location(&mut self, object_id: u32, parent_id: u32, location: u32) -> Result<()> {
        check(unsafe { sys::acp_object_set_parent_location(self.id, object_id, parent_id, location) })
    }
    pub fn unset_parent(&mut self, object_id: u32) -> Result<()> {
        check(unsafe { sys::acp_object_unset_parent(self.id, object_id) })
    }
    pub fn constrain_to(&mut self, object_id: u32, p: &Pose, start_distance: f32, max_distance: f32) -> Result<()> {
        check(unsafe { sys::acp_object_constrain_to(self.id, object_id, p, start_distance, max_distance) })
    }
    pub fn unconstrain(&mut self, object_id: u32) -> Result<()> {
        check(unsafe { sys::acp_object_unconstrain(self.id, object_id) })
    }
    pub fn move_to(&mut self, object_id: u32, mt: &MoveTo) -> Result<()> {
        check(unsafe { sys::acp_object_move_to(self.id, object_id, mt) })
    }
    pub fn play_script(&mut self, object_id: u32, script_id: u32) -> Result<()> {
        check(unsafe { sys::acp_object_play_script(self.id, object_id, script_id) })
    }
    pub fn play_script_type(&mut self, object_id: u32, script_type: u32, modifier: f32) -> Result<()> {
        check(unsafe { sys::acp_object_play_script_type(self.id, object_id, script_type, modifier) })
    }
    /// The world's whole mutable state (acp_world_snapshot, API 1.1), between steps: every
    /// object, its managers, hooks, scripts, particles, shadows, the clock and the generator, not
    /// the records (it names their digest). The same bytes natively and in WebAssembly.
    pub fn snapshot(&mut self) -> Result<Vec<u8>> {
        let mut size = 0usize;
        check(unsafe { sys::acp_world_snapshot(self.id, std::ptr::null_mut(), 0, &mut size) })?;
        let mut out = vec![0u8; size];
        check(unsafe { sys::acp_world_snapshot(self.id, out.as_mut_ptr(), out.len(), &mut size) })?;
        out.truncate(size);
        Ok(out)
    }
    /// Take a snapshot's state (acp_world_restore): the same records in the same order, the same
    /// profile and max_objects, no objects yet. Damaged, truncated or other-version bytes are an
    /// `ErrorKind::Argument` whose message names the byte offset and the field; other records
    /// `ErrorKind::Records`; a world with objects `ErrorKind::State`. A refused restore leaves the
    /// world as it was.
    pub fn restore(&mut self, snapshot: &[u8]) -> Result<()> {
        check(unsafe { sys::acp_world_restore(self.id, snapshot.as_ptr(), snapshot.len()) })
    }
    /// Hand an object to another world (acp_object_export): its state as bytes, and it leaves
    /// this world (what names objects of this world is cleared first, as retail's teleport_hook
    /// clears it).
    pub fn export_object(&mut self, object_id: u32) -> Result<Vec<u8>> {
        let mut size = 0usize;
        check(unsafe { sys::acp_object_export(self.id, object_id, std::ptr::null_mut(), 0, &mut size) })?;
        let mut out = vec![0u8; size];
        check(unsafe { sys::acp_object_export(self.id, object_id, out.as_mut_ptr(), out.len(), &mut size) })?;
        out.truncate(size);
        Ok(out)
    }
    /// Take in an object `export_object` wrote (acp_object_import): it carries on from the state it
    /// left with, in the cell of its position here. Returns its id.
    pub fn import_object(&mut self, bytes: &[u8]) -> Result<u32> {
        let mut id = 0u32;
        check(unsafe { sys::acp_object_import(self.id, bytes.as_ptr(), bytes.len(), &mut id) })?;
        Ok(id)
    }
    /// The object after the last step.
    pub fn state(&self, object_id: u32) -> Result<ObjectState> {
        let mut out = ObjectState::default();
        check(unsafe { sys::acp_object_get_state(self.id, object_id, &mut out) })?;
        Ok(out)
    }
    /// The last step's environment reports and shadow drops (acp_object_get_reports); errors
    /// of kind World or Object.
    pub fn reports(&self, object_id: u32) -> Result<Reports> {
        let mut out = Reports::default();
        check(unsafe {
            sys::acp_object_get_reports(self.id, object_id, &mut out.env_collisions, &mut out.cells_dropped)
        })?;
        Ok(out)
    }
}
