//! The Rust binding's tests (`cargo test --offline`):
//! - seven conformance cases of six groups through `run_scenario` match their goldens' frame
//!   counts and closing digests;
//! - walk-then-stop driven object by object through `World` gives the golden digest, computed
//!   here from `World::state` as docs/SCENARIOS.md's DIGEST says (the repr(C) structs carry every
//!   bit);
//! - bad arguments come back as `Error`s of the right kind with the library's message; a dropped
//!   world's id is refused.
use acphys::{pose, ErrorKind, Profile, World};
use std::path::PathBuf;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..").canonicalize().unwrap()
}

fn golden(name: &str) -> (u32, u64) {
    let text = std::fs::read_to_string(repo().join("conformance/v1/golden").join(format!("{}.jsonl", name))).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let last = lines[lines.len() - 1];
    let at = last.find("\"digest\":\"").unwrap() + 10;
    ((lines.len() - 1) as u32, u64::from_str_radix(&last[at..at + 16], 16).unwrap())
}

#[test]
fn conformance_cases_match_their_goldens() {
    let cases = [
        ("clock-profiles", "clock-profiles.ace", Profile::Ace),
        ("cadence-60hz", "cadence-60hz", Profile::Retail),
        ("falling-creature", "falling-creature", Profile::Retail),
        ("walk-then-stop", "walk-then-stop", Profile::Retail),
        ("crossing-east", "crossing-east", Profile::Retail),
        ("two-runners", "two-runners", Profile::Retail),
        ("scripts-and-particles", "scripts-and-particles", Profile::Retail),
    ];
    for (scenario, trace, profile) in cases {
        let path = repo().join("conformance/v1/scenarios").join(format!("{}.json", scenario));
        let r = acphys::run_scenario(&path, Some(profile)).unwrap();
        assert_eq!((r.frames, r.digest), golden(trace), "{}", trace);
    }
}

struct Fnv(u64);

impl Fnv {
    fn bytes(&mut self, b: &[u8]) {
        for &c in b {
            self.0 = (self.0 ^ c as u64).wrapping_mul(0x100000001b3);
        }
    }
    fn u8(&mut self, v: bool) {
        self.bytes(&[v as u8]);
    }
    fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }
    fn f32(&mut self, v: f32) {
        self.u32(if v.is_nan() { 0x7FC0_0000 } else { v.to_bits() });
    }
    fn f64(&mut self, v: f64) {
        self.bytes(&(if v.is_nan() { 0x7FF8_0000_0000_0000 } else { v.to_bits() }).to_le_bytes());
    }
}

#[test]
fn walk_then_stop_object_by_object() {
    let mut w = World::new(Profile::Retail, 1).unwrap();
    w.load_records_file(repo().join("data/portal-default.dat")).unwrap();
    let mut d = acphys::object_def();
    d.id = 1;
    d.setup = 0x0200_0001;
    d.motion_table = 0x0900_0001;
    d.physics_state = 0x0040_0008;
    d.placement = 1;
    d.transient_state = 3;
    d.pose = pose(0xD59A_0023, [100.0, 60.0, 330.0]);
    d.has_run_rate = true; // the player's weenie answers InqRunRate (1.0)
    w.create_object(&d).unwrap();
    w.set_player(Some(1)).unwrap();
    let events = [(0.0, 0x4100_0003u32), (0.1, 0x4500_0005), (1.0, 0x4400_0007), (2.0, 0x4100_0003)];
    let mut next = 0;
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    for k in 1..=180u32 {
        let now = 0.0 + k as f64 / 60.0;
        w.set_time(now).unwrap();
        while next < events.len() && events[next].0 <= now {
            let mut m = acphys::motion();
            m.forward_command = events[next].1;
            w.apply_motion(1, &m).unwrap();
            next += 1;
        }
        w.step(now).unwrap();
        let s = w.state(1).unwrap();
        h.u32(k);
        h.f64(now);
        h.u8(w.info().unwrap().gate_passed);
        h.u32(1);
        h.u32(s.id);
        h.u8(s.has_elapsed);
        if s.has_elapsed {
            h.f64(s.elapsed);
        }
        h.u32(s.num_quanta);
        for q in &s.quanta[..s.num_quanta as usize] {
            h.f32(*q);
        }
        h.f64(now - s.update_time);
        h.f64(s.update_time);
        h.u8(s.active);
        h.u32(s.physics_state);
        h.u32(s.transient_state);
        h.u32(s.cell);
        for v in s.origin.iter().chain(s.orientation.iter()).chain(s.velocity.iter()) {
            h.f32(*v);
        }
        h.u32(s.num_hooks);
        for t in &s.hooks[..s.num_hooks as usize] {
            h.bytes(acphys::hook_name(*t).as_bytes());
            h.bytes(&[0]);
        }
        assert!(!s.has_position_manager && !s.has_move_to && !s.has_fx && s.num_collisions == 0);
    }
    assert_eq!((180, h.0), golden("walk-then-stop"));
}

#[test]
fn errors_carry_the_message() {
    assert_eq!(acphys::api_version(), "1.1.0");
    assert_eq!(acphys::build_digest().len(), 16);
    let e = World::new(Profile::Retail, 0).err().unwrap();
    assert_eq!(e.kind, ErrorKind::Argument);
    assert!(e.message.contains("def->max_objects: 0 is outside"), "{}", e);
    let mut w = World::new(Profile::Retail, 2).unwrap();
    w.load_default_records().unwrap();
    let e = w.set_peer_rules(0x20).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Argument);
    assert!(e.message.contains("acp_world_set_peer_rules: rules: 0x20 has bits that are no comparison mode"), "{}", e);
    w.set_peer_rules(acphys::PEER_ACE_MAX_QUANTUM | acphys::PEER_ACE_SLED_FRICTION).unwrap();
    w.set_peer_rules(0).unwrap();
    w.finish_records().unwrap();
    w.finish_records().unwrap();
    assert_eq!(w.load_default_records().unwrap_err().kind, ErrorKind::State);
    let mut d = acphys::object_def();
    d.id = 1;
    d.setup = 0x0200_0001;
    d.pose = pose(0xA9B4_0017, [84.0, 156.0, 60.0]);
    let mut bad = d;
    bad.scale = -1.0;
    let e = w.create_object(&bad).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Argument);
    assert!(e.message.contains("def->scale: expected a positive finite number, got -1"), "{}", e);
    bad = d;
    bad.pose.orientation = [2.0, 0.0, 0.0, 0.0];
    assert!(w.create_object(&bad).unwrap_err().message.contains("not a unit quaternion"));
    bad = d;
    bad.setup = 0x0200_FFFF;
    assert_eq!(w.create_object(&bad).unwrap_err().kind, ErrorKind::Records);
    w.create_object(&d).unwrap();
    assert_eq!(w.create_object(&d).unwrap_err().kind, ErrorKind::Exists);
    let mut rock = acphys::object_def();
    rock.id = 2;
    rock.pose = pose(0xA9B4_0017, [90.0, 156.0, 60.0]);
    w.create_object(&rock).unwrap();
    rock.id = 3;
    assert_eq!(w.create_object(&rock).unwrap_err().kind, ErrorKind::Full);
    assert_eq!(w.apply_motion(2, &acphys::motion()).unwrap_err().kind, ErrorKind::NoMotion);
    assert_eq!(w.state(99).unwrap_err().kind, ErrorKind::Object);
    assert!(w.step(f64::NAN).unwrap_err().message.contains("acp_world_step: now:"));
    assert_eq!(w.load_default_records().unwrap_err().kind, ErrorKind::State);
    let e = w.set_peer_rules(1).unwrap_err();
    assert_eq!(e.kind, ErrorKind::State);
    assert!(e.message.contains("the world has objects or has run"), "{}", e);
    let s = w.state(1).unwrap();
    assert!(s.has_cell && s.contact && s.has_motion_table && s.physics_state == 0x0040_0C08);
    w.set_velocity(2, [100.0, 0.0, 0.0]).unwrap();
    assert_eq!(w.state(2).unwrap().velocity[0], 50.0); // set_velocity clamps to 50 m/s
    w.set_omega(2, [0.0, 0.0, 1.5]).unwrap();
    let sp = acphys::ServerPosition { pose: pose(0xA9B4_0017, [91.0, 156.0, 60.0]), contact: true, ..Default::default() };
    w.server_position(2, &sp).unwrap();
    w.stick_to(2, 1).unwrap();
    w.unstick(2).unwrap();
    w.constrain_to(2, &pose(0xA9B4_0017, [91.0, 156.0, 60.0]), 0.5, 1.0).unwrap();
    w.unconstrain(2).unwrap();
    assert_eq!(w.constrain_to(2, &pose(0xA9B4_0017, [91.0, 156.0, 60.0]), 1.0, 0.5).unwrap_err().kind, ErrorKind::Argument);
    let mut mt = acphys::move_to();
    mt.pose = pose(0xA9B4_0017, [88.0, 150.0, 60.0]);
    assert!(mt.run_rate == 1.0 && !mt.has_pose);
    w.move_to(1, &mt).unwrap();
    let mut me = acphys::move_to();
    me.type_ = 6;
    me.target = 1;
    assert!(w.move_to(1, &me).unwrap_err().message.contains("an object cannot move to itself"));
    let keep = acphys::ServerPosition { keep_heading: true, ..sp };
    assert!(w.server_position(2, &keep).unwrap_err().message.contains("sp->keep_heading: the player only"));
    let mut sticky = acphys::motion();
    sticky.sticky_object = 2;
    w.apply_motion(1, &sticky).unwrap();
    w.unstick(1).unwrap();
    w.jump(1, 0.5).unwrap();
    w.play_script(2, 0x3300_FFFF).unwrap();
    w.play_script_type(2, 1, 1.0).unwrap();
    for k in 1..=30 {
        w.step(k as f64 / 30.0).unwrap();
    }
    w.destroy_object(2).unwrap();
    assert!(!w.exists(2));
    let id = w.id();
    drop(w);
    let mut out = acphys::sys::acp_world_info::default();
    assert_eq!(unsafe { acphys::sys::acp_world_get_info(id, &mut out) }, acphys::sys::ACP_ERR_WORLD);
    let e = acphys::run_scenario("/nonexistent.json", None).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Io);
    assert_eq!(acphys::run_scenario_json("{\"version\": 1}", None, None).unwrap_err().kind, ErrorKind::Scenario);
}
